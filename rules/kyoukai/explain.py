"""Human reasons for intents that are not legal: what the table shows after a bad drop."""

from __future__ import annotations

from rules.core.model import Intent
from rules.kyoukai.cards import Skill
from rules.kyoukai.effects import zone_label
from rules.kyoukai.intents import Attack, Move, OpenGate, UseSkill
from rules.kyoukai.legal import legal, skill_payments, to_act
from rules.kyoukai.state import EMPTY, GRID, State


def why_illegal(s: State, intent: Intent) -> str:
    p = to_act(s)
    if p is None:
        return "the game is over"
    if s.pending is not None:
        return f"Player {p + 1} must first choose a Gate to Ready ({s.pending.reason})"
    if s.step == "cleanup":
        return f"Player {p + 1} must discard down to the hand limit first"
    if isinstance(intent, Move | Attack | UseSkill | OpenGate):
        zone = intent.to if isinstance(intent, Move) else intent.zone
        if not (0 <= zone < GRID.size or (zone == EMPTY and not isinstance(intent, Move))):
            return f"zone {zone} is off the board (zones are 0 to {GRID.size - 1})"
    if isinstance(intent, OpenGate):
        return _why_open(s, p, intent)
    if isinstance(intent, Move | Attack | UseSkill):
        g = intent.gate
        if isinstance(intent, UseSkill) and g in s.players[p].discard:
            return _why_skill_cost(s, p, intent) or "that Skill cannot be used from the Discard now"
        if g not in s.gates:
            return "that card is not on the field"
        name = s.name(g)
        if isinstance(intent, UseSkill) and not 0 <= intent.skill < len(s.card(g).skills):
            return f"{name} has no Skill number {intent.skill}"
        if s.gates[g].owner != p:
            return f"{name} is not yours"
        if not s.card(g).has_stats:
            return f"{name} has no Stats, so it cannot take a Turn Action"
        if isinstance(intent, UseSkill) and (why := _why_skill_cost(s, p, intent)):
            return why
        if s.seq is not None:
            return ("a Sequence is open: only Fast Gates and Fast Skills can respond "
                    "(or pass)")
        if s.step != "main" or s.active != p:
            return "Turn Actions are taken only in your own Main step"
        if s.action is not None and s.action.gate != g:
            return f"finish {s.name(s.action.gate)}'s Turn Action first"
        if s.action is None and not s.gates[g].ready:
            return f"{name} is Rested; only a Ready Gate can take a Turn Action"
        if isinstance(intent, Move):
            if s.action is not None and s.action.stage != "bonus":
                return f"{name} has already moved in this Turn Action"
            if s.field[intent.to] != EMPTY:
                return f"{zone_label(intent.to)} is taken"
            return (f"{name} moves at most {s.card(g).movement} zones, through empty "
                    "bordering zones only")
        if isinstance(intent, Attack):
            if not GRID.bordering(s.zone_of(g), intent.zone):
                return f"{name} can only attack a bordering zone"
            if s.field[intent.zone] == EMPTY:
                return f"there is no Gate in {zone_label(intent.zone)} to attack"
        return f"{name} cannot use that now"
    return f"Player {p + 1} cannot {intent.label()} now"


def _why_skill_cost(s: State, p: int, intent: UseSkill) -> str:
    """The reason a Skill's written cost cannot be paid, or "" if it can (or is not known)."""
    g = intent.gate
    if g not in s.cards or not 0 <= intent.skill < len(s.card(g).skills):
        return ""
    sk = s.card(g).skills[intent.skill]
    ki = s.players[p].ki
    if sk.cost.ki > ki:
        return f"{sk.name} costs {sk.cost.ki} Ki, you have {ki}"
    n, hand = sk.cost.discard, len(s.players[p].hand)
    if n > hand:
        have = "your hand is empty" if not hand else f"you have {_cards(hand)} in hand"
        return f"{sk.name} costs discarding {_cards(n)}; {have}"
    n = sk.cost.rest
    others = sum(1 for i, gs in s.gates.items() if gs.owner == p and gs.ready and i != g)
    if n > others:
        return (f"{sk.name} costs Resting {n} other Ready Gate{'s' if n > 1 else ''}; "
                f"you have {others}")
    if intent.pay not in skill_payments(s, p, g, sk):
        return (f"{sk.name}'s cost is paid with {_cards(sk.cost.discard)} from your hand, then "
                f"{sk.cost.rest} other Ready Gate(s) of yours, each group sorted by id")
    return ""


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def cost_words(s: State, skill: Skill, pay: tuple[int, ...]) -> str:
    """The cost as paid ("2 Ki, discard Stone Throw, Rest Iron Boar")."""
    cost = skill.cost
    parts = [f"{cost.ki} Ki"] if cost.ki else []
    if cost.discard:
        parts.append("discard " + ", ".join(s.name(c) for c in pay[:cost.discard]))
    if cost.rest:
        parts.append("Rest " + ", ".join(s.name(c) for c in pay[cost.discard:]))
    return ", ".join(parts)


def _why_open(s: State, p: int, intent: OpenGate) -> str:
    pl = s.players[p]
    if intent.card not in pl.hand and intent.card not in pl.spirits:
        return "that card is not in your hand"
    card = s.card(intent.card)
    if card.cost > pl.ki:
        return f"{card.name} costs {card.cost} Ki; you have {pl.ki}"
    if intent.card in pl.spirits and pl.spirit_opened:
        return "you have already opened a Spirit this turn"
    if s.seq is not None and not s.table.by_iid[intent.card].answers:
        return f"only Fast Gates can be opened in response; {card.name} is not Fast"
    if s.seq is None and (s.step != "main" or s.active != p):
        return "Gates are opened in your own Main step (Fast Gates also in response)"
    if s.seq is None and s.action is not None:
        return f"finish {s.name(s.action.gate)}'s Turn Action first"
    if card.type in ("summon", "spirit"):
        if not 0 <= intent.zone < GRID.size or s.field[intent.zone] != EMPTY:
            return "a Summon or Spirit needs an empty zone"
        return ("a Summon or Spirit is opened into an empty zone bordering one of your "
                "Ready Gates")
    if intent not in legal(s):
        return f"{card.name} cannot target {zone_label(intent.zone)}" if intent.zone != EMPTY \
            else f"{card.name} needs a target"
    return f"{card.name} cannot be opened now"


def _at(s: State, zone: int) -> str:
    iid = s.field[zone] if 0 <= zone < GRID.size else EMPTY
    return f"{s.name(iid)} ({zone_label(zone)})" if iid != EMPTY else zone_label(zone)


def _whose(s: State, zone: int) -> str:
    """A target in the deciding player's words: "your Ronin Aki (D4)", "enemy Sage Mirei (A2)",
    or the bare zone when it is empty."""
    iid = s.field[zone] if 0 <= zone < GRID.size else EMPTY
    if iid == EMPTY or iid not in s.gates:
        return _at(s, zone)
    return f"{'your' if s.gates[iid].owner == to_act(s) else 'enemy'} {_at(s, zone)}"


def _effect(s: State, effect: str | None, amount: int, zone: int, attack: int = 0) -> str:
    """What an effect will do to its target, in a few words ("1 damage to your Ronin Aki")."""
    at = _whose(s, zone) if zone != EMPTY else ""
    words = {
        "damage": f"{amount} damage to {at}",
        "primal_instinct": f"Attack ({attack}) {at}",
        "shield": f"+{amount} Defense to {at}",
        "ready": f"Ready {at}",
        "return_to_hand": f"return {at} to its owner's hand",
        "branch_self": f"Branch under {at}",
        "graft": f"Branch under {at}",
        "rebirth": f"rise into {at}",
        "draw": f"draw {amount}",
        "heal": f"heal your Entrant {amount}",
    }.get(effect or "", at)
    return words.strip()


def harms_own(s: State, intent: Intent) -> bool:
    """Whether ``intent`` attacks or damages one of the deciding player's own Gates (legal,
    K-20, but rarely meant: the table asks once before doing it)."""
    p = to_act(s)
    if isinstance(intent, Attack):
        zone, effect = intent.zone, "attack"
    elif isinstance(intent, UseSkill) and intent.gate in s.cards:
        skills = s.card(intent.gate).skills
        if not 0 <= intent.skill < len(skills):
            return False
        zone, effect = intent.zone, skills[intent.skill].effect
    elif isinstance(intent, OpenGate) and intent.card in s.cards:
        zone, effect = intent.zone, s.card(intent.card).effect or ""
    else:
        return False
    if effect not in ("attack", "damage", "primal_instinct") or not 0 <= zone < GRID.size:
        return False
    iid = s.field[zone]
    return iid != EMPTY and iid in s.gates and s.gates[iid].owner == p


# Button labels for intents, in the table's words (keyed by kind in rules.kyoukai.actions):
# what the choice does and to whom, after " → ".
def describe_open(s: State, intent: OpenGate) -> str:
    card = s.card(intent.card)
    if intent.zone == EMPTY:
        return f"Open {card.name}" + (f" → {_effect(s, card.effect, card.amount, EMPTY)}"
                                      if card.effect in ("draw", "heal") else "")
    if card.type in ("summon", "spirit"):
        return f"Open {card.name} → into {zone_label(intent.zone)}"
    return f"Open {card.name} → {_effect(s, card.effect, card.amount, intent.zone)}"


def describe_attack(s: State, intent: Attack) -> str:
    return f"{s.name(intent.gate)}: Attack {_whose(s, intent.zone)}"


def describe_skill(s: State, intent: UseSkill) -> str:
    skill = s.card(intent.gate).skills[intent.skill]
    attack = s.card(intent.gate).attack or 0
    what = _effect(s, skill.effect, skill.amount, intent.zone, attack)
    cost = f" ({cost_words(s, skill, intent.pay)})" if skill.cost.label() else ""
    return f"{s.name(intent.gate)}: {skill.name}{cost}" + (f" → {what}" if what else "")
