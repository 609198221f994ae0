"""jax.export's programs with symbolic dimensions (tests/dynamic/programs.py): checked with their
dimensions `?`, refined to two concrete shapes each, printed, evaluated and run through PJRT;
every result is what JAX's own `Exported.call` gives for the same arrays."""

from __future__ import annotations

import re
from functools import lru_cache

import numpy as np
import pytest

from vitir.backend import compile_module
from vitir.cli import main
from vitir.dynamic import is_dynamic, refine
from vitir.errors import ShapeAssertionError
from vitir.evaluate import evaluate
from vitir.mlir import import_text
from vitir.print import print_module

from .programs import PROGRAMS, attention

CASES = [(make, key) for make in PROGRAMS for key in make().inputs]


@lru_cache(maxsize=None)
def _program(make):
    return make()


def _expected(program, arrays) -> tuple:
    out = program.exported.call(*arrays)
    return tuple(np.asarray(o) for o in (out if isinstance(out, tuple) else (out,)))


def _close(got, want) -> None:
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.shape == w.shape and g.dtype == w.dtype
        np.testing.assert_allclose(g, w, rtol=2e-5, atol=2e-6)


@pytest.mark.parametrize("make", PROGRAMS, ids=lambda m: m.__name__)
def test_check_passes_and_says_the_program_is_dynamic(make, tmp_path, capsys):
    program = _program(make)
    path = tmp_path / f"{program.name}.mlir"
    path.write_text(program.text)
    assert "tensor<?x" in program.text and "@shape_assertion" in program.text
    assert "jax.global_constant" in program.text and "call @_wrapped_jax_export_main" in program.text
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert re.fullmatch(rf"{re.escape(str(path))}: OK: @main: \d+ arguments, \d+ ops, \d+ results; dynamic shapes "
                        r"\(%arg\d: tensor<\?x[^)]*\), checked where static\n", out), out


@pytest.mark.parametrize("make, key", CASES, ids=lambda c: c.__name__ if callable(c) else str(c))
def test_refined_evaluated_and_run_as_jax_calls_it(make, key):
    program = _program(make)
    arrays = program.inputs[key]
    want = _expected(program, arrays)
    module = import_text(program.text)
    assert is_dynamic(module)
    _close(evaluate(module, *arrays), want)  # the dynamic program, its shapes from the arrays

    refined = refine(module, [a.shape for a in arrays])
    text = print_module(refined)
    assert "?" not in text and "shape_assertion" not in text and "get_dimension_size" not in text
    assert not re.search(r"stablehlo\.(dynamic_broadcast_in_dim|dynamic_reshape|dynamic_iota|dynamic_gather)", text)
    assert [a.type.shape for a in refined.main.args] == [a.shape for a in arrays]
    again = import_text(text)  # the static text is vitir's: it reads back and prints the same
    assert print_module(again) == text and not is_dynamic(again)
    _close(evaluate(again, *arrays), want)
    _close(tuple(np.asarray(o) for o in compile_module(text).run(*arrays)), want)


def test_refining_to_another_shape_changes_only_the_shapes():
    program = _program(PROGRAMS[0])
    module = import_text(program.text)
    small, large = (print_module(refine(module, [a.shape for a in program.inputs[n]])) for n in (3, 8))
    assert small != large
    assert small.replace("tensor<3x", "tensor<8x").replace("tensor<3xf32>", "tensor<8xf32>") == large


def _violated():
    program = _program(attention)
    arrays = [np.zeros((2, 1, 8), np.float32)] + program.inputs[(2, 3)][1:]  # n = 1 breaks n >= 2
    with pytest.raises(Exception) as caught:
        program.exported.call(*arrays)
    return program, arrays, str(caught.value)


def test_a_violated_constraint_gives_the_assertions_message():
    program, arrays, jax_message = _violated()
    expected = ("Input shapes do not match the symbolic shape constraint n >= 2. Expected 'n - 2' to be greater "
                "or equal to 0, but found -1.")
    assert expected in jax_message
    module = import_text(program.text)
    with pytest.raises(ShapeAssertionError) as refused:
        refine(module, [a.shape for a in arrays])
    assert str(refused.value).startswith(expected)
    assert "'n' = 1 from specification 'n' for dimension args[0].shape[1] (= 1)" in str(refused.value)
    with pytest.raises(ShapeAssertionError) as evaluated:
        evaluate(module, *arrays)  # the evaluator checks the assertion as it runs
    assert str(evaluated.value) == str(refused.value)


def test_fmt_refine_prints_the_static_program_and_refuses_a_violated_constraint(tmp_path, capsys):
    program, arrays, _ = _violated()
    path = tmp_path / "attention.mlir"
    path.write_text(program.text)
    assert main(["fmt", "--refine", "2x3x8xf32,8x24xf32,8x8xf32", str(path)]) == 0
    out = capsys.readouterr().out
    assert out == print_module(refine(import_text(program.text), [(2, 3, 8), (8, 24), (8, 8)]))
    assert main(["fmt", "--refine", "2x1x8,8x24,8x8", str(path)]) == 1  # element types taken from the arguments
    err = capsys.readouterr().err
    assert err.startswith(f"{path}: error: Input shapes do not match the symbolic shape constraint n >= 2.")
    assert main(["fmt", "--refine", "2x3x8xf32,8x24xf32", str(path)]) == 1
    assert "@main takes 3 arguments, 2 argument types given" in capsys.readouterr().err


def test_run_refines_from_the_input_arrays(tmp_path, capsys):
    program = _program(PROGRAMS[0])
    arrays = program.inputs[8]
    path, inputs, out = tmp_path / "mlp.mlir", tmp_path / "in.npz", tmp_path / "out.npz"
    path.write_text(program.text)
    np.savez(inputs, **{f"arg{i}": a for i, a in enumerate(arrays)})
    assert main(["run", str(path), "--inputs", str(inputs), "--out", str(out)]) == 0
    assert capsys.readouterr().out == "out0: shape (8, 10) float32\n"
    _close((np.load(out)["out0"],), _expected(program, arrays))
