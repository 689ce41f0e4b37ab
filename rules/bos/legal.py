"""Who acts and what is legal in BOS: the stages table (``rules.core.stages``) and one
generator per stage, straight from the immutable State (no draft is built to list intents).

The generators run every step of a simulation, so they read per-game card rows (``deal``),
reuse intent lists cached by what they depend on (``_aimed``) and take each intent from a
table by its fields (``_Table``) rather than building it."""

from __future__ import annotations

from collections.abc import Callable, Hashable

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
        return (p, "acted", *[i for i, u in s.units.items() if u.owner == p and u.acted])
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


_END_SUMMONING = EndSummoning.of()
_END_TURN = EndTurn.of()
_TAKE_IT = TakeIt.of()


def _summoning(s: State, p: int, only: Hashable | None) -> list[Intent]:
    side = s.sides[p].__dict__  # fields read as in ``to_act``
    out: list[Intent] = []
    down, slots = side["wizard_down"], side["slots"]
    cols = tuple([c for c in _COLS if not down[c] and slots[c] == EMPTY])  # ``free_columns``
    if cols:
        summons = _SUMMONS
        for iid, _, test, n, _ in rows(s, side["castle"], False):
            if (only is None or iid == only) and (test is None or test(s, p, n)):
                got = summons.get((iid, cols))
                out.extend(_summons(iid, cols) if got is None else got)
    if only is None:
        out.append(_END_SUMMONING)
    return out


# Per card (by identity, the card kept so its id is never reused): cost, condition, its
# amount and the effect's target kind (for the explanations and the quiet paths).
_INFO: dict[int, tuple[Card, int, str, int, str]] = {}


def info(s: Reading, iid: int) -> tuple[Card, int, str, int, str]:
    card = s.card(iid)
    got = _INFO.get(id(card))
    if got is None or got[0] is not card:
        if len(_INFO) > 10_000:
            _INFO.clear()
        kind = EFFECTS[card.effect].target if card.effect is not None else "none"
        got = _INFO[id(card)] = (card, card.cost, card.condition, card.condition_n, kind)
    return got


class _Table(dict[tuple[int, ...], Intent]):
    """One intent type's intents by their fields, each made on first use (``Intent.of``): the
    generators read them with a plain subscript. Card numbers and targets are small numbers,
    so a table stays small (a few thousand intents)."""

    def __init__(self, make: Callable[..., Intent]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: tuple[int, ...]) -> Intent:
        got = self[key] = self.make(*key)
        return got


_ATTACKS = _Table(Attack.of)  # (card, target)
_PLAYER_ATTACKS = _Table(PlayerAttack.of)  # (card, player)
_CASTS = _Table(Cast.of)  # (card, target, player)
_ABILITIES = _Table(UseAbility.of)  # (card, ability, target, player)

# The Cast (ability -1) or UseAbility intents of a card at every target of a kind, by
# (card, ability, ``_target_key``).
_AIMED: dict[tuple[int, int, Hashable], list[Intent]] = {}


def _aimed(picks: tuple[Pick, ...], iid: int, ability: int, key: Hashable) -> list[Intent]:
    """The Cast (``ability`` -1) or UseAbility intents of a card at each of ``picks``."""
    if len(_AIMED) > 50_000:
        _AIMED.clear()
    if ability < 0:
        casts = _CASTS
        got = _AIMED[iid, ability, key] = [casts[iid, t, q] for t, q in picks]
    else:
        uses = _ABILITIES
        got = _AIMED[iid, ability, key] = [uses[iid, ability, t, q] for t, q in picks]
    return got


# iid, cost, condition test (None: always), its amount, the effect's target kind
Row = tuple[int, int, Condition | None, int, str]


class _Deal:
    """What the generators read of one game's cards (its catalog and card numbering), worked
    out once: castle and spellbook rows by zone, each card's "act" abilities. Keyed by the
    numbering and kept with both: iids are numbered per deck pair, so the same zone tuple of
    another game's ``cards`` (or of a reloaded catalog) is other cards."""

    __slots__ = ("catalog", "cards", "books", "acts")

    def __init__(self, catalog: dict[str, Card], cards: dict[int, str]) -> None:
        self.catalog = catalog
        self.cards = cards
        # a castle's or spellbook's rows (the spellbook's cheapest first), by (zone, by cost)
        self.books: dict[tuple[tuple[int, ...], bool], list[Row]] = {}
        self.acts: dict[int, tuple[tuple[int, str], ...]] = {}  # (ability index, target kind)

    def rows(self, book: tuple[int, ...], by_cost: bool) -> list[Row]:
        catalog, cards = self.catalog, self.cards
        out: list[Row] = []
        for iid in book:
            c = catalog[cards[iid]]
            test = None if c.condition == "always" else CONDITIONS[c.condition].test
            kind = EFFECTS[c.effect].target if c.effect is not None else "none"
            out.append((iid, c.cost, test, c.condition_n, kind))
        if by_cost:
            out.sort(key=lambda r: r[1])
        if len(self.books) > 20_000:
            self.books.clear()
        self.books[book, by_cost] = out
        return out

    def card_acts(self, iid: int) -> tuple[tuple[int, str], ...]:
        card = self.catalog[self.cards[iid]]
        got = self.acts[iid] = tuple((k, EFFECTS[ab.effect].target)
                                     for k, ab in enumerate(card.abilities)
                                     if ab.trigger == "act")
        return got


_DEALS: dict[int, _Deal] = {}  # by id of the numbering (``State.cards``)


def deal(s: State) -> _Deal:
    cards = s.cards
    got = _DEALS.get(id(cards))
    if got is None or got.cards is not cards or got.catalog is not s.catalog:
        if len(_DEALS) > 64:
            _DEALS.clear()
        got = _DEALS[id(cards)] = _Deal(s.catalog, cards)
    return got


def rows(s: State, book: tuple[int, ...], by_cost: bool) -> list[Row]:
    """The castle's or spellbook's cards as rows (the spellbook's cheapest first)."""
    d = deal(s)
    got = d.books.get((book, by_cost))
    return d.rows(book, by_cost) if got is None else got


def _main(s: State, p: int, only: Hashable | None) -> list[Intent]:
    sd = s.__dict__  # fields read as in ``to_act``
    sides = sd["sides"]
    side = sides[p].__dict__
    out: list[Intent] = []
    units = sd["units"]
    field = tuple(units)
    # target kind -> its key (``_target_key``), this position; the others on first use
    keys: dict[str, Hashable] = {"none": 0, "opponent": 0, "unit": field}
    aimed = _AIMED
    cards = sd["cards"]
    d = _DEALS.get(id(cards))  # ``deal``, inline
    if d is None or d.cards is not cards or d.catalog is not sd["catalog"]:
        d = deal(s)
    book = side["spellbook"]
    spells = d.books.get((book, True))
    if spells is None:
        spells = d.rows(book, True)
    vim = side["vim"]
    if spells and spells[0][1] <= vim:
        for iid, cost, test, n, kind in spells:
            if cost > vim:
                break
            if (only is not None and iid != only) or (test is not None and not test(s, p, n)):
                continue
            key = keys.get(kind)
            if key is None:
                key = keys[kind] = _target_key(s, p, kind, field)
            got = aimed.get((iid, -1, key))
            out.extend(_aimed(_targets(s, p, kind), iid, -1, key) if got is None else got)
    q = 1 - p
    boss = side["boss"]
    ready = [iid for iid, u in units.items()
             if (ud := u.__dict__)["owner"] == p and not ud["acted"]]
    if ready:
        them = sides[q].__dict__
        # B-11, B-08, B-16: a player attack on the opponent (when they have arrived) from a
        # column facing an empty slot, from the boss only into a completely open battlefield
        ts = them["slots"]
        arrived_q = them["turns"] > 0
        slots = side["slots"]
        attacks, player_attacks, acts = _ATTACKS, _PLAYER_ATTACKS, d.acts
        for iid in ready:
            if only is not None and iid != only:
                continue
            out += [attacks[iid, t] for t in field if t != iid]
            if arrived_q:
                if iid == boss:
                    if them["boss_state"] != "up" and ts == _OPEN:
                        out.append(player_attacks[iid, q])
                elif iid in slots and ts[slots.index(iid)] == EMPTY:
                    out.append(player_attacks[iid, q])
            out.append(player_attacks[iid, p])  # B-12: yourself, always
            got_acts = acts.get(iid)
            for k, kind in d.card_acts(iid) if got_acts is None else got_acts:
                key = keys.get(kind)
                if key is None:
                    key = keys[kind] = _target_key(s, p, kind, field)
                got = aimed.get((iid, k, key))
                out.extend(_aimed(_targets(s, p, kind), iid, k, key) if got is None else got)
    if side["boss_state"] == "down" and (only is None or only == boss):  # as ``can_reveal``
        c = d.catalog[d.cards[boss]]
        if c.condition == "always" or CONDITIONS[c.condition].test(s, p, c.condition_n):
            out.append(RevealBoss.of(boss))
    if only is None:
        out.append(_END_TURN)
    return out


_OPEN = (EMPTY,) * COLUMNS


def _block(s: State, p: int, only: Hashable | None) -> list[Intent]:
    out: list[Intent] = [Block.of(i) for i in blockers(s) if only is None or i == only]
    if only is None:
        out.append(_TAKE_IT)
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


# Each step's generator (every stage has one), read by ``legal`` and ``BosRules.legal_intents``
GENERATE = {st.name: st.generate for st in STAGES if st.generate is not None}


def to_act(s: State) -> int | None:
    """As ``STAGES.to_act``, without the table look-ups (it runs several times a step)."""
    # The fields read from the instance dict: an attribute read on a pydantic model goes
    # through its ``__getattr__`` hook, several times the cost of a dict subscript (here and
    # in ``_main``, which run every step).
    d = s.__dict__
    if d["winner"] is not None:
        return None
    step = d["step"]
    if step == "block":
        a = d["attack"]
        return a.defender if a is not None else None
    return None if step == "over" else d["active"]


def legal(s: State, only: Hashable | None = None) -> list[Intent]:
    p = to_act(s)
    return [] if p is None else GENERATE[s.step](s, p, only)
