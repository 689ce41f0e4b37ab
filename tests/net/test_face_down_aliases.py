"""A card put face down by hand in a manual step (Kyoukai, BOS, Nullshapers) carries each
seat's own numbers at the network edge where it lies on the table, as a hidden hand card does:
a card seen face up and turned face down is not recognised by the other seat, and which
instance a face-down card is changes nothing it is sent."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rules.core.manual_intents import ManualFlag, ManualMove
from rules.core.manual_table import BOARD, FACE_DOWN
from rules.core.state import replaced
from rules.net.aliases import ALIAS_LOW, Aliases
from rules.net.host import Host
from rules.records.session import Session
from tests.manual.helpers import manual_pack, reach_manual
from tests.net.wiring import CODE

GAMES = ("kyoukai", "bos", "nullshapers")


def _host(game: str, tmp_path: Path) -> Host:
    """A host whose game has a manual step open."""
    _, opts, intents = reach_manual(game, manual_pack(game, tmp_path))
    session = Session.new(game, opts["seed"], {"pack": opts["pack"]})
    for i in intents:
        session.apply(i)
    return Host(session, CODE, rng=random.Random(1))


def _player(rs: Any, s: Any) -> int:
    step = rs.manual_pending(s)
    assert step is not None
    return int(step.player)


def _onto_board(rs: Any, s: Any, card: int, face_down: bool, owner: int) -> ManualMove:
    """A legal manual move of ``card`` onto ``owner``'s side of the board, face down or up."""
    moves = [i for i in rs.legal_intents(s, card)
             if isinstance(i, ManualMove) and i.zone == BOARD and i.face_down == face_down
             and i.owner == owner]
    assert moves, f"card {card} has no move onto the board"
    return moves[0]


def _as(i: ManualMove, card: int) -> ManualMove:
    return ManualMove(card=card, owner=i.owner, zone=i.zone, at=i.at, bottom=i.bottom,
                      face_down=i.face_down)


def _twins(rs: Any, s: Any, owner: int) -> tuple[Any, int, int]:
    """``s`` and two cards of the same kind in one of ``owner``'s zones hidden from the other
    seat (a hand, a deck, a castle…) that the manual step may put on the board. With no two
    alike, the second is made a copy of the first: only which instance is which differs."""
    table = rs.manual_table
    movable = [pl for pl in table.places(s) if pl.owner == owner
               and table.is_hidden(s, pl) and pl.zone != BOARD
               and any(isinstance(i, ManualMove) and i.zone == BOARD and i.owner == owner
                       for i in rs.legal_intents(s, pl.card))]
    zone = Counter(pl.zone for pl in movable).most_common(1)[0][0]
    cards = [pl.card for pl in movable if pl.zone == zone]
    kinds = Counter(table.name(s, c) for c in cards)
    name = next((n for n, k in kinds.items() if k >= 2), None)
    if name is None:
        a, b = cards[:2]
        return replaced(s, cards={**s.cards, b: s.cards[a]}), a, b
    a, b = [c for c in cards if table.name(s, c) == name][:2]
    return s, a, b


def _face_down_twins(game: str, tmp_path: Path) -> tuple[Host, Any, int, int, int, ManualMove]:
    """A host at a manual step, its state, the deciding player, two twin cards (``_twins``)
    and the manual move putting the first of them face down on that player's board."""
    host = _host(game, tmp_path)
    owner = _player(host.rs, host.state)
    s, a, b = _twins(host.rs, host.state, owner)
    return host, s, owner, a, b, _onto_board(host.rs, s, a, True, owner)


def _sent_alike(host: Host, s: Any, owner: int, first: ManualMove, twins: tuple[int, int],
                change: Callable[[Any, int], Any]) -> Any:
    """What the other seat is sent with each twin face down on the board and then named by
    ``change(state, twin)``: the same bytes either way (asserted), parsed."""
    sent = []
    for x in twins:
        t = change(host.rs.apply(s, _as(first, x)).state, x)
        sent.append(host.seat_doc(t, 1 - owner, Aliases(random.Random(7))))
    assert sent[0] == sent[1]
    return json.loads(sent[0])


@pytest.mark.parametrize("game", GAMES)
def test_swapping_which_card_a_face_down_and_a_hidden_card_are_changes_no_byte_sent(
        game: str, tmp_path: Path) -> None:
    host, s, owner, a, b, first = _face_down_twins(game, tmp_path)
    rs = host.rs
    sent = []
    for x, y in ((a, b), (b, a)):  # x face down on the board, y where it was (hidden)
        t = rs.apply(s, _as(first, x)).state
        assert x in t.face_down and y not in t.face_down
        sent.append(host.seat_doc(t, 1 - owner, Aliases(random.Random(7))))
    assert sent[0] == sent[1]
    doc = json.loads(sent[0])
    assert not {str(a), str(b)} & set(doc["cards"])  # nor the host's numbers


@pytest.mark.parametrize("game", GAMES)
def test_a_card_seen_face_up_and_turned_face_down_gets_a_number_not_seen(
        game: str, tmp_path: Path) -> None:
    host = _host(game, tmp_path)
    rs, s = host.rs, host.state
    owner = _player(rs, s)
    aliases = Aliases(random.Random(3))
    s, card, _ = _twins(rs, s, owner)
    up = rs.apply(s, _onto_board(rs, s, card, False, owner)).state
    seen = json.loads(host.seat_doc(up, 1 - owner, aliases))
    assert str(card) in seen["cards"]  # face up: its number is public
    down = rs.apply(up, ManualFlag(card=card, flag=FACE_DOWN, value=True)).state
    assert card in down.face_down
    doc = json.loads(host.seat_doc(down, 1 - owner, aliases))
    assert str(card) not in doc["cards"]
    assert card not in doc["face_down"]
    fresh = {int(k) for k in doc["cards"]} - {int(k) for k in seen["cards"]}
    assert len(fresh) == 1 and min(fresh) >= ALIAS_LOW
    assert fresh <= set(doc["face_down"])  # the face-down mark follows the alias
    assert not fresh & _numbers(seen)


def _numbers(doc: Any) -> set[int]:
    if isinstance(doc, dict):
        return {int(k) for k in doc if k.lstrip("-").isdigit()} | \
            {n for v in doc.values() for n in _numbers(v)}
    if isinstance(doc, list):
        return {n for v in doc for n in _numbers(v)}
    return {doc} if isinstance(doc, int) and not isinstance(doc, bool) else set()



def test_a_face_down_gate_named_by_the_turn_the_sequence_and_a_choice_keeps_its_alias(
        tmp_path: Path) -> None:
    """Kyoukai: a face-down Gate that acts this turn, stands in the open Sequence or is one of
    a pending choice's options is named there by the other seat's number for it too."""
    from rules.core.window_state import WindowState
    from rules.kyoukai.state import Item, Pending, turn_action

    host, s, owner, a, b, first = _face_down_twins("kyoukai", tmp_path)
    doc = _sent_alike(host, s, owner, first, (a, b), lambda t, x: replaced(
        t, action=turn_action(x, "final"), pending=Pending("ready_own", owner, (x,), "a test"),
        seq=WindowState.open(Item("attack", owner, source=x, target=x), owner)))
    assert doc["action"]["gate"] >= ALIAS_LOW and doc["pending"]["options"][0] >= ALIAS_LOW


def test_a_face_down_summon_attacking_a_player_keeps_its_alias(tmp_path: Path) -> None:
    """BOS: a face-down summon attacking the other player (waiting for the block decision)
    is named there by the other seat's number for it."""
    from rules.bos.state import PlayerAttack

    host, s, owner, a, b, first = _face_down_twins("bos", tmp_path)
    doc = _sent_alike(host, s, owner, first, (a, b), lambda t, x: replaced(
        t, attack=PlayerAttack(attacker=x, defender=1 - owner, column=first.at)))
    assert doc["attack"]["attacker"] >= ALIAS_LOW


def test_a_face_down_agent_a_queued_event_targets_keeps_its_alias_and_a_biome_its_number(
        tmp_path: Path) -> None:
    """Nullshapers: a queue entry's ``target`` names an agent, a queued card or a biome, as its
    card's effect says: a face-down agent there is named by the other seat's number for it,
    a biome keeps its own (biomes and cards share small numbers)."""
    from rules.core.window_state import WindowState
    from rules.nullshapers.state import Entry

    host, s, owner, a, b, first = _face_down_twins("nullshapers", tmp_path)
    shield, repair = (next(c for c in s.catalog.values() if c.kind == "event" and c.effect == e)
                      for e in ("shield", "repair"))
    # a biome whose number a card a seat cannot see has too (renaming it would show there)
    seat, biome = next((v, k) for v in (0, 1) for k in range(3) if k in (
        *s.sides[0].deck, *s.sides[1].deck, *s.sides[1 - v].hand, *s.sides[1 - v].energy))
    stack = _sent_alike(host, s, owner, first, (a, b), lambda t, x: replaced(t, queue=WindowState(
        stack=[Entry(owner, x, target=x, played=shield)], priority=owner)))["queue"]["stack"]
    assert stack[0]["target"] >= ALIAS_LOW and stack[0]["target"] == stack[0]["card"]
    t = replaced(s, queue=WindowState(stack=[Entry(owner, a, target=biome, played=repair)],
                                      priority=owner))
    doc = json.loads(host.seat_doc(t, seat, Aliases(random.Random(7))))
    assert str(biome) not in doc["cards"]  # the card with the biome's number was renamed
    assert doc["queue"]["stack"][0]["target"] == biome


class _HostAt(Host):
    """A host answering on a state given to it (a face-down agent placed by the test)."""

    at: Any = None

    @property
    def state(self) -> Any:
        return self.session.state if self.at is None else self.at


def _aimed_at_face_down(game: str, seed: int, aims: Any) -> tuple[_HostAt, int, Any]:
    """A host on a state of a random ``game`` where the seat to act has a legal intent whose
    ``target`` is an enemy card on the board that ``aims`` (intent, state) says it aims at,
    that card turned face down; the seat and the intent."""
    from rules.core.manual_table import BOARD as ON_BOARD

    host = _HostAt(Session.new(game, seed, {}), CODE, rng=random.Random(1))
    rs, rng, s = host.rs, random.Random(2), host.session.state
    for _ in range(600):
        p = rs.to_act(s)
        assert p is not None, "no move aimed at an enemy card in this game"
        enemy = {pl.card for pl in rs.manual_table.places(s)
                 if pl.zone == ON_BOARD and pl.owner != p}
        found = next((i for i in rs.legal_intents(s) if i.to_json().get("target") in enemy
                      and aims(i, s)), None)
        if found is not None:
            host.at = replaced(s, face_down=(found.to_json()["target"],))
            host._refresh()
            return host, p, found
        s = rs.apply(s, rng.choice(rs.legal_intents(s))).state
    raise AssertionError("no move aimed at an enemy card in 600 moves")


def _offered_and_taken_by_alias(host: _HostAt, p: int, found: Any) -> int:
    """Checks the seat is sent ``found`` with its target's alias and it is taken back."""
    target = found.to_json()["target"]
    alias: int = host.aliases[p].to_alias[target]
    sent = [e["intent"] for e in host.legal_entries(host.at, p, host.aliases[p])]
    assert {**found.to_json(), "target": alias} in sent
    assert not any(e.get("target") == target for e in sent)
    assert host._parse(p, {**found.to_json(), "target": alias}) == found
    return alias


def test_a_face_down_enemy_agent_an_event_may_target_is_offered_and_taken_by_its_alias(
) -> None:
    """Nullshapers: a Play's ``target`` (an agent, a queued card or a biome, as its card says)
    naming a face-down enemy agent is sent in the seat's alias, taken back from it, and the
    card's highlights name the agent by it too."""
    from types import SimpleNamespace

    from rules.net.messages import Ask
    from rules.nullshapers.effects import CARD_TARGETS, target_kind
    from rules.nullshapers.intents import Play

    host, p, found = _aimed_at_face_down(
        "nullshapers", 3, lambda i, s: isinstance(i, Play)
        and target_kind(s.catalog[s.cards[i.card]]) in CARD_TARGETS)
    alias = _offered_and_taken_by_alias(host, p, found)
    lit = host._answer(SimpleNamespace(seat=p), Ask(type="ask", seq=1, what="highlights",
                                                    source=found.card))
    assert alias in lit["play"] and found.target not in lit["play"]


def test_a_face_down_summon_an_attack_may_target_is_offered_and_taken_by_its_alias() -> None:
    """BOS: an attack's, a spell's or an ability's ``target`` naming a face-down enemy card
    is sent in the seat's alias and taken back from it."""
    host, p, found = _aimed_at_face_down("bos", 3, lambda i, s: True)
    _offered_and_taken_by_alias(host, p, found)


def test_a_face_down_card_a_paused_resolution_saved_keeps_its_alias(tmp_path: Path) -> None:
    """BOS: a face-down summon named by the parts of a resolution an open manual step saved
    for after Done is named there by the other seat's number for it; the player saved beside
    a spell's card and target keeps its own number. Where it is the step's own card (whose
    name the step's opening log line gave), neither the step nor its parts name it at all."""
    from rules.core.manual_intents import ManualStep, Resume

    host, s, owner, a, b, first = _face_down_twins("bos", tmp_path)

    def paused(card: int) -> Callable[[Any, int], Any]:
        def change(t: Any, x: int) -> Any:
            step = ManualStep(player=owner, title="a test", text="", card=x if card else -1,
                              then=(Resume(op="battle_rest", args=(x,)),
                                    Resume(op="spell_done", args=(x, owner, x)),
                                    Resume(op="checks", args=(x,))))
            return replaced(t, manual=(step, *t.manual))
        return change

    step_sent = _sent_alike(host, s, owner, first, (a, b), paused(0))["manual"][0]
    alias = step_sent["then"][0]["args"][0]
    assert alias >= ALIAS_LOW
    assert [p["args"] for p in step_sent["then"]] == [[alias], [alias, owner, alias], [alias]]
    own = _sent_alike(host, s, owner, first, (a, b), paused(1))["manual"][0]
    assert own["card"] == -1
    assert [p["args"] for p in own["then"]] == [[-1], [-1, owner, -1], [-1]]


@pytest.mark.parametrize("game", GAMES)
def test_an_open_manual_steps_title_and_text_do_not_name_its_face_down_card(
        game: str, tmp_path: Path) -> None:
    """An open manual step whose card lies face down (turned so during the step) is sent to
    the other seat and a spectator without the card's name as its title or its text; its
    owner still reads both."""
    from rules.core.manual_intents import ManualStep

    host, s, owner, a, _, first = _face_down_twins(game, tmp_path)
    t = host.rs.apply(s, _as(first, a)).state
    name = host.rs.manual_table.name(t, a)
    words = "Swap this card with one under it (the card's own words)"
    step = ManualStep(player=owner, title=name, text=words, card=a)
    t = replaced(t, manual=(step, *t.manual))
    for viewer in (1 - owner, None):
        sent = host.seat_doc(t, viewer, Aliases(random.Random(7)))
        assert name not in sent and words not in sent, f"{game}: seen by {viewer}"
    mine = json.loads(host.seat_doc(t, owner, Aliases(random.Random(7))))["manual"][0]
    assert (mine["title"], mine["text"]) == (name, words)


def test_the_cards_a_paused_check_saved_are_sent_in_the_seats_own_order(
        tmp_path: Path) -> None:
    """BOS: the state-based checks a manual step saved list the cards whose defeat goes on
    elsewhere, in the host's numbers' order; the other seat gets them sorted by its own
    numbers, so their order does not tell which face-down card is which."""
    from rules.core.manual_intents import ManualStep, Resume

    host, s, owner, a, b, first = _face_down_twins("bos", tmp_path)

    def paused(t: Any, x: int) -> Any:
        step = ManualStep(player=owner, title="a test", text="", then=(
            Resume(op="checks", args=tuple(sorted((a, b)))),))
        return replaced(t, manual=(step, *t.manual))

    args = _sent_alike(host, s, owner, first, (a, b), paused)["manual"][0]["then"][0]["args"]
    assert args == sorted(args) and min(args) >= ALIAS_LOW
