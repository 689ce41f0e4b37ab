"""Why a BOS intent is refused, in the player's words (the table shows it when a drop snaps
back), and why a castle or spellbook card is dimmed."""

from __future__ import annotations

from rules.bos import intents
from rules.bos.effects import CONDITIONS, EFFECTS, condition_text
from rules.bos.game import GAME
from rules.bos.legal import STAGES, blockers, free_columns, legal, targets
from rules.bos.state import COLUMNS, EMPTY, State
from rules.core.model import Intent

WORDS = {"summon": "summoning", "end_summoning": "ending Summoning", "cast": "casting a spell",
         "attack": "attacking", "player_attack": "a player attack", "ability": "an ability",
         "reveal_boss": "turning the boss face up", "end_turn": "ending the turn",
         "block": "blocking", "take_it": "taking the attack"}


def _name(s: State, iid: int) -> str:
    return s.name(iid) if iid in s.cards else f"card {iid}"


def _condition(s: State, p: int, iid: int) -> str | None:
    c = s.card(iid)
    if CONDITIONS[c.condition].test(s, p, c.condition_n):
        return None
    return f"{c.name}'s condition does not hold: {condition_text(c.condition, c.condition_n)}"


def unusable(s: State, iid: int) -> str:
    """Why the owner cannot use this castle, spellbook or boss card now ('' if they can)."""
    p = s.owner(iid)
    side = s.sides[p]
    c = s.card(iid)
    if iid in side.spellbook and c.cost > side.vim:
        return f"{c.name} costs {c.cost} vim; you have {side.vim}"
    if iid == side.boss and side.boss_state != "down":
        return ""
    if iid in side.castle and s.step == "main":
        return "summons come in only in your Summoning phase (next turn)"
    if iid in side.spellbook and s.step == "summoning":
        return "spells are cast in your Main phase: end Summoning first (Space)"
    cond = _condition(s, p, iid)
    if cond:
        return cond
    if iid in side.spellbook and c.effect is not None and not targets(s, p, c.effect):
        return f"nothing to cast {c.name} on: {_NO_TARGETS[EFFECTS[c.effect].target]}"
    if iid in side.castle and not free_columns(s, p):
        return "no wizard is available: each summons once a turn, into an empty column"
    return ""


# Why a spell has no target at all (``unusable``): it is dimmed rather than lit and refused.
_NO_TARGETS = {"summon": "no summon is on the battlefield",
               "boss": "no boss is face up",
               "unit": "no summon or boss is on the battlefield",
               "own_acted": "none of your cards has acted",
               "player": f"no player can be chosen yet ({GAME.cite('B-11')})"}


def _target_reason(s: State, p: int, effect: str, target: int, player: int) -> str | None:
    if (target, player) in targets(s, p, effect):
        return None
    kind = EFFECTS[effect].target
    if player >= 0 and not s.arrived(player):
        return f"Player {player + 1} has not started their first turn: they cannot be " \
               f"affected yet ({GAME.cite('B-11')})"
    if kind == "summon" and target >= 0 and s.is_boss(target):
        return f"{_name(s, target)} is a boss: an effect on a summon does not reach a boss " \
               f"({GAME.cite('B-14')})"
    if kind == "boss" and target >= 0 and target in s.units:
        return f"{_name(s, target)} is a summon: an effect on a boss does not reach a summon " \
               f"({GAME.cite('B-14')})"
    if target >= 0 and target not in s.units:
        return f"{_name(s, target)} is not on the battlefield"
    if kind == "own_acted":
        return "choose one of your acted cards"
    return {"none": "it needs no target", "opponent": "it needs no target",
            "player": "choose a player", "summon": "choose a summon", "boss": "choose a boss",
            "unit": "choose a summon or a boss"}.get(kind, "that is not a valid target")


def _attack_reason(s: State, p: int, iid: int) -> str | None:
    if iid not in s.units or s.units[iid].owner != p:
        return f"{_name(s, iid)} is not one of your cards on the battlefield"
    if s.units[iid].acted:
        return f"{_name(s, iid)} has acted: it readies at your next Startup " \
               f"({GAME.cite('B-04')})"
    return None


def why_illegal(s: State, intent: Intent) -> str:
    p = STAGES.to_act(s)
    if p is None:
        return "nobody may act now"
    stage = STAGES.why_not(s, intent.kind, WORDS)
    if stage:
        return stage
    side = s.sides[p]
    if isinstance(intent, intents.Summon):
        if intent.card not in side.castle:
            return f"{_name(s, intent.card)} is not in your castle"
        if not 0 <= intent.column < COLUMNS:
            return f"there is no column {intent.column + 1}"
        if side.wizard_down[intent.column]:
            return f"the wizard of column {intent.column + 1} has already summoned this turn"
        if side.slots[intent.column] != EMPTY:
            return f"column {intent.column + 1} already holds " \
                   f"{_name(s, side.slots[intent.column])}"
        return _condition(s, p, intent.card) or "that summon is not legal now"
    if isinstance(intent, intents.Cast):
        if intent.card not in side.spellbook:
            return f"{_name(s, intent.card)} is not in your spellbook"
        if s.card(intent.card).type != "spell":
            return f"{_name(s, intent.card)} is a {s.card(intent.card).type} now, not a spell: " \
                "it cannot be cast (a reload changed it)"
        why = unusable(s, intent.card)
        if why:
            return why
        effect = s.card(intent.card).effect
        assert effect is not None
        return _target_reason(s, p, effect, intent.target, intent.player) or \
            "that spell is not legal now"
    if isinstance(intent, intents.Attack | intents.UseAbility | intents.PlayerAttack) and (
            bad := _attack_reason(s, p, intent.card)):
        return bad
    if isinstance(intent, intents.Attack):
        if intent.target == intent.card:
            return f"a summon cannot attack itself; pick any other summon ({GAME.cite('B-05')})"
        if intent.target not in s.units:
            return f"{_name(s, intent.target)} is not on the battlefield"
    if isinstance(intent, intents.UseAbility):
        abilities = s.card(intent.card).abilities
        if not 0 <= intent.ability < len(abilities) or abilities[intent.ability].trigger != "act":
            return f"{_name(s, intent.card)} has no such ability"
        return _target_reason(s, p, abilities[intent.ability].effect, intent.target,
                              intent.player) or "that ability is not legal now"
    if isinstance(intent, intents.PlayerAttack):
        return _player_attack_reason(s, intent) or "that attack is not legal now"
    if isinstance(intent, intents.RevealBoss):
        if intent.card != side.boss:
            return f"{_name(s, intent.card)} is not your boss"
        if side.boss_state != "down":
            return "your boss is already face up" if side.boss_state == "up" \
                else "your boss has been defeated"
        return _condition(s, p, intent.card) or "your boss cannot be turned face up now"
    if isinstance(intent, intents.Block) and intent.card not in blockers(s):
        return f"{_name(s, intent.card)} cannot block: only a summon of a column next to " \
               f"the attacked one ({GAME.cite('B-09')}) or a face-up boss " \
               f"({GAME.cite('B-15')}) can"
    return f"{intent.label()} is not legal now"


def _player_attack_reason(s: State, i: intents.PlayerAttack) -> str | None:
    if i in legal(s, i.card):
        return None
    if i.player not in (0, 1):
        return f"there is no Player {i.player + 1}"
    if not s.arrived(i.player):
        return f"Player {i.player + 1} has not started their first turn: they cannot be " \
               f"attacked yet ({GAME.cite('B-11')})"
    if s.is_boss(i.card):
        return "a boss attacks a player only when they have no summons and no face-up boss " \
               f"({GAME.cite('B-16')})"
    col = s.column_of(i.card)
    blocker = s.sides[i.player].slots[col]
    return f"{_name(s, blocker)} stands in front of {_name(s, i.card)} in column {col + 1}: " \
           f"a player attack needs an open column ({GAME.cite('B-08')})"
