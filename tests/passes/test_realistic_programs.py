"""`dce,cse,fold,simplify` on programs JAX lowers at run time (a ViT train step, an attention block, a scan,
sorts, random numbers, a convolution's gradients) and on the StableHLO interpreter suite: the values are
the original's bit for bit (random inputs and edge values), every suite case still gives its expected
values, and the programs shrink."""

from __future__ import annotations

import pytest

import vitir.passes as P
from tests.differential import assert_same_meaning, same_bits
from tests.passes.jax_programs import PROGRAMS, lowered
from vitir.conformance import default_suite, suite_cases
from vitir.conformance.passes import count_ops, run_with_passes
from vitir.evaluate import evaluate
from vitir.mlir import import_text
from vitir.print import print_module

PIPELINE = "dce,cse,fold,simplify"
SUITE = default_suite()


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_a_jax_program_keeps_its_values_bit_for_bit_and_shrinks(name):
    text, inputs = lowered(name)
    m = import_text(text)
    out = import_text(print_module(P.run(m, PIPELINE)))  # the optimised text reads back
    assert count_ops(out) < count_ops(m)
    for a, b in zip(evaluate(m, *inputs), evaluate(out, *inputs), strict=True):
        assert same_bits(a, b) is None
    assert_same_meaning(m, out, seed=1, count=1)


def _suite_cases(every: int):
    if not SUITE.is_dir():
        return []
    return suite_cases(SUITE)[::every]


def _check(cases):
    outcomes = [run_with_passes(case, PIPELINE) for case in cases]
    wrong = [f"{o.case.id}: {o.status}: {o.message}" for o in outcomes if o.status in ("differs", "failure")]
    assert wrong == []
    kept = [o for o in outcomes if o.status == "kept"]
    assert kept and sum(o.ops_after for o in kept) < sum(o.ops_before for o in kept)
    return outcomes


@pytest.mark.skipif(not SUITE.is_dir(), reason=f"the conformance suite is not at {SUITE}")
def test_a_tenth_of_the_conformance_suite_gives_its_expected_values_after_the_passes():
    _check(_suite_cases(10))


@pytest.mark.slow
@pytest.mark.skipif(not SUITE.is_dir(), reason=f"the conformance suite is not at {SUITE}")
def test_every_conformance_case_gives_its_expected_values_after_the_passes():
    outcomes = _check(_suite_cases(1))
    assert sum(o.status == "kept" for o in outcomes) >= 516  # every case that passes vitir's stages


def test_vitir_opt_runs_the_passes_on_jax_text(tmp_path, capsys):
    from vitir.cli import main

    text, inputs = lowered("conv_grads")
    source, out = tmp_path / "conv.mlir", tmp_path / "conv.opt.mlir"
    source.write_text(text)
    assert main(["opt", str(source), "-p", PIPELINE, "-o", str(out)]) == 0
    optimized, original = import_text(out.read_text()), import_text(text)
    assert count_ops(optimized) < count_ops(original)
    for a, b in zip(evaluate(original, *inputs), evaluate(optimized, *inputs), strict=True):
        assert same_bits(a, b) is None
    assert main(["opt", "--list"]) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    for name in ("fold", "simplify", "simplify-unsafe-float", "inline-composite", "expand-compounds", "fold-compounds"):
        assert name in listed
