"""What each Kyoukai intent does: one handler per kind, and the game's dispatch table (kind ->
type, handler, describe, source piece, target zone)."""

from __future__ import annotations

from rules.core.ruleset import IntentKind, intent_table
from rules.kyoukai import explain, intents
from rules.kyoukai.effects import zone_label
from rules.kyoukai.flow import declare
from rules.kyoukai.state import EMPTY, Item, State, turn_action


def _pass(d: State, p: int, intent: intents.Pass) -> None:
    assert d.seq is not None
    d.seq.pass_priority()
    if d.loud:
        d.log("pass", f"Player {p + 1} passes.", p)


def _end_step(d: State, p: int, intent: intents.EndStep) -> None:
    d.next_step()
    if d.loud:
        d.log("step", f"Player {p + 1} ends the Main step.", p)


def _end_action(d: State, p: int, intent: intents.EndAction) -> None:
    d.action = None
    if d.loud:
        d.log("action", f"Player {p + 1} ends the Turn Action.", p)


def _choose(d: State, p: int, intent: intents.Choose) -> None:
    d.pending = None
    d.set_gate(intent.gate, ready=True)
    if d.loud:
        d.log("ready", f"Player {p + 1} Readies {d.name(intent.gate)}.", p)


def _discard(d: State, p: int, intent: intents.Discard) -> None:
    pl = d.player(p)
    pl.hand.remove(intent.card)
    pl.discard.append(intent.card)
    if d.loud:
        d.log("discard", f"Player {p + 1} discards {d.name(intent.card)} to the hand limit.",
              p, reveals=(1 - p,))


def _start_or_continue(d: State, gate: int, what: str) -> None:
    """Resting the Gate is the Turn Action's cost (K-01, K-07); follow-ups don't rest."""
    a = d.action
    if a is None:
        d.set_gate(gate, ready=False)
        d.action = turn_action(gate, "move_declared" if what == "move" else "final")
    elif what == "move":
        d.action = turn_action(a.gate, "bonus_move_declared")
    else:
        d.action = turn_action(a.gate, "final")


def _move(d: State, p: int, intent: intents.Move) -> None:
    _start_or_continue(d, intent.gate, "move")
    declare(d, Item("move", p, intent.gate, -1, intent.to))
    if d.loud:
        d.log("declare", f"Player {p + 1}: {d.name(intent.gate)} declares a Move to "
              f"{zone_label(intent.to)}.", p)


def _attack(d: State, p: int, intent: intents.Attack) -> None:
    _start_or_continue(d, intent.gate, "final")
    target = d.field[intent.zone]
    declare(d, Item("attack", p, intent.gate, -1, intent.zone, target))
    if d.loud:
        d.log("declare", f"Player {p + 1}: {d.name(intent.gate)} attacks {d.named(target)} in "
              f"{zone_label(intent.zone)}.", p)


def _open(d: State, p: int, intent: intents.OpenGate) -> None:
    pl = d.player(p)
    card = d.card(intent.card)
    if intent.card in pl.spirits:
        pl.spirits.remove(intent.card)
        pl.spirit_opened = True
    else:
        pl.hand.remove(intent.card)
    pl.ki -= card.cost
    target = d.field[intent.zone] if intent.zone != EMPTY else EMPTY
    declare(d, Item("open", p, intent.card, -1, intent.zone, target,
                    d.table.by_iid[intent.card].opening))
    if d.loud:
        where = f" into {zone_label(intent.zone)}" if target == EMPTY and intent.zone != EMPTY \
            else (f" targeting {d.named(target)}" if target != EMPTY else "")
        d.log("declare", f"Player {p + 1} opens {card.name}{where} (cost {card.cost}).", p,
              reveals=(1 - p,), data={"card": intent.card})


def _skill(d: State, p: int, intent: intents.UseSkill) -> None:
    skill = d.card(intent.gate).skills[intent.skill]
    pl = d.player(p)
    pl.ki -= skill.cost.ki  # paid on declaration (K-07)
    _pay(d, p, intent.pay, skill.cost.discard)
    if skill.kind == "location":
        pl.discard.remove(intent.gate)
    elif d.seq is not None:
        d.set_gate(intent.gate, ready=False)  # a Fast Skill answers by Resting its Gate (K-12)
    else:
        _start_or_continue(d, intent.gate, "final")
    target = d.field[intent.zone] if intent.zone != EMPTY else EMPTY
    declare(d, Item("skill", p, intent.gate, intent.skill, intent.zone, target,
                    d.table.by_iid[intent.gate].declares[intent.skill]))
    if d.loud:
        aim = f" on {d.named(target)}" if target != EMPTY else (
            f" at {zone_label(intent.zone)}" if intent.zone != EMPTY else "")
        paid = f" (cost {explain.cost_words(d, skill, intent.pay)})" if skill.cost.label() \
            else ""
        d.log("declare", f"Player {p + 1}: {d.name(intent.gate)} uses {skill.name}{aim}{paid}.",
              p)


def _pay(d: State, p: int, pay: tuple[int, ...], discards: int) -> None:
    """The written cost's cards: the first ``discards`` leave the hand, the rest are Rested."""
    pl = d.player(p)
    for card in pay[:discards]:
        pl.hand.remove(card)
        pl.discard.append(card)
    for gate in pay[discards:]:
        d.set_gate(gate, ready=False)


def _zone(zone: int) -> int | None:
    return None if zone == EMPTY else zone


KINDS = intent_table(
    IntentKind(intents.OpenGate, _open, explain.describe_open, lambda i: i.card,
               lambda i: _zone(i.zone)),
    IntentKind(intents.Move, _move, lambda s, i: f"{s.name(i.gate)}: Move to {zone_label(i.to)}",
               lambda i: i.gate, lambda i: i.to),
    IntentKind(intents.Attack, _attack, explain.describe_attack, lambda i: i.gate,
               lambda i: i.zone),
    IntentKind(intents.UseSkill, _skill, explain.describe_skill, lambda i: i.gate,
               lambda i: _zone(i.zone)),
    IntentKind(intents.EndAction, _end_action, lambda s, i: "End Turn Action"),
    IntentKind(intents.Pass, _pass, lambda s, i: "Pass"),
    IntentKind(intents.EndStep, _end_step, lambda s, i: "End Main step"),
    IntentKind(intents.Choose, _choose, lambda s, i: f"Ready {s.name(i.gate)}", lambda i: i.gate),
    IntentKind(intents.Discard, _discard, lambda s, i: f"Discard {s.name(i.card)}",
               lambda i: i.card),
)
