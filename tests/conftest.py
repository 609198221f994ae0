"""Suite-wide setup (the --update-golden option comes from vitir's pytest plugin)."""

from vitir.backend import ensure_host_devices

pytest_plugins = ["pytester"]  # tests/test_testing.py runs pytest on small test files


def pytest_configure(config):
    # XLA fixes the host device count when its CPU backend starts; replica tests need 4.
    ensure_host_devices(4)
