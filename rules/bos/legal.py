"""Who acts and what is legal in BOS: the stages table (``rules.core.stages``) and one
generator per stage, straight from the immutable State (no draft is built to list intents)."""

from __future__ import annotations

from collections.abc import Hashable

from rules.bos.effects import EFFECTS, holds
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


def free_columns(s: State, p: int) -> list[int]:
    """Columns whose wizard is face up with an empty slot in front (where a summon may go)."""
    side = s.sides[p]
    return [c for c in range(COLUMNS) if not side.wizard_down[c] and side.slots[c] == EMPTY]


def targets(s: State, p: int, effect: str) -> list[Pick]:
    """Where an effect may go: B-14 keeps "summon" off bosses and "boss" off summons, B-11
    keeps every effect off a player who has not arrived."""
    kind = EFFECTS[effect].target
    if kind == "none":
        return [(EMPTY, EMPTY)]
    if kind == "opponent":
        return [(EMPTY, EMPTY)] if arrived(s, 1 - p) else []
    if kind == "player":
        return [(EMPTY, q) for q in (p, 1 - p) if arrived(s, q)]
    if kind == "own_acted":
        return [(i, EMPTY) for i, u in s.units.items() if u.owner == p and u.acted]
    want_boss = kind == "boss"
    return [(i, EMPTY) for i in s.units if kind == "unit" or s.is_boss(i) == want_boss]


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


def can_summon(s: State, p: int, iid: int) -> bool:
    c = s.card(iid)
    return holds(s, p, c.condition, c.condition_n)


def can_cast(s: State, p: int, iid: int) -> bool:
    c = s.card(iid)
    return c.cost <= s.sides[p].vim and holds(s, p, c.condition, c.condition_n)


def can_reveal(s: State, p: int) -> bool:
    side = s.sides[p]
    if side.boss_state != "down":
        return False
    c = s.card(side.boss)
    return holds(s, p, c.condition, c.condition_n)


def _summoning(s: State, p: int, only: Hashable | None) -> list[Intent]:
    side = s.sides[p]
    out: list[Intent] = []
    cols = free_columns(s, p)
    if cols:
        for iid in side.castle:
            if (only is None or iid == only) and can_summon(s, p, iid):
                out.extend(Summon.of(iid, c) for c in cols)
    if only is None:
        out.append(EndSummoning.of())
    return out


def _main(s: State, p: int, only: Hashable | None) -> list[Intent]:
    side = s.sides[p]
    out: list[Intent] = []
    for iid in side.spellbook:
        if (only is None or iid == only) and can_cast(s, p, iid):
            effect = s.card(iid).effect
            assert effect is not None
            out.extend(Cast.of(iid, t, q) for t, q in targets(s, p, effect))
    for iid, u in s.units.items():
        if u.owner != p or u.acted or (only is not None and iid != only):
            continue
        out.extend(Attack.of(iid, t) for t in s.units if t != iid)
        out.extend(PlayerAttack.of(iid, q) for q in (1 - p, p) if can_player_attack(s, iid, q))
        for k, ab in enumerate(s.card(iid).abilities):
            if ab.trigger == "act":
                out.extend(UseAbility.of(iid, k, t, q) for t, q in targets(s, p, ab.effect))
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


def to_act(s: State) -> int | None:
    if s.winner is not None:
        return None
    return STAGES.to_act(s)


def legal(s: State, only: Hashable | None = None) -> list[Intent]:
    return STAGES.legal(s, only=only)
