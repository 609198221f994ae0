"""Every vitir module kind, in both lowerings, on IREE against PJRT and against
the numpy evaluator, at the tolerance the evaluator is held to against PJRT
(tests/test_evaluate.py: max|a - b| / max|b| per result below 1e-5).

AdamW caveat: the inputs carry moments as after a few steps. With moments near
zero, an update m / (sqrt(v) + eps) at an element whose v is about 1e-12 turns
float32 rounding of the gradient into an lr-sized difference; IREE and PJRT
then differ there as PJRT and the evaluator do, and nowhere else.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

pytest.importorskip("iree.compiler", reason="the IREE backend needs pip install 'vitir[iree]'")

from tests.test_evaluate import (MODULE_TOLERANCE, SQUARE, WIDE, assert_agree, realistic_inputs,  # noqa: E402
                                 relative_error)
from vitir.backend import compile_module  # noqa: E402
from vitir.evaluate import evaluate  # noqa: E402
from vitir.lower import (AdamHyper, adam_dp_module, adam_module, adam_packed_module,  # noqa: E402
                         adam_sched_module, fwd_module, sgd_module)
from vitir.print import print_module  # noqa: E402

# Every kind `vitir render` prints; adam-dp at one replica (IREE runs one), where it has no all-reduce.
MODULE_KINDS = {
    "fwd": lambda cfg, lowering: fwd_module(cfg),
    "sgd": lambda cfg, lowering: sgd_module(cfg, lowering=lowering),
    "adam": lambda cfg, lowering: adam_module(cfg, lowering=lowering),
    "adam-packed": lambda cfg, lowering: adam_packed_module(cfg, lowering=lowering),
    "adam-sched": lambda cfg, lowering: adam_sched_module(cfg, lowering=lowering),
    "adam-dp": lambda cfg, lowering: adam_dp_module(cfg, AdamHyper(), 1, lowering=lowering),
}
CASES = [(kind, lowering, "square") for kind in MODULE_KINDS for lowering in ("reference", "fast")
         if not (kind == "fwd" and lowering == "fast")]  # the forward has no backward to rewrite
# The wide image (4 x 12, no blocks) through the forward and the step the trainer runs.
CASES += [("fwd", "reference", "wide"), ("adam-sched", "fast", "wide")]
CONFIGS = {"square": SQUARE, "wide": WIDE}


@pytest.mark.parametrize("kind, lowering, config", CASES)
def test_module_on_iree_agrees_with_pjrt_and_the_evaluator(kind, lowering, config):
    cfg = CONFIGS[config]
    mod = MODULE_KINDS[kind](cfg, lowering)
    text = print_module(mod)
    inputs = realistic_inputs(mod.main, cfg, np.random.default_rng(0))
    got = compile_module(text, backend="iree")(*inputs)
    assert_agree(mod.main, got, compile_module(text)(*inputs))
    assert_agree(mod.main, got, evaluate(mod, *inputs))


def test_one_replica_with_the_whole_batch_is_the_data_parallel_step():
    """What the IREE backend offers instead of --replicas R: the averaged step of R
    replicas is the one-replica step on the R shards together."""
    replicas, whole = 2, SQUARE
    shard = dataclasses.replace(whole, batch=whole.batch // replicas)
    sched = adam_sched_module(whole, lowering="fast")
    inputs = realistic_inputs(sched.main, whole, np.random.default_rng(4))
    on_iree = compile_module(print_module(sched), backend="iree")(*inputs)
    dp = compile_module(print_module(adam_dp_module(shard, AdamHyper(), replicas, lowering="fast")),
                        replicas=replicas, platform="cpu")
    per_replica = dp.run_replicated(inputs, split=["x", "onehot"])
    names = [v.name for v in sched.main.ret.operands]
    for on_pjrt in per_replica:  # parameters, moments and scalars: the same on every replica and on IREE
        errors = {n: relative_error(a, b) for n, a, b in zip(names, on_iree, on_pjrt) if n != "loss"}
        assert max(errors.values()) < MODULE_TOLERANCE, errors
    # each replica reports the loss of its shard; their mean is the whole batch's
    loss = names.index("loss")
    np.testing.assert_allclose(np.mean([r[loss] for r in per_replica]), on_iree[loss], rtol=MODULE_TOLERANCE)
