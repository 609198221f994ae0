"""`vitir fmt FILE`: parse and verify StableHLO text, then print it in vitir's
format (SSA names kept). `-i` rewrites the file in place; `--ast` goes through
vitir's AST, so JAX's text comes out as vitir would print it (`%0` -> `%v0`).

Without `--ast`, text that MLIR holds but vitir's AST lacks (a dynamic
shape, an element type outside vitir's table) is printed as it is, each
such op noted on standard error as not shape-checked. The comments before
the module (a licence header) are kept; `-i` refuses to rewrite a file with
comments elsewhere or debug locations (`loc(...)`, unless printed with --debug-info), which
the printed text would lose, and names the first of them.
`--refine '8x784xf32,784x64xf32'` prints the static program a program with dimensions `?`
(jax.export's symbolic shapes) is for those argument types (vitir/dynamic/refine.py): its
shape assertions checked, its dynamic ops in their static forms.
`--debug-info` prints the locations as MLIR's --mlir-print-debuginfo does (docs/locations.md);
`--strip-debuginfo` makes every one unknown first, as mlir-opt's flag does.
--split-input-file formats each part between `// -----` markers on its own and
prints them between such markers, as MLIR's tools do; each part keeps its own
header comments.
`--emit-bytecode -o OUT` writes MLIR bytecode instead of text: plain bytecode of the
StableHLO module, or with `--target x.y.z|current|minimum` a portable artifact of that
StableHLO version (docs/bytecode.md). Both keep every op's, argument's, function's and the
module's location, as MLIR's writer does (an op the text does not locate at its place in the text,
as `"-":line:col`); `--strip-debuginfo` writes every one unknown.
"""

from __future__ import annotations

import sys

from . import debug_info


def add_parser(sub) -> None:
    p = sub.add_parser("fmt", help="print StableHLO text canonically", description=__doc__)
    p.add_argument("file", metavar="FILE",
                   help="StableHLO text (.mlir), MLIR bytecode, a portable artifact or a jax.export artifact")
    p.add_argument("-i", "--in-place", action="store_true", help="rewrite FILE instead of printing it")
    p.add_argument("--ast", action="store_true", help="import into vitir's AST and print that (shape-checks too)")
    p.add_argument("--split-input-file", action="store_true",
                   help="format each part between `// -----` markers on its own")
    p.add_argument("--refine", metavar="ARG_TYPES",
                   help="the static program for these argument types of a program with dimensions `?`: "
                        "'8x784xf32,784x64xf32' (through the AST, as --ast)")
    p.add_argument("--emit-bytecode", action="store_true", help="write MLIR bytecode (to -o) instead of text")
    p.add_argument("--target", metavar="VERSION",
                   help="with --emit-bytecode: a portable artifact of this StableHLO version (x.y.z, current, "
                        "minimum)")
    p.add_argument("-o", "--output", metavar="OUT", help="with --emit-bytecode: the file to write")
    debug_info.add_arguments(p)
    p.set_defaults(func=run)


def _emit_bytecode(args, text: str, source: str) -> int:
    from ..errors import ConfigError, VitirError
    from ..files import write_bytes
    from ..mlir.bytecode.api import export_bytecode
    from ..mlir.errors import compiler_lines

    try:
        if not args.output:
            raise ConfigError("--emit-bytecode writes a file: give it with -o OUT")
        if args.in_place or args.split_input_file:
            raise ConfigError("--emit-bytecode takes neither -i nor --split-input-file")
        write_bytes(args.output, export_bytecode(text, args.target, strip_debuginfo=args.strip_debuginfo,
                                                 source=source))
    except VitirError as e:
        print("\n".join(compiler_lines(args.file, e)), file=sys.stderr)
        return 1
    return 0


def _refusal(path: str, text: str, keeps_locations: bool = False):
    """The error for rewriting `text` in place when that would lose a comment or a location (none is
    lost when the text is printed with --debug-info)."""
    from ..mlir.errors import Diagnostic, MlirError
    from ..mlir.parse import LineIndex
    from ..mlir.trivia import dropped

    lost = [t for t in dropped(text) if not (keeps_locations and t.kind == "location")]
    if not lost:
        return None
    first = lost[0]
    line, col = LineIndex(text)(first.offset)
    what = ("a comment after the module's start" if first.kind == "comment" else "a debug location")
    counts = {k: sum(t.kind == k for t in lost) for k in ("comment", "location")}
    listed = " and ".join(f"{n} {k}{'s' * (n != 1)}" for k, n in counts.items() if n)
    return MlirError([Diagnostic(line, col, f"not rewritten: the printed text would drop {what} ({listed} in all; "
                                            "only the comments before the module are kept)")])


def _format(args, part: str, unchecked: list) -> str:
    """One part printed (its header comments first); raises the part's first error."""
    from ..mlir import import_module, parse_text, print_mlir  # loads xDSL: only for this command
    from ..mlir.parse import verify_module
    from ..mlir.trivia import header
    from ..print import print_module

    parsed = parse_text(part, args.file, verify=False)
    if args.strip_debuginfo:
        parsed.locations = {}
    if args.refine is not None:
        from ..dynamic import parse_argument_types, refine

        module = import_module(parsed)
        verify_module(parsed)
        printed = debug_info.print_located(refine(module, parse_argument_types(args.refine)), args)
    elif args.ast:
        printed = debug_info.print_located(import_module(parsed), args)
        verify_module(parsed)
    else:
        verify_module(parsed, unchecked)
        wanted = debug_info.flags(args)
        printed = print_mlir(parsed.module, parsed.locations if wanted["debug_info"] else None,
                             wanted["pretty_debug_info"], wanted["use_local_scope"])
    wanted = debug_info.flags(args)  # the pretty form does not read back (in MLIR neither): it keeps none
    keeps = wanted["debug_info"] and not wanted["pretty_debug_info"] and not args.strip_debuginfo
    refusal = _refusal(args.file, part, keeps) if args.in_place else None
    if refusal is not None:
        raise refusal
    return header(part).lstrip("\n") + printed


def run(args) -> int:
    from ..errors import VitirError
    from ..backend.program_input import TEXT, read_program
    from ..files import write_text
    from ..mlir.errors import compiler_lines
    from ..mlir.split import MARKER, split_input

    try:
        program = read_program(args.file)
    except VitirError as e:
        print("\n".join(compiler_lines(args.file, e)), file=sys.stderr)
        return 1
    text = program.text
    if args.emit_bytecode:
        # a bytecode file's text: what it does not locate is unknown in the file, not at a place in the text
        return _emit_bytecode(args, text, "<text>" if program.form == TEXT else "<bytecode>")
    if args.target or args.output:
        print(f"{args.file}: error: --target and -o go with --emit-bytecode", file=sys.stderr)
        return 1
    if args.in_place and program.form != TEXT:
        print(f"{args.file}: error: not rewritten: the file is a {program.form}, not text "
              "(print it to standard output instead)", file=sys.stderr)
        return 1
    formatted, unchecked, failed = [], [], False
    for part in split_input(text) if args.split_input_file else [text]:
        try:
            formatted.append(_format(args, part, unchecked))
        except VitirError as e:
            print("\n".join(compiler_lines(args.file, e)), file=sys.stderr)
            failed = True
    if failed:
        return 1
    for d in unchecked:
        print(f"{args.file}:{d.line}: note: not shape-checked: {d.message}", file=sys.stderr)
    printed = f"\n{MARKER}\n\n".join(formatted)
    if args.in_place:
        if printed != text:
            try:
                write_text(args.file, printed)
            except VitirError as e:
                print("\n".join(compiler_lines(args.file, e)), file=sys.stderr)
                return 1
    else:
        sys.stdout.write(printed)
    return 0
