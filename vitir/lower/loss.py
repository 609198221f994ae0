"""Softmax cross-entropy: the logits cotangent (hard or label-smoothed) and the loss.

Cotangent of the mean loss: dy = (softmax(z) - target) / b, with the smoothed
target (1 - a) onehot + a/K, written as (softmax - onehot) + a onehot - a/K.
Loss: -mean_b((1 - a) log p[true] + (a/K) sum_k log p_k).
"""

from __future__ import annotations

from ..ast import FunctionBuilder, Value
from ..float_text import c_float


def _softmax(fb: FunctionBuilder, logits: Value) -> Value:
    b, k = logits.shape
    e = fb.exponential("le", logits)
    s = fb.sum("lsum", e, [1])
    sb = fb.broadcast_in_dim("lsb", s, [0], [b, k])
    return fb.divide("lsm", e, sb)


def softmax_ce_cotangent(fb: FunctionBuilder, logits: Value, onehot: Value) -> Value:
    """dy = (softmax(logits) - onehot) / b."""
    b, _ = logits.shape
    with fb.layer("loss"):
        sm = _softmax(fb, logits)
        dyr = fb.subtract("dyr", sm, onehot)
        bnc = fb.constant("bnc", f"{b}.0", logits.shape)
        return fb.divide("dy", dyr, bnc)


def smoothed_ce(fb: FunctionBuilder, logits: Value, onehot: Value, smoothing: float) -> tuple[Value, Value]:
    """Label-smoothed cotangent and the scalar loss: (dy, loss). Render-time
    floats print with the reference's %f; the fast lowering's exact-floats rule
    (vitir/lower/fast_rules.py) reprints a/K and 1 - a so that they read back as
    the doubles computed from the graph's own a."""
    b, k = logits.shape
    a_over_k = c_float(smoothing / k)
    with fb.layer("loss"):
        sm = _softmax(fb, logits)
        dyr0 = fb.subtract("dyr0", sm, onehot)
        lsa = fb.constant("lsa", c_float(smoothing), logits.shape)
        lsaoh = fb.multiply("lsaoh", lsa, onehot)
        dyr1 = fb.add("dyr1", dyr0, lsaoh)
        lsaik = fb.constant("lsaik", a_over_k, logits.shape)
        dyr = fb.subtract("dyr", dyr1, lsaik)
        bnc = fb.constant("bnc", f"{b}.0", logits.shape)
        dy = fb.divide("dy", dyr, bnc)
        llog = fb.log("llog", sm)
        ohll = fb.multiply("ohll", onehot, llog)
        t1s = fb.sum("t1s", ohll, [1])
        lls = fb.sum("lls", llog, [1])
        omac = fb.constant("omac", c_float(1.0 - smoothing), [b])
        akc = fb.constant("aKc", a_over_k, [b])
        lt1 = fb.multiply("lt1", omac, t1s)
        lt2 = fb.multiply("lt2", akc, lls)
        lpe = fb.add("lpe", lt1, lt2)
        lsum2 = fb.sum("lsum2", lpe, [0])
        lbfc = fb.constant("lbfc", f"{b}.0", [])
        lossm = fb.divide("lossm", lsum2, lbfc)
        loss = fb.negate("loss", lossm)
    return dy, loss


def mse(fb: FunctionBuilder, pred: Value, target: Value) -> tuple[Value, Value]:
    """Mean squared error over every element, and its cotangent: (dy, loss),
    loss = sum((pred - target)^2) / N,  dy = (2 / N) (pred - target)."""
    count = 1
    for s in pred.shape:
        count *= s
    dims = list(range(pred.type.rank))
    with fb.layer("loss"):
        diff = fb.subtract("mdiff", pred, target)
        sq = fb.multiply("msq", diff, diff)
        total = fb.sum("msum", sq, dims)
        n = fb.constant("mcount", f"{count}.0", [])
        loss = fb.divide("loss", total, n)
        scale = fb.constant("mscale", repr(2.0 / count), pred.shape)
        dy = fb.multiply("dy", diff, scale)
    return dy, loss


def weighted_mse(fb: FunctionBuilder, pred: Value, target: Value, weight: Value) -> tuple[Value, Value]:
    """The squared error weighted per example (weight [b], e.g. min-SNR), and its cotangent: (dy, loss),
    loss = sum_i w_i sum_j (pred - target)_ij^2 / N,  dy = (2 / N) w_i (pred - target)_i."""
    count = 1
    for s in pred.shape:
        count *= s
    rank = pred.type.rank
    with fb.layer("loss"):
        diff = fb.subtract("mdiff", pred, target)
        wb = fb.broadcast_in_dim("mwb", weight, [0], pred.shape)
        wdiff = fb.multiply("mwd", diff, wb)
        total = fb.sum("msum", fb.multiply("msq", wdiff, diff), list(range(rank)))
        loss = fb.divide("loss", total, fb.constant("mcount", f"{count}.0", []))
        dy = fb.multiply("dy", wdiff, fb.constant("mscale", repr(2.0 / count), pred.shape))
    return dy, loss
