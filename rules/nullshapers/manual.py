"""Nullshapers' table for manual steps (``rules.core.manual_table``): deck, hand, cache,
staging and energy as piles, agents in the biomes (or staging) as the board, gear under an
agent; each sector's durability and spent energy of a player, damage, boost and shield of an
agent; locked; each player's anomaly in play as a fixed zone."""

from __future__ import annotations

from rules.core.manual import Resumer, resume
from rules.core.manual_intents import ManualStep, Resume
from rules.core.manual_table import BOARD, UNDER, CounterSpec, ManualTable, Place
from rules.nullshapers.cards import HIDDEN, PLACEHOLDER
from rules.nullshapers.flow import next_turn, open_window, ordering, run
from rules.nullshapers.state import (
    BIOMES,
    DURABILITY,
    HAND_LIMIT,
    NONE,
    STAGING,
    Agent,
    State,
    defense_of,
)

_SECTORS = tuple(f"durability_{b + 1}" for b in range(3))


class NullshapersManual(ManualTable):
    piles = ("hand", "deck", "cache", "staging", "energy")
    hidden = frozenset({"hand", "deck", "energy"})
    has_under = True
    counters = (*(CounterSpec(n, "player", 0, DURABILITY * 10, f"{BIOMES[b]} durability")
                  for b, n in enumerate(_SECTORS)),
                CounterSpec("spent", "player", 0, 99, "Spent energy"),
                CounterSpec("damage", "card", 0, 99, "Damage"),
                CounterSpec("boost", "card", 0, 99, "Boost"),
                CounterSpec("shield", "card", 0, 99, "Shield"))
    flags = ("locked",)
    flag_labels = {"locked": "locked (it attacked)"}
    fixed = ("anomaly",)
    hidden_card = HIDDEN
    placeholder = PLACEHOLDER

    def spot_label(self, at: int) -> str:
        return "staging" if at == STAGING else BIOMES[at]

    def places(self, s: State) -> list[Place]:
        out: list[Place] = []
        for p, side in enumerate(s.sides):
            for zone in self.piles:
                out.extend(Place(c, p, zone) for c in getattr(side, zone))
            if side.anomaly != NONE:
                out.append(Place(side.anomaly, p, "anomaly", 0))
        for iid, a in s.agents.items():
            out.append(Place(iid, a.owner, BOARD, a.biome))
            out.extend(Place(g, a.owner, UNDER, iid) for g in a.gear)
        return out

    def fixed_label(self, zone: str, at: int) -> str:
        return "the anomaly in play"

    def fixed_spots(self, s: State, owner: int, zone: str) -> list[int]:
        return [0] if s.sides[owner].anomaly == NONE else []

    def take_fixed(self, s: State, card: int, here: Place) -> None:
        s.side(here.owner).anomaly = NONE

    def put_fixed(self, s: State, card: int, owner: int, zone: str, at: int) -> None:
        s.side(owner).anomaly = card

    def board_spots(self, s: State, owner: int) -> list[int]:
        side = s.sides[owner]
        return [STAGING, *(b for b in range(3) if not side.lost[b])]

    def take_board(self, s: State, card: int) -> None:
        """Out of play as when recalled: its gear goes to the cache, it leaves any battle."""
        s.remove_agent(card)

    def put_board(self, s: State, card: int, owner: int, at: int) -> None:
        s.agents[card] = Agent(owner=owner, biome=at)

    def take_under(self, s: State, card: int, host: int) -> None:
        s.set_agent(host, gear=tuple(g for g in s.agents[host].gear if g != card))

    def put_under(self, s: State, card: int, host: int) -> None:
        s.set_agent(host, gear=(*s.agents[host].gear, card))

    def counter(self, s: State, spec: CounterSpec, owner: int, card: int) -> int | None:
        if spec.name in _SECTORS:
            return s.sides[owner].durability[_SECTORS.index(spec.name)]
        if spec.name == "spent":
            return s.sides[owner].spent
        a = s.agents.get(card)
        return None if a is None else int(getattr(a, spec.name))

    def set_counter(self, s: State, spec: CounterSpec, owner: int, card: int, value: int) -> None:
        if spec.name in _SECTORS:
            s.side(owner).durability[_SECTORS.index(spec.name)] = value
        elif spec.name == "spent":
            s.side(owner).spent = value
        else:
            s.set_agent(card, **{spec.name: value})

    def flag(self, s: State, card: int, flag: str) -> bool | None:
        a = s.agents.get(card)
        return None if a is None else a.locked

    def set_flag(self, s: State, card: int, flag: str, value: bool) -> None:
        s.set_agent(card, locked=value)

    def problems(self, s: State) -> list[str]:
        out = []
        for p, side in enumerate(s.sides):
            if side.spent > len(side.energy):
                out.append(f"Player {p + 1} has spent {side.spent} energy of {len(side.energy)}")
        return out

    def settle(self, s: State, step: ManualStep) -> None:
        """N-09 and N-10 as from a coded effect: an agent whose damage reaches its Defense is
        terminated, a sector at 0 durability is lost (two lost biomes lose the game); then the
        rest of the resolution (the event to the cache) and the queue goes on."""
        if resume(s, (Resume(op="checks"), *step.then), _RESUMES) and not s.over:
            run(s)


def _checks(s: State) -> None:
    for iid in sorted(s.agents):
        damage = s.agents[iid].damage
        if damage > 0 and damage >= defense_of(s, iid):
            s.terminate(iid)
    for p in (0, 1):
        for b in range(3):
            if s.sides[p].durability[b] == 0 and not s.sides[p].lost[b]:
                s.lose_biome(p, b)
    if s.over:
        return
    # A choice the changes have made moot goes on as its last pick would (``actions``).
    if s.at == "order" and ordering(s) is None:
        open_window(s, "defend_after", s.active)
    elif s.at == "discard" and len(s.sides[s.active].hand) <= HAND_LIMIT:
        next_turn(s)


_RESUMES: dict[str, Resumer] = {"checks": _checks, "to_cache": State.to_cache}

