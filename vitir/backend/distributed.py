"""Several processes (one per host) as one data-parallel group.

jax.distributed joins the processes through a coordinator that process 0
hosts; compiled modules then span every process's devices and XLA's own
collectives (gloo on CPU, NCCL on GPU) cross between them. Every process must
make every collective call, in the same order: one that is missing leaves the
others waiting. So every wait on the group here has a deadline, and a process
that overruns it, or loses a peer, ends with a message naming the cause rather
than hanging (jax's own timeouts abort with a C++ stack trace instead).

With pjrt.py, the only module that calls jax; it imports jax only when a
group of more than one process forms.
"""

from __future__ import annotations

import json
import os
import socket
import sys
import threading
import time
import traceback
from contextlib import contextmanager
from dataclasses import dataclass

from vitir.errors import ConfigError, ProcessGroupError, VitirError

DEFAULT_TIMEOUT_S = 60.0
# Exit status of a process ended by a failed peer or an overrun deadline.
EXIT_GROUP_FAILED = 4
# jax's own deadlines abort the process; ours must expire first.
_JAX_TIMEOUT_MARGIN_S = 10
_COORDINATOR_LINGER_S = 1.0

# Each setting's variables, most specific first: vitir's, then those jax and
# cluster launchers set.
ENV_COORDINATOR = ("VITIR_COORDINATOR", "JAX_COORDINATOR_ADDRESS")
ENV_NUM_PROCESSES = ("VITIR_NUM_PROCESSES", "JAX_NUM_PROCESSES")
ENV_PROCESS_ID = ("VITIR_PROCESS_ID", "JAX_PROCESS_ID")


@dataclass(frozen=True)
class ProcessGroup:
    """The processes training together; one process alone is the trivial group."""

    num_processes: int = 1
    process_id: int = 0
    coordinator: str | None = None
    timeout_s: float = DEFAULT_TIMEOUT_S

    @property
    def is_main(self) -> bool:
        """Process 0 writes the run's files; the others only compute."""
        return self.process_id == 0

    def __str__(self) -> str:
        return f"process {self.process_id} of {self.num_processes}"

    def on_main(self, fn, *args, **kwargs):
        """fn(*args, **kwargs) on process 0 only (None elsewhere)."""
        return fn(*args, **kwargs) if self.is_main else None

    def check_same(self, what: str, value) -> None:
        """Raise ProcessGroupError unless every process passes the same value
        (a dict's differing keys are named). Every process must call this with
        the same `what`, in the same order."""
        if self.num_processes == 1:
            return
        global _checks
        _checks += 1
        client = _client()
        key = f"vitir/check{_checks}/{what}"
        mine = json.dumps(value, sort_keys=True, default=str)
        client.key_value_set(f"{key}/{self.process_id}", mine)
        for other in range(1, self.num_processes) if self.is_main else [0]:
            try:
                theirs = client.blocking_key_value_get(f"{key}/{other}", int(self.timeout_s * 1000))
            except Exception:  # noqa: BLE001 - jax raises its own runtime error type
                raise ProcessGroupError(
                    f"{self}: process {other} did not report its {what} within {self.timeout_s:g} s "
                    "(it has failed, hangs, or runs other code)") from None
            if theirs != mine:
                raise ProcessGroupError(f"the processes disagree on the {what}: "
                                        + _difference(json.loads(mine), json.loads(theirs), self.process_id, other))

    @contextmanager
    def exit_on_failure(self, prog: str, exit_codes: dict[type, int] | None = None):
        """In a group of several processes, end this process at once on any error.

        Leaving normally would run jax's shutdown, which waits for every peer
        (a failed one never comes) and then aborts; ending here is prompt and
        keeps the exit status. One process alone just lets errors propagate.
        """
        if self.num_processes == 1:
            yield
            return
        try:
            yield
        except BaseException as e:  # noqa: BLE001 - every way out must skip jax's shutdown
            if isinstance(e, SystemExit):
                code = e.code if isinstance(e.code, int) else 1
            elif isinstance(e, KeyboardInterrupt):
                code = 130
                print(f"{prog}: interrupted ({self})", file=sys.stderr)
            elif isinstance(e, VitirError):
                codes = {**(exit_codes or {}), ProcessGroupError: EXIT_GROUP_FAILED}
                code = next((c for kind, c in codes.items() if isinstance(e, kind)), 2)
                print(f"{prog}: error ({self}): {e}", file=sys.stderr)
            else:
                code = 1
                traceback.print_exc()
            if self.is_main:  # it hosts the coordinator: let the others report their own errors first
                time.sleep(_COORDINATOR_LINGER_S)
            _exit_now(code)


SINGLE_PROCESS = ProcessGroup()
_active: ProcessGroup = SINGLE_PROCESS
_checks = 0


def _difference(mine, theirs, me: int, other: int) -> str:
    if isinstance(mine, dict) and isinstance(theirs, dict):
        keys = sorted(k for k in mine.keys() | theirs.keys() if mine.get(k) != theirs.get(k))
        return "; ".join(f"{k}: {mine.get(k)!r} in process {me}, {theirs.get(k)!r} in process {other}" for k in keys)
    return f"{mine!r} in process {me}, {theirs!r} in process {other}"


def _first_env(names: tuple[str, ...]) -> tuple[str, str] | None:
    for name in names:
        value = os.environ.get(name, "").strip()
        if value:
            return name, value
    return None


def _int_setting(given: int | None, names: tuple[str, ...], what: str) -> int | None:
    if given is not None:
        return given
    found = _first_env(names)
    if found is None:
        return None
    name, value = found
    try:
        return int(value)
    except ValueError:
        raise ConfigError(f"{name}={value!r}: the {what} must be an integer") from None


def process_group(coordinator: str | None = None, num_processes: int | None = None,
                  process_id: int | None = None, timeout_s: float = DEFAULT_TIMEOUT_S) -> ProcessGroup:
    """The group these settings describe; an argument left None is read from
    the environment (VITIR_COORDINATOR, VITIR_NUM_PROCESSES, VITIR_PROCESS_ID,
    else jax's JAX_COORDINATOR_ADDRESS, JAX_NUM_PROCESSES, JAX_PROCESS_ID).
    Forms nothing: see initialize_distributed."""
    count = _int_setting(num_processes, ENV_NUM_PROCESSES, "process count")
    count = 1 if count is None else count
    if count < 1:
        raise ConfigError(f"the process count must be at least 1, got {count}")
    if not timeout_s > 0:
        raise ConfigError(f"the timeout must be a positive number of seconds, got {timeout_s}")
    if count == 1:
        return ProcessGroup(timeout_s=timeout_s)
    rank = _int_setting(process_id, ENV_PROCESS_ID, "process id")
    if rank is None:
        raise ConfigError(f"{count} processes need this process's id (--process-id, or ${ENV_PROCESS_ID[0]})")
    if not 0 <= rank < count:
        raise ConfigError(f"process id {rank} is out of range for {count} processes (0 to {count - 1})")
    if coordinator is None:
        found = _first_env(ENV_COORDINATOR)
        coordinator = found[1] if found else None
    if not coordinator:
        raise ConfigError(f"{count} processes need the coordinator's HOST:PORT, where process 0 listens "
                          f"(--coordinator, or ${ENV_COORDINATOR[0]})")
    host, _, port = coordinator.rpartition(":")
    if not host or not port.isdigit():
        raise ConfigError(f"coordinator {coordinator!r}: expected HOST:PORT")
    return ProcessGroup(count, rank, coordinator, timeout_s)


def current_group() -> ProcessGroup:
    """The group initialize_distributed formed in this process (else one process alone)."""
    return _active


def initialize_distributed(coordinator: str | None = None, num_processes: int | None = None,
                           process_id: int | None = None,
                           timeout_s: float = DEFAULT_TIMEOUT_S) -> ProcessGroup:
    """Join this process to its group: call it in every process, before
    anything compiles or runs. Settings left None come from the environment
    (see process_group). One process needs no coordinator and forms nothing.

    Ends the process with a message if the group does not form within
    timeout_s (no coordinator, or not every process arrives); raises
    ProcessGroupError if the processes disagree on their count.
    """
    global _active
    group = process_group(coordinator, num_processes, process_id, timeout_s)
    if group.num_processes == 1:
        return group
    if _active.num_processes > 1:
        if (_active.num_processes, _active.process_id, _active.coordinator) != (
                group.num_processes, group.process_id, group.coordinator):
            raise ProcessGroupError(f"this process already joined a group as {_active} at {_active.coordinator}")
        return _active
    import jax

    jax_timeout = int(timeout_s) + _JAX_TIMEOUT_MARGIN_S
    with deadline(timeout_s, lambda: _join_failure(group)):
        try:
            # No cluster detection: under SLURM or MPI jax would give each process one
            # device (its local rank); here each process keeps all of its devices.
            jax.distributed.initialize(
                coordinator_address=group.coordinator, num_processes=group.num_processes,
                process_id=group.process_id, cluster_detection_method="deactivate",
                initialization_timeout=jax_timeout, heartbeat_timeout_seconds=jax_timeout,
                shutdown_timeout_seconds=jax_timeout)
        except RuntimeError as e:
            raise ProcessGroupError(f"could not join the process group as {group}: {e}") from None
    group.check_same("process count", group.num_processes)
    _active = group
    return group


def _join_failure(group: ProcessGroup) -> str:
    waited = f"within {group.timeout_s:g} s"
    if not group.is_main and not _reachable(group.coordinator):
        return (f"no coordinator answered at {group.coordinator} {waited} ({group}): is process 0 running "
                "with this address, and is its port reachable from this host?")
    return (f"the group of {group.num_processes} processes did not form at {group.coordinator} {waited} "
            f"({group}): check that every process started, with the same process count and coordinator")


def _reachable(address: str) -> bool:
    host, _, port = address.rpartition(":")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=2):
            return True
    except OSError:
        return False


def _client():
    from vitir.backend.jax_adapter import distributed_client  # the coordinator's key-value store

    client = distributed_client()
    if client is None:
        raise ProcessGroupError("no process group is formed: call initialize_distributed first")
    return client


def _exit_now(code: int) -> None:
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


class _Watchdog:
    """One daemon thread that ends the process when an armed deadline passes.

    A collective blocked on a dead or hung peer cannot be interrupted from
    Python, so the only bounded way out is to end the process.
    """

    def __init__(self):
        self._cond = threading.Condition()
        self._deadline: float | None = None
        self._message = None
        self._thread: threading.Thread | None = None

    def arm(self, seconds: float, message) -> None:
        with self._cond:
            if self._thread is None:
                self._thread = threading.Thread(target=self._watch, name="vitir-watchdog", daemon=True)
                self._thread.start()
            self._deadline = time.monotonic() + seconds
            self._message = message
            self._cond.notify()

    def disarm(self) -> None:
        with self._cond:
            self._deadline = None
            self._cond.notify()

    def _watch(self) -> None:
        with self._cond:
            while True:
                if self._deadline is None:
                    self._cond.wait()
                    continue
                left = self._deadline - time.monotonic()
                if left > 0:
                    self._cond.wait(left)
                    continue
                message = self._message() if callable(self._message) else self._message
                print(f"vitir: error: {message}", file=sys.stderr)
                _exit_now(EXIT_GROUP_FAILED)


_watchdog = _Watchdog()


@contextmanager
def deadline(seconds: float, message):
    """End the process with `message` (a string, or a function making one) if
    the block has not finished within `seconds`."""
    _watchdog.arm(seconds, message)
    try:
        yield
    finally:
        _watchdog.disarm()
