"""Import time of JAX's text for a large program through vitir, beside the MLIR parser that ships with
jaxlib, in one process.

    python benchmarks/bench_import.py [--repeat 5] [--profile] [--embed conv|matmul]

The program is the ViT-Tiny train step (batch 32, depth 12) as JAX lowers it: jax.jit of
value_and_grad of the independent model in tests/gradcheck/jax_reference.py plus AdamW (the step of
benchmarks/bench_step.py), `jax.jit(step).lower(...).as_text()`, about 10,700 lines. Timed: vitir's
import (`vitir.mlir.parse_text` (xDSL's parser with vitir's dialects, unverified), `verify_module`,
`import_module` to vitir's AST through its shape rules; their sum is `import_text`) and jaxlib's
`ir.Module.parse` (which verifies too), in turn each round, best of --repeat; then the same for vitir's golden module
(../shared/golden, 7,457 lines) when it is there. --profile runs cProfile over one vitir import of each
text and prints where the time goes: the three phases, and the functions that spend the most.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import jax  # noqa: E402
import numpy as np  # noqa: E402

from bench_step import jax_step_fn, scalars  # noqa: E402
from tests.gradcheck import jax_reference as ref  # noqa: E402
from vitir.lower import vit_tiny  # noqa: E402

GOLDEN = ROOT.parent / "shared" / "golden" / "vit_tiny_b32_d12_adam_sched.mlir"
EMBEDS = {"conv": ref.patch_embed_conv, "matmul": ref.patch_embed}


def jax_train_step_text(embed: str) -> str:
    """JAX's StableHLO text of the ViT-Tiny train step, lowered from abstract arguments."""
    cfg = vit_tiny(batch=32)
    params = [jax.ShapeDtypeStruct(shape, np.float32) for _, shape in ref.param_shapes(cfg)]
    x = jax.ShapeDtypeStruct((cfg.batch, cfg.channels * cfg.image[0] * cfg.image[1]), np.float32)
    onehot = jax.ShapeDtypeStruct((cfg.batch, cfg.classes), np.float32)
    return jax.jit(jax_step_fn(cfg, EMBEDS[embed])).lower(params, params, params, x, onehot, *scalars(1)).as_text()


def jaxlib_parser():
    from jax._src.interpreters import mlir as jm
    from jax._src.lib.mlir import ir

    ctx = jm.make_ir_context()
    return lambda text: ir.Module.parse(text, context=ctx)


def timed(fn):
    t = time.perf_counter()
    result = fn()
    return time.perf_counter() - t, result


def interleaved(text: str, repeat: int) -> dict[str, float]:
    """Best of `repeat` of jaxlib's parse and of each phase of vitir's import_text, run in turn each
    round (so a busy machine slows both alike)."""
    from vitir.mlir import import_module, parse_text
    from vitir.mlir.parse import verify_module

    jaxlib_parse = jaxlib_parser()
    best = {"jaxlib": float("inf"), "parse": float("inf"), "verify": float("inf"), "import": float("inf")}
    for _ in range(repeat):
        seconds = {"jaxlib": timed(lambda: jaxlib_parse(text))[0]}
        seconds["parse"], parsed = timed(lambda: parse_text(text, verify=False))
        seconds["import"], _ = timed(lambda: import_module(parsed))
        seconds["verify"], _ = timed(lambda: verify_module(parsed))
        best = {k: min(best[k], seconds[k]) for k in best}
    return best


def profile(text: str, top: int = 18) -> str:
    """cProfile of one vitir import: the phases, then the functions by their own time."""
    from vitir.mlir import import_module, parse_text
    from vitir.mlir.parse import verify_module

    profiler = cProfile.Profile()
    profiler.enable()
    parsed = parse_text(text, verify=False)
    import_module(parsed)
    verify_module(parsed)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    phases = {name: entry for entry in stats.stats.items()
              for name in ("parse_text", "import_module", "verify_module") if entry[0][2] == name}
    total = sum(entry[1][3] for entry in phases.values())
    lines = [f"  profiled import {total:.2f} s: " + ", ".join(
        f"{name} {entry[1][3]:.2f} s ({entry[1][3] / total:.0%})" for name, entry in phases.items())]
    stats.sort_stats("tottime").print_stats(top)
    table = out.getvalue().splitlines()
    start = next(i for i, line in enumerate(table) if line.lstrip().startswith("ncalls"))
    lines += ["  " + line for line in table[start:start + top + 1] if line.strip()]
    return "\n".join(lines)


def report(name: str, text: str, repeat: int, with_profile: bool) -> None:
    from vitir.errors import VitirError
    from vitir.mlir import import_text

    print(f"{name}: {text.count(chr(10)):,} lines, {len(text):,} bytes; best of {repeat}")
    try:
        import_text(text)
    except VitirError as e:  # ops another family is still adding
        print("  vitir does not import it:\n    " + "\n    ".join(str(e).splitlines()[:10]))
        return
    best = interleaved(text, repeat)
    vitir_s = best["parse"] + best["verify"] + best["import"]
    print(f"  vitir import {vitir_s:.3f} s: parse {best['parse']:.3f} s, verify {best['verify']:.3f} s, "
          f"import to the AST {best['import']:.3f} s")
    print(f"  jaxlib ir.Module.parse {best['jaxlib'] * 1e3:.1f} ms; vitir / jaxlib {vitir_s / best['jaxlib']:.0f}x")
    if with_profile:
        print(profile(text))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--profile", action="store_true", help="cProfile one vitir import of each text")
    parser.add_argument("--golden", type=Path, default=GOLDEN, help="vitir's golden module (default: %(default)s)")
    parser.add_argument("--embed", choices=sorted(EMBEDS), default="conv",
                        help="JAX's patch embedding: a strided convolution (vitir's form) or a matmul")
    args = parser.parse_args()
    t = time.perf_counter()
    text = jax_train_step_text(args.embed)
    print(f"lowered with JAX in {time.perf_counter() - t:.1f} s")
    report(f"JAX's ViT-Tiny train step (patch embedding as {args.embed})", text, args.repeat, args.profile)
    if args.golden.is_file():
        report(f"golden {args.golden.name}", args.golden.read_text(), args.repeat, args.profile)
    else:
        print(f"golden: not at {args.golden} (../shared is absent)")


if __name__ == "__main__":
    main()
