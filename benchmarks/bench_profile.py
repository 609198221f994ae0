"""Where the ViT-Tiny train step's time goes, by layer path (docs/profile.md).

The step is JAX's (jax.jit of value_and_grad of the independent model in
tests/gradcheck/jax_reference.py plus AdamW, as benchmarks/bench_step.py), each
layer called under a jax.named_scope of its path (`vit/b3/attn`, `loss`,
`optimizer`), lowered with `.as_text(debug_info=True)` so that every op carries
its name location; vitir compiles that text through PJRT and profiles it
(vitir.backend.profile: jax.profiler's op events, summed by op_name). Where
vitir's printer has locations (`print_module(..., debug_info=True)`), vitir's
own adam-sched step of the same model is profiled too.

    PYTHONPATH=. python benchmarks/bench_profile.py [--steps 20] [--depth 2] [--out DIR]

Prints each table, with the sum of the op times against the step's wall time.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import jax  # noqa: E402
import numpy as np  # noqa: E402

from bench_step import B1, B2, HYPER, scalars  # noqa: E402
from tests.gradcheck import jax_reference as ref  # noqa: E402
from vitir.backend import compile_module  # noqa: E402
from vitir.backend.profile import located_text, profile_executable, timing_arguments  # noqa: E402
from vitir.lower import vit_tiny  # noqa: E402


def scoped_vit(x, params, cfg):
    """ref.vit, each layer under a named scope of its path."""
    eps = float(cfg.eps)
    with jax.named_scope("embed"):
        z = ref.cls_pos(ref.patch_embed_conv(x, params["wConv"], params["bConv"]), params["cls"], params["pos"])
    for i, p in enumerate(params["blocks"]):
        with jax.named_scope(f"b{i}"):
            with jax.named_scope("attn"):
                r = z + ref.attention(ref.layernorm(z, p["g1"], p["b1"], eps), p["Wq"], p["bq"], p["Wk"], p["bk"],
                                      p["Wv"], p["bv"], p["Wo"], p["bo"], cfg.heads)
            with jax.named_scope("mlp"):
                z = r + ref.mlp(ref.layernorm(r, p["g2"], p["b2"], eps), p["Wfc1"], p["bfc1"], p["Wfc2"], p["bfc2"])
    with jax.named_scope("head"):
        return ref.head(ref.layernorm(z, params["gF"], params["bF"], eps), params["Wc"], params["bc"])


def jax_step(cfg):
    def loss_fn(flat, x_flat, onehot):
        with jax.named_scope("vit"):
            logits = scoped_vit(x_flat.reshape(x_flat.shape[0], cfg.channels, *cfg.image),
                                ref.unflatten(flat, cfg.depth), cfg)
        with jax.named_scope("loss"):
            return ref.smoothed_ce(logits, onehot, HYPER.label_smoothing)

    def step(params, ms, vs, x, onehot, lr, bc1, bc2):
        loss, grads = jax.value_and_grad(loss_fn)(params, x, onehot)
        with jax.named_scope("optimizer"):
            new = [ref.adamw(*args, lr, bc1, bc2, B1, B2, float(HYPER.eps), float(HYPER.wd))
                   for args in zip(params, grads, ms, vs)]
        return [n[0] for n in new], [n[1] for n in new], [n[2] for n in new], loss
    return step


def jax_inputs(cfg):
    rng = np.random.default_rng(0)
    params = ref.init_params(rng, cfg)
    zeros = [np.zeros_like(p) for p in params]
    x = rng.standard_normal((cfg.batch, cfg.channels * cfg.image[0] * cfg.image[1])).astype(np.float32)
    onehot = np.eye(cfg.classes, dtype=np.float32)[rng.integers(0, cfg.classes, cfg.batch)]
    return params, zeros, [*params, *zeros, *zeros, x, onehot, *scalars(1)]


def jax_profile(cfg, steps: int, out: Path):
    params, zeros, flat = jax_inputs(cfg)
    lowered = jax.jit(jax_step(cfg)).lower(params, zeros, zeros, flat[-5], flat[-4], *scalars(1))
    text = lowered.as_text(debug_info=True)
    (out / "jax_vit_tiny_step.mlir").write_text(text)
    return profile_executable(compile_module(text), flat, steps, warmup=3)


def vitir_profile(cfg, steps: int):
    """vitir's own step, printed with locations; None where the printer has none."""
    from vitir.lower import adam_sched_module
    from vitir.print import print_module

    module = adam_sched_module(cfg, HYPER)
    text = located_text(module)
    if text == print_module(module):
        return None
    exe = compile_module(text)
    return profile_executable(exe, timing_arguments(exe.signature), steps, warmup=3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--out", help="folder for the tables, plots and the JAX step's text (default: a temporary one)")
    args = parser.parse_args()
    out = Path(args.out or tempfile.mkdtemp(prefix="vitir-profile-"))
    out.mkdir(parents=True, exist_ok=True)
    cfg = vit_tiny(batch=32)
    print(f"jax {jax.__version__}, {jax.devices()[0].device_kind}; ViT-Tiny batch {cfg.batch}; results in {out}\n")
    profile = jax_profile(cfg, args.steps, out)
    profile.write(out, "jax_vit_tiny", args.depth)
    print("JAX's step, lowered with debug_info=True:")
    print(profile.table(args.depth, top=5))
    own = vitir_profile(cfg, args.steps)
    if own is None:
        print("\nvitir's step: its printer has no locations here (print_module(..., debug_info=True)); skipped")
    else:
        own.write(out, "vitir_vit_tiny", args.depth)
        print("\nvitir's adam-sched step, printed with debug info:")
        print(own.table(args.depth, top=5))


if __name__ == "__main__":
    main()
