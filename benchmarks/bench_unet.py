"""Train-step time of vitir's UNet step (the reference's MNIST network, its printed
text through PJRT) against the same model in JAX (jax.jit of value_and_grad of
the independent UNet in tests/gradcheck/cnn_reference.py, plus the same Adam and
BatchNorm running statistics), in one process, calls alternated step by step;
and how far apart their results are over the first three steps.

    python benchmarks/bench_unet.py [--steps 20] [--warmup 3] [--batch 32] [--norm batch] [--model unet] [--oracle]
        [--replicas 4]

--oracle also runs JAX's step in float64 on the same inputs, the exact result
to float32's eyes, and prints how far each float32 step (vitir's and JAX's own)
is from it: where Adam divides a gradient near its eps, no float32 step can
agree with another to 1e-5, and this shows whether vitir is further from the
exact result than JAX is.

--model unet measures vitir's own UNet instead, the network `vitir diffuse --data
mnist` trains (its config's network(): GroupNorm, SiLU, the time through FiLM
from 32 sin/cos features, a time MLP of width 64, the input image read again by
the output conv).

--replicas R (vitir's UNet, GroupNorm) runs both steps data parallel over R host
devices, the batch split R ways and the gradients averaged: vitir's step module
for R replicas (one all_reduce), JAX's step under shard_map over a mesh of the
same R devices (lax.pmean of the gradients); and, as a third column, JAX's
single-device step on the whole batch, which is what R = 1 measures.

Both keep the weights, moments and statistics on the device; each step uploads
a fresh batch (images in [0, 1] noised at a random t, with the t/1000 channel)
and the three schedule scalars.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import jax  # noqa: E402
import numpy as np  # noqa: E402

from tests.gradcheck import cnn_reference as ref  # noqa: E402
from tests.gradcheck.harness import rel_err  # noqa: E402
from vitir.backend import compile_module, ensure_host_devices  # noqa: E402
from vitir.diffusion.schedule import cosine_schedule  # noqa: E402
from vitir.diffusion.time_embed import prepend_t_channel  # noqa: E402
from vitir.diffusion.time_embed import sincos_features  # noqa: E402
from vitir.diffusion.train_image import ImageDiffusionConfig  # noqa: E402
from vitir.lower.unet import UNetConfig, all_specs, init_params, param_specs, unet_step_module  # noqa: E402
from vitir.print import print_module  # noqa: E402

LR, B1, B2 = 5e-4, 0.9, 0.999


def batches(cfg: UNetConfig, count: int, seed: int = 0):
    """(network input, noise, time features or None) per step."""
    rng = np.random.default_rng(seed)
    abar = cosine_schedule(1000)
    for _ in range(count):
        x0 = rng.uniform(0, 1, (cfg.batch, 1, *cfg.image)).astype(np.float32)
        eps = rng.standard_normal(x0.shape).astype(np.float32)
        t = rng.integers(0, 1000, cfg.batch)
        a = np.sqrt(abar[t]).reshape(-1, 1, 1, 1)
        xt = (a * x0 + np.sqrt(1 - a * a) * eps).astype(np.float32)
        if cfg.film:
            yield xt, eps, sincos_features(t, cfg.time_features // 2, 1000)
        else:
            yield prepend_t_channel(xt, t, 1000), eps, None


def scalars(t: int):
    return np.float32(LR), np.float32(1 - B1 ** t), np.float32(1 - B2 ** t)


def distance(a, b) -> float:
    """rel_err, or the largest |a| where b is all zero (a gradient the zero FiLM start stops)."""
    return rel_err(a, b) if np.any(b) else float(np.max(np.abs(a)))


class Float64Step:
    """JAX's same step in float64 (x64 on for its calls alone), from the same start."""

    def __init__(self, step_fn, theta, k: int):
        with jax.enable_x64(True):
            wide = [np.asarray(a, np.float64) for a in theta]
            zeros = [np.zeros_like(a) for a in wide[:k]]
            self.state, self.fn, self.loss = (wide[:k], zeros, list(zeros), wide[k:]), jax.jit(step_fn), None

    def step(self, x, target, schedule, tfeat) -> None:
        def wide(a):
            return None if a is None else np.asarray(a, np.float64)
        with jax.enable_x64(True):
            *state, loss = self.fn(*self.state, wide(x), wide(target), *map(wide, schedule), wide(tfeat))
            self.state, self.loss = tuple(state), float(loss)

    def results(self) -> list[np.ndarray]:
        return [np.asarray(a) for a in list(self.state[0]) + list(self.state[3])]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--norm", default="batch", choices=("batch", "group"))
    ap.add_argument("--model", default="unet-reference", choices=("unet-reference", "unet"))
    ap.add_argument("--oracle", action="store_true", help="also the float64 step, and each float32 one's distance from it")
    ap.add_argument("--replicas", type=int, default=1, help="data parallel over this many host devices (--model unet)")
    args = ap.parse_args()
    replicas = args.replicas
    if replicas > 1:
        if args.model != "unet" or args.oracle or args.batch % replicas:
            ap.error("--replicas takes --model unet, no --oracle, and a --batch that it divides")
        ensure_host_devices(replicas)
    if args.model == "unet":  # the network `vitir diffuse --data mnist` trains, input skip included
        cfg = ImageDiffusionConfig(data="mnist", data_dir="unused").network((1, 28, 28), args.batch)
    else:
        cfg = UNetConfig(batch=args.batch, norm=args.norm)
    names = [n for n, _ in param_specs(cfg)]
    theta = init_params(cfg)
    k, n = len(names), len(theta)
    zeros = [np.zeros_like(a) for a in theta]

    local = dataclasses.replace(cfg, batch=cfg.batch // replicas)  # what one replica computes
    module = unet_step_module(local, replicas=replicas)
    text = print_module(module)
    start = time.perf_counter()
    exe = compile_module(text, replicas=replicas, xla_options=module.xla_options)
    vitir_compile = time.perf_counter() - start
    dev = [exe.to_device(a, argument=i + 1) for i, a in enumerate(theta + zeros + zeros)]
    split = ["x", "target"] + (["tfeat"] if cfg.film else [])

    kw = dict(norm=cfg.norm, activation=cfg.activation, groups=cfg.groups, pool=ref.maxpool, input_skip=cfg.input_skip)
    data = list(batches(cfg, args.warmup + args.steps))
    x0, e0, f0 = data[0]
    start_args = (theta[:k], zeros[:k], zeros[:k], theta[k:], x0, e0, *scalars(1), f0)
    state0 = (theta[:k], zeros[:k], zeros[:k], theta[k:])
    steps = {}  # who -> (compiled step, its state on the device, compile seconds)
    variants = [("jax", replicas > 1)] + ([("jax 1 device", False)] if replicas > 1 else [])
    for who, parallel in variants:
        fn = ref.unet_step_fn(names, cfg.layers, axis_name="r" if parallel else None, **kw)
        placed = jax.device_put(state0)
        if parallel:  # the weights replicated over the mesh, the batch split along it
            mesh = jax.sharding.Mesh(np.array(jax.devices("cpu")[:replicas]), ("r",))
            whole, rows = jax.sharding.PartitionSpec(), jax.sharding.PartitionSpec("r")
            fn = jax.shard_map(fn, mesh=mesh, out_specs=whole,
                               in_specs=(whole, whole, whole, whole, rows, rows, whole, whole, whole, rows))
            placed = jax.device_put(state0, jax.sharding.NamedSharding(mesh, whole))
        tic = time.perf_counter()
        compiled = jax.jit(fn).lower(*start_args).compile(compiler_options=module.xla_options)
        steps[who] = (compiled, placed, time.perf_counter() - tic)
    jstep, jstate, jax_compile = steps["jax"]
    single, sstate, _ = steps.get("jax 1 device", (None, None, None))
    exact = Float64Step(ref.unet_step_fn(names, cfg.layers, **kw), theta, k) if args.oracle else None

    times = {"vitir": [], "jax": [], **({"jax 1 device": []} if single else {})}
    worst = 0.0
    for t, (x, eps, tfeat) in enumerate(data, start=1):
        order = list(times) if t % 2 else list(reversed(times))
        for who in order:
            tic = time.perf_counter()
            if who == "vitir":
                outs = exe.execute_device([x.reshape(cfg.batch, -1), *dev, *scalars(t),
                                           *([tfeat] if cfg.film else []), eps], split=split if replicas > 1 else ())
                dev = list(outs[:3 * n])
                loss = np.asarray(outs[3 * n]) if replicas == 1 else [np.asarray(a) for a in outs[3 * n]]
                vloss = float(np.mean(loss))  # each replica's own loss; their mean is the batch's
            elif who == "jax":
                *jstate, jloss = jstep(*jstate, x, eps, *scalars(t), tfeat)
                jloss = float(jax.block_until_ready(jloss))
            else:
                *sstate, sloss = single(*sstate, x, eps, *scalars(t), tfeat)
                jax.block_until_ready(sloss)
            if t > args.warmup:
                times[who].append(time.perf_counter() - tic)
        if t <= 3:
            ours = [np.asarray(a if replicas == 1 else a[0]) for a in dev[:n]]
            theirs = [np.asarray(a) for a in list(jstate[0]) + list(jstate[3])]
            errors = {name: distance(a, b) for (name, _), a, b in zip(all_specs(cfg), ours, theirs)}
            name = max(errors, key=errors.get)
            worst = max(worst, errors[name], rel_err(vloss, jloss))
            print(f"step {t}: loss vitir {vloss:.6f} jax {jloss:.6f}; largest relative difference of the "
                  f"{n} weight and statistics tensors {errors[name]:.1e} ({name})", flush=True)
            if exact is not None:
                exact.step(x, eps, scalars(t), tfeat)
                if t == 1:  # the first moments are then 0.1 of the gradients, before Adam divides them
                    for who, got in (("vitir", dev[n:n + k]), ("jax", jstate[1])):
                        off = {nm: distance(np.asarray(a), b) for nm, a, b in zip(names, got, exact.state[1])}
                        nm = max(off, key=off.get)
                        print(f"        {who} float32 gradients from the float64 ones: largest {off[nm]:.1e} ({nm}), "
                              f"median over the {k} tensors {statistics.median(off.values()):.1e}", flush=True)
                for who, got in (("vitir", ours), ("jax", theirs)):
                    off = {nm: distance(a, b) for (nm, _), a, b in zip(all_specs(cfg), got, exact.results())}
                    nm = max(off, key=off.get)
                    print(f"        {who} float32 from the float64 step: largest {off[nm]:.1e} ({nm}), "
                          f"loss {rel_err(vloss if who == 'vitir' else jloss, exact.loss):.1e}", flush=True)
    v, j = statistics.median(times["vitir"]), statistics.median(times["jax"])
    where = f" over {replicas} host devices ({local.batch} each)" if replicas > 1 else ""
    print(f"{args.model} ({cfg.norm} norm) batch {cfg.batch}{where}, {len(text.splitlines())} text lines; compile "
          f"vitir {vitir_compile:.2f} s, jax {jax_compile:.2f} s")
    print(f"step (median of {args.steps}): vitir {1000 * v:.1f} ms, jax {1000 * j:.1f} ms, vitir / jax "
          f"{v / j:.2f}x; results over the first 3 steps within {worst:.1e} relative")
    if single:
        s1 = statistics.median(times["jax 1 device"])
        print(f"jax on 1 device, the whole batch: {1000 * s1:.1f} ms; vitir{where} / that {v / s1:.2f}x")


if __name__ == "__main__":
    main()
