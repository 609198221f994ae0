"""Import time of JAX's text for a large program through vitir, beside the MLIR parser that ships with
jaxlib, in one process.

    python benchmarks/bench_import.py [--repeat 5] [--profile] [--embed conv|matmul]
    python benchmarks/bench_import.py --instructions [--root CHECKOUT]

The program is the ViT-Tiny train step (batch 32, depth 12) as JAX lowers it: jax.jit of
value_and_grad of the independent model in tests/gradcheck/jax_reference.py plus AdamW (the step of
benchmarks/bench_step.py), `jax.jit(step).lower(...).as_text()`, about 10,700 lines. Timed: vitir's
`import_text` (vitir/text's reader, straight to the AST through the shape rules, when it takes the
text), `vitir check` on the text in process, the xDSL path it falls back to (`vitir.mlir.parse_text`
(xDSL's parser with vitir's dialects, unverified), `verify_module`, `import_module` to vitir's AST)
and jaxlib's `ir.Module.parse` (which verifies too), in turn each round, best of --repeat; then the same for vitir's golden module
(../shared/golden, 7,457 lines) when it is there. --profile runs cProfile over one import_text of each
text and prints the functions that spend the most. --instructions counts, under valgrind's callgrind,
the instructions `import_text` executes on each text (and jaxlib's `ir.Module.parse`, counted the same
way, beside it), and those of the whole `vitir check FILE`
command with its modules' bytecode cached and with every source compiled (a count does not move with
the machine's load); --root imports vitir from another checkout (an older commit, to compare with).
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
MEASURED_ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve() if "--root" in sys.argv else ROOT

import jax  # noqa: E402
import numpy as np  # noqa: E402

from bench_step import jax_step_fn, scalars  # noqa: E402
from tests.gradcheck import jax_reference as ref  # noqa: E402
from vitir.lower import vit_tiny  # noqa: E402

GOLDEN = ROOT.parent / "shared" / "golden" / "vit_tiny_b32_d12_adam_sched.mlir"
EMBEDS = {"conv": ref.patch_embed_conv, "matmul": ref.patch_embed}


def jax_train_step_text(embed: str, debug_info: bool = False) -> str:
    """JAX's StableHLO text of the ViT-Tiny train step, lowered from abstract arguments (with
    `debug_info`, its locations written)."""
    cfg = vit_tiny(batch=32)
    params = [jax.ShapeDtypeStruct(shape, np.float32) for _, shape in ref.param_shapes(cfg)]
    x = jax.ShapeDtypeStruct((cfg.batch, cfg.channels * cfg.image[0] * cfg.image[1]), np.float32)
    onehot = jax.ShapeDtypeStruct((cfg.batch, cfg.classes), np.float32)
    return jax.jit(jax_step_fn(cfg, EMBEDS[embed])).lower(params, params, params, x, onehot, *scalars(1)).as_text(debug_info=debug_info)


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
    """Best of `repeat` of jaxlib's parse, of `import_text` (vitir/text's reader when it takes the
    text), of `vitir check`'s in-process path, and of each phase of the xDSL path, run in turn each
    round (so a busy machine slows all alike)."""
    from vitir.mlir import import_module, import_text, parse_text
    from vitir.mlir.parse import verify_module

    jaxlib_parse = jaxlib_parser()
    best = {k: float("inf") for k in ("jaxlib", "import_text", "check", "parse", "verify", "import")}
    for _ in range(repeat):
        seconds = {"jaxlib": timed(lambda: jaxlib_parse(text))[0]}
        seconds["import_text"], _ = timed(lambda: import_text(text))
        seconds["check"], _ = timed(lambda: check(text))
        seconds["parse"], parsed = timed(lambda: parse_text(text, verify=False))
        seconds["import"], _ = timed(lambda: import_module(parsed))
        seconds["verify"], _ = timed(lambda: verify_module(parsed))
        best = {k: min(best[k], seconds[k]) for k in best}
    return best


def check(text: str) -> None:
    """What `vitir check FILE` does with the file's text, in process."""
    import contextlib
    import tempfile

    from vitir.cli import main

    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as f:
        f.write(text)
        f.flush()
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["check", f.name]) == 0


def profile(text: str, top: int = 18) -> str:
    """cProfile of one import_text: the functions by their own time."""
    from vitir.mlir import import_text

    profiler = cProfile.Profile()
    profiler.enable()
    import_text(text)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    table = out.getvalue().splitlines()
    start = next(i for i, line in enumerate(table) if line.lstrip().startswith("ncalls"))
    return "\n".join("  " + line for line in table[start:start + top + 1] if line.strip())


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
    xdsl_s = best["parse"] + best["verify"] + best["import"]
    jaxlib_s = best["jaxlib"]
    print(f"  jaxlib ir.Module.parse {jaxlib_s * 1e3:.1f} ms")
    print(f"  vitir import_text {best['import_text'] * 1e3:.1f} ms ({best['import_text'] / jaxlib_s:.1f}x jaxlib); "
          f"vitir check {best['check'] * 1e3:.1f} ms ({best['check'] / jaxlib_s:.1f}x)")
    print(f"  xDSL path (the fallback) {xdsl_s:.3f} s ({xdsl_s / jaxlib_s:.0f}x): parse {best['parse']:.3f} s, "
          f"verify {best['verify']:.3f} s, import to the AST {best['import']:.3f} s")
    if with_profile:
        print(profile(text))


def count_instructions(texts: dict[str, str]) -> None:
    """Instructions of `import_text` on each text (a fresh interpreter, after one warm-up import, less
    the warm-up alone), and of the whole `vitir check FILE` command in both start-up modes."""
    import tempfile

    from callgrind import command_environments, instructions

    print(f"instructions executed, vitir from {MEASURED_ROOT}")
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in texts.items():
            path = Path(tmp) / f"{name}.mlir"
            path.write_text(text)
            setup = f"from vitir.mlir import import_text; text = open({str(path)!r}).read(); import_text(text)"
            n = instructions("import_text(text)", MEASURED_ROOT, setup=setup) - \
                instructions("pass", MEASURED_ROOT, setup=setup)
            parse = ("from jax._src.interpreters import mlir as jm; from jax._src.lib.mlir import ir; "
                     f"ctx = jm.make_ir_context(); text = open({str(path)!r}).read(); ir.Module.parse(text, context=ctx)")
            jaxlib = instructions("ir.Module.parse(text, context=ctx)", MEASURED_ROOT, setup=parse) - \
                instructions("pass", MEASURED_ROOT, setup=parse)
            print(f"{name + ': import_text':<42} {n / 1e6:>9.1f} M")
            print(f"{name + ': jaxlib ir.Module.parse':<42} {jaxlib / 1e6:>9.1f} M   import_text {n / jaxlib:.2f}x")
            check = (f"import sys; sys.argv[1:] = ['check', {str(path)!r}]; from vitir import cli; "
                     "getattr(cli, 'command_line', lambda: sys.exit(cli.main()))()")
            with tempfile.TemporaryDirectory() as cache:
                for how, env in command_environments(cache).items():
                    instructions("pass", MEASURED_ROOT, env, setup=check)  # warms the bytecode cache
                    n = instructions("pass", MEASURED_ROOT, env, setup=check)
                    print(f"{name + ': vitir check, ' + how:<42} {n / 1e6:>9.1f} M")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--profile", action="store_true", help="cProfile one import_text of each text")
    parser.add_argument("--golden", type=Path, default=GOLDEN, help="vitir's golden module (default: %(default)s)")
    parser.add_argument("--embed", choices=sorted(EMBEDS), default="conv",
                        help="JAX's patch embedding: a strided convolution (vitir's form) or a matmul")
    parser.add_argument("--instructions", action="store_true", help="count instructions under callgrind instead")
    parser.add_argument("--root", type=Path, help="with --instructions: import vitir from this checkout")
    args = parser.parse_args()
    t = time.perf_counter()
    text = jax_train_step_text(args.embed)
    print(f"lowered with JAX in {time.perf_counter() - t:.1f} s")
    if args.instructions:
        texts = {"JAX's ViT-Tiny step": text}
        if args.golden.is_file():
            texts["golden"] = args.golden.read_text()
        count_instructions(texts)
        return
    report(f"JAX's ViT-Tiny train step (patch embedding as {args.embed})", text, args.repeat, args.profile)
    if args.golden.is_file():
        report(f"golden {args.golden.name}", args.golden.read_text(), args.repeat, args.profile)
    else:
        print(f"golden: not at {args.golden} (../shared is absent)")


if __name__ == "__main__":
    main()
