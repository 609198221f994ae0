"""Build + check + print the ViT-Tiny scheduled AdamW step (7,457 lines) through
vitir's AST, beside the plain string templates doing the same, in one process;
then both as whole commands (a fresh interpreter each, run in turn), with their modules'
bytecode cached and with every source compiled afresh.

    python benchmarks/bench_render.py [--repeat 5]
    python benchmarks/bench_render.py --instructions [--root CHECKOUT]

--instructions counts the instructions each path executes under valgrind's
callgrind (build, print and the templates apart, then the two whole commands in
both modes; a count does not move with the machine's load, as times on a shared
machine do); --root imports vitir from another checkout (an older commit, to
compare with).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if "--root" in sys.argv:  # before vitir is imported: the checkout to measure
    ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import callgrind  # noqa: E402
from callgrind import command_environments  # noqa: E402
from tests.templates import vit_text as vt  # noqa: E402
from vitir.lower import AdamHyper, adam_sched_module, vit_tiny  # noqa: E402
from vitir.print import print_module  # noqa: E402

T_HYPER = dict(b1="0.9", ob1="0.1", b2="0.999", ob2="0.001", eps="1.0e-8", wd="0.0001", ls=0.1)


def ast_path() -> str:
    return print_module(adam_sched_module(vit_tiny(32, 12), AdamHyper()))


def template_path() -> str:
    return vt.adam_sched_module(vt.vit_tiny(32), 12, **T_HYPER)


def best_of(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def command_times(codes: list[str], repeat: int, env: dict) -> list[float]:
    """Best of `repeat` of each command in a fresh interpreter, the commands run in turn each round."""
    best = [float("inf")] * len(codes)
    for _ in range(repeat):
        for i, code in enumerate(codes):
            t = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True, stdout=subprocess.DEVNULL, cwd=ROOT, env=env)
            best[i] = min(best[i], time.perf_counter() - t)
    return best


SETUP = ("from vitir.lower import AdamHyper, adam_sched_module, vit_tiny; from vitir.print import print_module; "
         "from tests.templates import vit_text as vt; cfg = vit_tiny(32, 12); m = adam_sched_module(cfg, AdamHyper()); "
         "print_module(m); vt.adam_sched_module(vt.vit_tiny(32), 12, **%r)" % T_HYPER)  # warm: caches filled
# The two whole commands: `vitir render` as the `vitir` script runs it, and the templates writing the same text.
COMMANDS = ["import sys; sys.argv[1:] = ['render', 'adam-sched', '--preset', 'vit-tiny', '--batch', '32', "
            "'-o', '/dev/null']; from vitir import cli; "
            "getattr(cli, 'command_line', lambda: sys.exit(cli.main()))()",  # (a --root before command_line: main)
            "import sys; from tests.templates import vit_text as vt; "
            "sys.stdout.write(vt.adam_sched_module(vt.vit_tiny(32), 12, b1='0.9', ob1='0.1', "
            "b2='0.999', ob2='0.001', eps='1.0e-8', wd='0.0001', ls=0.1))"]
MEASURED = {
    "build (AST with its checks)": "adam_sched_module(cfg, AdamHyper())",
    "print": "print_module(m)",
    "string templates": "vt.adam_sched_module(vt.vit_tiny(32), 12, **%r)" % T_HYPER,
}


def instructions(code: str, env: dict | None = None, setup: str = SETUP) -> int:
    return callgrind.instructions(code, ROOT, env, setup)


def count_instructions() -> None:
    base = instructions("pass")
    counts = {name: instructions(code) - base for name, code in MEASURED.items()}
    print(f"instructions executed, vitir from {ROOT}")
    for name, n in counts.items():
        print(f"{name:<30} {n / 1e6:>9.2f} M")
    ast = counts["build (AST with its checks)"] + counts["print"]
    print(f"{'AST path / templates':<30} {ast / counts['string templates']:>9.2f}x")
    with tempfile.TemporaryDirectory() as cache:  # whole commands, start-up and exit included
        for how, env in command_environments(cache).items():
            command_times(COMMANDS, 1, env)  # warms the bytecode cache
            ast_n, tpl_n = (instructions(code, env, setup="") for code in COMMANDS)
            print(f"{'whole command, ' + how:<30} {ast_n / 1e6:>9.1f} M {tpl_n / 1e6:>9.1f} M {ast_n / tpl_n:>6.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--instructions", action="store_true", help="count instructions under callgrind instead")
    ap.add_argument("--root", help="import vitir from this checkout")
    args = ap.parse_args()
    if args.instructions:
        count_instructions()
        return
    assert ast_path() == template_path(), "the two paths disagree"
    rows = []
    ast_t, tpl_t = [], []
    for _ in range(args.repeat):  # interleaved so both see the same machine state
        ast_t.append(best_of(ast_path, 1))
        tpl_t.append(best_of(template_path, 1))
    rows.append(("in process (build+check+print)", min(ast_t), min(tpl_t), statistics.median(ast_t)))
    with tempfile.TemporaryDirectory() as cache:
        for how, env in command_environments(cache).items():
            command_times(COMMANDS, 1, env)  # warms the bytecode cache (and the disk's)
            cmd_ast, cmd_tpl = command_times(COMMANDS, args.repeat, env)
            rows.append((f"whole command, {how}", cmd_ast, cmd_tpl, cmd_ast))
    print(f"{'ViT-Tiny adam-sched, 7,457 lines':<36} {'vitir AST':>10} {'templates':>10} {'ratio':>7}")
    for name, a, t, _ in rows:
        print(f"{name:<36} {a * 1e3:>8.1f}ms {t * 1e3:>8.1f}ms {a / t:>6.2f}x")
    print("target: AST path within 3x of the templates")


if __name__ == "__main__":
    main()
