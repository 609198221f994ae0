"""`vitir export MODULE -o OUT [--platforms cpu,cuda] [--function NAME]`: write a jax.export
artifact of one function of a module, which JAX code runs with
`jax.export.deserialize(open(OUT, "rb").read()).call(*args)`.

MODULE is read as every command reads its program (text, MLIR bytecode, a portable artifact or a
jax.export artifact). The function (`--function`, else @main, else the module's only one) becomes
the artifact's @main; its argument and result types are the artifact's avals. A module sharded
over a Shardy mesh (`sdy.mesh`, `sdy.sharding` on the arguments and results, `mhlo.num_partitions`:
`vitir render adam-sched --mesh data=2,model=2`) is exported with that mesh's shardings, so a
caller's mesh of as many devices lays its arguments out as the module expects.
"""

from __future__ import annotations

import sys


def add_parser(sub) -> None:
    p = sub.add_parser("export", help="write a jax.export artifact of a module", description=__doc__)
    p.add_argument("file", metavar="MODULE",
                   help="StableHLO text (.mlir), MLIR bytecode, a portable artifact or a jax.export artifact")
    p.add_argument("-o", "--output", required=True, metavar="OUT", help="the artifact to write")
    p.add_argument("--platforms", default="cpu", metavar="P1,P2",
                   help="the platforms it may run on, as jax names them: cpu, cuda, rocm, tpu (default cpu)")
    p.add_argument("--function", metavar="NAME", help="the function to export (default @main, or the only one)")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..backend.jax_export import export_module
    from ..backend.program_input import read_program
    from ..errors import VitirError
    from ..files import write_bytes

    platforms = tuple(p.strip().lower() for p in args.platforms.split(",") if p.strip())
    try:
        program = read_program(args.file)
        data = export_module(program.text, args.function, platforms)
        write_bytes(args.output, data)
    except VitirError as e:
        lines = [line.strip() for line in str(e).splitlines() if line.strip()]
        print(f"vitir export: error: {'; '.join(lines)}", file=sys.stderr)
        return 1
    print(f"{args.output}: jax.export artifact for {', '.join(platforms)} ({len(data)} bytes)")
    return 0
