"""`vitir fmt FILE`: parse and verify StableHLO text, then print it in vitir's
format (SSA names kept). `-i` rewrites the file in place; `--ast` goes through
vitir's AST, so JAX's text comes out as vitir would print it (`%0` -> `%v0`).
--split-input-file formats each part between `// -----` markers on its own and
prints them between such markers, as MLIR's tools do."""

from __future__ import annotations

import sys
from pathlib import Path

from ..train.rundir import write_text_atomic
from .check import read_text


def add_parser(sub) -> None:
    p = sub.add_parser("fmt", help="print StableHLO text canonically", description=__doc__)
    p.add_argument("file", metavar="FILE", help="StableHLO text (.mlir)")
    p.add_argument("-i", "--in-place", action="store_true", help="rewrite FILE instead of printing it")
    p.add_argument("--ast", action="store_true", help="import into vitir's AST and print that (shape-checks too)")
    p.add_argument("--split-input-file", action="store_true",
                   help="format each part between `// -----` markers on its own")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..errors import VitirError
    from ..mlir import import_module, parse_text, print_mlir  # loads xDSL: only for this command
    from ..mlir.errors import compiler_lines
    from ..mlir.split import MARKER, split_input
    from ..print import print_module

    try:
        text = read_text(args.file)
    except VitirError as e:
        print("\n".join(compiler_lines(args.file, e)), file=sys.stderr)
        return 1
    formatted, failed = [], False
    for part in split_input(text) if args.split_input_file else [text]:
        try:
            parsed = parse_text(part, args.file)
            formatted.append(print_module(import_module(parsed)) if args.ast else print_mlir(parsed.module))
        except VitirError as e:
            print("\n".join(compiler_lines(args.file, e)), file=sys.stderr)
            failed = True
    if failed:
        return 1
    text = f"\n{MARKER}\n\n".join(formatted)
    if args.in_place:
        write_text_atomic(Path(args.file), text)
    else:
        sys.stdout.write(text)
    return 0
