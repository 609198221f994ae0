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
from tests.fuzz.graphs import COMPOUNDS, Graph, op_table
from vitir.ast import ShapeError, TensorType, module
from vitir.ast.declare import OPS
from vitir.ast.location import NameLoc
from vitir.ast.traits import is_commutative

REPEATS = 3  # ops built twice per graph
MEANS = 0.25  # the share of graphs that end in several cross-replica means
COMPOSITES = 0.15  # the share that end in a composite (returned)


GRID_OPS = {f"stablehlo.{name}" for name in ("all_reduce", "all_gather", "reduce_scatter", "all_to_all",
                                             "collective_permute", "collective_broadcast", "collective_reduce",
                                             "replica_id", "partition_id", "cross-replica-sum",
                                             "async_start")} | {"all_reduce_mean"}


def _unevaluable(mod, replicas: int, partitions: int) -> str | None:
    """Why vitir's evaluator computes nothing to compare on `fn`: an op whose value is undefined for
    its types (a remainder of complex values, which dce may rightly remove), or a crash; else None
    (an EvaluationError of some inputs is compared: the rewritten program must raise it too)."""
    from tests.differential import evaluate_on_grid, process_input_sets
    from vitir.errors import UndefinedValueError, VitirError

    fn = mod.functions[-1]
    try:
        evaluate_on_grid(mod, process_input_sets(fn, 0, 1, replicas * partitions)[0], replicas, partitions, fn.name)
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
    """A module of one function of drawn ops, some built twice, a few values returned; its
    collectives all span the graph's replicas (`Graph.span`: 1, 2 or 4), run in 1 or 2 partitions."""
    g = Graph(rng, span=rng.choice((1, 2, 4)))
    partitions = rng.choice((1, 1, 2))
    for _ in range(rng.randint(1, 2)):
        g.arg(TensorType(g.shape(), g.dtype()))
    table = [*op_table(evaluated=True), OPS["stablehlo.composite"]]  # the evaluator runs its decomposition
    for _ in range(rng.randint(*size)):
        g.grow(rng.choice(table))
    means = []  # returned
    if rng.random() < MEANS:  # several means of earlier values: what fuse-all-reduce and expand-compounds take
        for _ in range(rng.randint(2, 3)):
            if g.grow(COMPOUNDS[0]):
                means.append(g.pool[-1])
        if rng.random() < 0.5:
            g.grow(COMPOUNDS[1])
    if rng.random() < COMPOSITES and g.grow(OPS["stablehlo.composite"]):  # what inline-composite takes
        means.append(g.pool[-1])
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
    results = [*means, *(v for v in rng.sample(values, rng.randint(1, min(3, len(values)))) if v not in means)]
    for i, op in enumerate(g.fb.ops[::2]):  # every other op located, no draw spent (the graphs stay as they were)
        op.location = NameLoc(f"fuzz/g{i}/{op.NAME.rpartition('.')[2]}")
    return module(*g.functions, g.fb.ret(*results)), g, grid(g, partitions)


def grid(g: Graph, partitions: int) -> tuple[int, int]:
    """The replicas x partitions a graph is evaluated on: its span where it reads the grid, else one."""
    return (g.span, partitions) if GRID_OPS & set(g.drawn) else (1, 1)


def _cases(mod, exact: list[str]):
    """(label, module, passes): each exact pass alone, all of them in a row, and fold-compounds on
    the graph expand-compounds made (where it has compound nodes to find)."""
    from vitir import passes

    cases = [(name, mod, [name]) for name in exact] + [("all in a row", mod, exact)]
    if "fold-compounds" in exact and "expand-compounds" in exact:
        expanded = passes.run(mod, ["expand-compounds"])
        cases[exact.index("fold-compounds")] = ("fold-compounds", expanded, ["fold-compounds"])
    return cases


def _form(mod) -> tuple:
    """What a pass may change: the printed text with its locations, and the op kinds (expand-compounds
    prints the same)."""
    from vitir.print import print_module

    return print_module(mod, debug_info=True), tuple(type(op).__name__ for fn in mod.functions for op in fn.ops)


def _count_ops(mod) -> int:
    return sum(len(fn.ops) for fn in mod.functions)


def pass_case(seed: int, stats: Counter) -> None:
    """Every exact pass, alone and all in a row, on one graph. Counted per pass: the graphs evaluated
    before and after it, those the evaluator refused on every input set (nothing compared), those
    compared on at least one, and those the pass changed."""
    from tests.differential import compare_meaning
    from vitir import passes
    from vitir.lower import fast_lowering  # noqa: F401  (its exact passes are fuzzed too)
    from vitir.mlir import import_text
    from vitir.print import print_module

    mod, _, (replicas, partitions) = pass_graph(random.Random(seed))
    entry = mod.functions[-1].name  # the others are composites' decompositions
    problem = _unevaluable(mod, replicas, partitions)
    if problem is not None:  # the evaluated kind's to find; here there is nothing to compare
        stats[f"pass graphs left out: the evaluator fails on them ({problem})"] += 1
        stats["pass graphs left out"] += 1
        return
    exact = [name for name, p in passes.PASSES.items() if p.exact]  # not the float-changing ones
    if replicas * partitions > 1:
        stats[f"pass graphs on a grid of {replicas} x {partitions}"] += 1
    for label, source, names in _cases(mod, exact):
        after = passes.run(source, names)
        stats[f"pass {label}: evaluated"] += 1
        try:
            compared, _ = compare_meaning(source, after, seed % 1000, 1, replicas, partitions, entry)
        except AssertionError as e:
            raise Failure(f"pass {label} changed the meaning", str(e)) from None
        stats[f"pass {label}: {'compared' if compared else 'refused'}"] += 1
        text = print_module(after)
        if print_module(import_text(text)) != text:
            raise Failure(f"pass {label} made text that imports as another", text[:300])
        if _form(after) != _form(source):
            stats[f"pass {label}: changed"] += 1
        stats[f"pass {label}: ops removed"] += _count_ops(source) - _count_ops(after)
    stats["pass graphs evaluated"] += 1


PER_PASS = ("evaluated", "refused", "compared", "changed", "ops removed")


def per_pass(key: str) -> bool:
    """Whether a stats key is one pass's count (`pass fold: compared`), which pass_table shows."""
    return key.startswith("pass ") and key.rsplit(": ", 1)[-1] in PER_PASS


def pass_table(stats: Counter, failures: list) -> list[str]:
    """The per-pass counts as a markdown table: graphs evaluated before and after the pass, refused by
    the evaluator on every input set, compared, changed by the pass, differences found (failures)."""
    labels = sorted({key[len("pass "):].rsplit(": ", 1)[0] for key in stats if per_pass(key)},
                    key=lambda label: (label == "all in a row", label))
    rows = ["| pass | evaluated | refused | compared | changed | differences | ops removed |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for label in labels:
        differ = sum(1 for kind, _, message in failures
                     if kind == "passes" and message.startswith(f"pass {label} changed the meaning"))
        counts = [stats[f"pass {label}: {what}"] for what in ("evaluated", "refused", "compared", "changed")]
        rows.append(f"| {label} | " + " | ".join(f"{n:,}" for n in counts)
                    + f" | {differ} | {stats[f'pass {label}: ops removed']:,} |")
    return rows
