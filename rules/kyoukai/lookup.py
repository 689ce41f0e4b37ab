"""What the rules read of each card instance every step, looked up instead of derived again:
one ``Table`` per game's card tables (``cards`` and ``catalog``), kept by the state
(``State.table``) and made again when either table is replaced.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from rules.kyoukai.cards import Gate, Skill


@dataclass(frozen=True, slots=True)
class Declared:
    """What a Skill or a Gate opening on the Sequence does, copied from its card when it is
    declared: it resolves as declared whatever a hot reload does to the card meanwhile
    (HOUSE_RULES.md, "Sequences"). ``kind`` is the Skill's kind, or the opened Gate's type;
    ``effect`` is "" for a Summon, Spirit or Entrant opening (it is placed)."""

    name: str
    kind: str
    effect: str
    text: str = ""
    amount: int = 0
    range: int = 1
    attack: int = 0
    defense: int = 0


def declared(what: Skill | Gate) -> Declared:
    """The copy an item keeps of ``what`` (a Skill, or the Gate being opened); the rules read
    each card's, made once with its ``Facts`` (``opening``, ``declares``)."""
    if isinstance(what, Skill):
        return Declared(what.name, what.kind, what.effect, what.text, what.amount, what.range,
                        what.attack, what.defense)
    return Declared(what.name, what.type, what.effect or "", what.text, what.amount,
                    what.range)


@dataclass(frozen=True, slots=True)
class Params:
    """What an effect reads of its Skill or Gate (made once per values, ``flow._params``)."""

    amount: int = 0
    range: int = 1
    attack: int = 0
    defense: int = 0


class Usable(NamedTuple):
    """A Normal or Fast Skill as generation reads it. ``near`` >= 0 for a Skill that costs no
    cards or Gates and whose targets, from a Gate on the field, depend only on which zones
    within that distance are taken (0: on none); -1 for the others."""

    number: int
    skill: Skill
    target: str  # the target rule's name (``effects.TARGETS``)
    params: Params
    near: int


@dataclass(frozen=True, slots=True)
class Facts:
    """One card's facts (every instance of a card shares them; slots: read twice as fast)."""

    card: Gate
    cost: int
    type: str
    stats: bool  # stands on the field (has Movement, Attack, Defense)
    attack: int  # printed, without Branch bonuses
    defense: int
    fast_skill: bool  # has a Fast Skill
    answers: bool  # may be opened from the hand in a Sequence (a Fast Gate, or one as Fast, K-15)
    ready_on_discard: bool
    branch_attack: int  # what it adds as a Branch (stat_bonus)
    branch_defense: int
    usable: tuple[Usable, ...]  # its Normal and Fast Skills, in card order
    locations: tuple[Usable, ...]  # its location Skills (``near`` -1)
    fast_location: bool  # one of them is Fast
    open_target: str  # a Normal or Fast Gate's target rule when opened ("none" for others)
    open_params: Params
    # How far from a Gate of this card the zones taken change its Turn Actions, and the Ki
    # its dearest Skill costs; (-1, 0) when a Skill's intents depend on more (a cost in cards
    # or Gates, targets chosen by owner).
    near: int
    top_ki: int
    worth: float | None  # to the greedy score on the field (``foresight.card_worth``)
    opening: Declared  # what opening it declares (``declared``)
    declares: tuple[Declared, ...]  # what each of its Skills declares, in card order


# Beyond the farthest two zones of the 5x5 field are apart, a distance reaches every zone.
FARTHEST = 8
_NEARS = {"none": 0, "bordering_gate": 1}


def facts_of(card: Gate) -> Facts:
    from rules.kyoukai.effects import OPEN_EFFECTS, SKILL_EFFECTS
    from rules.kyoukai.foresight import card_worth

    usable: list[Usable] = []
    locations: list[Usable] = []
    bonus = [0, 0]
    passives = set()
    for k, sk in enumerate(card.skills):
        if sk.kind == "branch" and sk.effect == "stat_bonus":
            bonus[0] += sk.attack
            bonus[1] += sk.defense
        elif sk.kind == "passive":
            passives.add(sk.effect)
        elif sk.kind == "location":
            locations.append(Usable(k, sk, SKILL_EFFECTS[sk.effect].target, Params(
                sk.amount, sk.range, sk.attack, sk.defense), -1))
        if sk.kind in ("normal", "fast"):
            target = SKILL_EFFECTS[sk.effect].target
            near = sk.range if target == "gate_in_range" else _NEARS.get(target, -1)
            if sk.cost.discard or sk.cost.rest:
                near = -1
            usable.append(Usable(k, sk, target, Params(sk.amount, sk.range, sk.attack,
                                                       sk.defense), near))
    opens_fast = card.type in ("summon", "spirit", "normal") and "open_as_fast" in passives
    reach = min(FARTHEST, max([card.movement or 0, 1, *(u.near for u in usable)]))
    top = max([0, *(u.skill.cost.ki for u in usable)])
    if any(u.near < 0 for u in usable):
        reach, top = -1, 0
    return Facts(
        card, card.cost, card.type, card.has_stats, card.attack or 0, card.defense or 0,
        any(sk.kind == "fast" for sk in card.skills),
        card.type == "fast" or opens_fast, "ready_on_discard" in passives, bonus[0], bonus[1],
        tuple(usable), tuple(locations), any(u.skill.speed == "fast" for u in locations),
        OPEN_EFFECTS[card.effect].target if card.effect is not None else "none",
        Params(card.amount, card.range), reach, top, card_worth(card), declared(card),
        tuple(map(declared, card.skills)))


class Table:
    """Every card instance's ``Facts`` for one game's ``cards`` and ``catalog`` (a table made
    again from ``old`` for new tables keeps the facts of each card that is the same object)."""

    __slots__ = ("cards", "catalog", "by_cid", "by_iid", "fast_iids", "location_iids",
                 "answer_cost", "fast_location_iids", "worths", "turn")

    by_cid: dict[str, Facts]
    by_iid: dict[int, Facts]

    def __init__(self, cards: Mapping[int, str], catalog: Mapping[str, Gate],
                 old: Table | None = None) -> None:
        self.cards = cards
        self.catalog = catalog
        # Every card's facts the old table knew (a view's table keeps those of the hidden
        # cards, which a dealt hand shows again).
        by_cid: dict[str, Facts] = {} if old is None else old.by_cid.copy()
        for cid in set(cards.values()):
            card = catalog[cid]
            f = by_cid.get(cid)
            if f is None or f.card is not card:
                by_cid[cid] = facts_of(card)
        self.by_cid = by_cid
        self.by_iid = by_iid = {iid: by_cid[cid] for iid, cid in cards.items()}
        fast: list[int] = []
        located: list[int] = []
        fast_located: list[int] = []
        # The Ki each card that may answer a Sequence from the hand costs (``Facts.answers``).
        answer_cost: dict[int, int] = {}
        # What the Turn Action listing reads of each card that stands on the field (``Facts``'
        # card, near and top_ki), unpacked in one read.
        self.turn: dict[int, tuple[Gate, int, int]] = {}
        for i, f in by_iid.items():
            if f.stats:
                self.turn[i] = (f.card, f.near, f.top_ki)
            if f.fast_skill:
                fast.append(i)
            if f.locations:
                located.append(i)
                if f.fast_location:
                    fast_located.append(i)
            if f.answers:
                answer_cost[i] = f.cost
        self.fast_iids = frozenset(fast)
        self.location_iids = frozenset(located)
        self.fast_location_iids = frozenset(fast_located)
        self.answer_cost = answer_cost
        # Each card instance's ``Facts.worth``, listed when the greedy score first asks.
        self.worths: dict[int, float | None] = {}
