"""Compiling StableHLO text with IREE and running it on an IREE device, behind
the same Executable interface as PJRT (vitir/backend/pjrt.py).

The calls into IREE itself are in iree_adapter.py, imported on first compile,
so importing this module costs nothing. Arguments are checked against the
signature by the same helpers as PJRT's (arguments.py): the same errors.

A platform names an IREE target (compiler backend, runtime driver and the
compiler flags vitir passes by default); extra compiler flags come from the
`flags` argument and $VITIR_IREE_FLAGS, after the defaults, so they override
them. A device value is an iree_adapter.DeviceArray: IREE executables run one
replica (IREE's CPU drivers have no collectives).
"""

from __future__ import annotations

import hashlib
import os
import platform as host_platform
import re
import shlex
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from vitir.backend.arguments import GroupedArguments, check_count, check_device_array, host_array, resolve_split
from vitir.backend.signature import Signature, entry_text, parse_signature, partition_count
from vitir.errors import CompileError, ConfigError, VitirError

CACHE_DIR_ENV = "VITIR_COMPILE_CACHE"  # shared with PJRT; IREE's entries end in .vmfb
FLAGS_ENV = "VITIR_IREE_FLAGS"  # extra iree-compile flags, shell-quoted
RUNTIME_FLAGS_ENV = "VITIR_IREE_RUNTIME_FLAGS"  # extra runtime flags, read when the first device opens


@dataclass(frozen=True)
class Target:
    """What one platform means to IREE."""

    compiler_backend: str  # --iree-hal-target-backends
    driver: str  # the runtime HAL driver
    default_flags: tuple[str, ...] = ()
    required_flag: str | None = None  # a flag the user must give (the GPU architecture)
    example: str = ""
    has_collectives: bool = False  # whether vitir may hand IREE a module with collectives


# On CPU: code for this host's CPU; the "peel" vectorization strategy (the
# default, "mask", makes reductions and batch matmuls over odd sizes such as 197
# tokens 20 to 100 times slower: docs/backends.md, "IREE bugs met"); and
# convolutions as im2col + matmul (the patch embedding's 7x faster).
CPU_FLAGS = ("--iree-llvmcpu-target-cpu=host", "--iree-llvmcpu-vector-pproc-strategy=peel",
             "--iree-global-opt-use-im2col-for-convs")

TARGETS = {
    "cpu": Target("llvm-cpu", "local-task", CPU_FLAGS),
    # The same code run inline on the calling thread: no hand-off to worker
    # threads per dispatch, which wins on a small or shared CPU (docs/benchmarks.md).
    "cpu-sync": Target("llvm-cpu", "local-sync", CPU_FLAGS),
    "cuda": Target("cuda", "cuda", required_flag="--iree-cuda-target=", example="--iree-cuda-target=sm_80",
                   has_collectives=True),
    "rocm": Target("rocm", "hip", required_flag="--iree-rocm-target=", example="--iree-rocm-target=gfx942",
                   has_collectives=True),
    "vulkan": Target("vulkan-spirv", "vulkan"),
}
DEFAULT_PLATFORM = "cpu"

# StableHLO ops that need a HAL channel at run time.
COLLECTIVES = ("all_reduce", "all_gather", "reduce_scatter", "all_to_all", "collective_permute",
               "collective_broadcast")
_COLLECTIVE_USE = re.compile(r"\bstablehlo\.(" + "|".join(COLLECTIVES) + r")\b")

_executables: dict[str, Executable] = {}
_stats = {"compiled": 0, "memory_hits": 0, "disk_hits": 0}
_runtime_flags_set = False


def _adapter():
    from vitir.backend import iree_adapter

    return iree_adapter


def target(platform: str | None) -> Target:
    name = DEFAULT_PLATFORM if platform is None else platform
    if name not in TARGETS:
        raise ConfigError(f"IREE has no platform '{name}' in vitir; choose {', '.join(TARGETS)}")
    return TARGETS[name]


def compiler_flags(platform: str | None, flags: Sequence[str] = ()) -> tuple[str, ...]:
    """The platform's default flags, then $VITIR_IREE_FLAGS, then `flags` (a later flag wins)."""
    chosen = target(platform)
    env = shlex.split(os.environ.get(FLAGS_ENV, ""))
    all_flags = (*chosen.default_flags, *env, *flags)
    if chosen.required_flag and not any(f.startswith(chosen.required_flag) for f in all_flags):
        raise ConfigError(
            f"IREE's {platform} target needs the GPU architecture: pass {chosen.example} (or the one of "
            f"your GPU) in ${FLAGS_ENV} or flags")
    return all_flags


def check_replicas(replicas: int) -> None:
    """vitir runs IREE executables on one device: refuse data-parallel modules with the reason."""
    if replicas < 1:
        raise VitirError(f"replicas must be at least 1, got {replicas}")
    if replicas > 1:
        raise ConfigError(
            f"the IREE backend runs one replica, not {replicas}: IREE's CPU drivers have no collectives "
            "(an all_reduce fails with 'collectives not implemented'), and vitir does not spread one IREE "
            "module over several devices. Train with --backend pjrt, or on one replica with the same global "
            f"batch (--replicas 1 and a --batch {replicas} times as large: the same averaged step)")


def cache_stats() -> dict[str, int]:
    """How many compile_module calls compiled, hit the in-process cache, or loaded from disk."""
    return dict(_stats)


def clear_cache() -> None:
    """Forget the in-process executables (the disk cache stays)."""
    _executables.clear()


def _host_identity() -> str:
    """What `--iree-llvmcpu-target-cpu=host` compiles for: code for one CPU may crash on another."""
    features = ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            info = f.read()
        features = " ".join(sorted({line for line in info.splitlines() if line.startswith(("model name", "flags"))}))
    except OSError:
        pass
    return f"{host_platform.machine()} {host_platform.processor()} {features}"


def compile_module(
    text: str,
    replicas: int = 1,
    platform: str | None = None,
    function: str | None = None,
    cache_dir: str | os.PathLike | None = None,
    flags: Sequence[str] = (),
) -> Executable:
    """Compile one function of StableHLO text with IREE for `platform` (cpu, cuda, rocm, vulkan).

    Compiled once per process for the same text, function, platform and
    flags; with cache_dir (or $VITIR_COMPILE_CACHE) also kept on disk, keyed
    by those, the IREE version and (for host-specific code) this CPU.
    """
    check_replicas(replicas)
    signature = parse_signature(text, function)
    partitions = partition_count(text)
    if partitions > 1:
        raise ConfigError(f"@{signature.name} is partitioned over {partitions} devices (mhlo.num_partitions = "
                          f"{partitions}), and IREE runs one partition: run it with --backend pjrt")
    chosen = target(platform)
    all_flags = compiler_flags(platform, flags)
    if not chosen.has_collectives:
        used = _COLLECTIVE_USE.search(text)
        if used:
            raise ConfigError(f"@{signature.name} uses stablehlo.{used.group(1)}, and IREE's {chosen.driver} "
                              "driver has no collectives: run it with --backend pjrt")
    identity = [text, signature.name, chosen.compiler_backend, chosen.driver, *all_flags]
    key = hashlib.sha256("\0".join(identity).encode()).hexdigest()
    if key in _executables:
        _stats["memory_hits"] += 1
        return _executables[key]
    adapter = _adapter()
    _set_runtime_flags(adapter)
    cache_dir = cache_dir or os.environ.get(CACHE_DIR_ENV)
    disk_path = None
    if cache_dir:
        versions = sorted(adapter.versions().items())
        host = _host_identity() if any(f.endswith("=host") for f in all_flags) else ""
        disk_key = "\0".join([key, *(f"{name}=={v}" for name, v in versions), host])
        disk_path = Path(cache_dir) / (hashlib.sha256(disk_key.encode()).hexdigest() + ".vmfb")
    device = adapter.device(chosen.driver)  # before compiling: a missing GPU fails at once
    loaded = _from_disk(device, disk_path)
    if loaded is None:
        loaded = device.load(_compiled(adapter, text, signature, chosen, all_flags, disk_path), "main")
    executable = Executable(loaded, signature, device, platform or DEFAULT_PLATFORM)
    _executables[key] = executable
    return executable


def _set_runtime_flags(adapter) -> None:
    global _runtime_flags_set
    if not _runtime_flags_set:
        adapter.set_runtime_flags(shlex.split(os.environ.get(RUNTIME_FLAGS_ENV, "")), f"${RUNTIME_FLAGS_ENV}")
        _runtime_flags_set = True


def _from_disk(device, disk_path: Path | None):
    """The cached module's entry function, or None (no entry, or a truncated one: compile afresh)."""
    if disk_path is None or not disk_path.exists():
        return None
    try:
        loaded = device.load(disk_path.read_bytes(), "main")
    except (OSError, VitirError):
        return None
    _stats["disk_hits"] += 1
    return loaded


def _compiled(adapter, text: str, signature: Signature, chosen: Target, flags: Sequence[str],
              disk_path: Path | None) -> bytes:
    handed = entry_text(text, signature.name)
    try:
        flatbuffer = adapter.compile_text(handed, chosen.compiler_backend, flags, signature.name)
    except CompileError as e:  # the op it refuses, where it came from (vitir.backend.failures)
        from vitir.backend.failures import cite

        raise CompileError(f"{e}{cite(handed, str(e))}") from None
    _stats["compiled"] += 1
    if disk_path is not None:
        disk_path.parent.mkdir(parents=True, exist_ok=True)
        partial = disk_path.with_suffix(f".{os.getpid()}.partial")
        partial.write_bytes(flatbuffer)
        os.replace(partial, disk_path)  # readers never see half a file
    return flatbuffer


def holds(value) -> bool:
    """Whether value is (or nests) an IREE device array; false unless IREE was loaded."""
    import sys

    adapter = sys.modules.get("vitir.backend.iree_adapter")
    if adapter is None:
        return False
    while isinstance(value, (list, tuple)) and value:
        value = value[0]
    return isinstance(value, adapter.DeviceArray)


def to_host(value):
    """numpy arrays (copies) from device values, nested in lists and tuples as given."""
    if isinstance(value, (list, tuple)):
        return type(value)(to_host(v) for v in value)
    return value.to_host() if hasattr(value, "to_host") else np.asarray(value)


class Executable(GroupedArguments):
    """A function compiled by IREE; the same methods and semantics as PJRT's
    Executable at one replica."""

    def __init__(self, loaded, signature: Signature, device, platform: str):
        self.signature = signature
        self.devices = (device,)
        self.local_devices = self.devices
        self.platform = platform
        self._loaded = loaded

    replicas = 1
    local_replicas = 1
    spans_processes = False

    def __repr__(self) -> str:
        return f"<Executable @{self.signature.name} on 1 IREE {self.devices[0].driver} device ({self.platform})>"

    def run(self, *arrays, on_device: bool = False) -> tuple:
        """Run on host arrays (or device values); numpy results in return order."""
        outputs = self.execute_device(arrays)
        return tuple(outputs) if on_device else tuple(to_host(outputs))

    __call__ = run

    def run_replicated(self, args: Sequence, split: Iterable[int | str] = (), on_device: bool = False) -> list[tuple]:
        """PJRT's interface at one replica: one tuple of results; `split` arguments go whole."""
        outputs = self.execute_device(args, split)
        return [tuple(outputs) if on_device else tuple(to_host(outputs))]

    def to_device(self, value, argument: int | str | None = None, split: bool = False):
        """A device value for this executable; checked against `argument` when named."""
        if argument is not None:
            array = host_array(self.signature.argument(argument), value, 1, split)
        else:
            array = np.asarray(value)
        return self.devices[0].upload(array)

    def execute_device(self, args: Sequence, split: Iterable[int | str] = ()) -> list:
        """Run on device values and/or host arrays; results stay on the device."""
        check_count(self.signature, len(args))
        split_indices = resolve_split(self.signature, split)
        device_array = _adapter().DeviceArray
        operands = []
        for argument, value in zip(self.signature.arguments, args):
            if isinstance(value, device_array):
                check_device_array(argument, value)
                # another IREE device's value (cpu and cpu-sync executables) goes through the host
                operands.append(value if value.device is self.devices[0] else value.to_host())
            else:
                operands.append(host_array(argument, value, 1, argument.index in split_indices))
        try:
            return self._loaded(operands)
        except VitirError as e:
            raise VitirError(f"IREE failed running @{self.signature.name}: {e}") from None
