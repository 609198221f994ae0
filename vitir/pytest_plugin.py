"""pytest plugin (loaded through the `pytest11` entry point): the `golden`
fixture and the `--update-golden` option of vitir.testing. Imports nothing
heavy, so it costs a test run nothing when unused."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .testing import UPDATE_ENV, GoldenFiles


def pytest_addoption(parser):
    parser.getgroup("vitir").addoption(
        "--update-golden", action="store_true",
        help="rewrite golden text files from the current output instead of comparing")


_SAVED_ENV = pytest.StashKey()


def pytest_configure(config):
    if config.getoption("--update-golden"):
        # The environment also reaches golden checks made outside the fixture.
        config.stash[_SAVED_ENV] = os.environ.get(UPDATE_ENV)
        os.environ[UPDATE_ENV] = "1"


def pytest_unconfigure(config):
    if _SAVED_ENV in config.stash:  # restored, so a nested pytest run does not leak it
        saved = config.stash[_SAVED_ENV]
        if saved is None:
            os.environ.pop(UPDATE_ENV, None)
        else:
            os.environ[UPDATE_ENV] = saved


@pytest.fixture
def golden(request) -> GoldenFiles:
    """Golden files in the `golden/` folder beside the requesting test module."""
    return GoldenFiles(Path(request.path).parent / "golden")
