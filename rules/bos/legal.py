"""Who acts and what is legal in BOS: the stages table (``rules.core.stages``) and one
generator per stage, straight from the immutable State (no draft is built to list intents).

The generators run every step of a simulation, so they read per-card rows and reuse intent
lists cached by the immutable pieces they depend on (see ``_rows``, ``_aimed``, ``_strikes``)."""

from __future__ import annotations

from collections.abc import Hashable

from rules.bos.cards import Card
from rules.bos.effects import CONDITIONS, EFFECTS, Condition, Reading, holds
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
    return _targets(s, p, EFFECTS[effect].target)


def _targets(s: State, p: int, kind: str) -> tuple[Pick, ...]:
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


def _target_key(s: State, p: int, kind: str, field: tuple[int, ...]) -> Hashable:
    """What ``_targets(s, p, kind)`` depends on, small enough to key a cache by."""
    if kind == "none" or kind == "opponent":
        return 0
    if kind == "unit":
        return field
    sides = s.sides
    if kind == "player":
        return (p, sides[p].turns > 0, sides[1 - p].turns > 0)
    if kind == "own_acted":
        return (p, "acted", *(i for i, u in s.units.items() if u.owner == p and u.acted))
    return (kind, sides[0].boss, sides[1].boss, field)


_NO_TARGET: tuple[Pick, ...] = ((EMPTY, EMPTY),)
_COLS = tuple(range(COLUMNS))


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
    down, slots = side.wizard_down, side.slots
    cols = tuple([c for c in _COLS if not down[c] and slots[c] == EMPTY])  # ``free_columns``
    if cols:
        summons = _SUMMONS
        for iid, _, test, n, _ in _rows(s, side.castle, False):
            if (only is None or iid == only) and (test is None or test(s, p, n)):
                got = summons.get((iid, cols))
                out.extend(_summons(iid, cols) if got is None else got)
    if only is None:
        out.append(EndSummoning.of())
    return out


# Per card (by identity, the card kept so its id is never reused): cost, condition, its
# amount and the effect's target kind; the legal-intent generators read these every step.
_INFO: dict[int, tuple[Card, int, str, int, str]] = {}
# A card's "act" abilities as (index, target kind), by card identity (the card kept).
_ACTS: dict[int, tuple[Card, tuple[tuple[int, str], ...]]] = {}


def info(s: Reading, iid: int) -> tuple[Card, int, str, int, str]:
    card = s.card(iid)
    got = _INFO.get(id(card))
    if got is None or got[0] is not card:
        if len(_INFO) > 10_000:
            _INFO.clear()
        kind = EFFECTS[card.effect].target if card.effect is not None else "none"
        got = _INFO[id(card)] = (card, card.cost, card.condition, card.condition_n, kind)
    return got


def _acts(card: Card) -> tuple[tuple[int, str], ...]:
    got = _ACTS.get(id(card))
    if got is None or got[0] is not card:
        if len(_ACTS) > 10_000:
            _ACTS.clear()
        acts = tuple((k, EFFECTS[ab.effect].target) for k, ab in enumerate(card.abilities)
                     if ab.trigger == "act")
        got = _ACTS[id(card)] = (card, acts)
    return got[1]


# The Cast (ability -1) or UseAbility intents of a card at every target of a kind, by
# (card, ability, ``_target_key``).
_AIMED: dict[tuple[int, int, Hashable], list[Intent]] = {}


def _aimed(s: State, p: int, iid: int, ability: int, kind: str, key: Hashable) -> list[Intent]:
    """The Cast (``ability`` -1) or UseAbility intents of a card at each target."""
    k = (iid, ability, key)
    got = _AIMED.get(k)
    if got is None:
        if len(_AIMED) > 50_000:
            _AIMED.clear()
        picks = _targets(s, p, kind)
        got = _AIMED[k] = [Cast.of(iid, t, q) for t, q in picks] if ability < 0 else \
            [UseAbility.of(iid, ability, t, q) for t, q in picks]
    return got


# A ready card's attacks on every other card, then its player attacks, by (card, its owner,
# whether it may attack the opponent, battlefield).
_STRIKES: dict[tuple[int, int, bool, tuple[int, ...]], list[Intent]] = {}


def _strikes(iid: int, p: int, at_them: bool, field: tuple[int, ...]) -> list[Intent]:
    key = (iid, p, at_them, field)
    got = _STRIKES.get(key)
    if got is None:
        if len(_STRIKES) > 50_000:
            _STRIKES.clear()
        got = [Attack.of(iid, t) for t in field if t != iid]
        if at_them:
            got.append(PlayerAttack.of(iid, 1 - p))
        got.append(PlayerAttack.of(iid, p))  # B-12: yourself, always
        _STRIKES[key] = got
    return got


# iid, cost, condition test (None: always), its amount, the effect's target kind
Row = tuple[int, int, Condition | None, int, str]
# A castle's or spellbook's rows (the spellbook's cheapest first), by (catalog, cards, zone);
# both dicts kept with them: iids are numbered per deck pair, so the same zone tuple of
# another game's ``cards`` (or of a reloaded catalog) is other cards.
_BOOKS: dict[tuple[int, int, tuple[int, ...], bool],
             tuple[dict[str, Card], dict[int, str], list[Row]]] = {}


def _rows(s: State, book: tuple[int, ...], by_cost: bool) -> list[Row]:
    """The castle's or spellbook's cards as rows (the spellbook's cheapest first)."""
    catalog, cards = s.catalog, s.cards
    key = (id(catalog), id(cards), book, by_cost)
    got = _BOOKS.get(key)
    if got is None or got[0] is not catalog or got[1] is not cards:
        if len(_BOOKS) > 20_000:
            _BOOKS.clear()
        rows: list[Row] = []
        for iid in book:
            c = catalog[cards[iid]]
            test = None if c.condition == "always" else CONDITIONS[c.condition].test
            kind = EFFECTS[c.effect].target if c.effect is not None else "none"
            rows.append((iid, c.cost, test, c.condition_n, kind))
        if by_cost:
            rows.sort(key=lambda r: r[1])
        got = _BOOKS[key] = (catalog, cards, rows)
    return got[2]


def _main(s: State, p: int, only: Hashable | None) -> list[Intent]:
    sides = s.sides
    side = sides[p]
    out: list[Intent] = []
    vim = side.vim
    units = s.units
    field = tuple(units)
    keys: dict[str, Hashable] = {}  # target kind -> its key, this position
    aimed, strikes = _AIMED, _STRIKES
    for iid, cost, test, n, kind in _rows(s, side.spellbook, True):
        if cost > vim:
            break
        if (only is not None and iid != only) or (test is not None and not test(s, p, n)):
            continue
        key = keys.get(kind)
        if key is None:
            key = keys[kind] = _target_key(s, p, kind, field)
        got = aimed.get((iid, -1, key))  # ``_aimed``'s cache read inline: once per spell
        out.extend(_aimed(s, p, iid, -1, kind, key) if got is None else got)
    q = 1 - p
    them = sides[q]
    # B-11, B-08, B-16: a player attack on the opponent (when they have arrived) from a column
    # facing an empty slot, from the boss only into a completely open battlefield
    ts = them.slots
    open_cols = [] if them.turns <= 0 else [c for c in _COLS if ts[c] == EMPTY]
    boss = side.boss
    boss_open = len(open_cols) == COLUMNS and them.boss_state != "up"
    slots = side.slots
    catalog, cards = s.catalog, s.cards
    for iid, u in units.items():
        if u.owner != p or u.acted or (only is not None and iid != only):
            continue
        at_them = boss_open if iid == boss else (iid in slots and slots.index(iid) in open_cols)
        got = strikes.get((iid, p, at_them, field))
        out.extend(_strikes(iid, p, at_them, field) if got is None else got)
        for k, kind in _acts(catalog[cards[iid]]):
            key = keys.get(kind)
            if key is None:
                key = keys[kind] = _target_key(s, p, kind, field)
            got = aimed.get((iid, k, key))
            out.extend(_aimed(s, p, iid, k, kind, key) if got is None else got)
    if side.boss_state == "down" and (only is None or only == boss):  # as ``can_reveal``
        _, _, test, n, _ = _rows(s, (boss,), False)[0]
        if test is None or test(s, p, n):
            out.append(RevealBoss.of(boss))
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
