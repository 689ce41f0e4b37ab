"""A throwaway game for registry tests: "tiny", two players take cards from their deck until
both decks are empty; whoever took the higher total wins. It has its own pack format, options
model and pack folder (written by ``write_pack``), and nothing of it lives under rules/."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.core.errors import DataError
from rules.core.gameinfo import GameInfo, GameOptions
from rules.core.model import Event, Frozen, Intent
from rules.core.newgame import Setup
from rules.core.packs import Face, PackFormat
from rules.core.ruleset import Ruleset


class Tile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    name: str
    value: int


class TileDeck(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    tiles: list[str]


def _face(t: Tile) -> Face:
    return Face(key=t.id, title=t.name, kind="tile", type="Tile", colour=(90, 90, 90),
                cost=None, stats=[("V", t.value)], blocks=[], flavour="", art=None)


def _decks(folder: Path, files: list[Path], cards: dict[str, Tile]) -> dict[str, TileDeck]:
    from rules.core.cards import read_toml

    out: dict[str, TileDeck] = {}
    for f in files:
        data, index = read_toml(f)
        for i, raw in enumerate(data.get("deck", [])):
            deck = TileDeck.model_validate(raw)
            missing = [t for t in deck.tiles if t not in cards]
            if missing:
                raise DataError([f"{f}:{index.line_of(('deck', i))}: deck '{deck.name}': "
                                 f"tiles: unknown tile {missing[0]!r}"])
            out[deck.name] = deck
    return out


FORMAT: PackFormat[Tile, TileDeck] = PackFormat(
    game="tiny", card_key="tile", card_model=Tile, card_id=lambda t: t.id, id_field="id",
    face=_face, load_decks=_decks, deck_key="deck", deck_cards=lambda d: list(d.tiles))


class TinyOptions(GameOptions):
    """The game's own options, one of each kind the menu shows."""

    bonus: int = Field(0, ge=0, le=9, description="Added to one player's total")
    bonus_to: Literal[1, 2] = Field(1, description="The player who gets the bonus")
    double: bool = Field(False, description="The bonus counts twice")


class TinyState(Frozen):
    decks: tuple[tuple[int, ...], tuple[int, ...]]
    totals: tuple[int, int]
    active: int


class Take(Intent):
    kind: Literal["take"] = "take"


class TinyRules(Ruleset[TinyState]):
    name: ClassVar[str] = "tiny"
    title: ClassVar[str] = "Tiny"
    state_type = TinyState
    intent_types = (Take,)
    turn_cap: ClassVar[int] = 20

    def _new_game(self, seed: int, setup: Setup) -> TinyState:
        o = setup.options
        assert isinstance(o, TinyOptions)
        values = tuple(tuple(setup.cards[t].value for t in d.tiles) for d in setup.decks)
        if len(values) == 1:  # one shared pile: dealt to the players in turn
            values = (values[0][0::2], values[0][1::2])
        bonus = o.bonus * (2 if o.double else 1)
        totals = (bonus, 0) if o.bonus_to == 1 else (0, bonus)
        return TinyState(decks=(values[0], values[1]), totals=totals, active=o.first)

    def _to_act(self, state: TinyState) -> int | None:
        return None if not any(state.decks) else state.active

    def _legal_intents(self, state: TinyState) -> list[Intent]:
        return [Take()]

    def _apply(self, state: TinyState, intent: Intent, quiet: bool = False
               ) -> tuple[TinyState, list[Event]]:
        p = state.active
        decks = list(state.decks)
        totals = list(state.totals)
        if decks[p]:
            totals[p] += decks[p][0]
            decks[p] = decks[p][1:]
        nxt = 1 - p if decks[1 - p] else p
        new = TinyState(decks=(decks[0], decks[1]), totals=(totals[0], totals[1]), active=nxt)
        return new, [] if quiet else [Event(kind="take", text=f"Player {p + 1} takes a tile.",
                                            player=p)]

    def _winner(self, state: TinyState) -> int | None:
        if any(state.decks) or state.totals[0] == state.totals[1]:
            return None
        return 0 if state.totals[0] > state.totals[1] else 1

    def _view(self, state: TinyState, player: int) -> TinyState:
        return state

    def _highlights(self, state: TinyState, source: Any) -> dict[str, list[Any]]:
        return {}


PACK_TILES = """[[tile]]
id = "one"
name = "One"
value = 1

[[tile]]
id = "five"
name = "Five"
value = 5
"""
PACK_DECKS = """[[deck]]
name = "Zed"
tiles = ["five", "five"]

[[deck]]
name = "Alpha"
tiles = ["one", "five"]
"""


def write_pack(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tiles.toml").write_text(PACK_TILES, encoding="utf-8")
    (folder / "decks.toml").write_text(PACK_DECKS, encoding="utf-8")
    return folder


def info(pack: Path, table: str | None = None) -> GameInfo:
    """The tiny game's declaration, playing from ``pack``."""
    return GameInfo(name="tiny", title="Tiny", ruleset=TinyRules, pack_format=FORMAT,
                    pack=pack, table=table, options=TinyOptions, deck_word="Pile")
