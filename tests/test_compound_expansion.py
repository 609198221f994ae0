"""A compound node's expansion is built once per signature and that one serves the printer, the
evaluator, the importer's folding, the effect check and the expand/fold passes; what an op reads
from its block (operands, and what its regions capture) is one walk."""

from __future__ import annotations

import numpy as np
import pytest

from vitir.ast import FunctionBuilder, f32, module
from vitir.ast import ops as O
from vitir.ast.uses import captured, read_counts, reads
from vitir.errors import EvaluationError
from vitir.evaluate import evaluate
from vitir.mlir import import_text
from vitir.passes import run
from vitir.print import print_module
from vitir.rewrite import effect_free


@pytest.fixture
def counted_expansions(monkeypatch):
    """The operand types of every AllReduceMean expansion built from here on."""
    built = []
    original = O.AllReduceMean.expand

    def expand(b, op):
        built.append(b.args[0].type)
        return original(b, op)

    monkeypatch.setattr(O.AllReduceMean, "expand", staticmethod(expand))
    return built


def test_one_expansion_per_signature_serves_every_reader(counted_expansions):
    fb = FunctionBuilder("f")
    x = fb.arg("x", f32(13, 3))  # a signature no other test builds
    mean = fb.all_reduce_mean("g", x, 3)
    other = fb.all_reduce_mean("h", fb.negate("nx", x), 3)  # the same signature, other names
    fn = fb.ret(fb.add("y", mean, other))
    text = print_module(module(fn))
    assert "    %armeang = stablehlo.divide %arsumg, %arng : tensor<13x3xf32>\n" in text
    assert "    %armeanh = stablehlo.divide %arsumh, %arnh : tensor<13x3xf32>\n" in text

    inputs = [[np.arange(39, dtype=np.float32).reshape(13, 3) * (r + 1)] for r in range(3)]
    results = evaluate(fn, inputs, replicas=3)
    total = sum(i[0] for i in inputs)
    for (y,) in results:  # mean(x) + mean(-x): the exact zero of two means of one sum
        np.testing.assert_array_equal(y, total / np.float32(3) + (-total) / np.float32(3))
    with pytest.raises(EvaluationError, match=r"^stablehlo.all_reduce %arsumg: replica_groups \[\[0, 1, 2\]\] reduce "
                                              r"over 3 replicas; evaluate with replicas=3, not 1$"):
        evaluate(fn, inputs[0][0])  # an error met in the expansion names its values as the node does

    imported = import_text(text)
    assert [type(op) for op in imported.main.ops] == [O.AllReduceMean, O.Negate, O.AllReduceMean, O.Add]
    assert effect_free(imported.main.ops[0]) is False  # an all_reduce: its expansion decides
    expanded = run(module(fn), ["expand-compounds"])
    assert not any(type(op).COMPOUND for op in expanded.main.ops)
    assert print_module(expanded) == text  # the copy carries the node's names
    assert [type(op) for op in run(expanded, ["fold-compounds"]).main.ops] == [
        O.AllReduceMean, O.Negate, O.AllReduceMean, O.Add]
    # built once for all of them (beside, once per process, the class's example the folding looks for)
    assert [t for t in counted_expansions if t != f32(2)] == [f32(13, 3)]


def test_an_op_reads_its_operands_and_what_its_regions_capture():
    fb = FunctionBuilder("f")
    p, x, w = fb.arg("p", f32()), fb.arg("x", f32(3)), fb.arg("w", f32(3))
    pred = fb.compare("c", p, fb.constant("zero", "0.0", ()), "GT")
    yes = fb.region()
    yes = yes.ret(yes.multiply("xw", x, w))
    no = fb.region()
    no = no.ret(w)
    fn = fb.ret(fb.add("s", fb.if_("r", pred, yes, no), x))
    branch = fn.ops[-2]
    assert [v.name for v in captured(branch.true_branch)] == ["x", "w"]
    assert [v.name for v in captured(branch.false_branch)] == ["w"]
    assert [v.name for v in reads(branch)] == ["c", "x", "w", "w"]
    counts = read_counts(fn.ops, fn.ret.operands)
    assert {v.name: n for v, n in counts.items()} == {"p": 1, "zero": 1, "c": 1, "x": 2, "w": 2, "r": 1, "s": 1}


def _adamw_text() -> str:
    from vitir.ast.ops.compound import AdamScalars

    fb = FunctionBuilder("main")
    theta, g, m, v = (fb.arg(n, f32(3, 2)) for n in ("theta", "g", "m", "v"))
    scalars = AdamScalars(*(fb.arg(n, f32()) for n in AdamScalars._fields))
    return print_module(module(fb.ret(*fb.adamw_update("0", theta, g, m, v, scalars))))


@pytest.mark.parametrize("written, edited, folds", [
    (None, None, True),
    # a stand-in read twice must read one value both times
    ("%adg20 = stablehlo.multiply %g, %g", "%adg20 = stablehlo.multiply %g, %m", False),
    # a stand-in may not be a value the run defines
    ("%admg0 = stablehlo.multiply %adob10, %g", "%admg0 = stablehlo.multiply %adob10, %adms0", False),
    ("%adsub0 = stablehlo.subtract %theta, %adst0", "%adsub0 = stablehlo.subtract %adst0, %theta", False),
    # a value of the run read outside it (by the return)
    ("return %adnew0, %admn0, %advn0", "return %adnew0, %admn0, %adsq0", False),
])
def test_a_run_folds_into_a_node_only_when_it_is_the_nodes_expansion_whole(written, edited, folds):
    text = _adamw_text()
    if written is not None:
        assert text.count(written) == 1
        text = text.replace(written, edited)
    imported = import_text(text)
    classes = [type(op) for op in imported.main.ops]
    assert classes == [O.AdamWUpdate] if folds else len(classes) == 26 and O.AdamWUpdate not in classes
    assert print_module(imported) == text  # folded or not, the same bytes
