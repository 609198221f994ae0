"""Where a compiled step's time goes, by layer path: XLA's own profiler, read back by op_name.

A program's name locations (`loc("vit/b3/attn/qkv")`, or JAX's
`loc("jit(f)/transpose(jvp(vit))/b3/dot_general"(...))`) become each HLO
instruction's `op_name` metadata when XLA compiles it. `profile_executable`
runs the step under `jax.profiler`, reads the trace's XLA op events (each
carries the executed instruction's name as its `hlo_op` stat), maps every
instruction to its op_name through the compiled module's HLO text, and sums
the time per layer path prefix, split into forward, backward and optimizer
where the names say so. The sum is checked against the step's wall time,
measured around each traced call.

jax is imported on first use; the reading of names and HLO text is pure Python.
"""

from __future__ import annotations

import json
import re
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from vitir.errors import VitirError

# The phase an op belongs to, from the transformation that made it (JAX's name stack wraps the first
# scope inside one: `transpose(jvp(vit))`) or a path segment that names one. Checked in this order.
TRANSFORM_PHASES = {"transpose": "backward", "vjp": "backward", "jvp": "forward", "linearize": "forward"}
SEGMENT_PHASES = {
    "backward": "backward", "bwd": "backward", "grad": "backward", "vjp": "backward",
    "forward": "forward", "fwd": "forward",
    "optimizer": "optimizer", "optim": "optimizer", "adam": "optimizer", "adamw": "optimizer", "sgd": "optimizer",
    "update": "optimizer", "ema": "optimizer",
}
PHASES = ("forward", "backward", "optimizer", "")  # "" where the name says none
# Wrappers that name a function or a batching, not a layer: unwrapped to what they hold.
TRANSPARENT = ("jit", "pjit", "vmap", "remat", "checkpoint", "custom_jvp_call", "custom_vjp_call", "pmap",
               "shard_map", "xla_call")
UNNAMED = "(no op_name)"
# How far the op times' sum may stray from the step's wall time before the table says it does.
WALL_TOLERANCE = 0.10
PROGRAM = "(program)"  # an op_name that names only the program (`jit(step)`: JAX's hoisted constants)

_WRAPPED = re.compile(r"^([A-Za-z_][\w]*)\((.*)\)$")


@dataclass(frozen=True)
class LayerPath:
    """An op_name read as a phase and a path of layer names (the transformations taken off)."""

    phase: str
    segments: tuple[str, ...]

    def prefix(self, depth: int) -> str:
        return "/".join(self.segments[:depth]) or UNNAMED


def read_op_name(op_name: str) -> LayerPath:
    """`jit(step)/transpose(jvp(vit))/b0/attn/dot_general` -> backward, vit/b0/attn/dot_general;
    `vit/b3/attn/qkv` -> no phase, the same path; `optimizer/adam/sub` -> optimizer."""
    if not op_name:
        return LayerPath("", ())
    phase, segments = "", []
    for index, segment in enumerate(op_name.split("/")):
        name = segment
        while (wrapped := _WRAPPED.match(name)) and (wrapped.group(1) in TRANSFORM_PHASES
                                                     or wrapped.group(1) in TRANSPARENT):
            transform, name = wrapped.groups()
            if index == 0 and transform in ("jit", "pjit"):
                name = ""  # the program's own name, above every layer
            if TRANSFORM_PHASES.get(transform) == "backward" or not phase:
                phase = TRANSFORM_PHASES.get(transform, phase)
        if name:
            segments.append(name)
    if not phase:
        phase = next((SEGMENT_PHASES[s.lower()] for s in segments if s.lower() in SEGMENT_PHASES), "")
    # a segment that only says forward or backward (vitir's `vit/backward/b3/attn`) is the phase, not a layer
    segments = [s for s in segments if SEGMENT_PHASES.get(s.lower()) not in ("forward", "backward")]
    return LayerPath(phase, tuple(segments) or (PROGRAM,))


# -- the compiled module's instructions and their op_name ---------------------------------------------

_COMPUTATION = re.compile(r"^(?:ENTRY\s+)?%?([\w.\-]+)\s*(?:\(.*\))?.*\{\s*$")
_INSTRUCTION = re.compile(r"^\s*(?:ROOT\s+)?%?([\w.\-]+)\s*=\s")
_OP_NAME = re.compile(r'\bop_name="((?:[^"\\]|\\.)*)"')
_CALLS = re.compile(r"\b(?:calls|to_apply|body)=%?([\w.\-]+)")
_OPERAND = re.compile(r"%([\w.\-]+)")
_MODULE = re.compile(r"^HloModule\s+([\w.\-]+)", re.M)


def hlo_module_name(hlo_text: str) -> str:
    match = _MODULE.search(hlo_text)
    if match is None:
        raise VitirError("not an HLO module's text: no 'HloModule NAME' line")
    return match.group(1)


def instruction_op_names(hlo_text: str) -> dict[str, str]:
    """Each instruction of an HLO module's text -> its op_name metadata ("" where none is found).

    Where XLA made an instruction without metadata, it takes, in this order: the op_name most of
    its called computation's instructions carry (a fusion it built of located ops); else the
    nearest producer's of its operands that names a layer path (has a `/`: not an argument's
    name); else the nearest user's. XLA's CPU layout pass rebuilds a convolution, the patch
    embedding's, into a fusion without metadata: forward, its operands are arguments and the
    reshape that reads it is the layer's; its weight gradient reads the backward's result.
    """
    names: dict[str, str] = {}
    calls: dict[str, list[str]] = {}
    users: dict[str, list[str]] = defaultdict(list)
    operands: dict[str, list[str]] = defaultdict(list)
    in_computation: dict[str, list[str]] = defaultdict(list)
    computation = None
    for line in hlo_text.splitlines():
        instruction = _INSTRUCTION.match(line)
        if instruction is None:
            header = _COMPUTATION.match(line)
            if header is not None and "=" not in line.split("{")[0]:
                computation = header.group(1)
            continue
        name = instruction.group(1)
        op_name = _OP_NAME.search(line)
        names[name] = op_name.group(1).replace('\\"', '"') if op_name else ""
        calls[name] = _CALLS.findall(line)
        body = line[instruction.end():].split(", metadata=")[0]
        for operand in sorted(set(_OPERAND.findall(_CALLS.sub("", body))) - {name}):
            users[operand].append(name)
            operands[name].append(operand)
        if computation is not None:
            in_computation[computation].append(name)

    def from_callees(name: str, seen: frozenset) -> str:
        found = Counter()
        for called in calls.get(name, ()):
            for inner in in_computation.get(called, ()):
                op_name = names[inner] or (from_callees(inner, seen | {name}) if inner not in seen else "")
                if op_name:
                    found[op_name] += 1
        return found.most_common(1)[0][0] if found else ""

    resolved = {name: op_name or from_callees(name, frozenset()) for name, op_name in names.items()}

    def nearest(name: str, edges: dict[str, list[str]], layered: bool) -> str:
        frontier, seen = [name], {name}
        while frontier:  # breadth first: the nearest neighbours that have one
            found = sorted(resolved[n] for f in frontier for n in edges.get(f, ())
                           if resolved.get(n) and (not layered or "/" in resolved[n]))
            if found:
                return Counter(found).most_common(1)[0][0]
            frontier = [n for f in frontier for n in edges.get(f, ()) if n not in seen and n in resolved]
            seen.update(frontier)
        return ""

    return {name: op_name or nearest(name, operands, True) or nearest(name, users, False)
            for name, op_name in resolved.items()}


# -- the trace's XLA op events ----------------------------------------------------------------------

@dataclass
class OpEvent:
    """One executed instruction: its name, when it started, how long it ran (ns), and the time not
    spent in the instructions it ran inside it (a while loop's body, a call's callee)."""

    name: str
    start_ns: float
    duration_ns: float
    self_ns: float = 0.0


def _stats(event) -> dict:
    return dict(event.stats)


def op_events(xspace_path: str | Path, module: str) -> list[OpEvent]:
    """The XLA op events of HLO module `module` in a profiler trace (`.xplane.pb`).

    Device planes where there are any (a GPU's kernels), else the host's threads (XLA's CPU
    thunks). Events nested on one thread (a while thunk around its body's) count their own
    time once: each event's self time is its duration less its children's.
    """
    from jax.profiler import ProfileData

    data = ProfileData.from_file(str(xspace_path))
    by_plane: dict[str, list[list[OpEvent]]] = {}
    for plane in data.planes:
        lines = []
        for line in plane.lines:
            events = []
            for event in line.events:
                stats = _stats(event)
                if "hlo_op" in stats and stats.get("hlo_module") == module:
                    events.append(OpEvent(str(stats["hlo_op"]), event.start_ns, event.duration_ns))
            if events:
                lines.append(events)
        if lines:
            by_plane[plane.name] = lines
    device = [lines for name, lines in by_plane.items() if name.startswith("/device:")]
    chosen = [line for lines in (device or list(by_plane.values())) for line in lines]
    for line in chosen:
        _set_self_times(line)
    return [event for line in chosen for event in line]


def _set_self_times(line: list[OpEvent]) -> None:
    line.sort(key=lambda e: (e.start_ns, -e.duration_ns))
    open_events: list[OpEvent] = []
    for event in line:
        event.self_ns = event.duration_ns
        while open_events and open_events[-1].start_ns + open_events[-1].duration_ns <= event.start_ns:
            open_events.pop()
        if open_events:
            open_events[-1].self_ns -= event.duration_ns
        open_events.append(event)


def busy_ns(events: Sequence[OpEvent]) -> float:
    """The time at least one op ran (the union of their intervals over every thread)."""
    total, end = 0.0, float("-inf")
    for event in sorted(events, key=lambda e: e.start_ns):
        stop = event.start_ns + event.duration_ns
        if event.start_ns >= end:
            total += event.duration_ns
            end = stop
        elif stop > end:
            total += stop - end
            end = stop
    return total


# -- the profile --------------------------------------------------------------------------------------

@dataclass
class InstructionTime:
    name: str
    op_name: str
    seconds: float  # over all profiled steps
    runs: int


@dataclass
class GroupTime:
    phase: str
    path: str
    seconds: float  # per step
    instructions: int


@dataclass
class Profile:
    """What a step's profiled runs spent, per executed HLO instruction, and the step's wall time."""

    module: str
    steps: int
    wall_seconds: list[float]  # each traced step, measured around the call
    busy_seconds: float  # over all steps: the union of the op events
    instructions: list[InstructionTime] = field(default_factory=list)
    trace: str = ""  # the .xplane.pb read

    @property
    def step_seconds(self) -> float:
        """The median traced step's wall time."""
        ordered = sorted(self.wall_seconds)
        return ordered[len(ordered) // 2]

    @property
    def op_seconds(self) -> float:
        """The op events' time per step, summed."""
        return sum(i.seconds for i in self.instructions) / self.steps

    @property
    def located(self) -> float:
        """The share of the op time whose instructions carry an op_name."""
        total = sum(i.seconds for i in self.instructions)
        return sum(i.seconds for i in self.instructions if i.op_name) / total if total else 0.0

    def groups(self, depth: int) -> list[GroupTime]:
        """Time per step by phase and layer path prefix of `depth` segments, the largest first."""
        if depth < 1:
            raise VitirError(f"the group depth must be at least 1, got {depth}")
        seconds: dict[tuple[str, str], float] = defaultdict(float)
        members: dict[tuple[str, str], set] = defaultdict(set)
        for instruction in self.instructions:
            path = read_op_name(instruction.op_name)
            key = (path.phase, path.prefix(depth))
            seconds[key] += instruction.seconds / self.steps
            members[key].add(instruction.name)
        rows = [GroupTime(phase, path, s, len(members[phase, path])) for (phase, path), s in seconds.items()]
        return sorted(rows, key=lambda r: -r.seconds)

    def phases(self) -> dict[str, float]:
        """Time per step of each phase the names say (forward, backward, optimizer, "" for none)."""
        totals: dict[str, float] = defaultdict(float)
        for instruction in self.instructions:
            totals[read_op_name(instruction.op_name).phase] += instruction.seconds / self.steps
        return {phase: totals[phase] for phase in PHASES if phase in totals}

    def table(self, depth: int = 3, top: int = 0) -> str:
        """The per-path table, the phase totals, the check against the wall time, and the `top`
        slowest instructions."""
        total = self.op_seconds
        rows = self.groups(depth)
        width = max([len(r.path) for r in rows] + [len("layer path")])
        lines = [f"{self.module}: {self.steps} profiled step(s), time per step by layer path (depth {depth})",
                 f"{'phase':<9}  {'layer path':<{width}}  {'ms':>9}  {'share':>6}  {'instr':>5}"]
        for r in rows:
            share = r.seconds / total if total else 0.0
            lines.append(f"{r.phase or '-':<9}  {r.path:<{width}}  {1e3 * r.seconds:9.3f}  {100 * share:5.1f}%  "
                         f"{r.instructions:5d}")
        lines.append("")
        lines.append("by phase: " + ", ".join(f"{phase or 'unmarked'} {1e3 * s:.3f} ms" for phase, s in
                                              self.phases().items()))
        lines.append(f"sum of op times {1e3 * total:.3f} ms per step; ops busy (union over threads) "
                     f"{1e3 * self.busy_seconds / self.steps:.3f} ms; step wall time {1e3 * self.step_seconds:.3f} ms "
                     f"(median of {self.steps}); sum / wall = {total / self.step_seconds:.2f} "
                     f"({'within' if abs(total / self.step_seconds - 1) <= WALL_TOLERANCE else 'not within'} "
                     f"{100 * WALL_TOLERANCE:.0f}%); "
                     f"{100 * self.located:.1f}% of the op time carries an op_name")
        if top:
            lines.append("")
            lines.append(f"the {top} slowest instructions (ms per step):")
            for i in sorted(self.instructions, key=lambda i: -i.seconds)[:top]:
                lines.append(f"  {1e3 * i.seconds / self.steps:9.3f}  {i.name}  {i.op_name or UNNAMED}")
        return "\n".join(lines)

    def to_json(self, depth: int = 3) -> dict:
        return {
            "module": self.module, "steps": self.steps, "depth": depth,
            "step_seconds": self.step_seconds, "wall_seconds": self.wall_seconds,
            "op_seconds": self.op_seconds, "busy_seconds_per_step": self.busy_seconds / self.steps,
            "located_share": self.located, "phases": self.phases(),
            "groups": [vars(g) for g in self.groups(depth)],
            "instructions": [{**vars(i), "seconds": i.seconds / self.steps} for i in self.instructions],
        }

    def plot(self, path: str | Path, depth: int = 3, rows: int = 30) -> Path:
        """A horizontal bar per layer path (its phase's colour), the largest `rows` of them."""
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        groups = self.groups(depth)[:rows][::-1]
        colours = {"forward": "tab:blue", "backward": "tab:orange", "optimizer": "tab:green", "": "tab:gray"}
        fig, ax = plt.subplots(figsize=(9, 1.2 + 0.28 * len(groups)))
        ax.barh([f"{g.phase + ': ' if g.phase else ''}{g.path}" for g in groups],
                [1e3 * g.seconds for g in groups], color=[colours[g.phase] for g in groups])
        ax.set_xlabel("ms per step")
        ax.tick_params(axis="y", labelsize=7)
        ax.set_title(f"{self.module}: ops {1e3 * self.op_seconds:.2f} ms per step, wall "
                     f"{1e3 * self.step_seconds:.2f} ms (depth {depth})", fontsize=9)
        ax.grid(axis="x", alpha=0.3)
        fig.tight_layout()
        fig.savefig(path, dpi=110)
        plt.close(fig)
        return Path(path)

    def write(self, folder: str | Path, stem: str = "profile", depth: int = 3, top: int = 10) -> list[Path]:
        """`stem`.txt (the table), `stem`.json and `stem`.png in `folder`."""
        folder = Path(folder)
        text = folder / f"{stem}.txt"
        text.write_text(self.table(depth, top) + "\n")
        data = folder / f"{stem}.json"
        data.write_text(json.dumps(self.to_json(depth), indent=1) + "\n")
        return [text, data, self.plot(folder / f"{stem}.png", depth)]


def profile_executable(executable, args: Sequence, steps: int = 10, warmup: int = 2,
                       trace_dir: str | Path | None = None) -> Profile:
    """Run a one-device PJRT executable `warmup` times, then `steps` times under jax.profiler;
    each step is timed around its call (arguments already on the device, results waited for)."""
    import tempfile

    import jax

    if steps < 1 or warmup < 0:
        raise VitirError(f"profile needs at least 1 step and no negative warmup, got {steps} and {warmup}")
    if getattr(executable, "replicas", 1) != 1 or len(getattr(executable, "devices", ())) != 1:
        raise VitirError(f"@{executable.signature.name}: profile runs a one-device executable; this one runs on "
                         f"{len(executable.devices)} devices")
    hlo = executable.compiled_hlo()
    module = hlo_module_name(hlo)
    device_args = [executable.to_device(a, i) for i, a in enumerate(args)]
    for _ in range(warmup):
        jax.block_until_ready(executable.execute_device(device_args))
    with tempfile.TemporaryDirectory() as scratch:
        where = Path(trace_dir or scratch)
        walls = []
        with jax.profiler.trace(str(where)):
            for _ in range(steps):
                start = time.perf_counter()
                jax.block_until_ready(executable.execute_device(device_args))
                walls.append(time.perf_counter() - start)
        traces = sorted(where.glob("plugins/profile/*/*.xplane.pb"), key=lambda p: p.stat().st_mtime)
        if not traces:
            raise VitirError(f"jax.profiler wrote no .xplane.pb under {where}")
        events = op_events(traces[-1], module)
        trace = str(traces[-1]) if trace_dir else ""
    if not events:
        raise VitirError(f"the trace holds no XLA op events of module {module} (jax {jax.__version__})")
    return _profile(module, steps, walls, events, instruction_op_names(hlo), trace)


def _profile(module: str, steps: int, walls: list[float], events: list[OpEvent], op_names: dict[str, str],
             trace: str) -> Profile:
    seconds: dict[str, float] = defaultdict(float)
    runs: Counter = Counter()
    for event in events:
        seconds[event.name] += 1e-9 * event.self_ns
        runs[event.name] += 1
    instructions = [InstructionTime(name, op_names.get(name, ""), s, runs[name]) for name, s in seconds.items()]
    return Profile(module, steps, walls, 1e-9 * busy_ns(events), instructions, trace)


def timing_arguments(signature, seed: int = 0) -> list:
    """Arguments of `signature`'s types whose values do not matter to a timing: floats uniform in
    [0.01, 0.1) (positive, so no square root or logarithm makes a NaN), integers and booleans zero
    (in range as any index)."""
    import numpy as np

    from vitir.numpy_dtypes import numpy_dtype

    rng = np.random.default_rng(seed)
    arrays = []
    for argument in signature.arguments:
        dtype = numpy_dtype(argument.type.dtype)
        shape = tuple(argument.type.shape)
        if np.issubdtype(dtype, np.floating) or np.issubdtype(dtype, np.complexfloating):
            arrays.append(rng.uniform(0.01, 0.1, shape).astype(dtype))
        else:
            arrays.append(np.zeros(shape, dtype))
    return arrays


def located_text(module) -> str:
    """A vitir Module's text with its locations (print_module's debug_info) where the printer has
    them, else its plain text: the op_names XLA's profile and Model Explorer group by."""
    from vitir.print import print_module

    try:
        return print_module(module, debug_info=True)
    except TypeError:  # a printer without locations
        return print_module(module)
