"""Build + check + print the ViT-Tiny scheduled AdamW step (7,457 lines) through
vitir's AST, beside the plain string templates doing the same, in one process;
then both as whole commands (a fresh interpreter each).

    python benchmarks/bench_render.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

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


def command_time(code: str, repeat: int) -> float:
    def run():
        subprocess.run([sys.executable, "-c", code], check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
    return best_of(run, repeat)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    assert ast_path() == template_path(), "the two paths disagree"
    rows = []
    ast_t, tpl_t = [], []
    for _ in range(args.repeat):  # interleaved so both see the same machine state
        ast_t.append(best_of(ast_path, 1))
        tpl_t.append(best_of(template_path, 1))
    rows.append(("in process (build+check+print)", min(ast_t), min(tpl_t), statistics.median(ast_t)))
    cmd_ast = command_time("from vitir.cli import main; main(['render', 'adam-sched', '--preset', 'vit-tiny', "
                           "'--batch', '32', '-o', '/dev/null'])", args.repeat)
    cmd_tpl = command_time("import sys; from tests.templates import vit_text as vt; "
                           "sys.stdout.write(vt.adam_sched_module(vt.vit_tiny(32), 12, b1='0.9', ob1='0.1', "
                           "b2='0.999', ob2='0.001', eps='1.0e-8', wd='0.0001', ls=0.1))", args.repeat)
    rows.append(("whole command (fresh interpreter)", cmd_ast, cmd_tpl, cmd_ast))
    print(f"{'ViT-Tiny adam-sched, 7,457 lines':<36} {'vitir AST':>10} {'templates':>10} {'ratio':>7}")
    for name, a, t, _ in rows:
        print(f"{name:<36} {a * 1e3:>8.1f}ms {t * 1e3:>8.1f}ms {a / t:>6.2f}x")
    print("target: AST path within 3x of the templates")


if __name__ == "__main__":
    main()
