"""Which backend compiles and runs a module: PJRT (XLA, the default) or IREE.

Each backend is one module with the same small interface: compile_module(text,
replicas, platform, function, cache_dir) returning an Executable (run,
run_replicated, to_device, execute_device, signature, replicas), to_host,
cache_stats and clear_cache. A backend's module is imported only when it is chosen, and its
runtime only when it compiles, so PJRT users never import IREE and IREE users
never start XLA.

A backend is named `pjrt` or `iree`, optionally with a platform after a
colon: `iree:cuda`, `pjrt:cpu`.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Mapping, Sequence

from vitir.errors import ConfigError

BACKENDS = {"pjrt": "vitir.backend.pjrt", "iree": "vitir.backend.iree"}
DEFAULT_BACKEND = "pjrt"
BACKEND_METAVAR = "{pjrt,iree,iree:cuda,iree:rocm}"  # --help lists the choices
BACKEND_HELP = ("pjrt (XLA, the default) or iree; iree:cuda or iree:rocm for IREE on a GPU, with its "
                "architecture in $VITIR_IREE_FLAGS (docs/backends.md)")


def parse_backend(spec: str | None, platform: str | None = None) -> tuple[str, str | None]:
    """(backend, platform) from `iree`, `iree:cuda`, ...; `platform` fills in one the name lacks."""
    name, _, named_platform = (spec or DEFAULT_BACKEND).strip().partition(":")
    if name not in BACKENDS:
        raise ConfigError(f"unknown backend '{name}'; choose {', '.join(BACKENDS)} (optionally :PLATFORM, "
                          "as in iree:cuda)")
    if named_platform and platform and named_platform != platform:
        raise ConfigError(f"backend '{spec}' names platform '{named_platform}' but platform '{platform}' was given")
    return name, named_platform or platform or None


def backend_module(name: str):
    """The module that implements backend `name` (imported on first use)."""
    return importlib.import_module(BACKENDS[parse_backend(name)[0]])


def check_backend(backend: str | None, replicas: int = 1, platform: str | None = None) -> None:
    """Raise ConfigError now, before anything compiles, for an unknown backend or
    IREE platform, or a replica count the backend cannot run (IREE runs one)."""
    name, platform = parse_backend(backend, platform)
    if name == "iree":
        iree = backend_module(name)
        iree.target(platform)
        iree.check_replicas(replicas)


def compile_module(
    text: str,
    replicas: int = 1,
    platform: str | None = None,
    function: str | None = None,
    cache_dir: str | os.PathLike | None = None,
    backend: str | None = None,
    flags: Sequence[str] = (),
    xla_options: Mapping[str, str] | None = None,
):
    """Compile one function of StableHLO text with `backend` (default PJRT) for
    `replicas` devices of `platform`; see the backend's own compile_module.
    `flags` are extra IREE compiler flags (PJRT takes its own from $XLA_FLAGS);
    `xla_options` XLA debug options for this compile (IREE ignores them: they
    work around XLA's own passes)."""
    name, platform = parse_backend(backend, platform)
    if name == "iree":
        return backend_module(name).compile_module(text, replicas, platform, function, cache_dir, flags)
    if flags:
        raise ConfigError("PJRT takes no compiler flags here (XLA reads $XLA_FLAGS when it starts)")
    return backend_module(name).compile_module(text, replicas, platform, function, cache_dir, xla_options)


def to_host(value):
    """numpy arrays from any backend's device values (nested lists and tuples of them)."""
    iree = importlib.import_module(BACKENDS["iree"])  # cheap: it imports IREE only to compile
    if iree.holds(value):
        return iree.to_host(value)
    return backend_module(DEFAULT_BACKEND).to_host(value)


def cache_stats(backend: str | None = None) -> dict[str, int]:
    """How many compile_module calls of `backend` compiled, hit the process cache, or loaded from disk."""
    return backend_module(backend or DEFAULT_BACKEND).cache_stats()


def clear_cache() -> None:
    """Forget every loaded backend's in-process executables (disk caches stay)."""
    import sys

    for module_name in BACKENDS.values():
        if module_name in sys.modules:
            sys.modules[module_name].clear_cache()
