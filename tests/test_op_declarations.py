"""One op, one place: an op declared once is built, printed, parsed by xDSL, imported, evaluated and
run through PJRT from that declaration alone; the generated builder methods and dialect classes are
current; the element-type table serves the AST, the dialect and numpy alike."""

from __future__ import annotations

import numpy as np
import pytest

from vitir.ast import DType, FunctionBuilder, Op, ShapeError, TensorType, f32, module
from vitir.ast.declare import OPS, operand_def, withdraw
from vitir.ast.type_rules import elementwise
from vitir.backend import compile_module
from vitir.evaluate import evaluate
from vitir.mlir import MlirError, MlirShapeError, import_text, parse_text, print_mlir
from vitir.numpy_dtypes import element_type, numpy_dtype
from vitir.print import print_module


def test_generated_files_are_current():
    from vitir.ast import generate

    for target, text in generate.outputs().items():
        assert target.read_text() == text, f"{target.name} is stale: run python -m vitir.ast.generate"


@pytest.fixture
def outside_op():
    """An op declared here, outside vitir's package, as a user would (any built-in declaration of
    the same name is set aside for the test)."""
    saved = OPS.pop("stablehlo.cbrt", None)

    class CubeRoot(Op):
        """The real cube root, elementwise."""

        NAME = "stablehlo.cbrt"
        operand = operand_def()
        syntax = "{operand} : {same_type}"
        rule = elementwise("float")
        numpy = "cbrt"

    yield CubeRoot
    withdraw(CubeRoot, restore=saved)  # the parser's context, made while CubeRoot held the name, too


def test_an_op_declared_outside_vitir_needs_no_other_edit(outside_op):
    fb = FunctionBuilder("f")
    x = fb.arg("x", f32(2, 3))
    y = fb.emit(outside_op("y", x, path=fb.path))
    z = fb.emit(outside_op("z", fb.negate("n", y), path=fb.path))
    text = print_module(module(fb.ret(z)))
    assert "    %y = stablehlo.cbrt %x : tensor<2x3xf32>\n" in text
    assert print_mlir(parse_text(text).module) == text  # the xDSL class came from the declaration
    imported = import_text(text)
    assert [type(op) for op in imported.main.ops] == [outside_op, type(imported.main.ops[1]), outside_op]
    assert print_module(imported) == text
    data = np.array([[-8.0, 27.0, 0.5], [1e-3, -0.0, 64.0]], np.float32)
    (got,) = evaluate(imported, data)
    np.testing.assert_array_equal(got, np.cbrt(-np.cbrt(data)))
    (ran,) = compile_module(text).run(data)
    np.testing.assert_allclose(ran, got, rtol=1e-6)
    with pytest.raises(ShapeError, match=r"^stablehlo.cbrt %w: needs a floating-point operand, got i32 "):
        fb.emit(outside_op("w", fb.arg("i", TensorType((2,), DType.I32))))
    bad = ("module @m {\n  func.func @f(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {\n"
           "    %y = stablehlo.cbrt %x : (tensor<2x3xf32>) -> tensor<3x2xf32>\n"
           "    return %y : tensor<3x2xf32>\n  }\n}\n")
    with pytest.raises(MlirShapeError, match=r"^line 3: stablehlo.cbrt %y: result type annotation tensor<3x2xf32> "
                                             r"differs from the inferred tensor<2x3xf32>"):
        import_text(bad)
    with pytest.raises(MlirError, match=r"^3:5: stablehlo.cbrt: result type tensor<3x2xf32> differs from the "
                                        r"inferred tensor<2x3xf32>$"):
        parse_text(bad)


def test_every_element_type_is_one_row_for_the_ast_the_dialect_and_numpy():
    from vitir.mlir.kinds import vitir_type, xdsl_type

    for dtype in DType:
        t = TensorType((2,), dtype)
        assert t.text == f"tensor<2x{dtype.value}>"
        assert vitir_type(xdsl_type(t)) is t  # MLIR's spelling, read back by xDSL
        assert element_type(numpy_dtype(dtype)) is dtype
        assert DType.parse(dtype.value) is dtype
    assert (DType.I8.min, DType.I8.max, DType.UI4.max, DType.I2.min) == (-128, 127, 15, -2)
    assert DType.F8E4M3FN.format.max_finite == 448.0 and DType.F8E8M0FNU.format.max_finite == 2.0 ** 127
    assert DType.C64.part is DType.F32 and DType.BF16.numpy_module == "ml_dtypes"
    with pytest.raises(ValueError, match=r"unknown element type 'f128' \(known: i1, i2, "):
        DType.parse("f128")


def test_a_declaration_refuses_fields_every_op_has():
    with pytest.raises(TypeError, match="a field cannot be named 'operands'"):
        class Broken(Op):  # noqa: F841
            NAME = "test.broken"
            operands = operand_def()


def test_constructors_are_compiled_from_the_fields():
    from vitir.ast import Transpose
    from vitir.ast.declare import constructor_source

    source = constructor_source(Transpose)
    assert source.startswith("def __init__(self, name, operand, perm, *, path='', discardable=(), location=None):")
    assert "_coerce_perm(perm)" in source and "cls._rule_cache.get(key)" in source


def _slots(cls) -> list[str]:
    """Every slot a node of `cls` has, read from its classes' __slots__."""
    names = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    return names


@pytest.mark.parametrize("golden", ["small_adam-dp.mlir", "small_adam-sched.mlir"])
def test_copies_are_compiled_from_the_fields_and_copy_every_slot(golden):
    from tests.golden import GOLDEN_DIR
    from vitir.ast.uses import walk

    imported = import_text((GOLDEN_DIR / golden).read_text())
    seen = set()
    for op in walk(imported.main.ops):
        copied = op.copy()
        assert type(copied) is type(op) and copied is not op
        for slot in _slots(type(op)):
            assert getattr(copied, slot) is getattr(op, slot), (op, slot)
        copied.path = "elsewhere"
        assert op.path != "elsewhere"
        seen.add(type(op))
    assert len(seen) > 10 and any(not cls.SIMPLE for cls in seen)  # region and compound ops among them
    source = type(imported.main.ops[-1]).copy.source
    assert source.startswith("def copy(self):\n    new = _new(cls)\n    new.operands = self.operands")


def test_ops_of_one_shape_share_a_compiled_constructor_but_name_their_own_class():
    from vitir.ast import Add, Multiply

    x = FunctionBuilder("f").arg("x", f32(2))
    Add("a", x, x), Multiply("m", x, x)
    assert Add.__init__.__code__.co_code == Multiply.__init__.__code__.co_code
    assert (Add.__init__.__code__.co_filename, Multiply.__init__.__code__.co_filename) == (
        "<Add.__init__>", "<Multiply.__init__>")
    with pytest.raises(ShapeError, match=r"stablehlo.multiply %m: rhs 3 is not an SSA value"):
        Multiply("m", x, 3)


def _in_fresh_interpreter(code: str) -> str:
    """What `code` prints, run by a new Python interpreter (nothing of vitir imported yet)."""
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout


def test_a_lazy_familys_builder_method_works_before_its_family_is_imported():
    """builder_methods_lazy.py is loaded on the first call of one of its methods, in a fresh
    interpreter where neither it nor the op's family was imported; then the real methods, with
    their parameters, replace the stand-ins."""
    code = ("import sys, inspect; from vitir.ast import FunctionBuilder, f32; "
            "before = [m in sys.modules for m in ('vitir.ast.builder_methods_lazy', 'vitir.ast.ops.chlo')]; "
            "fb = FunctionBuilder('f'); x = fb.arg('x', f32(3)); y = fb.cosh('c', x); "
            "print(before, y.type.text, list(inspect.signature(FunctionBuilder.cosh).parameters), "
            "FunctionBuilder.gather.__module__)")
    out = _in_fresh_interpreter(code)
    assert out.strip() == ("[False, False] tensor<3xf32> ['self', 'name', 'operand'] "
                           "vitir.ast.builder_methods_lazy")


def test_every_op_has_its_builder_method_once():
    from vitir.ast import generate
    from vitir.ast.builder_methods import LAZY_METHODS, OpMethods
    from vitir.ast.builder_methods_lazy import LazyOpMethods

    eager = {name for name in vars(OpMethods) if not name.startswith("_") and name != "emit"} - set(LAZY_METHODS)
    lazy = {name for name in vars(LazyOpMethods) if not name.startswith("_") and name != "emit"}
    assert not eager & lazy and set(LAZY_METHODS) == lazy
    assert {m for m, _ in generate._methods(False)} == eager and {m for m, _ in generate._methods(True)} == lazy


def test_every_op_name_is_vitir_asts_named_in_its_source_the_lazy_ones_on_first_use():
    """vitir.ast names the op classes of the families it imports at once in its source (an import a
    reader and an editor see), and takes the others (vitir.ast.ops.LAZY_NAMES) on first use: each name
    of vitir.ast.ops.__all__ is vitir.ast's, the same object, in a fresh interpreter."""
    import ast as python_ast
    from pathlib import Path

    import vitir.ast
    from vitir.ast import ops

    tree = python_ast.parse(Path(vitir.ast.__file__).read_text())
    named = {alias.asname or alias.name for node in tree.body if isinstance(node, python_ast.ImportFrom)
             for alias in node.names}
    assert set(ops.__all__) - ops.LAZY_NAMES <= named
    code = ("import sys, vitir.ast as A, vitir.ast.ops as O; "
            "before = sorted(m for m in sys.modules if m.startswith('vitir.ast.ops.')); "
            "wrong = [n for n in O.__all__ if getattr(A, n) is not getattr(O, n)]; "
            "lazy = {m for m in sys.modules if m.startswith('vitir.ast.ops.')} - set(before); "
            "print(before, wrong, sorted(lazy), sorted(O.LAZY_NAMES - set(dir(A))))")
    out = _in_fresh_interpreter(code)
    assert out.strip() == (
        "['vitir.ast.ops.compare', 'vitir.ast.ops.compound', 'vitir.ast.ops.constants', 'vitir.ast.ops.contraction', "
        "'vitir.ast.ops.elementwise', 'vitir.ast.ops.reduction', 'vitir.ast.ops.shape'] [] "
        "['vitir.ast.ops.bits', 'vitir.ast.ops.chlo', 'vitir.ast.ops.collectives', 'vitir.ast.ops.control', "
        "'vitir.ast.ops.data_movement', 'vitir.ast.ops.deprecated', 'vitir.ast.ops.linalg', 'vitir.ast.ops.normalization', "
        "'vitir.ast.ops.precision', 'vitir.ast.ops.quantization', 'vitir.ast.ops.windows'] []")
