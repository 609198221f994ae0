"""Type spellings below the dialect (vitir/mlir/type_text.py): the kinds, the bridges and the dialect's
terminators parse and print types without the module parser. Each spelling reads to the type the
module parser reads it to (its context holds every dialect), and prints back as written."""

from __future__ import annotations

import pytest

from vitir.mlir.parse import ExactNameParser, context
from vitir.mlir.type_text import parse_type_text, type_text

SPELLINGS = [
    "tensor<2x3xf32>",
    "tensor<f64>",
    "tensor<4xi1>",
    "tensor<2xcomplex<f32>>",
    "tensor<?x4xf32>",
    "tensor<?x4xf32, #stablehlo.bounds<8, ?>>",
    "tensor<2x2x!quant.uniform<i8:f32, 2.000000e+00:15>>",
    "!stablehlo.token",
    "!stablehlo.future<tensor<4xf32>>",
    "tuple<tensor<2xf32>, !stablehlo.token>",
    "f8E4M3FN",
]


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_a_type_reads_as_the_module_parser_reads_it_and_prints_back(spelling):
    ty = parse_type_text(spelling)
    assert ty == ExactNameParser(context(), spelling, "<type>").parse_type()
    assert type_text(ty) == spelling


def test_a_bounded_type_reads_as_one_type_however_written():
    """`#stablehlo.type_extensions<bounds = ...>` is the `#stablehlo.bounds<...>` it abbreviates."""
    extensions = parse_type_text("tensor<?x4xf32, #stablehlo.type_extensions<bounds = [8, ?]>>")
    assert extensions == parse_type_text("tensor<?x4xf32, #stablehlo.bounds<8, ?>>")


def test_the_dialect_imports_no_module_above_it():
    """The dialect's ops read, print and key their rules by what the modules above give them
    (dialect.PARTS); loading the dialect alone loads none of those modules."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    code = ("import sys, vitir.mlir.dialect as d; "
            "print(sorted(m for m in ('syntax', 'print', 'translate', 'parse') if f'vitir.mlir.{m}' in sys.modules), "
            "sorted(d.PARTS))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert done.stdout.split() == ["[]", "[]"]
    code = "import vitir.mlir.parse, vitir.mlir.dialect as d; print(sorted(d.PARTS))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert done.stdout.strip() == "['op_text', 'operand_groups', 'parse_op', 'rule_key']"
