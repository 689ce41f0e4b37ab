"""Scenario positions for Kyoukai: hand-made boards for rule tests and designers.

```toml
[position]
active = 0                 # whose turn (default 0); step is "main"
ki = [3, 3]
hand = [["punch"], ["block"]]
discard = [[], []]
spirits = [[], []]
deck = [["basic_slime", "basic_slime"], []]   # top first; default: 5 Basic Slimes each
entrants = ["ronin_aki", "sage_mirei"]
field = [ { card = "wandering_lion", owner = 0, zone = "C3", ready = true, damage = 0,
            branches = ["thorn_vine"] } ]
```
Entrants stand in their corners unless the field lists them. In steps, ``gate``/``card``
may name a zone ("C3") or a card id (the first such card of the deciding player, looked up in
hand, Spirit deck, Discard, then field); ``zone``/``to`` take zone labels.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules.core.datawords import unknown
from rules.core.model import Intent
from rules.core.newgame import shipped_pack
from rules.core.rng import Rng
from rules.kyoukai.effects import zone_label
from rules.kyoukai.legal import to_act
from rules.kyoukai.ruleset import ENTRANT_ZONES, KyoukaiRules, load
from rules.kyoukai.state import EMPTY, GRID, FieldGate, Player, State


def parse_zone(label: str | int) -> int:
    if isinstance(label, int):
        return label
    s = label.strip().upper()
    if len(s) != 2 or s[0] not in "ABCDE" or s[1] not in "12345":
        raise ValueError(f"bad zone {label!r}: use A1..E5 (column letter, row number)")
    return GRID.cell(int(s[1]) - 1, "ABCDE".index(s[0]))


def build(rs: KyoukaiRules, pos: dict[str, Any], seed: int) -> State:
    catalog, _ = load(Path(pos.pop("pack", None) or shipped_pack(rs.name)).resolve())
    cards: dict[int, str] = {}

    def new(cid: str) -> int:
        if cid not in catalog:
            raise ValueError(unknown("card", cid, catalog))
        cards[len(cards)] = cid
        return len(cards) - 1

    def per_player(key: str, default: list[Any]) -> list[Any]:
        v = pos.get(key, default)
        if not isinstance(v, list) or len(v) != 2:
            raise ValueError(f"{key} must be a list of two lists (one per player)")
        return v

    entrant_ids = pos.get("entrants", ["ronin_aki", "sage_mirei"])
    field = [EMPTY] * GRID.size
    gates: dict[int, FieldGate] = {}
    placed_entrant = {int(f.get("owner", 0)) for f in pos.get("field", [])
                      if catalog.get(f.get("card", "")) is not None
                      and catalog[f["card"]].type == "entrant"}
    entrants: list[int] = []
    for p in (0, 1):
        ent = new(entrant_ids[p])
        entrants.append(ent)
        if p not in placed_entrant:
            field[ENTRANT_ZONES[p]] = ent
            gates[ent] = FieldGate(iid=ent, owner=p, ready=True)
    for f in pos.get("field", []):
        owner = int(f.get("owner", 0))
        card = catalog.get(f["card"])  # an unknown one is refused, with its nearest, by new()
        iid = entrants[owner] if card is not None and card.type == "entrant" else new(f["card"])
        zone = parse_zone(f["zone"])
        if field[zone] != EMPTY:
            raise ValueError(f"two Gates in zone {f['zone']}")
        field[zone] = iid
        branches = tuple(new(b) for b in f.get("branches", []))
        gates[iid] = FieldGate(iid=iid, owner=owner, ready=bool(f.get("ready", True)),
                               damage=int(f.get("damage", 0)), branches=branches)
    hands = per_player("hand", [[], []])
    decks = per_player("deck", [["basic_slime"] * 5, ["basic_slime"] * 5])
    discards = per_player("discard", [[], []])
    spirits = per_player("spirits", [[], []])
    ki = per_player("ki", [5, 5])
    players = [Player(entrant=entrants[p], hand=[new(c) for c in hands[p]],
                      deck=[new(c) for c in decks[p]], discard=[new(c) for c in discards[p]],
                      spirits=[new(c) for c in spirits[p]], ki=int(ki[p])) for p in (0, 1)]
    active = int(pos.get("active", 0))
    return State(catalog=catalog, cards=cards, field=field, gates=gates,
                 players=(players[0], players[1]), active=active, first=active,
                 turn=int(pos.get("turn", 3)), step="main", rng=Rng(seed=seed))


def _find(s: State, p: int, ref: str | int) -> int:
    """A card reference from a scenario: a zone label, or a card id owned by player p."""
    if isinstance(ref, int):
        return ref
    try:
        z = parse_zone(ref)
        if s.field[z] == EMPTY:
            raise ValueError(f"zone {ref} is empty")
        return s.field[z]
    except ValueError:
        if ref.upper() == ref and len(ref) == 2:
            raise
    pl = s.players[p]
    for zone in (pl.hand, pl.spirits, pl.discard):
        for i in zone:
            if s.cards[i] == ref:
                return i
    for i, g in s.gates.items():
        if g.owner == p and s.cards[i] == ref:
            return i
    raise ValueError(f"player {p} has no card {ref!r} in hand, Spirit deck, Discard or field")


def intent(rs: Any, s: State, spec: dict[str, Any]) -> Intent:
    p = to_act(s)
    p = 0 if p is None else p
    spec = dict(spec)
    for key in ("gate", "card"):
        if key in spec:
            spec[key] = _find(s, p, spec[key])
    for key in ("zone", "to"):
        if key in spec and isinstance(spec[key], str):
            spec[key] = parse_zone(spec[key])
    result: Intent = rs.parse_intent(spec)
    return result


def facts(s: State) -> dict[str, Any]:
    out: dict[str, Any] = {"to_act": to_act(s), "winner": s.winner, "over": s.over,
                           "step": s.step, "active": s.active, "turn": s.turn,
                           "sequence": len(s.seq.stack) if s.seq else 0,
                           "action": s.action.stage if s.action else "none",
                           "pending": s.pending.kind if s.pending else "none"}
    for z in range(GRID.size):
        iid = s.field[z]
        label = zone_label(z)
        out[f"zone.{label}"] = "empty" if iid == EMPTY else s.cards[iid]
        if iid != EMPTY:
            g = s.gates[iid]
            out[f"zone.{label}.ready"] = g.ready
            out[f"zone.{label}.owner"] = g.owner
            out[f"zone.{label}.branches"] = [s.cards[b] for b in g.branches]
    for p, pl in enumerate(s.players):
        ent = s.gates.get(pl.entrant)
        out[f"p{p}.damage"] = ent.damage if ent else 0
        out[f"p{p}.ki"] = pl.ki
        out[f"p{p}.hand"] = sorted(s.cards[c] for c in pl.hand)
        out[f"p{p}.hand_count"] = len(pl.hand)
        out[f"p{p}.discard"] = sorted(s.cards[c] for c in pl.discard)
        out[f"p{p}.deck_count"] = len(pl.deck)
    return out
