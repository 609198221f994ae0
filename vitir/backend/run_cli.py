"""`vitir run MODULE --inputs in.npz --out out.npz`: run one function of a module.

MODULE is StableHLO text, MLIR bytecode (plain or a portable artifact) or a jax.export artifact
(`jax.export.serialize`'s bytes), told apart by content. Inputs are keyed by argument name without
'%' (`x`, `wConv`; `arg0` for JAX-lowered text); a jax.export artifact's by its flat argument
order (arg0, arg1, ...), as `exp.call` takes them, the arguments its module drops left out of the
module's call and the platform's index given where it was exported for several. Outputs are
saved as out0, out1, ... in return order.
A program with dimensions `?` (jax.export's symbolic shapes) is first refined to the
input arrays' shapes (vitir/dynamic/refine.py), its shape assertions checked.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence

import numpy as np

from vitir.backend.choice import BACKEND_HELP, BACKEND_METAVAR
from vitir.errors import ArgumentError, VitirError

PROG = "vitir run"


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("module", help="StableHLO text (.mlir), MLIR bytecode, a portable artifact or a jax.export "
                                       "artifact")
    parser.add_argument("--inputs", help=".npz with one array per argument, keyed by name without '%%' "
                                         "(a jax.export artifact's: arg0, arg1, ... in its flat order)")
    parser.add_argument("--out", required=True, help=".npz to write results to (out0, out1, ...)")
    parser.add_argument("--function", help="function to run when the module has several")
    parser.add_argument("--backend", default="pjrt", metavar=BACKEND_METAVAR, help=BACKEND_HELP)
    parser.add_argument("--platform", help="PJRT: cpu, gpu, ... (default: jax's default platform); "
                                           "IREE: cpu (default), cuda, rocm, vulkan")


def add_run_parser(subparsers) -> argparse.ArgumentParser:
    """Add the `run` subcommand to a CLI's subparsers; dispatch with args.func(args)."""
    parser = subparsers.add_parser("run", help="run a StableHLO module on npz inputs", description=__doc__)
    _add_arguments(parser)
    parser.set_defaults(func=run_command)
    return parser


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__)
    _add_arguments(parser)
    return parser


def _ordered_inputs(signature, inputs: dict[str, np.ndarray]) -> list[np.ndarray]:
    return _ordered_inputs_of(signature.argument_names, signature.name, inputs)


def _ordered_inputs_of(names, function: str, inputs: dict[str, np.ndarray]) -> list[np.ndarray]:
    missing = [n for n in names if n not in inputs]
    extra = sorted(set(inputs) - set(names))
    if missing:
        listed = ", ".join(f"'{n}'" for n in missing)
        raise ArgumentError(f"inputs lack {listed} (@{function} takes {', '.join(names)})")
    if extra:
        listed = ", ".join(f"'{n}'" for n in extra)
        takes = ", ".join(names)
        raise ArgumentError(f"inputs have {listed}, which @{function} does not take (it takes {takes})")
    return [inputs[n] for n in names]


_DYNAMIC_TYPE = re.compile(r"tensor<[^>]*\?")  # a dimension `?` in a tensor type


def has_dynamic_dimensions(text: str) -> bool:
    """Whether a program's text has a dimension `?` (to be refined to its inputs' shapes)."""
    return _DYNAMIC_TYPE.search(text) is not None


def _refined_text(text: str, function: str | None, inputs: dict[str, np.ndarray]) -> str:
    """A program with dimensions `?` refined to the input arrays' shapes (vitir/dynamic/refine.py)."""
    from vitir.dynamic import refine
    from vitir.mlir import import_text
    from vitir.print import print_module

    module = import_text(text)
    names = [fn.name for fn in module.functions]
    if function is not None and function not in names:
        raise ArgumentError(f"the module has no function @{function} (it has {', '.join('@' + n for n in names)})")
    fn = module.functions[names.index(function)] if function is not None else module.main
    arrays = _ordered_inputs_of([a.name for a in fn.args], fn.name, inputs)
    refined = refine(fn, [a.shape for a in arrays])
    return print_module(module.with_functions([refined]))


def program_and_inputs(module: str, inputs_path: str | None, function: str | None, program=None):
    """The text of the module file (refined to the inputs' shapes where it has dimensions `?`), the
    signature of its `function`, and the .npz's arrays in argument order, checked before compiling."""
    from vitir.backend.program_input import read_program
    from vitir.backend.signature import parse_signature
    from vitir.files import load_npz

    text = (program or read_program(module)).text
    inputs: dict[str, np.ndarray] = load_npz(inputs_path) if inputs_path else {}
    if has_dynamic_dimensions(text):
        text = _refined_text(text, function, inputs)
    signature = parse_signature(text, function)
    return text, signature, _ordered_inputs(signature, inputs)


def _run(args: argparse.Namespace) -> list[np.ndarray]:
    from vitir.backend import check_backend, compile_module
    from vitir.backend.program_input import read_program
    from vitir.files import load_npz

    check_backend(args.backend, platform=args.platform)  # before reading anything
    program = read_program(args.module)
    if program.exported is not None:
        return _run_exported(args, program.exported, load_npz(args.inputs) if args.inputs else {})
    text, signature, arrays = program_and_inputs(args.module, args.inputs, args.function, program)
    executable = compile_module(text, platform=args.platform, function=signature.name, backend=args.backend)
    return list(executable.run(*arrays))


def exported_arguments(exported, inputs: dict[str, np.ndarray], platform: str | None) -> list[np.ndarray]:
    """The module's arguments for a call of a jax.export artifact on `inputs` (arg0, arg1, ...: every
    flat argument of the exported function, as exp.call takes them): the platform's index first where
    the module serves several, then the arguments the module keeps, each checked against its aval."""
    names = [f"arg{i}" for i in range(len(exported.in_avals))]
    arrays = _ordered_inputs_of(names, exported.function, inputs)
    for name, array, (shape, dtype) in zip(names, arrays, exported.in_avals):
        fits = len(shape) == array.ndim and all(not isinstance(d, int) or d == n for d, n in zip(shape, array.shape))
        if not fits or np.dtype(dtype) != array.dtype:
            raise ArgumentError(f"input '{name}' is {array.dtype.name}{list(array.shape)}, the artifact's "
                                f"{exported.function} takes {dtype}{list(shape)}")
    if exported.ordered_effects:
        raise ArgumentError(f"the artifact's {exported.function} has {exported.ordered_effects} ordered effects "
                            "(tokens), which vitir run does not pass")
    kept = [arrays[i] for i in exported.kept_arguments]
    if len(exported.platforms) > 1:
        want = (platform or "cpu").lower()
        if want not in exported.platforms:
            raise ArgumentError(f"the artifact is for {', '.join(exported.platforms)}, not {want}")
        kept.insert(0, np.array(exported.platforms.index(want), np.int32))
    return kept


def _run_exported(args: argparse.Namespace, exported, inputs: dict[str, np.ndarray]) -> list[np.ndarray]:
    """What exp.call computes: the artifact's module on its arguments (a sharded one over its devices)."""
    from vitir.backend import compile_module
    from vitir.backend.signature import parse_signature

    arrays = exported_arguments(exported, inputs, args.platform)
    text = exported.text
    if has_dynamic_dimensions(text):  # symbolic shapes: refined to the arguments' shapes
        signature_names = _argument_names(text)
        text = _refined_text(text, "main", dict(zip(signature_names, arrays)))
    signature = parse_signature(text, "main")
    if len(signature.argument_names) != len(arrays):
        raise ArgumentError(f"the artifact's module takes {len(signature.argument_names)} arguments, its calling "
                            f"convention gives {len(arrays)}")
    executable = compile_module(text, platform=args.platform, function="main", backend=args.backend)
    return list(executable.run(*arrays))


def _argument_names(text: str) -> list[str]:
    from vitir.mlir import import_text

    return [a.name for a in import_text(text).main.args]


def run_command(args: argparse.Namespace | Sequence[str]) -> int:
    """Run the command; returns the exit status (errors: one line on stderr)."""
    if not isinstance(args, argparse.Namespace):
        args = build_parser().parse_args(list(args))
    from vitir.files import save_npz

    try:
        outputs = _run(args)
        save_npz(args.out, {f"out{i}": output for i, output in enumerate(outputs)})
    except VitirError as e:
        lines = [line.strip() for line in str(e).splitlines() if line.strip()]
        print(f"{PROG}: error: {'; '.join(lines)}", file=sys.stderr)  # XLA's messages span lines
        return 1
    for i, output in enumerate(outputs):
        print(f"out{i}: shape {output.shape} {output.dtype.name}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run_command(build_parser().parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
