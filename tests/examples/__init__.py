"""Tests of the example game package (examples/tinycards). Importing this package makes it
importable as ``tinycards``, as it is once installed (``pip install ./examples/tinycards``);
the tests register it themselves (``conftest.py``), as its entry point would."""

from __future__ import annotations

import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "tinycards"
if str(EXAMPLE) not in sys.path:
    sys.path.insert(0, str(EXAMPLE))
