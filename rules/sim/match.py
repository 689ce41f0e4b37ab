"""One game of a simulation, played in a worker process: who won, how long it took, which
cards each player played, had in the opening hand and drew (in a game with a hand), and its
intents (so a game worth showing becomes a record)."""

from __future__ import annotations

import gc
import json
import traceback
from array import array
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, NamedTuple

import rules
from rules.agents import Agent, make_agent
from rules.core.played import Played, played_instance
from rules.core.ruleset import Ruleset
from rules.sim.plan import Match

# A game that has not ended after this many intents is reported as broken, not waited for:
# every game has a turn cap far below it.
MAX_INTENTS = 50_000

_RULESETS: dict[str, tuple[Ruleset[Any], Ruleset[Any]]] = {}
_DECKS: dict[str, tuple[tuple[Played, ...], tuple[Played, ...]]] = {}  # options -> deck lists
_ZEROS = array("I", bytes(4 * 64))  # the choices of forced steps (the first legal intent)


class Hands(NamedTuple):
    """Per seat, the distinct cards of a game with a hand: in the deck, in the opening hand
    (the hand dealt before the first decision) and held in the hand at some time (the opening
    hand and every card drawn), each sorted."""

    deck: tuple[tuple[Played, ...], tuple[Played, ...]]
    opening: tuple[tuple[Played, ...], tuple[Played, ...]]
    held: tuple[tuple[Played, ...], tuple[Played, ...]]


@dataclass(frozen=True)
class GameResult:
    index: int
    seed: int
    deck_at: tuple[int, int]
    agent_at: tuple[int, int]
    first: int | None = None  # the seat that made the first decision
    winner: int | None = None  # the winning seat; None: a draw, a turn-cap game or an error
    capped: bool = False  # ended by the turn cap
    turns: int | None = None
    decisions: int = 0  # intents chosen among more than one
    played: tuple[tuple[Played, ...], tuple[Played, ...]] = ((), ())  # per seat, sorted
    # The position of each chosen intent in its ``legal_intents`` list (``array("I")``
    # bytes): the rules alone replay the game from them, for a record (``intents_of``).
    choices: bytes = b""
    error: str | None = None  # why the game could not be played to its end
    # The card whose manual effect stopped the game (the agents do not carry out effects by
    # hand), None if none did.
    manual: str | None = None
    arm: int = 0  # the arm of a paired experiment
    hands: Hands | None = None  # None: a game without a hand (or one that failed)

    @property
    def decisive(self) -> bool:
        return self.error is None and self.winner is not None


def rulesets(game: str) -> tuple[Ruleset[Any], Ruleset[Any]]:
    """The game's ruleset and a second one the agents think on (its caches are per
    instance, so their look-ahead does not evict the table's), one pair per process."""
    pair = _RULESETS.get(game)
    if pair is None:
        rs = rules.get(game)
        own = type(rs)()
        own.info = rs.info
        pair = _RULESETS[game] = (rs, own)
    return pair


@contextmanager
def rare_collections() -> Iterator[None]:
    """Python's cycle collector runs less often inside: a game allocates many short-lived
    objects (states, lists) but hardly any reference cycles, so the collector's passes find
    almost nothing, and at the default thresholds they cost about 5 % of a random Kyoukai game
    (counted with cachegrind). The thresholds are put back after."""
    old = gc.get_threshold()
    gc.set_threshold(max(old[0], 10_000), max(old[1], 50), max(old[2], 50))
    try:
        yield
    finally:
        gc.set_threshold(*old)


def play(match: Match, keep_choices: bool = True) -> GameResult:
    """Plays ``match`` to its end; an exception is caught and reported in ``error`` (with the
    intents so far), so one broken game does not stop the run."""
    base = GameResult(match.index, match.seed, match.deck_at, match.agent_at, arm=match.arm)
    choices = array("I")
    try:
        with rare_collections():
            return _play(match, base, choices, keep_choices)
    except Exception as e:  # noqa: BLE001 - any failure of the rules is counted, not raised
        frame = traceback.extract_tb(e.__traceback__)[-1]
        where = f"{frame.filename}:{frame.lineno}"
        return GameResult(base.index, base.seed, base.deck_at, base.agent_at,
                          choices=choices.tobytes() if keep_choices else b"",
                          error=f"{type(e).__name__}: {e} (at {where})", arm=base.arm)


def _play(match: Match, base: GameResult, choices: array[int], keep: bool) -> GameResult:
    rs, own = rulesets(match.game)
    options = match.game_options()
    specs = match.seat_agents()
    agents: list[Agent] = [make_agent(specs[p], seed=match.seed * 2 + p, options=options,
                                      game=match.game) for p in (0, 1)]
    state = rs.new_game(seed=match.seed, options=options)
    first = rs.to_act(state)
    played: tuple[set[Played], set[Played]] = (set(), set())
    decisions = steps = 0
    # An agent that does not read its view gets None (building one costs more than a random
    # choice); only intents of the kinds that play a card are asked which they play, unless
    # the game counts played cards its own way.
    reads = (agents[0].reads_view, agents[1].reads_view)
    kinds = rs.played_kinds
    every = type(rs).played_cards is not Ruleset.played_cards
    # The game's state is this loop's own: each intent is played on it in place (``push``).
    to_act, pending, legal_intents, push = rs.to_act, rs.manual_pending, rs.legal_intents, rs.push
    # Forced steps (a lone legal intent that plays no card) played at once by the game, as the
    # loop below would play them one by one; not where the game counts played cards itself.
    forced = None if every or type(rs).forced_steps is Ruleset.forced_steps \
        else rs.push_forced
    # The cards each player has held: the opening hand, then the hand after every step.
    hand = rs.hand
    opening = [hand(state, 0), hand(state, 1)]
    held: tuple[set[Any], set[Any]] | None = None
    if opening[0] is not None and opening[1] is not None:
        held = (set(opening[0]), set(opening[1]))
        opening = [tuple(opening[0]), tuple(opening[1])]
    while (p := to_act(state)) is not None:
        step = pending(state)
        if step is not None:
            return _result(base, first=first, turns=rs.turns(state), decisions=decisions,
                           played=_sorted(played), choices=choices.tobytes() if keep else b"",
                           manual=step.title,
                           hands=_hands(rs, match, state, opening, held))
        if forced is not None:
            state, n = forced(state)
            if n:
                steps = _forced(choices, steps, n)
                if held is not None:
                    held[0].update(hand(state, 0) or ())
                    held[1].update(hand(state, 1) or ())
                continue
        steps += 1
        if steps > MAX_INTENTS:
            raise RuntimeError(f"the game did not end in {MAX_INTENTS} intents")
        legal = legal_intents(state)
        if len(legal) == 1:
            intent = legal[0]
            choices.append(0)
        else:
            intent = agents[p].choose(own, rs.view(state, p) if reads[p] else None, legal)
            decisions += 1
            # An agent returns one of ``legal`` (by identity, else an equal one).
            at = next((i for i, x in enumerate(legal) if x is intent), None)
            choices.append(legal.index(intent) if at is None else at)
        if every or intent.kind in kinds:
            played[p].update(rs.played_cards(state, intent))
        state = push(state, intent)
        if held is not None:
            held[0].update(hand(state, 0) or ())
            held[1].update(hand(state, 1) or ())
    winner, turns = rs.winner(state), rs.turns(state)
    cap = getattr(rs, "turn_cap", None)
    return _result(base, first=first, winner=winner,
                   capped=winner is None and turns is not None and cap is not None
                   and turns >= cap, turns=turns, decisions=decisions, played=_sorted(played),
                   choices=choices.tobytes() if keep else b"",
                   hands=_hands(rs, match, state, opening, held))


def _result(base: GameResult, **facts: Any) -> GameResult:
    return GameResult(base.index, base.seed, base.deck_at, base.agent_at, arm=base.arm,
                      **facts)


def _sorted(played: tuple[set[Played], set[Played]]
            ) -> tuple[tuple[Played, ...], tuple[Played, ...]]:
    return tuple(sorted(played[0])), tuple(sorted(played[1]))


def _forced(choices: array[int], steps: int, n: int) -> int:
    """The step count after ``n`` forced steps (each the first, only, legal intent)."""
    steps += n
    if steps > MAX_INTENTS:
        raise RuntimeError(f"the game did not end in {MAX_INTENTS} intents")
    choices.extend(_ZEROS[:n] if n <= len(_ZEROS) else array("I", bytes(4 * n)))
    return steps


def _hands(rs: Ruleset[Any], match: Match, state: Any, opening: list[Any],
           held: tuple[set[Any], set[Any]] | None) -> Hands | None:
    """The game's ``Hands`` from the instances held (None: the game has no hand)."""
    if held is None:
        return None

    def cards(instances: Any) -> tuple[Played, ...]:
        found = {played_instance(state, i) for i in instances}
        return tuple(sorted(c for c in found if c is not None))

    return Hands(deck_lists(rs, match), (cards(opening[0]), cards(opening[1])),
                 (cards(held[0]), cards(held[1])))


def deck_lists(rs: Ruleset[Any], match: Match) -> tuple[tuple[Played, ...], tuple[Played, ...]]:
    """Per seat, the distinct cards of the deck it plays (as the game's setup deals them:
    an experiment's changes made), once per process for each set of options."""
    options = match.game_options()
    key = json.dumps([match.game, options], sort_keys=True, default=str)
    hit = _DECKS.get(key)
    if hit is None:
        setup = rs.setup(options)
        fmt = rs.pack_format()
        lists = []
        for deck in setup.decks[:2]:
            ids = fmt.deck_cards(deck) if fmt is not None and fmt.deck_cards else []
            lists.append(tuple(sorted({Played("card", c, str(getattr(setup.cards.get(c),
                                                                      "name", c)))
                                       for c in ids})))
        while len(lists) < 2:
            lists.append(())
        if len(_DECKS) >= 256:
            _DECKS.clear()
        hit = _DECKS[key] = (lists[0], lists[1])
    return hit


def intents_of(match: Match, choices: bytes) -> list[dict[str, Any]]:
    """The intents of a played game as JSON data, replayed by the rules from its choices."""
    rs = rules.get(match.game)
    state = rs.new_game(seed=match.seed, options=match.game_options())
    out = []
    for at in array("I", choices):
        intent = rs.legal_intents(state)[at]
        out.append(intent.to_json())
        state = rs.apply(state, intent, quiet=True).state
    return out


def play_batch(matches: list[Match]) -> list[GameResult]:
    """Several games in one task (fewer round trips to a pool or a cluster), inside one
    ``rare_collections`` (each game's own then puts back the same thresholds): with the
    default thresholds put back after every game, the collector passed over the young
    objects once a game more (1.2-1.4 % of a random Kyoukai game's instructions, counted with
    cachegrind)."""
    with rare_collections():
        return [play(m) for m in matches]
