"""How many of XLA's compiled instructions carry vitir's layer paths as `op_name` metadata.

    python benchmarks/bench_op_names.py [--preset vit-tiny] [--graph adam-sched] [--mesh data=2] [--unnamed 12]

Builds the training step as `vitir render GRAPH --preset PRESET` does, compiles it with
`vitir.train.loop.compile_graph` (the text printed with debug info, so each op's location reaches XLA)
on PJRT's CPU, and counts the instructions of the optimized HLO module that carry `op_name="..."`,
three ways:

- all: every instruction of every computation, fused ones included;
- that compute: of those, the ones that are neither a parameter nor a constant;
- as the profiler sees the program: the instructions of the computations that run (the entry
  computation and those a while, conditional, call or async op runs), where a fusion is one instruction
  and what a reduction applies is part of the reduction. These are the names XLA's profiler reports
  (also without the entry's parameters and constants, which run nothing).

With `--profile STEPS`, also the instructions XLA's profiler traces executing (vitir.backend.profile):
how many carry an op_name of their own, and their share of the time.

Then the unnamed ones by opcode and by the kind of computation they are in (entry or run: `run`,
fused: `fused`, applied by a reduce, sort, scatter...: `applied`), to tell which XLA makes itself.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

_COMPUTATION = re.compile(r"^(ENTRY\s+)?%?([\w.\-]+)\s")
_INSTRUCTION = re.compile(r"^\s+(?:ROOT\s+)?%?([\w.\-]+)\s*=\s*(?:\S+|\(.*?\))\s+([\w\-]+)\(")
_OP_NAME = re.compile(r'\bop_name="')
# (attribute, opcodes it names a computation that runs for) -- the rest are fused or applied
_RUN_CALLS = {"body": None, "condition": None, "branch_computations": None, "true_computation": None,
              "false_computation": None, "to_apply": ("call",), "calls": ("async-start", "call")}
_CALLED = re.compile(r"\b(calls|to_apply|body|condition|branch_computations|true_computation|false_computation)"
                     r"=(\{[^}]*\}|%?[\w.\-]+)")
UNCOMPUTED = ("parameter", "constant")


@dataclass
class Instruction:
    computation: str
    name: str
    opcode: str
    named: bool
    line: str


@dataclass
class Computation:
    name: str
    entry: bool
    instructions: list = field(default_factory=list)
    kind: str = "applied"  # "run", "fused" or "applied", from how it is called


def parse(hlo: str) -> dict[str, Computation]:
    """The computations of an HLO module's text, each with its instructions and its kind."""
    computations: dict[str, Computation] = {}
    current = None
    for line in hlo.splitlines():
        if not line or line.startswith("HloModule"):
            continue
        if not line[0].isspace():
            head = _COMPUTATION.match(line)
            if head and line.rstrip().endswith("{"):
                current = computations.setdefault(head.group(2), Computation(head.group(2), bool(head.group(1))))
            continue
        m = _INSTRUCTION.match(line)
        if m and current is not None:
            current.instructions.append(Instruction(current.name, m.group(1), m.group(2),
                                                    _OP_NAME.search(line) is not None, line.strip()))
    _classify(computations)
    return computations


def _classify(computations: dict[str, Computation]) -> None:
    """Walk the call graph from the entry: a computation is `run` when a computation that runs calls it
    as control flow, `fused` when a fusion calls it, `applied` otherwise (a reduction's body...)."""
    pending = [c for c in computations.values() if c.entry]
    for c in pending:
        c.kind = "run"
    seen = set()
    while pending:
        caller = pending.pop()
        if caller.name in seen:
            continue
        seen.add(caller.name)
        for instruction in caller.instructions:
            for attribute, target in _CALLED.findall(instruction.line):
                for name in re.findall(r"%?([\w.\-]+)", target):
                    callee = computations.get(name)
                    if callee is None:
                        continue
                    opcodes = _RUN_CALLS[attribute]
                    runs = caller.kind == "run" and (opcodes is None or instruction.opcode in opcodes)
                    if instruction.opcode == "fusion":
                        callee.kind = "fused"
                    elif runs:
                        callee.kind = "run"
                    pending.append(callee)


def instructions(hlo: str):
    """(computation, instruction name, opcode, has op_name, line) of every instruction of the HLO text."""
    for computation in parse(hlo).values():
        for i in computation.instructions:
            yield computation.name, i.name, i.opcode, i.named, i.line


def shares(hlo: str) -> dict[str, tuple[int, int]]:
    """(instructions, with an op_name) of the module: `all`, `computing` (neither parameter nor constant),
    `profiled` (the instructions of the computations that run, a fusion counted once) and
    `profiled_computing` (those of them that are neither parameter nor constant)."""
    computations = parse(hlo)
    every = [i for c in computations.values() for i in c.instructions]
    computing = [i for i in every if i.opcode not in UNCOMPUTED]
    profiled = [i for c in computations.values() if c.kind == "run" for i in c.instructions]
    profiled_computing = [i for i in profiled if i.opcode not in UNCOMPUTED]
    return {name: (len(found), sum(i.named for i in found))
            for name, found in (("all", every), ("computing", computing), ("profiled", profiled),
                                ("profiled_computing", profiled_computing))}


def executed_share(exe, computations: dict[str, Computation], steps: int) -> str:
    """What XLA's profiler saw of `steps` runs of `exe` (on arguments of its signature's types): the
    instructions its trace shows executed, how many carry an op_name of their own, and their time."""
    from vitir.backend.profile import profile_executable, timing_arguments

    profile = profile_executable(exe, timing_arguments(exe.signature), steps=steps, warmup=1)
    own = {i.name for c in computations.values() for i in c.instructions if i.named}
    executed = profile.instructions
    named = [i for i in executed if i.name in own]
    seconds = sum(i.seconds for i in executed)
    return (f"  executed, as XLA's profiler traced {steps} steps: {_percent((len(executed), len(named)))}, "
            f"{100 * sum(i.seconds for i in named) / max(seconds, 1e-12):.1f}% of their time")


def _percent(pair: tuple[int, int]) -> str:
    total, named = pair
    return f"{total:,} instructions, {named:,} with an op_name ({100 * named / max(total, 1):.1f}%)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="vit-tiny")
    parser.add_argument("--graph", default="adam-sched")
    parser.add_argument("--mesh", help="the step sharded over a device mesh, as `vitir render --mesh` (data=2)")
    parser.add_argument("--unnamed", type=int, default=12, help="how many opcodes of the unnamed to list")
    parser.add_argument("--examples", type=int, default=0, help="instructions of each unnamed opcode to show")
    parser.add_argument("--hlo", help="count this saved optimized HLO text instead of compiling the step")
    parser.add_argument("--save-hlo", help="write the compiled module's HLO text here")
    parser.add_argument("--profile", type=int, default=0, metavar="STEPS",
                        help="also run the step STEPS times under XLA's profiler (vitir.backend.profile) and count "
                             "the instructions its trace shows executed, and their time")
    args = parser.parse_args()

    if args.hlo:
        hlo = Path(args.hlo).read_text()
        title = args.hlo
    else:
        from vitir.cli import render
        from vitir.train.loop import compile_graph

        sub = argparse.ArgumentParser().add_subparsers()
        render.add_parser(sub)
        mesh = ["--mesh", args.mesh] if args.mesh else []
        render_args = sub.choices["render"].parse_args([args.graph, "--preset", args.preset, *mesh])
        module = render.build(render_args)
        exe = compile_graph(module)
        hlo = exe.compiled_hlo()
        title = f"{args.graph} --preset {args.preset}" + (f" --mesh {args.mesh}" if args.mesh else "")
        if args.save_hlo:
            Path(args.save_hlo).write_text(hlo)
    counts = shares(hlo)
    print(f"{title}: {_percent(counts['all'])}")
    print(f"  that compute (neither parameter nor constant): {_percent(counts['computing'])}")
    print(f"  as the profiler sees it (computations that run, a fusion once): {_percent(counts['profiled'])}")
    print(f"    of them neither parameter nor constant: {_percent(counts['profiled_computing'])}")
    computations = parse(hlo)
    if args.profile and not args.hlo:
        print(executed_share(exe, computations, args.profile))
    unnamed = [(i, c.kind) for c in computations.values() for i in c.instructions if not i.named]
    by_kind = Counter(kind for _, kind in unnamed)
    print(f"  without one: {len(unnamed):,} ({', '.join(f'{n:,} {k}' for k, n in by_kind.most_common())})")
    for (opcode, kind), n in Counter((i.opcode, kind) for i, kind in unnamed).most_common(args.unnamed):
        print(f"    {n:6,}  {opcode} ({kind})")
    if args.examples:
        by_opcode: dict = {}
        for i, kind in unnamed:
            by_opcode.setdefault(i.opcode, []).append(i)
        for opcode, found_here in by_opcode.items():
            for i in found_here[:args.examples]:
                print(f"  e.g. {opcode} in {i.computation}: {i.line[:160]}")


if __name__ == "__main__":
    main()
