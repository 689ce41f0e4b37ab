"""Each intent kind: how it applies, how it reads, and which piece it moves where."""

from __future__ import annotations

from rules.core.ruleset import IntentKind, intent_table
from rules.nullshapers import flow, intents
from rules.nullshapers.effects import target_kind
from rules.nullshapers.state import BIOMES, HAND_LIMIT, Entry, State


def play(s: State, p: int, i: intents.Play) -> None:
    card = s.card(i.card)
    mine = s.side(p)
    mine.hand.remove(i.card)
    mine.spent += card.cost
    if card.kind == "anomaly":
        s.anomaly_played = True
    q = s.queue
    assert q is not None
    q.push(Entry(p, i.card, False, i.target, i.biome, card), p)
    if s.loud:
        s.log("play", f"Player {p + 1} plays {card.name} (Speed {card.speed}).", p,
              data={"card": i.card})


def convert(s: State, p: int, i: intents.Convert) -> None:
    mine = s.side(p)
    mine.hand.remove(i.card)
    mine.energy.append(i.card)
    s.converted = True
    if s.loud:
        s.log("convert", f"Player {p + 1} converts a card into energy.", p)


def pass_(s: State, p: int, i: intents.Pass) -> None:
    q = s.queue
    assert q is not None
    q.pass_priority()
    if s.loud:
        s.log("pass", f"P{p + 1} passes.", p)  # brief: most lines of a game are passes


def advance(s: State, p: int, i: intents.Advance) -> None:
    s.advance_biome = i.biome
    s.advancing.append(i.agent)
    if s.loud:
        s.log("advancing", f"{s.named(i.agent)} will advance into {BIOMES[i.biome]}.", p)


def attach(s: State, p: int, i: intents.Attach) -> None:
    s.side(p).staging.remove(i.gear)
    s.set_agent(i.agent, gear=(*s.agents[i.agent].gear, i.gear))
    if s.loud:
        s.log("attach", f"{s.named(i.gear)} is attached to {s.named(i.agent)}.", p)


def attack(s: State, p: int, i: intents.AttackWith) -> None:
    if i.agent in s.attackers:  # a toggle: it was unlocked when it was chosen
        s.attackers.remove(i.agent)
        s.set_agent(i.agent, locked=False)
        if s.loud:
            s.log("attacker", f"{s.named(i.agent)} will not attack.", p)
        return
    s.attackers.append(i.agent)
    s.set_agent(i.agent, locked=True)  # attacking locks the agent
    if s.loud:
        s.log("attacker", f"{s.named(i.agent)} attacks.", p)


def defend(s: State, p: int, i: intents.Defend) -> None:
    s.blocks.append((i.agent, i.attacker))
    if s.loud:
        s.log("defender", f"{s.named(i.agent)} defends against {s.named(i.attacker)}.", p)


def order(s: State, p: int, i: intents.Order) -> None:
    s.ordered.append(i.agent)
    if s.loud:
        s.log("order", f"{s.named(i.agent)} takes damage next.", p)
    if flow.ordering(s) is None:
        flow.open_window(s, "defend_after", s.active)


def done(s: State, p: int, i: intents.Done) -> None:
    if s.loud:
        s.log("done", f"Player {p + 1} is done choosing.", p)
    _FINISH.get(s.at, flow.defenders_done)(s)


# What ``Done`` finishes in each choosing step (the defenders' otherwise)
_FINISH = {"advance_pick": flow.advance_done, "attackers": flow.attackers_done}


def discard(s: State, p: int, i: intents.Discard) -> None:
    mine = s.side(p)
    mine.hand.remove(i.card)
    mine.cache.append(i.card)
    if len(mine.hand) <= HAND_LIMIT:
        flow.next_turn(s)


def lose_biome(s: State, p: int, i: intents.LoseBiome) -> None:
    s.side(p).must_lose -= 1
    s.lose_biome(p, i.biome)


# ---- sentences --------------------------------------------------------------------------------
def _play_text(s: State, i: intents.Play) -> str:
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


def _done_text(s: State, i: intents.Done) -> str:
    return {"advance_pick": "Done advancing", "attackers": "Done: attack with these",
            "defenders": "Done: defend with these"}.get(s.at, "Done")


KINDS = intent_table(
    IntentKind(intents.Play, play, _play_text, lambda i: i.card,
               lambda i: i.biome if i.biome >= 0 else i.target),
    IntentKind(intents.Convert, convert, lambda s, i: f"Convert {s.name(i.card)} into energy",
               lambda i: i.card, lambda i: "energy"),
    IntentKind(intents.Pass, pass_, lambda s, i: "Pass"),
    IntentKind(intents.Advance, advance, lambda s, i: f"{s.name(i.agent)} advances into "
               f"{BIOMES[i.biome]}", lambda i: i.agent, lambda i: i.biome),
    IntentKind(intents.Attach, attach, lambda s, i: f"Attach {s.name(i.gear)} to {s.name(i.agent)}",
               lambda i: i.gear, lambda i: i.agent),
    IntentKind(intents.AttackWith, attack, lambda s, i: f"{s.name(i.agent)} "
               f"{'stops attacking' if i.agent in s.attackers else 'attacks'}",
               lambda i: i.agent, lambda i: i.agent),
    IntentKind(intents.Defend, defend, lambda s, i: f"{s.name(i.agent)} defends against "
               f"{s.name(i.attacker)}", lambda i: i.agent, lambda i: i.attacker),
    IntentKind(intents.Order, order, lambda s, i: f"{s.name(i.agent)} takes damage next",
               lambda i: i.agent, lambda i: i.agent),
    IntentKind(intents.Done, done, _done_text),
    IntentKind(intents.Discard, discard, lambda s, i: f"Discard {s.name(i.card)}",
               lambda i: i.card, lambda i: "cache"),
    IntentKind(intents.LoseBiome, lose_biome, lambda s, i: f"Give up {BIOMES[i.biome]}",
               None, lambda i: i.biome),
)
