"""Games with a prototype card whose effect is ``manual`` (tests/data/manual/<game>/): the
shipped pack copied, the prototype added and swapped into the decks, and a seeded playout that
reaches its manual step (preferring intents that name the prototype)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

import rules
from rules.core.manual_intents import ManualDone
from rules.core.model import Intent
from rules.core.newgame import shipped_pack

DATA = Path(__file__).resolve().parent.parent / "data" / "manual"
GAMES = ("kyoukai", "dreadnought", "krosmaster", "bos", "nullshapers")
# (file, text, replacement) edits of the copied pack that put the prototype in the decks.
SWAPS: dict[str, list[tuple[str, str, str]]] = {
    "kyoukai": [("decks.toml", "stone_throw = 2", "thunder_spear = 3")],
    "dreadnought": [("decks.toml", "scout_drone = 3", "tinker_drone = 3")],
    "krosmaster": [("teams.toml", '"Iron Brawler"', '"Thunder Brawler"')],
    "bos": [("decks.toml", '["fireball"', '["thunder_spear"'),
            ("decks.toml", '"phoenix_chick"]', '"thunder_golem"]')],
    "nullshapers": [("decks.toml", "data_harvest = 2", "thunder_spear = 3")],
}
# Words the prototype's intents are described with, the most wanted first.
PROTOTYPE = {"kyoukai": ("Thunder Spear",), "dreadnought": ("Jury-rig", "Cast Tinker Drone (S"),
             "krosmaster": ("Thunder Spear",), "bos": ("Thunder Spear",),
             "nullshapers": ("Thunder Spear",)}


def manual_pack(game: str, into: Path) -> Path:
    """A copy of the game's shipped pack with the prototype card in it and in its decks."""
    folder = into / game
    shutil.copytree(shipped_pack(rules.GAMES[game].info), folder)
    for f in (DATA / game).glob("*.toml"):
        shutil.copy(f, folder / f.name)
    for name, old, new in SWAPS[game]:
        path = folder / name
        text = path.read_text()
        assert old in text, f"{game}: {old!r} not in {name}"
        path.write_text(text.replace(old, new))
    return folder


def reach_manual(game: str, pack: Path, seed: int = 1, limit: int = 3000,
                 words: tuple[str, ...] = ()) -> tuple[Any, dict[str, Any], list[Intent]]:
    """A state with a manual step open, the options and the intents from ``new_game`` that
    led to it (a record). Plays the prototype's intents whenever there are some; with
    ``words``, those naming them instead, and Done at any other card's step."""
    rs = rules.get(game)
    options = {"pack": str(pack)}
    rng = random.Random(seed)
    for attempt in range(20):
        state = rs.new_game(seed + attempt, options)
        intents: list[Intent] = []
        for _ in range(limit):
            step = rs.manual_pending(state)
            if step is not None and (not words or any(w in step.title for w in words)):
                return state, {"seed": seed + attempt, **options}, intents
            if rs.to_act(state) is None:
                break
            if step is not None:
                state = rs.apply(state, ManualDone()).state
                intents.append(ManualDone())
                continue
            legal = rs.legal_intents(state)
            said = [rs.describe(state, i) for i in legal]
            mine: list[Intent] = []
            for word in words or PROTOTYPE[game]:
                mine = mine or [i for i, s in zip(legal, said, strict=True) if word in s]
            intent = rng.choice(mine or legal)
            state = rs.apply(state, intent).state
            intents.append(intent)
    raise AssertionError(f"{game}: no manual step reached")


def refused_change(rs: Any, state: Any) -> Intent:
    """The first listed manual change (of the cards on the board, then the others, then the
    players') after which the rules refuse Done: a card somewhere the game does not allow it,
    a counter out of its bounds…"""
    table = rs.manual_table
    places = sorted(table.places(state), key=lambda pl: pl.zone != "board")
    for card in dict.fromkeys(pl.card for pl in places):
        for intent in [*rs.legal_intents(state, card), *rs.legal_intents(state)]:
            if intent.kind != "manual_done" and rs.done_refusal(rs.apply(state, intent).state):
                return intent
    raise AssertionError(f"{rs.name}: no change Done refuses")
