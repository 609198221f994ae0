"""The conformance table: outcomes counted by op (the suite's file) and by what stops the other cases."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from .run import Outcome

COLUMNS = ("op", "cases", "import", "round trip", "evaluator", "XLA")


@dataclass(frozen=True)
class Row:
    op: str
    cases: int
    imported: int
    round_trip: int
    evaluated: int
    xla_agrees: int
    xla_run: int

    def cells(self, with_xla: bool) -> list[str]:
        xla = f"{self.xla_agrees}/{self.xla_run}" if with_xla else "-"
        return [self.op, str(self.cases), str(self.imported), str(self.round_trip), str(self.evaluated), xla]


def _row(op: str, outcomes: list[Outcome]) -> Row:
    ran = [o for o in outcomes if o.xla is not None and o.xla.status != "not run"]
    return Row(op, len(outcomes), sum(o.imported for o in outcomes), sum(o.round_trip for o in outcomes),
               sum(o.evaluated for o in outcomes), sum(o.xla.status == "agrees" for o in ran), len(ran))


def rows(outcomes: list[Outcome]) -> list[Row]:
    """One row per op (file), in suite order, then the total."""
    by_op: dict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        by_op[o.case.op].append(o)
    return [_row(op, group) for op, group in by_op.items()] + [_row("total", outcomes)]


def totals(outcomes: list[Outcome]) -> Counter:
    """Cases by outcome: `pass`, `pass (checks nothing)`, `error at <stage>`, `failure at <stage>`, `crash`."""
    counts: Counter = Counter()
    for o in outcomes:
        if o.status == "pass":
            counts["pass" if o.checks else "pass (checks nothing)"] += 1
        elif o.status == "crash":
            counts[f"crash at {o.stage}"] += 1
        else:
            counts[f"{o.status} at {o.stage}"] += 1
    return counts


def xla_totals(outcomes: list[Outcome]) -> Counter:
    return Counter(o.xla.status for o in outcomes if o.xla is not None)


def stoppers(outcomes: list[Outcome]) -> list[tuple[str, int, list[str]]]:
    """For the cases that end in a vitir error: what each names first (an op or type), how many cases
    it stops, and which; most first."""
    by_name: dict[str, list[str]] = defaultdict(list)
    for o in outcomes:
        if o.status == "error":
            by_name[o.named() or f"({o.error})"].append(o.case.id)
    return sorted(((name, len(ids), ids) for name, ids in by_name.items()), key=lambda t: (-t[1], t[0]))


def _markdown_table(header: list[str], body: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in body]
    return "\n".join(lines)


def _plain_table(header: list[str], body: list[list[str]]) -> str:
    widths = [max(len(r[k]) for r in [header, *body]) for k in range(len(header))]
    numeric = [all(_is_count(r[k]) for r in body) for k in range(len(header))]

    def fmt(r):
        return "  ".join(c.rjust(w) if right else c.ljust(w) for c, w, right in zip(r, widths, numeric)).rstrip()

    return "\n".join([fmt(header), fmt(["-" * w for w in widths]), *(fmt(r) for r in body)])


def _is_count(cell: str) -> bool:
    return cell.replace("/", "").isdigit() or cell == "-"


def _one_line(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def report(outcomes: list[Outcome], markdown: bool = False) -> str:
    """The whole report: totals by outcome, the table by op, what stops the erroring cases, the
    failures and crashes, and where XLA differs from the suite."""
    with_xla = any(o.xla is not None for o in outcomes)
    table = _markdown_table if markdown else _plain_table
    heading = (lambda t: f"### {t}\n") if markdown else (lambda t: f"{t}\n{'=' * len(t)}\n")
    parts = []
    by_outcome = totals(outcomes)
    parts.append(heading("Cases by outcome") + table(["outcome", "cases"],
                                                     [[k, str(v)] for k, v in sorted(by_outcome.items())]
                                                     + [["total", str(len(outcomes))]]))
    if with_xla:
        parts.append(heading("XLA (PJRT, CPU) on vitir's print") + table(
            ["outcome", "cases"], [[k, str(v)] for k, v in sorted(xla_totals(outcomes).items())]))
    parts.append(heading("By op") + table(list(COLUMNS), [r.cells(with_xla) for r in rows(outcomes)]))
    stop = stoppers(outcomes)
    if stop:
        parts.append(heading("What the vitir errors name") + table(
            ["op or type", "cases", "which"],
            [[name, str(n), _one_line(", ".join(ids), 120)] for name, n, ids in stop]))
    bad = [o for o in outcomes if o.status in ("failure", "crash")]
    if bad:
        parts.append(heading("Failures and crashes") + table(
            ["case", "outcome", "message"],
            [[o.case.id, f"{o.status} at {o.stage}", _one_line(f"{o.error}: {o.message}")] for o in bad]))
    if with_xla:
        odd = [o for o in outcomes if o.xla is not None and o.xla.status not in ("agrees", "not run")]
        if odd:
            parts.append(heading("Where XLA does not agree with the suite") + table(
                ["case", "vitir's evaluator", "XLA", "first difference"],
                [[o.case.id, o.status, o.xla.status, _one_line(o.xla.message)] for o in odd]))
    return "\n\n".join(parts) + "\n"
