"""Card states in a manual step: each game's own (``ManualTable.flags``: ready, acted…) and
"face down", which the core keeps for every game in the State's ``face_down`` field.

A card is face down only in play (on the board or under a card on it). Its owner sees it; the
other player's view masks it (``hide_face_down``, through the game's ``ManualTable.hide``), the
log names it by its place (``shown_name``, ``unnamed`` for the game's own sentences), and it is
turned face up when it leaves play (``pruned``, after every intent of a state that has one).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from rules.core.manual_intents import ManualFlag
from rules.core.manual_table import BOARD, FACE_DOWN, UNDER, ManualTable, Place
from rules.core.model import Event
from rules.core.state import has_field, replaced


def card_flags(table: ManualTable) -> tuple[str, ...]:
    """The card states a manual step may set: the game's own, then "face down" (every game
    whose view can mask a card)."""
    return (*table.flags, FACE_DOWN) if table.hidden_card is not None else table.flags


def face_down(s: Any) -> tuple[int, ...]:
    """The cards put face down by hand (the State's ``face_down`` field), sorted."""
    return getattr(s, "face_down", None) or ()


def flag_value(table: ManualTable, s: Any, here: Place, flag: str) -> bool | None:
    """The card state's value for the card lying at ``here``; None if it cannot have it
    there. A card is face down only in play: on the board or under a card on it."""
    if flag != FACE_DOWN:
        return table.flag(s, here.card, flag)
    if here.zone not in (BOARD, UNDER) or not can_face_down(table, s):
        return None
    return here.card in face_down(s)


def can_face_down(table: ManualTable, s: Any) -> bool:
    """Whether a card may be face down in this game: its view can mask a card and its State
    keeps them (a ``face_down`` field)."""
    return table.hidden_card is not None and has_field(s, "face_down")


def set_card_flag(table: ManualTable, s: Any, card: int, flag: str, value: bool) -> None:
    """Set a card state on ``s`` in place (a copy the caller owns)."""
    if flag != FACE_DOWN:
        table.set_flag(s, card, flag, value)
        return
    down = set(face_down(s))
    (down.add if value else down.discard)(card)
    s.face_down = tuple(sorted(down))


def in_play(table: ManualTable, s: Any) -> dict[int, Place]:
    """The cards on the board or under one, by card (where a face-down card may lie)."""
    return {pl.card: pl for pl in table.places(s) if pl.zone in (BOARD, UNDER)}


def pruned(table: ManualTable, s: Any) -> Any:
    """``s`` with the face-down mark taken off every card no longer in play: a card leaving
    the board is turned face up, so it comes back face up if it ever returns."""
    down = face_down(s)
    if not down:
        return s
    here = in_play(table, s)
    keep = tuple(c for c in down if c in here)
    return s if keep == down else replaced(s, face_down=keep)


def hide_face_down(table: ManualTable, state: Any, view: Any, player: int | None) -> Any:
    """``view`` (``player``'s, of ``state``) with the other player's face-down cards masked
    (a spectator's, ``None``: both players')."""
    here = in_play(table, state)
    theirs = [c for c in face_down(state) if c in here and here[c].owner != player]
    return _steps_unnamed(table.hide(view, theirs), set(theirs)) if theirs else view


SECRET_CARD = "a face-down card"
SECRET_TEXT = "The card whose effect this is lies face down: its text is not shown."


def _steps_unnamed(view: Any, cards: set[int]) -> Any:
    """``view`` with each open manual step of one of ``cards`` (face down, masked in this
    view) showing neither the card's name as its title nor the card's text: either would
    tell which card the step's (renamed) card number is."""
    got = getattr(view, "manual", None)
    if not got or not any(step.card in cards for step in got):
        return view
    return replaced(view, manual=tuple(
        replaced(step, title=SECRET_CARD, text=SECRET_TEXT) if step.card in cards else step
        for step in got))


def unnamed(table: ManualTable, s: Any, events: list[Event]) -> list[Event]:
    """``events`` (a game's own, after an intent) with the names of the cards face down in
    ``s`` replaced: both players read the log. A public card of the same name is unnamed too
    (the sentence cannot tell them apart); a card that left play with the intent is named."""
    names = sorted({table.name(s, c) for c in face_down(s)}, key=len, reverse=True)
    if not names or not events:
        return events
    out = []
    for e in events:
        text = e.text
        for name in names:
            text = text.replace(name, SECRET_CARD)
        # (a line now starting "a face-down card" is capitalised by the Event, as every line)
        out.append(e if text == e.text else replace(e, text=text))
    return out


def shown_name(table: ManualTable, s: Any, card: int) -> str:
    """A card's name for the log, which both players read: a face-down card (or one the game
    keeps secret where it lies, a Closed one) is not named."""
    if card in face_down(s):
        return SECRET_CARD
    here = next((pl for pl in table.places(s) if pl.card == card), None)
    return SECRET_CARD if here is not None and table.is_hidden(s, here) else table.name(s, card)


def named(table: ManualTable, s: Any, card: int) -> str:
    """A card's name in a reason, which the player carrying out the step reads: not the other
    player's face-down card."""
    return SECRET_CARD if card in face_down(s) else table.name(s, card)


def why_flag(table: ManualTable, s: Any, places: dict[int, Place], i: ManualFlag) -> str | None:
    flags = card_flags(table)
    if i.flag not in flags:
        return f"{i.flag!r} is not a card state here " \
               f"({', '.join(f'{f} ({table.flag_label(f)})' for f in flags)})"
    label = table.flag_label(i.flag)
    if i.card not in places:
        return f"card {i.card} is not in the game"
    # The player may be probing the other's face-down card: the reason does not name it.
    name = named(table, s, i.card)
    value = flag_value(table, s, places[i.card], i.flag)
    if value is None:
        where = " (only a card on the board or under one can)" if i.flag == FACE_DOWN else ""
        return f"{name} cannot be {label} where it is{where}"
    if value == i.value:
        return f"{name} is already {'' if value else 'not '}{label}"
    return None


def apply_flag(table: ManualTable, s: Any, i: ManualFlag, quiet: bool,
                log: Callable[..., None]) -> None:
    """Set a card state on ``s`` in place. Turning a card face down does not name it (the
    other player may not follow it from now on); turning it face up does, and shows it to the
    other player."""
    before = "" if quiet else shown_name(table, s, i.card)
    set_card_flag(table, s, i.card, i.flag, i.value)
    if quiet:
        return
    here = next(pl for pl in table.places(s) if pl.card == i.card)
    after = shown_name(table, s, i.card)
    shown = (1 - here.owner,) if before == SECRET_CARD != after else ()
    if i.flag == FACE_DOWN:
        if i.value:
            log(f"turns {which(table, s, here)} face down")
        else:
            log(f"turns {after} face up", reveals=shown)
    else:
        log(f"sets {after} {'' if i.value else 'not '}{table.flag_label(i.flag)}", reveals=shown)


def which(table: ManualTable, s: Any, here: Place) -> str:
    """A card in play named by where it lies, not by what it is."""
    if here.zone == UNDER:
        return f"the card under {shown_name(table, s, here.at)}"
    return f"Player {here.owner + 1}'s card at {table.spot_label(here.at)}"
