"""The passes on generated graphs: every registered pass (and all of them in a row) keeps the
meaning of a random graph, bit for bit on random and edge inputs (tests/differential.py).

A graph draws from the ops the evaluator runs; some of its ops are then built again from
the same fields (a commutative one with its operands swapped), so cse has repeats to merge,
and only a few values are returned, so dce has dead ops to remove. The rewritten module
must also print as text that imports and prints the same again. A pass registered later
(vitir.passes.register) joins the cases without an edit here.
"""

from __future__ import annotations

import random
from collections import Counter

from tests.fuzz.checks import Failure
from tests.fuzz.graphs import Graph, op_table
from vitir.ast import ShapeError, TensorType, module
from vitir.ast.traits import is_commutative

REPEATS = 3  # ops built twice per graph


def _unevaluable(fn) -> str | None:
    """Why vitir's evaluator computes nothing to compare on `fn`: an op whose value is undefined for
    its types (a remainder of complex values, which dce may rightly remove), or a crash; else None
    (an EvaluationError of some inputs is compared: the rewritten program must raise it too)."""
    from tests.differential import input_sets
    from vitir.errors import UndefinedValueError, VitirError
    from vitir.evaluate import evaluate

    try:
        evaluate(fn, *input_sets(fn, 0, 1)[0])
    except UndefinedValueError as e:
        return f"an undefined value: {str(e).split(': ', 1)[-1].split(' (')[0]}"
    except VitirError:
        return None
    except Exception as e:  # noqa: BLE001 - a crash of the evaluator, named
        return f"{type(e).__name__} in {_failing_op(fn)}"
    return None


def _failing_op(fn) -> str:
    import traceback
    import sys

    frames = traceback.extract_tb(sys.exc_info()[2])
    return frames[-1].name if frames else "?"


def pass_graph(rng: random.Random, size: tuple[int, int] = (2, 10)):
    """A module of one function of drawn ops, some built twice, a few values returned."""
    g = Graph(rng)
    for _ in range(rng.randint(1, 2)):
        g.arg(TensorType(g.shape(), g.dtype()))
    table = op_table(evaluated=True)
    for _ in range(rng.randint(*size)):
        g.grow(rng.choice(table))
    simple = [op for op in g.fb.ops if type(op).SIMPLE and len(op.results) == 1]
    for op in rng.sample(simple, min(REPEATS, len(simple))):
        fields = {f.name: getattr(op, f.name) for f in type(op).FIELDS if f.role != "result"}
        names = [f.name for f in type(op).OPERAND_FIELDS]
        if is_commutative(op) and len(names) == 2 and rng.random() < 0.5:
            fields[names[0]], fields[names[1]] = fields[names[1]], fields[names[0]]
        try:
            again = g.fb.emit(type(op)(g.name("r"), **fields, path=g.fb.path))
        except ShapeError:  # swapped operands of two types (a commutative op of mixed operands)
            continue
        if isinstance(again.type, TensorType):
            g.pool.append(again)
    values = [v for v in g.pool if isinstance(v.type, TensorType)]
    results = rng.sample(values, rng.randint(1, min(3, len(values))))
    return module(*g.functions, g.fb.ret(*results)), g


def pass_case(seed: int, stats: Counter) -> None:
    from tests.differential import assert_same_meaning
    from vitir import passes
    from vitir.lower import fast_lowering  # noqa: F401  (its exact passes are fuzzed too)
    from vitir.mlir import import_text
    from vitir.print import print_module

    mod, _ = pass_graph(random.Random(seed))
    before = mod.functions[-1]
    problem = _unevaluable(before)
    if problem is not None:  # the evaluated kind's to find; here there is nothing to compare
        stats[f"pass graphs left out: the evaluator fails on them ({problem})"] += 1
        stats["pass graphs left out"] += 1
        return
    exact = [name for name, p in passes.PASSES.items() if p.exact]  # not the float-changing ones
    chosen = [[name] for name in exact] + [exact]
    for names in chosen:
        after = passes.run(before, names)
        label = ",".join(names)
        try:
            assert_same_meaning(before, after, seed=seed % 1000, count=1)
        except AssertionError as e:
            raise Failure(f"pass {label} changed the meaning", str(e)) from None
        text = print_module(module(*mod.functions[:-1], after))
        if print_module(import_text(text)) != text:
            raise Failure(f"pass {label} made text that imports as another", text[:300])
        stats[f"ops removed by {label}"] += len(before.ops) - len(after.ops)
    stats["graphs compared before and after the passes"] += 1
