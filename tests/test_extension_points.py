"""Extension points used from outside the package, each added in one place: a dataset (one
`register_dataset` call) that `vitir train` then offers and trains on, and a layer with parameters
(one `ParamGroup` beside its forward and backward) in a model of its own, its gradient checked
against jax.vjp and the model trained by the one training loop on that dataset."""

from __future__ import annotations

import json

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from vitir.ast import FunctionBuilder, f32, module
from vitir.backend import compile_module
from vitir.cli import main
from vitir.data import CLASSIFY, Dataset, DatasetEntry, TaskDefaults, load_dataset, register_dataset, withdraw_dataset
from vitir.lower.layers.mlp import dense_backward, dense_bias
from vitir.lower.loss import smoothed_ce
from vitir.lower.optim import AdamHyper, adam_scalars, adamw_updates, baked_adam_literals, runtime_scalar_args
from vitir.lower.params import Layout, Param, ParamGroup, Params, ones, xavier_uniform, zeros
from vitir.lower.step_signature import with_signature
from vitir.print import print_module
from vitir.train.loop import LoopConfig, Task, TrainingLoop

# -- a dataset: 8x8 stripes, class 0 horizontal, class 1 vertical, in noise --------------------------


def load_stripes(data_dir, image_size, n_train=384, n_test=128):
    rng = np.random.default_rng(0)

    def draw(n):
        labels = rng.integers(0, 2, n).astype(np.int32)
        lines = np.arange(8) % 2  # the even rows (class 0) or the even columns (class 1) bright
        images = np.where(labels[:, None, None] == 0, lines[None, :, None], lines[None, None, :]) * np.ones((1, 8, 8))
        images = 0.6 * images + 0.4 * rng.uniform(0, 1, (n, 8, 8))
        return images[:, None].astype(np.float32), labels

    (x_train, y_train), (x_test, y_test) = draw(n_train), draw(n_test)
    return Dataset("stripes", x_train, y_train, x_test, y_test, ("horizontal", "vertical"))


STRIPES = DatasetEntry("stripes", load_stripes, reads_files=False, description="8x8 stripes in noise", tasks={
    CLASSIFY: TaskDefaults(dict(patch=4, width=16, depth=1, heads=2, mlp=32, epochs=4), "seconds")})


@pytest.fixture
def stripes():
    register_dataset(STRIPES)
    yield STRIPES
    withdraw_dataset(STRIPES.name)


def test_a_dataset_added_in_one_place_is_offered_and_trained_on(stripes, tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["train", "--help"])
    assert "{digits,mnist,cifar10,imagefolder,stripes}" in capsys.readouterr().out
    main(["train", "--dataset", "stripes", "--out", str(tmp_path / "run"), "--batch", "32"])
    result = json.loads((tmp_path / "run" / "result.json").read_text())
    assert result["config"]["dataset"] == "stripes"
    assert (result["config"]["width"], result["epochs"]) == (16, 4)  # the entry's own defaults
    assert result["test_accuracy"] >= 0.95


def test_a_withdrawn_dataset_is_refused_by_name(stripes):
    withdraw_dataset("stripes")
    with pytest.raises(Exception) as e:
        load_dataset("stripes")
    assert str(e.value) == "unknown dataset 'stripes'; choose one of digits, mnist, cifar10, imagefolder"
    register_dataset(STRIPES)  # for the fixture's own withdrawal


# -- a layer with parameters: a per-feature scale and shift, forward and backward side by side ---------

SCALE_SHIFT = ParamGroup("ScaleShiftParams", Param("gamma", lambda cfg: (cfg["features"],), ones),
                         Param("beta", lambda cfg: (cfg["features"],), zeros))
DENSE = ParamGroup("DenseParams", Param("W", lambda cfg: (cfg["features"], cfg["classes"]), xavier_uniform),
                   Param("b", lambda cfg: (cfg["classes"],), zeros))
MODEL = Layout(SCALE_SHIFT, DENSE)
CFG = {"features": 64, "classes": 2}


def scale_shift_forward(fb: FunctionBuilder, x, p):
    """y = x * gamma + beta, gamma and beta over the last axis."""
    gamma = fb.broadcast_in_dim("ssg", p.gamma, [1], x.shape)
    beta = fb.broadcast_in_dim("ssb", p.beta, [1], x.shape)
    return fb.add("ssy", fb.multiply("ssxg", x, gamma), beta)


def scale_shift_backward(fb: FunctionBuilder, x, p, dy):
    """(dx, dgamma, dbeta): dx = dy * gamma, dgamma = sum_b dy * x, dbeta = sum_b dy."""
    dx = fb.multiply("ssdx", dy, fb.broadcast_in_dim("ssdg", p.gamma, [1], x.shape))
    return dx, fb.sum("ssdgamma", fb.multiply("ssdyx", dy, x), [0]), fb.sum("ssdbeta", dy, [0])


def model_gradients(fb: FunctionBuilder, x, onehot, params: Params):
    """The loss and the gradients in the layout's order."""
    fb.zero = fb.constant("sc", "0.0")
    h = scale_shift_forward(fb, x, params)
    logits = dense_bias(fb, h, params.W, params.b, ("zd", "zbb", "z"))
    dlogits, loss = smoothed_ce(fb, logits, onehot, 0.0)
    dh, dw, db = dense_backward(fb, "d", h, params.W, dlogits)
    _, dgamma, dbeta = scale_shift_backward(fb, x, params, dh)
    grads = Params(gamma=dgamma, beta=dbeta, W=dw, b=db)
    return loss, MODEL.flatten(grads)


def gradient_module(batch: int):
    fb = FunctionBuilder("grad")
    x = fb.arg("x", f32(batch, CFG["features"]))
    params = MODEL.declare(fb, CFG)
    onehot = fb.arg("onehot", f32(batch, CFG["classes"]))
    loss, grads = model_gradients(fb, x, onehot, params)
    return module(fb.ret(loss, *grads))


def step_module(batch: int):
    fb = FunctionBuilder("step")
    x = fb.arg("x", f32(batch, CFG["features"]))
    params = MODEL.declare(fb, CFG)
    flat = params.flat()
    ms = [fb.arg(p.name + "m", p.type) for p in flat]
    vs = [fb.arg(p.name + "v", p.type) for p in flat]
    runtime = runtime_scalar_args(fb)
    onehot = fb.arg("onehot", f32(batch, CFG["classes"]))
    baked = {name: fb.constant(name + "c", literal) for name, literal in baked_adam_literals(AdamHyper(wd="0.0")).items()}
    loss, grads = model_gradients(fb, x, onehot, params)
    new_p, new_m, new_v = adamw_updates(fb, flat, grads, ms, vs, adam_scalars({**baked, **runtime}))
    return with_signature(module(fb.ret(*new_p, *new_m, *new_v, loss)),
                          {"leading": [x], "params": flat, "m": ms, "v": vs, "schedule": list(runtime.values()),
                           "trailing": [onehot]}, {"params": new_p, "m": new_m, "v": new_v, "loss": [loss]})


def jax_loss(flat, x, onehot):
    gamma, beta, w, b = flat
    logits = (x * gamma + beta) @ w + b
    return -jnp.mean(jnp.sum(onehot * jax.nn.log_softmax(logits), axis=1))


def test_the_layer_declares_its_parameters_once():
    assert MODEL.specs(CFG) == [("gamma", (64,)), ("beta", (64,)), ("W", (64, 2)), ("b", (2,))]
    assert MODEL.count(CFG) == 64 + 64 + 128 + 2
    gamma, beta, w, b = MODEL.init(CFG, seed=3)
    assert (gamma == 1).all() and (beta == 0).all() and (b == 0).all()
    limit = (6 / (64 + 2)) ** 0.5  # Glorot's uniform bound
    assert float(np.abs(w).max()) <= limit and float(w.std()) >= 0.5 * limit / 3 ** 0.5


def test_the_layers_gradient_matches_jax_vjp():
    rng = np.random.default_rng(1)
    flat = [p + rng.normal(0, 0.3, p.shape).astype(np.float32) for p in MODEL.init(CFG, seed=0)]
    x = rng.normal(size=(8, 64)).astype(np.float32)
    onehot = np.eye(2, dtype=np.float32)[rng.integers(0, 2, 8)]
    loss, *grads = compile_module(print_module(gradient_module(8))).run(x, *flat, onehot)
    want_loss, vjp = jax.vjp(lambda *p: jax_loss(p, x, onehot), *flat)
    want = vjp(jnp.float32(1.0))
    assert abs(float(loss) - float(want_loss)) <= 1e-5 * abs(float(want_loss))
    for (name, _), got, ref in zip(MODEL.specs(CFG), grads, want):
        err = float(np.abs(got - np.asarray(ref)).max() / np.abs(np.asarray(ref)).max())
        assert err <= 1e-4, name


class StripesTask(Task):
    """The model above on the registered dataset, for the one training loop."""

    kind = "stripes-scale-shift"
    batch = 32

    def __init__(self):
        self.data = load_dataset("stripes")
        self.x = self.data.x_train.reshape(len(self.data.x_train), -1)

    def param_specs(self):
        return MODEL.specs(CFG)

    def initial_params(self):
        return MODEL.init(CFG, seed=0)

    def step_module(self):
        return step_module(self.batch)

    def epoch_batches(self, rng, epoch):
        order = rng.permutation(len(self.x))
        return [order[i:i + self.batch] for i in range(0, len(order) - self.batch + 1, self.batch)]

    def step_inputs(self, rows, step, rng):
        return [self.x[rows]], [np.eye(2, dtype=np.float32)[self.data.y_train[rows]]]


def test_a_model_with_the_layer_trains_in_the_one_loop(stripes):
    task = StripesTask()
    steps = len(task.x) // task.batch
    loop = TrainingLoop(task, LoopConfig(epochs=6, steps_per_epoch=steps, lr=0.02, show_progress=False),
                        log=lambda *a: None)
    loop.run()
    gamma, beta, w, b = loop.state.params
    logits = (task.data.x_test.reshape(len(task.data.x_test), -1) * gamma + beta) @ w + b
    accuracy = float((logits.argmax(1) == task.data.y_test).mean())
    assert loop.losses[-1][1] < 0.5 * loop.losses[0][1]
    assert accuracy >= 0.95
