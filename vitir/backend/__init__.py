"""Running StableHLO text through PJRT (XLA, the default) or IREE.

Neither runtime is imported until something compiles with it.
"""

from vitir.backend.choice import (
    BACKEND_HELP,
    BACKENDS,
    DEFAULT_BACKEND,
    cache_stats,
    check_backend,
    clear_cache,
    compile_module,
    parse_backend,
    to_host,
)
from vitir.backend.pjrt import CACHE_DIR_ENV, Executable, ensure_host_devices
from vitir.backend.signature import Argument, Signature, function_names, parse_signature

__all__ = [
    "BACKEND_HELP",
    "BACKENDS",
    "CACHE_DIR_ENV",
    "DEFAULT_BACKEND",
    "Argument",
    "Executable",
    "Signature",
    "cache_stats",
    "check_backend",
    "clear_cache",
    "compile_module",
    "ensure_host_devices",
    "function_names",
    "parse_backend",
    "parse_signature",
    "to_host",
]
