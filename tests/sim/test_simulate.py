"""``playtable simulate``: the same seed and pack give the same report whatever the workers;
a broken pack is refused before anything runs; Ctrl+C writes the report of the games done; a
game that fails is counted with its seed; example games replay to the result counted."""

from __future__ import annotations

import csv
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import rules.sim.match as match_module
from game.__main__ import tool
from rules.records import load_record, replay_full
from rules.sim.match import GameResult
from rules.sim.plan import Match, plan
from rules.sim.simulation import Request, simulate

DATA = Path(__file__).resolve().parent.parent / "data" / "sim"
ROOT = Path(__file__).resolve().parents[2]


def planted(out: Path, workers: int, games: int = 40, agents: str = "random") -> Request:
    return Request(game="dreadnought", games=games, seed=7, decks=("Mirror", "Mirror"),
                   agents=(agents, agents), pack=DATA / "planted", workers=workers, out=out)


@pytest.mark.slow  # process pools of one and two workers: CI's slow suite
def test_the_same_seed_gives_the_same_report_with_one_worker_or_two(tmp_path: Path) -> None:
    one = simulate(planted(tmp_path / "one", 1))
    two = simulate(planted(tmp_path / "two", 2))
    assert not one.interrupted and not two.interrupted
    for name in ("summary.json", "report.html"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()
    other = simulate(Request(**{**planted(tmp_path / "other", 2).__dict__, "seed": 8}))
    assert other.summary["cards"] != one.summary["cards"]  # the seed does matter


def test_the_games_alternate_seats_and_swap_decks_and_agents() -> None:
    ms = plan("dreadnought", 4, 10, ("A", "B"), ("greedy", "random"))
    assert [m.deck_at for m in ms] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert [m.seat_agents() for m in ms] == [("greedy", "random"), ("random", "greedy"),
                                             ("random", "greedy"), ("greedy", "random")]
    assert [m.game_options()["decks"] for m in ms] == [["A", "B"], ["B", "A"]] * 2
    assert [m.seed for m in ms] == [10, 11, 12, 13]


def test_summary_counts_add_up_and_the_report_is_one_page(tmp_path: Path) -> None:
    s = simulate(planted(tmp_path, 2)).summary
    o = s["outcomes"]
    assert o["decisive"] + o["draws"] + o["turn_cap"] + o["errors"] == s["games_done"] == 40
    assert sum(d["wins"] for d in s["decks_win"]) == o["decisive"]
    assert sum(x["wins"] for x in s["seats_win"]) == o["decisive"]
    assert sum(s["length"]["decisions"]["counts"]) == 40 - o["errors"]
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    # win rates, 2 histograms (no card has 30 player-games on both sides: no card plot)
    assert page.count("data:image/png;base64,") >= 3
    assert "<script" not in page and 'src="http' not in page  # nothing loaded from outside
    assert "Jade Drone" in page and "Mirror" in page
    assert json.loads((tmp_path / "summary.json").read_text()) == s
    with (tmp_path / "cards.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [r["card"] for r in rows] == [r["card"] for r in s["cards"]]
    assert rows[0]["played_games"] == str(s["cards"][0]["played"]["games"])


def test_a_broken_pack_is_refused_with_the_check_errors(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(DATA / "fair", pack)
    units = pack / "units.toml"
    units.write_text(units.read_text().replace('grade = "C"', 'grade = "Z"', 1))
    out = tmp_path / "report"
    code = tool(["simulate", "--game", "dreadnought", "--pack", str(pack), "--decks",
                 "Mirror,Mirror", "--games", "10", "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 1
    assert "units.toml:" in err and "grade" in err and "nothing was run" in err
    assert not out.exists()


def test_an_unknown_deck_or_agent_is_named(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    assert tool(["simulate", "--game", "dreadnought", "--decks", "Nope,Iron Bulwark",
                 "--games", "2", "--out", str(tmp_path)]) == 2
    assert "Nope" in capsys.readouterr().err
    assert tool(["simulate", "--game", "dreadnought", "--agents", "greedy,clever",
                 "--games", "2", "--out", str(tmp_path)]) == 2
    assert "clever" in capsys.readouterr().err


def test_the_command_prints_the_headline_and_a_result_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = tool(["simulate", "--game", "dreadnought", "--pack", str(DATA / "planted"),
                 "--decks", "Mirror,Mirror", "--agents", "greedy,greedy", "--games", "60",
                 "--workers", "2", "--out", str(tmp_path), "--quiet"])
    out = capsys.readouterr().out
    assert code == 0
    assert "deck A (Mirror) wins" in out and "first player wins" in out
    assert "STRONG Jade Drone" in out
    assert "RESULT games=60 seconds=" in out and "flagged=" in out


def test_a_game_that_fails_is_counted_with_its_seed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = match_module._play

    def broken_on_game_3(m: Match, *args: Any) -> GameResult:
        if m.index == 3:
            raise ValueError("the rules broke")
        return real(m, *args)

    monkeypatch.setattr(match_module, "_play", broken_on_game_3)
    s = simulate(planted(tmp_path, 1, games=6)).summary
    assert s["outcomes"]["errors"] == 1
    (err,) = s["errors"]
    assert (err["index"], err["seed"]) == (3, 10)
    assert "ValueError: the rules broke" in err["error"]
    assert s["games_done"] == 6
    assert "the rules broke" in (tmp_path / "report.html").read_text(encoding="utf-8")


def test_an_interrupted_run_reports_the_games_done(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl+C raises KeyboardInterrupt in the loop receiving results."""
    def stop_after_5(done: int, total: int) -> None:
        if done == 5:
            raise KeyboardInterrupt

    outcome = simulate(planted(tmp_path, 1, games=30), progress=stop_after_5)
    assert outcome.interrupted
    assert outcome.summary["games_done"] == 5 and outcome.summary["interrupted"]
    assert json.loads((tmp_path / "summary.json").read_text())["games_done"] == 5


@pytest.mark.slow  # a real child process and its pool
@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")
def test_ctrl_c_stops_the_workers_and_writes_the_partial_report(tmp_path: Path) -> None:
    out = tmp_path / "report"
    proc = subprocess.Popen(
        [sys.executable, "-m", "rules", "simulate", "--game", "kyoukai", "--agents",
         "random,random", "--games", "100000", "--workers", "2", "--out", str(out)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    first = proc.stderr.readline()  # the progress bar's first line: games are being played
    assert "/100000" in first
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr
    s = json.loads((out / "summary.json").read_text())
    assert s["interrupted"] and 0 < s["games_done"] < 100000
    assert "(interrupted)" in stdout and (out / "report.html").exists()
    assert not [p for p in os.listdir(out) if p.endswith(".tmp")]


def test_an_example_game_replays_to_the_result_counted(tmp_path: Path) -> None:
    s = simulate(planted(tmp_path, 2, games=60, agents="greedy")).summary
    top = s["cards"][0]
    assert top["flag"] == "strong"
    example = top["examples"]["won"][0]
    record = load_record(tmp_path / s["example_files"][str(example["game"])])
    assert record.seed == example["seed"] and record.agents == ("greedy", "greedy")
    replayed = replay_full(record)
    winner = replayed.rs.winner(replayed.state)
    # The game was won by a player who played the card.
    played_by = {replayed.actors[i] for i, intent in enumerate(replayed.intents)
                 if any(p.card == top["card"]
                        for p in replayed.rs.played_cards(replayed.states[i], intent))}
    assert winner in played_by


def test_without_matplotlib_the_page_has_its_tables_and_says_why_no_plots(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The desktop executable leaves matplotlib out: its deck screen's reports still work."""
    import rules.sim.plots as plots

    monkeypatch.setattr(plots, "available", lambda: False)
    simulate(planted(tmp_path, 1, games=6))
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "<img" not in page and "built without matplotlib" in page
    assert "Jade Drone" in page


def test_the_client_imports_the_simulation_without_matplotlib_or_dask() -> None:
    code = ("import sys, game.scenes.decks, rules.sim.simulation; "
            "print(sorted(m for m in ('matplotlib', 'dask', 'distributed') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert out.stdout.strip().endswith("[]")


def test_krosmaster_reports_figures_and_spells_apart(tmp_path: Path) -> None:
    s = simulate(Request(game="krosmaster", games=6, seed=1, agents=("random", "random"),
                         workers=1, out=tmp_path)).summary
    assert {r["group"] for r in s["cards"]} == {"figure", "spell"}
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "<h2>Figures played</h2>" in page and "<h2>Spells played</h2>" in page
    # Krosmaster has no hand: no opening-hand or games-in-hand figure, and the page says so.
    assert s["hands"] is None
    assert "n/a: Krosmaster Arena has no hand" in page
