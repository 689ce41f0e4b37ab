"""The rules contract every game keeps, as checks a game's own tests call (OpenSpiel's
``basic_tests`` style): Playtable's tests run them over every shipped game, and a designer's
package runs them over its own (``check_game("mygame")``).

Each check raises ``ContractError`` saying what broke, at which seed and step.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any, cast

from rules.core.errors import DataError, IllegalIntent
from rules.core.ruleset import Ruleset
from rules.core.state import has_field

MAX_STEPS = 200_000


class ContractError(AssertionError):
    """A game broke the rules contract (an AssertionError, so test runners show it so)."""


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise ContractError(what)


def playout(rs: Ruleset[Any], seed: int, check_every: int = 37) -> tuple[Any, list[Any]]:
    """One random legal game from ``new_game(seed)``, checking along the way (every
    ``check_every`` steps) that every legal intent applies, ``apply`` leaves its input alone
    and a dump loads back to an equal state with the same legal intents. Returns the final
    state and the intents played."""
    r = random.Random(seed)
    state = rs.new_game(seed=seed)
    intents: list[Any] = []
    for step in range(MAX_STEPS):
        if rs.to_act(state) is None:
            _need(rs.legal_intents(state) == [], f"seed {seed}: legal intents after the end")
            _need(rs.winner(state) in (0, 1, None), f"seed {seed}: winner "
                                                     f"{rs.winner(state)!r}")
            return state, intents
        legal = rs.legal_intents(state)
        _need(bool(legal), f"seed {seed}, step {step}: no legal intents while the game runs")
        if step % check_every == 0:
            before = rs.dump(state)
            for intent in legal:
                rs.apply(state, intent)
            _need(rs.dump(state) == before, f"seed {seed}, step {step}: apply changed its "
                                            f"input state")
            loaded = rs.load(before)
            _need(loaded == state, f"seed {seed}, step {step}: load(dump(state)) != state")
            _need(rs.legal_intents(loaded) == legal,
                  f"seed {seed}, step {step}: a loaded state has other legal intents")
        intent = r.choice(legal)
        intents.append(intent)
        state = rs.apply(state, intent).state
    raise ContractError(f"seed {seed}: the game did not end within {MAX_STEPS} steps")


def check_replay(rs: Ruleset[Any], seed: int, intents: list[Any], final: Any) -> None:
    """The same seed and intents, each through its JSON form (records store them so), reach
    the same state."""
    state = rs.new_game(seed=seed)
    for k, intent in enumerate(intents):
        again = rs.parse_intent(intent.to_json())
        _need(again == intent, f"seed {seed}, intent {k}: {intent!r} does not survive JSON")
        state = rs.apply(state, again).state
    _need(state == final, f"seed {seed}: replaying the intents reached another state")


def check_views(rs: Ruleset[Any], seed: int = 5) -> None:
    """A view keeps who acts and hides the random generator."""
    state = rs.new_game(seed=seed)
    for p in (0, 1):
        v = rs.view(state, p)
        _need(not has_field(v, "rng") or v.rng != state.rng,
              f"the view of player {p + 1} shows the random generator")
        _need(rs.to_act(v) == rs.to_act(state), f"the view of player {p + 1} has another "
                                                 f"player to act")


def check_refusals(rs: Ruleset[Any], seed: int = 3) -> None:
    """An intent of a legal kind with a number no legal intent has is refused with a reason
    and changes nothing."""
    state = rs.new_game(seed=seed)
    before = rs.dump(state)
    legal = rs.legal_intents(state)
    for intent in legal:
        for key, value in intent.to_json().items():
            if isinstance(value, int) and not isinstance(value, bool):
                bad = replace(cast(Any, intent), **{key: value + 997})
                if bad in legal:
                    continue
                try:
                    rs.apply(state, bad)
                except IllegalIntent as e:
                    _need(bool(e.reason.strip()), f"{bad!r} is refused without a reason")
                except Exception as e:  # noqa: BLE001 - what the game raised is the finding
                    raise ContractError(f"{bad!r} raised {type(e).__name__}: {e}, not "
                                        f"IllegalIntent") from e
                else:
                    raise ContractError(f"{bad!r} is applied, but it is not legal")
                _need(rs.dump(state) == before, f"refusing {bad!r} changed the state")
                return
    raise ContractError("no legal intent has a number field to corrupt")


def check_bad_dumps(rs: Ruleset[Any]) -> None:
    """``load`` refuses what is not a dump of this game with a message naming the problem."""
    cases = {"json": "{not json",
             "format": json.dumps({"format": 99, "game": rs.name, "state": {}}),
             "game": '{"format": 1, "game": "chess", "state": {}}'}
    for word, text in cases.items():
        try:
            rs.load(text)
        except DataError as e:
            _need(any(word in m for m in e.errors), f"load({text!r}) says {e.errors}, not "
                                                    f"about the {word}")
        else:
            raise ContractError(f"load({text!r}) was accepted")


def check_game(rs: Ruleset[Any], games: int = 10, seed: int = 0) -> None:
    """Every check above: ``games`` random games from ``seed`` on, each replayed."""
    for s in range(seed, seed + games):
        final, intents = playout(rs, s)
        check_replay(rs, s, intents, final)
    check_views(rs)
    check_refusals(rs)
    check_bad_dumps(rs)
