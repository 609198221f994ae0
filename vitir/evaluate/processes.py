"""The process grid of an evaluation: replicas x partitions, each process running its program op by op.

A grid of one process runs in the caller's thread. A larger grid runs each
process in a thread of its own, as StableHLO's interpreter does: a collective
is a meeting of its process group, where every member leaves its operands and,
once the last has arrived, each reads them all in the group's order. So the
processes need not run in lockstep: each may run a program of its own
(`interpreter.run_parallel`'s grid of programs), and a collective may sit in a
region (a while body). A process that fails stops the grid; one that waits
for a member that has finished, or in a meeting no process can complete (a
deadlock), raises instead of hanging.

`current()` is the process the calling thread evaluates (replica_id,
partition_id and the collectives read it).
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Callable, NamedTuple, Sequence

import numpy as np

from ..errors import EvaluationError


class ProcessId(NamedTuple):
    replica: int
    partition: int

    def __str__(self) -> str:
        return f"({self.replica}, {self.partition})"


class _Aborted(Exception):
    """Raised in a process that waits when another one has failed (the grid reports that one)."""


class _Meeting:
    __slots__ = ("values", "what", "readers")

    def __init__(self):
        self.values: dict[ProcessId, Sequence] = {}
        self.what: dict[ProcessId, str] = {}
        self.readers = 0


class Grid:
    """`replicas` x `partitions` processes and the place where their collectives meet."""

    def __init__(self, replicas: int = 1, partitions: int = 1):
        for what, n in (("replicas", replicas), ("partitions", partitions)):
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise ValueError(f"{what} must be a positive integer, got {n!r}")
        self.replicas, self.partitions = replicas, partitions
        self._lock = threading.Condition()
        self._meetings: dict[tuple, _Meeting] = {}
        self._arrivals: dict[tuple, int] = {}  # (process, group, channel) -> meetings it joined
        self._running = set(self.ids())
        self._waiting: dict[ProcessId, tuple] = {}  # process -> the meeting it waits in
        self.failure: BaseException | None = None
        self.functions: dict = {}  # name -> Function: what a composite's decomposition names
        self.module = None  # the Module evaluated, if one was: its meshes (vitir/evaluate/shardy.py)
        self.programs: list = []  # the functions the processes run
        self.cache: dict = {}  # what is read once from the module for every process (its values' shardings)

    @property
    def size(self) -> int:
        return self.replicas * self.partitions

    def ids(self) -> list[ProcessId]:
        """Every process, in interpreter.run_parallel's order: (0, 0), (0, 1), ..., (1, 0), ..."""
        return [ProcessId(r, p) for r in range(self.replicas) for p in range(self.partitions)]

    # -- the spec's process groups ------------------------------------------------------------------

    def cross_replica(self, groups) -> list[tuple[ProcessId, ...]]:
        """Each group of replica ids, once in every partition."""
        return [tuple(ProcessId(r, p) for r in group) for group in groups for p in range(self.partitions)]

    def cross_partition(self, groups) -> list[tuple[ProcessId, ...]]:
        """Each group of partition ids, once in every replica."""
        return [tuple(ProcessId(r, p) for p in group) for group in groups for r in range(self.replicas)]

    def cross_replica_and_partition(self, groups) -> list[tuple[ProcessId, ...]]:
        """Each group of replica ids, with every partition of each, partition by partition."""
        return [tuple(ProcessId(r, p) for p in range(self.partitions) for r in group) for group in groups]

    def flattened_ids(self, groups) -> list[tuple[ProcessId, ...]]:
        """Each group of process ids, `replica * partitions + partition`."""
        return [tuple(ProcessId(i // self.partitions, i % self.partitions) for i in group) for group in groups]

    # -- meetings --------------------------------------------------------------------------------------

    def meet(self, me: ProcessId, group: tuple[ProcessId, ...], channel: int, values: Sequence, what: str) -> list:
        """Every member's `values`, in the group's order, once all of them have arrived. Members meet
        once per (group, channel) in the order they reach them, so a program may repeat a collective."""
        if len(group) == 1:
            return [values]
        with self._lock:
            key = (group, channel)
            count = self._arrivals.get((me, key), 0)
            self._arrivals[(me, key)] = count + 1
            slot = (key, count)
            meeting = self._meetings.setdefault(slot, _Meeting())
            meeting.values[me], meeting.what[me] = values, what
            self._lock.notify_all()
            while len(meeting.values) < len(group):
                self._wait(me, group, slot, meeting, what)
            differ = sorted(set(meeting.what.values()))
            gathered = [meeting.values[m] for m in group]
            meeting.readers += 1
            if meeting.readers == len(group):
                del self._meetings[slot]
        if len(differ) > 1:
            raise EvaluationError(f"processes {', '.join(map(str, group))} meet on channel {channel} at different "
                                  f"ops: {'; '.join(differ)}")
        return gathered

    def _wait(self, me: ProcessId, group, slot, meeting: _Meeting, what: str) -> None:
        if self.failure is not None:
            raise _Aborted()
        gone = [m for m in group if m not in meeting.values and m not in self._running]
        if gone:
            raise EvaluationError(f"{what}: process {me} waits for {', '.join(map(str, gone))} of its group "
                                  f"({', '.join(map(str, group))}), which finished without reaching it")
        self._waiting[me] = slot
        if all(self._stuck(p) for p in self._running):
            stuck = "; ".join(f"{p} at {self._meetings[self._waiting[p]].what[p]}" for p in sorted(self._running))
            self.failure = EvaluationError(f"the processes wait for each other and none can go on (a deadlock): "
                                           f"{stuck}")
            self._lock.notify_all()
            raise _Aborted()
        self._lock.wait()
        self._waiting.pop(me, None)

    def _stuck(self, process: ProcessId) -> bool:
        slot = self._waiting.get(process)
        if slot is None:
            return False
        meeting = self._meetings.get(slot)
        return meeting is not None and len(meeting.values) < len(slot[0][0])

    def _finish(self, process: ProcessId, error: BaseException | None) -> None:
        with self._lock:
            self._running.discard(process)
            self._waiting.pop(process, None)
            if error is not None and self.failure is None:
                self.failure = error
            self._lock.notify_all()


class Process:
    """One process of a grid: its id, its own random generator (stablehlo.rng), and the mesh axes of
    the manual computations it is inside (vitir/evaluate/shardy.py)."""

    __slots__ = ("id", "grid", "_random", "manual_axes")

    def __init__(self, process_id: ProcessId, grid: Grid):
        self.id, self.grid, self._random = process_id, grid, None
        self.manual_axes: frozenset = frozenset()

    @property
    def random(self) -> np.random.Generator:
        """A generator seeded by the process's place in the grid: each evaluation repeats its numbers."""
        if self._random is None:
            self._random = np.random.default_rng([self.id.replica, self.id.partition])
        return self._random

    def meet(self, group, channel: int, values: Sequence, what: str) -> list:
        return self.grid.meet(self.id, tuple(group), channel, values, what)


_LOCAL = threading.local()


def current() -> Process:
    """The process the calling thread evaluates (outside an evaluation: the one process of a 1x1 grid)."""
    process = getattr(_LOCAL, "process", None)
    if process is None:
        process = Process(ProcessId(0, 0), Grid())
    return process


@contextmanager
def _as(process: Process):
    before = getattr(_LOCAL, "process", None)
    _LOCAL.process = process
    try:
        yield process
    finally:
        _LOCAL.process = before


def run_grid(grid: Grid, tasks: Sequence[Callable[[], object]]) -> list:
    """Run `tasks[i]` as the i-th process of `grid` (in grid.ids() order) and return their results;
    the first failure is raised once every process has stopped."""
    ids = grid.ids()
    if len(tasks) != len(ids):
        raise ValueError(f"a grid of {grid.replicas} x {grid.partitions} processes takes {len(ids)} tasks, "
                         f"got {len(tasks)}")
    if len(ids) == 1:
        with _as(Process(ids[0], grid)):
            return [tasks[0]()]
    results: list = [None] * len(ids)

    def work(i: int) -> None:
        error = None
        try:
            with _as(Process(ids[i], grid)):
                results[i] = tasks[i]()
        except _Aborted:
            pass
        except BaseException as e:  # noqa: BLE001 - handed to the caller's thread below
            error = e
        grid._finish(ids[i], error)

    threads = [threading.Thread(target=work, args=(i,), name=f"vitir process {pid}", daemon=True)
               for i, pid in enumerate(ids)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if grid.failure is not None:
        raise grid.failure
    return results
