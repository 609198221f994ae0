"""Running StableHLO text on XLA devices; jax is imported only when something compiles."""

from vitir.backend.pjrt import (
    CACHE_DIR_ENV,
    Executable,
    cache_stats,
    clear_cache,
    compile_module,
    ensure_host_devices,
    to_host,
)
from vitir.backend.signature import Argument, Signature, function_names, parse_signature

__all__ = [
    "CACHE_DIR_ENV",
    "Argument",
    "Executable",
    "Signature",
    "cache_stats",
    "clear_cache",
    "compile_module",
    "ensure_host_devices",
    "function_names",
    "parse_signature",
    "to_host",
]
