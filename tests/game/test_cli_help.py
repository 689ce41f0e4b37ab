"""``playtable --help`` says what every option does (--game and --seed said nothing)."""

from __future__ import annotations

import pytest

import rules
from game.__main__ import parser


def test_every_option_has_a_description() -> None:
    bare = [a.option_strings for a in parser()._actions if not (a.help or "").strip()]
    assert not bare


def test_help_names_the_games_and_the_subcommands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parser().parse_args(["--help"])
    out = " ".join(capsys.readouterr().out.split())  # as the terminal wraps it
    for game in rules.GAMES:
        assert game in out
    assert "playtable check" in out and "playtable print" in out
    assert "--seed N" in out and "the same seed deals the same game" in out


def test_playtable_replay_file_is_the_replay_option() -> None:
    from game.__main__ import parse, replay_command

    args = parse(replay_command(["report/games/game-000012-seed-12.json", "--size",
                                 "1280x720"]))
    assert str(args.replay) == "report/games/game-000012-seed-12.json"
    assert args.size == "1280x720"


def test_playtable_replay_without_a_file_says_what_it_needs(
        capsys: pytest.CaptureFixture[str]) -> None:
    from game.__main__ import replay_command

    with pytest.raises(SystemExit):
        replay_command([])
    assert "playtable replay" in capsys.readouterr().err
