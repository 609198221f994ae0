"""Compiling StableHLO text with XLA and running it through jaxlib's PJRT client.

With distributed.py (which joins processes into a group), the one vitir
module that calls jax or jaxlib; the client's undocumented methods
(compile_and_load, execute_sharded, serialize/deserialize_executable) are
called through jax_adapter.py. jax is imported on first use, so
importing vitir and checking shapes stays cheap.

A device value is what stays on the accelerator between calls: a jax Array
for a one-replica executable, a tuple of one jax Array per replica otherwise.
In a group of several processes (distributed.py), an executable of more than
one replica spans every process, and each process holds and feeds only its
own replicas: device tuples, split arguments and results are this process's.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import numpy as np

from vitir.backend import jax_adapter
from vitir.backend.arguments import GroupedArguments, check_count, check_device_array, host_array, resolve_split
from vitir.backend.distributed import current_group, deadline
from vitir.backend.signature import Signature, entry_text, parse_signature, partition_count
from vitir.errors import ArgumentError, CompileError, ProcessGroupError, VitirError

# A directory for compiled executables shared between processes (optional).
CACHE_DIR_ENV = "VITIR_COMPILE_CACHE"

_executables: dict[str, Executable] = {}
_stats = {"compiled": 0, "memory_hits": 0, "disk_hits": 0}


def _jax():
    import jax

    return jax


def _backend(platform: str | None):
    from jax.extend.backend import get_backend

    try:
        return get_backend(platform)  # None: jax's default, a GPU when there is one
    except RuntimeError as e:
        raise VitirError(f"platform '{platform}' is not available: {e}") from None


def _configured_host_devices(jax) -> int:
    configured = getattr(jax.config, "jax_num_cpu_devices", -1)
    if configured >= 0:
        return configured
    flag = re.search(r"--xla_force_host_platform_device_count=(\d+)", os.environ.get("XLA_FLAGS", ""))
    return int(flag.group(1)) if flag else 1


def ensure_host_devices(n: int) -> None:
    """Have the CPU backend start with at least n devices, one per replica.

    XLA fixes the count when the backend starts, so call this before anything
    compiles or runs.
    """
    jax = _jax()
    if _configured_host_devices(jax) >= n:
        return
    try:
        jax.config.update("jax_num_cpu_devices", n)
    except RuntimeError:  # jax refuses once its backends have started
        have = len(_backend("cpu").local_devices())
        if have < n:
            raise VitirError(
                f"the CPU backend already started with {have} device(s) but {n} are needed: "
                f"call vitir.backend.ensure_host_devices({n}) before anything compiles or runs"
            ) from None


def cache_stats() -> dict[str, int]:
    """How many compile_module calls compiled, hit the in-process cache, or loaded from disk."""
    return dict(_stats)


def clear_cache() -> None:
    """Forget the in-process executables (the disk cache stays)."""
    _executables.clear()


def compile_module(
    text: str,
    replicas: int = 1,
    platform: str | None = None,
    function: str | None = None,
    cache_dir: str | os.PathLike | None = None,
    xla_options: Mapping[str, str] | None = None,
) -> Executable:
    """Compile one function of StableHLO text for `replicas` devices of `platform`.

    `xla_options` are XLA debug options (name without `--`, value as text) for
    this compile alone, where $XLA_FLAGS would set them for every compile of
    the process (vitir.lower.unet's GroupNorm step needs one, see there).

    Compiled once per process for the same text, function, replicas and
    platform; with cache_dir (or $VITIR_COMPILE_CACHE) also kept on disk.
    In a group of several processes, replicas > 1 spans them all (an equal
    share of devices from each process) and every process must compile it.
    """
    if replicas < 1:
        raise VitirError(f"replicas must be at least 1, got {replicas}")
    signature = parse_signature(text, function)
    partitions = partition_count(text)
    if partitions > 1 and replicas > 1:
        raise VitirError(f"@{signature.name}: {replicas} replicas of a module of {partitions} partitions are not "
                         "supported; give the mesh's every axis to its shardings (replicas=1)")
    if partitions > 1 and platform in (None, "cpu"):  # on CPU, XLA's host devices: this process's partitions
        ensure_host_devices(max(1, partitions // current_group().num_processes))
    backend = _backend(platform)
    devices = _replica_devices(backend, replicas) if partitions == 1 else _partition_devices(backend, partitions)
    local = [d for d in devices if d.process_index == backend.process_index()]
    options = dict(sorted((xla_options or {}).items()))
    identity = [text, signature.name, str(replicas), backend.platform]
    if options:
        identity.append(repr(options))
    if len(local) < len(devices):  # one copy per process and layout of the group
        identity.append(f"process {backend.process_index()} of devices {[d.id for d in devices]}")
    key = hashlib.sha256("\0".join(identity).encode()).hexdigest()
    if key in _executables:
        _stats["memory_hits"] += 1
        return _executables[key]
    cache_dir = cache_dir or os.environ.get(CACHE_DIR_ENV)
    disk_path = _disk_cache_path(Path(cache_dir), key, backend, devices) if cache_dir else None
    loaded = _compile(text, signature, backend, devices, disk_path, options, partitions)
    kind = Executable if partitions == 1 else PartitionedExecutable
    executable = kind(loaded, signature, devices, backend.platform, local)
    _executables[key] = executable
    return executable


def _replica_devices(backend, replicas: int) -> list:
    group = current_group()
    if replicas > 1 and group.num_processes > 1:
        return _group_devices(backend, replicas, group.num_processes)
    devices = backend.local_devices()
    if len(devices) < replicas:
        hint = f"; call vitir.backend.ensure_host_devices({replicas}) before anything compiles or runs"
        raise VitirError(
            f"{replicas} replicas need {replicas} {backend.platform} devices, found {len(devices)}"
            + (hint if backend.platform == "cpu" else "")
        )
    return devices[:replicas]


def _partition_devices(backend, partitions: int) -> list:
    """Partition p's device: this process's first devices, or in a group of several processes an equal
    share of each process's, in process order (process i holds partitions i x share to i x share + share - 1)."""
    group = current_group()
    if group.num_processes > 1:
        return _group_devices(backend, partitions, group.num_processes, "partitions")
    devices = backend.local_devices()
    if len(devices) < partitions:
        raise VitirError(f"mhlo.num_partitions = {partitions} needs {partitions} {backend.platform} devices, found "
                         f"{len(devices)} ({partitions - len(devices)} missing)")
    return devices[:partitions]


def _group_devices(backend, replicas: int, processes: int, what: str = "replicas") -> list:
    """The first replicas/processes devices of each process, in process order:
    replica (or partition) r runs in process r // (replicas/processes)."""
    if replicas % processes:
        raise VitirError(f"{replicas} {what} do not split evenly over {processes} processes")
    share = replicas // processes
    by_process: dict[int, list] = {}
    for device in sorted(backend.devices(), key=lambda d: (d.process_index, d.id)):
        by_process.setdefault(device.process_index, []).append(device)
    short = {p: len(ds) for p, ds in by_process.items() if len(ds) < share}
    if len(by_process) != processes or short:
        counts = ", ".join(f"process {p}: {len(ds)}" for p, ds in sorted(by_process.items()))
        raise VitirError(f"{replicas} {what} over {processes} processes need {share} "
                         f"{backend.platform} device(s) in each, found {counts}")
    return [d for p in sorted(by_process) for d in by_process[p][:share]]


def _disk_cache_path(cache_dir: Path, key: str, backend, devices) -> Path:
    # A serialized executable only loads into the same jaxlib and device kind.
    version = "\0".join([key, _jax().__version__, backend.platform_version, devices[0].device_kind])
    return cache_dir / (hashlib.sha256(version.encode()).hexdigest() + ".xla")


def _compile(text: str, signature: Signature, backend, devices, disk_path: Path | None,
             xla_options: Mapping[str, str], partitions: int = 1):
    from jax.extend.backend import get_compile_options

    if partitions == 1:
        options = get_compile_options(len(devices), 1, device_assignment=[d.id for d in devices])
    else:  # one replica over the partitions; Shardy partitions a text in its dialect, GSPMD `mhlo.sharding`
        options = get_compile_options(1, partitions, device_assignment=np.array([[d.id for d in devices]]))
        jax_adapter.set_partitioner(options, shardy=_SHARDY.search(text) is not None)
    if xla_options:
        jax_adapter.set_xla_options(options, xla_options)
    if disk_path is not None and disk_path.exists():
        try:
            loaded = jax_adapter.deserialize_executable(backend, disk_path.read_bytes(), devices, options)
            _stats["disk_hits"] += 1
            return loaded
        except Exception:  # a stale or truncated entry: compile afresh
            pass
    handed = entry_text(text, signature.name)
    try:
        loaded = jax_adapter.compile_and_load(backend, handed, devices, options)
    except Exception as e:
        from vitir.backend.failures import cite

        raise CompileError(f"XLA could not compile @{signature.name}: {e}{cite(handed, str(e))}") from None
    _stats["compiled"] += 1
    if disk_path is not None:
        disk_path.parent.mkdir(parents=True, exist_ok=True)
        partial = disk_path.with_suffix(f".{os.getpid()}.partial")
        partial.write_bytes(jax_adapter.serialize_executable(backend, loaded))
        os.replace(partial, disk_path)  # readers never see half a file
    return loaded


_SHARDY = re.compile(r"\bsdy\.")


def _upload(arrays: Sequence[np.ndarray], devices: Sequence) -> list:
    jax = _jax()
    # Without x64, jax would turn int64/float64 into 32 bits on the way up.
    with jax.enable_x64(True):
        return jax.device_put(list(arrays), list(devices))


def _is_device_tuple(jax, value) -> bool:
    return isinstance(value, (tuple, list)) and bool(value) and all(isinstance(v, jax.Array) for v in value)


def to_host(value):
    """numpy arrays from device values (a jax Array, or nested lists/tuples of them).

    A global array of a program partitioned across processes is read from this process's own
    shards where they cover it (a replicated parameter, the loss), else gathered from every
    process (a collective: every process must read it too). On CPU these may be read-only views
    of the device buffers; copy to modify.
    """
    jax = _jax()
    if type(value) in (list, tuple):  # a step's results; other containers go to device_get whole
        return type(value)(to_host(v) for v in value)
    if isinstance(value, jax.Array) and not value.is_fully_addressable:
        return _global_to_host(jax, value)
    return jax.device_get(value)


def _global_to_host(jax, value) -> np.ndarray:
    out = np.empty(value.shape, value.dtype)
    covered = np.zeros(value.shape, bool)
    for shard in value.addressable_shards:
        out[shard.index] = np.asarray(shard.data)
        covered[shard.index] = True
    if covered.all():
        return out
    from jax.experimental import multihost_utils

    return np.asarray(multihost_utils.process_allgather(value, tiled=True))


class Executable(GroupedArguments):
    """A compiled function: checks arguments against its signature, then runs."""

    def __init__(self, loaded, signature: Signature, devices: Sequence, platform: str,
                 local_devices: Sequence | None = None):
        self.signature = signature
        self.devices = tuple(devices)  # replica r runs on devices[r]
        # The replicas this process feeds and reads: all of them unless the executable spans processes.
        self.local_devices = self.devices if local_devices is None else tuple(local_devices)
        self.platform = platform
        self._loaded = loaded
        self._replicated_sharding = None

    @property
    def replicas(self) -> int:
        return len(self.devices)

    @property
    def local_replicas(self) -> int:
        return len(self.local_devices)

    @property
    def spans_processes(self) -> bool:
        return len(self.local_devices) < len(self.devices)

    def __repr__(self) -> str:
        where = f" ({self.local_replicas} here)" if self.spans_processes else ""
        return f"<Executable @{self.signature.name} on {self.replicas} {self.platform} device(s){where}>"

    def compiled_hlo(self) -> str:
        """The HLO text XLA compiled, its instructions' op_name metadata from the program's name
        locations (vitir.backend.profile reads a profile's time back by them)."""
        return jax_adapter.compiled_hlo_text(self._loaded)

    def run(self, *arrays, on_device: bool = False) -> tuple:
        """Run on host arrays (or device values); numpy results in return order."""
        if self.replicas > 1:
            raise VitirError(f"@{self.signature.name} was compiled for {self.replicas} replicas: use run_replicated")
        outputs = self.execute_device(arrays)
        return tuple(outputs) if on_device else tuple(to_host(outputs))

    __call__ = run

    def run_replicated(self, args: Sequence, split: Iterable[int | str] = (), on_device: bool = False) -> list[tuple]:
        """Run every replica; the `split` arguments (indices or names) are cut along
        dim 0 into one slice per replica of this process, the others go whole to
        each replica. Returns one tuple of results per replica of this process."""
        outputs = self.execute_device(args, split)
        if self.replicas == 1:
            outputs = [(output,) for output in outputs]
        per_replica = [tuple(output[r] for output in outputs) for r in range(self.local_replicas)]
        return per_replica if on_device else [tuple(to_host(results)) for results in per_replica]

    def run_per_replica(self, per_replica: Sequence[Sequence], on_device: bool = False) -> list[tuple]:
        """Run every replica of this process on arguments of its own: per_replica[r] holds replica r's
        host arrays, in argument order (where run_replicated gives each the same or a slice)."""
        if len(per_replica) != self.local_replicas:
            raise ArgumentError(f"@{self.signature.name}: expected arguments for {self.local_replicas} replicas, "
                                f"got {len(per_replica)}")
        for args in per_replica:
            check_count(self.signature, len(args))
        columns = []
        for argument in self.signature.arguments:
            arrays = [host_array(argument, args[argument.index]) for args in per_replica]
            placed = _upload(arrays, self.local_devices)
            columns.append(placed[0] if self.replicas == 1 else tuple(placed))
        return self.run_replicated(columns, on_device=on_device)

    def to_device(self, value, argument: int | str | None = None, split: bool = False):
        """A device value for this executable; checked against `argument` when named."""
        if argument is not None:
            array = host_array(self.signature.argument(argument), value, self.local_replicas, split)
        else:
            array = np.asarray(value)
        parts = np.split(array, self.local_replicas) if split else [array] * self.local_replicas
        placed = _upload(parts, self.local_devices)
        return placed[0] if self.replicas == 1 else tuple(placed)

    def execute_device(self, args: Sequence, split: Iterable[int | str] = ()) -> list:
        """Run on device values and/or host arrays; results stay on the devices.

        Host arrays are uploaded (split ones cut per replica); device values are
        used in place, so a step's outputs can be the next step's inputs.
        """
        check_count(self.signature, len(args))
        parts = self._replica_parts(args, resolve_split(self.signature, split))
        if self.replicas == 1:
            operands = [p[0] for p in parts]
        else:
            jax, sharding = _jax(), self._sharding()
            operands = [jax.make_array_from_single_device_arrays(p[0].shape, sharding, p) for p in parts]
        outputs = self._execute(operands)
        return [output[0] for output in outputs] if self.replicas == 1 else [tuple(output) for output in outputs]

    def _execute(self, operands: list) -> list:
        if self.spans_processes:
            return self._execute_in_group(operands)
        try:
            return jax_adapter.execute_sharded(self._loaded, operands)
        except Exception as e:
            raise VitirError(f"XLA failed running @{self.signature.name}: {e}") from None

    def _execute_in_group(self, operands: list) -> list:
        # Waits on every peer: bounded by the group's timeout, and finished
        # here (not at some later read) so that a failure names this call.
        group = current_group()
        stalled = (f"@{self.signature.name} made no progress for {group.timeout_s:g} s ({group}): a peer "
                   "process is dead, hung or unreachable (raise --timeout if one step legitimately takes longer)")
        with deadline(group.timeout_s, stalled):
            try:
                outputs = jax_adapter.execute_sharded(self._loaded, operands)
                _jax().block_until_ready(outputs)
            except Exception as e:
                lost = any(word in str(e).lower() for word in ("gloo", "nccl", "connection"))
                hint = ": a peer process probably exited or lost its connection" if lost else ""
                raise ProcessGroupError(
                    f"@{self.signature.name} failed across {group.num_processes} processes{hint}: {e}") from None
        return outputs

    def _replica_parts(self, args: Sequence, split_indices: frozenset[int]) -> list[list]:
        """Per argument, its single-device array on each of this process's replica devices."""
        jax = _jax()
        replicas, local = self.replicas, self.local_replicas
        parts: list[list] = []
        uploads, upload_devices, upload_slots = [], [], []
        for argument, value in zip(self.signature.arguments, args):
            if replicas == 1 and isinstance(value, jax.Array):
                check_device_array(argument, value)
                parts.append([self._placed(value, 0)])
            elif replicas > 1 and _is_device_tuple(jax, value):
                if len(value) != local:
                    raise ArgumentError(f"{argument}: expected {local} per-replica device arrays, got {len(value)}")
                for r, part in enumerate(value):
                    check_device_array(argument, part, r)
                parts.append([self._placed(part, r) for r, part in enumerate(value)])
            elif isinstance(value, jax.Array):
                raise ArgumentError(
                    f"{argument}: a {replicas}-replica executable takes a tuple of {local} "
                    "per-replica device arrays (see to_device) or a host array, not one jax Array"
                )
            else:
                is_split = argument.index in split_indices
                array = host_array(argument, value, local, is_split)
                parts.append([None] * local)
                for r, piece in enumerate(np.split(array, local) if is_split else [array] * local):
                    uploads.append(piece)
                    upload_devices.append(self.local_devices[r])
                    upload_slots.append((argument.index, r))
        if uploads:  # one transfer call for all host arrays
            for (index, r), placed in zip(upload_slots, _upload(uploads, upload_devices)):
                parts[index][r] = placed
        return parts

    def _placed(self, value, replica: int):
        device = self.local_devices[replica]
        if value.devices() == {device}:
            return value
        return _jax().device_put(value, device)  # device to device, not through the host

    def _sharding(self):
        # execute_sharded only reads each device's buffer, so per-replica values
        # travel as a "replicated" array even where the replicas' data differ.
        if self._replicated_sharding is None:
            from jax.sharding import Mesh, NamedSharding, PartitionSpec

            mesh = Mesh(np.array(self.devices), ("replica",))
            self._replicated_sharding = NamedSharding(mesh, PartitionSpec())
        return self._replicated_sharding


class PartitionedExecutable(Executable):
    """One replica of a module of `mhlo.num_partitions` = N, split over N devices by XLA's SPMD
    partitioner: each argument is placed by the sharding the executable was compiled with (its
    `mhlo.sharding` or `sdy.sharding`, or the partitioner's choice), each result gathered whole."""

    def __init__(self, loaded, signature: Signature, devices: Sequence, platform: str,
                 local_devices: Sequence | None = None):
        super().__init__(loaded, signature, devices, platform, local_devices)
        self.input_shardings = jax_adapter.parameter_shardings(loaded, devices)
        self.output_shardings = jax_adapter.output_shardings(loaded, devices)
        for i, (result, sharding) in enumerate(zip(signature.results, self.output_shardings)):
            unreduced = jax_adapter.unreduced_text(sharding)
            if unreduced:  # jax cannot put its parts together, nor can a host
                raise CompileError(f"@{signature.name}: result {i} ({result}) is unreduced ({unreduced}): each device "
                                   "holds a partial value that the program leaves to be reduced; reduce it in the "
                                   "program (sdy.all_reduce, or a result sharding without unreduced axes) to run it")

    @property
    def replicas(self) -> int:
        return 1

    @property
    def partitions(self) -> int:
        return len(self.devices)

    def __repr__(self) -> str:
        where = f" ({len(self.local_devices)} here)" if self.spans_processes else ""
        return f"<Executable @{self.signature.name} partitioned over {self.partitions} {self.platform} devices{where}>"

    def run_replicated(self, args: Sequence, split: Iterable[int | str] = (), on_device: bool = False) -> list[tuple]:
        raise VitirError(f"@{self.signature.name} is one replica partitioned over {self.partitions} devices: use run")

    run_per_replica = run_replicated

    def to_device(self, value, argument: int | str | None = None, split: bool = False):
        """A global device array laid out as `argument` (a name or index) is sharded."""
        if argument is None or split:
            raise VitirError(f"@{self.signature.name}: name the argument a value is for; a partitioned "
                             "executable places it by that argument's sharding")
        chosen = self.signature.argument(argument)
        return self._place(chosen, value)

    def _place(self, argument, value):
        """A global array of `argument`'s sharding. A host value is the whole (global) value in every
        process; each process places only its own devices' parts of it."""
        jax = _jax()
        sharding = self.input_shardings[argument.index]
        if isinstance(value, jax.Array):
            check_device_array(argument, value)
            if value.sharding.is_equivalent_to(sharding, value.ndim):
                return value
            if self.spans_processes:
                raise ArgumentError(f"{argument}: a device array laid out as {value.sharding} where the executable "
                                    f"takes {sharding}; across processes, give the host value")
            return jax.device_put(value, sharding)
        array = host_array(argument, value)
        with jax.enable_x64(True):
            return jax.make_array_from_callback(array.shape, sharding, lambda index: array[index])

    def execute_device(self, args: Sequence, split: Iterable[int | str] = ()) -> list:
        """Run on global arrays (host or device); the results are global jax Arrays on the devices."""
        if split:
            raise VitirError(f"@{self.signature.name}: a partitioned executable splits its arguments by their "
                             "shardings, not by `split`")
        check_count(self.signature, len(args))
        operands = [self._place(argument, value) for argument, value in zip(self.signature.arguments, args)]
        outputs = self._execute(operands)
        jax = _jax()
        return [jax.make_array_from_single_device_arrays(result.shape, sharding, shards)
                for result, sharding, shards in zip(self.signature.results, self.output_shardings, outputs)]
