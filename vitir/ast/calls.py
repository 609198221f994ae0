"""The module's check of its calls: a `func.call`'s callee is a function of the module whose signature
is the call's (MLIR's CallOp::verifySymbolUses). The op's own rule cannot see it (it knows only its
operands, callee name and result types); the module, where functions are known, checks each call at
any depth when it is made (the builder's `module(...)`)."""

from __future__ import annotations

from ..errors import ShapeError
from .uses import walk


def signature_text(inputs, results) -> str:
    """`(T1, T2) -> R`, `() -> (R1, R2)`, `(T) -> ()`: a function type as MLIR writes it."""
    ins = "(" + ", ".join(t.text for t in inputs) + ")"
    outs = results[0].text if len(results) == 1 else "(" + ", ".join(t.text for t in results) + ")"
    return f"{ins} -> {outs}"


def check_calls(module) -> None:
    """Every func.call of every function of `module`, at any depth, against its callee: a ShapeError
    naming the call (its SSA name, layer path and operand types), the callee and both signatures."""
    functions = {fn.name: fn for fn in module.functions}
    for fn in module.functions:
        if _holds_no_call(fn.ops):
            continue
        for op in walk(fn.ops):
            if op.NAME == "func.call":
                check_call(op, functions)


def _holds_no_call(ops) -> bool:
    """Whether no op of `ops` is a call, asked of their classes (a handful) before any walk."""
    classes = set(map(type, ops))
    return all(cls.SIMPLE and cls.NAME != "func.call" for cls in classes)


def check_call(op, functions: dict) -> None:
    """One call against `functions` (by name)."""
    operand_types = tuple(v.type for v in op.operands)
    result_types = tuple(v.type for v in op.results)
    called = signature_text(operand_types, result_types)
    callee = functions.get(op.callee)
    if callee is None:
        known = ", ".join("@" + name for name in functions) or "none"
        _refuse(op, f"'@{op.callee}' does not reference a valid function (the call is {called}; the module's "
                    f"functions: {known})")
    expected = signature_text(callee.arg_types, callee.result_types)
    mismatch = _mismatch(operand_types, callee.arg_types, "operand") or \
        _mismatch(result_types, callee.result_types, "result")
    if mismatch:
        _refuse(op, f"{mismatch}: the call is {called}, @{op.callee} is {expected}")


def _mismatch(given, expected, what: str) -> str:
    if len(given) != len(expected):
        return f"incorrect number of {what}s for callee ({len(given)}, the callee has {len(expected)})"
    for i, (a, b) in enumerate(zip(given, expected)):
        if a != b:
            return f"{what} type mismatch: expected {what} type '{b.text}', but provided '{a.text}' for {what} " \
                   f"number {i}"
    return ""


def _refuse(op, reason: str):
    ssa = ", ".join(r.ssa for r in op.results)
    raise ShapeError(reason, op=op.NAME, ssa=ssa, operand_types=[v.type for v in op.operands], path=op.path)
