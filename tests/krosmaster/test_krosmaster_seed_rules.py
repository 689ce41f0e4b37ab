"""One test (or more) per seed rule R-01 … R-11, named after it."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.errors import IllegalIntent
from rules.core.model import Event
from rules.core.state import replaced
from rules.krosmaster.intents import (
    Cast,
    EndActivation,
    EndInspiration,
    Inspire,
    KeepTension,
    Reroll,
    SetDofus,
)
from rules.krosmaster.setup import new_state
from rules.krosmaster.state import KState
from tests.krosmaster.helpers import DUMMY, FIGHTER, RS, kinds, make, play, with_fig


def finish_turn(s: KState) -> tuple[KState, list[Event]]:
    """End every remaining activation of the active player."""
    events: list[Event] = []
    p, turn = s.active, s.turn
    while s.active == p and s.turn == turn and s.phase == "activation":
        fig = s.acting()
        assert fig is not None
        s, ev = play(s, EndActivation(figure=fig.id))
        events += ev
    return s, events


def to_activation(s: KState) -> KState:
    """From a turn's start to its first Activation: the dice kept, the Dofus face set, no die
    placed; both players' GG topped up so no double ends the game."""
    s, _ = play(s, *([KeepTension()] if s.phase == "tension" else []))
    while s.phase == "dofus":
        s, _ = play(s, RS.legal_intents(s)[0])
    if s.phase == "inspiration":
        s, _ = play(s, EndInspiration())
    return replaced(s, **{"gg": (6, 6)})


def second_turn(faces: tuple[str, ...] | None = None, seed: int = 1) -> tuple[KState,
                                                                               list[Event]]:
    """A real game up to the second player's Roll for Tension, with loaded dice if given."""
    s = RS.new_game(seed=seed)
    if faces is not None:
        s = replaced(s, **{"faces": faces})
    return finish_turn(s)


def test_R01_game_turn_runs_tension_inspiration_refund_figures_end() -> None:
    s, ev = second_turn()
    s, more = play(s, KeepTension()) if s.phase == "tension" else (s, [])
    while s.phase == "dofus":
        s, m = play(s, RS.legal_intents(s)[0])
        more += m
    s, m = play(s, EndInspiration())
    more += m
    s, m = finish_turn(s)
    more += m
    order = [k for k in kinds(ev + more)
             if k in ("roll", "refund", "preliminary", "end_activation", "end_turn", "turn")]
    # Turn 2 begins, Tension is rolled, dice are sold, figures act, the turn ends.
    first_roll = order.index("roll")
    assert order[first_roll - 1] == "turn"
    assert order.index("refund") > first_roll
    prelim = [i for i, k in enumerate(order) if k == "preliminary"]
    assert prelim and all(i > order.index("refund") for i in prelim[-4:])
    assert order[-3:] == ["end_turn", "turn", "roll"]
    assert s.active == RS.new_game(seed=1).first and s.turn == 3


def test_R02_active_player_rolls_two_tension_dice() -> None:
    s, ev = second_turn()
    rolls = [e for e in ev if e.kind == "roll"]
    assert s.phase == "tension" and len(s.dice) == 2
    assert rolls[-1].random and rolls[-1].player == s.active
    assert rolls[-1].data["faces"] == list(s.dice)
    assert RS.legal_intents(s) == [Reroll(), KeepTension()]


def test_R03_reroll_uses_one_die_and_ignores_the_first_two() -> None:
    s, _ = second_turn(faces=("lock",))
    assert s.dice == ("lock", "lock")
    s2, ev = play(s, Reroll())
    assert s2.dice == ("lock",) and s2.rerolled
    assert [e.data["faces"] for e in ev if e.kind == "roll"] == [["lock"]]
    # The ignored double costs nothing.
    assert s2.gg == s.gg and "double" not in kinds(ev)


def test_R04_double_costs_each_player_a_gg() -> None:
    s, _ = second_turn(faces=("armour",))
    s2, ev = play(s, KeepTension())
    assert "double" in kinds(ev)
    assert s2.gg == (s.gg[0] - 1, s.gg[1] - 1)
    assert s2.wild_gg == s.wild_gg + 2  # house rule H2: lost GG go to the wild pool
    assert s2.phase == "inspiration"


def test_R04_double_after_setting_the_dofus_face() -> None:
    s, _ = second_turn(faces=("dofus",))
    s, _ = play(s, KeepTension())
    assert s.phase == "dofus"
    s, _ = play(s, SetDofus(die=0, face="dodge"))
    assert s.phase == "dofus"
    s2, ev = play(s, SetDofus(die=1, face="dodge"))
    assert "double" in kinds(ev) and s2.gg == (s.gg[0] - 1, s.gg[1] - 1)
    s3, ev = play(s, SetDofus(die=1, face="lock"))
    assert "double" not in kinds(ev) and s3.gg == s.gg and s3.dice == ("dodge", "lock")


def test_R04_losing_the_last_gg_to_a_double_loses_at_once() -> None:
    s, _ = second_turn(faces=("armour",))
    loser = 1 - s.active
    gg = (1, 4) if loser == 0 else (4, 1)
    s2, ev = play(replaced(s, **{"gg": gg}), KeepTension())
    assert RS.winner(s2) == 1 - loser and RS.to_act(s2) is None
    # Both on their last GG: the seed has each opponent win, so we call it a draw.
    s3, _ = play(replaced(s, **{"gg": (1, 1)}), KeepTension())
    assert RS.to_act(s3) is None and RS.winner(s3) is None


def test_R05_first_player_does_not_roll_for_tension_on_the_first_turn() -> None:
    s = RS.new_game(seed=3)
    assert s.turn == 1 and s.active == s.first
    assert s.phase == "activation" and s.dice == () and s.kamas == (0, 0)
    _, ev = new_state(3, RS.setup({}))
    assert "roll" not in kinds(ev) and "tension" in kinds(ev)
    assert s.rng.counter == 0  # no die was drawn


@pytest.mark.parametrize("face", ["critical", "armour", "dodge", "lock"])
def test_R06_inspiration_die_gives_the_power_of_its_side(face: str) -> None:
    s, _ = second_turn(faces=(face,))
    s, _ = play(s, KeepTension())
    s = replaced(s, **{"gg": (6, 6), "wild_gg": 1})
    mine = [f for f in s.figures if f.owner == s.active]
    before = s.power(mine[0], face)
    s, ev = play(s, Inspire(die=0, figure=mine[0].id))
    assert s.power(s.figures[mine[0].id], face) == before + 1
    assert "inspire" in kinds(ev)


def test_R06_armour_die_protects_during_the_opponent_turn() -> None:
    # Defender (player 1) wears an Armour Inspiration die during player 0's turn.
    s = make(figures=[(FIGHTER, 0, (0, 0)), (DUMMY, 1, (0, 1))], faces=("armour",))
    plain, _ = play(s, Cast(figure=0, spell=0, target=1))
    inspired = with_fig(s, 1, {"inspiration": ("armour",)})
    hit, ev = play(inspired, Cast(figure=0, spell=0, target=1))
    # Every die shows Armour: 1 die → -1 damage; with the die, 2 dice → -2 damage.
    assert 10 - plain.figures[1].hp == 2
    assert 10 - hit.figures[1].hp == 1
    assert [len(e.data["faces"]) for e in ev if e.kind == "roll"] == [1, 2]


def test_R07_two_dice_on_one_figure_or_on_two_or_none() -> None:
    s, _ = second_turn(faces=("critical",))
    s, _ = play(s, KeepTension())
    s = replaced(s, **{"gg": (6, 6)})
    mine = [f.id for f in s.figures if f.owner == s.active]
    both, _ = play(s, Inspire(die=0, figure=mine[0]), Inspire(die=0, figure=mine[0]))
    assert both.figures[mine[0]].inspiration == ("critical", "critical")
    assert both.phase == "activation" and both.dice == ()
    split, _ = play(s, Inspire(die=0, figure=mine[0]), Inspire(die=0, figure=mine[1]))
    assert split.figures[mine[0]].inspiration == ("critical",)
    assert split.figures[mine[1]].inspiration == ("critical",)
    none, _ = play(s, EndInspiration())
    assert all(not f.inspiration for f in none.figures)


def test_R08_dice_stay_until_the_placing_player_next_turn() -> None:
    s, p, fid = _to_inspiration("lock")
    s, _ = play(s, Inspire(die=0, figure=fid), EndInspiration())
    s, _ = finish_turn(s)  # p's turn ends: the die stays through the opponent's turn
    assert s.active == 1 - p and s.figures[fid].inspiration == ("lock",)
    assert s.power(s.figures[fid], "lock") >= 1
    s = to_activation(s)
    s, _ = finish_turn(s)  # start of p's next turn: the die is removed
    assert s.active == p and s.figures[fid].inspiration == ()


@pytest.mark.parametrize(("placed", "gain"), [(0, 3), (1, 1), (2, 0)])
def test_R09_refund_sells_unplaced_dice_for_kamas(placed: int, gain: int) -> None:
    s, _ = second_turn(faces=("dodge",))
    p = s.active
    s, _ = play(s, KeepTension())
    s = replaced(s, **{"gg": (6, 6)})
    fid = next(f.id for f in s.figures if f.owner == p)
    before = s.kamas[p]
    s, ev = play(s, *[Inspire(die=0, figure=fid)] * placed)
    if placed < 2:
        s, ev = play(s, EndInspiration())
    assert s.kamas[p] == before + gain and s.dice == ()
    assert ("refund" in kinds(ev)) == (gain > 0)
    sold = [e.text for e in ev if e.kind == "refund"]
    assert sold == ([f"Refund: player {p + 1} sells {2 - placed} "
                     f"{'dice' if placed == 0 else 'die'} for {gain} "
                     f"kama{'s' if gain > 1 else ''}."] if gain else [])


def test_R09_single_reroll_die_sells_for_one_kama() -> None:
    s, _ = second_turn(faces=("dodge",))
    p = s.active
    s, _ = play(s, Reroll(), EndInspiration())
    assert s.kamas[p] == 1


def test_R10_figures_act_left_to_right_with_three_phases() -> None:
    s = RS.new_game(seed=2)
    line = s.timelines[s.active]
    inits = [s.card(s.figures[i]).initiative for i in line]
    assert inits == sorted(inits, reverse=True)
    seen = [s.acting().id]  # type: ignore[union-attr]
    s, ev = finish_turn(s)
    seen += [e.data["figure"] for e in ev if e.kind == "preliminary"]
    assert seen == list(line)
    ends = [e.data["figure"] for e in ev if e.kind == "end_activation"]
    assert ends == list(line)


def test_R10_preliminary_phase_refills_mp_and_ap() -> None:
    s = make(figures=[(FIGHTER, 0, (0, 0)), (FIGHTER, 0, (5, 5)), (DUMMY, 1, (9, 9))])
    spent = with_fig(s, 1, {"mp": 0, "ap": 0})
    s2, ev = play(spent, EndActivation(figure=0))
    assert s2.acting() is not None and s2.acting().id == 1  # type: ignore[union-attr]
    assert (s2.figures[1].mp, s2.figures[1].ap) == (FIGHTER.mp, FIGHTER.ap)
    assert kinds(ev) == ["end_activation", "preliminary"]


def test_R11_after_the_last_figure_the_opponent_becomes_active() -> None:
    s = RS.new_game(seed=4)
    p, turn = s.active, s.turn
    s2, ev = finish_turn(s)
    assert s2.active == 1 - p and s2.turn == turn + 1
    assert "end_turn" in kinds(ev)
    assert s2.phase == "tension" and RS.to_act(s2) == 1 - p


# ---- seed statements the tests above leave implicit (audit against the seed, section 5) ----
def test_R03_the_reroll_happens_once() -> None:
    # 5.2.2 "he can reroll": once; the single die then goes straight on to Inspiration.
    s, _ = second_turn(faces=("critical",))
    s2, _ = play(s, Reroll())
    assert s2.phase == "inspiration" and s2.dice == ("critical",)
    assert Reroll() not in RS.legal_intents(s2) and KeepTension() not in RS.legal_intents(s2)


@pytest.mark.parametrize("quiet", [False, True])
def test_R04_the_active_player_losing_the_last_gg_loses_too(quiet: bool) -> None:
    # 5.2.3 "If a player loses his last GG this way, his opponent wins": either player.
    s, _ = second_turn(faces=("lock",))
    p = s.active
    gg = (1, 4) if p == 0 else (4, 1)
    out = RS.apply(replaced(s, **{"gg": gg}), KeepTension(), quiet=quiet).state
    assert RS.winner(out) == 1 - p and RS.to_act(out) is None


def test_R05_the_second_player_rolls_on_their_first_turn() -> None:
    # 5.2.4 spares only the first player, and only on the game's first turn.
    s = RS.new_game(seed=3)
    s, ev = finish_turn(s)
    assert s.turn == 2 and s.active == 1 - s.first
    assert s.phase == "tension" and len(s.dice) == 2 and "roll" in kinds(ev)


def _to_inspiration(face: str) -> tuple[Any, int, int]:
    """The second turn's Inspiration with one ``face`` die kept, GG to spare: the state, the
    active player and one of their figures."""
    s, _ = second_turn(faces=(face,))
    p = s.active
    s, _ = play(s, KeepTension())
    s = replaced(s, **{"gg": (6, 6)})
    return s, p, next(f.id for f in s.figures if f.owner == p)


def test_R08_the_power_goes_with_the_die() -> None:
    # 5.3.3 "The Krosmaster loses the Power conferred by the Inspiration Die when the die is
    # removed from his card."
    s, p, fid = _to_inspiration("dodge")
    printed = s.card(s.figures[fid]).powers.count("dodge")
    s, _ = play(s, Inspire(die=0, figure=fid), Inspire(die=0, figure=fid))
    assert s.power(s.figures[fid], "dodge") == printed + 2
    s, _ = finish_turn(s)
    assert s.active == 1 - p and s.power(s.figures[fid], "dodge") == printed + 2
    s = to_activation(s)
    s, _ = finish_turn(s)
    assert s.active == p and s.power(s.figures[fid], "dodge") == printed


@pytest.mark.parametrize("quiet", [False, True])
def test_R10_a_knocked_out_figure_gets_no_turn(quiet: bool) -> None:
    # 5.1.3 / 5.5.1: a turn for each Game Piece *in* the Timeline; a knocked-out one left it.
    s = make(figures=[(FIGHTER, 0, (0, 0)), (FIGHTER, 0, (5, 5)), (DUMMY, 0, (3, 3)),
                      (DUMMY, 1, (9, 9))])
    s = with_fig(s, 1, {"cell": None, "hp": 0, "mp": 0})
    out = RS.apply(s, EndActivation(figure=0), quiet=quiet).state
    acting = out.acting()
    assert acting is not None and acting.id == 2 and out.figures[1].mp == 0


def test_house_H6_inspiration_dice_go_on_the_active_player_standing_figures() -> None:
    # The seed says "a Krosmaster card"; house rule H6 reads it as one of the placer's own.
    s, _ = second_turn(faces=("armour",))
    s, _ = play(s, KeepTension())
    s = replaced(s, **{"gg": (6, 6)})
    targets = {i.figure for i in RS.legal_intents(s) if isinstance(i, Inspire)}
    assert targets == {f.id for f in s.figures if f.owner == s.active and f.alive}
    theirs = next(f.id for f in s.figures if f.owner != s.active)
    with pytest.raises(IllegalIntent, match="your own"):
        RS.apply(s, Inspire(die=0, figure=theirs))
