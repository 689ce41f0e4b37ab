"""The real-socket modules run inside a loopback-only network namespace when this machine
allows one (``tests/net/netns.py``, run by ``test_in_namespace.py``); here they are skipped
then, saying so. Without a namespace they run here, on 127.0.0.1."""

from __future__ import annotations

import pytest

from tests.net import netns


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    sockets = [i for i in items if i.path.as_posix().endswith(netns.SOCKET_MODULES)]
    if not sockets or netns.inside() or netns.unavailable() is not None:
        return
    skip = pytest.mark.skip(reason="run inside a loopback-only network namespace by "
                            "tests/net/test_in_namespace.py")
    for item in sockets:
        item.add_marker(skip)
