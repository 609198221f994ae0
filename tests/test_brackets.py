"""The one bracket scanner of MLIR text (vitir/brackets.py) that the signature reader and the xDSL bridge share."""

from vitir.brackets import balanced_end, brackets


def test_brackets_skip_strings_escapes_and_arrows():
    text = '(a, "x)\\"]", b) -> <c>'
    assert [(i, c, d) for i, c, d in brackets(text)] == [(0, "(", 1), (2, ",", 1), (11, ",", 1), (14, ")", 0),
                                                          (19, "<", 1), (21, ">", 0)]


def test_balanced_end_stops_at_a_top_level_comma_or_an_unmatched_close():
    text = 'tensor<2x3xf32> {a = [1, 2], s = "}"}, rest)'
    assert text[:balanced_end(text, 0)] == 'tensor<2x3xf32> {a = [1, 2], s = "}"}'
    assert balanced_end("x)", 0) == 1
    assert balanced_end("no brackets", 0) == len("no brackets")


def test_balanced_end_of_one_group_ends_after_it():
    text = '<@mesh, [{"x"}]> : tensor<4xf32>'
    assert text[:balanced_end(text, 0, one_group=True)] == '<@mesh, [{"x"}]>'
