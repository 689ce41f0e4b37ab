"""Manual effects: a card whose effect is ``manual`` is carried out by hand, in the record.

When such an effect resolves, the game's resolver calls ``open_step`` on its draft: the State's
``manual`` field (a tuple, the current step first) gets a ``ManualStep`` for the effect's
controller. While one is open the core's ``Ruleset`` answers for the game: its controller is to
act, and the legal intents are the manual intents (``rules.core.manual_intents``), checked and
applied here through the game's ``ManualTable`` adapter. "Done" checks the state (no card in
two places, counters in bounds, the game's own checks), re-checks the win conditions and closes
the step; play goes on enforced.

The step opens exactly where the effect resolves, and the resolution stops there: each part
of the game's code that had more to do (later effects of the same spell, putting the card in the
discard, the rest of a battle) saves it with ``later`` as a ``Resume`` (data: an operation the
game names and its arguments) on the step, innermost first, and returns (``paused`` says
whether to). After Done the game's ``ManualTable.settle`` runs its state-based checks on the
player's changes, carries the saved parts out in order (``resume``; one that opens another step
moves the rest onto it) and lets the game's flow go on.
"""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from rules.core.card_states import (
    SECRET_CARD,
    apply_flag,
    can_face_down,
    card_flags,
    face_down,
    flag_value,
    named,
    pruned,
    set_card_flag,
    shown_name,
    why_flag,
)
from rules.core.cards import leaves
from rules.core.errors import IllegalIntent
from rules.core.manual_intents import (
    DIE_SIDES,
    Freeform,
    ManualCounter,
    ManualDone,
    ManualFlag,
    ManualMove,
    ManualRoll,
    ManualShuffle,
    ManualStep,
    Resume,
)
from rules.core.manual_intents import source as source
from rules.core.manual_table import (
    BOARD,
    FACE_DOWN,
    UNDER,
    CounterSpec,
    ManualTable,
    Place,
)
from rules.core.model import Event, Intent
from rules.core.rng import Rng
from rules.core.state import replaced

if TYPE_CHECKING:
    from rules.core.ruleset import Ruleset

MANUAL = "manual"  # the effect name a card file gives an effect that is not coded
VALUE_LIMIT = 999  # no counter is set beyond this, whatever its bounds


# ---- opening and reading ------------------------------------------------------------------
def steps(state: Any) -> tuple[ManualStep, ...]:
    return getattr(state, "manual", None) or ()


def pending(state: Any) -> ManualStep | None:
    """The open manual step, None if there is none (or the game has none)."""
    got = getattr(state, "manual", None)
    return got[0] if got else None


def new_step(state: Any, player: int, title: str, text: str, card: int = -1,
             freeform: bool = False) -> ManualStep:
    """A step whose dice are seeded from the state (the game's own generator is not drawn
    from, so the rest of the game's randomness is the same whatever the player rolls)."""
    rng = getattr(state, "rng", None)
    turn = getattr(state, "turn", 0)
    base = (rng.seed * 1_000_003 + rng.counter) if isinstance(rng, Rng) else 0
    seed = (base * 31 + int(turn) * 7 + len(steps(state)) + card + 2) & ((1 << 62) - 1)
    return ManualStep(player=player, title=title, text=text or "(no text)", card=card,
                      rng=Rng(seed=seed), freeform=freeform)


def open_step(d: Any, player: int, title: str, text: str, card: int = -1) -> None:
    """Called by a game's resolver of a ``manual`` effect, on its draft (or anything with the
    State's fields as attributes): queue a manual step for ``player``."""
    step = new_step(d, player, title, text, card)
    d.manual = (*steps(d), step)
    if d.loud:
        d.log("manual", f"Manual ({title}): Player {player + 1} carries it out by hand.", player,
              data={"text": step.text})


def paused(d: Any) -> bool:
    """Whether a manual step is open on ``d`` (a draft, mid-resolution): the caller saves what
    it had left to do with ``later`` and returns."""
    return bool(getattr(d, "manual", None))


def later(d: Any, op: str, *args: int | str) -> None:
    """Save a part of the paused resolution, to be carried out after Done: the game's ``op``
    with ``args``. Called while unwinding, so the innermost part is saved (and done) first."""
    *before, step = steps(d)
    d.manual = (*before, step.model_copy(update={"then": (*step.then, Resume(op=op, args=args))}))


Resumer = Callable[..., None]  # (draft, *args): one part of a resolution, carried on


def map_resumes(d: Any, change: Callable[[Resume, str], Resume]) -> None:
    """Every open step's saved parts replaced by ``change(part, where)`` (``where`` names it
    as a load error would: ``manual.0.then.1``): a game loading a dump whose parts it now
    saves another way."""
    new = []
    for n, step in enumerate(steps(d)):
        then = tuple(change(part, f"manual.{n}.then.{k}") for k, part in enumerate(step.then))
        new.append(step if then == step.then else replaced(step, then=then))
    if new:
        d.manual = tuple(new)


def resume(d: Any, then: tuple[Resume, ...], ops: Mapping[str, Resumer]) -> bool:
    """Carry out ``then`` in order on ``d`` with the game's ``ops``; when one opens another
    manual step, the parts not done yet are saved on it. True if every part was done."""
    for k, part in enumerate(then):
        if paused(d):
            for rest in then[k:]:
                later(d, rest.op, *rest.args)
            return False
        run = ops.get(part.op)
        if run is None:  # a hand-edited save: say what, not a KeyError
            raise IllegalIntent(f"the open manual step's resolution names {part.op!r}, which "
                                f"this game does not carry on ({', '.join(sorted(ops))})")
        run(d, *part.args)
    return not paused(d)


def unlinked(table: ManualTable, view: Any,
             resume_cards: Mapping[str, tuple[int, ...] | None]) -> Any:
    """``view`` with no open step tied to its card where the view masks it (moved out of the
    viewer's sight after the opening log line named it): the step's card, and that card in
    the parts of the resolution it saved, are -1 (a view is shown, never settled)."""
    names = getattr(view, "cards", None) or {}

    def unlink(step: ManualStep) -> ManualStep:
        if names.get(step.card) != table.hidden_card:
            return step
        return replaced(step, card=-1, then=tuple(replaced(p, args=tuple(
            -1 if a == step.card and _names(resume_cards, p.op, n) else a
            for n, a in enumerate(p.args))) for p in step.then))
    new = tuple(unlink(step) for step in steps(view))
    return view if new == steps(view) else replaced(view, manual=new)


def _names(resume_cards: Mapping[str, tuple[int, ...] | None], op: str, n: int) -> bool:
    """Whether argument ``n`` of a saved part ``op`` names a card (None: all of them do)."""
    at = resume_cards.get(op, ())
    return at is None or n in at


# ---- legality -----------------------------------------------------------------------------
def legal(rs: Ruleset[Any], table: ManualTable, s: Any, step: ManualStep,
          card: int | None = None) -> list[Intent]:
    """Done first (what the agents pick) when it would be accepted, then the table-wide
    intents; with ``card``, that card's moves, counters and states only (listing every card
    × zone at once would be big)."""
    if card is None:
        out: list[Intent] = [ManualDone()] if rs.done_refusal(s) is None else []
        out.append(ManualRoll(sides=6))
        for p in (0, 1):
            if table.deck in table.piles:
                out.append(ManualShuffle(owner=p))
            for spec in table.counters:
                if spec.per == "player":
                    out.extend(_steps(table, s, spec, p, -1))
        return out
    places = {pl.card: pl for pl in table.places(s)}
    here = places.get(card)
    if here is None:
        return []
    out = []
    # Into play face up and, where the game can mask a card, face down (a card not already
    # face down: one that is stays so as it moves).
    downs = (False, True) if can_face_down(table, s) and card not in face_down(s) \
        else (False,)
    for p in (0, 1) if movable(table, here) else ():
        out.extend(ManualMove(card=card, owner=p, zone=zone, at=at)
                   for zone in table.fixed for at in table.fixed_spots(s, p, zone))
        for zone in table.piles:
            # Top, then bottom; in the pile it lies in, only the end it is not at.
            own = zone == here.zone and p == here.owner
            ends = (not _at_bottom(table, s, here),) if own else (False, True)
            out.extend(ManualMove(card=card, owner=p, zone=zone, bottom=end) for end in ends)
        if table.has_board:
            out.extend(ManualMove(card=card, owner=p, zone=BOARD, at=at, face_down=down)
                       for down in downs for at in table.board_spots(s, p))
    if table.has_under and movable(table, here):
        out.extend(ManualMove(card=card, owner=host.owner, zone=UNDER, at=host.card,
                              face_down=down)
                   for down in downs for host in places.values()
                   if host.zone == BOARD and host.card != card and here.at != host.card)
    for spec in table.counters:
        if spec.per == "card":
            out.extend(_steps(table, s, spec, -1, card))
    for flag in card_flags(table):
        value = flag_value(table, s, here, flag)
        if value is not None:
            out.append(ManualFlag(card=card, flag=flag, value=not value))
    return out


def movable(table: ManualTable, here: Place) -> bool:
    """Whether a card may be moved by hand from where it lies: anywhere the table declares
    (its piles, board, the cards under them and its fixed zones)."""
    return here.zone in (BOARD, UNDER) or here.zone in table.piles or here.zone in table.fixed


def _at_bottom(table: ManualTable, s: Any, here: Place) -> bool:
    pile = table.pile(s, here.owner, here.zone)
    last = here.zone in table.top_is_last
    return bool(pile) and pile[0 if last else -1] == here.card


def _steps(table: ManualTable, s: Any, spec: CounterSpec, owner: int,
           card: int) -> list[Intent]:
    value = table.counter(s, spec, owner, card)
    if value is None:
        return []
    return [ManualCounter(counter=spec.name, value=v, owner=owner, card=card)
            for v in (value - 1, value + 1) if spec.lo <= v <= spec.hi]


def why_illegal(rs: Ruleset[Any], table: ManualTable, s: Any, step: ManualStep,
                intent: Intent) -> str | None:
    """None if ``intent`` may be applied in this manual step, else the reason."""
    if isinstance(intent, ManualDone):
        return rs.done_refusal(s)
    if isinstance(intent, ManualRoll):
        return None if intent.sides in DIE_SIDES else \
            f"a die has {', '.join(map(str, DIE_SIDES))} sides, not {intent.sides}"
    if isinstance(intent, Freeform):
        return "a manual step is already open"
    owner = getattr(intent, "owner", -1)
    if owner not in ((0, 1) if isinstance(intent, ManualShuffle) else (-1, 0, 1)):
        return f"there is no player {owner}"
    if isinstance(intent, ManualShuffle):
        return None if table.deck in table.piles else "this game has no deck to shuffle"
    places = {pl.card: pl for pl in table.places(s)}
    if isinstance(intent, ManualMove):
        return _why_move(table, s, places, intent)
    if isinstance(intent, ManualCounter):
        return _why_counter(table, s, intent)
    if isinstance(intent, ManualFlag):
        return why_flag(table, s, places, intent)
    return f"{intent.kind} is not a manual intent"


def _why_move(table: ManualTable, s: Any, places: dict[int, Place], i: ManualMove) -> str | None:
    if i.card not in places:
        return f"card {i.card} is not in the game"
    if not movable(table, places[i.card]):
        return f"{named(table, s, i.card)} cannot be moved by hand from where it is"
    if i.owner not in (0, 1):
        return f"there is no player {i.owner}"
    if i.face_down and (i.zone not in (BOARD, UNDER) or not can_face_down(table, s)):
        return f"{named(table, s, i.card)} cannot be face down there (only on the board or " \
               "under a card, in a game that can hide one)"
    if i.zone in table.fixed or i.zone == BOARD:
        if i.zone == BOARD and not table.has_board:
            return "this game has no board to put a card on"

        def free(p: int) -> list[int]:
            return table.board_spots(s, p) if i.zone == BOARD else \
                table.fixed_spots(s, p, i.zone)
        if i.at in free(i.owner):
            return None
        # Named as the game names it only where that place is there now (a card in it, or
        # free for someone): an intent may carry any number.
        known = any(i.at in free(p) for p in (0, 1)) or any(
            pl.zone == i.zone and pl.at == i.at for pl in places.values())
        if i.zone == BOARD:
            spot = spot_label(table, i.at) if known else f"place {i.at}"
            return f"{spot} is not a free place on the board"
        if not known:  # its label may name the zone alone, which may well be free
            return f"Player {i.owner + 1}'s {table.zone_label(i.zone)} has no free place {i.at}"
        return f"{spot_label(table, i.at, i.zone)} of Player {i.owner + 1} is not free"
    if i.zone == UNDER:
        host = places.get(i.at)
        if not table.has_under:
            return "cards do not go under other cards in this game"
        if host is None or host.zone != BOARD or i.at == i.card:
            return f"card {i.at} is not another card on the board"
        return None
    if i.zone not in table.piles:
        return f"{i.zone!r} is not a zone here ({', '.join((*table.piles, BOARD, *table.fixed))})"
    return None


def spot_label(table: ManualTable, at: int, zone: str = BOARD) -> str:
    """The game's name for a board position (or a position of the fixed ``zone``); a neutral
    "place N" where it has none."""
    try:
        return table.spot_label(at) if zone == BOARD else table.fixed_label(zone, at)
    except LookupError:  # a game's table of names (biomes, columns) has no such entry
        return f"place {at}"


def _why_counter(table: ManualTable, s: Any, i: ManualCounter) -> str | None:
    spec = next((c for c in table.counters if c.name == i.counter), None)
    if spec is None:
        return f"{i.counter!r} is not a counter here ({', '.join(c.name for c in table.counters)})"
    if (spec.per == "player") != (i.owner in (0, 1)) or (spec.per == "card") != (i.card >= 0):
        return f"{spec.title} is a counter of a {spec.per}"
    if table.counter(s, spec, i.owner, i.card) is None:
        return f"card {i.card} has no {spec.title} where it is"
    if not spec.lo <= i.value <= min(spec.hi, VALUE_LIMIT):
        return f"{spec.title} must stay between {spec.lo} and {spec.hi}, not {i.value}"
    return None


def consistency(table: ManualTable, s: Any) -> list[str]:
    """What is wrong with ``s`` as a state of the game: a card in two places, a counter out of
    bounds, and the game's own problems. Empty if nothing is."""
    places = table.places(s)
    out = in_two_places(table, s, places)
    for spec in table.counters:
        owners = [(p, -1) for p in (0, 1)] if spec.per == "player" else \
            [(-1, pl.card) for pl in places if pl.zone == BOARD]
        for owner, card in owners:
            v = table.counter(s, spec, owner, card)
            if v is not None and not spec.lo <= v <= spec.hi:
                who = f"Player {owner + 1}'s" if card < 0 else f"{table.name(s, card)}'s"
                out.append(f"{who} {spec.title} is {v}; it must be {spec.lo}-{spec.hi}")
    out.extend(table.problems(s))
    return out


def in_two_places(table: ManualTable, s: Any, places: list[Place] | None = None) -> list[str]:
    """Each card that stands in more than one place of ``s`` (``places``: ``table.places(s)``
    if read already), named with its places: never so in a game's own state, so ``load``
    refuses a save that says it."""
    if places is None:
        places = table.places(s)
    seen = Tally(pl.card for pl in places)
    out: list[str] = []
    for card, n in sorted(seen.items()):
        if n > 1:
            where = [_where(table, pl) for pl in places if pl.card == card]
            out.append(f"{table.name(s, card)} is in {n} places ({', '.join(where)})")
    return out


def done_refusal(rs: Ruleset[Any], table: ManualTable, s: Any) -> str | None:
    """Why Done of the open step would be refused, None if it would be accepted: the state is
    inconsistent, or the game could not go on from where Done leads (settled quietly here, on
    a copy: ``s`` is not changed)."""
    found = consistency(table, s)
    if found:
        return "Done refused: " + "; ".join(found)
    try:
        after, _ = settled(table, s, True)
    except IllegalIntent as e:  # a resolution part the game cannot carry on (a bad save)
        return str(e)
    return idle(rs, after)


def settled(table: ManualTable, s: Any, quiet: bool) -> tuple[Any, list[Event]]:
    """``s`` after "Done" of its open step (``ManualTable.settle`` on a copy, the step
    closed) and the events of what the game's checks and flow did."""
    step = steps(s)[0]
    after = replaced(s, manual=steps(s)[1:])
    after.begin(quiet)
    table.settle(after, step)
    return after, after.end()


def idle(rs: Ruleset[Any], after: Any) -> str | None:
    """Why ``after`` (where a Done leads) would leave the game stuck: a player to act with no
    legal intent. None if the game is over, a player has a legal intent, or another manual step
    is open (its Roll is always legal)."""
    p = rs.to_act(after)
    if p is None or pending(after) is not None or rs.legal_intents(after):
        return None
    return (f"Done refused: Player {p + 1} would have nothing to do: no move of theirs would "
            "be legal after Done and the game is not over (give back what they need to act)")


def _where(table: ManualTable, pl: Place) -> str:
    if pl.zone == BOARD:
        return f"the board at {spot_label(table, pl.at)}"
    if pl.zone == UNDER:
        return f"under card {pl.at}"
    if pl.zone in table.fixed:
        return f"Player {pl.owner + 1}'s {spot_label(table, pl.at, pl.zone).removeprefix('the ')}"
    return f"Player {pl.owner + 1}'s {table.zone_label(pl.zone)}"


# ---- applying -----------------------------------------------------------------------------
def apply(rs: Ruleset[Any], table: ManualTable, s: Any, intent: Intent,
          quiet: bool) -> tuple[Any, list[Event]]:
    """The state after a manual intent (legal: checked by the caller) and its log events."""
    if isinstance(intent, Freeform):
        step = new_step(s, intent.player, "Freeform", "Designer mode: change anything by hand, "
                        "then Done.", freeform=True)
        s = replaced(s, manual=(step,))
        return s, [] if quiet else [Event(kind="freeform", player=intent.player, text=(
            f"Designer mode: Player {intent.player + 1} switches to freeform."))]
    step = steps(s)[0]
    p = step.player
    before, s = s, s.copy()  # the table's writers change the copy in place
    head = f"Manual ({step.title}): Player {p + 1}"
    events: list[Event] = []

    def log(text: str, **kw: Any) -> None:
        if not quiet:
            events.append(Event(kind="manual", text=f"{head} {text}.", player=p, **kw))

    if isinstance(intent, ManualDone):
        found = consistency(table, s)
        if found:  # a quiet caller trusted a broken state: refuse all the same
            raise IllegalIntent("Done refused: " + "; ".join(found))
        log("is done" if not step.freeform else "ends freeform play")
        s, more = settled(table, s, quiet)
        why = idle(rs, s)
        if why is not None:
            raise IllegalIntent(why)
        return s, events + more
    if isinstance(intent, ManualRoll):
        value, rng = step.rng.die(intent.sides)
        s = _with_step(s, step.model_copy(update={"rng": rng, "roll": value}))
        log(f"rolls a d{intent.sides}: {value}", random=True)
        return s, events
    if isinstance(intent, ManualShuffle):
        pile = table.pile(s, intent.owner, table.deck)
        order, rng = step.rng.shuffled(pile)
        table.with_pile(s, intent.owner, table.deck, order)
        s = _with_step(s, step.model_copy(update={"rng": rng}))
        log(f"shuffles {_whose(p, intent.owner)}{table.zone_label(table.deck)}", random=True)
        return s, events
    if isinstance(intent, ManualCounter):
        spec = next(c for c in table.counters if c.name == intent.counter)
        was = table.counter(s, spec, intent.owner, intent.card)
        table.set_counter(s, spec, intent.owner, intent.card, intent.value)
        if not quiet:
            who = _whose(p, intent.owner) if intent.card < 0 else \
                f"{shown_name(table, s, intent.card)}'s "
            log(f"sets {who}{spec.title} from {was} to {intent.value}")
        return s, events
    if isinstance(intent, ManualFlag):
        apply_flag(table, s, intent, quiet, log)
        return s, events
    assert isinstance(intent, ManualMove)
    here = next(pl for pl in table.places(s) if pl.card == intent.card)
    was_down = intent.card in face_down(s)
    move(table, s, here, intent)
    if was_down and intent.zone not in (BOARD, UNDER):  # out of play, it is turned face up
        set_card_flag(table, s, intent.card, FACE_DOWN, False)
    if intent.face_down:
        set_card_flag(table, s, intent.card, FACE_DOWN, True)
    s = pruned(table, s)  # cards that went with it (a host's attachments) leave play too
    if not quiet:
        there = Place(intent.card, intent.owner, intent.zone, intent.at)
        secret = table.is_hidden(before, here) and table.is_hidden(s, there)
        if was_down:  # named only when it lands face up where both players see it
            secret = intent.zone in (BOARD, UNDER) or table.is_hidden(s, there)
        elif intent.face_down:  # seen on its way only if it was already in sight
            secret = table.is_hidden(before, here)
        name = SECRET_CARD if was_down and secret else "a card" if secret \
            else table.name(before, intent.card)
        reveals = _learn(table, before, here, p, secret)
        if was_down and not secret:
            reveals = tuple(sorted({*reveals, 1 - here.owner}))
        down = ", face down" if intent.face_down else ""
        log(f"puts {name} {_into(table, s, p, intent)}{down}", reveals=reveals)
    return s, events


def move(table: ManualTable, s: Any, here: Place, i: ManualMove) -> None:
    """Take the card from ``here`` and put it where ``i`` says, on ``s`` in place."""
    if here.zone == BOARD:
        table.take_board(s, i.card)
    elif here.zone == UNDER:
        table.take_under(s, i.card, here.at)
    elif here.zone in table.fixed:
        table.take_fixed(s, i.card, here)
    else:
        pile = table.pile(s, here.owner, here.zone)
        table.with_pile(s, here.owner, here.zone, tuple(c for c in pile if c != i.card))
    if i.zone == BOARD:
        table.put_board(s, i.card, i.owner, i.at)
    elif i.zone == UNDER:
        table.put_under(s, i.card, i.at)
    elif i.zone in table.fixed:
        table.put_fixed(s, i.card, i.owner, i.zone, i.at)
    else:
        pile = table.pile(s, i.owner, i.zone)
        last = i.zone in table.top_is_last
        at_end = i.bottom != last  # bottom of a front-topped pile, or top of an end-topped one
        table.with_pile(s, i.owner, i.zone, (*pile, i.card) if at_end else (i.card, *pile))


def _learn(table: ManualTable, s: Any, here: Place, p: int, secret: bool) -> tuple[int, ...]:
    """Who sees a card they did not know when it is taken from ``here`` (undo's information
    barrier): out of a hidden zone the mover does (unless it is their own hand) and, when the
    log names it, the other player too."""
    if not table.is_hidden(s, here):
        return ()
    own_hand = here.zone == "hand" and here.owner == p
    return tuple(x for x in (0, 1) if (x == p and not own_hand) or (x != p and not secret))


def _with_step(s: Any, step: ManualStep) -> Any:
    return replaced(s, manual=(step, *steps(s)[1:]))


def _whose(p: int, owner: int) -> str:
    return "their " if owner == p else f"Player {owner + 1}'s "


def _into(table: ManualTable, s: Any, p: int, i: ManualMove) -> str:
    if i.zone == BOARD:
        return f"onto the board at {spot_label(table, i.at)} for Player {i.owner + 1}"
    if i.zone == UNDER:
        return f"under {shown_name(table, s, i.at)}"
    if i.zone in table.fixed:
        spot = spot_label(table, i.at, i.zone)
        return f"into {spot}" if i.owner == p else \
            f"into {_whose(p, i.owner)}{spot.removeprefix('the ')}"
    where = "the bottom of " if i.bottom else ""
    zone = table.zone_label(i.zone)
    return f"into {where}{'the ' if i.owner == p else _whose(p, i.owner)}{zone}"


def describe(s: Any, intent: Intent, table: ManualTable | None) -> str:
    """A short sentence for menus and buttons."""
    if isinstance(intent, ManualDone):
        return "Done"
    if isinstance(intent, ManualRoll):
        return f"Roll a d{intent.sides}"
    if isinstance(intent, ManualShuffle):
        return f"Shuffle Player {intent.owner + 1}'s deck"
    if isinstance(intent, Freeform):
        return "Freeform (designer)"
    if table is None:
        return intent.label()
    if isinstance(intent, ManualCounter):
        who = f"Player {intent.owner + 1}" if intent.card < 0 else table.name(s, intent.card)
        return f"{who}: {intent.counter} → {intent.value}"
    if isinstance(intent, ManualFlag):
        label = table.flag_label(intent.flag)
        if intent.flag == FACE_DOWN:
            return f"{table.name(s, intent.card)}: turn face {'down' if intent.value else 'up'}"
        return f"{table.name(s, intent.card)}: {'' if intent.value else 'not '}{label}"
    if isinstance(intent, ManualMove):
        down = " face down" if intent.face_down else ""
        return f"{table.name(s, intent.card)} → {_into(table, s, -1, intent)}{down}"
    return intent.label()


def manual_parts(card: Any) -> list[str]:
    """Where a card's data names the ``manual`` effect ("effect", "skills.1.effect"), for the
    pack check's note: read from its JSON form, so every game's card shape is covered."""
    data = card.model_dump(mode="json") if hasattr(card, "model_dump") else card
    out: list[str] = []
    for path, value in leaves(data):
        within, _, key = path.rpartition(".")
        named = key in ("effect", "skill") or (key == "name" and "effects" in within)
        if value == MANUAL and named:
            out.append(path)
    return out
