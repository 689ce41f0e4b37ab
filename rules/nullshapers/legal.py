"""What the deciding player may do now, and why anything else is refused."""

from __future__ import annotations

from rules.core.model import Intent
from rules.nullshapers.effects import targets
from rules.nullshapers.flow import attack_candidates, defend_candidates, ordering, speeds, to_act
from rules.nullshapers.game import GAME
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
from rules.nullshapers.state import BIOMES, STAGING, State
from rules.nullshapers.traits import Traits, traits

_PASS = Pass()
_DONE = Done()
# The seed lists converting and playing an anomaly under the primary phases only (N-03).
_PRIMARY = ("primary1", "primary2")


def legal(s: State, p: int) -> list[Intent]:
    """What ``p``, who is to act, may do now."""
    side = s.sides[p]
    if side.must_lose:
        return [LoseBiome.of(b) for b in range(3) if not side.lost[b]]
    if s.queue is not None:
        out = plays(s, p)
        if can_convert(s, p):
            out += [Convert.of(c) for c in side.hand]
        out.append(_PASS)
        return out
    at = s.at
    if at == "advance_pick":
        return advance_intents(s, p)
    if at == "attackers":
        # One at a time, then done (N-05); clicking a chosen attacker again withdraws it.
        chosen = sorted(set(attack_candidates(s)) | set(s.attackers))
        return [*(AttackWith.of(a) for a in chosen), _DONE]
    if at == "defenders":
        return [*(Defend.of(x, a) for x, a in defend_candidates(s)), _DONE]
    if at == "order":
        got = ordering(s)
        assert got is not None
        return [Order.of(x) for x in got[1]]
    return [Discard.of(c) for c in side.hand]  # discard down to the hand limit


def can_convert(s: State, p: int) -> bool:
    """N-03: once per turn, by the active player in a primary phase on an empty queue."""
    q = s.queue
    return (p == s.active and not s.converted and s.at in _PRIMARY
            and q is not None and not q.stack)


def play_problem(s: State, p: int, iid: int) -> str | None:
    """Why card ``iid`` cannot be played by ``p`` now (any target), or None."""
    side = s.sides[p]
    if iid not in side.hand:
        return "that card is not in your hand"
    card = s.card(iid)
    allowed = speeds(s, p)
    bar = _bar(traits(s)[s.cards[iid]], allowed, side.free_energy, _anomaly_bar(s, p))
    if bar == "speed":
        if not allowed and s.at == "attack_after":  # ``speeds``: the attacker only answers
            return "after choosing attackers you may only answer your opponent's actions"
        if not allowed:
            return "nobody may play cards now: finish the current choice first"
        return (f"{card.name} is Speed {card.speed}; now you may act at Speed "
                f"{'/'.join(map(str, allowed))}")
    return {"cost": f"{card.name} costs {card.cost} energy and you have {side.free_energy}",
            "turn": "you may play an anomaly only on your own turn",
            "phase": f"you may play an anomaly only in a primary phase ({GAME.cite('N-03')})",
            "once": f"you have already played an anomaly this turn ({GAME.cite('N-03')})",
            }.get(bar or "")


def _anomaly_bar(s: State, p: int) -> str | None:
    """N-03: why ``p`` may not play an anomaly now ("turn", "phase", "once"), None if they may."""
    if p != s.active:
        return "turn"
    if s.at not in _PRIMARY:
        return "phase"
    return "once" if s.anomaly_played else None


def _bar(t: Traits, allowed: tuple[int, ...], energy: int, anomaly: str | None) -> str | None:
    """The first check a card with traits ``t`` fails ("speed", "cost" or ``anomaly``, the
    reason anomalies are barred now), None if it may be played: ``plays`` and
    ``play_problem`` both ask it."""
    if t.speed not in allowed:
        return "speed"
    if t.cost > energy:
        return "cost"
    return anomaly if t.kind == "anomaly" else None


def plays(s: State, p: int) -> list[Intent]:
    allowed = speeds(s, p)
    if not allowed:
        return []
    out: list[Intent] = []
    side = s.sides[p]
    energy = side.free_energy
    anomaly = _anomaly_bar(s, p)  # the same for every card of the hand
    stack = s.queue.stack if s.queue is not None else ()
    arrive = s.at == "attack_open" and p == s.active
    ts, cards = traits(s), s.cards
    for c in side.hand:
        t = ts[cards[c]]
        if _bar(t, allowed, energy, anomaly) is not None:
            continue
        if t.kind == "agent":
            out.append(Play.of(c, -1, -1))
            if arrive:  # N-05: agents played in the Attack step may arrive in a biome
                out += [Play.of(c, -1, b) for b in range(3) if s.open_biome(b)]
        elif t.kind == "event":
            out += [Play.of(c, target, -1) for target in targets(s, p, t.aim, stack)]
        else:
            out.append(Play.of(c, -1, -1))
    return out


def advance_intents(s: State, p: int) -> list[Intent]:
    out: list[Intent] = []
    biomes = [s.advance_biome] if s.advance_biome >= 0 else \
        [b for b in range(3) if s.open_biome(b)]
    for i, a in sorted(s.agents.items()):
        if a.owner == p and a.biome == STAGING and i not in s.advancing:
            out += [Advance.of(i, b) for b in biomes]
    ts, cards = traits(s), s.cards
    for g in s.sides[p].staging:
        if ts[cards[g]].kind == "hardware":
            out += [Attach.of(g, a) for a in s.advancing]
    out.append(_DONE)
    return out


def why_illegal(s: State, intent: Intent) -> str:
    p = to_act(s)
    if p is None:
        return "the game is over"
    side = s.sides[p]
    if side.must_lose and not isinstance(intent, LoseBiome):
        return "first choose the biome you lose (your deck is empty)"
    if isinstance(intent, LoseBiome):
        if not side.must_lose:
            return "you have no biome to give up"
        return f"you have already lost {BIOMES[intent.biome]}" if 0 <= intent.biome < 3 \
            else f"there is no biome {intent.biome}"
    window = s.queue is not None
    if isinstance(intent, Play):
        if not window:
            return "cards are played in a window: finish the current choice first"
        why = play_problem(s, p, intent.card)
        if why:
            return why
        card = s.card(intent.card)
        if intent.biome >= 0 and not (card.kind == "agent" and s.at == "attack_open"
                                      and p == s.active):
            return "only your agents played in your Attack step may arrive in a biome"
        if intent.biome >= 0 and not (intent.biome < 3 and s.open_biome(intent.biome)):
            return "that biome is not fought over any more"
        return f"{card.name} cannot target that"
    if isinstance(intent, Convert):
        if intent.card not in side.hand:
            return "that card is not in your hand"
        if s.converted:
            return f"you have already converted a card this turn ({GAME.cite('N-03')})"
        return "convert on your own turn, in a primary phase, when the queue is empty"
    if isinstance(intent, Pass):
        return "there is nothing to pass on now: make the current choice"
    if isinstance(intent, Done):
        return "there is no choice to finish now"
    if isinstance(intent, Advance | Attach):
        if s.at != "advance_pick":
            return "agents advance and gear attaches in the Advance step"
        if isinstance(intent, Attach):
            return "attach unattached gear in your staging area to an agent that advances"
        if s.advance_biome >= 0 and intent.biome != s.advance_biome:
            return f"this advance goes into {BIOMES[s.advance_biome]}"
        return "only your agents in staging may advance, into a biome still fought over"
    if isinstance(intent, AttackWith):
        if s.at != "attackers":
            return "attackers are chosen in the Attack step, when the queue is empty"
        ag = s.agents.get(intent.agent)
        if ag is not None and ag.locked:
            return f"{s.name(intent.agent)} is locked"
        return "only your agents that stand in a biome may attack: they advanced there, or " \
            f"arrived there when played in the Attack step ({GAME.cite('N-05')})"
    if isinstance(intent, Defend):
        if s.at != "defenders":
            return "defenders are chosen in the Defend step"
        ag = s.agents.get(intent.agent)
        if ag is not None and ag.locked:
            return f"{s.name(intent.agent)} is locked: locked agents cannot defend " \
                    f"({GAME.cite('N-06')})"
        return "a defender stands in its attacker's biome and defends one attacker"
    if isinstance(intent, Order):
        return "choose the next defender of the attacker being ordered"
    if isinstance(intent, Discard):
        return "you discard only down to the hand limit at the end of your turn"
    return f"{intent.label()} is not legal now"
