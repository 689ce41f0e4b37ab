"""The real-socket tests inside a network namespace with only loopback (``unshare -n``), so a
test can reach nothing but 127.0.0.1 and nothing outside sees its mDNS or its ports.

``python -m tests.net.netns [--check | pytest args]`` is what runs inside: it brings ``lo`` up
with the multicast flag (mDNS on loopback) and runs pytest there with ``PLAYTABLE_NETNS=1``.
Outside, ``tests/net/conftest.py`` runs the socket modules through it when ``unshare`` works
here (root, or unprivileged user namespaces); otherwise they run in the ordinary namespace
and the namespace test says why it was skipped.
"""

from __future__ import annotations

import fcntl
import functools
import os
import shutil
import socket
import struct
import subprocess
import sys
from pathlib import Path

ENV = "PLAYTABLE_NETNS"
ROOT = Path(__file__).resolve().parents[2]
# The modules whose tests open real sockets (ports on 127.0.0.1, mDNS on loopback).
SOCKET_MODULES = ("tests/net/test_sockets.py", "tests/net/test_discovery.py",
                  "tests/net/test_link.py")
_SIOCGIFFLAGS, _SIOCSIFFLAGS = 0x8913, 0x8914
_IFF_UP, _IFF_MULTICAST = 0x1, 0x1000


def inside() -> bool:
    return os.environ.get(ENV) == "1"


def _command() -> list[str] | None:
    """``unshare`` with the options that work here (None: it does not)."""
    exe = shutil.which("unshare")
    if exe is None or not sys.platform.startswith("linux"):
        return None
    for opts in (["-n"], ["-r", "-n"]):  # as root; else in a user namespace of our own
        cmd = [exe, *opts, "--"]
        try:
            done = subprocess.run([*cmd, sys.executable, "-m", "tests.net.netns", "--check"],
                                  cwd=ROOT, capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if done.returncode == 0:
            return cmd
    return None


@functools.cache
def unavailable() -> str | None:
    """Why the socket tests cannot run in a loopback-only namespace here (None: they can)."""
    if not sys.platform.startswith("linux"):
        return f"network namespaces are Linux only (this is {sys.platform})"
    if shutil.which("unshare") is None:
        return "no unshare command (util-linux) on this machine"
    if _command() is None:
        return "unshare -n failed: needs root or unprivileged user namespaces"
    return None


def run(args: list[str], timeout: float) -> subprocess.CompletedProcess[str]:
    """pytest with ``args`` inside a new loopback-only namespace."""
    cmd = _command()
    assert cmd is not None, unavailable()
    env = {**os.environ, ENV: "1"}
    return subprocess.run([*cmd, sys.executable, "-m", "tests.net.netns", *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=timeout)


def loopback_up() -> list[str]:
    """Bring ``lo`` up with the multicast flag; the interfaces there is (only ``lo``)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        req = struct.pack("16sH", b"lo", 0)
        flags = struct.unpack("16sH", fcntl.ioctl(s.fileno(), _SIOCGIFFLAGS, req))[1]
        fcntl.ioctl(s.fileno(), _SIOCSIFFLAGS,
                    struct.pack("16sH", b"lo", flags | _IFF_UP | _IFF_MULTICAST))
    return [name for _, name in socket.if_nameindex()]


def main(argv: list[str]) -> int:
    names = loopback_up()
    if argv[:1] == ["--check"]:
        return 0 if names == ["lo"] else 1
    os.environ[ENV] = "1"
    import pytest

    return int(pytest.main(argv))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
