"""Who acts and what is legal in BOS: the stages table (``rules.core.stages``) and one
generator per stage, straight from the State."""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable
from functools import partial
from typing import Any, TypeVar

from rules.bos import intents
from rules.bos.effects import EFFECTS
from rules.bos.state import COLUMNS, EMPTY, State
from rules.bos.traits import traits
from rules.core.memo import Memo
from rules.core.model import Intent
from rules.core.stages import Stage, Stages

Pick = tuple[int, int]  # (target card, target player), -1 where unused
IntentT = TypeVar("IntentT", bound=Intent)


def to_act(state: State) -> int | None:
    """Who decides: the active player, the defender in the block decision (B-09), nobody once
    the game is over. Every stage's actor (``STAGES``)."""
    if state.winner is not None:
        return None
    step = state.step
    if step == "block":
        a = state.attack
        return a.defender if a is not None else None
    return None if step == "over" else state.active


def free_columns(s: State, p: int) -> list[int]:
    """Columns whose wizard is face up with an empty slot in front (where a summon may go)."""
    side = s.sides[p]
    down, slots = side.wizard_down, side.slots
    out = []  # a loop: a comprehension costs a call of its own (asked several times a step)
    for c in _COLUMNS:  # a kept tuple: a range would be made each time
        if not down[c] and slots[c] == EMPTY:
            out.append(c)
    return out


def targets(s: State, p: int, effect: str) -> list[Pick]:
    """Where an effect may go: B-14 keeps "summon" off bosses and "boss" off summons, B-11
    keeps a player who has not arrived out of the choices. An "opponent" effect needs no
    choice, so it may be used before they arrive: it does not affect them (B-11)."""
    return [_pick(code) for code in _targets(s, p, EFFECTS[effect].target)]


def _pick(code: int) -> Pick:
    """A listing's one number for a target: a card (0 up), none (-1), a player (-2 - p)."""
    return (code, EMPTY) if code >= EMPTY else (EMPTY, -2 - code)


def _targets(s: State, p: int, kind: str) -> Collection[int]:
    """Target codes (``_pick``) for a listing, which only reads them: no copy is made."""
    if kind == "none" or kind == "opponent":
        return _NO_TARGET
    units = s.units
    if kind == "unit":
        return units.keys()
    if kind == "player":
        return [-2 - q for q in (p, 1 - p) if s.arrived(q)]
    out = []  # loops, as free_columns: a comprehension costs a call of its own
    if kind == "own_acted":
        for i, u in units.items():
            if u.owner == p and u.acted:
                out.append(i)
        return out
    sides = s.sides
    b0, b1 = sides[0].boss, sides[1].boss
    if kind == "boss":
        for i in units:
            if i in (b0, b1):
                out.append(i)
    else:  # "summon"
        for i in units:
            if i != b0 and i != b1:
                out.append(i)
    return out


_NO_TARGET = (EMPTY,)


def blockers(s: State) -> list[int]:
    """The defender's cards that may block the pending player attack: a summon of an
    adjacent column (B-09), a face-up boss from anywhere (B-15)."""
    a = s.attack
    if a is None:
        return []
    side = s.sides[a.defender]
    out = []
    if a.column != EMPTY:
        out = [side.slots[c] for c in (a.column - 1, a.column + 1)
               if 0 <= c < COLUMNS and side.slots[c] != EMPTY]
    if side.boss_state == "up":
        out.append(side.boss)
    return out


def any_summonable(s: State, p: int) -> bool:
    """Whether a castle card's summoning condition holds (it may come in where a wizard is
    free)."""
    ts = traits(s)
    for i in s.sides[p].castle:
        t = ts[i]
        if t.test is None or t.test(s, p, t.n):
            return True
    return False


def _rows(make: Callable[[Any, int], IntentT]) -> Memo[Hashable, Memo[int, IntentT]]:
    """``rows[head][x]`` is ``make(head, x)``, made once on first use: a listing reads each
    intent with an int subscript instead of building a key tuple (a card's intents differ by
    one number: a column, a target, a player)."""
    return Memo(lambda head: Memo(partial(make, head)))


_SUMMONS = _rows(intents.Summon.of)  # [card][column]
_CASTS = _rows(lambda card, code: intents.Cast.of(card, *_pick(code)))  # [card][target code]
# [card, ability][code]
_ABILITIES = _rows(lambda head, code: intents.UseAbility.of(*head, *_pick(code)))
_ATTACKS = _rows(intents.Attack.of)  # [card][target]
_PLAYER_ATTACKS = _rows(intents.PlayerAttack.of)  # [card][player]
_END_SUMMONING = intents.EndSummoning.of()
_END_TURN = intents.EndTurn.of()
_TAKE_IT = intents.TakeIt.of()


# The listings below are plain loops, each fact read once: a random playout lists every step.
def _summoning(s: State, p: int, only: Hashable | None) -> list[Intent]:
    out: list[Intent] = []
    add = out.append
    cols = free_columns(s, p)
    if cols:
        ts = traits(s)
        for iid in s.sides[p].castle:
            if only is not None and iid != only:
                continue
            t = ts[iid]
            if t.test is None or t.test(s, p, t.n):
                row = _SUMMONS[iid]
                for c in cols:
                    add(row[c])
    if only is None:
        add(_END_SUMMONING)
    return out


def _main(s: State, p: int, only: Hashable | None) -> list[Intent]:
    sides, units = s.sides, s.units
    ts = traits(s)
    side = sides[p]
    out: list[Intent] = []
    add = out.append
    vim = side.vim
    # Where each kind of effect may go, found once a listing: spells and abilities share them
    picks: dict[str, Collection[int]] = {}
    # B-01, B-02: the spells this player can pay for whose condition holds, cheapest first
    book = side.spellbook
    for iid, t in ts.by_cost.get(book) or ts.spells(book):
        if t.cost > vim:
            break
        if (only is not None and iid != only) or (t.test is not None and not t.test(s, p, t.n)):
            continue
        at = picks.get(t.aim)
        if at is None:
            at = picks[t.aim] = _targets(s, p, t.aim)
        casts = _CASTS[iid]
        for code in at:
            add(casts[code])
    q = 1 - p
    them = sides[q]
    # B-11, B-08, B-16: a player attack on the opponent (when they have arrived) from a
    # column facing an empty slot, from the boss only into a completely open battlefield
    their_slots = them.slots
    arrived_q = them.turns > 0
    boss, slots = side.boss, side.slots
    for iid, u in units.items():
        if u.owner != p or u.acted or (only is not None and iid != only):
            continue  # only a ready card of theirs acts
        attacks = _ATTACKS[iid]
        for target in units:
            if target != iid:
                add(attacks[target])
        player_attacks = _PLAYER_ATTACKS[iid]
        if arrived_q:
            if iid == boss:
                if them.boss_state != "up" and their_slots == _OPEN:
                    add(player_attacks[q])
            elif iid in slots and their_slots[slots.index(iid)] == EMPTY:
                add(player_attacks[q])
        add(player_attacks[p])  # B-12: yourself, always
        for k, aim in ts[iid].acts:
            at = picks.get(aim)
            if at is None:
                at = picks[aim] = _targets(s, p, aim)
            uses = _ABILITIES[iid, k]
            for code in at:
                add(uses[code])
    if side.boss_state == "down" and (only is None or only == boss):
        t = ts[boss]
        if t.test is None or t.test(s, p, t.n):  # B-13 (the boss's condition, as a summon's)
            add(intents.RevealBoss.of(boss))
    if only is None:
        add(_END_TURN)
    return out


_OPEN = (EMPTY,) * COLUMNS
_COLUMNS = tuple(range(COLUMNS))


def _block(s: State, p: int, only: Hashable | None) -> list[Intent]:
    out: list[Intent] = [intents.Block.of(i) for i in blockers(s) if only is None or i == only]
    if only is None:
        out.append(_TAKE_IT)
    return out


STAGES: Stages[State] = Stages(
    (
        Stage("summoning", to_act, ("summon", "end_summoning"), title="the Summoning phase",
              generate=_summoning),
        Stage("main", to_act, ("cast", "attack", "player_attack", "ability", "reveal_boss",
                                "end_turn"), title="the Main phase", generate=_main),
        Stage("block", to_act, ("block", "take_it"), title="the block decision",
              generate=_block),
        Stage("over", lambda s: None, (), title="the end of the game"),
    ),
    lambda s: s.step,
)


# Each step's generator (every stage where someone acts has one)
GENERATE = {st.name: st.generate for st in STAGES if st.generate is not None}


def legal(state: State, only: Hashable | None = None) -> list[Intent]:
    p = to_act(state)
    return [] if p is None else GENERATE[state.step](state, p, only)
