"""The game turn (seed section 5): Roll for Tension → Inspiration → Refund! → each figure's turn
in Timeline order → End of Game Turn. Each function runs the automatic steps and stops where the
active player must decide."""

from __future__ import annotations

from rules.core.dice import roll_faces
from rules.core.model import Event
from rules.krosmaster import house
from rules.krosmaster.state import KState, set_pair

Events = list[Event] | None  # None: applied quietly, build no events


def _say(ev: Events, kind: str, text: str, player: int | None, **data: object) -> None:
    if ev is not None:
        ev.append(Event(kind=kind, text=text, player=player, data=dict(data)))


def faces_text(faces: tuple[str, ...]) -> str:
    return ", ".join(house.FACE_NAMES.get(f, f) for f in faces)


def roll(s: KState, n: int, purpose: str, player: int, ev: Events,
         who: str = "") -> tuple[tuple[str, ...], KState]:
    """Roll ``n`` dice from the state's Rng and log the roll as a random event."""
    faces, rng = roll_faces(s.rng, s.faces, n)
    if ev is not None:
        label = f"{who} rolls" if who else "Rolled"
        ev.append(Event(kind="roll", player=player, random=True,
                        text=f"{label} for {purpose}: {faces_text(faces)}.",
                        data={"faces": list(faces), "purpose": purpose}))
    return faces, s.model_copy(update={"rng": rng})


def begin_turn(s: KState, ev: Events) -> KState:
    """R-01 start of a game turn; R-08 the active player's Inspiration dice come back."""
    p = s.active
    figs = tuple(f.model_copy(update={"inspiration": ()}) if f.owner == p and f.inspiration
                 else f for f in s.figures)
    s = s.model_copy(update={"figures": figs, "dice": (), "rerolled": False, "slot": 0})
    if ev is not None:
        _say(ev, "turn", f"Game turn {s.turn}: player {p + 1} is active.", p, turn=s.turn)
    if s.turn == 1 and p == s.first:
        # no Roll for Tension on the game's first turn.
        if ev is not None:
            _say(ev, "tension", "First turn of the game: no Roll for Tension.", p)
        return start_inspiration(s, ev)
    faces, s = roll(s, house.TENSION_DICE, "Tension", p, ev, who=f"Player {p + 1}")
    return s.model_copy(update={"phase": "tension", "dice": faces})


def keep(s: KState, ev: Events) -> KState:
    """R-04 after the wild faces are set: a double costs each player one GG."""
    if house.WILD_FACE in s.dice:
        return s.model_copy(update={"phase": "dofus"})
    if not s.rerolled and len(s.dice) == 2 and s.dice[0] == s.dice[1]:
        if ev is not None:
            _say(ev, "double", f"Tension double ({faces_text(s.dice[:1])}): each player loses "
                               f"a GG.", s.active)
        s = s.model_copy(update={"gg": (s.gg[0] - 1, s.gg[1] - 1), "wild_gg": s.wild_gg + 2})
        s = check_end(s, ev)
        if s.phase == "over":
            return s
    return start_inspiration(s, ev)


def reroll(s: KState, ev: Events) -> KState:
    """R-03: the two dice are ignored, a single die is rolled."""
    p = s.active
    faces, s = roll(s, house.REROLL_DICE, "Tension (reroll)", p, ev, who=f"Player {p + 1}")
    s = s.model_copy(update={"dice": faces, "rerolled": True})
    return keep(s, ev)


def start_inspiration(s: KState, ev: Events) -> KState:
    if not s.dice:
        return refund(s, ev)
    return s.model_copy(update={"phase": "inspiration"})


def refund(s: KState, ev: Events) -> KState:
    """R-09: unplaced dice are sold for kamas."""
    n = len(s.dice)
    gain = house.REFUND_KAMAS.get(n, 0)
    if gain:
        p = s.active
        s = s.model_copy(update={"kamas": set_pair(s.kamas, p, s.kamas[p] + gain)})
        if ev is not None:
            _say(ev, "refund", f"Refund: player {p + 1} sells {n} die{'s' if n > 1 else ''} for "
                               f"{gain} kama{'s' if gain > 1 else ''}.", p, dice=n, kamas=gain)
    s = s.model_copy(update={"dice": ()})
    return next_figure(s, 0, ev)


def next_figure(s: KState, slot: int, ev: Events) -> KState:
    """R-10: figures play left to right; each starts with its Preliminary phase."""
    line = s.timelines[s.active]
    for i in range(slot, len(line)):
        fig = s.figures[line[i]]
        if not fig.alive:
            continue
        card = s.card(fig)
        # House rule H14: MP and AP refill in the Preliminary phase.
        fig = fig.model_copy(update={"mp": card.mp, "ap": card.ap})
        s = s.with_figure(fig, phase="activation", slot=i)
        if ev is not None:
            _say(ev, "preliminary", f"{card.name}'s turn: Preliminary phase ({card.mp} MP, "
                                    f"{card.ap} AP).", fig.owner, figure=fig.id)
        return s
    return end_turn(s, ev)


def end_activation(s: KState, ev: Events) -> KState:
    fig = s.acting()
    if fig is not None and ev is not None:
        _say(ev, "end_activation", f"End of Activation for {s.name(fig)}.", fig.owner,
             figure=fig.id)
    return next_figure(s, s.slot + 1, ev)


def end_turn(s: KState, ev: Events) -> KState:
    """R-11: after the last figure the turn ends and the opponent becomes active."""
    p = s.active
    if ev is not None:
        _say(ev, "end_turn", f"End of game turn {s.turn} for player {p + 1}.", p)
    if s.turn >= house.TURN_CAP:
        if ev is not None:
            _say(ev, "draw", f"Turn cap of {house.TURN_CAP} game turns reached: draw.", None)
        return s.model_copy(update={"phase": "over", "winner": None})
    s = s.model_copy(update={"active": 1 - p, "turn": s.turn + 1})
    return begin_turn(s, ev)


def check_end(s: KState, ev: Events) -> KState:
    """House rule H3: no GG or no figure left loses; both at once is a draw."""
    if s.phase == "over":
        return s
    lost = [s.gg[p] <= 0 or not any(f.alive for f in s.figures if f.owner == p)
            for p in (0, 1)]
    if not any(lost):
        return s
    if all(lost):
        if ev is not None:
            _say(ev, "draw", "Both players are out at once: draw.", None)
        return s.model_copy(update={"phase": "over", "winner": None})
    w = 0 if lost[1] else 1
    why = "has no GG left" if s.gg[1 - w] <= 0 else "has no figure left"
    if ev is not None:
        _say(ev, "win", f"Player {2 - w} {why}: player {w + 1} wins.", w, winner=w)
    return s.model_copy(update={"phase": "over", "winner": w})
