"""Write the table's sounds (card, dice, damage, click) to assets/sounds as small WAV files.

    python tools/make_sounds.py

They are made by code (game/sound.py: ``synth``) with the stdlib only: our own work, CC0.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.sound import NAMES, wav_bytes  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "assets" / "sounds"

LICENCE = """These sounds (card, dice, damage, click) are made by code in this repository
(game/sound.py, `synth`; written by tools/make_sounds.py with Python's wave module).
They are our own work, dedicated to the public domain: CC0 1.0
(https://creativecommons.org/publicdomain/zero/1.0/).
"""


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name in NAMES:
        data = wav_bytes(name)
        (OUT / f"{name}.wav").write_bytes(data)
        print(f"{name}.wav  {len(data)} bytes")
    (OUT / "LICENCE.txt").write_text(LICENCE, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
