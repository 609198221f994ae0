"""Train-step time of vitir's scheduled AdamW step (its printed text through PJRT)
against the equivalent JAX step (jax.jit of value_and_grad of the independent
model in tests/gradcheck/jax_reference.py plus the same AdamW), in one process,
calls alternated step by step; and the XLA compile time of each text.

    python benchmarks/bench_step.py [--steps 10] [--warmup 2] [--tiny-steps 2] [--skip-tiny]

Two vitir steps: the reference lowering (the reference's text) and the fast one
(the patch-embed weight gradient as one dot_general). Two JAX steps: the patch
embedding as a stride-s convolution (vitir's form; JAX derives its weight
gradient) and as patch extraction plus one matmul. All keep parameters and
moments on the device; each step uploads a fresh batch and the three schedule
scalars. Compile times go through the same call
(vitir.backend.compile_module) for every text; jax's own lowered.compile() is
shown beside them. --probe-embed also times vitir's patch-embed backward alone.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import jax  # noqa: E402
import numpy as np  # noqa: E402

from tests.gradcheck import jax_reference as ref  # noqa: E402
from tests.gradcheck.harness import function_text  # noqa: E402
from vitir.backend import clear_cache, compile_module  # noqa: E402
from vitir.lower import AdamHyper, ViTConfig, adam_sched_module, vit_tiny  # noqa: E402
from vitir.lower.layers.patch_embed import patch_embed_backward  # noqa: E402
from vitir.print import print_module  # noqa: E402

HYPER = AdamHyper()  # smoothing 0.1, b1 0.9, b2 0.999, eps 1e-8, wd 1e-4
B1, B2 = float(HYPER.b1), float(HYPER.b2)
LR = 1e-3
PRESETS = {
    "small": ViTConfig(batch=32, channels=3, image=32, patch=4, width=96, depth=4, heads=3, mlp=384, classes=10),
    "vit-tiny": vit_tiny(batch=32),
}
JAX_EMBEDS = {"jax conv": ref.patch_embed_conv, "jax matmul": ref.patch_embed}


def jax_step_fn(cfg: ViTConfig, embed):
    def step(params, ms, vs, x, onehot, lr, bc1, bc2):
        loss, grads = jax.value_and_grad(ref.loss_fn)(params, x, onehot, cfg, HYPER.label_smoothing, embed)
        new = [ref.adamw(*args, lr, bc1, bc2, B1, B2, float(HYPER.eps), float(HYPER.wd))
               for args in zip(params, grads, ms, vs)]
        return [n[0] for n in new], [n[1] for n in new], [n[2] for n in new], loss
    return step


def scalars(t: int):
    return np.float32(LR), np.float32(1 - B1 ** t), np.float32(1 - B2 ** t)


def timed(fn):
    t = time.perf_counter()
    out = jax.block_until_ready(fn())
    return out, time.perf_counter() - t


def compile_time(text: str) -> float:
    clear_cache()
    t = time.perf_counter()
    compile_module(text)
    return time.perf_counter() - t


class Runner:
    """One train step implementation with its device-resident state and timings."""

    def __init__(self, name, call, state, compile_s, native_compile_s, lines):
        self.name, self.call, self.state = name, call, state
        self.compile_s, self.native_compile_s, self.lines = compile_s, native_compile_s, lines
        self.times: list[float] = []
        self.loss = float("nan")


def vitir_runner(lowering: str, cfg: ViTConfig, init, backward: str = "hand", name: str | None = None) -> Runner:
    module = adam_sched_module(cfg, HYPER, lowering=lowering, backward=backward)
    text = print_module(module)
    seconds = compile_time(text)
    exe = compile_module(text)
    k = len(init) // 3

    def call(runner, x, onehot, lr, bc1, bc2):
        out = exe.execute_device([x, *runner.state, lr, bc1, bc2, onehot])
        return out[:3 * k], out[3 * k]

    state = [exe.to_device(a, argument=i + 1) for i, a in enumerate(init)]
    runner = Runner(name or f"vitir {lowering}", call, state, seconds, None, text.count("\n"))
    runner.module = module
    return runner


def jax_runner(name: str, embed, cfg: ViTConfig, init, batch) -> Runner:
    k = len(init) // 3
    step = jax.jit(jax_step_fn(cfg, embed))
    lowered = step.lower(init[:k], init[k:2 * k], init[2 * k:], *batch, *scalars(1))
    text = lowered.as_text()
    seconds = compile_time(text)
    t = time.perf_counter()
    lowered.compile()
    native = time.perf_counter() - t

    def call(runner, x, onehot, lr, bc1, bc2):
        params, ms, vs, loss = step(*runner.state, x, onehot, lr, bc1, bc2)
        return (params, ms, vs), loss

    state = jax.device_put((init[:k], init[k:2 * k], init[2 * k:]))
    return Runner(name, call, state, seconds, native, text.count("\n"))


def probe_embed(cfg: ViTConfig, repeat: int = 1) -> float:
    """Seconds of vitir's patch-embed backward (dW by its dilated-kernel convolution, db) alone."""
    b, (gh, gw) = cfg.batch, cfg.grid
    args = [("x", (b, cfg.channels, *cfg.image)), ("dtok", (b, gh * gw, cfg.width)),
            ("w", (cfg.width, cfg.channels, cfg.patch, cfg.patch))]
    text = function_text("pe_bwd", args, lambda fb, v: patch_embed_backward(fb, "pe", v["x"], v["dtok"], v["w"]))
    exe = compile_module(text)
    inputs = [np.ones(shape, np.float32) for _, shape in args]
    return min(timed(lambda: exe.execute_device(inputs))[1] for _ in range(repeat))


def state_and_batches(cfg: ViTConfig, count: int):
    """The initial parameters and zero moments, and `count` random batches (x, onehot)."""
    rng = np.random.default_rng(0)
    params = ref.init_params(rng, cfg)
    init = params + [np.zeros_like(p) for p in params] * 2
    eye = np.eye(cfg.classes, dtype=np.float32)
    data = [(rng.standard_normal((cfg.batch, cfg.input_features)).astype(np.float32),
             eye[rng.integers(0, cfg.classes, cfg.batch)]) for _ in range(count)]
    return init, data


def bench(name: str, cfg: ViTConfig, steps: int, warmup: int, probe: bool,
          lowerings=("reference", "fast")) -> dict:
    init, data = state_and_batches(cfg, warmup + steps)
    runners = [vitir_runner(lowering, cfg, init) for lowering in lowerings]
    runners += [jax_runner(label, embed, cfg, init, data[0]) for label, embed in JAX_EMBEDS.items()]
    alternate(name, runners, data, warmup)
    return dict(name=name, runners=runners, probe=probe_embed(cfg) if probe else None)


def alternate(name: str, runners: list[Runner], data, warmup: int) -> None:
    """Each step's batch through every runner, who goes first rotating; times after `warmup` kept."""
    for t, (x, onehot) in enumerate(data, start=1):
        order = runners[t % len(runners):] + runners[:t % len(runners)]  # rotate who goes first
        line = []
        for r in order:
            (r.state, loss), seconds = timed(lambda: r.call(r, x, onehot, *scalars(t)))
            r.loss = float(np.asarray(loss))
            if t > warmup:
                r.times.append(seconds)
            line.append(f"{r.name} {seconds:.3f}s")
        print(f"  {name} step {t}: " + ", ".join(line), flush=True)
    print(f"  {name} last loss: " + ", ".join(f"{r.name} {r.loss!r}" for r in runners), flush=True)


def report(results: list[dict]) -> None:
    print("\n| config | step | text lines | XLA compile of the text | jax lowered.compile() | "
          "compile / jax conv | step time (median) | step / jax conv | timed steps | last loss |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for res in results:
        base = next(r for r in res["runners"] if r.name == "jax conv")
        base_step = statistics.median(base.times)
        for r in res["runners"]:
            step_s = statistics.median(r.times)
            native = f"{r.native_compile_s:.2f} s" if r.native_compile_s is not None else "-"
            print(f"| {res['name']} | {r.name} | {r.lines:,} | {r.compile_s:.2f} s | {native} | "
                  f"{r.compile_s / base.compile_s:.2f}x | {step_s * 1e3:,.1f} ms | {step_s / base_step:.2f}x | "
                  f"{len(r.times)} | {r.loss:.6f} |")
    print("ratios against the JAX step with the convolution (above 1: slower)")
    for res in results:
        if res["probe"] is not None:
            print(f"{res['name']}: vitir's patch-embed backward (reference lowering) alone takes "
                  f"{res['probe'] * 1e3:,.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=10, help="timed steps of the small ViT")
    ap.add_argument("--warmup", type=int, default=2, help="untimed steps before them")
    ap.add_argument("--tiny-steps", type=int, default=2, help="timed steps of ViT-Tiny (each is slow on CPU)")
    ap.add_argument("--tiny-warmup", type=int, default=1)
    ap.add_argument("--skip-tiny", action="store_true")
    ap.add_argument("--skip-small", action="store_true")
    ap.add_argument("--tiny-lowerings", default="fast",
                    help="vitir lowerings timed on ViT-Tiny (comma list; the reference one takes ~30-40 s a step)")
    ap.add_argument("--probe-embed", action="store_true", help="also time vitir's patch-embed backward alone")
    args = ap.parse_args()
    results = [] if args.skip_small else [bench("small", PRESETS["small"], args.steps, args.warmup, args.probe_embed)]
    if not args.skip_tiny:
        results.append(bench("vit-tiny", PRESETS["vit-tiny"], args.tiny_steps, args.tiny_warmup, args.probe_embed,
                             tuple(args.tiny_lowerings.split(","))))
    report(results)


if __name__ == "__main__":
    main()
