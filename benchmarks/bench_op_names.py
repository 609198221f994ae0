"""How many of XLA's compiled instructions carry vitir's layer paths as `op_name` metadata.

    python benchmarks/bench_op_names.py [--preset vit-tiny] [--graph adam-sched] [--unnamed 12]

Builds the training step as `vitir render GRAPH --preset PRESET` does, compiles it with
`vitir.train.loop.compile_graph` (the text printed with debug info, so each op's location reaches XLA)
on PJRT's CPU, and counts the instructions of the optimized HLO module (every computation's, fused
ones included) that carry `op_name="..."`: of all of them, and of those that compute (neither a
parameter nor a constant: what no source op stands for). Then the unnamed ones by opcode and by the
computation they are in, to tell which XLA makes itself.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

_COMPUTATION = re.compile(r"^(?:ENTRY\s+)?%?([\w.\-]+)\s.*\{\s*$")
_INSTRUCTION = re.compile(r"^\s*(?:ROOT\s+)?%?([\w.\-]+)\s*=\s*(\S+)\s+([\w\-]+)\(")
_OP_NAME = re.compile(r'\bop_name="')
UNCOMPUTED = ("parameter", "constant")


def instructions(hlo: str):
    """(computation, instruction name, opcode, has op_name, line) of every instruction of the HLO text."""
    computation = ""
    for line in hlo.splitlines():
        head = _COMPUTATION.match(line)
        if head and "=" not in line.split("{")[0]:
            computation = head.group(1)
            continue
        m = _INSTRUCTION.match(line)
        if m:
            yield computation, m.group(1), m.group(3), _OP_NAME.search(line) is not None, line.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="vit-tiny")
    parser.add_argument("--graph", default="adam-sched")
    parser.add_argument("--unnamed", type=int, default=12, help="how many opcodes of the unnamed to list")
    parser.add_argument("--examples", type=int, default=0, help="instructions of each unnamed opcode to show")
    args = parser.parse_args()

    from vitir.cli import render
    from vitir.train.loop import compile_graph

    sub = argparse.ArgumentParser().add_subparsers()
    render.add_parser(sub)
    render_args = sub.choices["render"].parse_args([args.graph, "--preset", args.preset])
    module = render.build(render_args)
    exe = compile_graph(module)
    hlo = exe._loaded.hlo_modules()[0].to_string()
    found = list(instructions(hlo))
    named = [f for f in found if f[3]]
    computing = [f for f in found if f[2] not in UNCOMPUTED]
    named_computing = [f for f in computing if f[3]]
    print(f"{args.graph} --preset {args.preset}: {len(found):,} instructions, {len(named):,} with an op_name "
          f"({100 * len(named) / len(found):.1f}%)")
    print(f"  that compute (neither parameter nor constant): {len(computing):,}, {len(named_computing):,} "
          f"with an op_name ({100 * len(named_computing) / len(computing):.1f}%)")
    unnamed = [f for f in found if not f[3]]
    fused = [f for f in unnamed if "fused" in f[0] or "fusion" in f[0]]
    print(f"  without one: {len(unnamed):,}, of them {len(fused):,} inside fused computations")
    for (opcode, inside), n in Counter((f[2], "fused" if f in fused else "top")
                                       for f in unnamed).most_common(args.unnamed):
        print(f"    {n:6,}  {opcode} ({inside})")
    if args.examples:
        by_opcode: dict = {}
        for f in unnamed:
            by_opcode.setdefault(f[2], []).append(f)
        for opcode, found_here in by_opcode.items():
            for f in found_here[:args.examples]:
                print(f"  e.g. {opcode} in {f[0]}: {f[4][:160]}")


if __name__ == "__main__":
    main()
