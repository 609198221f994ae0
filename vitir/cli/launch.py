"""`vitir launch -n N -- COMMAND ...`: N processes of COMMAND on this machine
as one process group, for example `vitir launch -n 2 -- vitir train`.

Each process gets VITIR_COORDINATOR (loopback, a free port),
VITIR_NUM_PROCESSES and VITIR_PROCESS_ID; their output is forwarded line by
line with a [p0], [p1], ... prefix. When one process fails, the others are
stopped and its exit status is returned. On several hosts, start one process
per host with a cluster launcher instead (see docs/distributed.md).
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import threading
import time

from ..errors import ConfigError

# Seconds a stopped process gets to end before it is killed.
STOP_GRACE_S = 5.0


def add_parser(sub) -> None:
    p = sub.add_parser("launch", help="run N processes of a command as one process group on this machine",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-n", "--processes", type=int, required=True, metavar="N", help="how many processes")
    p.add_argument("--port", type=int, default=0, help="the coordinator's port (default: a free one)")
    # Not "command": the top-level parser keeps the subcommand's name there.
    p.add_argument("child_command", metavar="COMMAND", nargs=argparse.REMAINDER,
                   help="-- then the command each process runs")
    p.set_defaults(func=run)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def process_env(process_id: int, processes: int, coordinator: str) -> dict[str, str]:
    return {**os.environ, "VITIR_COORDINATOR": coordinator, "VITIR_NUM_PROCESSES": str(processes),
            "VITIR_PROCESS_ID": str(process_id), "PYTHONUNBUFFERED": "1"}


def run(args) -> int:
    command = args.child_command[1:] if args.child_command[:1] == ["--"] else list(args.child_command)
    if not command:
        raise ConfigError("give the command after --, e.g. vitir launch -n 2 -- vitir train")
    if args.processes < 1:
        raise ConfigError(f"-n must be at least 1, got {args.processes}")
    if command[0] == "vitir":  # the same interpreter and vitir as this launcher
        command = [sys.executable, "-m", "vitir", *command[1:]]
    coordinator = f"127.0.0.1:{args.port or free_port()}"
    return Group(command, args.processes, coordinator).run()


class Group:
    """N child processes, their output forwarded, all stopped when one fails."""

    def __init__(self, command: list[str], processes: int, coordinator: str):
        self.command, self.processes, self.coordinator = command, processes, coordinator
        self._write_lock = threading.Lock()

    def run(self) -> int:
        try:
            children = [subprocess.Popen(self.command, env=process_env(i, self.processes, self.coordinator),
                                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                        for i in range(self.processes)]
        except OSError as e:
            raise ConfigError(f"cannot start {self.command[0]}: {e}") from None
        readers = [threading.Thread(target=self._forward, args=(f"[p{i}] ", pipe, out), daemon=True)
                   for i, child in enumerate(children)
                   for pipe, out in ((child.stdout, sys.stdout), (child.stderr, sys.stderr))]
        for reader in readers:
            reader.start()
        try:
            status = self._wait(children)
        except KeyboardInterrupt:
            self._stop(children)
            status = 130
        for reader in readers:
            reader.join(timeout=STOP_GRACE_S)
        return status

    def _wait(self, children: list[subprocess.Popen]) -> int:
        """0 once every child succeeded; else the first failure's status, the others stopped."""
        while True:
            codes = [child.poll() for child in children]
            failed = next((i for i, code in enumerate(codes) if code not in (None, 0)), None)
            if failed is not None:
                code = codes[failed]
                status = code if code > 0 else 128 - code  # killed by a signal: the shell's convention
                self._say(f"process {failed} exited with status {status}; stopping the others")
                self._stop(children)
                return status
            if all(code == 0 for code in codes):
                return 0
            time.sleep(0.05)

    def _stop(self, children: list[subprocess.Popen]) -> None:
        running = [child for child in children if child.poll() is None]
        for child in running:
            child.send_signal(signal.SIGTERM)
        end = time.monotonic() + STOP_GRACE_S
        for child in running:
            try:
                child.wait(timeout=max(0.0, end - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()

    def _forward(self, prefix: str, pipe, out) -> None:
        for raw in iter(pipe.readline, b""):
            line = raw.decode(errors="replace").rstrip("\r\n")
            with self._write_lock:
                out.write(prefix + line + "\n")
                out.flush()
        pipe.close()

    def _say(self, message: str) -> None:
        with self._write_lock:
            print(f"vitir launch: {message}", file=sys.stderr, flush=True)
