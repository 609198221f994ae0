"""XLA in a process of its own, so that XLA crashing (a SIGFPE in its constant folder) or hanging
fails one case, not the fuzzer: the worker compiles and runs what it is sent, and is started again
after it dies."""

from __future__ import annotations

import multiprocessing
import signal


class XlaCrashed(Exception):
    """The worker died while XLA compiled or ran a module (a signal, not an error XLA reported)."""


class XlaRefused(Exception):
    """XLA reported an error compiling or running a module."""


def _serve(conn) -> None:
    from vitir.backend import clear_cache, compile_module, ensure_host_devices

    ensure_host_devices(4)
    served = 0
    while True:
        try:
            text, replicas, function, inputs = conn.recv()
        except EOFError:
            return
        try:
            executable = compile_module(text, replicas=replicas, function=function)
            if inputs is None:
                outputs = None
            elif replicas == 1:
                outputs = [tuple(executable.run(*inputs))]
            else:
                outputs = executable.run_replicated(inputs)
            conn.send(("ok", outputs))
        except Exception as e:  # XLA's own refusal, as vitir reports it
            conn.send(("error", str(e)))
        served += 1
        if served % 200 == 0:
            clear_cache()  # thousands of small executables add up


class XlaWorker:
    def __init__(self):
        self._process = None

    def _start(self) -> None:
        context = multiprocessing.get_context("spawn")
        self._conn, child = context.Pipe()
        self._process = context.Process(target=_serve, args=(child,), daemon=True)
        self._process.start()
        child.close()

    def _stop(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.join()
            self._process = None

    def run(self, text: str, replicas: int = 1, inputs=None, function: str | None = None):
        """Compile `text` (and run it on `inputs`: per replica, a list of result tuples)."""
        if self._process is None or not self._process.is_alive():
            self._start()
        try:
            self._conn.send((text, replicas, function, inputs))
            status, value = self._conn.recv()
        except EOFError:
            self._process.join(10)
            code = self._process.exitcode
            self._stop()
            how = f"signal {signal.Signals(-code).name}" if code is not None and code < 0 else f"exit code {code}"
            raise XlaCrashed(f"the XLA process died ({how})") from None
        except BaseException:  # the case's time bound: the worker may still be busy with it
            self._stop()
            raise
        if status == "error":
            raise XlaRefused(value)
        return value


_WORKER = XlaWorker()


def xla(text: str, replicas: int = 1, inputs=None, function: str | None = None):
    return _WORKER.run(text, replicas, inputs, function)
