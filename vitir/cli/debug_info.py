"""The location flags every printing command takes: `--debug-info` prints each op's, argument's,
function's and the module's location as MLIR's --mlir-print-debuginfo does (docs/locations.md);
`--strip-debuginfo` makes every one unknown first, as mlir-opt's flag does."""

from __future__ import annotations


def add_arguments(p) -> None:
    p.add_argument("--debug-info", action="store_true",
                   help="print every op's, argument's, function's and the module's location, as MLIR's "
                        "--mlir-print-debuginfo does (#loc aliases numbered as MLIR numbers them)")
    p.add_argument("--pretty-debuginfo", dest="pretty_debug_info", action="store_true",
                   help="print them in MLIR's pretty form, as --mlir-pretty-debuginfo does (implies --debug-info)")
    p.add_argument("--print-local-scope", action="store_true",
                   help="spell each location out where it is, no #loc aliases, as --mlir-print-local-scope "
                        "does (implies --debug-info)")
    p.add_argument("--strip-debuginfo", action="store_true",
                   help="make every location unknown first, as mlir-opt --strip-debuginfo does")


def flags(args) -> dict:
    """print_module's keywords the flags ask for."""
    pretty, local = getattr(args, "pretty_debug_info", False), getattr(args, "print_local_scope", False)
    return {"debug_info": getattr(args, "debug_info", False) or pretty or local,
            "pretty_debug_info": pretty, "use_local_scope": local}


def print_located(module, args) -> str:
    """The module's text as the flags ask."""
    from ..print import print_module

    if getattr(args, "strip_debuginfo", False):
        from ..passes.standard import strip_debuginfo

        strip_debuginfo(module)
    return print_module(module, **flags(args))
