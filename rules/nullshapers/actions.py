"""Each intent kind: how it applies, how it reads, and which piece it moves where."""

from __future__ import annotations

from rules.core.ruleset import IntentKind, intent_table
from rules.nullshapers import flow
from rules.nullshapers.effects import target_kind
from rules.nullshapers.intents import (
    Advance,
    Attach,
    AttackWith,
    Convert,
    Defend,
    Discard,
    Done,
    LoseBiome,
    Order,
    Pass,
    Play,
)
from rules.nullshapers.state import BIOMES, HAND_LIMIT, Entry, State


def play(d: State, p: int, i: Play) -> None:
    card = d.card(i.card)
    s = d.side(p)
    s.hand.remove(i.card)
    s.spent += card.cost
    if card.kind == "anomaly":
        d.anomaly_played = True
    q = d.queue
    assert q is not None
    q.push(Entry(p, i.card, False, i.target, i.biome), p)
    if d.loud:
        d.log("play", f"Player {p + 1} plays {card.name} (Speed {card.speed}).", p,
              data={"card": i.card})


def convert(d: State, p: int, i: Convert) -> None:
    s = d.side(p)
    s.hand.remove(i.card)
    s.energy.append(i.card)
    d.converted = True
    if d.loud:
        d.log("convert", f"Player {p + 1} converts a card into energy.", p)


def pass_(d: State, p: int, i: Pass) -> None:
    q = d.queue
    assert q is not None
    q.pass_priority()
    if d.loud:
        d.log("pass", f"P{p + 1} passes.", p)  # brief: most lines of a game are passes


def advance(d: State, p: int, i: Advance) -> None:
    d.advance_biome = i.biome
    d.advancing.append(i.agent)
    if d.loud:
        d.log("advancing", f"{d.name(i.agent)} will advance into {BIOMES[i.biome]}.", p)


def attach(d: State, p: int, i: Attach) -> None:
    d.side(p).staging.remove(i.gear)
    d.set_agent(i.agent, gear=(*d.agents[i.agent].gear, i.gear))
    if d.loud:
        d.log("attach", f"{d.name(i.gear)} is attached to {d.name(i.agent)}.", p)


def attack(d: State, p: int, i: AttackWith) -> None:
    if i.agent in d.attackers:  # a toggle: it was unlocked when it was chosen
        d.attackers.remove(i.agent)
        d.set_agent(i.agent, locked=False)
        if d.loud:
            d.log("attacker", f"{d.name(i.agent)} will not attack.", p)
        return
    d.attackers.append(i.agent)
    d.set_agent(i.agent, locked=True)  # attacking locks the agent
    if d.loud:
        d.log("attacker", f"{d.name(i.agent)} attacks.", p)


def defend(d: State, p: int, i: Defend) -> None:
    d.blocks.append((i.agent, i.attacker))
    if d.loud:
        d.log("defender", f"{d.name(i.agent)} defends against {d.name(i.attacker)}.", p)


def order(d: State, p: int, i: Order) -> None:
    d.ordered.append(i.agent)
    if d.loud:
        d.log("order", f"{d.name(i.agent)} takes damage next.", p)
    if flow.ordering(d) is None:
        flow.open_window(d, "defend_after", d.active)


def done(d: State, p: int, i: Done) -> None:
    at = d.at
    if d.loud:
        d.log("done", f"Player {p + 1} is done choosing.", p)
    if at == "advance_pick":
        flow.advance_done(d)
    elif at == "attackers":
        flow.attackers_done(d)
    else:
        flow.defenders_done(d)


def discard(d: State, p: int, i: Discard) -> None:
    s = d.side(p)
    s.hand.remove(i.card)
    s.cache.append(i.card)
    if len(s.hand) <= HAND_LIMIT:
        flow.next_turn(d)


def lose_biome(d: State, p: int, i: LoseBiome) -> None:
    d.side(p).must_lose -= 1
    d.lose_biome(p, i.biome)


# ---- sentences --------------------------------------------------------------------------------
def _play_text(s: State, i: Play) -> str:
    card = s.card(i.card)
    kind = target_kind(card)
    if i.biome >= 0:
        return f"Play {card.name} into {BIOMES[i.biome]}"
    if kind == "biome":
        return f"Play {card.name} on your sector in {BIOMES[i.target]}"
    if kind == "entry":
        return f"Play {card.name} against {s.name(i.target)}"
    if i.target >= 0:
        return f"Play {card.name} on {s.name(i.target)}"
    return f"Play {card.name} ({card.cost} energy)"


def _done_text(s: State, i: Done) -> str:
    return {"advance_pick": "Done advancing", "attackers": "Done: attack with these",
            "defenders": "Done: defend with these"}.get(s.at, "Done")


KINDS = intent_table(
    IntentKind(Play, play, _play_text, lambda i: i.card,
               lambda i: i.biome if i.biome >= 0 else i.target),
    IntentKind(Convert, convert, lambda s, i: f"Convert {s.name(i.card)} into energy",
               lambda i: i.card, lambda i: "energy"),
    IntentKind(Pass, pass_, lambda s, i: "Pass"),
    IntentKind(Advance, advance, lambda s, i: f"{s.name(i.agent)} advances into "
               f"{BIOMES[i.biome]}", lambda i: i.agent, lambda i: i.biome),
    IntentKind(Attach, attach, lambda s, i: f"Attach {s.name(i.gear)} to {s.name(i.agent)}",
               lambda i: i.gear, lambda i: i.agent),
    IntentKind(AttackWith, attack, lambda s, i: f"{s.name(i.agent)} "
               f"{'stops attacking' if i.agent in s.attackers else 'attacks'}",
               lambda i: i.agent, lambda i: i.agent),
    IntentKind(Defend, defend, lambda s, i: f"{s.name(i.agent)} defends against "
               f"{s.name(i.attacker)}", lambda i: i.agent, lambda i: i.attacker),
    IntentKind(Order, order, lambda s, i: f"{s.name(i.agent)} takes damage next",
               lambda i: i.agent, lambda i: i.agent),
    IntentKind(Done, done, _done_text),
    IntentKind(Discard, discard, lambda s, i: f"Discard {s.name(i.card)}",
               lambda i: i.card, lambda i: "cache"),
    IntentKind(LoseBiome, lose_biome, lambda s, i: f"Give up {BIOMES[i.biome]}",
               None, lambda i: i.biome),
)
