"""Every registered rule against jax.jvp / jax.vjp of the same op, and the inner-product test.

The cases live in the `cases_*.py` modules beside this one (one per op family); each registers
in harness.CASES. A rule in the tables without a case fails `test_every_rule_has_a_case`."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

pytest.importorskip("jax")

from vitir.autodiff import JVP_RULES, TRANSPOSE_RULES  # noqa: E402
from vitir.autodiff.tables import LINEARIZE_RULES, REGION_JVPS  # noqa: E402

from . import harness  # noqa: E402

for _module in pkgutil.iter_modules(__path__ if "__path__" in globals() else [__import__("os").path.dirname(__file__)]):
    if _module.name.startswith("cases_"):
        importlib.import_module(f"{__package__}.{_module.name}")

CASES = {c.name: c for c in harness.CASES}


@pytest.mark.parametrize("name", sorted(CASES))
def test_against_jax_on_the_evaluator(name):
    harness.check_evaluator(CASES[name])


@pytest.mark.parametrize("name", sorted(n for n, c in CASES.items() if c.pjrt))
def test_against_jax_through_pjrt(name):
    harness.check_pjrt(CASES[name])


@pytest.mark.parametrize("name", sorted(CASES))
def test_inner_product(name):
    harness.check_inner_product(CASES[name])


def test_every_rule_has_a_case():
    covered = {cls for c in harness.CASES for cls in c.ops} | set(harness.CHECKED_ELSEWHERE)
    registered = set(JVP_RULES) | set(TRANSPOSE_RULES) | set(REGION_JVPS) | set(LINEARIZE_RULES)
    missing = sorted(cls.NAME for cls in registered if cls not in covered)
    assert not missing, f"rules without a case in tests/autodiff/cases_*.py: {', '.join(missing)}"
