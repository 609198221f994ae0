"""Builds that break one rule: an op of a random graph built again with one field changed.

`invalid_case(seed)` grows a graph, takes one of its ops, and changes one of
its fields (an operand to a value of another type or of another function, an
attribute out of range or of the wrong kind, the given result type, a region's
signature, the SSA name). vitir must refuse the build with a ShapeError that
names the op; where the change happens to keep the op valid, MLIR must take
the module's text too (vitir may not accept what MLIR refuses).
"""

from __future__ import annotations

import random
from collections import Counter

from tests.fuzz.checks import Failure
from vitir.ast import DType, FunctionBuilder, ShapeError, TensorType, Value, module
from vitir.ast.declare import REQUIRED
from vitir.ast.regions import Region


def _fields(op) -> dict:
    return {f.name: getattr(op, f.name) for f in type(op).FIELDS if f.role != "result"}


def _other_type(rng: random.Random, ty: TensorType) -> TensorType:
    """A tensor type that is not `ty`."""
    while True:
        how = rng.choice(("dim", "rank", "dtype"))
        shape, dtype = list(ty.shape), ty.dtype
        if how == "dim" and shape:
            i = rng.randrange(len(shape))
            shape[i] = shape[i] + rng.choice((1, 2)) if rng.random() < 0.7 or shape[i] < 2 else shape[i] - 1
        elif how == "rank":
            shape = shape + [rng.randint(1, 3)] if rng.random() < 0.5 or not shape else shape[:-1]
        else:
            dtype = rng.choice([d for d in (DType.F32, DType.I32, DType.I1, DType.F16, DType.UI8) if d is not ty.dtype])
        other = TensorType(shape, dtype)
        if other is not ty:
            return other


def _bad_attribute(rng: random.Random, f, value, rank: int):
    kind = f.kind.name
    if hasattr(f.kind, "words"):
        return rng.choice(("BOGUS", 3, "gt" if kind == "comparison_direction" else "default"))
    if kind == "i64":
        return rng.choice((rank + rng.randint(0, 3), -1 - rng.randint(0, 2), 2 ** 70, 2.5, "1", True))
    if kind == "i64_array":
        value = tuple(value or ())
        return rng.choice((value + (rank + 1,), value[:-1] if value else (0, 0, 0, 0),
                           tuple(-1 - v for v in value) or (-1,), value + value if value else (rank + 5,),
                           (2 ** 63,) + value, "0, 1", (1.5,) + value))
    if kind == "bool":
        return rng.choice(("true", 2, None if f.default is REQUIRED else "no"))
    if kind in ("dot_dimensions", "gather_dimensions", "scatter_dimensions"):
        lists = list(value)
        i = rng.randrange(len(lists))
        entry = lists[i]
        lists[i] = (rank + 3,) + tuple(entry) if isinstance(entry, tuple) else rank + 7
        return type(value)(*lists)
    if kind == "conv_dimensions":
        return rng.choice((("bf00", "oi01", "bf01"), ("bf", "oi", "bf"), tuple(reversed(value))))
    if kind == "pairs":
        return tuple((lo, -5 - hi) for lo, hi in (value or ((0, 0),)))
    if kind == "dense_literal":
        return rng.choice(("1", "0x7FC0", "abc", "true", "1e999999")) if isinstance(value, str) else value[:-1]
    if kind == "dense_ints":
        return [[0, 0]]
    return "bogus"


def _bad_region(rng: random.Random, fb: FunctionBuilder, region):
    """A region of the same form whose arguments take another element type."""
    if not isinstance(region, Region) or not region.args:
        body = fb.region()
        a = body.arg("bad_a", TensorType((), DType.I1))
        return body.ret(body.not_("bad_n", a))
    body = fb.region()
    args = [body.arg(f"bad_{i}", TensorType((2,), DType.I1)) for i in range(len(region.args))]
    return body.ret(*args[:max(1, len(region.results))])


def invalid_case(seed: int, stats: Counter) -> None:
    """One changed op: refused naming its op, or (still valid) taken by MLIR too."""
    from tests.fuzz.graphs import random_graph

    rng = random.Random(seed)
    _, graph = random_graph(rng, size=(2, 8))
    fb = graph.fb
    candidates = [op for op in fb.ops if not op.COMPOUND]
    if not candidates:
        stats["invalid builds without an op to change"] += 1
        return
    op = rng.choice(candidates)
    cls = type(op)
    fields = _fields(op)
    name = op.results[0].name if len(op.results) == 1 else tuple(r.name for r in op.results)
    changeable = [f for f in cls.FIELDS if f.role != "result"]
    target = "name" if rng.random() < 0.12 or not changeable else rng.choice(changeable)
    rank = op.operands[0].type.rank if op.operands and isinstance(op.operands[0].type, TensorType) else 1
    if target == "name":
        change = rng.choice(("bad", "taken"))
        if change == "bad":
            name = rng.choice(("a b", "", "1x", "%y", 'q"', "é"))
        else:
            taken = [v.name for v in graph.pool]
            name = rng.choice(taken)
        what = f"name -> {name!r}"
    elif target.role == "operand":
        current = fields[target.name]
        if target.variadic:
            if not current:
                return
            values = list(current)
            i = rng.randrange(len(values))
            values[i] = _replacement(rng, graph, values[i])
            fields[target.name] = tuple(values) if rng.random() < 0.8 else ()
        else:
            fields[target.name] = _replacement(rng, graph, current)
        what = f"operand {target.name}"
    elif target.role == "attribute":
        fields[target.name] = _bad_attribute(rng, target, fields[target.name], rank)
        what = f"attribute {target.name} -> {fields[target.name]!r}"
    elif target.role == "result_type":
        current = fields[target.name]
        if current is None:  # an optional one the rule infers: given, and wrong
            current = op.results[0].type
        if isinstance(current, tuple):
            fields[target.name] = tuple(_other_type(rng, t) for t in current)
        else:
            fields[target.name] = _other_type(rng, current) if rng.random() < 0.9 else "tensor<2xf32>"
        what = f"result type {target.name}"
    else:
        current = fields[target.name]
        fields[target.name] = tuple(_bad_region(rng, fb, r) for r in current) if target.variadic else \
            _bad_region(rng, fb, current)
        what = f"region {target.name}"
    stats[f"invalid builds: {what.split(' ')[0]} changed"] += 1
    try:
        node = cls(name, **fields, path=fb.path)
        fb.emit(node)
    except ShapeError as e:
        head = str(e).split(":")[0]
        if e.op != cls.NAME and not head.startswith(cls.NAME):
            raise Failure("an invalid build names another op", f"{cls.NAME} ({what}) refused as: {e}") from None
        stats["invalid builds refused naming their op"] += 1
        return
    except Exception as e:  # anything but vitir's error is a crash
        raise Failure("an invalid build crashed", f"{cls.NAME} ({what}): {type(e).__name__}: {e}") from None
    stats["changes that kept the op valid"] += 1
    _check_mlir_takes_it(graph, cls, what)


def _replacement(rng: random.Random, graph, value: Value) -> Value:
    """Another value: of another type (from the graph, or a new argument), or one no op defined here."""
    how = rng.random()
    if how < 0.2:  # defined by another function
        other = FunctionBuilder("elsewhere")
        return other.arg("stranger", value.type if isinstance(value.type, TensorType) else TensorType((), DType.F32))
    ty = _other_type(rng, value.type) if isinstance(value.type, TensorType) else TensorType((2,), DType.F32)
    same = [v for v in graph.pool if v.type is ty]
    return rng.choice(same) if same and rng.random() < 0.5 else graph.arg(ty)


def _check_mlir_takes_it(graph, cls, what: str) -> None:
    from tests.mlir_parser import mlir_error
    from vitir.print import print_module

    fb = graph.fb
    results = [v for op in fb.ops for v in op.results if isinstance(v.type, TensorType)] or fb.args[:1]
    if not results:
        return
    text = print_module(module(*graph.functions, fb.ret(*results)))
    problem = mlir_error(text)
    if problem is not None:
        raise Failure("vitir accepts a build MLIR refuses", f"{cls.NAME} ({what}): {problem}")
