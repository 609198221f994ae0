"""What a text writes without a location is placed where MLIR's parser places it on both of vitir's
routes: the fast reader (vitir/text) and xDSL's parse (vitir/mlir/parse.py, to_ast.py), which reads
the texts the fast reader does not take. Checked on those texts against jaxlib: `ir.Module.parse`
printed with `get_asm(enable_debug_info=True)` (generic form, where a pretty form prints no argument
location), and `hlo.serialize_portable_artifact_str` of the text, which keeps every location, against
vitir's `export_bytecode(text, target, strip_debuginfo=False)` byte for byte."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

jax = pytest.importorskip("jax")

from tests.test_text_positions import _locations  # noqa: E402
from vitir.conformance import default_suite, suite_cases  # noqa: E402
from vitir.mlir import export_bytecode, import_module, import_text, parse_text  # noqa: E402
from vitir.print import print_module  # noqa: E402
from vitir.text import fast_import  # noqa: E402

SUITE = default_suite(Path(__file__).resolve().parents[1])
TARGET = "1.17.0"  # jaxlib 0.10.2's StableHLO


def _jaxlib_generic(text: str) -> str:
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir

    with jax_mlir.make_ir_context():
        return ir.Module.parse(text).operation.get_asm(enable_debug_info=True, print_generic_op_form=True,
                                                       use_local_scope=True)


def _jaxlib_print(text: str) -> str:
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir

    with jax_mlir.make_ir_context():
        return ir.Module.parse(text).operation.get_asm(enable_debug_info=True)


def _jaxlib_artifact(text: str) -> bytes:
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir.dialects import hlo

    with jax_mlir.make_ir_context():
        return hlo.serialize_portable_artifact_str(text, TARGET)


def _block_argument_locations(generic: str) -> list[str]:
    """The locations of every block's arguments in MLIR's generic print, in order."""
    return [m.group(1) for header in re.findall(r"\^bb\d+\((.*)\):", generic)
            for m in re.finditer(r"loc\(((?:[^()]|\([^()]*\))*)\)", header)]


# Results named one by one (`%r0, %r1 = ...`) are a form the fast reader leaves to xDSL.
WHILE = """func.func @main(%x: tensor<4xf32>, %k: tensor<i32>) -> tensor<4xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %r0, %r1 = stablehlo.while(%i = %c,   %v = %x) : tensor<i32>, tensor<4xf32>
   cond {
    %p = stablehlo.compare LT, %i, %k : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %s = stablehlo.sine %v : tensor<4xf32>
    stablehlo.return %i, %s : tensor<i32>, tensor<4xf32>
  }
  return %r1 : tensor<4xf32>
}
"""

ONE_BY_ONE = """module @m {
  func.func @main(%s: tensor<2xui64>, %t: tensor<i1>) -> (tensor<2xui64>, tensor<4xui32>, tensor<i1>) {
    %state, %bits = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
    %n = stablehlo.not %t : tensor<i1>
      %true = stablehlo.constant dense<true> : tensor<i1>
    %a = stablehlo.and %n, %true : tensor<i1>
    return %state, %bits, %a : tensor<2xui64>, tensor<4xui32>, tensor<i1>
  }
}
"""


def test_a_pretty_while_places_its_arguments_at_their_names_on_both_routes():
    """StableHLO's parser reads `%i = %c` in the header: the cond's and the body's argument at `%i`."""
    assert fast_import(WHILE) is None  # the xDSL route
    want = _block_argument_locations(_jaxlib_generic(WHILE))[2:]  # the function's arguments first
    assert want == ['"-":3:30', '"-":3:41'] * 2
    for module in (import_text(WHILE), import_module(parse_text(WHILE, verify=False)),
                   fast_import(WHILE.replace("%r0, %r1 =", "%r:2     =").replace("%r1 :", "%r#1 :"))):
        loop = module.main.ops[1]
        assert [a.location.text() for a in (*loop.cond.args, *loop.body.args)] == want


@pytest.mark.parametrize("text", [WHILE, ONE_BY_ONE], ids=["while", "one_by_one"])
def test_an_artifact_of_a_text_only_xdsl_takes_keeps_mlirs_places(text):
    assert fast_import(text) is None
    assert export_bytecode(text, target=TARGET, strip_debuginfo=False) == _jaxlib_artifact(text)


def test_an_unnamed_module_stays_unnamed_in_an_artifact():
    """`module {` or none written: no sym_name (vitir's AST names every module `@m`), on both routes
    and at a target before properties (0.9.0: the name would be in the module's dictionary)."""
    body = ONE_BY_ONE.replace("%state, %bits =", "%g:2 =").replace("%state, %bits, %a", "%g#0, %g#1, %a")
    for text in (body.replace("module @m {", "module {"), body.replace("module @m {", "module attributes {x.y = 1 : i32} {"),
                 ONE_BY_ONE.replace("module @m {", "module {")):
        from jax._src.interpreters import mlir as jax_mlir
        from jax._src.lib.mlir.dialects import hlo

        for target in (TARGET, "0.9.0"):
            with jax_mlir.make_ir_context():
                want = hlo.serialize_portable_artifact_str(text, target)
            assert export_bytecode(text, target=target, strip_debuginfo=False) == want


def test_one_true_boolean_is_its_bit_in_an_artifact():
    """A tensor of one i1 true holds the byte 0x01 in VHLO (a splat of several: 0xFF); -1 in i8 stays 0xFF."""
    for literal in ("dense<true> : tensor<i1>", "dense<[true]> : tensor<1xi1>", "dense<true> : tensor<1x1xi1>",
                    "dense<true> : tensor<3xi1>", "dense<-1> : tensor<i8>", "dense<-1> : tensor<1xi8>",
                    "dense<0.0> : tensor<2xf8E8M0FNU>"):
        type_ = literal.split(" : ")[1]
        text = (f"func.func @main() -> {type_} {{\n  %c = stablehlo.constant {literal}\n"
                f"  return %c : {type_}\n}}\n")
        assert export_bytecode(text, target=TARGET, strip_debuginfo=False) == _jaxlib_artifact(text), literal


# -- the interpreter suite -------------------------------------------------------------------------------

# (A generic reduce whose body is one binary op, `reduce#0`, keeps its body's places: the readers hold
# such a body whole where its places are not the reduction's.)
NOT_KEPT: set = set()


def _cases():
    if not SUITE.is_dir():
        pytest.skip(f"the conformance suite is not at {SUITE} (../shared is absent)")
    for case in suite_cases(SUITE):
        yield case.id, re.sub(r"(?m)^\s*check\..*$", "", case.text)  # the interpreter's checks, lines kept


def _taken_by_jaxlib(text: str, oracle=_jaxlib_artifact):
    try:
        return oracle(text)
    except Exception:  # noqa: BLE001 - quantized types (no quant dialect in JAX's context), newer ops
        return None


def _check_suite(route: str) -> tuple[int, int]:
    checked = printed_too = 0
    for name, text in _cases():
        if name in NOT_KEPT or (fast_import(text) is None) != (route == "xdsl"):
            continue
        want = _taken_by_jaxlib(text)
        if want is None:
            continue
        if route == "xdsl":  # every location the pretty print shows, as jaxlib's print shows them
            shown = _taken_by_jaxlib(text, _jaxlib_print)  # (quantized types: JAX's context has no quant dialect)
            if shown is not None:
                printed = print_module(import_text(text), debug_info=True)
                assert _locations(printed) == _locations(shown), name
                printed_too += 1
        assert export_bytecode(text, target=TARGET, strip_debuginfo=False) == want, name
        checked += 1
    return checked, printed_too


def test_the_suites_texts_only_xdsl_takes_are_written_with_mlirs_places():
    """Every case the fast reader does not take (and jaxlib serializes): byte for byte."""
    written, printed = _check_suite("xdsl")
    assert written >= 53 and printed >= 48


@pytest.mark.slow
def test_the_suites_texts_the_fast_reader_takes_are_written_with_mlirs_places():
    assert _check_suite("fast")[0] >= 374
