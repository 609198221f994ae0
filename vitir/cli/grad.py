"""`vitir grad FILE [--wrt 0,2] [--vjp | --jvp] [--function NAME] [-o OUT]`: the derivative of a
StableHLO program, as mlir-opt would print a transformed one.

- default: @main (or --function) of a program with one float scalar result becomes a function of
  the same arguments returning the value, then the gradient of each --wrt argument in order
  (default: every float argument), as jax.value_and_grad;
- --vjp: it takes the arguments, then one cotangent per float result, and returns the results,
  then the gradients of the --wrt arguments;
- --jvp: it takes the arguments, then one tangent per float argument, and returns the results,
  then the tangent of each float result.

The derived function runs through dce, cse, fold and simplify before it is printed. An op
without a derivative that a differentiated value reaches is refused by name, with its line.
"""

from __future__ import annotations

import re
import sys

from . import debug_info

PASSES = ("dce", "cse", "fold", "simplify", "dce")


def add_parser(sub) -> None:
    p = sub.add_parser("grad", help="differentiate a StableHLO program (value and gradient, VJP or JVP)",
                       description=__doc__)
    p.add_argument("file", metavar="FILE",
                   help="StableHLO text (.mlir): vitir's, or JAX's; or MLIR bytecode, a portable artifact "
                        "or a jax.export artifact")
    p.add_argument("--wrt", metavar="I,J", help="the argument indices to differentiate (default: every float one)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--vjp", action="store_true", help="take one cotangent per float result; return the results "
                                                         "then the gradients")
    mode.add_argument("--jvp", action="store_true", help="take one tangent per float argument; return the results "
                                                         "then their tangents")
    p.add_argument("--function", metavar="NAME", default=None, help="the function to differentiate (default: main)")
    p.add_argument("--max-trips", type=int, metavar="N", default=None,
                   help="the tape's length for a while whose trip count is no constant (default 1024; more trips "
                        "at run time give NaN gradients)")
    p.add_argument("-o", "--output", metavar="OUT", help="write the result here instead of standard output")
    debug_info.add_arguments(p)
    p.set_defaults(func=run)


def _wrt(text: str | None):
    if text is None:
        return None
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        from ..errors import ConfigError
        raise ConfigError(f"--wrt {text!r}: give argument indices separated by commas (0,2)") from None


def _choose(module, name: str | None):
    from ..errors import ConfigError

    wanted = name or "main"
    for fn in module.functions:
        if fn.name == wanted:
            return fn
    if name is None and len(module.functions) == 1:
        return module.functions[0]
    known = ", ".join("@" + f.name for f in module.functions)
    raise ConfigError(f"no function @{wanted} in the module (it has {known})")


def derive(module, function: str | None = None, wrt=None, mode: str = "grad", max_trips: int | None = None):
    """The module of the derivative of one of `module`'s functions (mode "grad", "vjp" or "jvp"),
    after the passes."""
    from .. import autodiff, passes
    from ..ast.module import Module

    module = passes.run(module, ["inline-composite"])  # a composite's decomposition: the ops differentiated
    fn = _choose(module, function)
    if mode == "jvp":
        if wrt is not None:
            from ..errors import ConfigError
            raise ConfigError("--jvp takes a tangent for every float argument; --wrt does not apply")
        derived = autodiff.jvp(fn)
    elif mode == "vjp":
        derived = autodiff.vjp(fn, wrt, max_trips)
    else:
        derived = autodiff.value_and_grad(fn, wrt, max_trips)
    # the module's meshes and attributes (mhlo.num_partitions) stay: the derivative's shardings name them
    return passes.run(Module([derived], module.name, module.attributes, module.symbols), list(PASSES))


def line_of(text: str, ssa: str, after: int = 0) -> int | None:
    """The line of `text` that defines the SSA name `ssa` (`%v12` as the importer names `%12`), at or
    after line `after`. A value of an inlined callee is named `<callee>_c<k>_<its name>`: it is looked
    for in the callee's body (`%cholesky_c1_v4` is `%4` of `func.func private @cholesky`)."""
    name = ssa.lstrip("%").partition("#")[0]
    lines = text.splitlines()
    candidates = [name] + ([name[1:]] if re.fullmatch(r"v\d+", name) else [])
    for candidate in candidates:
        pattern = re.compile(rf"%{re.escape(candidate)}(?::\d+)?\s*=|%{re.escape(candidate)}(?::\d+)?\s*,")
        for number, line in enumerate(lines[after:], after + 1):
            if pattern.search(line.split("=", 1)[0] + "=" if "=" in line else line):
                return number
    for split in re.finditer(r"_c\d+_", name):
        callee, rest = name[:split.start()], name[split.end():]
        for number, line in enumerate(lines, 1):
            found = _FUNCTION.search(line)
            if found and (_NOT_IDENTIFIER.sub("_", found.group(1).strip('"')).strip("_") or "f") == callee:
                inner = line_of(text, rest, number)
                if inner is not None:
                    return inner
    return None


_FUNCTION = re.compile(r"func\.func\s+(?:\w+\s+)*@(\"[^\"]*\"|[\w$.-]+)")
_NOT_IDENTIFIER = re.compile(r"[^\w$.]+")  # as the importers name an inlined callee's values


def run(args) -> int:
    from ..autodiff import AutodiffError
    from ..errors import VitirError
    from ..backend.program_input import read_program_text
    from ..files import write_text

    try:
        wrt = _wrt(args.wrt)
    except VitirError as e:
        print(f"vitir grad: error: {e}", file=sys.stderr)
        return 2
    from ..mlir import import_text  # loads xDSL: only now
    from ..mlir.errors import compiler_lines

    mode = "vjp" if args.vjp else "jvp" if args.jvp else "grad"
    text = ""
    try:
        text = read_program_text(args.file)
        module = import_text(text, args.file)
        printed = debug_info.print_located(derive(module, args.function, wrt, mode, args.max_trips), args)
        if args.output:
            write_text(args.output, printed)
        else:
            sys.stdout.write(printed)
    except AutodiffError as e:
        line = line_of(text, e.ssa) if e.ssa else None
        where = f"{args.file}:{line}" if line else args.file
        print(f"{where}: error: {e}", file=sys.stderr)
        return 1
    except VitirError as e:
        print("\n".join(compiler_lines(args.file, e)), file=sys.stderr)
        return 1
    return 0
