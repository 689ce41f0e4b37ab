"""Scenario files for Nullshapers (``python -m rules scenario``): a position, intents, facts.

Position (the ``[position]`` table), every card named by its id::

    at = "primary1"            # where the turn stands; a window opens there for the active
    active = 0                 # player (``attackers``, ``defenders`` wait for that choice)
    hand = [["spark_bolt"], ["null_interrupt"]]
    energy = [2, 1]            # face-down energy sources of each player
    agents = [{ card = "scrap_brawler", owner = 0, biome = 1, damage = 0, locked = false,
                gear = ["arc_blade"] }]
    staging = [["arc_blade"], []]
    durability = [[10, 10, 10], [10, 10, 10]]
    deck = [["scrap_brawler"], []]  # default: five filler cards each
    attackers = [0]            # agents (by index) already attacking; blocks = [[1, 0]]

Intents name agents as ``"agent:N"`` (their index in ``agents``) and other cards by id (the
deciding player's hand first, then the queue). Facts: ``to_act``, ``winner``, ``at``,
``active``, ``queue`` (card ids, top first), ``durability.P.B``, ``lost.P``, ``hand.P``,
``cache.P``, and per agent N ``agent.N.damage`` / ``.biome`` / ``.alive`` / ``.locked``.
"""

from __future__ import annotations

from itertools import count
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from rules.core.datawords import unknown
from rules.core.model import Intent
from rules.core.newgame import shipped_pack
from rules.core.packs import cached_pack
from rules.core.rng import Rng
from rules.core.window_state import WindowState
from rules.nullshapers.state import PHASES, Agent, At, Entry, Side, State

if TYPE_CHECKING:
    from rules.nullshapers.ruleset import NullshapersRules

# The position's agents are numbered 0, 1, ... in their order (agent N is card N), every other
# card from here on: intents and facts find agent N in the state itself.
OTHERS = 1000


def build(rs: NullshapersRules, position: dict[str, Any], seed: int) -> State:
    from rules.nullshapers.pack import FORMAT

    folder = Path(position.pop("pack", None) or shipped_pack(rs.name)).resolve()
    catalog = dict(cached_pack(FORMAT, folder).cards)
    cards: dict[int, str] = {}
    specs = position.get("agents", [])
    if len(specs) > OTHERS:
        raise ValueError(f"agents: at most {OTHERS} agents, not {len(specs)}")

    others = count(OTHERS)

    def new(cid: str, iid: int | None = None) -> int:
        if cid not in catalog:
            raise ValueError(unknown("card", cid, catalog))
        iid = next(others) if iid is None else iid
        cards[iid] = cid
        return iid

    agents: dict[int, Agent] = {}
    order: list[int] = []
    for n, spec in enumerate(specs):
        iid = new(spec["card"], n)
        gear = tuple(new(g) for g in spec.get("gear", ()))
        agents[iid] = Agent(owner=int(spec.get("owner", 0)), biome=int(spec.get("biome", -1)),
                            damage=int(spec.get("damage", 0)),
                            locked=bool(spec.get("locked", False)), gear=gear)
        order.append(iid)
    filler = next(iter(catalog))
    sides = []
    for p in (0, 1):
        def pick(key: str, default: list[str], p: int = p) -> list[int]:
            got = position.get(key, [default, default])[p]
            return [new(c) for c in got]

        hand = pick("hand", [])
        staging = pick("staging", [])
        energy = [new(filler) for _ in range(int(position.get("energy", [0, 0])[p]))]
        deck = pick("deck", [filler] * 5)
        dur = position.get("durability", [[10, 10, 10], [10, 10, 10]])[p]
        sides.append(Side(deck=deck, hand=hand, staging=staging, energy=energy,
                          durability=[dur[0], dur[1], dur[2]],
                          lost=[dur[0] <= 0, dur[1] <= 0, dur[2] <= 0]))
    active = int(position.get("active", 0))
    at = position.get("at", "primary1")
    if at not in PHASES:
        raise ValueError(f"at: {at!r} is not a step of the turn ({', '.join(PHASES)})")
    attackers = [order[i] for i in position.get("attackers", ())]
    blocks = [(order[x], order[a]) for x, a in position.get("blocks", ())]
    window = None
    if at not in ("attackers", "defenders", "order", "advance_pick", "discard"):
        window = WindowState[Entry].round("respond", active)
    state = State(catalog=catalog, cards=cards, sides=(sides[0], sides[1]), agents=agents,
                  active=active, first=active, turn=int(position.get("turn", 3)),
                  at=cast(At, at),
                  queue=window, attackers=attackers, blocks=blocks, advancer=active,
                  rng=Rng(seed=seed))
    return state


def agent_ids(state: State) -> list[int]:
    """The position's agents, in order (whether still in play or not)."""
    return sorted(i for i in state.cards if i < OTHERS)


def intent(rs: NullshapersRules, state: State, spec: dict[str, Any]) -> Intent:
    from rules.nullshapers.flow import to_act

    p = to_act(state)
    out = dict(spec)
    agents = agent_ids(state)
    for key, value in spec.items():
        if key == "kind" or not isinstance(value, str):
            continue
        if value.startswith("agent:"):
            out[key] = agents[int(value.split(":")[1])]
            continue
        pools: list[list[int]] = []
        if p is not None:
            pools.append(state.sides[p].hand)
        if state.queue is not None:
            pools.append([e.card for e in reversed(state.queue.stack)])
        pools.append(list(state.cards))
        found = next((i for pool in pools for i in pool if state.cards[i] == value), None)
        if found is None:
            raise ValueError(f"{key}: no card {value!r} in play")
        out[key] = found
    return rs.parse_intent(out)


def facts(state: State) -> dict[str, Any]:
    from rules.nullshapers.flow import to_act

    out: dict[str, Any] = {"to_act": to_act(state), "winner": state.winner, "at": state.at,
                           "active": state.active, "turn": state.turn}
    stack = state.queue.stack if state.queue is not None else ()
    out["queue"] = ",".join(state.cards[e.card] for e in reversed(stack))
    for p, side in enumerate(state.sides):
        for b in range(3):
            out[f"durability.{p}.{b}"] = side.durability[b]
        out[f"lost.{p}"] = side.biomes_lost
        out[f"hand.{p}"] = len(side.hand)
        out[f"cache.{p}"] = len(side.cache)
    for n, iid in enumerate(agent_ids(state)):
        ag = state.agents.get(iid)
        out[f"agent.{n}.alive"] = ag is not None
        out[f"agent.{n}.damage"] = ag.damage if ag else 0
        out[f"agent.{n}.biome"] = ag.biome if ag else "gone"
        out[f"agent.{n}.locked"] = ag.locked if ag else False
    return out
