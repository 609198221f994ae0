"""Shardy's dialect tests through `vitir check`: how many of their cases vitir decides as Shardy does.

    python scripts/shardy_cases.py PATH      # a checkout of openxla/shardy, or its test directory

Reads every `.mlir` file of `shardy/dialect/sdy/ir/test/`, cut at `// -----` as
`-split-input-file` cuts it. A part with `// expected-error` lines is an invalid case: it must be
refused, by an error at a line one of them names (`@+N`, `@-N`, or its own line). Any other part is
a valid case, which must be accepted. Each part goes through what `vitir check --split-input-file`
runs (vitir/text's reader, else the xDSL path with every problem listed), and the first problem
vitir reports is the one compared, as MLIR's -verify-diagnostics sees the first. Prints the counts
by file (holes: invalid cases accepted; valid cases refused; invalid cases refused at another line;
with Shardy's words: refused at its line, the expected message in vitir's, less MLIR's `'op' op `),
and with --list each case that is not decided as Shardy decides it.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

TEST_DIRECTORY = os.path.join("shardy", "dialect", "sdy", "ir", "test")
EXPECTED = re.compile(r"//\s*expected-error\s*(?:@([+-]\d+|above|below))?\s*\{\{(.*?)\}\}")


def expectations(part: str) -> list[tuple[int, str]]:
    """(line, message) of each expected-error of a part (lines are the file's)."""
    found = []
    for number, line in enumerate(part.split("\n"), 1):
        for m in EXPECTED.finditer(line):
            offset = m.group(1)
            target = number + (int(offset) if offset and offset[0] in "+-" else
                               -1 if offset == "above" else 1 if offset == "below" else 0)
            found.append((target, m.group(2)))
    return found


def _words(message: str) -> str:
    """An expected message without MLIR's `'sdy.reshard' op ` (or `op `, `custom op 'sdy.mesh' `) before
    it: vitir names the op its own way."""
    return re.sub(r"^(?:custom op '[\w.]+' |(?:'[\w.]+' )?op )", "", message)


def first_problem(text: str) -> tuple[int | None, str] | None:
    """None when vitir accepts the text, else (line, message) of the first problem it reports
    (line None: an error without one, or an exception that is not vitir's)."""
    from vitir.errors import VitirError
    from vitir.mlir import import_text
    from vitir.text import fast_import

    try:
        if fast_import(text) is not None:
            return None
        import_text(text, "case", keep_going=True)
    except VitirError as e:
        diagnostics = getattr(e, "diagnostics", None)
        if diagnostics:
            return diagnostics[0].line, diagnostics[0].message
        return None, str(e)
    except Exception as e:  # noqa: BLE001 (a crash is counted, not hidden)
        return None, f"crash: {type(e).__name__}: {e}"
    return None


def cases(directory: str):
    from vitir.mlir.split import first_line, split_input

    for name in sorted(os.listdir(directory)):
        if not name.endswith(".mlir"):
            continue
        with open(os.path.join(directory, name), encoding="utf-8") as f:
            text = f.read()
        split = "-split-input-file" in text.split("\n", 1)[0]
        for part in split_input(text) if split else [text]:
            yield name, first_line(part), part


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("path", help="a checkout of openxla/shardy, or its shardy/dialect/sdy/ir/test directory")
    parser.add_argument("--list", action="store_true", help="list each case not decided as Shardy decides it")
    args = parser.parse_args(argv)
    directory = args.path
    if os.path.isdir(os.path.join(directory, TEST_DIRECTORY)):
        directory = os.path.join(directory, TEST_DIRECTORY)
    totals, by_file = Counter(), {}
    for name, line, part in cases(directory):
        expected = expectations(part)
        problem = first_problem(part)
        counts = by_file.setdefault(name, Counter())
        if not expected:
            outcome = "valid accepted" if problem is None else "valid refused"
        elif problem is None:
            outcome = "invalid accepted (hole)"
        elif problem[0] in {target for target, _ in expected}:
            outcome = "refused at its line"
            if any(_words(message) in problem[1] for target, message in expected if target == problem[0]):
                counts["with Shardy's message"] += 1
                totals["with Shardy's message"] += 1
        else:
            outcome = "refused at another line"
        counts[outcome] += 1
        totals[outcome] += 1
        if args.list and outcome not in ("valid accepted", "refused at its line"):
            want = "; ".join(f"{t}: {m}" for t, m in expected) or "accepted"
            print(f"{name}:{line}: {outcome}: expected {want}; vitir: {problem}")
    keys = ("invalid accepted (hole)", "valid accepted", "valid refused", "refused at its line",
            "refused at another line", "with Shardy's message")
    width = max(map(len, by_file))
    print(f"{'file':{width}}  " + "  ".join(k.split(" (")[0] for k in keys))
    for name, counts in sorted(by_file.items()):
        print(f"{name:{width}}  " + "  ".join(f"{counts[k]:{len(k.split(' (')[0])}}" for k in keys))
    print(f"{'total':{width}}  " + "  ".join(f"{totals[k]:{len(k.split(' (')[0])}}" for k in keys))
    return 0


if __name__ == "__main__":
    sys.exit(main())
