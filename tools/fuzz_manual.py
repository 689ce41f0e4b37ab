"""The manual pass of ``tools/fuzz.py`` (issue 33, items 4-6): random manual steps in every
game, through ``tests/manual/random_steps.py``. Designer-mode games, half of them on the pack
with the prototype manual cards, are played at random; at each step (a freeform one, or one a
card opened) random manual intents go to ``apply``: listed ones, and made-up ones with cards,
zones, places and counters out of range. Counted:

- crashed: an intent raised anything but ``IllegalIntent``;
- refused: an intent the rules listed was refused, or Done was accepted unlisted;
- lost: a refused intent changed the state;
- stuck: after an accepted Done a player is to act with no legal intent.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import rules
from tests.manual.helpers import manual_pack
from tests.manual.random_steps import walk

Tally = Any


def manual(t: Tally, count: int, seed: int, folder: Path) -> None:
    """``count`` walks (of three manual steps each), the games in turn."""
    games = sorted(rules.GAMES)
    packs = {g: manual_pack(g, folder / "manual-packs") for g in games}
    t.extra.setdefault("refused", 0)
    t.extra.setdefault("stuck", 0)
    for n in range(count):
        game = games[n % len(games)]
        options = {"pack": str(packs[game])} if n // len(games) % 2 else {}
        try:
            walked = walk(game, seed * 100_000 + n, steps=3, per_step=6, options=options)
        except Exception as e:  # noqa: BLE001 - the play around the steps must not fail
            t.crashed += 1
            t.note(f"{game} walk {n}: {type(e).__name__}: {e}")
            continue
        t.tried += walked.tried
        for f in walked.findings:
            if f.kind == "crash":
                t.crashed += 1
            elif f.kind == "changed":
                t.lost += 1
            else:
                t.extra["stuck" if f.kind == "stuck" else "refused"] += 1
            t.note(f.what[:300])
