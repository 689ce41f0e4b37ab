"""What the quick look-aheads of one position share (``quicklook``, ``quicksettle``): the
greedy agent scores every legal intent of one view in a row, and many of them read the same
fields and Gates and change the same few things.

The state's fields they read are read once here: reading a field of a pydantic model is
several times slower than reading a slot, and the look-aheads read them for every intent.
"""

from __future__ import annotations

from rules.kyoukai.cards import Gate, Skill
from rules.kyoukai.effects import Board
from rules.kyoukai.scoreterms import Terms
from rules.kyoukai.state import Item, State


class Position:
    """What the look-aheads of one position for one player share: the greedy agent scores
    every legal intent of one view in a row, and many of them change the same few things."""

    __slots__ = ("s", "player", "plain", "scores", "stats", "terms", "ff_below", "field", "gates",
                 "seq", "active", "cards", "catalog", "hands", "types", "stack", "priority",
                 "passes")

    def __init__(self, s: State, player: int) -> None:
        self.s = s  # held, so the identity that finds this entry is never reused
        self.player = player
        # The state's fields the look-aheads read, read once: reading a field of a pydantic
        # model is several times slower than reading a slot.
        self.field, self.gates, self.seq, self.active = s.field, s.gates, s.seq, s.active
        self.cards, self.catalog = s.cards, s.catalog
        self.hands = (s.players[0].hand, s.players[1].hand)
        self.types: dict[int, str] = {}  # each card's type, by instance
        seq = s.seq
        # The open Sequence's items (bottom first), who has priority and how many passed.
        self.stack: tuple[Item, ...] = () if seq is None else seq.stack
        self.priority, self.passes = (-1, 0) if seq is None else (seq.priority, seq.passes)
        # The Main step, or the End step's Sequence (answered, then the turn ends).
        self.plain = not (s.pending is not None or s.over or s.winner is not None
                          or s.absorbed or s.shield
                          or (s.step != "main" and (s.step != "end" or s.seq is None)))
        # The score of each change (Opens into different zones, Attacks that do no damage and
        # the like score alike).
        self.scores: dict[tuple[object, ...], float] = {}
        self.stats: dict[int, tuple[int, int]] = {}  # (Attack, Defense) by Gate
        self.terms: Terms | None = None
        self.ff_below: int | None = None  # friendly fire of the open Sequence's items

    def shares(self) -> Terms:
        """The Gates' shares of the score (``scoreterms``), made once."""
        if self.terms is None:
            self.terms = Terms(self.s, self.player)
        return self.terms

    def card(self, iid: int) -> Gate:
        return self.catalog[self.cards[iid]]

    def type_of(self, iid: int) -> str:
        got = self.types.get(iid)
        if got is None:
            got = self.types[iid] = self.catalog[self.cards[iid]].type
        return got

    def stat(self, iid: int) -> tuple[int, int]:
        """(``attack_of``, ``defense_of``) of a Gate on the field of ``s``."""
        got = self.stats.get(iid)
        if got is None:
            got = self.stats[iid] = gate_stats(self.s, iid)
        return got


_LAST: list[Position] = []  # the position scored last (at most one)


def position(s: State, player: int) -> Position:
    """What the look-aheads of ``s`` for ``player`` share (made once in a row)."""
    if _LAST:
        pos = _LAST[0]
        if pos.s is s and pos.player == player:
            return pos
        pos = _LAST[0] = Position(s, player)
        return pos
    pos = Position(s, player)
    _LAST.append(pos)
    return pos


def gate_stats(b: Board, iid: int) -> tuple[int, int]:
    """A Gate's (Attack, Defense) with its Branches' bonus (as ``Draft.attack_of`` and
    ``defense_of``, a Sequence's shields not counted)."""
    card = b.card(iid)
    attack, defense = card.attack or 0, card.defense or 0
    for branch in b.gates[iid].branches:
        for sk in b.card(branch).skills:
            if sk.kind == "branch" and sk.effect == "stat_bonus":
                attack += sk.attack
                defense += sk.defense
    return attack, defense


# A Sequence item's fields (kind, player, source, skill, zone, target), by the item's
# identity (the entry holds it): items are shared values (``state.seq_item``), and settling
# reads each item's fields for every look-ahead of a position.
ItemFields = tuple[str, int, int, int, int, int]
_ITEMS: dict[int, tuple[Item, ItemFields]] = {}


def item_fields(item: Item) -> ItemFields:
    hit = _ITEMS.get(id(item))
    if hit is None or hit[0] is not item:
        if len(_ITEMS) >= 100_000:
            _ITEMS.clear()
        hit = _ITEMS[id(item)] = (item, (item.kind, item.player, item.source, item.skill,
                                         item.zone, item.target))
    return hit[1]


# A card's or Skill's (type or kind, effect, amount), by the object's identity (the entry
# holds it), for the same reason.
Facts = tuple[str, str | None, int]
_FACTS: dict[int, tuple[Gate | Skill, Facts]] = {}


def card_facts(card: Gate) -> Facts:
    """(``type``, ``effect``, ``amount``) of a card."""
    hit = _FACTS.get(id(card))
    if hit is None or hit[0] is not card:
        if len(_FACTS) >= 10_000:
            _FACTS.clear()
        hit = _FACTS[id(card)] = (card, (card.type, card.effect, card.amount))
    return hit[1]


def skill_facts(skill: Skill) -> Facts:
    """(``kind``, ``effect``, ``amount``) of a Skill."""
    hit = _FACTS.get(id(skill))
    if hit is None or hit[0] is not skill:
        if len(_FACTS) >= 10_000:
            _FACTS.clear()
        hit = _FACTS[id(skill)] = (skill, (skill.kind, skill.effect, skill.amount))
    return hit[1]
