"""`vitir run MODULE --inputs in.npz --out out.npz`: run one function of a module.

Inputs are keyed by argument name without '%' (`x`, `wConv`; `arg0` for
JAX-lowered text); outputs are saved as out0, out1, ... in return order.
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
    parser.add_argument("module", help="StableHLO text file (.mlir)")
    parser.add_argument("--inputs", help=".npz with one array per argument, keyed by name without '%%'")
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


def program_and_inputs(module: str, inputs_path: str | None, function: str | None):
    """The text of the module file (refined to the inputs' shapes where it has dimensions `?`), the
    signature of its `function`, and the .npz's arrays in argument order, checked before compiling."""
    from vitir.backend.signature import parse_signature
    from vitir.files import load_npz, read_text

    text = read_text(module)
    inputs: dict[str, np.ndarray] = load_npz(inputs_path) if inputs_path else {}
    if has_dynamic_dimensions(text):
        text = _refined_text(text, function, inputs)
    signature = parse_signature(text, function)
    return text, signature, _ordered_inputs(signature, inputs)


def _run(args: argparse.Namespace) -> list[np.ndarray]:
    from vitir.backend import check_backend, compile_module

    check_backend(args.backend, platform=args.platform)  # before reading anything
    text, signature, arrays = program_and_inputs(args.module, args.inputs, args.function)
    executable = compile_module(text, platform=args.platform, function=signature.name, backend=args.backend)
    return list(executable.run(*arrays))


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
