"""Whole programs: scalar functions lowered by JAX at test time, differentiated by `vitir grad` and
run by `vitir run` (PJRT), equal to jax.value_and_grad; and two gradients JAX cannot give: of a
jax.export artefact serialized without its VJP, and reverse mode through a while whose trip
count depends on an input."""

from __future__ import annotations

import numpy as np
import pytest

jax = pytest.importorskip("jax")
import jax.numpy as jnp  # noqa: E402
from jax import export, lax  # noqa: E402

from vitir.cli import main  # noqa: E402

from .harness import rel_err  # noqa: E402

PROGRAMS: dict = {}


def program(*shapes, platform=None, tolerance=1e-5):
    """Register a scalar function of arrays drawn by `shapes` (a shape: a normal float32; a
    callable: rng -> array). `platform`: lower for it (stablehlo.cholesky is TPU's lowering; the
    CPU's is a LAPACK custom_call)."""
    def register(f):
        PROGRAMS[f.__name__] = (f, shapes, platform, tolerance)
        return f
    return register


def draw(shapes, rng):
    return [s(rng) if callable(s) else rng.normal(size=s).astype(np.float32) for s in shapes]


def lower(f, inputs, platform=None) -> str:
    if platform is None:
        return jax.jit(f).lower(*inputs).as_text()
    return export.export(jax.jit(f), platforms=[platform])(*inputs).mlir_module()


def grad_and_run(tmp_path, text: str, inputs, *flags) -> list[np.ndarray]:
    """`vitir grad` of the program text, then `vitir run` of the result on the inputs."""
    source, derived = tmp_path / "f.mlir", tmp_path / "grad.mlir"
    source.write_text(text)
    assert main(["grad", str(source), *flags, "-o", str(derived)]) == 0
    arrays, outputs = tmp_path / "in.npz", tmp_path / "out.npz"
    np.savez(arrays, **{f"arg{i}": x for i, x in enumerate(inputs)})
    assert main(["run", str(derived), "--inputs", str(arrays), "--out", str(outputs)]) == 0
    with np.load(outputs) as out:
        return [out[f"out{i}"] for i in range(len(out.files))]


def float_arguments(inputs) -> tuple[int, ...]:
    return tuple(i for i, x in enumerate(inputs) if np.issubdtype(x.dtype, np.floating))


def assert_value_and_grad(got, value, grads, tolerance):
    assert len(got) == 1 + len(grads)
    assert rel_err(got[0], value) <= tolerance, (got[0], value)
    for i, (g, want) in enumerate(zip(got[1:], grads)):
        err = rel_err(g, want)
        assert err <= tolerance, f"gradient {i}: relative error {err:.3g}"


def labels(n, classes):
    return lambda rng: rng.integers(0, classes, size=n).astype(np.int32)


# -- the programs ----------------------------------------------------------------------------------

@program((8, 5), (5, 16), (16,), (16, 3), (8, 3))
def mlp(x, w1, b1, w2, y):
    h = jax.nn.relu(x @ w1 + b1)
    return jnp.mean((jnp.tanh(h @ w2) - y) ** 2)


@program((6, 5), (5, 4), labels(6, 4))
def cross_entropy_gather(x, w, y):
    logp = jax.nn.log_softmax(x @ w)
    return -jnp.mean(logp[jnp.arange(y.shape[0]), y])


@program((2, 5, 8), (8, 8), (8, 8), (8, 8))
def attention(x, wq, wk, wv):
    q, k, v = x @ wq, x @ wk, x @ wv
    scores = jnp.einsum("bqd,bkd->bqk", q, k) / np.sqrt(8.0)
    return jnp.sum(jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(scores, axis=-1), v) ** 2)


@program((2, 3, 9, 8), (4, 3, 3, 3))
def strided_convolution(x, k):
    y = lax.conv_general_dilated(x, k, (2, 2), "SAME")
    return jnp.sum(jnp.tanh(y))


@program((2, 3, 8, 8), (3, 4, 4))
def pooling(x, w):
    peak = lax.reduce_window(x, -jnp.inf, lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID")
    mean = lax.reduce_window(x, 0.0, lax.add, (1, 1, 3, 3), (1, 1, 2, 2), "SAME") / 9.0
    return jnp.sum(peak * w) + jnp.sum(jnp.sin(mean))


@program((4, 6), (4, 6))
def cumsum(x, w):
    return jnp.sum(jnp.cumsum(x, axis=1) * w) + jnp.sum(jnp.cumprod(x, axis=0) ** 2)


@program((3, 4), (4, 4))
def fori_loop(x, w):
    return jnp.sum(lax.fori_loop(0, 5, lambda i, h: jnp.tanh(h @ w) + 0.1 * i, x))


@program((6, 4), lambda rng: np.int32(3), (2, 4))
def dynamic_slice_runtime_index(x, i, w):
    return jnp.sum(jnp.sin(lax.dynamic_slice(x, (i, 0), (2, 4))) * w)


@program((3, 7), (3, 7))
def sort(x, w):
    return jnp.sum(jnp.sort(x, axis=1) * w)


REPEATED = np.array([0, 2, 0, 1, 2, 0], np.int32)


@program((4, 3), (6, 3), (4, 3))
def scatter_add_repeated(x, u, w):
    return jnp.sum(jnp.tanh(x.at[REPEATED].add(u)) * w)


# Out of bounds and repeated, in each mode JAX lowers: "drop" (.at[].add's default: XLA skips the update,
# so its gradient is 0), "clip" (the index clamped first), "fill" (a gather and a select), and the
# promises unique_indices / indices_are_sorted.
OUTSIDE = np.array([1, 7, 3, -1, 3], np.int32)
SORTED = np.array([0, 2, 3, 5], np.int32)
TIED = lambda rng: rng.integers(-1, 2, size=(5, 2)).astype(np.float32)  # noqa: E731  (ties on purpose)


@program((6,), (3,), (6,))
def scatter_add_out_of_bounds(x, u, w):  # the update at 7 is dropped: d u[1] = 0
    return jnp.sum(jnp.tanh(x.at[np.array([1, 7, 3])].add(u)) * w)


@program((6, 2), (5, 2), (6, 2))
def scatter_add_clip(x, u, w):
    return jnp.sum(jnp.tanh(x.at[OUTSIDE].add(u, mode="clip")) * w)


@program((6, 2), (4, 2), (6, 2))
def scatter_add_sorted_unique(x, u, w):
    return jnp.sum(jnp.tanh(x.at[SORTED].add(u, indices_are_sorted=True, unique_indices=True)) * w)


@program((6, 2), (5, 2), (6, 2))
def scatter_set_out_of_bounds(x, u, w):
    return jnp.sum(jnp.tanh(x.at[OUTSIDE].set(u)) * w)


@program((6, 2), (5, 2))
def gather_fill(x, w):
    return jnp.sum(jnp.tanh(x.at[OUTSIDE].get(mode="fill", fill_value=0.0)) * w)


@program((6, 2), (5, 2))
def gather_clip(x, w):
    return jnp.sum(jnp.tanh(x.at[OUTSIDE].get(mode="clip")) * w)


@program((6, 2), (3, 2), (6, 2))
def scatter_multiply_unique_out_of_bounds(x, u, w):
    return jnp.sum(jnp.tanh(x.at[np.array([1, 7, 3])].multiply(u, unique_indices=True)) * w)


@program(lambda rng: rng.integers(-1, 2, size=(6, 2)).astype(np.float32), TIED, (6, 2))
def scatter_max_ties(x, u, w):
    return jnp.sum(x.at[OUTSIDE].max(u) * w)


@program(lambda rng: rng.integers(-1, 2, size=(6, 2)).astype(np.float32), TIED, (6, 2))
def scatter_min_ties(x, u, w):
    return jnp.sum(x.at[OUTSIDE].min(u) * w)


@program((4, 4), (4, 2), platform="tpu")
def cholesky_solve(a, b):
    factor = jnp.linalg.cholesky(a @ a.T + 4.0 * jnp.eye(4))
    return jnp.sum(jax.scipy.linalg.cho_solve((factor, True), b) ** 2)


def _layer_norm(x, g):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean((x - mean) ** 2, axis=-1, keepdims=True)
    return (x - mean) * lax.rsqrt(var + 1e-5) * g


def _block(x, p):
    g1, wq, wk, wv, wo, g2, w1, w2 = p
    h = _layer_norm(x, g1)
    b, n, d = h.shape
    heads = 2
    split = lambda t: t.reshape(b, n, heads, d // heads).transpose(0, 2, 1, 3)  # noqa: E731
    q, k, v = split(h @ wq), split(h @ wk), split(h @ wv)
    att = jax.nn.softmax(q @ k.transpose(0, 1, 3, 2) / np.sqrt(d // heads), axis=-1) @ v
    x = x + att.transpose(0, 2, 1, 3).reshape(b, n, d) @ wo
    return x + jax.nn.gelu(_layer_norm(x, g2) @ w1) @ w2


D = 8
BLOCK = [(D,), (D, D), (D, D), (D, D), (D, D), (D,), (D, 2 * D), (2 * D, D)]


@program((2, 1, 8, 8), (16, D), (16, D), *BLOCK, *BLOCK, (D, 3), labels(2, 3), tolerance=2e-5)
def vit_two_blocks(images, embed, positions, *rest):
    blocks, (head, y) = (rest[:8], rest[8:16]), rest[16:]
    b = images.shape[0]
    patches = images.reshape(b, 1, 4, 2, 4, 2).transpose(0, 2, 4, 1, 3, 5).reshape(b, 16, 4)
    x = jnp.pad(patches, ((0, 0), (0, 0), (0, 12))) @ embed + positions
    for p in blocks:
        x = _block(x, p)
    logp = jax.nn.log_softmax(jnp.mean(x, axis=1) @ head)
    return -jnp.mean(jnp.take_along_axis(logp, y[:, None], axis=1))


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_vitir_grad_then_run_equals_value_and_grad(tmp_path, name):
    f, shapes, platform, tolerance = PROGRAMS[name]
    inputs = draw(shapes, np.random.default_rng(0))
    got = grad_and_run(tmp_path, lower(f, inputs, platform), inputs)
    value, grads = jax.value_and_grad(f, argnums=float_arguments(inputs))(*inputs)
    assert_value_and_grad(got, value, grads, tolerance)


# -- gradients JAX cannot give ---------------------------------------------------------------------

def test_an_export_serialized_without_its_vjp(tmp_path):
    f, shapes, _, tolerance = PROGRAMS["attention"]
    inputs = draw(shapes, np.random.default_rng(1))
    blob = export.export(jax.jit(f))(*inputs).serialize(vjp_order=0)
    restored = export.deserialize(blob)
    with pytest.raises(ValueError, match="No VJP is available"):
        jax.grad(restored.call)(*inputs)
    got = grad_and_run(tmp_path, restored.mlir_module(), inputs)
    value, grads = jax.value_and_grad(f, argnums=float_arguments(inputs))(*inputs)
    assert_value_and_grad(got, value, grads, tolerance)


def grow_until(x, w):
    """x @ w applied until its norm passes 10: the trip count depends on x and w."""
    def body(carry):
        h, n = carry
        return jnp.tanh(h @ w) * 1.5 + h, n + 1
    h, _ = lax.while_loop(lambda c: jnp.sum(c[0] ** 2) < 10.0, body, (x, 0))
    return jnp.sum(jnp.sin(h))


def test_reverse_mode_through_a_while_whose_trip_count_depends_on_an_input(tmp_path):
    rng = np.random.default_rng(2)
    x, w = (0.3 * rng.normal(size=(2, 3))).astype(np.float32), (0.5 * rng.normal(size=(3, 3))).astype(np.float32)
    with pytest.raises(ValueError, match="Reverse-mode differentiation does not work for lax.while_loop"):
        jax.grad(grow_until)(x, w)
    got = grad_and_run(tmp_path, lower(grow_until, [x, w]), [x, w])
    trips = int(jax.jit(lambda x, w: lax.while_loop(lambda c: jnp.sum(c[0] ** 2) < 10.0,
                                                    lambda c: (jnp.tanh(c[0] @ w) * 1.5 + c[0], c[1] + 1),
                                                    (x, 0))[1])(x, w))
    assert trips > 1
    # forward mode goes through the loop: one JVP per input element is the oracle
    gx, gw = jax.jacfwd(grow_until, argnums=(0, 1))(x, w)
    assert_value_and_grad(got, grow_until(x, w), (gx, gw), 1e-5)


def test_a_dropped_update_has_gradient_zero_as_finite_differences_say(tmp_path):
    """`.at[[1, 7, 3]].add(u)` on a length-6 array: u[1] goes nowhere, so moving it moves nothing; the
    other updates' gradients equal central differences of the loss (float64, step 1e-6)."""
    f = PROGRAMS["scatter_add_out_of_bounds"][0]
    inputs = draw(PROGRAMS["scatter_add_out_of_bounds"][1], np.random.default_rng(0))
    _, _, du, _ = grad_and_run(tmp_path, lower(f, inputs), inputs)
    assert du[1] == 0.0
    x, u, w = (a.astype(np.float64) for a in inputs)

    def loss(u):
        y = x.copy()
        for i, v in zip([1, 7, 3], u):
            if 0 <= i < len(y):
                y[i] += v
        return float(np.sum(np.tanh(y) * w))

    step = 1e-6
    numeric = [(loss(u + step * e) - loss(u - step * e)) / (2 * step) for e in np.eye(len(u))]
    assert numeric[1] == 0.0
    np.testing.assert_allclose(du, numeric, rtol=1e-5, atol=1e-7)
