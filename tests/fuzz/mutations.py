"""Mutated copies of rendered modules.

The bases are texts vitir prints: small configurations of its train-step
modules (forward, SGD, Adam, the scheduled and the data-parallel AdamW steps)
and generated graphs. A mutation changes them the way edits, truncation and
corruption do: a token deleted, doubled or replaced by another of its class
(a number, a name, a type, a keyword), a line dropped, doubled or swapped, the
text cut short, a byte inserted (a quote, a brace, one that is not UTF-8).
`vitir check` must refuse the result naming a line, or accept it, and then
XLA must compile it.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from functools import lru_cache

from tests.fuzz.checks import Failure
from vitir.errors import VitirError

_TOKEN = re.compile(r'"[^"\n]*"|%[\w$.#-]+|@[\w$.-]+|\^[\w]+|0x[0-9A-Fa-f]+|-?[0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?'
                    r"|tensor<[^<>]*>|[A-Za-z_][\w.$]*|->|[^\s\w]")


RAW_FF = "\udcff"  # the byte 0xFF once the text is encoded with surrogateescape: not UTF-8
# Inputs that once made the parser hang or crash: a stray quote before many letters, deep nesting,
# a decimal longer than Python converts, an integer type wider than MLIR's.
BOUNDS = ('"' + "a" * 60, "[" * 200, "tuple<" * 200, "9" * 5000, "i9223372036854775808",
          "dense<1> : tensor<99999999999999999999xi8>")


def _classify(token: str) -> str:
    if token.startswith("%"):
        return "ssa"
    if token.startswith("tensor<"):
        return "type"
    if token[0] in "-0123456789":
        return "number"
    if token[0].isalpha() or token[0] == "_":
        return "word"
    return "punctuation"


@lru_cache(maxsize=2)
def bases(depth: int = 1) -> tuple[str, ...]:
    """The rendered modules mutations start from: vitir's step modules at a tiny configuration
    (124 to 1,080 lines at depth 1; the suite's quick run takes depth 0)."""
    from vitir.lower import AdamHyper, ViTConfig
    from vitir.lower import train_step as ts
    from vitir.print import print_module

    cfg = ViTConfig(batch=1, channels=1, image=(4, 4), patch=2, width=4, depth=depth, heads=2, mlp=4, classes=2)
    hyper = AdamHyper()
    mods = [ts.fwd_module(cfg), ts.sgd_module(cfg, "0.001"), ts.adam_module(cfg), ts.adam_packed_module(cfg, hyper),
            ts.adam_sched_module(cfg, hyper), ts.adam_dp_module(cfg, hyper, 2)]
    return tuple(print_module(m) for m in mods)


def _graph_base(rng: random.Random) -> str:
    from tests.fuzz.graphs import random_graph
    from vitir.print import print_module

    # of the ops XLA compiles, since an accepted mutant must compile
    return print_module(random_graph(rng, compiled=True)[0])


def mutate(rng: random.Random, text: str) -> tuple[str, str]:
    """(the mutated text, what was done)."""
    how = rng.choice(("delete token", "double token", "replace token", "replace token", "delete line",
                      "double line", "swap lines", "truncate", "insert byte", "replace token"))
    if how.endswith("line") or how == "swap lines":
        lines = text.splitlines(keepends=True)
        i = rng.randrange(len(lines))
        if how == "delete line":
            del lines[i]
        elif how == "double line":
            lines.insert(i, lines[i])
        else:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        return "".join(lines), f"{how} {i + 1}"
    if how == "truncate":
        cut = rng.randrange(len(text))
        return text[:cut], f"truncate at {cut}"
    if how == "insert byte":
        at = rng.randrange(len(text) + 1)
        piece = rng.choice(('"', "{", "}", "(", "<", ">", "%", "#", "\\", RAW_FF, "\x00", "é", "0", "-", "//",
                            "loc(", "^bb1:", "\n", *BOUNDS))
        return text[:at] + piece + text[at:], f"insert {piece!r} at {at}"
    tokens = list(_TOKEN.finditer(text))
    m = rng.choice(tokens)
    if how == "delete token":
        return text[:m.start()] + text[m.end():], f"delete {m.group(0)!r} at {m.start()}"
    if how == "double token":
        return text[:m.end()] + " " + m.group(0) + text[m.end():], f"double {m.group(0)!r} at {m.start()}"
    kind = _classify(m.group(0))
    same = [t.group(0) for t in tokens if _classify(t.group(0)) == kind and t.group(0) != m.group(0)]
    extra = {"number": ["0", "-1", "1.5", "9223372036854775808", "1e999", "0x7FC00000", "2147483648", "3"],
             "type": ["tensor<f32>", "tensor<2x0xi1>", "tensor<?xf32>", "tensor<3xcomplex<f32>>", "tensor<2xi4>"],
             "word": ["stablehlo.add", "dims", "dense", "true", "f32", "func.call", "x"],
             "ssa": ["%undefined", "%0", "%x#1"]}.get(kind, ["(", ")", ",", ":", "="])
    replacement = rng.choice(same + extra if same and rng.random() < 0.7 else extra)
    return text[:m.start()] + replacement + text[m.end():], f"replace {m.group(0)!r} at {m.start()} by {replacement!r}"


def mutated_text(seed: int, depth: int = 1) -> tuple[str, str, str]:
    """(the mutated text, what was done, the base it came from) of case `seed`."""
    rng = random.Random(seed)
    base = rng.choice(bases(depth)) if rng.random() < 0.6 else _graph_base(rng)
    text, what = mutate(rng, base)
    if rng.random() < 0.3 and text:  # a second edit
        text, second = mutate(rng, text)
        what += "; " + second
    return text, what, base


def mutation_case(seed: int, stats: Counter, compile_accepted: bool = True, depth: int = 1) -> None:
    """One mutated text: refused naming a line, or accepted by vitir and compiled by XLA."""
    text, what, base = mutated_text(seed, depth)
    check_mutated(text, what, stats, compile_accepted and text != base)


def check_mutated(text: str, what: str = "", stats: Counter | None = None, compile_accepted: bool = True) -> None:
    """Refused naming a line, or accepted and (with compile_accepted) compiled by XLA."""
    from vitir.files import decode_text

    stats = stats if stats is not None else Counter()
    try:
        source = decode_text(text.encode("utf-8", "surrogateescape"), "<mutated>")
    except VitirError as e:
        refused_with_line(e, what)
        stats["mutated texts refused with their line"] += 1
        return
    imported = checked_import(source, what)
    if imported is None:
        stats["mutated texts refused with their line"] += 1
        return
    stats["mutated texts accepted"] += 1
    if compile_accepted:
        _compile(source, imported, what, stats)


def refused_with_line(error: VitirError, what: str) -> None:
    """A refusal must name a line of the text (every diagnostic at line 1 or later)."""
    lines = [d.line for d in getattr(error, "diagnostics", ())] or ([error.line] if getattr(error, "line", None)
                                                                     else [])
    if not lines or min(lines) < 1:
        raise Failure("a refusal names no line", f"({what}): {error}") from None


def checked_import(text: str, what: str):
    """`vitir check`'s import of a text: the module, or None when refused naming a line; nothing but
    vitir's own error may escape."""
    from vitir.mlir import import_text

    try:
        return import_text(text, "<mutated>", keep_going=True)
    except VitirError as e:
        refused_with_line(e, what)
        return None
    except Exception as e:
        raise Failure("vitir check crashed", f"({what}): {type(e).__name__}: {e}") from None


def _compile(text: str, imported, what: str, stats: Counter) -> None:
    from tests.fuzz.xla_worker import XlaCrashed, XlaRefused, xla

    replicas = 2 if "replica_groups = dense<[[0, 1]]>" in text else 1
    for fn in imported.functions:
        try:
            xla(text, replicas, function=fn.name if len(imported.functions) > 1 else None)
        except XlaRefused as e:
            raise Failure("vitir accepts a text XLA refuses", f"({what}): {str(e).splitlines()[0]}") from None
        except XlaCrashed as e:
            raise Failure("XLA crashed", f"({what}): {e}") from None
    stats["accepted mutated texts compiled by XLA"] += 1
