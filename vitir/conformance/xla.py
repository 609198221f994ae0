"""XLA's outcome for a case: vitir's print of it compiled and run through PJRT, checked against the
suite's expectations.

XLA aborts its process on some modules, so the cases run in a child process of their own (`XlaWorker`),
started again after such a death; the case is then recorded as `aborted`. Outcomes:
- `agrees`: XLA computes the expected values;
- `differs`: XLA computes other values (the first mismatch is named: XLA's CPU backend adds i1 as xor,
  flushes subnormals in floor and ceil, ...);
- `does not compile`: XLA refuses the text (vitir's CompileError);
- `error`: it compiles, but running it fails;
- `aborted`: XLA killed its process, or ran past the time limit;
- `not run`: vitir did not import the case, or the grid is one vitir's backend does not run.
"""

from __future__ import annotations

import os
import pickle
import select
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from ..errors import CompileError, VitirError
from .rewrite import Program
from .run import Outcome, XlaOutcome, check_values, grid_program, per_process

# The most processes a run_parallel case of the suite asks for; XLA's CPU backend fixes its device
# count when it starts.
HOST_DEVICES = 8


@dataclass(frozen=True)
class XlaRequest:
    """What the child process needs to run one case (picklable)."""

    text: str
    entry: str
    arguments: tuple
    grid_function: str = ""
    grid_inputs: int = 0
    replicas: int = 1


def request_for(outcome: Outcome) -> XlaRequest | XlaOutcome:
    """The request that runs the case's print on XLA, or the reason it is not run."""
    program = outcome.program
    if outcome.printed is None or program is None:
        return XlaOutcome("not run", "vitir does not import the case")
    if not program.entry:
        return XlaOutcome("not run", "the case has no function")
    if program.grid is None:
        return XlaRequest(outcome.printed, program.entry, program.arguments)
    try:
        function = grid_program(program)
    except VitirError as e:
        return XlaOutcome("not run", str(e))
    if program.grid.partitions > 1:
        return XlaOutcome("not run", "vitir's backend runs replicas, not partitions")
    return XlaRequest(outcome.printed, program.entry, program.arguments, function, program.grid.inputs,
                      program.grid.replicas)


def xla_values(request: XlaRequest) -> tuple[tuple, tuple]:
    """The entry function's results and the grid's flattened results, computed by XLA (in this process)."""
    from ..backend import compile_module

    entry = compile_module(request.text, function=request.entry).run(*request.arguments)
    if not request.grid_function:
        return tuple(entry), ()
    executable = compile_module(request.text, replicas=request.replicas, function=request.grid_function)
    inputs = per_process(entry[:request.grid_inputs], len(executable.signature.arguments), request.replicas)
    if request.replicas == 1:
        results = [executable.run(*inputs[0])]
    else:
        results = executable.run_per_replica(inputs)
    return tuple(entry), tuple(value for replica in results for value in replica)


def judge(program: Program, reply: tuple) -> XlaOutcome:
    """A child's reply as the case's XLA outcome."""
    if reply[0] != "ok":
        return XlaOutcome(reply[0], reply[1])
    problem = check_values(program, reply[1], reply[2])
    return XlaOutcome("agrees") if problem is None else XlaOutcome("differs", problem)


def serve(devices: int = HOST_DEVICES) -> None:
    """The child process: answer pickled requests from stdin on stdout until told to stop (None).
    Anything else that writes to stdout (XLA's own messages) is sent to stderr."""
    import os
    import pickle
    import sys

    from ..backend import ensure_host_devices

    replies = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    requests = sys.stdin.buffer
    ensure_host_devices(devices)
    while True:
        request = pickle.load(requests)
        if request is None:
            return
        try:
            entry, grid = xla_values(request)
            reply = ("ok", entry, grid)
        except CompileError as e:
            reply = ("does not compile", str(e))
        except Exception as e:  # noqa: BLE001 -- XLA's runtime errors reach here as they are
            reply = ("error", f"{type(e).__name__}: {e}")
        pickle.dump(reply, replies)
        replies.flush()


class XlaWorker:
    """A child process that runs cases on XLA's CPU backend, started again whenever XLA kills it."""

    def __init__(self, devices: int = HOST_DEVICES, timeout_s: float = 120.0):
        self.devices, self.timeout_s = devices, timeout_s
        self._process: subprocess.Popen | None = None

    def _start(self) -> None:
        import vitir

        # This copy of vitir, wherever it was imported from.
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            [str(Path(vitir.__file__).resolve().parents[1]), *filter(None, [os.environ.get("PYTHONPATH")])]))
        self._process = subprocess.Popen(
            [sys.executable, "-c", f"from vitir.conformance.xla import serve; serve({self.devices})"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)

    def run(self, outcome: Outcome) -> XlaOutcome:
        request = request_for(outcome)
        if isinstance(request, XlaOutcome):
            return request
        if self._process is None or self._process.poll() is not None:
            self._start()
        try:
            pickle.dump(request, self._process.stdin)
            self._process.stdin.flush()
            ready, _, _ = select.select([self._process.stdout], [], [], self.timeout_s)
            if not ready:
                self._stop(kill=True)
                return XlaOutcome("aborted", f"no answer within {self.timeout_s:g} s")
            reply = pickle.load(self._process.stdout)
        except (EOFError, OSError, pickle.UnpicklingError):
            code = self._process.wait(10)
            self._stop(kill=True)
            return XlaOutcome("aborted", f"XLA ended its process (exit code {code})")
        return judge(outcome.program, reply)

    def _stop(self, kill: bool = False) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        if kill or process.poll() is not None:
            process.kill()
        else:
            try:
                pickle.dump(None, process.stdin)
                process.stdin.flush()
            except OSError:
                process.kill()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        for stream in (process.stdin, process.stdout):
            stream.close()

    def close(self) -> None:
        self._stop()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
