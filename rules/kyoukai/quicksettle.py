"""The greedy look-ahead's score of a Sequence of several items settled with nobody answering
further, without a Draft: an answer declared on an open Sequence, or a pass on a longer one.

The items resolve top first on a light copy of what they can change and what target rules
read (the field, the Gates on it, Defense used and given, Entrants' damage, hand sizes), with
the same rules as ``flow.resolve`` and the effects (``effects.r_*``): each item's target is
checked again on the field as the items before it left it, damage is reduced by Defense
used up over the Sequence (K-08, K-11), and a game won stops the rest. The Gates are kept in
a dict changed as the Draft changes its own (a Gate leaving is popped, one entering is added
last), so the score adds the same values in the same order as ``ruleset._score``: the same
float. What it does not model returns None and takes the Draft path: a Branch or Graft that
resolves before other items (it changes a Gate's stats for them) and any effect not listed
here.

A rules change to resolution or to the score is made here too: tests/kyoukai/
test_quicklook.py checks this against the Draft path on every intent of many positions.
"""

from __future__ import annotations

from rules.kyoukai.aiming import aims, open_params, skill_params
from rules.kyoukai.cards import Gate
from rules.kyoukai.effects import OPEN_EFFECTS, SKILL_EFFECTS, Params
from rules.kyoukai.flow import EMPTY_DECK_DAMAGE
from rules.kyoukai.foresight import FRIENDLY_FIRE, harms_own, worth, worths
from rules.kyoukai.quickpos import Position, card_facts, gate_stats, item_fields, skill_facts
from rules.kyoukai.state import (
    EMPTY,
    ENTRANT_LIFE,
    GRID,
    HAND_LIMIT,
    TURN_CAP,
    FieldGate,
    Item,
    State,
    placed,
)


class _Settling:
    """What the items resolved so far changed (``effects.Board`` for the target rules)."""

    __slots__ = ("s", "field", "gates", "damage", "absorbed", "shield", "hands", "drawn", "won",
                 "settling", "last", "left", "pos", "cards", "catalog")

    def __init__(self, pos: Position, hands: list[int], settling: bool) -> None:
        self.s = pos.s
        self.pos = pos
        self.cards, self.catalog = pos.cards, pos.catalog
        # Whether ``foresight.settle`` resolves the items (it makes a choice asked for on the
        # way and goes on), or a closing pass's ``advance`` (which stops at the choice).
        self.settling = settling
        self.field = list(pos.field)
        self.gates: dict[int, FieldGate] = dict(pos.gates)
        self.damage: dict[int, int] = {}  # Entrants' damage as it now stands
        self.absorbed: dict[int, int] = {}
        self.shield: dict[int, int] = {}
        self.hands = hands  # each player's hand size change
        self.drawn = [0, 0]
        self.won: int | None = None  # who won, once an Entrant's damage ends the game
        self.last = False  # the item resolving is the last one (nothing reads what it changes)
        self.left: set[int] = set()  # Gates that left the field

    def card(self, iid: int) -> Gate:
        return self.catalog[self.cards[iid]]

    def resolve(self, item: Item) -> bool:
        """``flow.resolve``; False when this item needs the Draft path."""
        kind, player, source, skill_no, zone, target = item_fields(item)
        if kind == "end":
            return True  # the End step's item: the turn ends once the Sequence is over
        gates = self.gates
        if kind == "attack":
            if source in gates and target in gates and GRID.bordering(
                    self.field.index(source), self.field.index(target)):
                return self.hit(target, self.stat(source)[0])
            return True
        if kind == "move":
            if source in gates:
                field = self.field
                start = field.index(source)
                path = GRID.path(start, zone, lambda z: field[z] != EMPTY)
                if path is not None and len(path) - 1 <= (self.card(source).movement or 0):
                    field[start] = EMPTY
                    field[zone] = source
            return True
        if kind == "open":
            card = self.card(source)
            card_type, effect, amount = card_facts(card)
            if card_type in ("summon", "spirit", "entrant"):
                if self.field[zone] == EMPTY:
                    self.place(source, player, zone)
                return True  # (or it fizzles to the Discard, which the score does not read)
            assert effect is not None
            at = self.retarget(player, zone, target, OPEN_EFFECTS[effect].target, EMPTY,
                               open_params(card))
            return at is None or self.effect(effect, player, source, at, amount)
        if kind == "skill":
            skill = self.card(source).skills[skill_no]
            skill_kind, effect, amount = skill_facts(skill)
            assert effect is not None
            on_field = source in gates
            if skill_kind != "location" and not on_field:
                return True
            at = self.retarget(player, zone, target, SKILL_EFFECTS[effect].target,
                               self.field.index(source) if on_field else EMPTY,
                               skill_params(skill))
            if at is None:
                return True
            if effect == "primal_instinct":
                return self.hit(self.field[at], self.stat(source)[0])
            return self.effect(effect, player, source, at, amount)
        return False

    def turn_ends(self) -> int | None:
        """The End step's Sequence is over (``flow.advance``): Clean-up waits for discards
        when the hand is over its limit, else the turn passes and the next player draws a
        card, or takes 2 damage on their Entrant from an empty deck (Defense bonuses and
        Defense used are over with the Sequence). Ready flags and Ki are not scored. None
        while the game goes on, else the winner (-1: the turn limit's draw)."""
        s = self.s
        p = s.active
        if len(s.players[p].hand) + self.hands[p] > HAND_LIMIT:
            return None
        if s.turn >= TURN_CAP:
            return -1
        q = 1 - p
        nxt = s.players[q]
        if len(nxt.deck) > self.drawn[q]:
            self.hands[q] += 1
            return None
        ent = nxt.entrant
        g = self.gates.get(ent)
        if g is None:
            return None
        through = max(0, EMPTY_DECK_DAMAGE - max(0, self.stat(ent)[1]))
        if through == 0:
            return None
        total = self.damage.get(ent, g.damage) + through
        self.damage[ent] = total
        if total >= ENTRANT_LIFE:
            return p  # the Entrant's owner loses
        return None

    def retarget(self, player: int, zone: int, target: int, rule: str, src_zone: int,
                 prm: Params) -> int | None:
        """``flow._retarget`` of an item by ``player`` aimed at ``zone`` (``target`` stood
        there): the zone to act on, or None if the target is gone."""
        if rule == "none":
            return EMPTY
        if target != EMPTY:
            if target not in self.gates:
                return None
            z = self.field.index(target)
            return z if aims(self, rule, player, src_zone, prm, z) else None
        return zone if aims(self, rule, player, src_zone, prm, zone) else None

    def effect(self, effect: str, p: int, source: int, zone: int, amount: int) -> bool:
        if effect == "damage":
            return self.hit(self.field[zone], amount)
        if effect == "shield":
            t = self.field[zone]
            self.shield[t] = self.shield.get(t, 0) + amount
            return True
        if effect in ("ready", "nothing"):
            return True
        if effect == "draw":
            deck = self.s.players[p].deck
            taken = len(deck[self.drawn[p]:][:amount])
            self.drawn[p] += taken
            self.hands[p] += taken
            return True
        if effect == "heal":
            ent = self.s.players[p].entrant
            if ent in self.gates:
                now = self.damage.get(ent, self.gates[ent].damage)
                self.damage[ent] = now - min(amount, now)
            return True
        if effect == "return_to_hand":
            t = self.field[zone]
            g = self.gates.get(t)
            if g is None:
                return False
            self.leave(t)
            self.hands[g.owner] += 1
            return True
        if effect == "rebirth":
            self.place(source, p, zone)
            return True
        # A Branch or Graft changes its host's stats, which only later items would read.
        return self.last and effect in ("branch_self", "graft")

    def stat(self, iid: int) -> tuple[int, int]:
        """(``Draft.attack_of``, ``defense_of``) without the shields: Branches do not change
        here, so a Gate as it stands in ``s`` has the stats the position's other look-aheads
        found for it (``stats``)."""
        if self.gates[iid] is self.pos.gates.get(iid):
            return self.pos.stat(iid)
        return gate_stats(self, iid)

    def hit(self, t: int, amount: int) -> bool:
        """``Draft.damage``."""
        g = self.gates.get(t)
        if g is None or amount <= 0:
            return True
        defense = self.stat(t)[1] + self.shield.get(t, 0)
        used = self.absorbed.get(t, 0)
        left = max(0, defense - used)
        through = max(0, amount - left)
        self.absorbed[t] = used + min(amount, left)
        if through == 0:
            return True
        if self.card(t).type == "entrant":
            total = self.damage.get(t, g.damage) + through
            self.damage[t] = total
            if total >= ENTRANT_LIFE and self.won is None:
                self.won = 1 - g.owner
            return True
        # Discarded: a Potion Potential's Ready on the way is not scored when the settling goes
        # on past it; a pass's resolution stops there, with the items left (the Draft path).
        if not self.settling and any(k.kind == "passive" and k.effect == "ready_on_discard"
                                     for k in self.card(t).skills):
            return False
        self.leave(t)
        return True

    def leave(self, t: int) -> None:
        del self.gates[t]
        self.left.add(t)
        self.field[self.field.index(t)] = EMPTY

    def place(self, iid: int, owner: int, zone: int) -> None:
        self.field[zone] = iid
        self.gates[iid] = placed(iid, owner, False)


def settled_score(s: State, stack: tuple[Item, ...], counted: bool, hands: list[int],
                  player: int, ff_below: int | None = None,
                  pos: Position | None = None) -> float | None:
    """``evaluate`` for ``player`` once ``stack`` (bottom first) resolves from ``s``, or None
    for the Draft path. ``counted``: the items are still on the Sequence when the score
    counts friendly fire (``ruleset._score``); ``hands``: each player's hand size change
    from declaring; ``ff_below``: the friendly fire of every item but the top one, if known
    (the answers to one Sequence share it); ``pos``: what the look-aheads of ``s`` for
    ``player`` share, if made already."""
    if not counted:
        ff = 0
    elif ff_below is None:
        ff = sum(1 for item in stack if item.player == player and harms_own(s, item, player))
    else:
        top = stack[-1]
        ff = ff_below + (top.player == player and harms_own(s, top, player))
    score = -FRIENDLY_FIRE * ff
    if pos is None:
        pos = Position(s, player)
    o = _Settling(pos, hands, counted)
    for k, item in enumerate(reversed(stack)):
        o.last = k == len(stack) - 1
        if not o.resolve(item):
            return None
        if o.won is not None:
            return score + (1000.0 if o.won == player else -1000.0)
    if stack[0].kind == "end":
        over = o.turn_ends()
        if over is not None:  # as ``ruleset._score`` of a game over
            return score + (0.0 if over < 0 else 1000.0 if over == player else -1000.0)
    terms = pos.shares()
    damage, left = o.damage, o.left
    # The Gates still on the field from ``s`` come first in the Gates' order (as in ``s``),
    # then those put there while settling: the shares before the first Gate that left or
    # took damage add up as in ``s``.
    n = len(terms.gates)
    k = n
    index = terms.index
    for i in (*left, *damage):
        k = min(k, index.get(i, n))
    score = terms.sums(ff)[k]
    gates, shares, mine = terms.gates, terms.terms, terms.mine
    kept = k
    for j in range(k, n):
        i = gates[j]
        if i in left:
            continue
        kept += 1
        dmg = damage.get(i)
        if dmg is None:
            score += shares[j]
        else:  # an Entrant's damage, the other way
            score += -float(dmg) if mine[j] else float(dmg)
    if len(o.gates) > kept:
        known = worths(s)
        for i in list(o.gates)[kept:]:
            g = o.gates[i]
            if i in known:
                w = known[i]
            else:
                w = known[i] = worth(s, i)
            if w is None:
                dmg = damage.get(i, g.damage)
                if g.owner == player:
                    score -= dmg
                else:
                    score += dmg
            elif g.owner == player:
                score += w
            else:
                score -= w
    me, them = s.players[player], s.players[1 - player]
    h = o.hands
    score += 0.3 * ((len(me.hand) + h[player]) - (len(them.hand) + h[1 - player]))
    return score
