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
