"""Suite-wide options."""

import os

from vitir.backend import ensure_host_devices


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite tests/golden/*.mlir from vitir's current output instead of comparing")


def pytest_configure(config):
    # XLA fixes the host device count when its CPU backend starts; replica tests need 4.
    ensure_host_devices(4)
    if config.getoption("--update-golden"):
        os.environ["VITIR_UPDATE_GOLDEN"] = "1"
