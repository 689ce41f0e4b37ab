"""Who acts and what is legal in BOS: the stages table (``rules.core.stages``) and one
generator per stage, straight from the immutable State (no draft is built to list intents)."""

from __future__ import annotations

from collections.abc import Hashable

from rules.bos.cards import Card
from rules.bos.effects import EFFECTS, Reading, holds
from rules.bos.intents import (
    Attack,
    Block,
    Cast,
    EndSummoning,
    EndTurn,
    PlayerAttack,
    RevealBoss,
    Summon,
    TakeIt,
    UseAbility,
)
from rules.bos.state import COLUMNS, EMPTY, State
from rules.core.model import Intent
from rules.core.stages import Stage, Stages

Pick = tuple[int, int]  # (target card, target player), -1 where unused


def _active(s: State) -> int | None:
    return s.active if s.winner is None and s.step != "over" else None


def _defender(s: State) -> int | None:
    return s.attack.defender if s.attack is not None else None


def arrived(s: State, p: int) -> bool:
    return s.sides[p].turns > 0


def free_columns(s: Reading, p: int) -> list[int]:
    """Columns whose wizard is face up with an empty slot in front (where a summon may go)."""
    side = s.sides[p]
    return [c for c in range(COLUMNS) if not side.wizard_down[c] and side.slots[c] == EMPTY]


def targets(s: State, p: int, effect: str) -> tuple[Pick, ...]:
    """Where an effect may go: B-14 keeps "summon" off bosses and "boss" off summons, B-11
    keeps a player who has not arrived out of the choices. An "opponent" effect needs no
    choice, so it may be used before they arrive: it does not affect them (B-11)."""
    kind = EFFECTS[effect].target
    if kind == "none" or kind == "opponent":
        return _NO_TARGET
    if kind == "player":
        return tuple((EMPTY, q) for q in (p, 1 - p) if arrived(s, q))
    if kind == "own_acted":
        return tuple((i, EMPTY) for i, u in s.units.items() if u.owner == p and u.acted)
    if kind == "unit":
        return tuple((i, EMPTY) for i in s.units)
    bosses = (s.sides[0].boss, s.sides[1].boss)
    want_boss = kind == "boss"
    return tuple((i, EMPTY) for i in s.units if (i in bosses) == want_boss)


_NO_TARGET: tuple[Pick, ...] = ((EMPTY, EMPTY),)


def can_player_attack(s: State, iid: int, q: int) -> bool:
    p = s.owner(iid)
    if q == p:
        return True  # B-12
    if not arrived(s, q):
        return False  # B-11
    them = s.sides[q]
    if s.is_boss(iid):  # B-16: only into a completely open battlefield
        return them.boss_state != "up" and all(i == EMPTY for i in them.slots)
    col = s.column_of(iid)
    return col != EMPTY and them.slots[col] == EMPTY  # B-08


def blockers(s: Reading) -> list[int]:
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


def can_summon(s: Reading, p: int, iid: int) -> bool:
    _, _, cond, n, _ = info(s, iid)
    return cond == "always" or holds(s, p, cond, n)


def can_cast(s: State, p: int, iid: int) -> bool:
    c = s.card(iid)
    return c.cost <= s.sides[p].vim and holds(s, p, c.condition, c.condition_n)


def can_reveal(s: State, p: int) -> bool:
    side = s.sides[p]
    if side.boss_state != "down":
        return False
    c = s.card(side.boss)
    return holds(s, p, c.condition, c.condition_n)


_SUMMONS: dict[tuple[int, tuple[int, ...]], list[Intent]] = {}


def _summons(iid: int, cols: tuple[int, ...]) -> list[Intent]:
    key = (iid, cols)
    got = _SUMMONS.get(key)
    if got is None:
        if len(_SUMMONS) > 20_000:
            _SUMMONS.clear()
        got = _SUMMONS[key] = [Summon.of(iid, c) for c in cols]
    return got


def _summoning(s: State, p: int, only: Hashable | None) -> list[Intent]:
    side = s.sides[p]
    out: list[Intent] = []
    cols = tuple(free_columns(s, p))
    if cols:
        for iid, _, cond, n, _ in _rows(s, side.castle, False):
            if (only is None or iid == only) and (cond == "always" or holds(s, p, cond, n)):
                out.extend(_summons(iid, cols))
    if only is None:
        out.append(EndSummoning.of())
    return out


# Per card (by identity, the card kept so its id is never reused): cost, condition, its
# amount and the effect's target kind; the legal-intent generators read these every step.
_INFO: dict[int, tuple[Card, int, str, int, str]] = {}
# Attack intents of one card at every other card on the battlefield, by (card, battlefield).
_ATTACKS: dict[tuple[int, tuple[int, ...]], list[Intent]] = {}


def info(s: Reading, iid: int) -> tuple[Card, int, str, int, str]:
    card = s.card(iid)
    got = _INFO.get(id(card))
    if got is None or got[0] is not card:
        if len(_INFO) > 10_000:
            _INFO.clear()
        kind = EFFECTS[card.effect].target if card.effect is not None else "none"
        got = _INFO[id(card)] = (card, card.cost, card.condition, card.condition_n, kind)
    return got


_CASTS: dict[tuple[int, int, tuple[Pick, ...]], list[Intent]] = {}


def _aimed(iid: int, ability: int, picks: tuple[Pick, ...]) -> list[Intent]:
    """The Cast (``ability`` -1) or UseAbility intents of a card at each of ``picks``."""
    key = (iid, ability, picks)
    got = _CASTS.get(key)
    if got is None:
        if len(_CASTS) > 50_000:
            _CASTS.clear()
        got = _CASTS[key] = [Cast.of(iid, t, q) for t, q in picks] if ability < 0 else \
            [UseAbility.of(iid, ability, t, q) for t, q in picks]
    return got


def _attacks(iid: int, field: tuple[int, ...]) -> list[Intent]:
    key = (iid, field)
    got = _ATTACKS.get(key)
    if got is None:
        if len(_ATTACKS) > 50_000:
            _ATTACKS.clear()
        got = _ATTACKS[key] = [Attack.of(iid, t) for t in field if t != iid]
    return got


Row = tuple[int, int, str, int, str]  # iid, cost, condition, its amount, effect
# A spellbook's spells cheapest first, by (catalog, spellbook); the catalog kept with them so
# a reused id never matches another game's cards.
_BOOKS: dict[tuple[int, tuple[int, ...], bool], tuple[dict[str, Card], list[Row]]] = {}


def _rows(s: State, book: tuple[int, ...], by_cost: bool) -> list[Row]:
    """The castle's or spellbook's cards as rows (the spellbook's cheapest first)."""
    key = (id(s.catalog), book, by_cost)
    got = _BOOKS.get(key)
    if got is None or got[0] is not s.catalog:
        if len(_BOOKS) > 20_000:
            _BOOKS.clear()
        rows = []
        for iid in book:
            c = s.card(iid)
            rows.append((iid, c.cost, c.condition, c.condition_n, c.effect or ""))
        if by_cost:
            rows.sort(key=lambda r: r[1])
        got = _BOOKS[key] = (s.catalog, rows)
    return got[1]


def _main(s: State, p: int, only: Hashable | None) -> list[Intent]:
    side = s.sides[p]
    out: list[Intent] = []
    vim = side.vim
    picks: dict[str, tuple[Pick, ...]] = {}
    for iid, cost, cond, n, effect in _rows(s, side.spellbook, True):
        if cost > vim:
            break
        if (only is not None and iid != only) or \
                (cond != "always" and not holds(s, p, cond, n)):
            continue
        got = picks.get(effect)
        if got is None:
            got = picks[effect] = targets(s, p, effect)
        out.extend(_aimed(iid, -1, got))
    units = s.units
    field = tuple(units)
    for iid, u in units.items():
        if u.owner != p or u.acted or (only is not None and iid != only):
            continue
        out.extend(_attacks(iid, field))
        if can_player_attack(s, iid, 1 - p):
            out.append(PlayerAttack.of(iid, 1 - p))
        out.append(PlayerAttack.of(iid, p))  # B-12: yourself, always
        for k, ab in enumerate(s.card(iid).abilities):
            if ab.trigger == "act":
                got = picks.get(ab.effect)
                if got is None:
                    got = picks[ab.effect] = targets(s, p, ab.effect)
                out.extend(_aimed(iid, k, got))
    if (only is None or only == side.boss) and can_reveal(s, p):
        out.append(RevealBoss.of(side.boss))
    if only is None:
        out.append(EndTurn.of())
    return out


def _block(s: State, p: int, only: Hashable | None) -> list[Intent]:
    out: list[Intent] = [Block.of(i) for i in blockers(s) if only is None or i == only]
    if only is None:
        out.append(TakeIt.of())
    return out


def _nothing(s: State, p: int, only: Hashable | None) -> list[Intent]:
    return []


STAGES: Stages[State] = Stages(
    (
        Stage("summoning", _active, ("summon", "end_summoning"), title="the Summoning phase",
              generate=_summoning),
        Stage("main", _active, ("cast", "attack", "player_attack", "ability", "reveal_boss",
                                "end_turn"), title="the Main phase", generate=_main),
        Stage("block", _defender, ("block", "take_it"), title="the block decision",
              generate=_block),
        Stage("over", lambda s: None, (), title="the end of the game", generate=_nothing),
    ),
    lambda s: s.step,
)


_GENERATE = {st.name: st.generate for st in STAGES}


def to_act(s: State) -> int | None:
    """As ``STAGES.to_act``, without the table look-ups (it runs several times a step)."""
    if s.winner is not None:
        return None
    step = s.step
    if step == "block":
        return s.attack.defender if s.attack is not None else None
    return None if step == "over" else s.active


def legal(s: State, only: Hashable | None = None) -> list[Intent]:
    p = to_act(s)
    gen = _GENERATE[s.step]
    return [] if p is None or gen is None else gen(s, p, only)
