"""Paired experiments (``playtable simulate --variant/--without/--compare/--variants/--ablate``):
every arm plays the same games; a change no rule reads gives the very same games and a
difference of exactly 0; an arm's example game replays as it was played; what a designer
types wrong is one line naming it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from rules.__main__ import main as rules_main
from rules.core.errors import DataError
from rules.records import load_record, replay_full
from rules.sim.simulation import Request, prepare, simulate

DATA = Path(__file__).resolve().parent.parent / "data" / "sim"


def request(out: Path, games: int = 30, **more: Any) -> Request:
    return Request(game="dreadnought", games=games, seed=5, agents=("random", "random"),
                   workers=1, out=out, **more)


def lines(out: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in (out / "games.jsonl").read_text().splitlines()]


def test_a_change_no_rule_reads_plays_the_same_games_and_a_difference_of_0(
        tmp_path: Path) -> None:
    s = simulate(request(tmp_path, variants=("scout_drone.text=Only the words change",))
                 ).summary
    arm = s["experiment"]["arms"][1]
    p = arm["paired"]
    assert p["pairs"] == 30 and p["same_games"] == 30
    assert p["deck_a"]["difference"] == 0.0 and p["deck_a"]["up"] == p["deck_a"]["down"] == 0
    assert p["deck_a"]["lo"] < 0 < p["deck_a"]["hi"]
    games = lines(tmp_path)
    by_arm = [{g["game"]: {k: v for k, v in g.items() if k != "arm"} for g in games
               if g["arm"] == a} for a in (0, 1)]
    assert by_arm[0] == by_arm[1] and len(by_arm[0]) == 30  # game for game, choices too


def test_a_change_that_matters_changes_games_and_says_so(tmp_path: Path) -> None:
    s = simulate(request(tmp_path, variants=("scout_drone.bp=500",))).summary
    p = s["experiment"]["arms"][1]["paired"]
    assert p["same_games"] < p["pairs"] == 30
    assert s["experiment"]["arms"][1]["label"] == "Scout Drone: bp = 500"
    page = (tmp_path / "report.html").read_text()
    assert "Scout Drone: bp = 500" in page and "paired difference" in page
    assert "Two separate runs of" in page


def test_an_arms_example_game_replays_as_it_was_played(tmp_path: Path) -> None:
    s = simulate(request(tmp_path, variants=("scout_drone.bp=500",))).summary
    files = s["example_files"]
    best = s["experiment"]["arms"][1]["best_game"]
    name = files[f"1:{best['game']}"]
    record = load_record(tmp_path / name)
    assert record.options["changes"] == [{"card": "scout_drone", "set": {"bp": 500}}]
    replayed = replay_full(record)
    played = next(g for g in lines(tmp_path) if g["arm"] == 1 and g["game"] == best["game"])
    assert replayed.rs.winner(replayed.state) == played["winner"]
    assert replayed.state.catalog["scout_drone"].bp == 500
    page = (tmp_path / "report.html").read_text()
    assert f"<code>playtable replay {name}</code>" in page
    assert f'<a href="{name}">record</a>' in page


def test_every_example_game_has_its_replay_command(tmp_path: Path) -> None:
    s = simulate(request(tmp_path, variants=("scout_drone.bp=500",))).summary
    page = (tmp_path / "report.html").read_text()
    assert s["example_files"]
    for name in s["example_files"].values():
        assert f"<code>playtable replay {name}</code>" in page


def test_a_card_swapped_in_one_deck_only(tmp_path: Path) -> None:
    prep = prepare(request(tmp_path, without="scout_drone", instead="stone_pup",
                           within="Vanguard Rush"))
    arm = prep.plan.arms[1]
    slot = prep.settings.decks.index("Vanguard Rush")
    assert arm.changes == ({"card": "scout_drone", "instead": "stone_pup", "slot": slot},)
    for g in (0, 1):  # deck B sits at seat 1, then 0: the change follows the deck
        opts = prep.plan.match(g, 1).game_options()
        seat = opts["decks"].index("Vanguard Rush")
        assert opts["changes"][0]["deck"] == seat


def test_the_deck_rules_an_experiment_breaks_are_listed(tmp_path: Path) -> None:
    prep = prepare(request(tmp_path, without="scout_drone", instead="spark_runner"))
    assert any("spark_runner" in b for b in prep.broken[1]), prep.broken


def test_an_ablation_has_one_arm_per_card_of_the_deck(tmp_path: Path) -> None:
    prep = prepare(request(tmp_path, ablate="A"))
    deck_a = prep.settings.decks[0]
    assert prep.kind == "ablation" and prep.ablated == 0
    cards = [a.changes[0]["card"] for a in prep.plan.arms[1:]]
    assert len(cards) == len(set(cards)) > 10
    assert all(a.changes[0]["slot"] == 0 and a.changes[0]["blank"] for a in prep.plan.arms[1:])
    assert deck_a in ("Iron Bulwark", "Vanguard Rush")


def test_a_variant_file_makes_one_arm_per_table(tmp_path: Path) -> None:
    f = tmp_path / "what-if.toml"
    f.write_text('[[variant]]\nname = "Faster scouts"\nset = { "scout_drone.grade" = "B" }\n\n'
                 '[[variant]]\nwithout = "Scout Drone"\ninstead = "stone_pup"\n'
                 'deck = "B"\n', encoding="utf-8")
    prep = prepare(request(tmp_path, variant_file=f))
    labels = [a.label for a in prep.plan.arms]
    assert labels[1] == "Faster scouts"
    assert labels[2] == "Stone Pup instead of Scout Drone in deck B"


def test_a_bad_variant_file_names_each_line(tmp_path: Path) -> None:
    f = tmp_path / "what-if.toml"
    f.write_text('[[variant]]\nset = { "nope.bp" = 1 }\n\n[[variant]]\ncolour = "red"\n'
                 'without = "scout_drone"\n', encoding="utf-8")
    with pytest.raises(DataError) as e:
        prepare(request(tmp_path, variant_file=f))
    errors = e.value.errors
    assert any(m.startswith(f"{f}:2: variant #1: set:") and "'nope'" in m for m in errors)
    assert any(m.startswith(f"{f}:5: variant #2: colour: unknown key") for m in errors)


@pytest.mark.parametrize(("args", "says"), [
    (["--variant", "scout_drone.bp"], "--variant: 'scout_drone.bp' is not CARD.FIELD=VALUE"),
    (["--variant", "scout_dron.bp=90"], "did you mean 'scout_drone'"),
    (["--variant", "scout_drone.bp=900"], "bp: Input should be less than or equal to 500"),
    (["--variant", "scout_drone.speed=2"], "the card has no 'speed'"),
    (["--without", "scout_drone", "--ablate", "A"], "one experiment at a time"),
    (["--instead", "stone_pup"], "--instead and --in go with --without"),
    (["--ablate", "Nope"], "--ablate: 'Nope' is not one of the two decks"),
])
def test_what_a_designer_types_wrong_is_named(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str],
                                              args: list[str], says: str) -> None:
    code = rules_main(["simulate", "--game", "dreadnought", "--games", "2", "--quiet",
                       "--workers", "1", "--out", str(tmp_path / "r"), *args])
    err = capsys.readouterr().err
    assert code == 2 and says in err, err
    assert "Traceback" not in err and not (tmp_path / "r").exists()


def test_compare_plays_the_same_games_with_another_pack(tmp_path: Path) -> None:
    other = tmp_path / "other"
    shutil.copytree(DATA / "fair", other)
    units = other / "units.toml"
    units.write_text(units.read_text().replace("bp = 80", "bp = 200", 1))
    s = simulate(Request(game="dreadnought", games=20, seed=1, decks=("Mirror", "Mirror"),
                         agents=("random", "random"), pack=DATA / "fair", workers=1,
                         out=tmp_path / "r", compare=other)).summary
    arm = s["experiment"]["arms"][1]
    assert arm["pack"] == str(other.resolve()) and arm["paired"]["pairs"] == 20
