"""Scenario positions for Dreadnought: hand-made tables for rule tests and designers.

```toml
[position]
phase = "cast"              # choose, speed, cast, fast or action (default cast)
first = 0                   # the first player, who holds priority first (default 0)
turn = 2
casters = [["captain_vale", "hexer_moro"], ["warden_ilsa", "archivist_nox"]]
hand = [["storm_hound"], []]
deck = [["quick_fox"], []]            # top first; default: 10 Quick Foxes each
hp = [[3, 3], [3, 1]]                 # HP cards per caster (Quick Foxes), default 3 each
slots = [["iron_sentinel", "", "", ""], ["", "", "dummy", ""]]   # "dummy": a dummy
speed = ["scout_drone", ""]           # open speed cards
cast_turn = 1                         # the turn the listed units were cast (default turn)
checked = [[], ["iron_sentinel"]]     # card ids of Checked units
```
In steps, an int field may name a card id instead: the first such card of the deciding
player (hand, speed card, slots, casters), or of either player for targets and blockers.
"""

from __future__ import annotations

from typing import Any

from rules.core.datawords import unknown
from rules.core.model import Intent
from rules.core.newgame import shipped_pack
from rules.core.packs import cached_pack
from rules.core.rng import Rng
from rules.core.window_state import WindowState
from rules.dreadnought.cards import Card
from rules.dreadnought.legal import to_act
from rules.dreadnought.state import EMPTY, Player, State, Unit

FILLER = "quick_fox"


def _catalog() -> dict[str, Card]:
    from rules.dreadnought.pack import FORMAT

    return dict(cached_pack(FORMAT, shipped_pack("dreadnought")).cards)


def build(rs: Any, pos: dict[str, Any], seed: int) -> State:
    catalog = _catalog()
    cards: dict[int, str] = {}

    def new(cid: str) -> int:
        if cid not in catalog:
            raise ValueError(unknown("card", cid, catalog))
        cards[len(cards)] = cid
        return len(cards) - 1

    def two(key: str, default: Any) -> list[Any]:
        v = pos.get(key, default)
        if not isinstance(v, list) or len(v) != 2:
            raise ValueError(f"{key} must be a list of two entries (one per player)")
        return v

    turn = int(pos.get("turn", 2))
    cast_turn = int(pos.get("cast_turn", turn))
    units: dict[int, Unit] = {}
    players = []
    for p in (0, 1):
        casters = two("casters", [["captain_vale", "hexer_moro"],
                                  ["warden_ilsa", "archivist_nox"]])[p]
        cs = (new(casters[0]), new(casters[1]))
        hp_n = two("hp", [[3, 3], [3, 3]])[p]
        hp = (tuple(new(FILLER) for _ in range(hp_n[0])),
              tuple(new(FILLER) for _ in range(hp_n[1])))
        hand = tuple(new(c) for c in two("hand", [[], []])[p])
        deck = tuple(new(c) for c in two("deck", [[FILLER] * 10, [FILLER] * 10])[p])
        checked = set(two("checked", [[], []])[p])
        slots = [EMPTY] * 4
        for k, cid in enumerate(two("slots", [["", "", "", ""], ["", "", "", ""]])[p]):
            if not cid:
                continue
            dummy = cid == "dummy"
            i = new(FILLER if dummy else cid)
            slots[k] = i
            units[i] = Unit(iid=i, owner=p, dummy=dummy, checked=dummy or cid in checked,
                            cast_turn=cast_turn)
        speed_id = two("speed", ["", ""])[p]
        speed = new(speed_id) if speed_id else EMPTY
        players.append(Player(casters=cs, hp=hp, hand=hand, deck=deck, speed=speed,
                              slots=(slots[0], slots[1], slots[2], slots[3])))
    phase = pos.get("phase", "cast")
    first = int(pos.get("first", 0))
    window: WindowState[int] | None = None if phase == "choose" else WindowState.round(
        "alternate" if phase == "action" else "hold", first)
    state = State(catalog=catalog, cards=cards, players=(players[0], players[1]), units=units,
                  turn=turn, phase=phase, first=first, faster=first, window=window,
                  rng=Rng(seed=seed))
    if phase == "choose":
        from rules.dreadnought.flow import start_turn

        start_turn(state)
    return state


def intent(rs: Any, state: State, spec: dict[str, Any]) -> Intent:
    """Card ids in an intent's int fields become the instance they name."""
    p = to_act(state)
    out = dict(spec)
    for key, value in spec.items():
        if key == "kind" or not isinstance(value, str):
            continue
        out[key] = _find(state, p, value, own=key in ("card", "unit", "source"))
    return rs.parse_intent(out)  # type: ignore[no-any-return]


def _find(state: State, p: int | None, cid: str, own: bool) -> int:
    order = [p] if own and p is not None else ([p, 1 - p] if p is not None else [0, 1])
    for q in order:
        pl = state.players[q]
        for i in (*pl.hand, pl.speed, *pl.slots, *pl.casters):
            if i != EMPTY and state.cards.get(i) == cid:
                return i
    raise ValueError(f"no card {cid!r} where this step looks for it")


def facts(state: State) -> dict[str, Any]:
    out: dict[str, Any] = {"to_act": to_act(state), "winner": state.winner,
                           "phase": state.phase, "first": state.first, "turn": state.turn}
    for p in (0, 1):
        pl = state.players[p]
        out[f"hp.{p}"] = [len(pl.hp[0]), len(pl.hp[1])]
        out[f"hand.{p}"] = len(pl.hand)
        out[f"log.{p}"] = len(pl.log)
        for k, i in enumerate(pl.slots):
            u = state.units.get(i)
            out[f"slot.{p}.{k}"] = ("empty" if i == EMPTY else
                                    "dummy" if u is not None and u.dummy else state.cards[i])
            if u is not None:
                out[f"checked.{p}.{k}"] = u.checked
                out[f"damage.{p}.{k}"] = u.damage
    return out
