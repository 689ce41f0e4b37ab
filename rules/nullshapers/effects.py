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


def _damage(s: State, e: Entry, card: NCard) -> None:
    iid = e.target
    ag = s.set_agent(iid, damage=s.agents[iid].damage + card.amount)
    if s.loud:
        s.log("damage", f"{s.named(iid)} takes {card.amount} damage.", ag.owner)
    if ag.damage >= defense_of(s, iid):
        s.terminate(iid)


def _boost(s: State, e: Entry, card: NCard) -> None:
    s.set_agent(e.target, boost=s.agents[e.target].boost + card.amount)


def _shield(s: State, e: Entry, card: NCard) -> None:
    s.set_agent(e.target, shield=s.agents[e.target].shield + card.amount)


def _draw(s: State, e: Entry, card: NCard) -> None:
    s.draw(e.player, card.amount)


def _repair(s: State, e: Entry, card: NCard) -> None:
    _mend(s, e.player, e.target, card.amount)


def _mend(s: State, p: int, biome: int, amount: int) -> None:
    dur = s.side(p).durability
    dur[biome] = min(DURABILITY, dur[biome] + amount)


def _cancel(s: State, e: Entry, card: NCard) -> None:
    q = s.queue
    assert q is not None
    victim = next(x for x in q.stack if x.card == e.target)
    q.stack = [x for x in q.stack if x is not victim]
    if not victim.skill:
        s.to_cache(victim.player, victim.card)
    if s.loud:
        s.log("cancelled", f"Player {victim.player + 1}'s {s.name(victim.card)} is cancelled.",
              victim.player)


def _recall(s: State, e: Entry, card: NCard) -> None:
    owner = s.agents[e.target].owner
    s.remove_agent(e.target)
    s.side(owner).hand.append(e.target)


def _recharge(s: State, e: Entry, card: NCard) -> None:
    _unspend(s, e.player, card.amount)


def _unspend(s: State, p: int, amount: int) -> None:
    mine = s.side(p)
    mine.spent = max(0, mine.spent - amount)


def _by_hand(s: State, e: Entry, card: NCard) -> None:
    open_step(s, e.player, card.name, card.text, e.card)


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


def _skill_draw(s: State, p: int, card: NCard) -> None:
    s.draw(p, max(1, card.amount))


def _skill_repair(s: State, p: int, card: NCard) -> None:
    b = _weakest(s.sides, p)
    if b >= 0:
        _mend(s, p, b, max(1, card.amount))


def _skill_recharge(s: State, p: int, card: NCard) -> None:
    _unspend(s, p, max(1, card.amount))


def _skill_by_hand(s: State, p: int, card: NCard) -> None:
    open_step(s, p, f"{card.name}'s skill", card.text)


REACTIVE_EFFECTS: dict[str, Callable[[State, int, NCard], None]] = {
    "manual": _skill_by_hand,  # carried out by hand (``rules.core.manual``)
    "draw": _skill_draw,
    "repair_weakest": _skill_repair,
    "recharge": _skill_recharge,
}


def targets(r: State, player: int, kind: Target, stack: Sequence[Entry]) -> list[int]:
    """The legal targets for ``player`` now of an effect that targets ``kind``
    (``target_kind``); [-1] for none needed."""
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
    return sorted([i for i, a in r.agents.items() if a.owner == want])


def target_kind(card: NCard) -> Target:
    return target_kind_of(card.kind, card.effect)


def target_kind_of(kind: str, effect: str | None) -> Target:
    """``target_kind`` of a card of ``kind`` whose effect is ``effect`` (as card data says)."""
    return EVENT_EFFECTS[effect].target if kind == "event" and effect else "none"


# The target kinds that name a card (an agent or a queued card), not a biome or nothing.
CARD_TARGETS: frozenset[Target] = frozenset({"agent", "enemy_agent", "friendly_agent", "entry"})
