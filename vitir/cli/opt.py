"""`vitir opt FILE -p dce,cse [-o OUT]`: run passes over StableHLO text, as mlir-opt does.

The text (vitir's or JAX's) is imported into vitir's AST (its shape rules run), the passes
run in the order given on every function, and the result is printed (to OUT, or standard
output). `vitir opt --list` names the passes of the registry (vitir.passes.PASSES), a pass
registered by an imported module among them; the fast lowering's passes (vitir/lower/fast_lowering.py)
are imported here.
"""

from __future__ import annotations

import sys

from . import debug_info


def add_parser(sub) -> None:
    p = sub.add_parser("opt", help="run passes (dce, cse, ...) over StableHLO text", description=__doc__)
    p.add_argument("file", metavar="FILE", nargs="?",
                   help="StableHLO text (.mlir): vitir's, or JAX's; or MLIR bytecode, a portable artifact "
                        "or a jax.export artifact")
    p.add_argument("-p", "--passes", default="", metavar="PASSES",
                   help="comma-separated passes to run in order (see --list)")
    p.add_argument("-o", "--output", metavar="OUT", help="write the result here instead of standard output")
    p.add_argument("--list", action="store_true", help="list the passes and exit")
    debug_info.add_arguments(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from .. import passes
    from ..lower import fast_lowering  # noqa: F401  (registers fast-lowering and its passes)
    from ..errors import RewriteError, VitirError
    from ..backend.program_input import read_program_text
    from ..files import write_text

    if args.list:
        width = max((len(n) for n in passes.PASSES), default=0)
        for name, p in passes.PASSES.items():
            print(f"{name:<{width}}  {p.description}")
        return 0
    if args.file is None:
        print("vitir opt: error: give a FILE (or --list) (see vitir opt --help)", file=sys.stderr)
        return 2
    try:
        chosen = passes.resolve(args.passes)
    except VitirError as e:
        print(f"vitir opt: error: {e}", file=sys.stderr)
        return 2
    from ..mlir import import_text  # loads xDSL: only now
    from ..mlir.errors import compiler_lines
    from .grad import line_of

    text = ""
    try:
        text = read_program_text(args.file)
        module = import_text(text, args.file)
        printed = debug_info.print_located(passes.run(module, chosen), args)
        if args.output:
            write_text(args.output, printed)
        else:
            sys.stdout.write(printed)
    except VitirError as e:
        ssa = getattr(e, "ssa", "") if isinstance(e, RewriteError) else ""  # an op a pass refuses: at its line
        line = line_of(text, ssa) if ssa else None
        lines = [f"{args.file}:{line}: error: {e}"] if line else compiler_lines(args.file, e)
        print("\n".join(lines), file=sys.stderr)
        return 1
    return 0
