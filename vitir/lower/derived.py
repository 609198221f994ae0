"""Train steps whose backward is derived by vitir.autodiff from the forward, instead of the layers'
hand-derived halves (`vitir render adam-sched --backward derived`, `vitir train --backward derived`).

The loss function is the hand step's forward and loss: `@vit_loss(x, params..., onehot) -> loss`
(vit_forward, then the label-smoothed cross-entropy's loss half). vitir.autodiff.value_and_grad
gives its loss and the gradient of every parameter; the step splices that function in, then runs
the same AdamW updates as the hand step, and the whole goes through dce, cse, fold and simplify.
The hand step's text is untouched: it is built by train_step.py as before.
"""

from __future__ import annotations

from ..ast import FunctionBuilder, Module
from ..ast.gc_pause import gc_paused
from .config import ViTConfig
from .loss import smoothed_ce
from .optim import AdamHyper, adam_scalars, adamw_updates, baked_adam_literals
from .step_signature import with_signature
from .train_step import BACKWARDS, labelled_forward, sched_args

PASSES = ("dce", "cse", "fold", "simplify", "dce")


def loss_function(cfg: ViTConfig, smoothing: float):
    """@vit_loss(x, params..., onehot) -> the label-smoothed cross-entropy (its forward only)."""
    from .. import passes

    fb = FunctionBuilder("vit_loss")
    _, _, onehot, _, saved = labelled_forward(fb, cfg)
    _, loss = smoothed_ce(fb, saved.logits, onehot, smoothing)
    return passes.run(fb.ret(loss), ["dce"])  # the hand cotangent the loss half also builds: not needed


@gc_paused
def derived_adam_sched_module(cfg: ViTConfig, hyper: AdamHyper = AdamHyper(), replicas: int = 1, *,
                              lowering: str = "reference") -> Module:
    """adam_sched_module's step (the same arguments, results and signature) with the derived backward."""
    from .. import passes
    from ..autodiff import value_and_grad
    from ..autodiff.api import inline
    from ..config_checks import require_replica_count
    from .lowering import lowered

    require_replica_count(replicas)
    loss_fn = loss_function(cfg, hyper.label_smoothing)
    grad_fn = value_and_grad(loss_fn, wrt=range(1, len(loss_fn.args) - 1))
    fb = FunctionBuilder("vit_adam_train_step")
    x, params, ms, vs, runtime, onehot = sched_args(fb, cfg)
    fb.zero = fb.constant("sc", "0.0")
    consts = {name: fb.constant(name, literal) for name, literal in baked_adam_literals(hyper).items()}
    loss, *grads = inline(fb, grad_fn, [x, *params.flat(), onehot])
    thetas, m2, v2 = adamw_updates(fb, params.flat(), grads, ms, vs, adam_scalars({**consts, **runtime}), replicas)
    rest = [runtime["bc1"], runtime["bc2"]]
    inputs = {"leading": [x], "params": params.flat(), "m": ms, "v": vs, "schedule": list(runtime.values()),
              "trailing": [onehot]}
    outputs = {"params": thetas, "m": m2, "v": v2, "loss": [loss], "rest": rest}
    module = passes.run(Module([fb.ret(*(v for values in outputs.values() for v in values))]), list(PASSES))
    # the passes keep the arguments (by name) and the results' order, not the result values themselves
    fn = module.main
    args = {a.name: a for a in fn.args}
    results = iter(fn.ret.operands)
    step = with_signature(module, {group: [args[v.name] for v in values] for group, values in inputs.items()},
                          {group: [next(results) for _ in values] for group, values in outputs.items()})
    return lowered(step, lowering)


BACKWARDS["derived"] = derived_adam_sched_module
