"""BOS scenario files: a position built from a new game, intents naming cards by id.

```toml
[position]
decks = ["Ember Court", "Tide Circle"]   # optional; the default two otherwise
active = 0                               # whose Main phase it is (both players have started)
turns = [1, 1]
life = [30, 30]
vim = [2, 2]
step = "main"
boss_up = [false, false]
[[position.summon]]
card = "cinder_imp"      # the first copy in its owner's castle
owner = 0
column = 1
strength = 3              # optional: as damaged
acted = false
```
"""

from __future__ import annotations

from typing import Any

from rules.bos.state import EMPTY, State, Unit
from rules.core.model import Intent
from rules.core.ruleset import Ruleset

_CARD_FIELDS = ("card", "target")


def build(rs: Ruleset[State], position: dict[str, Any], seed: int) -> State:
    """Nothing in BOS is random: ``seed`` plays no part."""
    options: dict[str, Any] = {}
    if "decks" in position:
        options["decks"] = list(position["decks"])
    state = rs.new_game(seed=0, options=options)
    for p in (0, 1):
        side = state.side(p)
        for key in ("life", "vim", "turns"):
            if key in position:
                setattr(side, key, int(position[key][p]))
        if "turns" not in position:
            side.turns = 1  # both players have arrived (B-11)
    for entry in position.get("summon", []):
        p, col = int(entry["owner"]), int(entry["column"])
        side = state.side(p)
        iid = next((i for i in side.castle if state.cards[i] == entry["card"]), None)
        if iid is None:
            raise ValueError(f"summon: no {entry['card']!r} in Player {p + 1}'s castle")
        side.castle = tuple(c for c in side.castle if c != iid)
        side.slots = tuple(iid if k == col else c for k, c in enumerate(side.slots))
        state.units[iid] = Unit(iid=iid, owner=p, acted=bool(entry.get("acted", False)),
                                strength=int(entry.get("strength",
                                                       state.card(iid).strength or 0)))
    for p, up in enumerate(position.get("boss_up", [False, False])):
        if up:
            side = state.side(p)
            side.boss_state = "up"
            state.units[side.boss] = Unit(iid=side.boss, owner=p,
                                          strength=state.card(side.boss).strength or 0)
    state.active = int(position.get("active", state.active))
    state.step = position.get("step", "main")
    state.attack = None
    return state


def find(state: State, name: str) -> int:
    """The instance a scenario means by a card id: on the battlefield first, then the zones of
    the player to act, then anywhere."""
    side = state.sides[state.active]
    for i in (*state.units, *side.castle, *side.spellbook, side.boss, *state.cards):
        if state.cards[i] == name:
            return i
    raise ValueError(f"no card {name!r} in this game")


def intent(rs: Ruleset[State], state: State, spec: dict[str, Any]) -> Intent:
    spec = dict(spec)
    for key in _CARD_FIELDS:
        if isinstance(spec.get(key), str):
            spec[key] = find(state, spec[key])
    return rs.parse_intent(spec)


def facts(state: State) -> dict[str, Any]:
    from rules.bos.legal import to_act

    out: dict[str, Any] = {"to_act": to_act(state), "winner": state.winner, "step": state.step}
    for p, side in enumerate(state.sides):
        out[f"life.{p}"] = side.life
        out[f"vim.{p}"] = side.vim
        out[f"boss.{p}"] = side.boss_state
        out[f"graveyard.{p}"] = ",".join(state.cards[i] for i in side.graveyard)
        for c, iid in enumerate(side.slots):
            out[f"col.{p}.{c}"] = "empty" if iid == EMPTY else state.cards[iid]
    for iid, u in state.units.items():
        name = state.cards[iid]
        out.setdefault(f"strength.{name}", u.strength)
        out.setdefault(f"acted.{name}", u.acted)
        out.setdefault(f"under.{name}", ",".join(state.cards[i] for i in u.under))
    return out
