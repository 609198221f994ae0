import json
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
REFERENCE_OUTPUTS = REPO_ROOT.parent / "shared" / "fixtures" / "ddpm_reference_outputs.json"


@pytest.fixture(scope="session")
def reference_cases():
    """The reference C helpers' outputs, by case id."""
    if not REFERENCE_OUTPUTS.exists():
        pytest.skip("reference outputs absent: ../shared/fixtures/ddpm_reference_outputs.json")
    with REFERENCE_OUTPUTS.open() as handle:
        return {case["id"]: case for case in json.load(handle)["cases"]}
