"""The fast inner loop gives the games the plain rules give: quiet fast paths (``quick.py``),
the pruned route search, the dice loop, the map cache and the direct ``to_act``."""

from __future__ import annotations

import os
import random
from collections import Counter
from pathlib import Path

import pytest

import rules
from rules.core.dice import roll_faces as core_roll_faces
from rules.core.rng import Rng
from rules.krosmaster import house, quick
from rules.krosmaster.board import Geo, geo, load_map
from rules.krosmaster.combat import best_path, tackle_cells
from rules.krosmaster.flow import roll_faces
from rules.krosmaster.intents import Move
from rules.krosmaster.legal import STAGES
from rules.krosmaster.state import Figure, KState

RS = rules.get("krosmaster")


def _reference_path(s: KState, g: Geo, fig: Figure, goal: int, risky: set[int]) -> list[int]:
    """House rule H10 as first written: every walk of up to the MP left, nothing pruned."""
    assert fig.cell is not None
    blocked = g.move_block | {f.cell for f in s.figures if f.cell is not None}
    nb = g.grid.neighbours
    layers: list[dict[int, tuple[int, int]]] = [{fig.cell: (0, -1)}]
    for _ in range(fig.mp):
        nxt: dict[int, tuple[int, int]] = {}
        for cur, (cost, _prev) in layers[-1].items():
            cost += cur in risky
            for n in nb[cur]:
                if n not in blocked and (n not in nxt or cost < nxt[n][0]):
                    nxt[n] = (cost, cur)
        layers.append(nxt)
        hit = nxt.get(goal)
        if hit is not None and hit[0] == 0:
            break
    steps = min((layer[goal][0], k) for k, layer in enumerate(layers) if goal in layer)[1]
    path = [goal]
    for k in range(steps, 0, -1):
        path.append(layers[k][path[-1]][1])
    return path[::-1]


def _random_states(seeds: range, every: int = 1) -> list[KState]:
    out = []
    for seed in seeds:
        r = random.Random(seed)
        state = RS.new_game(seed=seed)
        step = 0
        while RS.to_act(state) is not None:
            if step % every == 0:
                out.append(state)
            state = RS.apply(state, r.choice(RS.legal_intents(state)), quiet=True).state
            step += 1
        out.append(state)
    return out


def test_loud_and_quiet_games_are_the_same_and_the_fast_paths_are_taken() -> None:
    """The quiet fast paths run for most Moves, Ends of Activation and Inspirations, and
    every state of 12 random games equals the loud (Draft) path's."""
    taken: Counter[str] = Counter()
    for seed in range(12):
        r = random.Random(seed)
        loud = quiet = RS.new_game(seed=seed)
        while RS.to_act(loud) is not None:
            intent = r.choice(RS.legal_intents(loud))
            fast = quick.QUIET.get(intent.kind)
            if fast is not None and fast(quiet, intent) is not None:
                taken[intent.kind] += 1
            loud = RS.apply(loud, intent).state
            quiet = RS.apply(quiet, intent, quiet=True).state
            assert RS.dump(quiet) == RS.dump(loud), (seed, intent)
    assert taken["move"] > 1000 and taken["end_activation"] > 500 and taken["inspire"] > 100


def test_pruned_route_is_the_route_of_every_walk() -> None:
    """``best_path`` leaves out cells too far from the goal: the same route (tackles, length,
    and the cells on the way, which decide the kamas picked up) for every Move of many
    positions, tackles included."""
    tried = tackled = 0
    for state in _random_states(range(6), every=2):
        fig = state.acting()
        if fig is None or fig.cell is None:
            continue
        g = geo(state.board)
        risky = tackle_cells(state, g, fig.owner)
        for intent in RS.legal_intents(state):
            if isinstance(intent, Move):
                want = _reference_path(state, g, fig, intent.to, risky)
                assert best_path(state, g, fig, intent.to, risky) == want
                tried += 1
                tackled += any(c in risky for c in want[:-1])
    assert tried > 2000 and tackled > 50


def test_dice_loop_rolls_what_the_core_rolls() -> None:
    for seed in (0, 1, 7, 2**40):
        for n in range(5):
            rng = Rng(seed=seed, counter=seed % 13)
            assert roll_faces(rng, house.FACES, n) == core_roll_faces(rng, house.FACES, n)


def test_to_act_is_the_stage_tables() -> None:
    for state in _random_states(range(3), every=7):
        assert type(RS)()._to_act(state) == STAGES.to_act(state)


def test_an_unchanged_map_is_read_once_and_a_changed_one_again(tmp_path: Path) -> None:
    rows = '"1..",\n"...",\n"..2"'
    path = tmp_path / "m.toml"
    text = '[legend]\nfloor = "."\nstart1 = "1"\nstart2 = "2"\n'
    path.write_text(f"rows = [\n{rows}\n]\n{text}", encoding="utf-8")
    first = load_map(path)
    assert load_map(path) is first
    path.write_text(f"rows = [\n{rows.replace('...', '.2.')}\n]\n{text}", encoding="utf-8")
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))  # a coarse clock
    again = load_map(path)
    assert again is not first and again.starts[1] == (4, 8)


@pytest.mark.parametrize("kind", sorted(quick.QUIET))
def test_a_fast_path_declines_what_needs_the_draft(kind: str) -> None:
    """Each fast path hands back None (the Draft path then runs) where dice are rolled or a
    phase ends: a tackle on the way, the last figure's End of Activation, the last die."""
    declined = 0
    for state in _random_states(range(4)):
        if RS.to_act(state) is None:
            continue
        for intent in RS.legal_intents(state):
            if intent.kind == kind and quick.QUIET[kind](state, intent) is None:
                declined += 1
                assert RS.dump(RS.apply(state, intent, quiet=True).state) == RS.dump(
                    RS.apply(state, intent).state)
    assert declined > 0
