"""The example game package (examples/tinycards) registered for each test, as its entry point
registers it once it is installed (``pip install ./examples/tinycards``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules import registry
from tests.game.conftest import menu, table  # noqa: F401 - the client's fixtures, headless
from tinycards.game import GAME


@pytest.fixture(autouse=True)
def tinycards() -> Iterator[str]:
    registry.register(GAME, replace=True)
    try:
        yield GAME.name
    finally:
        registry.unregister(GAME.name)
