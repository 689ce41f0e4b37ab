"""A random walk that tries to make the facts a game keeps on its state go stale (Kyoukai's
zones taken and may-respond answers, Krosmaster's cells and log names, the copies that share
players or figures until a step changes them), for the property tests in tests/<game>/.

Several states of one game are kept alive at once (an undo keeps playing an older state next
to the newer one) and each walk step does one of: a legal intent applied (loud or quiet, a
designer's freeform manual step and its hand edits among them), ``push`` on a copy, a view or
a determinized view played on, an agent's look-aheads and the table's highlights, a hot reload
of a changed card, a dump loaded again. The
oracle: a state's legal intents, and what the game reads of its kept facts (``facts``), equal
those of a fresh load of its dump (which keeps nothing); and no state changes once made
(its dump stays the one taken when it was made)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import pytest

import rules
from rules.core.manual_intents import Freeform, ManualDone
from rules.core.model import Intent
from rules.records.session import Session

# What a game's own kept facts read as, compared between a state and a fresh load of its dump.
Facts = Callable[[Any], object]
# A hot reload for the walk to try: the cards to ``replace_cards`` with, made from a state.
Reload = Callable[[Any, random.Random], Mapping[str, Any]]

POOL = 3  # states played side by side
PATHS = frozenset({"apply", "push", "view", "look", "reload", "load", "freeform", "hand edit"})


def walk(game: str, seed: int, steps: int, facts: Facts, reload: Reload) -> dict[str, int]:
    """``steps`` random walk steps of ``game``; AssertionError naming the step and the path
    when a kept fact went stale or a state changed. Returns how often each path ran."""
    rs = rules.get(game)
    table = rs.manual_table
    assert table is not None
    r = random.Random(seed)
    first = rs.new_game(seed, {"designer": True})
    pool: list[tuple[Any, str]] = [(first, rs.dump(first))]
    ran: dict[str, int] = {}
    for n in range(steps):
        k = r.randrange(len(pool))
        s, made = pool[k]
        where = f"seed {seed}, step {n}"
        assert rs.dump(s) == made, f"{where}: a state changed after it was made"
        _check(rs, s, facts, r, where)
        p = rs.to_act(s)
        if p is None:
            pool[k] = (fresh := rs.new_game(seed + n + 1, {"designer": True}), rs.dump(fresh))
            continue
        roll = r.random()
        if roll < 0.04 and rs.manual_pending(s) is None:
            path, new = "freeform", rs.apply(s, Freeform(player=p)).state
        elif roll < 0.10:
            path, new = "reload", rs.replace_cards(s, reload(s, r))[0]
        elif roll < 0.14:
            path, new = "load", rs.load(made)
        elif roll < 0.22:
            path, new = "view", _played_on(rs, _seen(rs, s, p, r), r, where)
        elif roll < 0.26:
            # What an agent and the table ask of a state: none of it may change the state.
            path, new = "look", s
            legal = rs.legal_intents(s)[:4]
            rs.priors(s, legal, p)
            rs.search_value(s, p)
            rs.forced_steps(s)
            for piece in rs.pieces(s)[:3]:
                rs.highlights(s, piece)
        elif roll < 0.32:
            path = "push"
            new = s.copy()
            for _ in range(r.randrange(1, 6)):
                if rs.to_act(new) is None:
                    break
                new = rs.push(new, r.choice(rs.legal_intents(new)))
        elif rs.manual_pending(s) is not None and r.random() < 0.7:
            path = "hand edit"
            cards = [pl.card for pl in table.places(s)]
            edits = rs.legal_intents(s, r.choice(cards)) if cards else []
            done: list[Intent] = [i for i in rs.legal_intents(s) if isinstance(i, ManualDone)]
            if done and r.random() < 0.3:  # the step ends, and the game settles the edits
                edits = done
            new = rs.apply(s, r.choice(edits or rs.legal_intents(s))).state
        else:
            path = "apply"
            new = rs.apply(s, r.choice(rs.legal_intents(s)), quiet=r.random() < 0.5).state
        ran[path] = ran.get(path, 0) + 1
        assert rs.dump(s) == made, f"{where}: {path} changed the state it started from"
        _check(rs, new, facts, r, f"{where} after {path}")
        entry = (new, rs.dump(new))
        if len(pool) < POOL and r.random() < 0.3:
            pool.append(entry)  # the old state plays on too
        else:
            pool[k] = entry
    return ran


def _seen(rs: Any, s: Any, p: int, r: random.Random) -> Any:
    """What player ``p`` sees of ``s``, with its hidden cards dealt half the time."""
    view = rs.view(s, p)
    return rs.determinize(view, p, r) if r.random() < 0.5 else view


def _played_on(rs: Any, view: Any, r: random.Random, where: str) -> Any:
    """``view`` played on in place for a few steps (as a search does), each checked."""
    for _ in range(r.randrange(1, 6)):
        if rs.to_act(view) is None or rs.manual_pending(view) is not None:
            break
        view = rs.push(view, r.choice(rs.legal_intents(view)))
    return view


def _check(rs: Any, s: Any, facts: Facts, r: random.Random, where: str) -> None:
    """``s``'s kept facts, legal intents and one piece's (the listing by source) are those
    of a fresh load of its dump."""
    fresh = rs.load(rs.dump(s))
    assert facts(s) == facts(fresh), f"{where}: a kept fact differs from a fresh load's"
    assert rs.legal_intents(s) == rs.legal_intents(fresh), \
        f"{where}: the legal intents differ from a fresh load's"
    pieces = rs.pieces(s)
    if pieces:
        piece = r.choice(pieces)
        assert rs.legal_intents(s, piece) == rs.legal_intents(fresh, piece), \
            f"{where}: {piece!r}'s legal intents differ from a fresh load's"


def session_walk(game: str, seed: int, steps: int, facts: Facts, reload: Reload) -> dict[str, int]:
    """``steps`` random steps of a designer's session (``rules.records``): intents applied,
    undone, redone, cards hot-reloaded; the state it holds (replayed from the record by undo
    and redo, older states reused) checked as ``walk`` checks one, and equal to a replay of
    its record from the start."""
    rs = rules.get(game)
    r = random.Random(seed)
    session = Session.new(game, seed, {"designer": True})
    ran: dict[str, int] = {}
    for n in range(steps):
        state = session.state
        where = f"seed {seed}, session step {n}"
        _check(rs, state, facts, r, where)
        p = rs.to_act(state)
        if p is None:
            break
        roll = r.random()
        if roll < 0.15 and session.can_undo(p, True):
            path = "undo"
            session.undo(p, True)
        elif roll < 0.25 and session.can_redo():
            path = "redo"
            session.redo()
        elif roll < 0.32:
            path = "reload"
            session.reload_cards(reload(state, r))
        else:
            path = "apply"
            session.apply(r.choice(rs.legal_intents(state)))
        ran[path] = ran.get(path, 0) + 1
        assert rs.dump(session.state) == rs.dump(Session(session.record).state), \
            f"{where}: after {path} the state differs from its record replayed"
    return ran


TestFunction = Callable[..., None]


def walk_tests(game: str, steps: int, facts: Facts, reload: Reload,
               session_reload: Reload | None = None) -> tuple[TestFunction, TestFunction]:
    """A game's two kept-facts tests, for its test module to name: ``walk`` over three seeds
    (every path tried) and ``session_walk`` (``session_reload``: the reloads a record can
    replay, when not every one of ``reload``'s can)."""

    @pytest.mark.parametrize("seed", [1, 2, 3])
    def test_kept_facts_agree_with_a_fresh_load(seed: int) -> None:
        ran = walk(game, seed, steps, facts, reload)
        assert ran.keys() == PATHS  # every path was tried

    def test_a_session_undone_redone_and_reloaded_keeps_fresh_facts() -> None:
        ran = session_walk(game, 5, 120, facts, session_reload or reload)
        assert ran.keys() == {"apply", "undo", "redo", "reload"}

    return test_kept_facts_agree_with_a_fresh_load, \
        test_a_session_undone_redone_and_reloaded_keeps_fresh_facts
