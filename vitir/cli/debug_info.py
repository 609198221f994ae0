"""The location flags every printing command takes: `--debug-info` prints each op's, argument's,
function's and the module's location as MLIR's --mlir-print-debuginfo does (docs/locations.md);
`--strip-debuginfo` makes every one unknown first, as mlir-opt's flag does."""

from __future__ import annotations


def add_arguments(p) -> None:
    p.add_argument("--debug-info", action="store_true",
                   help="print every op's, argument's, function's and the module's location, as MLIR's "
                        "--mlir-print-debuginfo does (#loc aliases numbered as MLIR numbers them)")
    p.add_argument("--strip-debuginfo", action="store_true",
                   help="make every location unknown first, as mlir-opt --strip-debuginfo does")


def print_located(module, args) -> str:
    """The module's text as the flags ask."""
    from ..print import print_module

    if getattr(args, "strip_debuginfo", False):
        from ..passes.standard import strip_debuginfo

        strip_debuginfo(module)
    return print_module(module, debug_info=getattr(args, "debug_info", False))
