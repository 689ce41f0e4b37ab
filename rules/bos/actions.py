"""What each BOS intent does: one handler per kind, a sentence for each, and the game's dispatch
table (kind -> type, handler, describe, source piece, target)."""

from __future__ import annotations

from typing import Any

from rules.bos import intents
from rules.bos.flow import end_turn, skip_summoning_if_idle
from rules.bos.legal import blockers
from rules.bos.state import EMPTY, PlayerAttack, State, Unit
from rules.bos.traits import traits
from rules.core.manual import later, paused
from rules.core.ruleset import IntentKind, intent_table
from rules.core.zones import without


def _summon(s: State, p: int, i: intents.Summon) -> None:
    side = s.side(p)
    down, slots = list(side.wizard_down), list(side.slots)
    down[i.column], slots[i.column] = True, i.card
    side.wizard_down, side.slots = tuple(down), tuple(slots)
    side.castle = without(side.castle, i.card)
    s.units[i.card] = Unit(i.card, p, traits(s)[i.card].strength)
    if s.loud:
        s.log("summon", f"Player {p + 1} summons {s.name(i.card)} in column {i.column + 1}; "
              "its wizard turns face down.", p, reveals=(1 - p,))
    skip_summoning_if_idle(s)


def _end_summoning(s: State, p: int, i: intents.EndSummoning) -> None:
    s.step = "main"
    if s.loud:
        s.log("step", f"Player {p + 1} ends Summoning: Main phase.", p)


def _cast(s: State, p: int, i: intents.Cast) -> None:
    """B-01: pay, reveal, resolve, then the graveyard (an enchant stays under its card)."""
    t = traits(s)[i.card]
    card = t.card
    side = s.side(p)
    side.vim -= t.cost
    side.spellbook = without(side.spellbook, i.card)
    if s.loud:
        s.log("cast", f"Player {p + 1} casts {t.name} ({t.cost} vim).", p,
              reveals=(1 - p,), data={"card": i.card})
    assert card.effect is not None
    s.resolve(card.effect, card.amount, p, i.target, i.player, t.name, i.card, card.text)
    if paused(s):  # carried out by hand: to the graveyard after Done
        later(s, "spell_done", i.card, p, i.target)
        return
    spell_done(s, i.card, p, i.target)


def spell_done(s: State, spell: int, p: int, target: int) -> None:
    """B-01's last part: the spell goes to its caster's graveyard (an enchant stays under its
    card)."""
    u = s.units.get(target)
    if u is None or spell not in u.under:
        s.side(p).graveyard += (spell,)


def _act(s: State, iid: int) -> None:
    """B-04: acting turns the card sideways."""
    s.units[iid] = s.units[iid].with_acted(True)


def _attack(s: State, p: int, i: intents.Attack) -> None:
    _act(s, i.card)
    if s.loud:
        s.log("attack", f"{s.named(i.card)} attacks {s.named(i.target)}.", p)
    s.battle(i.card, i.target)


def _player_attack(s: State, p: int, i: intents.PlayerAttack) -> None:
    _act(s, i.card)
    if s.loud:
        s.log("attack", f"{s.named(i.card)} attacks Player {i.player + 1}.", p)
    if i.player == p:  # B-12: nobody to block for you but you
        _unblocked(s, i.card, p)
        return
    col = EMPTY if s.is_boss(i.card) else s.sides[p].slots.index(i.card)
    s.attack = PlayerAttack(i.card, i.player, col)
    if blockers(s):
        s.step = "block"
    else:
        s.attack = None
        _unblocked(s, i.card, i.player)


def _unblocked(s: State, attacker: int, q: int) -> None:
    """B-10: the defender loses life equal to the attacker's Strength; no damage back."""
    s.lose_life(q, s.units[attacker].strength, f"{s.name(attacker)} is not blocked")


def _block(s: State, p: int, i: intents.Block) -> None:
    a = s.attack
    assert a is not None
    s.attack = None
    s.step = "main"
    if not s.is_boss(i.card):  # B-09: it moves into the attacked column; B-15: a boss stays
        side = s.side(p)
        slots = [EMPTY if c == i.card else c for c in side.slots]
        slots[a.column] = i.card
        side.slots = tuple(slots)
    if s.loud:
        s.log("block", f"Player {p + 1} blocks with {s.name(i.card)}.", p)
    s.battle(a.attacker, i.card)


def _take_it(s: State, p: int, i: intents.TakeIt) -> None:
    a = s.attack
    assert a is not None
    s.attack = None
    s.step = "main"
    _unblocked(s, a.attacker, p)


def _ability(s: State, p: int, i: intents.UseAbility) -> None:
    ab = s.card(i.card).abilities[i.ability]
    _act(s, i.card)
    if s.loud:
        s.log("ability", f"{s.named(i.card)} uses {ab.name}.", p)
    s.resolve(ab.effect, ab.amount, p, i.target, i.player, f"{s.name(i.card)}'s {ab.name}",
              EMPTY, ab.text)


def _reveal(s: State, p: int, i: intents.RevealBoss) -> None:
    s.side(p).boss_state = "up"
    s.units[i.card] = Unit(i.card, p, traits(s)[i.card].strength)
    if s.loud:
        s.log("boss", f"Player {p + 1} turns their boss {s.name(i.card)} face up!", p,
              reveals=(1 - p,))


def _end_turn(s: State, p: int, i: intents.EndTurn) -> None:
    end_turn(s)


# ---- sentences ----------------------------------------------------------------------------
def _who(s: State, target: int, player: int) -> str:
    if target >= 0:
        return s.name(target)
    if player >= 0:
        return "yourself" if player == s.active else f"Player {player + 1}"
    return ""


def _d_cast(s: State, i: intents.Cast) -> str:
    at = _who(s, i.target, i.player)
    return f"Cast {s.name(i.card)}" + (f" on {at}" if at else "")


def _d_ability(s: State, i: intents.UseAbility) -> str:
    ab = s.card(i.card).abilities[i.ability]
    at = _who(s, i.target, i.player)
    return f"{s.name(i.card)}: {ab.name}" + (f" on {at}" if at else "")


def _src(i: Any) -> int:
    return int(i.card)


def _target(i: Any) -> int | None:
    return i.target if i.target >= 0 else None


KINDS = intent_table(
    IntentKind(intents.Summon, _summon,
               lambda s, i: f"Summon {s.name(i.card)} in column {i.column + 1}", _src,
               lambda i: ("column", i.column)),
    IntentKind(intents.EndSummoning, _end_summoning, lambda s, i: "End Summoning"),
    IntentKind(intents.Cast, _cast, _d_cast, _src, _target),
    IntentKind(intents.Attack, _attack,
               lambda s, i: f"{s.name(i.card)} attacks {s.name(i.target)}", _src, _target),
    IntentKind(intents.PlayerAttack, _player_attack,
               lambda s, i: f"{s.name(i.card)} attacks {_who(s, EMPTY, i.player)}", _src,
               lambda i: ("player", i.player)),
    IntentKind(intents.UseAbility, _ability, _d_ability, _src, _target),
    IntentKind(intents.RevealBoss, _reveal, lambda s, i: f"Turn {s.name(i.card)} face up", _src),
    IntentKind(intents.EndTurn, _end_turn, lambda s, i: "End turn"),
    IntentKind(intents.Block, _block, lambda s, i: f"Block with {s.name(i.card)}", _src),
    IntentKind(intents.TakeIt, _take_it, lambda s, i: "Take it (no block)"),
)
