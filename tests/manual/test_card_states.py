"""Card states in a manual step, in every shipped game: each game's own states (ready, acted,
checked…) and "face down", which the core keeps for all of them. A face-down card is shown to
its owner, masked in the other player's view (and so for the computer players) and not named
in the log; turning it face up names it."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import rules
from rules.agents import Budget, GreedyAgent, SearchAgent
from rules.core import card_states
from rules.core.errors import IllegalIntent
from rules.core.manual_intents import ManualDone, ManualFlag, ManualMove, ManualRoll
from rules.core.manual_table import BOARD, FACE_DOWN, UNDER, ManualTable, Place
from rules.core.model import Event, Intent
from rules.core.state import replaced
from tests.manual.helpers import GAMES

Reached = dict[str, tuple[Any, dict[str, Any], list[Intent]]]


def _table(rs: Any) -> ManualTable:
    table = rs.manual_table
    assert table is not None
    return table


def _holder(table: ManualTable, s: Any, flag: str, owner: int | None = None) -> Place | None:
    """A card that can have ``flag`` now (of ``owner`` if given)."""
    return next((pl for pl in table.places(s)
                 if card_states.flag_value(table, s, pl, flag) is not None
                 and owner in (None, pl.owner)), None)


def with_holder(rs: Any, s: Any, flag: str, owner: int | None = None) -> tuple[Any, Place]:
    """``s`` or, if no card can have ``flag`` there, ``s`` after a legal manual move that puts
    a card where it can (onto the board, into a fixed zone)."""
    table = _table(rs)
    here = _holder(table, s, flag, owner)
    if here is not None:
        return s, here
    for pl in table.places(s):
        for i in rs.legal_intents(s, pl.card):
            if isinstance(i, ManualMove) and not i.face_down and (
                    i.zone == BOARD or i.zone in table.fixed) and owner in (None, i.owner):
                after = rs.apply(s, i).state
                here = _holder(table, after, flag, owner)
                if here is not None:
                    return after, here
    raise AssertionError(f"{rs.name}: no card can be {flag}")


@pytest.mark.parametrize("game", GAMES)
def test_every_card_state_is_set_and_cleared_loud_and_quiet(game: str, reached: Reached) -> None:
    rs = rules.get(game)
    table = _table(rs)
    state = reached[game][0]
    step = rs.manual_pending(state)
    assert step is not None
    flags = card_states.card_flags(table)
    assert flags[-1] == FACE_DOWN and len(flags) >= 2  # the game's own states, then face down
    for flag in flags:
        s, here = with_holder(rs, state, flag)
        was = card_states.flag_value(table, s, here, flag)
        assert ManualFlag(card=here.card, flag=flag, value=not was) in \
            rs.legal_intents(s, here.card)
        for value in (not was, was):  # set, then back
            intent = ManualFlag(card=here.card, flag=flag, value=bool(value))
            loud = rs.apply(s, intent)
            quiet = rs.apply(s, intent, quiet=True)
            assert rs.dump(loud.state) == rs.dump(quiet.state), intent
            now = next(pl for pl in table.places(loud.state) if pl.card == here.card)
            assert card_states.flag_value(table, loud.state, now, flag) is value
            text = loud.events[0].text
            assert text.startswith(f"Manual ({step.title}): Player {step.player + 1} ")
            if flag == FACE_DOWN:
                assert ("face down" if value else "face up") in text
            else:
                assert table.flag_label(flag) in text
            s = loud.state
        assert rs.dump(rs.load(rs.dump(s))) == rs.dump(s)


@pytest.mark.parametrize("game", GAMES)
def test_refused_card_states_name_the_card_and_the_state(game: str, reached: Reached) -> None:
    rs = rules.get(game)
    table = _table(rs)
    state = reached[game][0]
    for flag in card_states.card_flags(table):
        s, here = with_holder(rs, state, flag)
        name, label = table.name(s, here.card), table.flag_label(flag)
        value = card_states.flag_value(table, s, here, flag)
        already = f"{name} is already {'' if value else 'not '}{label}"
        with pytest.raises(IllegalIntent, match=re.escape(already)):
            rs.apply(s, ManualFlag(card=here.card, flag=flag, value=bool(value)))
        cannot = next((pl for pl in table.places(s)
                       if card_states.flag_value(table, s, pl, flag) is None), None)
        if cannot is not None:
            why = f"{table.name(s, cannot.card)} cannot be {label} where it is"
            with pytest.raises(IllegalIntent, match=re.escape(why)):
                rs.apply(s, ManualFlag(card=cannot.card, flag=flag, value=True))
            assert not any(isinstance(i, ManualFlag) and i.flag == flag
                           for i in rs.legal_intents(s, cannot.card))
    card = table.places(state)[0].card
    with pytest.raises(IllegalIntent, match=r"'sideways' is not a card state here \(.*"
                                             r"face_down \(face down\)\)"):
        rs.apply(state, ManualFlag(card=card, flag="sideways", value=True))


def _face_down_pair(rs: Any, state: Any) -> tuple[Any, dict[int, int]]:
    """``state`` with one card in play of each player face down: card -> owner."""
    table = _table(rs)
    out: dict[int, int] = {}
    for owner in (0, 1):
        state, here = with_holder(rs, state, FACE_DOWN, owner)
        state = rs.apply(state, ManualFlag(card=here.card, flag=FACE_DOWN, value=True)).state
        out[here.card] = owner
    assert set(card_states.face_down(state)) == set(out)
    assert all(pl.zone in (BOARD, UNDER) for pl in table.places(state) if pl.card in out)
    return state, out


@pytest.mark.parametrize("game", GAMES)
def test_a_face_down_card_is_masked_for_the_other_player_only(game: str,
                                                               reached: Reached) -> None:
    rs = rules.get(game)
    table = _table(rs)
    state, down = _face_down_pair(rs, reached[game][0])
    for card, owner in down.items():
        name = table.name(state, card)
        assert table.name(rs.view(state, owner), card) == name
        hidden = rs.view(state, 1 - owner)
        assert table.name(hidden, card) != name
        # Masked as the game masks its other hidden cards: the same name as a hidden one.
        assert table.name(table.hide(rs._view(state, 1 - owner), [card]), card) == \
            table.name(hidden, card)
        assert rs.view(hidden, 1 - owner) == hidden  # a view of a view hides no more


@pytest.mark.parametrize("game", GAMES)
def test_the_log_does_not_name_a_face_down_card_until_it_is_turned_up(
        game: str, reached: Reached) -> None:
    rs = rules.get(game)
    table = _table(rs)
    state = reached[game][0]
    state, here = with_holder(rs, state, FACE_DOWN)
    name = table.name(state, here.card)
    down = rs.apply(state, ManualFlag(card=here.card, flag=FACE_DOWN, value=True))
    text = down.events[0].text
    assert name not in text and text.endswith(" face down.")
    assert f"turns Player {here.owner + 1}'s card at " in text or "turns the card under" in text
    with pytest.raises(IllegalIntent, match="^a face-down card is already face down$"):
        rs.apply(down.state, ManualFlag(card=here.card, flag=FACE_DOWN, value=True))
    for intent in rs.legal_intents(down.state, here.card):  # what may be done with it now
        out = rs.apply(down.state, intent)
        assert rs.dump(out.state) == rs.dump(rs.apply(down.state, intent, quiet=True).state)
        text = out.events[0].text
        up = isinstance(intent, ManualFlag) and intent.flag == FACE_DOWN
        public = isinstance(intent, ManualMove) and intent.zone not in (BOARD, UNDER) and \
            not table.is_hidden(out.state, Place(here.card, intent.owner, intent.zone, intent.at))
        if up or public:  # face up, or out of play where both players see it: named
            assert name in text and 1 - here.owner in out.events[0].reveals, intent
            assert here.card not in card_states.face_down(out.state)
        else:
            assert name not in text.replace(table.name(out.state, intent.__dict__.get("at", -1))
                                            if isinstance(intent, ManualMove)
                                            and intent.zone == UNDER else "\0", ""), intent


@pytest.mark.parametrize("game", GAMES)
def test_a_card_is_put_into_play_face_down_without_being_named(game: str,
                                                                reached: Reached) -> None:
    rs = rules.get(game)
    table = _table(rs)
    state = reached[game][0]
    moves = [i for pl in table.places(state) if table.is_hidden(state, pl)
             for i in rs.legal_intents(state, pl.card)
             if isinstance(i, ManualMove) and i.face_down]
    if not moves:
        pytest.skip(f"{game} has no hidden card to put into play here")
    move = moves[0]
    out = rs.apply(state, move)
    assert table.name(state, move.card) not in out.events[0].text
    assert out.events[0].text.endswith(", face down.")
    assert set(out.events[0].reveals) <= {rs.to_act(state)}  # only the mover may learn it
    assert card_states.face_down(out.state) == (move.card,)
    assert table.name(rs.view(out.state, 1 - move.owner), move.card) != \
        table.name(out.state, move.card)


@pytest.mark.parametrize("game", GAMES)
def test_computer_players_never_see_a_face_down_card(game: str, reached: Reached,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """After Done, the player to act gets the view with the other's face-down card masked:
    the greedy agent scores states made from it, the search agent deals from it (and then
    scores its deals, where the card has a name drawn at random: a guess, not a peek)."""
    rs = rules.get(game)
    table = _table(rs)
    state, down = _face_down_pair(rs, reached[game][0])
    state = rs.apply(state, ManualDone()).state
    p = rs.to_act(state)
    if p is None or rs.manual_pending(state) is not None:
        pytest.skip("the game did not go on enforced")
    theirs = [c for c, owner in down.items() if owner != p and c in card_states.face_down(state)]
    if not theirs:
        pytest.skip("the face-down card left play with Done")
    card = theirs[0]
    real = table.name(state, card)
    masked = table.name(rs.view(state, p), card)
    assert masked != real
    seen: list[Any] = []
    lookahead, determinize = rs.lookahead, rs.determinize

    def spy_lookahead(s: Any, intent: Intent, player: int) -> float:
        seen.append(s)
        return float(lookahead(s, intent, player))

    def spy_determinize(view: Any, player: int, rng: random.Random, options: Any = None) -> Any:
        seen.append(view)
        return determinize(view, player, rng, options)

    monkeypatch.setattr(rs, "lookahead", spy_lookahead)
    monkeypatch.setattr(rs, "determinize", spy_determinize)
    legal = rs.legal_intents(state)
    view = rs.view(state, p)
    assert GreedyAgent(1).choose(rs, view, legal) in legal
    monkeypatch.setattr(rs, "lookahead", lookahead)  # the search scores its deals too
    assert SearchAgent(1, budget=Budget(iterations=8)).choose(rs, view, legal) in legal
    assert seen
    assert all(table.name(s, card) == masked for s in seen)


@pytest.mark.parametrize("game", GAMES)
def test_a_face_down_card_leaving_play_is_turned_face_up(game: str, reached: Reached) -> None:
    """By hand (a move to a pile) and by the game's own play (the mark goes with it)."""
    rs = rules.get(game)
    table = _table(rs)
    state, down = _face_down_pair(rs, reached[game][0])
    card = next(iter(down))
    pile = next(i for i in rs.legal_intents(state, card)
                if isinstance(i, ManualMove) and i.zone in table.piles)
    out = rs.apply(state, pile).state
    assert card not in card_states.face_down(out)
    back = next(i for i in rs.legal_intents(out, card)
                if isinstance(i, ManualMove) and i.zone == BOARD and not i.face_down)
    assert card not in card_states.face_down(rs.apply(out, back).state)  # it comes back face up
    # A state whose mark names a card no longer in play (as the game's own play leaves it)
    # loses it with the next intent, loud or quiet.
    stale = replaced(out, face_down=(card,))
    for quiet in (False, True):
        assert card not in card_states.face_down(rs.apply(stale, ManualRoll(), quiet=quiet).state)
    start = reached[game][0]
    if not any(pl.zone in table.piles for pl in table.places(start)):
        # Every card is in play (Krosmaster's figures): one is knocked out by hand first.
        start = rs.apply(start, next(
            i for pl in table.places(start) for i in rs.legal_intents(start, pl.card)
            if isinstance(i, ManualMove) and i.zone in table.piles)).state
    done = rs.apply(start, ManualDone()).state
    if rs.to_act(done) is None or rs.manual_pending(done) is not None:
        return
    gone = next(pl.card for pl in table.places(done) if pl.zone in table.piles)
    stale = replaced(done, face_down=(gone,))
    for quiet in (False, True):
        after = rs.apply(stale, rs.legal_intents(stale)[0], quiet=quiet).state
        assert card_states.face_down(after) == ()


@pytest.mark.parametrize("game", GAMES)
def test_a_record_with_face_down_cards_replays(game: str, reached: Reached) -> None:
    rs = rules.get(game)
    state, opts, intents = reached[game]
    s, here = with_holder(rs, state, FACE_DOWN)
    extra: list[Intent] = []
    if s is not state:  # the move that put a card where it can be face down
        extra.append(next(i for i in rs.legal_intents(state, here.card)
                          if rs.dump(rs.apply(state, i).state) == rs.dump(s)))
    extra += [ManualFlag(card=here.card, flag=FACE_DOWN, value=True), ManualDone()]
    for i in extra:
        state = rs.apply(state, i).state
    again = rs.new_game(opts["seed"], {"pack": opts["pack"]})
    for text in [json.dumps(i.to_json()) for i in intents + extra]:
        again = rs.apply(again, rs.parse_intent(text)).state
    assert rs.dump(again) == rs.dump(state)


@pytest.mark.parametrize("game", GAMES)
def test_the_games_own_log_does_not_name_a_face_down_card(game: str, reached: Reached,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the game's own code writes while the card is face down (an attack, a
    Skill...), both players read it without the card's name; once it has left play, with."""
    rs = rules.get(game)
    table = _table(rs)
    state, down = _face_down_pair(rs, reached[game][0])
    state = rs.apply(state, ManualDone()).state
    if rs.to_act(state) is None or rs.manual_pending(state) is not None:
        pytest.skip("the game did not go on enforced")
    still = [c for c in down if c in card_states.face_down(state)]
    if not still:
        pytest.skip("the face-down cards left play with Done")
    card = still[0]
    name = table.name(state, card)
    said = [Event(kind="attack", text=f"{name} attacks {name}'s neighbour.")]
    monkeypatch.setattr(rs, "_apply", lambda s, i, quiet=False: (s, list(said)))
    out = rs.apply(state, rs.legal_intents(state)[0])
    assert out.events[0].text == "A face-down card attacks a face-down card's neighbour."
    gone = replaced(state, face_down=())  # turned up: named again
    assert rs.apply(gone, rs.legal_intents(gone)[0]).events[0].text == said[0].text


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_move_does_not_name_a_face_down_card(game: str, reached: Reached) -> None:
    rs = rules.get(game)
    state, down = _face_down_pair(rs, reached[game][0])
    card = next(iter(down))
    name = _table(rs).name(state, card)
    with pytest.raises(IllegalIntent, match="^a face-down card cannot be face down there") as e:
        rs.apply(state, ManualMove(card=card, owner=0, zone=_table(rs).piles[0], face_down=True))
    assert name not in str(e.value)
