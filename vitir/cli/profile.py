"""`vitir profile MODULE --inputs I.npz` (or --random-inputs): where one call of a program spends its time, by layer path.

XLA compiles the module as written (its name locations become each HLO
instruction's op_name), runs it --warmup times, then --steps times under
jax.profiler. Each executed instruction's time is read from the trace and
summed per layer path prefix of --depth segments, split into forward,
backward and optimizer where the names say so (JAX's `transpose(jvp())`
marks backward). The table goes to stdout with the sum of the op times
against the measured wall time of a step; MODULE.profile.txt, .json and
.png are written beside the module (or in --out DIR).

Locations come from the text: a JAX program lowered with
`.as_text(debug_info=True)`, or vitir's own printed with --debug-info.
Without them every instruction is `(no op_name)`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import ConfigError


def add_parser(sub) -> None:
    p = sub.add_parser("profile", help="time a StableHLO program's ops under XLA's profiler, by layer path",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("module", help="StableHLO text file (.mlir), best with locations")
    p.add_argument("--inputs", help=".npz with one array per argument, keyed by name without '%%'")
    p.add_argument("--random-inputs", action="store_true",
                   help="time on arguments of the signature's types instead of --inputs (floats uniform in "
                        "[0.01, 0.1), integers zero): a step's time seldom depends on its values")
    p.add_argument("--function", help="function to profile when the module has several")
    p.add_argument("--steps", type=int, default=10, metavar="N", help="profiled calls (default 10)")
    p.add_argument("--warmup", type=int, default=2, metavar="N", help="calls before the profile (default 2)")
    p.add_argument("--depth", type=int, default=3, metavar="D",
                   help="group by the first D segments of each layer path (default 3)")
    p.add_argument("--top", type=int, default=10, metavar="N", help="list the N slowest instructions (default 10)")
    p.add_argument("--out", metavar="DIR", help="write profile.txt, .json, .png and the trace here "
                                                "(default: NAME.profile.* beside the module NAME.mlir)")
    p.add_argument("--platform", help="PJRT platform: cpu, gpu, ... (default: jax's default platform)")
    p.set_defaults(func=run)


def check_counts(steps: int, warmup: int, depth: int, steps_flag: str = "--steps", depth_flag: str = "--depth") -> None:
    """Refuse counts the profile cannot use, before anything compiles."""
    if steps < 1:
        raise ConfigError(f"{steps_flag} must be at least 1, got {steps}")
    if warmup < 0:
        raise ConfigError(f"--warmup must not be negative, got {warmup}")
    if depth < 1:
        raise ConfigError(f"{depth_flag} must be at least 1, got {depth}")


def run(args) -> int:
    from ..backend import compile_module
    from ..backend.profile import profile_executable, timing_arguments
    from ..backend.run_cli import has_dynamic_dimensions, program_and_inputs
    from ..backend.signature import parse_signature
    from ..files import read_text

    check_counts(args.steps, args.warmup, args.depth)
    if args.random_inputs and args.inputs:
        raise ConfigError("give --inputs I.npz or --random-inputs, not both")
    if args.random_inputs:
        text = read_text(args.module)
        if has_dynamic_dimensions(text):
            raise ConfigError(f"{args.module} has dimensions '?': give --inputs I.npz to fix its shapes")
        signature = parse_signature(text, args.function)
        arrays = timing_arguments(signature)
    else:
        text, signature, arrays = program_and_inputs(args.module, args.inputs, args.function)
    executable = compile_module(text, platform=args.platform, function=signature.name)
    module_path = Path(args.module)
    folder = Path(args.out) if args.out else module_path.parent
    folder.mkdir(parents=True, exist_ok=True)
    trace = folder / "trace" if args.out else None
    profile = profile_executable(executable, arrays, args.steps, args.warmup, trace_dir=trace)
    stem = "profile" if args.out else f"{module_path.stem}.profile"
    written = profile.write(folder, stem, args.depth, args.top)
    print(profile.table(args.depth, args.top))
    print(f"wrote {', '.join(str(p) for p in written)}" + (f"; the trace in {trace}" if trace else ""),
          file=sys.stderr)
    return 0

