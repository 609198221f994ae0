"""The fast lowering: vitir's three rewrites of the reference's train-step graph, as rules
and one function pass over the built module (docs/lowering.md).

- `patch-embed-gradient`: the patch embedding's weight gradient, which the reference
  writes as a valid convolution of the transposed image with the output gradient dilated
  by s - 1 as its kernel (255/256 zeros at patch 16), becomes one dot_general of the token
  gradient with the image cut into patches; its bias gradient sums the token gradient
  directly. Not bit for bit: the dot_general adds the same products in another order.
- `exact-floats`: the label-smoothed cross-entropy's a/K and 1 - a, which the reference
  prints with C's %f (0.1/3 as `0.033333`, so the target sums to 0.999999), print as the
  doubles computed from the graph's own smoothing a (`0.03333333333333333`). Changes the
  program on purpose: it computes the gradient of the loss it prints.
- `fuse-all-reduce`: the cross-replica means of every gradient (one all_reduce each) become
  one all_reduce of all of them, flattened and concatenated, sliced back after. Exact: each
  element is summed across the same replicas and divided by the same count.

`fast-lowering` runs the three, then dead-code elimination of what they left unread. Each
rule names its new values as vitir's builder would, so the fast module prints the text
the layers' former fast builders printed.
"""

from __future__ import annotations

import math

from ..ast import ops as O
from ..ast.module import Function
from ..ast.regions import BinaryRegion
from ..float_text import c_float, exact_float
from ..passes import Pass, get, register
from ..rewrite.driver import Match
from ..rewrite.index import UseIndex
from ..rewrite.rules import RuleSet, rule

SWAP_01 = (1, 0, 2, 3)  # [b, c, H, W] <-> [c, b, H, W]
CHANNELS_FIRST = (0, 3, 1, 2)  # the token grid [b, ph, pw, d] -> [b, d, ph, pw]
NCHW = ("bf01", "oi01", "bf01")


def _defined(m: Match, value, cls, **attributes):
    """The op of class `cls` that defines `value` with these attribute values, or None."""
    op = m.defining(value)
    if type(op) is not cls:
        return None
    for name, want in attributes.items():
        if tuple(getattr(op, name)) != want:
            return None
    return op


def _plain_convolution(conv) -> bool:
    """Stride 1, no padding, no dilation, no reversal, one group, default precision, NCHW (an
    absent window attribute is its default)."""
    layouts = conv.layouts

    def default(value, ones) -> bool:
        return value is None or tuple(value) == ones

    return ((layouts.lhs, layouts.rhs, layouts.out) == NCHW and default(conv.stride, (1, 1))
            and (conv.padding is None or all(tuple(p) == (0, 0) for p in conv.padding))
            and default(conv.lhs_dilate, (1, 1)) and default(conv.rhs_dilate, (1, 1)) and not any(conv.reverse or ())
            and conv.feature_group_count == 1 and conv.batch_group_count == 1 and conv.precision_config is None)


def _token_gradient(m: Match, dy, tokens: int):
    """[b, ph pw, d] when `dy` [b, d, ph, pw] is the reference's view of it (a reshape to the
    grid, then channels first), else None."""
    grid = _defined(m, dy, O.Transpose, perm=CHANNELS_FIRST)
    flat = m.defining(grid.operand) if grid is not None else None
    if type(flat) is not O.Reshape:
        return None
    source = flat.operand
    b, d = dy.shape[0], dy.shape[1]
    return source if source.shape == (b, tokens, d) else None


def _layer_prefix(name: str, suffix: str) -> str | None:
    """`vitpe` of `vitpedw` (suffix `dw`): the layer's prefix, to name the new values as it would."""
    return name[:-len(suffix)] if name.endswith(suffix) and len(name) > len(suffix) else None


@rule(O.Transpose)
def patch_embed_weight_gradient(op, m):
    """dw = transpose(conv(transpose(x), transpose(pad(dy, interior s - 1)))) -> one dot_general of the
    token gradient [b, n, d] with the patches of x [b, n, c s s]: the same sum of products
    dy[b, d, u, v] x[b, c, u s + i, v s + j], in another order (not bit for bit)."""
    if tuple(op.perm) != SWAP_01:
        return None
    conv = m.defining(op.operand)
    if type(conv) is not O.Convolution or not _plain_convolution(conv):
        return None
    image = _defined(m, conv.lhs, O.Transpose, perm=SWAP_01)
    kernel = _defined(m, conv.rhs, O.Transpose, perm=SWAP_01)
    pad = m.defining(kernel.operand) if kernel is not None else None
    if image is None or type(pad) is not O.Pad:
        return None
    x, dy = image.operand, pad.operand
    b, c, hh, ww = x.shape
    _, d, ph, pw = dy.shape
    sh, sw = pad.interior[2] + 1, pad.interior[3] + 1
    zero = m.splat(pad.padding_value)
    if (tuple(pad.interior[:2]) != (0, 0) or any(pad.low) or any(pad.high) or dy.shape[0] != b
            or zero != 0 or math.copysign(1.0, zero) < 0 or (hh, ww) != (ph * sh, pw * sw)
            or not x.type.dtype is dy.type.dtype is op.results[0].type.dtype):
        return None
    p = _layer_prefix(op.results[0].name, "dw")
    m.b.exact_names = p is not None
    p = p or "pe"
    tokens = _token_gradient(m, dy, ph * pw)
    if tokens is None:  # dy built some other way: read it as tokens
        grid = m.b.transpose(f"{p}dyt", dy, [0, 2, 3, 1])
        tokens = m.b.reshape(f"{p}dtok", grid, [b, ph * pw, d])
    x6 = m.b.reshape(f"{p}xp6", x, [b, c, ph, sh, pw, sw])
    xt = m.b.transpose(f"{p}xpt", x6, [0, 2, 4, 1, 3, 5])  # [b, ph, pw, c, sh, sw]: token-major patches
    patches = m.b.reshape(f"{p}xpf", xt, [b, ph * pw, c * sh * sw])
    flat = m.b.dot_general(f"{p}dwf", tokens, patches, ([0, 1], [0, 1]))  # [d, c sh sw]
    return m.b.reshape(f"{p}dw", flat, [d, c, sh, sw])


@rule(O.Reduce)
def patch_embed_bias_gradient(op, m):
    """db = sum over [0, 2, 3] of the token gradient seen as [b, d, ph, pw] -> the sum over [0, 1]
    of the tokens [b, n, d] themselves (the same elements, added in another order)."""
    if (len(op.inputs) != 1 or tuple(op.dimensions) != (0, 2, 3) or type(op.body) is not BinaryRegion
            or op.body.op_class is not O.Add):
        return None
    dy = op.inputs[0]
    tokens = _token_gradient(m, dy, dy.shape[2] * dy.shape[3]) if dy.type.rank == 4 else None
    if tokens is None:
        return None
    m.b.exact_names = True
    return m.b.reduce(op.results[0].name, tokens, op.init_values[0], [0, 1])


# -- exact floats ------------------------------------------------------------------------------

def _percent_f(literal) -> bool:
    """Whether `literal` is as C's %f prints: digits, a point, six digits."""
    if type(literal) is not str:
        return False
    whole, point, decimals = literal.lstrip("-").partition(".")
    return point == "." and whole.isdigit() and len(decimals) == 6 and decimals.isdigit()


def _smoothing(m: Match, probabilities):
    """The smoothing a of the label-smoothed target the softmax `probabilities` meets:
    (p - onehot) + a onehot - a/K, a the %f literal of a splat constant. None if absent."""
    for use in m.uses(probabilities):
        if type(use) is not O.Subtract or use.lhs is not probabilities:
            continue
        for shifted in m.uses(use.results[0]):
            if type(shifted) is not O.Add or shifted.lhs is not use.results[0]:
                continue
            weighted = _defined(m, shifted.rhs, O.Multiply)
            a = m.constant(weighted.lhs) if weighted is not None else None
            if a is not None and _percent_f(a.value):
                return float(a.value)
    return None


def _sum_of_logs(m: Match, total):
    """(log p, whether it was weighted by the one-hot labels) when `total` is the sum over
    classes of log p or of onehot * log p; else None."""
    reduce = m.defining(total)
    if type(reduce) is not O.Reduce or len(reduce.inputs) != 1 or tuple(reduce.dimensions) != (1,):
        return None
    term = m.defining(reduce.inputs[0])
    if type(term) is O.Log:
        return term, False
    if type(term) is O.Multiply:
        log = m.defining(term.rhs)
        if type(log) is O.Log:
            return log, True
    return None


def _exact_literal(op, m):
    """The exact literal of a render-time float constant of the smoothed cross-entropy, or None."""
    uses = m.uses(op.results[0])
    if len(uses) != 1:
        return None
    user = uses[0]
    if type(user) is O.Subtract and user.rhs is op.results[0]:  # the target: ... + a onehot - a/K
        shifted = _defined(m, user.lhs, O.Add)
        weighted = _defined(m, shifted.rhs, O.Multiply) if shifted is not None else None
        a = m.constant(weighted.lhs) if weighted is not None else None
        if a is None or not _percent_f(a.value) or op.result_type.shape != a.result_type.shape:
            return None
        exact = float(a.value) / op.result_type.shape[-1]
    elif type(user) is O.Multiply and user.lhs is op.results[0]:  # the loss: (1 - a) t1 + (a/K) sum log p
        found = _sum_of_logs(m, user.rhs)
        smoothing = _smoothing(m, found[0].operand) if found is not None else None
        if smoothing is None:
            return None
        log, weighted = found
        exact = 1.0 - smoothing if weighted else smoothing / log.operand.shape[-1]
    else:
        return None
    # printed from that double by %f, and %f did not read back as it: the reference's rounding
    return exact_float(exact) if op.value == c_float(exact) and exact_float(exact) != op.value else None


@rule(O.Constant)
def exact_smoothing_floats(op, m):
    """The smoothed cross-entropy's a/K and 1 - a printed with %f (0.1/3 as `0.033333`) -> the
    shortest text of the double (`0.03333333333333333`), a read from the graph's own %f literal.
    Not meaning-keeping: the target then sums to 1, as the loss assumes."""
    if not op.result_type.dtype.is_float or not _percent_f(op.value):
        return None
    literal = _exact_literal(op, m)
    if literal is None:
        return None
    m.b.exact_names = True
    return m.b.constant(op.results[0].name, literal, op.result_type.shape, op.result_type.dtype)


PATCH_EMBED_RULES = RuleSet([patch_embed_weight_gradient, patch_embed_bias_gradient])
EXACT_FLOAT_RULES = RuleSet([exact_smoothing_floats])


# -- one all-reduce ------------------------------------------------------------------------------

def fuse_all_reduce(fn: Function, index: UseIndex | None = None) -> int:
    """Every top-level cross-replica mean of `fn` (all_reduce_mean, one per gradient) -> one of
    their flattened concatenation, sliced and reshaped back, where the first one was. Applies
    when there are two or more, of one replica count (and kind) and element type, each reading a value
    defined before the first. Returns how many were fused (0: none)."""
    index = index or UseIndex(fn)
    means = [(i, op) for i, op in enumerate(fn.ops) if type(op) is O.AllReduceMean]
    if len(means) < 2:
        return 0
    first = means[0][0]
    before = {v for op in fn.ops[:first] for v in op.results} | set(fn.args)
    grads = [op.operand for _, op in means]
    if (len({(op.replicas, op.over_partitions) for _, op in means}) != 1 or len({g.type.dtype for g in grads}) != 1
            or any(g not in before for g in grads)):
        return 0
    b = Match(index).b
    b.path = "allreduce"
    taken: set[str] = set()  # names given here, not yet in the index (two means of one value)
    flat = [b.reshape(_free(index, f"arflat{_plain(g)}", taken), g, [g.type.num_elements]) for g in grads]
    vector = b.concatenate(_free(index, "arcat"), flat, 0)
    mean = b.all_reduce_mean(_free_tag(index, "grads"), vector, means[0][1].replicas, bool(means[0][1].over_partitions))
    start, pieces = 0, []
    for g in grads:
        n = g.type.num_elements
        piece = b.slice(_free(index, f"arpart{_plain(g)}", taken), mean, [start], [start + n])
        pieces.append(b.reshape(_free(index, f"armean{_plain(g)}", taken), piece, g.shape))
        start += n
    for (_, op), piece in zip(means, pieces):
        index.replace_all_uses(op.results[0], piece)
    gone = {id(op) for _, op in means}
    for _, op in means:
        index.forget(op)
    fn.ops[:] = [op for op in fn.ops if id(op) not in gone]
    index.insert(fn, first, b.pending)
    return len(means)


def _plain(value) -> str:
    """A value's name as part of another: `t5#1` (one result of several) as `t5_1`."""
    return value.name.replace("#", "_")


def _free(index: UseIndex, name: str, taken: set[str] | None = None) -> str:
    """`name`, or `name_1`, `name_2`, ... when the function already defines it (or `taken` holds it)."""
    taken = set() if taken is None else taken
    found, n = name, 0
    while index.has_name(found) or found in taken:
        n += 1
        found = f"{name}_{n}"
    taken.add(found)
    return found


def _free_tag(index: UseIndex, tag: str) -> str:
    """A tag whose all_reduce_mean names (arsum<tag>, ..., armean<tag>) are all free."""
    found, n = tag, 0
    while any(index.has_name(name) for name in O.AllReduceMean.default_names(found)):
        n += 1
        found = f"{tag}_{n}"
    return found


# -- the passes ------------------------------------------------------------------------------------

def fuse_all_reduce_pass(fn: Function) -> int:
    return fuse_all_reduce(fn)


PATCH_EMBED_GRADIENT = register(Pass.of_rules(
    "patch-embed-gradient", "the patch-embed weight gradient as one dot_general over patches, not a dilated "
                            "convolution (reassociates float sums)", PATCH_EMBED_RULES, exact=False))
EXACT_FLOATS = register(Pass.of_rules(
    "exact-floats", "the smoothed cross-entropy's a/K and 1 - a printed exactly, not with %f (changes the program: "
                    "the target sums to 1)", EXACT_FLOAT_RULES, exact=False))
FUSE_ALL_REDUCE = register(Pass("fuse-all-reduce", "one all_reduce for every cross-replica gradient mean",
                                fuse_all_reduce_pass))
FAST_LOWERING = register(Pass.sequence(
    "fast-lowering", "vitir's fast lowering: patch-embed-gradient, exact-floats, fuse-all-reduce, then dce",
    [PATCH_EMBED_GRADIENT, EXACT_FLOATS, FUSE_ALL_REDUCE, get("dce")]))
