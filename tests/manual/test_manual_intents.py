"""Each manual intent, its log sentence and its refusals, Done's consistency check and the
designer's freeform switch, on Kyoukai's table (the machinery is the core's; every game's
adapter is exercised by test_every_game.py)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

import rules
from rules.cli.check import check_command
from rules.core.errors import IllegalIntent
from rules.core.manual_intents import (
    Freeform,
    ManualCounter,
    ManualDone,
    ManualFlag,
    ManualMove,
    ManualRoll,
    ManualShuffle,
)
from rules.core.paths import asset
from rules.core.state import replaced
from rules.kyoukai.state import EMPTY, ENTRANT_LIFE, State
from rules.records.session import Session

rs = rules.get("kyoukai")
Reached = dict[str, tuple[Any, dict[str, Any], list[Any]]]


@pytest.fixture
def at_step(reached: Reached) -> State:
    state: State = reached["kyoukai"][0]
    step = rs.manual_pending(state)
    assert step is not None and step.player == 0 and step.title == "Thunder Spear"
    return state


def texts(state: State, intent: Any) -> tuple[State, list[str]]:
    out = rs.apply(state, intent)
    return out.state, [e.text for e in out.events]


def test_a_card_moved_into_the_discard_is_named_in_the_log(at_step: State) -> None:
    card = at_step.players[0].hand[0]
    name = at_step.name(card)
    s, log = texts(at_step, ManualMove(card=card, owner=0, zone="discard"))
    assert log == [f"Manual (Thunder Spear): Player 1 puts {name} into the Discard."]
    assert s.players[0].discard[-1] == card and card not in s.players[0].hand
    # Between two hidden zones the card is not named: the opponent sees "a card".
    s, log = texts(at_step, ManualMove(card=card, owner=0, zone="deck", bottom=True))
    assert log == ["Manual (Thunder Spear): Player 1 puts a card into the bottom of the Deck."]
    assert s.players[0].deck[-1] == card


def test_cards_go_onto_the_board_and_under_another_card(at_step: State) -> None:
    a, b = at_step.players[0].hand[:2]
    free = next(z for z, i in enumerate(at_step.field) if i == EMPTY)
    s, log = texts(at_step, ManualMove(card=a, owner=1, zone="board", at=free))
    assert s.field[free] == a and s.gates[a].owner == 1 and not s.gates[a].ready
    assert "onto the board at" in log[0] and "for Player 2" in log[0]
    s, log = texts(s, ManualMove(card=b, owner=1, zone="under", at=a))
    assert s.gates[a].branches == (b,) and b not in s.players[0].hand
    assert log[0].endswith(f"puts {s.name(b)} under {s.name(a)}.")
    # Taking the host off the board sends what was under it to the Discard (K-17).
    s = rs.apply(s, ManualMove(card=a, owner=0, zone="hand")).state
    assert a not in s.gates and b in s.players[1].discard


def test_counters_and_card_states_change_and_are_logged(at_step: State) -> None:
    ent = at_step.players[1].entrant
    s, log = texts(at_step, ManualCounter(counter="damage", card=ent, value=7))
    assert s.gates[ent].damage == 7
    assert log == [f"Manual (Thunder Spear): Player 1 sets {s.name(ent)}'s Damage from 0 to 7."]
    s, log = texts(s, ManualCounter(counter="ki", owner=1, value=4))
    assert s.players[1].ki == 4 and log[0].endswith("sets Player 2's Ki from "
                                                    f"{at_step.players[1].ki} to 4.")
    was = s.gates[ent].ready
    s, log = texts(s, ManualFlag(card=ent, flag="ready", value=not was))
    assert s.gates[ent].ready is (not was)


def test_shuffle_and_roll_use_the_steps_own_dice(at_step: State) -> None:
    out = rs.apply(at_step, ManualShuffle(owner=1))
    deck = out.state.players[1].deck
    assert sorted(deck) == sorted(at_step.players[1].deck) and deck != at_step.players[1].deck
    assert out.events[0].random and "shuffles Player 2's Deck" in out.events[0].text
    assert rs.apply(at_step, ManualShuffle(owner=1)).state.players[1].deck == deck  # seeded
    assert out.state.rng == at_step.rng  # the game's own generator is not drawn from
    first = rs.apply(at_step, ManualRoll(sides=6))
    second = rs.apply(first.state, ManualRoll(sides=6))
    rolls = [rs.manual_pending(x.state).roll for x in (first, second)]  # type: ignore[union-attr]
    assert all(1 <= r <= 6 for r in rolls)
    assert first.events[0].text == f"Manual (Thunder Spear): Player 1 rolls a d6: {rolls[0]}."
    with pytest.raises(IllegalIntent, match="not 7"):
        rs.apply(at_step, ManualRoll(sides=7))


def test_refused_manual_intents_say_why(at_step: State) -> None:
    card = at_step.players[0].hand[0]
    taken = next(z for z, i in enumerate(at_step.field) if i != EMPTY)
    cases = [
        (ManualMove(card=card, owner=0, zone="board", at=taken), "is not a free place"),
        (ManualMove(card=card, owner=0, zone="graveyard"), "'graveyard' is not a zone here"),
        (ManualMove(card=card, owner=0, zone="under", at=card), "is not another card on the"),
        (ManualMove(card=999, owner=0, zone="hand"), "card 999 is not in the game"),
        (ManualCounter(counter="ki", owner=0, value=-1), "Ki must stay between 0 and 99"),
        (ManualCounter(counter="damage", card=card, value=1), "has no Damage where it is"),
        (ManualCounter(counter="life", owner=0, value=1), "'life' is not a counter here"),
        (ManualFlag(card=card, flag="ready", value=True), "cannot be ready where it is"),
        (Freeform(player=0), "already open"),
    ]
    for intent, reason in cases:
        with pytest.raises(IllegalIntent, match=reason):
            rs.apply(at_step, intent)
        assert rs.legal_intents(at_step, intent.__dict__.get("card")) is not None


def test_done_refuses_a_broken_state_naming_what_is_wrong(at_step: State) -> None:
    ent = at_step.players[0].entrant
    off = rs.apply(at_step, ManualMove(card=ent, owner=0, zone="hand")).state
    with pytest.raises(IllegalIntent, match="Done refused: Player 1's Entrant .* must stay on "
                       "the field"):
        rs.apply(off, ManualDone())
    card = at_step.players[0].hand[0]
    twice = at_step.copy()
    twice.player(0).discard.append(card)
    with pytest.raises(IllegalIntent, match=rf"{twice.name(card)} is in 2 places \(Player 1's "
                       r"Hand, Player 1's Discard\)"):
        rs.apply(twice, ManualDone())
    with pytest.raises(IllegalIntent, match="Done refused"):  # a quiet caller is refused too
        rs.apply(twice, ManualDone(), quiet=True)
    low = at_step.copy()
    low.player(0).ki = -2
    with pytest.raises(IllegalIntent, match="Player 1's Ki is -2; it must be 0-99"):
        rs.apply(low, ManualDone())


def test_done_checks_the_win_conditions_again(at_step: State) -> None:
    ent = at_step.players[1].entrant
    s = rs.apply(at_step, ManualCounter(counter="damage", card=ent, value=ENTRANT_LIFE)).state
    assert s.winner is None  # not while the step is open
    out = rs.apply(s, ManualDone())
    assert out.state.winner == 0 and rs.to_act(out.state) is None
    assert out.events[-1].text.endswith("Player 1 wins!")


def test_undo_and_redo_take_manual_intents_back(reached: Reached, tmp_path: Path) -> None:
    state, opts, intents = reached["kyoukai"]
    autosave = tmp_path / "auto.json"
    session = Session.new("kyoukai", opts["seed"], {"pack": opts["pack"]}, autosave=autosave)
    for i in intents:
        session.apply(i)
    card = session.state.players[0].hand[0]
    session.apply(ManualMove(card=card, owner=0, zone="discard"))
    moved = rs.dump(session.state)
    assert autosave.exists() and "manual_move" in autosave.read_text()
    session.undo(0)
    assert rs.dump(session.state) == rs.dump(state)
    session.redo()
    assert rs.dump(session.state) == moved
    again, _ = Session.resume(autosave)
    assert rs.dump(again.state) == moved


def test_designer_mode_adds_a_freeform_switch_for_either_player() -> None:
    plain = rs.new_game(2)
    with pytest.raises(IllegalIntent, match="designer mode"):
        rs.apply(plain, Freeform(player=1))
    assert not any(i.kind == "freeform" for i in rs.legal_intents(plain))
    s = rs.new_game(2, {"designer": True})
    out = rs.apply(s, Freeform(player=1))
    step = rs.manual_pending(out.state)
    assert step is not None and step.freeform and rs.to_act(out.state) == 1
    assert out.events[0].text == "Designer mode: Player 2 switches to freeform."
    ent = s.players[0].entrant
    fixed = rs.apply(out.state, ManualCounter(counter="damage", card=ent, value=3)).state
    back = rs.apply(fixed, ManualDone())
    assert back.events[0].text == "Manual (Freeform): Player 2 ends freeform play."
    assert rs.to_act(back.state) == rs.to_act(s) and back.state.gates[ent].damage == 3


def test_the_pack_check_lists_manual_cards_as_a_note(manual_packs: dict[str, Path]) -> None:
    for game, n, where in (("kyoukai", 2, "Thunder Snap (effect)"),
                           ("krosmaster", 1, "Thunder Brawler (spells.0.effects.0.name, "
                                            "spells.1.effects.0.name)"),
                           ("dreadnought", 1, "Tinker Drone (abilities.0.effect)")):
        out = io.StringIO()
        assert check_command(manual_packs[game], game, out) == 0
        lines = out.getvalue().splitlines()
        assert lines[0].endswith(": ok") and len(lines) == 2
        assert lines[1].startswith(f"note: {n} card{'s' * (n > 1)} with a manual effect "
                                   "(carried out by hand at the table): ")
        assert where in lines[1]
    shipped = io.StringIO()  # the shipped packs have no manual card: no note
    assert check_command(asset("packs", "kyoukai"), "kyoukai", shipped) == 0
    assert "note:" not in shipped.getvalue()


def test_a_manual_step_pauses_the_sequence_until_done(manual_packs: dict[str, Path]) -> None:
    """Thunder Snap answers Thunder Spear: the Snap resolves first (by hand, for Player 2),
    the Spear waits on the Sequence until Done, then resolves (by hand, for Player 1)."""
    s = rs.new_game(1, {"pack": str(manual_packs["kyoukai"])})
    spear, snap = s.players[0].hand[0], s.players[1].hand[0]
    s = replaced(s, cards={**s.cards, spear: "thunder_spear", snap: "thunder_snap"})
    s = rs.apply(s, rs.scenario_intent(s, {"kind": "open", "card": spear})).state
    s = rs.apply(s, rs.scenario_intent(s, {"kind": "open", "card": snap})).state
    while rs.manual_pending(s) is None:
        s = rs.apply(s, rs.legal_intents(s)[0]).state  # both pass
    step = rs.manual_pending(s)
    assert step is not None and (step.title, step.player) == ("Thunder Snap", 1)
    assert s.seq is not None and len(s.seq.stack) == 1  # the Spear waits
    out = rs.apply(s, ManualDone())
    step = rs.manual_pending(out.state)
    assert step is not None and (step.title, step.player) == ("Thunder Spear", 0)
    assert [e.text for e in out.events][:2] == [
        "Manual (Thunder Snap): Player 2 is done.",
        "Manual (Thunder Spear): Player 1 carries it out by hand."]
    assert rs.dump(rs.apply(s, ManualDone(), quiet=True).state) == rs.dump(out.state)


def test_moves_out_of_hidden_zones_mark_who_sees_the_card(at_step: State) -> None:
    """Undo's information barrier: the mover sees a card taken from their deck; a card of
    their own hand put into the Discard is news to the opponent only."""
    top = at_step.players[0].deck[0]
    drawn = rs.apply(at_step, ManualMove(card=top, owner=0, zone="hand")).events[0]
    assert drawn.reveals == (0,) and "a card" in drawn.text
    card = at_step.players[0].hand[0]
    shown = rs.apply(at_step, ManualMove(card=card, owner=0, zone="discard")).events[0]
    assert shown.reveals == (1,)
    ent = at_step.players[1].entrant
    public = rs.apply(at_step, ManualCounter(counter="damage", card=ent, value=1)).events[0]
    assert public.reveals == ()
