"""Quiet ``apply`` without a Draft for the intents a simulation plays most (end of turn,
summons, player attacks, attacks, spells and abilities): each changes a few
fields of a side or two, and building a Draft, copying a side for every change and freezing it
costs more than the change. Each gives the state the Draft path gives (the handlers in
``actions``, ``flow`` and ``draft`` say what that is), with one copy per changed object;
``None`` when the intent needs the Draft path (the turn cap).
A rules change to one of these actions is made here too; tests/core/test_fast_loop.py's
loud-equals-quiet test over random games and tests/bos/test_quick.py (every deck pairing,
every fast path taken) catch the two drifting apart."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel

from rules.bos.cards import Card
from rules.bos.effects import EFFECTS
from rules.bos.intents import Attack, Cast, PlayerAttack, Summon, UseAbility
from rules.bos.legal import rows
from rules.bos.state import (
    COLUMNS,
    EMPTY,
    HALVING_TURN,
    MIN_STARTUP_VIM,
    TURN_CAP,
    Side,
    State,
    Unit,
)
from rules.bos.state import PlayerAttack as Pending
from rules.core.model import Frozen, Intent

M = TypeVar("M", bound=Frozen)
_new = object.__new__
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def _copy(m: M, update: dict[str, Any]) -> M:
    """As ``m.model_copy(update=update)`` (the same fields and fields-set) for BOS's own models,
    which have no private attributes: without the method's keyword call and checks, and with
    pydantic's slots set through their descriptors, it costs about a fifth less, and the quick
    paths make three copies a step."""
    new = _new(type(m))
    data = m.__dict__.copy()
    data.update(update)
    fields_set = m.__pydantic_fields_set__
    if not fields_set.issuperset(update):
        fields_set = fields_set.union(update)
    _set_dict(new, data)
    _set_fields_set(new, fields_set)
    _set_extra(new, None)
    _set_private(new, None)
    return new

_UP = (False,) * COLUMNS
_COLS = tuple(range(COLUMNS))
_UNIT_FIELDS = frozenset(Unit.model_fields)
# Units by their fields: a Unit never changes, so states share one object per value (a dict
# look-up instead of a copy; a simulation makes about one unit a step, from few values).
_UNITS: dict[tuple[int, int, int, bool, tuple[int, ...]], Unit] = {}


def unit(iid: int, owner: int, strength: int, acted: bool, under: tuple[int, ...]) -> Unit:
    """The Unit with these fields (equal to the one the Draft path builds; its fields-set is
    every field, as a validated ``Unit(...)`` with all five given)."""
    key = (iid, owner, strength, acted, under)
    got = _UNITS.get(key)
    if got is None:
        if len(_UNITS) > 50_000:
            _UNITS.clear()
        got = _UNITS[key] = _new(Unit)
        _set_dict(got, {"iid": iid, "owner": owner, "strength": strength, "acted": acted,
                        "under": under})
        _set_fields_set(got, set(_UNIT_FIELDS))
        _set_extra(got, None)
        _set_private(got, None)
    return got
_PENDING = Pending(attacker=0, defender=0, column=0)


class _Reading:
    """What conditions read (``effects.Reading``), over sides not yet put in a State."""

    __slots__ = ("sides", "defeated", "attack", "_s")

    def __init__(self, s: State, sides: Sequence[Side], defeated: tuple[int, int]) -> None:
        self.sides = sides
        self.defeated = defeated
        self.attack = s.attack
        self._s = s

    def card(self, iid: int) -> Card:
        return self._s.card(iid)


def _idle(s: State, side: Side, sides: Sequence[Side], p: int,
          defeated: tuple[int, int]) -> bool:
    """As ``flow.skip_summoning_if_idle``: no free wizard, or no summon whose condition holds."""
    down, slots = side.wizard_down, side.slots
    for c in _COLS:
        if not down[c] and slots[c] == EMPTY:
            break
    else:
        return True
    r = None
    for _, _, test, n, _ in rows(s, side.castle, False):
        if test is None:
            return False
        if r is None:
            r = _Reading(s, sides, defeated)
        if test(r, p, n):
            return False
    return True


def _end_turn(s: State, p: int, i: Intent) -> State | None:
    """As ``flow.end_turn`` then ``flow.start_turn`` for the other player."""
    sd = s.__dict__  # fields read from the instance dict, as in ``legal.to_act``
    turn = sd["turn"]
    if turn >= TURN_CAP:
        return None
    q = 1 - p
    old = sd["sides"]
    side = old[q]
    od = side.__dict__
    turns = od["turns"] + 1
    units = sd["units"]
    tired = [k for k, u in units.items() if (ud := u.__dict__)["owner"] == q and ud["acted"]]
    if tired:
        units = dict(units)  # the same order: only existing keys are replaced
        for k in tired:
            u = units[k]
            units[k] = unit(k, q, u.strength, False, u.under)
    vim = max(MIN_STARTUP_VIM, od["vim"] * 2)
    life = od["life"]
    halved = turns >= HALVING_TURN
    if halved:
        life, vim = life // 2, vim // 2
    up = _UP if EMPTY not in od["wizards"] else tuple(w == EMPTY for w in od["wizards"])
    side = _copy(side, {"turns": turns, "vim": vim, "life": life, "wizard_down": up})
    sides = (old[0], side) if q else (side, old[1])
    update: dict[str, Any] = {"active": q, "defeated": (0, 0), "turn": turn + 1,
                              "halved": halved, "sides": sides, "units": units}
    if life <= 0 and sd["winner"] is None:
        update.update(winner=p, step="over", attack=None)
    else:
        update["step"] = "main" if _idle(s, side, sides, q, (0, 0)) else "summoning"
    return _copy(s, update)


def _summon(s: State, p: int, i: Intent) -> State | None:
    """As ``actions._summon``."""
    assert isinstance(i, Summon)
    card, col = i.card, i.column
    side = s.sides[p]
    down = list(side.wizard_down)
    down[col] = True
    slots = list(side.slots)
    slots[col] = card
    side = _copy(side, {"castle": tuple([c for c in side.castle if c != card]),
                                   "slots": tuple(slots), "wizard_down": tuple(down)})
    sides = (s.sides[0], side) if p else (side, s.sides[1])
    units = dict(s.units)
    units[card] = unit(card, p, s.card(card).strength or 0, False, ())
    update: dict[str, Any] = {"sides": sides, "units": units}
    if _idle(s, side, sides, p, s.defeated):
        update["step"] = "main"
    return _copy(s, update)


def _lose_life(s: State, sides: list[Side], update: dict[str, Any], q: int, n: int) -> None:
    """As ``Draft.lose_life`` (``update`` holds the state's other changed fields)."""
    if n <= 0:
        return
    life = sides[q].life - n
    sides[q] = _copy(sides[q], {"life": life})
    if life <= 0 and update.get("winner", s.winner) is None:
        update.update(winner=1 - q, step="over", attack=None)


def _player_attack(s: State, p: int, i: Intent) -> State | None:
    """As ``actions._player_attack``."""
    assert isinstance(i, PlayerAttack)
    card, q = i.card, i.player
    units = dict(s.units)
    u = units[card]
    u = units[card] = unit(card, u.owner, u.strength, True, u.under)
    sides = list(s.sides)
    update: dict[str, Any] = {"units": units}
    if q != p:
        col = EMPTY if sides[p].boss == card else sides[p].slots.index(card)
        them = sides[q]
        if them.boss_state == "up" or (col != EMPTY and any(
                0 <= c < COLUMNS and them.slots[c] != EMPTY for c in (col - 1, col + 1))):
            update.update(step="block", attack=_copy(
                _PENDING, {"attacker": card, "defender": q, "column": col}))
            return _copy(s, update)
        update["attack"] = None
    _lose_life(s, sides, update, q, u.strength)
    update["sides"] = (sides[0], sides[1])
    return _copy(s, update)


class _Field:
    """The units and sides one quiet action changes, each copied once at the end."""

    __slots__ = ("s", "units", "sides", "side_updates", "defeated", "extra")

    def __init__(self, s: State) -> None:
        self.s = s
        self.units = dict(s.units)
        self.sides = s.sides
        self.side_updates: tuple[dict[str, Any], dict[str, Any]] = ({}, {})
        self.defeated = s.defeated
        self.extra: dict[str, Any] = {}  # the state's other changed fields

    def side(self, p: int, name: str) -> Any:
        got = self.side_updates[p].get(name, _MISSING)
        return getattr(self.sides[p], name) if got is _MISSING else got

    def leaves(self, iid: int) -> bool:
        """As ``Draft.defeat``: counted (not a boss), its on-defeat abilities, then ``leave``
        for the graveyard (the enchants under it to their casters' graveyards first)."""
        u = self.units[iid]
        s = self.s
        p = u.owner
        is_boss = self.sides[p].boss == iid
        if not is_boss:
            counts = list(self.defeated)
            counts[p] += 1
            self.defeated = (counts[0], counts[1])
        for ab in s.card(iid).abilities:
            if ab.trigger == "defeat" and not _effect(s, p, self, ab.effect, ab.amount, EMPTY,
                                                      EMPTY, EMPTY):
                return False
        self.leave(iid, "graveyard")
        return True

    def leave(self, iid: int, to: str) -> None:
        """As ``Draft.leave``: off the battlefield to the graveyard or castle; the enchants
        under it to their casters' graveyards first."""
        u = self.units.pop(iid)
        p = u.owner
        for spell in u.under:
            caster = self.s.owner(spell)
            self.side_updates[caster]["graveyard"] = (*self.side(caster, "graveyard"), spell)
        upd = self.side_updates[p]
        if self.sides[p].boss == iid:
            upd["boss_state"] = "gone"
        else:
            upd["slots"] = tuple([EMPTY if c == iid else c for c in self.side(p, "slots")])
        home = self.s.owner(iid)  # the owner's pile, even for a card moved across by hand
        self.side_updates[home][to] = (*self.side(home, to), iid)

    def state(self) -> State:
        sides = list(self.sides)
        for p in (0, 1):
            if self.side_updates[p]:
                sides[p] = _copy(sides[p], self.side_updates[p])
        return _copy(self.s, {"units": self.units, "sides": (sides[0], sides[1]),
                                         "defeated": self.defeated, **self.extra})


_MISSING = object()


def _attack(s: State, p: int, i: Intent) -> State | None:
    """As ``actions._attack``: the attacker acts, then ``Draft.battle``."""
    assert isinstance(i, Attack)
    a, b = i.card, i.target
    f = _Field(s)
    ua, ub = f.units[a], f.units[b]
    hit = min(ua.strength, ub.strength)
    f.units[a] = ua = unit(a, ua.owner, ua.strength - hit, True, ua.under)
    f.units[b] = ub = unit(b, ub.owner, ub.strength - hit, ub.acted, ub.under)
    for u in (ua, ub):
        if u.iid in f.units and u.strength == 0 and not f.leaves(u.iid):
            return None
    return f.state()


def _effect(s: State, p: int, f: _Field, effect: str, n: int, target: int, player: int,
            spell: int) -> bool:
    """As ``Draft.resolve`` for the effects that need no Draft (False for the others)."""
    if EFFECTS[effect].target == "opponent":
        player = 1 - p
    if player >= 0 and f.sides[player].turns <= 0:
        return True  # B-11: nothing happens
    if target >= 0 and target not in f.units:
        return True
    if effect in ("damage_summon", "damage_boss", "damage_unit"):
        u = f.units[target]
        if n <= 0:
            return True
        taken = min(n, u.strength)
        f.units[target] = unit(target, u.owner, u.strength - taken, u.acted, u.under)
        return u.strength != taken or f.leaves(target)
    if effect in ("damage_player", "damage_opponent"):
        if n > 0:  # as ``Draft.lose_life``
            life = f.side(player, "life") - n
            f.side_updates[player]["life"] = life
            if life <= 0 and f.extra.get("winner", s.winner) is None:
                f.extra.update(winner=1 - player, step="over", attack=None)
    elif effect == "gain_vim":
        f.side_updates[p]["vim"] = f.side(p, "vim") + n
    elif effect == "gain_life":
        f.side_updates[p]["life"] = f.side(p, "life") + n
    elif effect == "ready_card":
        u = f.units[target]
        f.units[target] = unit(target, u.owner, u.strength, False, u.under)
    elif effect in ("enchant_strength", "enchant_boss"):
        u = f.units[target]
        f.units[target] = unit(target, u.owner, u.strength + n, u.acted, (*u.under, spell))
    elif effect == "return_summon":
        f.leave(target, "castle")
    else:  # pragma: no cover - the pack loader refuses unknown effects
        return False
    return True


def _cast(s: State, p: int, i: Intent) -> State | None:
    """As ``actions._cast``."""
    assert isinstance(i, Cast)
    card = s.card(i.card)
    assert card.effect is not None
    f = _Field(s)
    upd = f.side_updates[p]
    upd["vim"] = f.sides[p].vim - card.cost
    upd["spellbook"] = tuple([c for c in f.sides[p].spellbook if c != i.card])
    if not _effect(s, p, f, card.effect, card.amount, i.target, i.player, i.card):
        return None
    if not (i.target in f.units and i.card in f.units[i.target].under):
        upd["graveyard"] = (*f.side(p, "graveyard"), i.card)
    return f.state()


def _ability(s: State, p: int, i: Intent) -> State | None:
    """As ``actions._ability``."""
    assert isinstance(i, UseAbility)
    ab = s.card(i.card).abilities[i.ability]
    f = _Field(s)
    u = f.units[i.card]
    f.units[i.card] = unit(i.card, u.owner, u.strength, True, u.under)
    if not _effect(s, p, f, ab.effect, ab.amount, i.target, i.player, EMPTY):
        return None
    return f.state()


def _end_summoning(s: State, p: int, i: Intent) -> State | None:
    """As ``actions._end_summoning``: only the step changes."""
    return _copy(s, {"step": "main"})


QUIET: dict[str, Callable[[State, int, Intent], State | None]] = {
    "end_summoning": _end_summoning,
    "end_turn": _end_turn,
    "summon": _summon,
    "player_attack": _player_attack,
    "attack": _attack,
    "cast": _cast,
    "ability": _ability,
}
