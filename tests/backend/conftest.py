import pytest

from vitir.backend import ensure_host_devices

HOST_DEVICES = 4


@pytest.fixture(scope="session", autouse=True)
def host_devices():
    # Must run before anything compiles: the CPU backend keeps the count it starts with.
    ensure_host_devices(HOST_DEVICES)
    return HOST_DEVICES
