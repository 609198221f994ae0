"""`vitir bisect MODULE --inputs I.npz [--against A,B]`: the first op whose results differ between two
backends, each op given the same operand values on both (docs/debugging.md).

Exit status 1 when an op diverges (the report's first line names it: file, line, SSA name, location),
0 when none does, 2 on an error.
"""

from __future__ import annotations

import sys
from pathlib import Path

SIDES_HELP = "two of evaluator, pjrt, iree (iree:cuda, ...), the reference first (default evaluator,pjrt)"


def add_parser(sub) -> None:
    p = sub.add_parser("bisect", help="name the first op whose results differ between two backends",
                       description=__doc__)
    p.add_argument("module", help="StableHLO text file (.mlir)")
    p.add_argument("--inputs", help=".npz of the arguments, keyed by name without %% (with replicas, each "
                                    "array has a leading dimension of one slice per replica); default: random")
    p.add_argument("--seed", type=int, default=0, help="seed of the random inputs when --inputs is not given")
    p.add_argument("--scale", type=float, default=1.0, help="deviation of the random inputs' floats (default 1)")
    p.add_argument("--against", default="evaluator,pjrt", metavar="A,B", help=SIDES_HELP)
    p.add_argument("--tolerance", metavar="SPEC",
                   help="exact, ulps:N, sum:C or rel:X for every op whose bound is not exact, or OP=SPEC,... "
                        "for named ops (docs/debugging.md, Tolerances)")
    p.add_argument("--function", help="the function to bisect when the module has several")
    p.add_argument("--mode", choices=("both", "alone", "in-context"), default="both",
                   help="compare each op alone, in its context, or both (default)")
    p.add_argument("--reproducer", metavar="FILE",
                   help="where to write the one-op reproducer (default: MODULE.bisect.mlir, inputs beside it)")
    p.add_argument("--chunk-ops", type=int, default=None, help="ops per block (default 1200)")
    p.add_argument("--block-mib", type=float, default=None, metavar="MIB",
                   help="results of one block, in MiB (default 512): bisect holds about two blocks' results "
                        "and the values later blocks read")
    p.add_argument("--op-gib", type=float, default=None, metavar="GIB",
                   help="an op the compiled side would need more working memory for (a convolution's patch "
                        "matrix) is not run there nor compared, and the report names it (default 2)")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.set_defaults(func=run)


def parse_against(text: str) -> tuple[str, str]:
    from ..errors import ConfigError

    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2 or parts[0] == parts[1]:
        raise ConfigError(f"--against {text!r}: name two different sides, A,B ({SIDES_HELP})")
    for part in parts:
        if part.partition(":")[0] not in ("evaluator", "pjrt", "iree"):
            raise ConfigError(f"--against: unknown side {part!r} ({SIDES_HELP})")
    return parts[0], parts[1]


def run(args) -> int:
    from ..debug import bind_inputs, bisect, load_program, parse_overrides, random_inputs, write_reproducer
    from ..debug.bisect import CHUNK_BYTES, CHUNK_OPS, OP_BYTES
    from ..files import load_npz, read_text

    against = parse_against(args.against)
    overrides = parse_overrides(args.tolerance)
    text = read_text(args.module)
    module, fn = load_program(text, args.function)
    replicas = module.num_replicas
    inputs = (bind_inputs(fn, load_npz(args.inputs), replicas) if args.inputs
              else random_inputs(fn, args.seed, replicas, args.scale))
    modes = {"both": ("alone", "in context"), "alone": ("alone",), "in-context": ("in context",)}[args.mode]
    progress = None if args.quiet else (lambda line: print(f"vitir bisect: {line}", file=sys.stderr, flush=True))
    chunk_bytes = int(args.block_mib * 2**20) if args.block_mib else CHUNK_BYTES
    report = bisect(module, fn, inputs, against, overrides, modes, chunk_ops=args.chunk_ops or CHUNK_OPS,
                    chunk_bytes=chunk_bytes, progress=progress, text=text, path=args.module,
                    op_bytes=int(args.op_gib * 2**30) if args.op_gib else OP_BYTES)
    if report.finding is not None:
        target = args.reproducer or str(Path(args.module).with_suffix("")) + ".bisect.mlir"
        report.reproducer = write_reproducer(module, report.finding, target)
    sys.stdout.write(report.text())
    return 1 if report.finding is not None else 0
