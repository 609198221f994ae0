"""`calls_for_constants` (vitir/passes/shared_splats.py): each constant of a function's body read from a
call of a private function located where it was, as compile_graph hands a step to XLA
(docs/locations.md, "(2) Constants"). Oracles: the text the regex rewrite of the printed module gave
before the pass replaced it, and jaxlib's MLIR, which parses and prints what the pass gives."""

from __future__ import annotations

import re

import pytest

from vitir.ast import FunctionBuilder
from vitir.ast.builder import module
from vitir.ast.calls import check_calls
from vitir.ast.element_types import DType
from vitir.ast.location import NameLoc
from vitir.ast.types import TensorType
from vitir.passes.shared_splats import calls_for_constants, constants_called, shared_splats
from vitir.print import print_module

F32 = DType.F32


def _layer():
    """A layer `net/b0` as tests/test_xla_op_names.py builds it: a dot, a splat constant read by a
    multiply, a reduction whose init is a scalar constant; literals spelled as MLIR prints them."""
    fb = FunctionBuilder("main")
    x = fb.arg("x", TensorType((4, 8), F32))
    w = fb.arg("w", TensorType((8, 3), F32))
    x.location, w.location = NameLoc("x"), NameLoc("w")
    with fb.layer("net"), fb.layer("b0"):
        d = fb.dot_general("d", x, w, ((1,), (0,)), ((), ()))
        half = fb.constant("half", "5.000000e-01", (4, 3))
        y = fb.exponential("y", fb.multiply("m", d, half))
        s = fb.reduce("s", y, fb.constant("zero", "0.000000e+00"), (1,))
    return module(fb.ret(y, s))


def _resolved(text: str) -> str:
    """`text` with each `loc(#locN)` spelled out by its alias's definition and the definitions gone:
    what MLIR's `--mlir-print-local-scope` prints (aliases are numbered by where the printer first
    meets them, which the functions' order changes; what they stand for is the same)."""
    definitions = dict(re.findall(r"^(#loc\d*) = loc\((.*)\)$", text, re.MULTILINE))
    alias = re.compile(r"#loc\d*\b")

    def spelled(name: str) -> str:
        return alias.sub(lambda m: spelled(m.group(0)), definitions[name])

    body = "".join(line for line in text.splitlines(True) if not re.match(r"#loc\d* = ", line))
    return re.sub(r"loc\((#loc\d*)\)", lambda m: f"loc({spelled(m.group(1))})", body)


def _mlir_spelling(text: str) -> str:
    """The regex rewrite wrote `func.call` where MLIR prints `call` (in a function's own body func is
    the default dialect)."""
    return re.sub(r"^(    %\S+ = )func\.call ", r"\1call ", text, flags=re.MULTILINE)


def _vit_tiny_step():
    from vitir.lower import PRESETS, AdamHyper, adam_sched_module

    return adam_sched_module(PRESETS["vit-tiny"](), AdamHyper())


@pytest.mark.parametrize("build", [_layer, _vit_tiny_step], ids=["layer", "vit-tiny-adam-sched"])
def test_the_pass_prints_what_the_text_rewrite_gave(build):
    splats = shared_splats(build())
    before = constants_called(print_module(splats, debug_info=True))
    after = calls_for_constants(splats)
    assert _mlir_spelling(_resolved(before)) == print_module(after, debug_info=True, use_local_scope=True)
    check_calls(after)


def _mlir(text: str, debug_info: bool = True) -> str:
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir

    parsed = ir.Module.parse(text, context=jax_mlir.make_ir_context())
    return parsed.operation.get_asm(enable_debug_info=debug_info)


def _unnamed(text: str) -> str:
    return re.sub(r"%[\w#]+", "%", text)


def test_jaxlib_reads_the_same_module_from_the_text_rewrite_and_the_pass():
    pytest.importorskip("jax")
    splats = shared_splats(_layer())
    before = constants_called(print_module(splats, debug_info=True))
    assert _mlir(before) == _mlir(print_module(calls_for_constants(splats), debug_info=True))
