"""The game turn (seed section 5): Roll for Tension → Inspiration → Refund! → each figure's turn
in Timeline order → End of Game Turn. Each function runs the automatic steps on the draft and
stops where the active player must decide."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.rng import Rng, _splitmix64
from rules.krosmaster import house
from rules.krosmaster.draft import KDraft
from rules.krosmaster.state import set_pair


def faces_text(faces: tuple[str, ...]) -> str:
    return ", ".join(house.FACE_NAMES.get(f, f) for f in faces)


_MASK = (1 << 64) - 1


def roll_faces(rng: Rng, faces: Sequence[str], n: int) -> tuple[tuple[str, ...], Rng]:
    """``rules.core.dice.roll_faces`` (the same faces and the same Rng after) in one loop, with
    one new Rng at the end instead of a validated one per draw: rolls are in most steps."""
    if n <= 0:
        return (), rng
    seed, counter = rng.seed, rng.counter
    k = len(faces)
    limit = (_MASK + 1) - ((_MASK + 1) % k)
    base = seed * 0x2545F4914F6CDD1D
    out: list[str] = []
    for _ in range(n):
        while True:  # Rng.below's rejection: it almost never loops
            raw = _splitmix64((base + counter) & _MASK)
            counter += 1
            if raw < limit:
                break
        out.append(faces[raw % k])
    return tuple(out), Rng(rng.seed, counter)


def roll(d: KDraft, n: int, purpose: str, player: int, who: str = "") -> tuple[str, ...]:
    """Roll ``n`` dice from the state's Rng and log the roll as a random event."""
    faces, d.rng = roll_faces(d.rng, d.faces, n)
    if d.loud:
        label = f"{who} rolls" if who else "Rolled"
        d.log("roll", f"{label} for {purpose}: {faces_text(faces)}.", player, random=True,
              data={"faces": list(faces), "purpose": purpose})
    return faces


def begin_turn(d: KDraft) -> None:
    """R-01 start of a game turn; R-08 the active player's Inspiration dice come back."""
    p = d.active
    for f in d.figures:
        if f.owner == p and f.inspiration:
            d.figure(f.id, inspiration=())
    d.dice, d.rerolled, d.slot = (), False, 0
    if d.loud:
        d.say("turn", f"Game turn {d.turn}: player {p + 1} is active.", p, turn=d.turn)
    if d.turn == 1 and p == d.first:
        # no Roll for Tension on the game's first turn.
        if d.loud:
            d.say("tension", "First turn of the game: no Roll for Tension.", p)
        start_inspiration(d)
        return
    faces = roll(d, house.TENSION_DICE, "Tension", p, who=f"Player {p + 1}")
    d.phase, d.dice = "tension", faces


def keep(d: KDraft) -> None:
    """R-04 after the wild faces are set: a double costs each player one GG."""
    if house.WILD_FACE in d.dice:
        d.phase = "dofus"
        return
    if not d.rerolled and len(d.dice) == 2 and d.dice[0] == d.dice[1]:
        if d.loud:
            d.say("double", f"Tension double ({faces_text(d.dice[:1])}): each player loses "
                            f"a GG.", d.active)
        d.gg, d.wild_gg = (d.gg[0] - 1, d.gg[1] - 1), d.wild_gg + 2
        check_end(d)
        if d.phase == "over":
            return
    start_inspiration(d)


def reroll(d: KDraft) -> None:
    """R-03: the two dice are ignored, a single die is rolled."""
    p = d.active
    d.dice = roll(d, house.REROLL_DICE, "Tension (reroll)", p, who=f"Player {p + 1}")
    d.rerolled = True
    keep(d)


def start_inspiration(d: KDraft) -> None:
    if not d.dice:
        refund(d)
    else:
        d.phase = "inspiration"


def refund(d: KDraft) -> None:
    """R-09: unplaced dice are sold for kamas."""
    n = len(d.dice)
    gain = house.REFUND_KAMAS.get(n, 0)
    if gain:
        p = d.active
        d.kamas = set_pair(d.kamas, p, d.kamas[p] + gain)
        if d.loud:
            d.say("refund", f"Refund: player {p + 1} sells {n} {'dice' if n > 1 else 'die'} for "
                            f"{gain} kama{'s' if gain > 1 else ''}.", p, dice=n, kamas=gain)
    d.dice = ()
    next_figure(d, 0)


def next_figure(d: KDraft, slot: int) -> None:
    """R-10: figures play left to right; each starts with its Preliminary phase."""
    line = d.timelines[d.active]
    for i in range(slot, len(line)):
        fig = d.figures[line[i]]
        if not fig.alive:
            continue
        card = d.card(fig)
        # House rule H14: MP and AP refill in the Preliminary phase.
        fig = d.figure(fig.id, mp=card.mp, ap=card.ap)
        d.phase, d.slot = "activation", i
        if d.loud:
            d.say("preliminary", f"{card.name}'s turn: Preliminary phase ({card.mp} MP, "
                                 f"{card.ap} AP).", fig.owner, figure=fig.id)
        return
    end_turn(d)


def end_activation(d: KDraft) -> None:
    fig = d.acting()
    if fig is not None and d.loud:
        d.say("end_activation", f"End of Activation for {d.name(fig)}.", fig.owner,
              figure=fig.id)
    next_figure(d, d.slot + 1)


def end_turn(d: KDraft) -> None:
    """R-11: after the last figure the turn ends and the opponent becomes active."""
    p = d.active
    if d.loud:
        d.say("end_turn", f"End of game turn {d.turn} for player {p + 1}.", p)
    if d.turn >= house.TURN_CAP:
        if d.loud:
            d.say("draw", f"Turn cap of {house.TURN_CAP} game turns reached: draw.", None)
        d.phase, d.winner = "over", None
        return
    d.active, d.turn = 1 - p, d.turn + 1
    begin_turn(d)


def check_end(d: KDraft) -> None:
    """House rule H3: no GG or no figure left loses; both at once is a draw."""
    if d.phase == "over":
        return
    lost = [d.gg[p] <= 0 or not any(f.alive for f in d.figures if f.owner == p)
            for p in (0, 1)]
    if not any(lost):
        return
    if all(lost):
        if d.loud:
            d.say("draw", "Both players are out at once: draw.", None)
        d.phase, d.winner = "over", None
        return
    w = 0 if lost[1] else 1
    if d.loud:
        why = "has no GG left" if d.gg[1 - w] <= 0 else "has no figure left"
        d.say("win", f"Player {2 - w} {why}: player {w + 1} wins.", w, winner=w)
    d.phase, d.winner = "over", w
