"""Every call vitir makes into IREE's Python packages (iree-base-compiler,
iree-base-runtime), in one place: compiling StableHLO text to a VM flatbuffer,
opening a HAL device, loading a flatbuffer, moving arrays on and off the
device, and calling a function.

Imported only by vitir/backend/iree.py, and only when the IREE backend is
chosen: importing vitir (or compiling with PJRT) never imports IREE.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from importlib import metadata

import numpy as np

from vitir.errors import CompileError, ConfigError, VitirError

try:
    import iree.compiler as _compiler
    import iree.runtime as _runtime
except ImportError as e:  # pragma: no cover - exercised only where IREE is not installed
    raise ConfigError(
        "the IREE backend needs the iree-base-compiler and iree-base-runtime packages: "
        f"pip install 'vitir[iree]' ({e})") from None

PACKAGES = ("iree-base-compiler", "iree-base-runtime")
# A diagnostic line of iree-compile: `<stdin>:12:7: error: ...`.
_DIAGNOSTIC = re.compile(r"^(?:<stdin>|[^:\s]*):(\d+):(\d+): (error|warning): (.*)$")


def versions() -> dict[str, str]:
    """The installed IREE packages and their versions (a compiled module's cache key)."""
    return {name: metadata.version(name) for name in PACKAGES}


def compile_text(text: str, target_backend: str, flags: Sequence[str], function: str) -> bytes:
    """StableHLO text to an IREE VM flatbuffer for one target backend."""
    try:
        return _compiler.compile_str(text, target_backends=[target_backend], input_type="stablehlo",
                                     extra_args=list(flags))
    except _compiler.CompilerToolError as e:
        raise CompileError(f"IREE could not compile @{function}: {_diagnostics(str(e))}") from None


def _diagnostics(message: str) -> str:
    """The error lines of iree-compile's output (its message also carries the whole command line)."""
    errors = []
    for line in message.splitlines():
        match = _DIAGNOSTIC.match(line.strip())
        if match and match.group(3) == "error":
            errors.append(f"line {match.group(1)}: {match.group(4)}")
    if errors:
        return "; ".join(dict.fromkeys(errors))
    body = message.split("Diagnostics:", 1)[-1].split("Invoked with:", 1)[0]
    return " ".join(body.split()) or message.strip()


def set_runtime_flags(flags: Sequence[str], source: str) -> None:
    """Process-wide runtime flags (such as --task_worker_stack_size); before the first device opens."""
    if flags:
        try:
            _runtime.flags.parse_flags(*flags)
        except ValueError as e:
            raise ConfigError(f"{source}: {' '.join(str(e).split())}") from None


@cache
def device(driver: str) -> "Device":
    """The one HAL device of `driver` in this process, shared by every executable on it
    so that one executable's results can be another's arguments."""
    try:
        config = _runtime.Config(driver)
    except (RuntimeError, ValueError) as e:
        have = ", ".join(_runtime.query_available_drivers())
        reason = e.__cause__ or e  # iree.runtime chains the driver's own error
        raise VitirError(f"IREE's {driver} driver has no device here (drivers in this build: {have}): "
                         f"{' '.join(str(reason).split())}") from None
    return Device(driver, config)


class Device:
    def __init__(self, driver: str, config):
        self.driver = driver
        self._config = config

    def __repr__(self) -> str:
        return f"<IREE {self.driver} device>"

    def upload(self, array: np.ndarray) -> "DeviceArray":
        return DeviceArray(_runtime.asdevicearray(self._config.device, array, implicit_host_transfer=True), self)

    def load(self, flatbuffer: bytes, function: str) -> "Function":
        """`function` of a compiled module, in a VM context of its own on this device."""
        context = _runtime.SystemContext(config=self._config)
        try:
            vm_module = _runtime.VmModule.copy_buffer(context.instance, flatbuffer)
            context.add_vm_module(vm_module)
        except (RuntimeError, ValueError) as e:
            raise VitirError(f"IREE could not load a compiled module: {' '.join(str(e).split())}") from None
        return Function(context.modules[vm_module.name][function], context, self)


class DeviceArray:
    """An array on an IREE device: what stays there between calls.

    Reading it (numpy.asarray, to_host) copies it to the host, so a host copy
    never aliases device state that a later call may reuse.
    """

    __slots__ = ("_array", "device")

    def __init__(self, array, device: Device):
        self._array = array
        self.device = device  # the Device it lives on

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(self._array.shape)

    @property
    def dtype(self) -> np.dtype:
        return np.dtype(self._array.dtype)

    def to_host(self) -> np.ndarray:
        return np.array(self._array.to_host(), copy=True)

    def __array__(self, dtype=None, copy=None):
        host = self.to_host()
        return host if dtype is None else host.astype(dtype)

    def __repr__(self) -> str:
        return f"<IREE DeviceArray shape={self.shape} dtype={self.dtype.name}>"


class Function:
    """One function of a loaded module: device arrays or numpy arrays in, device arrays out."""

    def __init__(self, invoker, context, device: Device):
        self._invoker = invoker
        self._context = context  # the VM context must outlive the invoker
        self._device = device

    def __call__(self, operands: Sequence) -> list[DeviceArray]:
        unwrapped = [o._array if isinstance(o, DeviceArray) else o for o in operands]
        try:
            results = self._invoker(*unwrapped)
        except (RuntimeError, ValueError, NotImplementedError) as e:
            raise VitirError(" ".join(str(e).split())) from None
        if results is None:
            return []
        if not isinstance(results, tuple):
            results = (results,)
        return [DeviceArray(r, self._device) for r in results]
