"""`vitir check FILE...`: parse StableHLO text and run vitir's shape rules on
every op. Prints `FILE:LINE: error: ...` for each problem and exits 1, or one
`OK` line per file. What check passes, MLIR's own parser accepts: literals,
identifiers, types and the order of definitions follow MLIR's rules.
A program with dimensions known only at run time (`tensor<?x784xf32>`, as jax.export
writes a symbolic batch) is checked as MLIR checks it, a dimension `?` compatible with any
size, and its OK line says so.
--split-input-file checks each part between `// -----` markers on its own, as
MLIR's tools do (lines stay the file's)."""

from __future__ import annotations

import sys


def add_parser(sub) -> None:
    p = sub.add_parser("check", help="parse and shape-check StableHLO text", description=__doc__)
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="StableHLO text (.mlir): vitir's, or JAX's; or MLIR bytecode, a portable artifact "
                        "or a jax.export artifact")
    p.add_argument("--split-input-file", action="store_true",
                   help="check each part between `// -----` markers on its own")
    p.set_defaults(func=run)


def parts(path: str, split: bool) -> tuple[list[tuple[str, str]], str | None]:
    """(name, text) of each part of the file to check: the file, or its parts named FILE:LINE; and for
    a jax.export artifact, a line saying its calling convention."""
    from ..backend.program_input import read_program
    from ..mlir.split import first_line, split_input

    program = read_program(path)
    note = None if program.exported is None else f"{path}: {program.form}: {exported_note(program.exported)}"
    if not split:
        return [(path, program.text)], note
    return [(f"{path}:{first_line(part)}", part) for part in split_input(program.text)], note


def exported_note(exported) -> str:
    """What a jax.export artifact says of its calling convention, in one line."""
    kept = len(exported.kept_arguments)
    return (f"@{exported.function} for {', '.join(exported.platforms)} on {exported.nr_devices} "
            f"device{'s' * (exported.nr_devices != 1)}, calling convention {exported.calling_convention_version}, "
            f"{len(exported.in_avals)} arguments ({kept} kept by the module), {len(exported.out_avals)} results")


def dynamic_note(fn) -> str:
    """`; dynamic: ...` naming the arguments whose shapes are known only at run time (checked where
    static; `vitir fmt --refine` gives the static program for concrete shapes)."""
    from ..dynamic import is_dynamic

    if not is_dynamic(fn):
        return ""
    args = [f"{a.ssa}: {a.type}" for a in fn.args if hasattr(a.type, "is_static") and not a.type.is_static]
    return "; dynamic shapes" + (f" ({', '.join(args)})" if args else "") + ", checked where static"


def run(args) -> int:
    from ..errors import VitirError
    from ..mlir.errors import compiler_lines
    from ..text import fast_import

    failed = False
    for path in args.files:
        try:
            pieces, note = parts(path, args.split_input_file)
        except VitirError as e:
            print("\n".join(compiler_lines(path, e)), file=sys.stderr)
            failed = True
            continue
        if note is not None:
            print(note)
        for name, text in pieces:
            # vitir/text's reader takes a text it can read and check in full, without loading xDSL;
            # any other goes through the xDSL path, which reports every problem
            module = fast_import(text, path)
            if module is None:
                from ..mlir import import_text  # loads xDSL

                try:
                    module = import_text(text, path, keep_going=True)
                except VitirError as e:
                    print("\n".join(compiler_lines(path, e)), file=sys.stderr)
                    failed = True
                    continue
            for fn in module.functions:
                print(f"{name}: OK: @{fn.name}: {len(fn.args)} arguments, {len(fn.ops)} ops, "
                      f"{len(fn.ret.operands)} results{dynamic_note(fn)}")
    return 1 if failed else 0
