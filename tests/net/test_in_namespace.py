"""The real-socket tests, run inside a network namespace with only loopback (``unshare -n``)
where this machine allows it; skipped, with the reason, where it does not (they ran in the
ordinary namespace then)."""

from __future__ import annotations

import pytest

from tests.net import netns

TIMEOUT_S = 1500  # every socket test, whole games included, on a loaded machine


def test_the_namespace_has_only_loopback_with_multicast() -> None:
    why = netns.unavailable()
    if why is not None:
        pytest.skip(f"the socket tests ran in the ordinary namespace: {why}")
    done = netns.run(["--check"], 60)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_socket_tests_pass_inside_a_loopback_only_namespace(
        request: pytest.FixtureRequest) -> None:
    why = netns.unavailable()
    if why is not None:
        pytest.skip(f"the socket tests ran in the ordinary namespace: {why}")
    if netns.inside():
        pytest.skip("already inside the namespace")
    args = ["-q", "-p", "no:xdist", "-p", "no:cacheprovider", "-p", "no:randomly",
            *netns.SOCKET_MODULES]
    marks = request.config.getoption("markexpr")
    if marks:
        args += ["-m", str(marks)]
    done = netns.run(args, TIMEOUT_S)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and " skipped" not in done.stdout, done.stdout[-2000:]
