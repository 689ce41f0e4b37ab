"""Movement and tackles, damage with Critical and Armour, knock-outs and GG, kamas, winning."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalIntent
from rules.krosmaster.cards import EffectSpec, KrosmasterCard, Spell
from rules.krosmaster.intents import BuyGG, Cast, EndActivation, Move
from tests.krosmaster.helpers import (
    ARCHER,
    DUMMY,
    FIGHTER,
    OPEN,
    RS,
    kinds,
    make,
    play,
    rc,
    with_fig,
)

# ---- movement ------------------------------------------------------------------------------


def test_move_spends_one_mp_per_cell_and_never_passes_obstacles() -> None:
    rows = ["..........", ".TTT......", *OPEN[2:]]
    s = make(rows, [(FIGHTER, 0, (0, 2)), (DUMMY, 1, (9, 9))])
    s2, ev = play(s, Move(figure=0, to=rc(0, 5)))
    assert s2.figures[0].cell == rc(0, 5) and s2.figures[0].mp == 0
    assert rc(2, 2) not in RS.highlights(s, 0)["move"]  # the trees wall it off within 3 MP
    with pytest.raises(IllegalIntent, match="cannot reach"):
        RS.apply(s, Move(figure=0, to=rc(2, 2)))
    with pytest.raises(IllegalIntent, match="Tree blocks"):
        RS.apply(s, Move(figure=0, to=rc(1, 2)))


def test_figures_block_movement() -> None:
    s = make(OPEN, [(FIGHTER, 0, (0, 0)), (DUMMY, 0, (0, 1)), (DUMMY, 1, (9, 9))])
    with pytest.raises(IllegalIntent, match="Another figure"):
        RS.apply(s, Move(figure=0, to=rc(0, 1)))


@pytest.mark.parametrize(("faces", "loss"), [
    (("lock",), 3),       # Lock beats Dodge: lose 3 MP and 3 AP
    (("critical",), 1),   # no results on either side: equal, lose 1 and 1
    (("dofus",), 1),      # a Dofus counts for both rollers: equal
    (("dodge",), 0),      # Dodge wins: nothing
])
def test_tackle_when_leaving_a_cell_next_to_an_enemy(faces: tuple[str, ...], loss: int) -> None:
    s = make(OPEN, [(FIGHTER, 0, (5, 5)), (DUMMY, 1, (5, 6))], faces=faces)
    s2, ev = play(s, Move(figure=0, to=rc(5, 4)))
    tackle = next(e for e in ev if e.kind == "tackle")
    assert tackle.data["loss"] == loss
    fig = s2.figures[0]
    assert fig.ap == 6 - loss
    if loss == 3:
        assert fig.cell == rc(5, 5) and fig.mp == 0 and "held" in kinds(ev)
    else:
        assert fig.cell == rc(5, 4) and fig.mp == 3 - loss - 1


def test_lock_power_adds_a_lock_die() -> None:
    locker = DUMMY.model_copy(update={"powers": ("lock",)})
    s = make(OPEN, [(FIGHTER, 0, (5, 5)), (locker, 1, (5, 6))], faces=("lock",))
    _, ev = play(s, Move(figure=0, to=rc(5, 4)))
    rolls = [e for e in ev if e.kind == "roll"]
    assert [len(e.data["faces"]) for e in rolls] == [1, 2]
    assert next(e for e in ev if e.kind == "tackle").data["lock"] == 2


def test_move_takes_the_route_with_fewest_tackles() -> None:
    # Going right along row 5 passes beside the enemy at (4,6); row 6 avoids it.
    s = make(OPEN, [(FIGHTER, 0, (5, 5)), (DUMMY, 1, (3, 6))], faces=("lock",))
    s = with_fig(s, 0, {"mp": 3})
    s2, ev = play(s, Move(figure=0, to=rc(5, 7)))
    assert "tackle" not in kinds(ev) and s2.figures[0].cell == rc(5, 7)


def test_entering_a_kama_cell_picks_up_the_kama() -> None:
    rows = [".K........", *OPEN[1:]]
    s = make(rows, [(FIGHTER, 0, (0, 0)), (DUMMY, 1, (9, 9))])
    s2, ev = play(s, Move(figure=0, to=rc(0, 2)))
    assert s2.kamas == (1, 0) and s2.kama_cells == () and "kama" in kinds(ev)


# ---- spells, damage, knock-out -----------------------------------------------------------------


@pytest.mark.parametrize(("faces", "damage"), [
    (("critical",), 4),  # +1 Critical, target rolls no Armour
    (("armour",), 2),    # the target's Armour: -1
    (("dofus",), 3),     # both sides turn their Dofus into what they need
    (("lock",), 3),
])
def test_damage_with_critical_and_armour(faces: tuple[str, ...], damage: int) -> None:
    s = make(OPEN, [(FIGHTER, 0, (0, 0)), (DUMMY, 1, (0, 1))], faces=faces)
    s2, ev = play(s, Cast(figure=0, spell=0, target=rc(0, 1)))
    assert s2.figures[1].hp == 10 - damage
    assert s2.figures[0].ap == 3
    assert sum(e.random for e in ev) == 2


def test_critical_power_adds_a_die() -> None:
    crit = FIGHTER.model_copy(update={"powers": ("critical",)})
    s = make(OPEN, [(crit, 0, (0, 0)), (DUMMY, 1, (0, 1))], faces=("critical",))
    s2, _ = play(s, Cast(figure=0, spell=0, target=rc(0, 1)))
    assert s2.figures[1].hp == 10 - 5


def test_not_enough_ap_is_illegal() -> None:
    s = make(OPEN, [(FIGHTER, 0, (0, 0)), (DUMMY, 1, (0, 1))])
    s = with_fig(s, 0, {"ap": 2})
    with pytest.raises(IllegalIntent, match="costs 3 AP"):
        RS.apply(s, Cast(figure=0, spell=0, target=rc(0, 1)))


def test_knock_out_takes_gg_from_the_wild_pool_first_then_the_owner() -> None:
    s = make(OPEN, [(FIGHTER, 0, (0, 0)), (DUMMY, 1, (0, 1)), (DUMMY, 1, (9, 9))],
             faces=("lock",))
    s = with_fig(s, 1, {"hp": 2})
    s2, ev = play(s, Cast(figure=0, spell=0, target=rc(0, 1)))
    ko = s2.figures[1]
    assert ko.cell is None and ko.hp == 0 and "ko" in kinds(ev)
    # Level 4: 1 from the wild GG, 3 from player 2.
    assert s2.wild_gg == 0 and s2.gg == (10, 3)
    assert 1 not in [i.figure for i in RS.legal_intents(s2) if hasattr(i, "figure")]


def test_knock_out_of_the_last_figure_wins() -> None:
    s = make(OPEN, [(FIGHTER, 0, (0, 0)), (DUMMY, 1, (0, 1))], faces=("lock",))
    s = with_fig(s, 1, {"hp": 1})
    s2, ev = play(s, Cast(figure=0, spell=0, target=rc(0, 1)))
    assert RS.winner(s2) == 0 and RS.to_act(s2) is None and "win" in kinds(ev)


def test_taking_the_last_gg_wins() -> None:
    s = make(OPEN, [(FIGHTER, 0, (0, 0)), (DUMMY, 1, (0, 1)), (DUMMY, 1, (9, 9))],
             faces=("lock",), gg=(6, 2), wild_gg=0)
    s = with_fig(s, 1, {"hp": 1})
    s2, _ = play(s, Cast(figure=0, spell=0, target=rc(0, 1)))
    assert s2.gg == (8, 0) and RS.winner(s2) == 0


def test_buying_a_gg_on_a_demon_cell() -> None:
    rows = ["D.........", *OPEN[1:]]
    s = make(rows, [(FIGHTER, 0, (0, 0)), (DUMMY, 1, (9, 9))], kamas=(13, 0), wild_gg=0)
    assert BuyGG(figure=0) in RS.legal_intents(s)
    s2, ev = play(s, BuyGG(figure=0))
    assert s2.kamas == (1, 0) and s2.gg == (7, 5) and "buy_gg" in kinds(ev)
    with pytest.raises(IllegalIntent, match="costs 12 kamas"):
        RS.apply(s2, BuyGG(figure=0))
    off = make(OPEN, [(FIGHTER, 0, (0, 0)), (DUMMY, 1, (9, 9))], kamas=(13, 0))
    with pytest.raises(IllegalIntent, match="demon cell"):
        RS.apply(off, BuyGG(figure=0))


# ---- effects ---------------------------------------------------------------------------


def _caster(*spells: Spell) -> KrosmasterCard:
    return FIGHTER.model_copy(update={"spells": spells})


def test_heal_targets_allies_and_stops_at_full_hp() -> None:
    mend = Spell(name="Mend", ap=2, range=(0, 3), target="ally",
                 effects=(EffectSpec(name="heal", amount=3),))
    s = make(OPEN, [(_caster(mend), 0, (0, 0)), (DUMMY, 0, (0, 2)), (DUMMY, 1, (1, 0))])
    s = with_fig(s, 1, {"hp": 9})
    targets = {i.target for i in RS.legal_intents(s) if isinstance(i, Cast)}
    assert targets == {rc(0, 0), rc(0, 2)}  # itself and the ally, not the enemy
    s2, ev = play(s, Cast(figure=0, spell=0, target=rc(0, 2)))
    assert s2.figures[1].hp == 10 and "roll" not in kinds(ev)


def test_push_moves_the_target_away_until_blocked() -> None:
    shove = Spell(name="Shove", ap=2, range=(1, 1), effects=(EffectSpec(name="push",
                                                                          amount=3),))
    rows = ["....B.....", *OPEN[1:]]
    s = make(rows, [(_caster(shove), 0, (0, 0)), (DUMMY, 1, (0, 1))])
    s2, ev = play(s, Cast(figure=0, spell=0, target=rc(0, 1)))
    assert s2.figures[1].cell == rc(0, 3)  # the bush at (0,4) stops it after 2 cells
    assert "shift" in kinds(ev)


def test_pull_brings_the_target_closer() -> None:
    hook = Spell(name="Hook", ap=2, range=(2, 5), line=True,
                 effects=(EffectSpec(name="pull", amount=2),))
    s = make(OPEN, [(_caster(hook), 0, (0, 0)), (DUMMY, 1, (4, 0))])
    s2, _ = play(s, Cast(figure=0, spell=0, target=rc(4, 0)))
    assert s2.figures[1].cell == rc(2, 0)


def test_end_activation_hands_over_to_the_next_figure() -> None:
    s = make(OPEN, [(ARCHER, 0, (0, 0)), (FIGHTER, 0, (2, 2)), (DUMMY, 1, (9, 9))])
    s2, _ = play(s, EndActivation(figure=0))
    assert s2.acting() is not None and s2.acting().id == 1  # type: ignore[union-attr]
    with pytest.raises(IllegalIntent, match="turn in the Timeline"):
        RS.apply(s2, Move(figure=0, to=rc(0, 1)))


def test_log_says_whose_figure_while_both_players_have_one_of_that_name() -> None:
    """Two Fighters, one each: the log says whose until one is knocked out; then the other
    is named bare (the names the state keeps are found again when a figure leaves)."""
    s = make(OPEN, [(FIGHTER, 0, (4, 4)), (FIGHTER, 1, (4, 5)), (DUMMY, 1, (9, 9))],
             faces=("critical",))
    s = with_fig(s, 1, {"hp": 1})
    RS.legal_intents(s)  # the listing reads the cells the state keeps
    s2, ev = play(s, Cast(figure=0, spell=0, target=rc(4, 5)))
    texts = [e.text for e in ev]
    assert "Player 1's Fighter casts Hit on Player 2's Fighter." in texts
    assert any(t.startswith("Player 2's Fighter is knocked out!") for t in texts)
    _, ev = play(s2, Move(figure=0, to=rc(3, 4)))
    assert [e.text for e in ev if e.kind == "move"] == ["Fighter moves to (3,4)."]
