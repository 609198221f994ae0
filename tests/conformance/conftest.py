import pytest


@pytest.fixture(scope="session")
def xla_worker():
    """One child process running cases on XLA's CPU backend for all conformance tests (it starts again
    by itself after XLA kills it)."""
    from vitir.conformance.xla import XlaWorker

    with XlaWorker() as worker:
        yield worker
