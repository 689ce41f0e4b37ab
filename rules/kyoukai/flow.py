"""Turn flow and Sequence resolution.

``advance`` runs every automatic step (draw, ready, resolving a closed Sequence, ending the
turn) until a player must decide, re-checking game end after each one, with a loop guard.
"""

from __future__ import annotations

from functools import lru_cache

from rules.core.manual import MANUAL, open_step
from rules.core.window_state import WindowState
from rules.kyoukai.effects import OPEN_EFFECTS, SKILL_EFFECTS, TARGET_MASKS, zone_label
from rules.kyoukai.legal import reach
from rules.kyoukai.lookup import Declared, Params
from rules.kyoukai.state import (
    EMPTY,
    GRID,
    HAND_LIMIT,
    STEPS,
    TURN_CAP,
    Item,
    State,
    turn_action,
)

CONTINUING = ("after_move", "bonus", "after_bonus_move")
_GUARD = range(10_000)  # the loop guard, made once: a look-ahead advances twice a play-out
EMPTY_DECK_DAMAGE = 2


def declare(d: State, item: Item) -> None:
    """Put an item on the Sequence (opening one if none is open): the opponent answers first."""
    if d.seq is not None:
        d.seq.push(item, item.player)
        return
    d.seq = WindowState.open(item, item.player)


def advance(d: State) -> None:
    for _ in _GUARD:
        # An open manual step pauses the flow; "Done" resumes it (``KyoukaiManual.resume``).
        if d.over or d.pending is not None or d.manual:
            return
        seq = d.seq
        if seq is not None:
            if not seq.closed:
                return
            if seq.stack:
                item = seq.stack.pop()
                _RESOLVE[item.kind](d, item)
            else:
                end_sequence(d)
            continue
        step = d.step
        if step == "main":  # first: where nearly every look-ahead's Sequence leaves the flow
            return
        if step == "draw":
            _draw_step(d)
        elif step == "ready":
            _ready_step(d)
        elif step == "end":
            declare(d, Item("end", d.active))
            if d.loud:
                d.log("step", f"End step: Player {2 - d.active} may respond.", d.active)
            return
        elif step == "cleanup":
            if len(d.players[d.active].hand) > HAND_LIMIT:
                return
            _next_turn(d)
    raise RuntimeError("turn flow did not settle: loop guard reached")


def _draw_step(d: State) -> None:
    p = d.active
    if d.turn == 1:
        if d.loud:
            d.log("step", f"Player {p + 1} goes first and skips the first draw.", p)
    elif not d.players[p].deck:
        # House rule: drawing from an empty deck deals 2 damage to your Entrant. The seed's
        # K-08 says Defense reduces damage dealt "in any way", so it reduces this too.
        if d.loud:
            d.log("step", f"Player {p + 1} cannot draw: the deck is empty.", p)
        d.damage(d.players[p].entrant, EMPTY_DECK_DAMAGE, None, "The empty deck")
        d.absorbed = {}  # no Sequence is open: the Defense it used is back at once (K-11)
        if d.over:
            return  # lost in the Draw step: the game (and the phase bar) stops there
    else:
        d.draw(p)
    d.next_step()


def _ready_step(d: State) -> None:
    p = d.active
    spirits = 0
    facts = d.table.by_iid
    for i, g in d.gates.items():
        if g.owner == p:
            if not g.ready:
                d.set_gate(i, True)
            if facts[i].type == "spirit":
                spirits += 1
    ki = 2 + spirits
    pl = d.player(p)
    pl.ki = ki
    pl.spirit_opened = False
    if d.loud:
        d.log("step", f"Player {p + 1} Readies their Gates and has {ki} Ki. Main step.", p)
    d.next_step()


def _next_turn(d: State) -> None:
    d.action = None
    if d.turn >= TURN_CAP:
        d.over = True
        if d.loud:
            d.log("draw_game", f"Turn limit ({TURN_CAP}) reached: the game is a draw.")
        return
    d.turn += 1
    d.active = 1 - d.active
    d.step = STEPS[0]
    if d.loud:
        d.log("turn", f"Turn {d.turn}: Player {d.active + 1}.", d.active)


def end_sequence(d: State) -> None:
    """The Sequence is over: Defense used up in it is restored (K-11)."""
    d.seq = None
    d.absorbed = {}
    d.shield = {}
    a = d.action
    if a is not None and (a.stage not in CONTINUING or a.gate not in d.gates):
        d.action = None
    if d.step == "end":
        d.next_step()


def _resolve_end(d: State, item: Item) -> None:
    if d.loud:
        d.log("resolve", "The End step Sequence resolves.", item.player)


def _resolve_move(d: State, item: Item) -> None:
    g = item.source
    if g not in d.gates:
        if d.loud:
            d.log("fizzle", "The Move fizzles: the Gate left the field.", item.player)
        return
    if d.action is not None and d.action.gate == g:
        d.action = turn_action(g, "after_bonus_move" if d.action.stage == "bonus_move_declared"
                               else "after_move")
    start = d.zone_of(g)
    if item.zone != start and item.zone not in reach(start, d.card(g).movement or 0, d.taken):
        if d.loud:
            d.log("fizzle", f"{d.named(g)} cannot reach {zone_label(item.zone)} any more and "
                  "stays.", item.player)
        return
    d.move_gate(g, start, item.zone)
    if d.loud:
        d.log("move", f"{d.named(g)} moves to {zone_label(item.zone)}.", item.player,
              data={"gate": g, "from": start, "to": item.zone})


def _resolve_attack(d: State, item: Item) -> None:
    a, t = item.source, item.target
    if a not in d.gates or t not in d.gates:
        if d.loud:
            d.log("fizzle", "The Attack fizzles: a Gate left the field.", item.player)
        return
    if not GRID.bordering(d.zone_of(a), d.zone_of(t)):
        if d.loud:
            d.log("fizzle", f"The Attack fizzles: {d.named(t)} is no longer bordering.",
                  item.player)
        return
    d.damage(t, d.attack_of(a), item.player, d.named(a) if d.loud else "")


def _retarget(d: State, item: Item, rule: str, src_zone: int, prm: Params) -> int | None:
    """Check the target again on resolution: the zone to act on, or None if it is gone."""
    if rule == "none":
        return EMPTY
    legal = TARGET_MASKS[rule](d, item.player, src_zone, prm)
    z = item.zone if item.target == EMPTY else d.zone_of(item.target)
    return z if z != EMPTY and legal >> z & 1 else None


# What the effect of a declared Skill or opening reads, made once per values and shared (the
# look-ahead resolves a declared copy for nearly every candidate).
_params_of = lru_cache(maxsize=4_096)(Params)


def _params(does: Declared) -> Params:
    return _params_of(does.amount, does.range, does.attack, does.defense)


def _resolve_skill(d: State, item: Item) -> None:
    # The item's own copy of the Skill, never the card's Skills now: a hot reload changes
    # cards from the next declaration on (HOUSE_RULES.md, "Sequences").
    src, skill = item.source, item.does
    assert skill is not None  # every Skill item carries it (``Ruleset.load`` fills old ones)
    eff = SKILL_EFFECTS[skill.effect]
    on_field = src in d.gates
    if skill.kind != "location" and not on_field:
        if d.loud:
            d.log("fizzle", f"{skill.name} fizzles: {d.name(src)} left the field.", item.player)
        return
    prm = _params(skill)
    zone = _retarget(d, item, eff.target, d.zone_of(src) if on_field else EMPTY, prm)
    if zone is None:
        if d.loud:
            d.log("fizzle", f"{skill.name} fizzles: its target is gone.", item.player)
        if skill.kind == "location":
            d.to_discard(src, item.player)
        return
    if skill.effect == MANUAL:
        if skill.kind == "location":  # taken from the Discard when declared: back it goes
            d.to_discard(src, item.player)
        open_step(d, item.player, f"{d.name(src)}'s {skill.name}", skill.text, src)
        return
    assert eff.resolve is not None
    if d.loud:
        d.log("resolve", f"{d.named(src)}'s {skill.name} resolves.", item.player)
    eff.resolve(d, item.player, src, zone, prm)


def _resolve_open(d: State, item: Item) -> None:
    # As declared (the item's copy of the Gate's opening), whatever a reload did since; the
    # Gate placed is the card as it is now.
    src, p, card = item.source, item.player, item.does
    assert card is not None  # every opening carries it (``Ruleset.load`` fills old ones)
    if card.kind in ("summon", "spirit", "entrant"):
        if d.field[item.zone] == EMPTY:
            d.place(src, p, item.zone, ready=False)
            if d.loud:
                d.log("open", f"{card.name} is opened Rested in {zone_label(item.zone)}.", p,
                      data={"gate": src, "zone": item.zone})
        else:
            if d.loud:
                d.log("fizzle", f"{card.name} fizzles: {zone_label(item.zone)} is taken.", p)
            d.to_discard(src, p)
        return
    eff = OPEN_EFFECTS[card.effect]
    prm = _params(card)
    zone = _retarget(d, item, eff.target, EMPTY, prm)
    if zone is None:
        if d.loud:
            d.log("fizzle", f"{card.name} fizzles: its target is gone.", p)
        d.to_discard(src, p)
        return
    if card.effect == MANUAL:
        # Discarded first, as every resolved Normal/Fast Gate is: the hand may move it on.
        d.to_discard(src, p)
        open_step(d, p, card.name, card.text, src)
        return
    assert eff.resolve is not None
    if d.loud:
        d.log("resolve", f"{card.name} resolves.", p)
    eff.resolve(d, p, src, zone, prm)
    if card.effect != "branch_self":
        d.to_discard(src, p)


_RESOLVE = {"move": _resolve_move, "attack": _resolve_attack, "skill": _resolve_skill,
            "open": _resolve_open, "end": _resolve_end}
