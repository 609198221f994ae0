"""Reading and writing JAX's ViT-Tiny train step as a portable artifact, vitir beside jaxlib, in one
process.

    python benchmarks/bench_bytecode.py [--repeat 5] [--version 1.10.0] [--profile]
    python benchmarks/bench_bytecode.py --cache DIR --instructions [--root CHECKOUT] [--read-rows] [--calls N]

The program is the ViT-Tiny train step (batch 32, depth 12) as JAX lowers it (bench_import.py's
`jax_train_step_text`), about 10,700 lines; jaxlib's `hlo.serialize_portable_artifact_str` makes the
artifact at --version. Timed, best of --repeat, each round in turn:

- read, jaxlib: `hlo.deserialize_portable_artifact_str` then `ir.Module.parse` of its text;
- read, vitir: `import_bytecode` (the one-pass read: the IR section straight to the text reader's
  records, onepass.py, then the AST builder); the checked way it falls back to, in its two halves
  (`read_bytecode` to the generic IR, `import_direct` from it), and the text path after that
  (`upgrade_text` then `import_text`) beside them;
- vitir's own text import of the same program (`import_text` of JAX's text), the bar the bytecode
  read must beat;
- write, jaxlib: `hlo.serialize_portable_artifact_str` of the program as vitir prints it (its calls
  inlined by vitir's reader: the program vitir's AST holds, so both write the same module);
- write, vitir: `write_bytecode` of the artifact's generic IR (the format's writer alone: numbering,
  encodings, sections; the bytes checked equal to jaxlib's artifact), and `write_artifact` of the
  same text (read by the fast reader, converted from the AST to VHLO at the version, written; the
  bytes checked equal to jaxlib's artifact of the module with its locations stripped, as
  `--strip-debuginfo`), of vitir's Module (the AST built), and the conversion alone
  (`downgrade_module`);
- write, JAX's own text (it holds calls, which an artifact keeps): vitir's `write_artifact` (the fast
  reader's call-keeping mode, vitir/text/kept_calls.py, then the direct conversion), jaxlib's
  `hlo.serialize_portable_artifact_str` of the same text, and the xDSL route it took before (xDSL's
  parse, then `write_artifact` of xDSL's module).

--instructions counts, under valgrind's callgrind, the instructions of the read and write rows (jaxlib's
and vitir's, each in a fresh interpreter after a setup that makes the same call once, less that setup),
so the ratios do not move with the machine's load; it reads the program from --cache (a timed run with
--cache makes it) and imports vitir from --root (another checkout, to compare with) or this one.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))



CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def best(fn, repeat: int, clock=time.perf_counter) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        began = clock()
        result = fn()
        times.append(clock() - began)
    return min(times), result


def vitir_rows(args) -> int:
    """Rows 1 (vitir's bytecode read) and 5 (its text import) for callgrind, after a setup that
    imports what the full run's setup imports for them (numpy, loaded there by jax; the bytecode and
    text readers' modules) and reads the cached program."""
    import numpy  # noqa: F401

    import vitir.mlir.bytecode.api  # noqa: F401
    import vitir.mlir.bytecode.direct  # noqa: F401
    import vitir.mlir.bytecode.onepass  # noqa: F401
    import vitir.text.importer  # noqa: F401
    from vitir.mlir import import_bytecode, import_text

    if args.cache is None or args.only not in (-1, 1, 5):
        raise SystemExit("--vitir-only takes --cache DIR and --only -1, 1 or 5")
    text = (args.cache / "train_step.mlir").read_text()
    artifact = (args.cache / f"train_step.{args.version}.mlir.bc").read_bytes()
    rows = {1: lambda: import_bytecode(artifact), 5: lambda: import_text(text)}
    if args.only in rows:
        rows[args.only]()
    return 0


# --instructions: each row counted in a fresh interpreter after a setup that imports what it needs and
# makes the same call once (the timed rows are warm too), less that setup alone. jaxlib's rows load
# jaxlib's MLIR (the dialects jax's make_ir_context registers) without importing jax (~9.5 G
# instructions under callgrind).
JAXLIB_SETUP = """
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import chlo, sdy, stablehlo
import jaxlib.mlir._mlir_libs._jax_mlir_ext as jax_mlir_ext
registry = ir.DialectRegistry()
jax_mlir_ext.register_dialects(registry)
class Context(ir.Context):
    def __init__(self):
        super(ir.Context, self).__init__()  # (as jax's JaxIrContext: only the dialects registered)
context = Context()
context.append_dialect_registry(registry)
context.load_all_available_dialects()
for dialect in (sdy, chlo, stablehlo):
    dialect.register_dialect(context)
"""
VITIR_SETUP = """
import numpy  # (jax loads it in the timed run's process; vhlo.py renders dense elements with it)
from vitir.mlir import import_bytecode, import_text
from vitir.mlir.bytecode.portable import write_artifact
"""
INSTRUCTION_ROWS = [  # (name, setup, code): the code reads `text`, `vitir_text`, `artifact`, `version`
    ("read, jaxlib (deserialize + parse)", JAXLIB_SETUP,
     "ir.Module.parse(stablehlo.deserialize_portable_artifact_str(artifact), context)"),
    ("read, vitir (import_bytecode)", VITIR_SETUP, "import_bytecode(artifact)"),
    ("vitir's text import (import_text)", VITIR_SETUP, "import_text(text)"),
    ("write, jaxlib (vitir's text)", JAXLIB_SETUP, "stablehlo.serialize_portable_artifact_str(vitir_text, version)"),
    ("write, vitir (vitir's text -> artifact: write_artifact)", VITIR_SETUP, "write_artifact(vitir_text, version)"),
    ("write, jaxlib (JAX's text)", JAXLIB_SETUP, "stablehlo.serialize_portable_artifact_str(text, version)"),
    ("write, vitir (JAX's text, calls kept)", VITIR_SETUP, "write_artifact(text, version)"),
]


def count_instructions(args) -> int:
    """Instructions of each row under valgrind's callgrind (load-independent), vitir from --root."""
    from callgrind import instructions

    root = (args.root or ROOT).resolve()
    files = {"text": args.cache / "train_step.mlir", "vitir_text": args.cache / "train_step.vitir.mlir",
             "artifact": args.cache / f"train_step.{args.version}.mlir.bc"}
    if not all(f.exists() for f in files.values()):
        raise SystemExit("--instructions reads the program from --cache DIR: run once without it to make the cache")
    reads = (f"text = open({str(files['text'])!r}).read()\n"
             f"vitir_text = open({str(files['vitir_text'])!r}).read()\n"
             f"artifact = open({str(files['artifact'])!r}, 'rb').read()\nversion = {args.version!r}\n")
    calls = args.calls
    print(f"instructions executed (callgrind), vitir from {root}, StableHLO {args.version}"
          + (f", the mean of {calls} calls in one process" if calls > 1 else ""))
    rows = INSTRUCTION_ROWS[1:3] if args.read_rows else INSTRUCTION_ROWS
    counts, alone = {}, {}
    for name, setup, code in rows:
        setup = setup + reads + code  # the call made once before it is counted
        if setup not in alone:
            alone[setup] = instructions("pass", root, setup=setup)
        counted = code if calls == 1 else f"for _ in range({calls}):\n    {code}"
        counts[name] = (instructions(counted, root, setup=setup) - alone[setup]) / calls
        print(f"{name:<58} {counts[name] / 1e6:>9.1f} M", flush=True)
    names = [name for name, _, _ in INSTRUCTION_ROWS]
    if args.read_rows:
        print(f"vitir's bytecode read / its text import = {counts[names[1]] / counts[names[2]]:.2f}")
        return 0
    print(f"read: vitir / jaxlib = {counts[names[1]] / counts[names[0]]:.2f}x; "
          f"vitir's bytecode read / its text import = {counts[names[1]] / counts[names[2]]:.2f}")
    print(f"write (vitir's text -> artifact): vitir / jaxlib = {counts[names[4]] / counts[names[3]]:.2f}x; "
          f"JAX's text, with calls: {counts[names[6]] / counts[names[5]]:.2f}x")
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--version", default="1.10.0", help="the artifact's StableHLO version (jaxlib holds 1.17.0)")
    p.add_argument("--profile", action="store_true", help="cProfile one vitir read and one write")
    p.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                   help="cpu: the process's CPU time (less moved by other work on a shared machine)")
    p.add_argument("--cache", type=Path, help="a folder keeping the program's text and artifact between runs")
    p.add_argument("--only", type=int, metavar="ROW",
                   help="run row ROW (0: jaxlib's read, 1: vitir's, ...; -1: none) once, untimed, for "
                        "valgrind --tool=callgrind's instruction counts (less those of --only -1; rows 8 "
                        "to 10 less those of --only -2, which builds the Module and writes once)")
    p.add_argument("--vitir-only", action="store_true",
                   help="with --cache (made by a run without it) and --only -1, 1 or 5: vitir's rows without "
                        "importing jax or checking the writer (a setup of ~2 G instructions, not ~12 G)")
    p.add_argument("--instructions", action="store_true",
                   help="with --cache DIR (made by a run without it): count each row's instructions under "
                        "valgrind's callgrind instead of timing (a fresh interpreter each, warm, less its setup)")
    p.add_argument("--root", type=Path, help="with --instructions: import vitir from this checkout")
    p.add_argument("--read-rows", action="store_true",
                   help="with --instructions: vitir's bytecode read and its text import alone (no jaxlib rows)")
    p.add_argument("--calls", type=int, default=1,
                   help="with --instructions: count this many warm calls in one process, and give their mean "
                        "(a single call's count moves by ~2%% between runs of the same code)")
    args = p.parse_args(argv)
    if args.instructions:
        return count_instructions(args)
    if args.vitir_only:
        return vitir_rows(args)
    from bench_import import jax_train_step_text  # (imports jax)

    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir
    from jax._src.lib.mlir.dialects import hlo

    from vitir.mlir import import_bytecode, import_text, parse_text
    from jax._src.lib.mlir import passmanager

    from vitir.mlir.bytecode import read_bytecode, write_bytecode
    from vitir.mlir.bytecode.direct import import_direct
    from vitir.mlir.bytecode.to_vhlo import downgrade_module
    from vitir.mlir.bytecode.portable import bytecode_version, write_artifact
    from vitir.mlir.bytecode.vhlo import upgrade_text
    from vitir.print import print_module

    text_file = args.cache / "train_step.mlir" if args.cache else None
    artifact_file = args.cache / f"train_step.{args.version}.mlir.bc" if args.cache else None
    if text_file is not None and text_file.exists() and artifact_file.exists():
        text, artifact = text_file.read_text(), artifact_file.read_bytes()
    else:
        text = jax_train_step_text("conv")
        artifact = hlo.serialize_portable_artifact_str(text, args.version)
        if text_file is not None:
            args.cache.mkdir(parents=True, exist_ok=True)
            text_file.write_text(text)
            artifact_file.write_bytes(artifact)
    context = jax_mlir.make_ir_context()
    # (not read for the rows that do not use it: its entries, interned, would make the read cheaper)
    generic = read_bytecode(artifact) if args.only in (None, 3, 7) else None
    if args.only is None:
        assert write_bytecode(generic) == artifact, "vitir's writer does not give jaxlib's bytes back"
    print(f"program: {len(text.splitlines()):,} lines of text, artifact ({args.version}) {len(artifact):,} bytes")
    # the program as vitir's AST holds it (calls inlined), kept with the cache: a row run alone for its
    # instruction counts reads no program in its setup but the one it needs
    vitir_file = args.cache / "train_step.vitir.mlir" if args.cache else None
    if vitir_file is not None and vitir_file.exists():
        vitir_text = vitir_file.read_text()
    else:
        vitir_text = print_module(import_text(text))
        if vitir_file is not None:
            vitir_file.write_text(vitir_text)
    # Rows 8 to 10 run after --only -2's setup (their counts are less its): the Module built (rows 9
    # and 10 start from it), and one small artifact written, so that what a process does once (xDSL's
    # dialect built on its first parse, the tables' caches) is not counted as the program's write.
    module = None
    if args.only in (None, -2, 8, 9, 10):
        module = import_text(vitir_text)
        write_artifact("func.func @f(%a: tensor<f32>) -> tensor<f32> {\n  return %a : tensor<f32>\n}\n",
                       args.version)

    def stripped(program: str) -> bytes:  # jaxlib's artifact without locations: what vitir writes (--strip-debuginfo)
        with context:
            parsed = ir.Module.parse(program)
            passmanager.PassManager.parse("builtin.module(strip-debuginfo)").run(parsed.operation)
            return hlo.serialize_portable_artifact(parsed, args.version)

    if args.only is None:
        expected = stripped(vitir_text)
        assert write_artifact(vitir_text, args.version) == expected, "vitir's artifact is not jaxlib's"
        assert write_artifact(module, args.version) == expected, "vitir's artifact of its Module is not jaxlib's"
        assert write_artifact(text, args.version) == stripped(text), "vitir's artifact of JAX's text is not jaxlib's"

    rows = [
        ("read, jaxlib (deserialize + parse)",
         lambda: ir.Module.parse(hlo.deserialize_portable_artifact_str(artifact), context)),
        ("read, vitir (import_bytecode)", lambda: import_bytecode(artifact)),
        ("  its fallback: the generic IR (read_bytecode)", lambda: read_bytecode(artifact)),
        ("  its fallback: the AST from the generic IR (import_direct)", lambda: import_direct(generic)),
        ("the text path (upgrade_text + import_text)",
         lambda: import_text(upgrade_text(read_bytecode(artifact)))),
        ("vitir's text import (import_text)", lambda: import_text(text)),
        ("write, jaxlib (serialize_portable_artifact_str)",
         lambda: hlo.serialize_portable_artifact_str(vitir_text, args.version)),
        ("write, vitir (write_bytecode of the generic IR)", lambda: write_bytecode(generic)),
        ("write, vitir (StableHLO text -> artifact: write_artifact)", lambda: write_artifact(vitir_text, args.version)),
        ("  from vitir's Module (write_artifact)", lambda: write_artifact(module, args.version)),
        ("  of which the conversion to VHLO (downgrade_module)",
         lambda: downgrade_module(module, args.version, bytecode_version(args.version))),
        ("write, vitir (JAX's text, calls kept: write_artifact)", lambda: write_artifact(text, args.version)),
        ("write, jaxlib (JAX's text: serialize_portable_artifact_str)",
         lambda: hlo.serialize_portable_artifact_str(text, args.version)),
        ("  vitir's xDSL route of JAX's text (parse_text, write_artifact)",
         lambda: write_artifact(parse_text(text, verify=False).module, args.version)),
    ]
    if args.only is not None:
        if args.only >= 0:
            print(rows[args.only][0])
            rows[args.only][1]()
        return 0
    times = {}
    for name, fn in rows:
        times[name], _ = best(fn, args.repeat, CLOCKS[args.clock])
    width = max(len(name) for name, _ in rows)
    for name, _ in rows:
        print(f"{name:<{width}}  {times[name] * 1000:9.1f} ms ({args.clock})")
    import os

    read_ratio = times[rows[1][0]] / times[rows[0][0]]
    write_ratio = times[rows[8][0]] / times[rows[6][0]]
    print(f"read: vitir / jaxlib = {read_ratio:.2f}x (goal <= 3x); "
          f"vitir's bytecode read / its text import = {times[rows[1][0]] / times[rows[5][0]]:.2f}")
    print(f"write (text -> artifact): vitir / jaxlib = {write_ratio:.2f}x (goal <= 3x); from vitir's Module: "
          f"{times[rows[9][0]] / times[rows[6][0]]:.2f}x; the format's writer alone: "
          f"{times[rows[7][0]] / times[rows[6][0]]:.2f}x")
    print(f"write (JAX's text, with calls): vitir / jaxlib = {times[rows[11][0]] / times[rows[12][0]]:.2f}x "
          f"(goal <= 3x); the xDSL route: {times[rows[13][0]] / times[rows[12][0]]:.2f}x")
    print("load average: " + " ".join(f"{v:.2f}" for v in os.getloadavg()))
    if args.profile:
        for name, fn in (rows[1], rows[8]):
            profile = cProfile.Profile()
            profile.runcall(fn)
            print(f"\n{name}:")
            pstats.Stats(profile).sort_stats("cumulative").print_stats(15)
    return 0


if __name__ == "__main__":
    sys.exit(main())
