"""The game turn (seed section 5): Roll for Tension → Inspiration → Refund! → each figure's turn
in Timeline order → End of Game Turn. Each function runs the automatic steps on the state, in
place, and stops where the active player must decide."""

from __future__ import annotations

from rules.core.rng import roll_faces
from rules.krosmaster import house
from rules.krosmaster.state import KState, set_pair


def faces_text(faces: tuple[str, ...]) -> str:
    names = house.FACE_NAMES
    return ", ".join([names.get(f, f) for f in faces])


def roll(s: KState, n: int, purpose: str, player: int, who: str | None = None) -> tuple[str, ...]:
    """Roll ``n`` dice from the state's Rng and log the roll as a random event, as rolled by
    ``who`` (None: the player)."""
    faces, s.rng = roll_faces(s.rng, s.faces, n)
    if s.loud:
        who = f"Player {player + 1}" if who is None else who
        s.log("roll", f"{who} rolls for {purpose}: {faces_text(faces)}.", player, random=True,
              data={"faces": list(faces), "purpose": purpose})
    return faces


def begin_turn(s: KState) -> None:
    """R-01 start of a game turn; R-08 the active player's Inspiration dice come back."""
    p = s.active
    for f in s.figures:
        if f.owner == p and f.inspiration:
            s.mut(f.id).inspiration = ()
    s.dice, s.rerolled, s.slot = (), False, 0
    if s.loud:
        s.log("turn", f"Game turn {s.turn}: player {p + 1} is active.", p,
              data={"turn": s.turn})
    if s.turn == 1 and p == s.first:
        # no Roll for Tension on the game's first turn.
        if s.loud:
            s.log("tension", "First turn of the game: no Roll for Tension.", p)
        start_inspiration(s)
        return
    faces = roll(s, house.TENSION_DICE, "Tension", p)
    s.phase, s.dice = "tension", faces


def keep(s: KState) -> None:
    """R-04 after the wild faces are set: a double costs each player one GG."""
    if house.WILD_FACE in s.dice:
        s.phase = "dofus"
        return
    if not s.rerolled and len(s.dice) == 2 and s.dice[0] == s.dice[1]:
        if s.loud:
            s.log("double", f"Tension double ({faces_text(s.dice[:1])}): each player loses "
                  "a GG.", s.active)
        s.gg, s.wild_gg = (s.gg[0] - 1, s.gg[1] - 1), s.wild_gg + 2
        check_end(s)
        if s.phase == "over":
            return
    start_inspiration(s)


def reroll(s: KState) -> None:
    """R-03: the two dice are ignored, a single die is rolled."""
    p = s.active
    s.dice = roll(s, house.REROLL_DICE, "Tension (reroll)", p)
    s.rerolled = True
    keep(s)


def start_inspiration(s: KState) -> None:
    if not s.dice:
        refund(s)
    else:
        s.phase = "inspiration"


def refund(s: KState) -> None:
    """R-09: unplaced dice are sold for kamas."""
    n = len(s.dice)
    gain = house.REFUND_KAMAS.get(n, 0)
    if gain:
        p = s.active
        s.kamas = set_pair(s.kamas, p, s.kamas[p] + gain)
        if s.loud:
            s.log("refund", f"Refund: player {p + 1} sells {n} {'dice' if n > 1 else 'die'} "
                  f"for {gain} kama{'s' if gain > 1 else ''}.", p, data={"dice": n, "kamas": gain})
    s.dice = ()
    next_figure(s, 0)


def next_figure(s: KState, slot: int) -> None:
    """R-10: figures play left to right; each starts with its Preliminary phase."""
    line = s.timelines[s.active]
    figs = s.figures
    for i in range(slot, len(line)):
        fig = figs[line[i]]
        if fig.cell is None:
            continue
        card = s.catalog[fig.card]
        # House rule H14: MP and AP refill in the Preliminary phase.
        fig = s.mut(fig.id)
        fig.mp, fig.ap = card.mp, card.ap
        s.phase, s.slot = "activation", i
        if s.loud:
            s.log("preliminary", f"{card.name}'s turn: Preliminary phase ({card.mp} MP, "
                  f"{card.ap} AP).", fig.owner, data={"figure": fig.id})
        return
    end_turn(s)


def end_activation(s: KState) -> None:
    fig = s.acting() if s.loud else None
    if fig is not None:
        s.log("end_activation", f"End of Activation for {s.name(fig)}.", fig.owner,
              data={"figure": fig.id})
    next_figure(s, s.slot + 1)


def end_turn(s: KState) -> None:
    """R-11: after the last figure the turn ends and the opponent becomes active."""
    p = s.active
    if s.loud:
        s.log("end_turn", f"End of game turn {s.turn} for player {p + 1}.", p)
    if s.turn >= house.TURN_CAP:
        if s.loud:
            s.log("draw", f"Turn cap of {house.TURN_CAP} game turns reached: draw.", None)
        s.phase, s.winner = "over", None
        return
    s.active, s.turn = 1 - p, s.turn + 1
    begin_turn(s)


def check_end(s: KState) -> None:
    """House rule H3: no GG or no figure left loses; both at once is a draw."""
    if s.phase == "over":
        return
    standing = s.where()[1]  # each player's standing figures' cells, as bits
    lost = (s.gg[0] <= 0 or not standing[0], s.gg[1] <= 0 or not standing[1])
    if lost == (False, False):
        return
    if lost == (True, True):
        if s.loud:
            s.log("draw", "Both players are out at once: draw.", None)
        s.phase, s.winner = "over", None
        return
    w = 0 if lost[1] else 1
    if s.loud:
        why = "has no GG left" if s.gg[1 - w] <= 0 else "has no figure left"
        s.log("win", f"Player {2 - w} {why}: player {w + 1} wins.", w, data={"winner": w})
    s.phase, s.winner = "over", w
