"""vitir/text's tokenizer (a split at white space, each piece checked) against its definition: TOKEN's
matches line by line, a comment at a line's end dropped, as vitir.ast.location.TextPositions reads
the same text (a token's index is its place). Every token and every line start must agree."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from vitir.text.lexer import SPLIT_TOKEN, TOKEN, tokenize

SHARED = Path(__file__).resolve().parents[2].parent / "shared"


def by_lines(text: str) -> tuple[list[str], set[int]]:
    """TOKEN applied to each line, as the tokenizer was defined before the split."""
    tokens, starts = [], set()
    for line in text.split("\n"):
        found = TOKEN.findall(line)
        if found and found[-1].startswith("//"):
            found.pop()
        if found:
            starts.add(len(tokens))
            tokens += found
    return tokens, starts


def assert_same_tokens(text: str) -> None:
    tokens, starts = tokenize(text)
    expected, expected_starts = by_lines(text)
    assert tokens == expected
    assert {i for i in range(len(tokens) + 2) if i in starts} == expected_starts


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared is absent")
def test_every_shared_text_splits_into_the_tokens_the_regex_reads():
    texts = sorted(SHARED.rglob("*.mlir"))
    assert len(texts) > 100
    for path in texts:
        assert_same_tokens(path.read_text())


# Pieces JAX's and MLIR's texts hold, and pieces that look like tokens but are not one (the split
# must leave each of these to the regex: `%0abc` is `%0` then `abc`, `->T` is `->` then `T`, ...)
FRAGMENTS = [
    "%0", "%arg0", "%x.y-z", "%1#2", "%0abc", "%", "%#1", "@main", "@f.g", "^bb0", "^", "stablehlo.add",
    "dims", "x", "_a$b", "tensor<2x3xf32>", "tensor<f32>", "tensor<4xcomplex<f32>>", "tensor<?x3xf32>",
    "tensor<2xf32, #enc>", "tensor<3xf32>>", "dense<1.0>", "dense<[1, 2]>", "dense<(1,2)>", "dense<>",
    "dense<\"0x00\">", "1", "-1", "1.5", "1.", "2.5e-3", "1.0e", "-", "->", "-->", "=", ",", ":", "(", ")",
    "[", "]", "{", "}", "<", ">", "\"s\"", "\"a b\"", "\"a, b\"", "\" , \"", "\"\\\"\"", "\"", "// c",
    "//", "#stablehlo<precision HIGH>", "#stablehlo<precision", "DEFAULT>", "#loc1", "loc$3", "!t", "?",
    "*", "'", "\\", "0x1F", "true", "i32", "x0", "1x2", "{a", "b}", "(%0", "%1)", "[0,", "1]",
]
SPACES = ["", " ", "  ", "\t", "\r", "\x0b", "\x0c", "\x1c", "\x1f"]


def test_random_lines_split_into_the_tokens_the_regex_reads():
    rng = random.Random(41)
    for _ in range(3000):
        lines = []
        for _ in range(rng.randint(1, 4)):
            pieces = [rng.choice(FRAGMENTS) + rng.choice(SPACES) for _ in range(rng.randint(0, 7))]
            lines.append(rng.choice(SPACES) + "".join(pieces))
        assert_same_tokens("\n".join(lines))


def test_a_text_of_other_characters_is_read_by_the_regex():
    for text in ("%é = stablehlo.add %a, %b : tensor<f32>", "x\u00a0y\u2028z", "%a,\u3000%b"):
        assert_same_tokens(text)


def test_a_piece_is_a_split_token_only_when_the_regex_reads_it_whole():
    for piece in ("%0", "%1#2", "tensor<2x3xf32>", "dense<1.0>", "stablehlo.add", "-1.5e3", "->", "@f", "^bb0", ","):
        assert SPLIT_TOKEN.match(piece) and TOKEN.fullmatch(piece).group(1) == piece
    for piece in ("%0abc", "->T", "1.0e", "\"s\"", "//", "#loc1", "?", "dense<[1,", "tensor<?x3xf32>", "{a"):
        assert SPLIT_TOKEN.match(piece) is None


def test_a_text_of_many_kinds_of_odd_pieces_is_read_line_by_line():
    text = "\n".join(f"%{k}abc = stablehlo.add %{k}x, %a : tensor<?x{k}xf32>" for k in range(100))
    assert_same_tokens(text)
    assert_same_tokens(text.replace("?", "2"))  # `%0abc` is `%0` then `abc`
