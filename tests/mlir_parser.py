"""MLIR's own parser (jaxlib's), the oracle of what StableHLO text is: the one place tests call it."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1)
def _context():
    from jax._src.interpreters.mlir import make_ir_context

    return make_ir_context()


def mlir_error(text: str) -> str | None:
    """None when MLIR parses and verifies `text`, else its first error line (`LINE:COL: message`)."""
    from jax._src.lib.mlir import ir

    try:
        ir.Module.parse(text, context=_context())
    except Exception as e:  # jaxlib raises MLIRError
        for line in str(e).splitlines():
            if "error:" in line:
                return line.split('"-":', 1)[-1].strip()
        return str(e)
    return None


def mlir_print(text: str) -> str:
    """`text` as MLIR prints it after parsing and verifying it (jaxlib's MLIRError when it does not)."""
    from jax._src.lib.mlir import ir

    return str(ir.Module.parse(text, context=_context()))
