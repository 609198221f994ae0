"""Parse + print time of the ViT-Tiny scheduled AdamW step (7,457 lines)
through vitir's MLIR bridge, beside xdsl-jax parsing the same module.

    python benchmarks/bench_roundtrip.py [--repeat 3] [--xdsl-jax-python PYTHON]

xdsl-jax pins an older xdsl than vitir, so it lives in its own environment:
pass that environment's interpreter and this script runs itself there on a
copy of the module rewritten into forms xdsl-jax accepts: each compact reduce
in its region form, each pad in generic form (xdsl-jax's pad takes only an
i32 padding value), each convolution as an unregistered generic op (xdsl-jax
has none). It times xdsl-jax's parse (unverified: its pad would not verify)
and print.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import tempfile
import time
from pathlib import Path


def best_of(repeat: int, fn) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t)
    return best, result


def golden_text() -> str:
    from vitir.lower import AdamHyper, adam_sched_module, vit_tiny
    from vitir.print import print_module

    return print_module(adam_sched_module(vit_tiny(batch=32, depth=12), AdamHyper()))


def bench_bridge(text: str, repeat: int) -> dict:
    from vitir.mlir import import_module, parse_text, print_mlir
    from vitir.mlir.parse import verify_module

    parse_s, parsed = best_of(repeat, lambda: parse_text(text, verify=False))
    verify_s, _ = best_of(repeat, lambda: verify_module(parsed))
    print_s, out = best_of(repeat, lambda: print_mlir(parsed.module))
    import_s, _ = best_of(repeat, lambda: import_module(parsed))
    assert out == text, "the bridge's round trip is not byte-identical"
    return {"parse": parse_s, "verify": verify_s, "print": print_s, "import": import_s}


# -- xdsl-jax ---------------------------------------------------------------------

_REDUCE = re.compile(r"^(\s*)(%\S+) = stablehlo\.reduce\((%\S+) init: (%\S+)\) applies (stablehlo\.\w+) "
                     r"across dimensions = (\[[^\]]*\]) : \((\S+), (\S+)\) -> (\S+)$", re.M)
_PAD = re.compile(r"^(\s*)(%\S+) = stablehlo\.pad (%\S+), (%\S+), low = \[([^\]]*)\], high = \[([^\]]*)\], "
                  r"interior = \[([^\]]*)\] : \((\S+), (\S+)\) -> (\S+)$", re.M)
_CONV = re.compile(r"^(\s*)(%\S+) = stablehlo\.convolution\((%\S+), (%\S+)\)\n.*\n.*\n.*: \((\S+), (\S+)\) -> (\S+)$",
                   re.M)


def for_xdsl_jax(text: str) -> str:
    """vitir's text in forms xdsl-jax parses (see the module docstring)."""
    def reduce(m):
        ind, r, x, init, op, dims, tx, t0, tr = m.groups()
        return (f"{ind}{r} = stablehlo.reduce({x} init: {init}) across dimensions = {dims} : ({tx}, {t0}) -> {tr}\n"
                f"{ind} reducer(%ra: {t0}, %rb: {t0}) {{\n{ind}  %rc = {op} %ra, %rb : {t0}\n"
                f"{ind}  stablehlo.return %rc : {t0}\n{ind}}}")

    def pad(m):
        ind, r, x, v, lo, hi, it, tx, tv, tr = m.groups()
        return (f'{ind}{r} = "stablehlo.pad"({x}, {v}) <{{edge_padding_high = array<i64: {hi}>, '
                f"edge_padding_low = array<i64: {lo}>, interior_padding = array<i64: {it}>}}> : ({tx}, {tv}) -> {tr}")

    def conv(m):
        ind, r, a, b, ta, tb, tr = m.groups()
        return f'{ind}{r} = "stablehlo.convolution"({a}, {b}) : ({ta}, {tb}) -> {tr}'

    return _CONV.sub(conv, _PAD.sub(pad, _REDUCE.sub(reduce, text)))


def xdsl_jax_child(path: str, repeat: int) -> None:
    """Runs in the xdsl-jax environment: time its parse and print, print JSON."""
    from io import StringIO

    from xdsl.context import Context
    from xdsl.dialects.builtin import Builtin
    from xdsl.dialects.func import Func
    from xdsl.parser import Parser
    from xdsl.printer import Printer
    from xdsl_jax.dialects.stablehlo import StableHLO

    def ctx():
        c = Context(allow_unregistered=True)  # only the convolutions are unregistered
        for d in (Builtin, Func, StableHLO):
            c.load_dialect(d)
        return c

    text = Path(path).read_text()
    parse_s, module = best_of(repeat, lambda: Parser(ctx(), text).parse_module())

    def print_module():
        out = StringIO()
        Printer(stream=out).print_op(module)
        return out.getvalue()

    print_s, _ = best_of(repeat, print_module)
    print(json.dumps({"parse": parse_s, "print": print_s}))


def bench_xdsl_jax(python: str, text: str, repeat: int) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(for_xdsl_jax(text))
    out = subprocess.run([python, __file__, "--child-xdsl-jax", f.name, "--repeat", str(repeat)],
                         capture_output=True, text=True, check=True)
    Path(f.name).unlink()
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--xdsl-jax-python", metavar="PYTHON", help="an interpreter with xdsl-jax installed")
    parser.add_argument("--child-xdsl-jax", metavar="FILE", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_xdsl_jax:
        xdsl_jax_child(args.child_xdsl_jax, args.repeat)
        return
    text = golden_text()
    print(f"module: {text.count(chr(10))} lines, {len(text):,} bytes; best of {args.repeat}")
    bridge = bench_bridge(text, args.repeat)
    total = bridge["parse"] + bridge["verify"] + bridge["print"]
    print(f"vitir bridge: parse {bridge['parse']:.2f} s, verify {bridge['verify']:.2f} s, print {bridge['print']:.2f} s"
          f" (round trip {total:.2f} s, target < 5 s); import to AST {bridge['import']:.2f} s")
    if args.xdsl_jax_python:
        other = bench_xdsl_jax(args.xdsl_jax_python, text, args.repeat)
        print(f"xdsl-jax:     parse {other['parse']:.2f} s, print {other['print']:.2f} s "
              f"(parse ratio bridge/xdsl-jax {bridge['parse'] / other['parse']:.2f}x)")


if __name__ == "__main__":
    main()
