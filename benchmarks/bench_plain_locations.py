"""Plain MLIR bytecode with locations: JAX's ViT-Tiny train step lowered with debug info, written by
jaxlib (`ir.Module.parse` then `write_bytecode`) and by vitir's `export_bytecode` (of JAX's text and
of `import_text`'s Module, with and without `strip_debuginfo`), and the Module's bytes read back by
`import_bytecode`; best of --repeat, CPU time (process time: what the loaded machine's other
jobs do not inflate) and wall time, in one process. The bytes are checked equal to
jaxlib's first.

    python benchmarks/bench_plain_locations.py [--repeat 3] [--embed conv]
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))


def best(fn, repeat: int):
    """(best CPU seconds, best wall seconds, the result)."""
    cpu, wall, result = [], [], None
    for _ in range(repeat):
        began, began_cpu = time.perf_counter(), time.process_time()
        result = fn()
        cpu.append(time.process_time() - began_cpu)
        wall.append(time.perf_counter() - began)
    return min(cpu), min(wall), result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--embed", default="conv", choices=["conv", "matmul"])
    args = parser.parse_args()

    from bench_import import jax_train_step_text
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir

    from vitir.mlir import export_bytecode, import_bytecode, import_text
    from vitir.print import print_module

    text = jax_train_step_text(args.embed, debug_info=True)

    def jaxlib_write(source: str) -> bytes:
        with jax_mlir.make_ir_context():
            out = io.BytesIO()
            ir.Module.parse(source).operation.write_bytecode(out)
            return out.getvalue()

    module = import_text(text)
    assert export_bytecode(text) == jaxlib_write(text), "vitir's bytes of the text are not jaxlib's"
    data = export_bytecode(module)
    assert data == jaxlib_write(print_module(module, debug_info=True)), "vitir's bytes of the Module are not jaxlib's"
    rows = [
        ("jaxlib: ir.Module.parse + write_bytecode", lambda: jaxlib_write(text)),
        ("vitir: export_bytecode(text)", lambda: export_bytecode(text)),
        ("vitir: export_bytecode(text, strip_debuginfo=True)", lambda: export_bytecode(text, strip_debuginfo=True)),
        ("vitir: export_bytecode(module)", lambda: export_bytecode(module)),
        ("vitir: export_bytecode(module, strip_debuginfo=True)",
         lambda: export_bytecode(module, strip_debuginfo=True)),
        ("vitir: import_bytecode(the module's located bytes)", lambda: import_bytecode(data)),
    ]
    print(f"ViT-Tiny train step ({args.embed} embed) with debug info: {len(text):,} characters of text, "
          f"{len(data):,} bytes of bytecode")
    print("     CPU      wall")
    for name, fn in rows:
        cpu, wall, _ = best(fn, args.repeat)
        print(f"{cpu:8.2f} s {wall:8.2f} s  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
