"""The pruned route search takes the route of every walk, an unchanged map file is read
once, and what the rules remember of the cards and the map follows a hot reload and stays
behind when a state is pickled."""

from __future__ import annotations

import os
import pickle
import random
from pathlib import Path

import rules
from rules.krosmaster.board import Geo, load_map
from rules.krosmaster.combat import best_path
from rules.krosmaster.intents import Cast, Move
from rules.krosmaster.state import Figure, KState
from tests.krosmaster.helpers import DUMMY, FIGHTER, make, rc, with_fig

RS = rules.get("krosmaster")


def _reference_path(s: KState, g: Geo, fig: Figure, goal: int, risky: int) -> list[int]:
    """House rule H10 as first written: every walk of up to the MP left, nothing pruned."""
    assert fig.cell is not None
    blocked = g.move_block | {f.cell for f in s.figures if f.cell is not None}
    nb = g.grid.neighbours
    layers: list[dict[int, tuple[int, int]]] = [{fig.cell: (0, -1)}]
    for _ in range(fig.mp):
        nxt: dict[int, tuple[int, int]] = {}
        for cur, (cost, _prev) in layers[-1].items():
            cost += risky >> cur & 1
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


def test_pruned_route_is_the_route_of_every_walk() -> None:
    """``best_path`` leaves out cells too far from the goal: the same route (tackles, length,
    and the cells on the way, which decide the kamas picked up) for every Move of many
    positions, tackles included."""
    tried = tackled = 0
    for state in _random_states(range(6), every=2):
        fig = state.acting()
        if fig is None or fig.cell is None:
            continue
        g = state.board.geo
        risky = state.zone(1 - fig.owner, g.near_masks)  # the cells next to an enemy
        for intent in RS.legal_intents(state):
            if isinstance(intent, Move):
                want = _reference_path(state, g, fig, intent.to, risky)
                assert best_path(state, g, fig, intent.to, risky) == want
                tried += 1
                tackled += any(risky >> c & 1 for c in want[:-1])
    assert tried > 2000 and tackled > 50


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


def test_a_pickled_board_leaves_its_geometry_behind() -> None:
    """A view goes to the computer player's process pickled: its board without the geometry
    and the caches grown on it (the other side makes its own), the same map all the same."""
    state = RS.new_game(seed=1)
    state = RS.apply(state, RS.legal_intents(state)[0]).state
    board = state.board
    assert board.geo.grid.width == board.width  # made and cached
    again = pickle.loads(pickle.dumps(state)).board
    assert "geo" not in vars(again) and again == board
    assert again.geo.move_block == board.geo.move_block


def test_a_pickled_state_leaves_its_memo_behind() -> None:
    """The spells' memo holds the map's geometry: a pickled state goes without it (as its
    board does) and lists the same intents on the other side."""
    state = next(s for s in _random_states(range(1)) if s.phase == "activation")
    want = RS.legal_intents(state)
    assert state.memo is not None
    again = pickle.loads(pickle.dumps(state))
    assert again.memo is None and RS.dump(again) == RS.dump(state)
    assert RS.legal_intents(again) == want


def test_a_hot_reload_reaches_the_spells_the_rules_remember() -> None:
    """Each card's spells are remembered per catalog (``legal.memo``): once a hot
    reload makes a figure's spells cost more AP than it has, it has no Cast left."""
    state = next(s for s in _random_states(range(3))
                 if any(isinstance(i, Cast) for i in RS.legal_intents(s)))
    fig = state.acting()
    assert fig is not None and fig.ap < 12
    card = state.card(fig)
    dear = card.model_copy(update={"spells": tuple(sp.model_copy(update={"ap": 12})
                                                   for sp in card.spells)})
    new, _ = RS.replace_cards(state, {card.name: dear})
    assert new.catalog[fig.card].spells[0].ap == 12
    assert not any(isinstance(i, Cast) for i in RS.legal_intents(new))


def test_figures_a_move_away_share_the_remembered_moves() -> None:
    """A figure exactly the mover's MP away only takes its own cell: the Moves listed are
    ``reach``'s with every figure in place, and positions that differ only in where such
    figures stand share what the listing remembered (one entry on the map's geometry)."""
    s = make(figures=[(FIGHTER, 0, (5, 5)), (DUMMY, 0, (4, 5)), (DUMMY, 1, (5, 8)),
                      (DUMMY, 1, (8, 5))])  # the Fighter has 3 MP: one figure next to it
    g = s.board.geo
    seen = []
    for where in (rc(5, 8), rc(3, 6), rc(7, 4)):  # each 3 cells from the Fighter
        t = with_fig(s, 2, {"cell": where})
        listed = [i.to for i in RS.legal_intents(t) if isinstance(i, Move)]
        assert listed == g.reach(rc(5, 5), 3, t.where()[0])
        assert where not in listed and rc(8, 5) not in listed
        seen.append(listed)
    assert len({tuple(x) for x in seen}) == 3 and len(g.move_cache) == 1
