"""JAX's sharded programs, lowered at test time in both of JAX's forms (Shardy's sdy dialect, JAX's
default, and GSPMD's `mhlo.sharding`): `vitir check`, `fmt`, `fmt --ast` and `opt -p dce,cse,fold,simplify`
keep every sharding text (MLIR's own printing of vitir's output holds each one as often as its printing
of JAX's text), and `vitir run` partitions the program over 4 host devices and gives the answer JAX
computes without shardings on one device."""

from __future__ import annotations

import re
from collections import Counter

import numpy as np
import pytest

from tests.mlir_parser import mlir_print
from vitir.ast.declare import OPS
from vitir.cli import main as vitir

pytest.importorskip("jax")

from tests.sharding.jax_programs import lowered, vitir_run  # noqa: E402

NAMES = ("matmul", "constraint", "shard_map", "train_step", "export")
FORMS = ("gspmd", "shardy")
SHARDY_DECLARED = "sdy.mesh" in OPS
_ENTRY = re.compile(r'\bmhlo\.sharding = "(?:[^"\\]|\\.)*"|\bsdy\.sharding = #sdy\.sharding(?:_per_value)?<(?:[^<>]|<[^<>]*>)*>'
                    r"|\bmhlo\.num_(?:partitions|replicas) = \d+ : i\d+")
_SSA = re.compile(r"%[\w$.#-]+")


@pytest.fixture(scope="module", params=FORMS)
def programs(request):
    if request.param == "shardy" and not SHARDY_DECLARED:
        pytest.skip("the sdy dialect's ops (sdy.mesh, ...) are not declared in this checkout")
    return request.param, lowered(request.param)


def sharding_texts(text: str) -> Counter:
    """Every sharding MLIR prints for `text`: the attribute entries (shardings, partition and replica
    counts) and the sdy ops' lines, their SSA names left out."""
    printed = mlir_print(text)
    found = Counter(m.group(0) for m in _ENTRY.finditer(printed))
    found.update(_SSA.sub("%", line.strip()) for line in printed.splitlines() if line.strip().startswith(("sdy.", "%"))
                 and re.search(r"(^|= )sdy\.", _SSA.sub("%", line.strip())))
    return found


def _cli(capsys, *argv) -> str:
    code = vitir(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


@pytest.mark.parametrize("name", NAMES)
def test_check_fmt_and_opt_keep_every_sharding(programs, name, tmp_path, capsys):
    form, made = programs
    text = made[name]["text"]
    path = tmp_path / f"{name}.mlir"
    path.write_text(text)
    expected = sharding_texts(text)
    assert expected["mhlo.num_partitions = 4 : i32"] == 1 and len(expected) > 1
    _cli(capsys, "check", str(path))
    for argv in (["fmt"], ["fmt", "--ast"], ["opt", "-p", "dce,cse,fold,simplify"]):
        out = _cli(capsys, *argv, str(path))
        assert sharding_texts(out) == expected, argv


@pytest.mark.parametrize("name", NAMES)
def test_run_partitions_and_gives_the_unsharded_answer(programs, name, tmp_path):
    form, made = programs
    program = made[name]
    got = vitir_run(tmp_path, name, program["text"], program["inputs"])
    assert len(got) == len(program["outputs"])
    for mine, theirs in zip(got, program["outputs"]):
        np.testing.assert_allclose(mine, np.asarray(theirs, np.float32), rtol=2e-5, atol=1e-6)


@pytest.mark.parametrize("name", NAMES)
def test_the_evaluator_runs_them_by_their_global_meaning(programs, name):
    """Shardings are annotations: the evaluator gives the one-device answer; a shard_map's body runs per
    device (tests/sharding/test_evaluate_per_device.py)."""
    from vitir.evaluate import evaluate
    from vitir.mlir import import_text

    form, made = programs
    program = made[name]
    module = import_text(program["text"])
    inputs = [np.asarray(a, np.float32) for a in program["inputs"]]
    got = evaluate(module, *inputs)
    got = got if isinstance(got, (tuple, list)) else (got,)
    assert len(got) == len(program["outputs"])
    for mine, theirs in zip(got, program["outputs"]):
        np.testing.assert_allclose(mine, np.asarray(theirs, np.float32), rtol=2e-5, atol=1e-6)
