"""The effect registry: what event, anomaly and reactive-skill names in card data do.

An event's effect names its target kind (checked when it is played and again when it
executes: with no legal target it is cancelled) and how it resolves. Anomalies are static:
their name says which agents (melee or ranged) get +amount to which stat while the anomaly is
in play. Reactive skills have no target.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from rules.core.manual import open_step
from rules.nullshapers.cards import NCard
from rules.nullshapers.state import DURABILITY, Entry, Side, State, defense_of

Target = Literal["none", "agent", "enemy_agent", "friendly_agent", "biome", "entry"]


@dataclass(frozen=True)
class EventEffect:
    target: Target
    resolve: Callable[[State, Entry, NCard], None]


def _hit(d: State, iid: int, amount: int) -> None:
    ag = d.set_agent(iid, damage=d.agents[iid].damage + amount)
    if d.loud:
        d.log("damage", f"{d.name(iid)} takes {amount} damage.", ag.owner)
    if ag.damage >= defense_of(d, iid):
        d.terminate(iid)


def _damage(d: State, e: Entry, card: NCard) -> None:
    _hit(d, e.target, card.amount)


def _boost(d: State, e: Entry, card: NCard) -> None:
    d.set_agent(e.target, boost=d.agents[e.target].boost + card.amount)


def _shield(d: State, e: Entry, card: NCard) -> None:
    d.set_agent(e.target, shield=d.agents[e.target].shield + card.amount)


def _draw(d: State, e: Entry, card: NCard) -> None:
    d.draw(e.player, card.amount)


def _repair(d: State, e: Entry, card: NCard) -> None:
    _mend(d, e.player, e.target, card.amount)


def _mend(d: State, p: int, biome: int, amount: int) -> None:
    dur = d.side(p).durability
    dur[biome] = min(DURABILITY, dur[biome] + amount)


def _cancel(d: State, e: Entry, card: NCard) -> None:
    q = d.queue
    assert q is not None
    victim = next(x for x in q.stack if x.card == e.target)
    q.stack = [x for x in q.stack if x is not victim]
    if not victim.skill:
        d.to_cache(victim.player, victim.card)
    if d.loud:
        d.log("cancelled", f"{d.name(victim.card)} is cancelled.", victim.player)


def _recall(d: State, e: Entry, card: NCard) -> None:
    owner = d.agents[e.target].owner
    d.remove_agent(e.target)
    d.side(owner).hand.append(e.target)


def _recharge(d: State, e: Entry, card: NCard) -> None:
    _unspend(d, e.player, card.amount)


def _unspend(d: State, p: int, amount: int) -> None:
    s = d.side(p)
    s.spent = max(0, s.spent - amount)


def _by_hand(d: State, e: Entry, card: NCard) -> None:
    open_step(d, e.player, card.name, card.text, e.card)


EVENT_EFFECTS: dict[str, EventEffect] = {
    "damage": EventEffect("agent", _damage),
    "boost": EventEffect("friendly_agent", _boost),
    "shield": EventEffect("friendly_agent", _shield),
    "draw": EventEffect("none", _draw),
    "repair": EventEffect("biome", _repair),
    "cancel": EventEffect("entry", _cancel),
    "recall": EventEffect("enemy_agent", _recall),
    "recharge": EventEffect("none", _recharge),
    "manual": EventEffect("none", _by_hand),  # carried out by hand (``rules.core.manual``)
}

# Static: ``<reach>_<stat>`` gives every agent of that reach +amount to that stat.
ANOMALY_EFFECTS = ("ranged_attack", "melee_attack", "ranged_defense", "melee_defense")


def _weakest(sides: Sequence[Side], p: int) -> int:
    s = sides[p]
    standing = [b for b in range(3) if not s.lost[b]]
    return min(standing, key=lambda b: (s.durability[b], b)) if standing else -1


def _skill_draw(d: State, p: int, card: NCard) -> None:
    d.draw(p, max(1, card.amount))


def _skill_repair(d: State, p: int, card: NCard) -> None:
    b = _weakest(d.sides, p)
    if b >= 0:
        _mend(d, p, b, max(1, card.amount))


def _skill_recharge(d: State, p: int, card: NCard) -> None:
    _unspend(d, p, max(1, card.amount))


def _skill_by_hand(d: State, p: int, card: NCard) -> None:
    open_step(d, p, f"{card.name}'s skill", card.text)


REACTIVE_EFFECTS: dict[str, Callable[[State, int, NCard], None]] = {
    "manual": _skill_by_hand,  # carried out by hand (``rules.core.manual``)
    "draw": _skill_draw,
    "repair_weakest": _skill_repair,
    "recharge": _skill_recharge,
}


def targets(r: State, player: int, card: NCard, stack: Sequence[Entry]) -> list[int]:
    """The legal targets of ``card``'s effect for ``player`` now ([-1] for none needed)."""
    kind = EVENT_EFFECTS[card.effect].target if card.kind == "event" and card.effect else "none"
    if kind == "none":
        return [-1]
    if kind == "biome":
        side = r.sides[player]
        return [b for b in range(3) if not side.lost[b]]
    if kind == "entry":
        return [x.card for x in stack if x.player != player]
    if kind == "agent":
        return sorted(r.agents)
    want = player if kind == "friendly_agent" else 1 - player
    return sorted(i for i, a in r.agents.items() if a.owner == want)


def target_kind(card: NCard) -> Target:
    return EVENT_EFFECTS[card.effect].target if card.kind == "event" and card.effect else "none"
