"""The generated tables of compiled constructors and printers (vitir/ast/precompiled.py): current,
each entry the code CPython's own compile makes of its source, and used for every op vitir's
render builds and prints (nothing compiled at run time)."""

from __future__ import annotations

import __future__
import subprocess
import sys
import types

import pytest

from vitir.ast.constructor_code import CODE as CONSTRUCTOR_CODE
from vitir.ast.constructor_code_lazy import CODE as LAZY_CONSTRUCTOR_CODE
from vitir.ast.precompiled import made_code
from vitir.print.printer_code import CODE as PRINTER_CODE
from vitir.print.printer_code_lazy import CODE as LAZY_PRINTER_CODE


def test_generated_printer_table_is_current():
    from vitir.print import generate

    for target, text in generate.outputs().items():
        assert target.read_text() == text, f"{target.name} is stale: run python -m vitir.print.generate"


def _function_code(code: types.CodeType, name: str) -> types.CodeType:
    (inner,) = [c for c in code.co_consts if isinstance(c, types.CodeType) and c.co_name == name]
    return inner


def _shape(code: types.CodeType) -> tuple:
    """What a function's code does: its bytecode, names, constants, arguments."""
    return (code.co_code, code.co_names, code.co_varnames, code.co_argcount, code.co_kwonlyargcount,
            code.co_flags, code.co_freevars, code.co_cellvars,
            tuple(c for c in code.co_consts if not isinstance(c, types.CodeType)))


@pytest.mark.parametrize("table", [CONSTRUCTOR_CODE, LAZY_CONSTRUCTOR_CODE, PRINTER_CODE, LAZY_PRINTER_CODE],
                         ids=["constructors", "lazy constructors", "printers", "lazy printers"])
def test_each_entry_is_what_compile_makes_of_its_source(table):
    assert len(table) > 20
    for source, maker in table.items():
        name = source.split("def ", 1)[1].split("(", 1)[0]
        # compiled as vitir compiles a source no table holds: in a module with `from __future__ import annotations`
        compiled = _function_code(compile(source, "<oracle>", "exec", __future__.annotations.compiler_flag,
                                          dont_inherit=True), name)
        made = made_code(_function_code(maker.__code__, name), "<oracle>")
        assert _shape(made) == _shape(compiled), source


def test_render_compiles_no_constructor_or_printer():
    """A fresh interpreter building and printing the scheduled AdamW ViT step takes every function
    from the tables, and not from the lazy families' (not loaded); the functions keep their names
    for tracebacks."""
    code = ("from vitir.lower import AdamHyper, adam_sched_module, vit_tiny; from vitir.print import print_module; "
            "from vitir.ast import precompiled; from vitir.ast.ops import Transpose; "
            "from vitir.print.printer import PRINTERS; import sys; "
            "text = print_module(adam_sched_module(vit_tiny(2, 1), AdamHyper())); "
            "print(len(text.splitlines()) > 100, len(precompiled._COMPILED), "
            "any(m.endswith('_code_lazy') for m in sys.modules), "
            "Transpose.__init__.__code__.co_filename, PRINTERS[Transpose].__code__.co_filename)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "0", "False", "<Transpose.__init__>", "<print", "Transpose>"]
