"""Deck lists as text in the client: the deck screen copies a deck to the clipboard as
'count name' lines and pastes one back (a line naming no card stays, shown, as a placeholder
that keeps the deck from being saved), and ``playtable deck export|import``."""

from __future__ import annotations

import io
import shutil
from collections.abc import Callable
from pathlib import Path

import pygame

import rules
from game.deck_cli import main as deck_main
from game.scenes.decks import DeckScene
from rules.cli.check import check_command
from rules.core.decklist import text_of
from rules.core.paths import asset
from tests.game.conftest import Driver

RONIN = "Ronin's Pride"


def _deck_screen(d: Driver, deck: str | None = RONIN) -> DeckScene:
    d.app.to_decks("kyoukai", asset("packs", "kyoukai"), None, deck)
    d.frames(2)
    assert isinstance(d.app.scene, DeckScene)
    return d.app.scene


def test_copy_list_puts_the_deck_on_the_clipboard(menu: Callable[[], Driver]) -> None:
    d = menu()
    sc = _deck_screen(d)
    d.click(sc.copy_button.rect.center)
    fmt = rules.get("kyoukai").pack_format()
    assert fmt is not None and fmt.deck_cards is not None
    want = text_of(fmt, sc.cards, fmt.deck_cards(sc.models[RONIN]))
    assert pygame.scrap.get_text() == want and want.startswith("# Entrant\n1 Ronin Aki\n")
    assert sc.status.startswith("Copied the list")


def test_paste_list_keeps_unknown_lines_and_refuses_to_save_them(
        menu: Callable[[], Driver]) -> None:
    d = menu()
    sc = _deck_screen(d, None)
    pygame.scrap.put_text("# Entrant\n1 ronin aki\n# Gates\n3 Hunting Eagle\n2 Ronin Akki\n")
    d.click(sc.paste_button.rect.center)
    assert sc.copies == ["ronin_aki", "hunting_eagle", "hunting_eagle", "hunting_eagle"]
    assert [(e.line, e.written) for e in sc.placeholders] == [(5, "Ronin Akki")]
    assert sc.status_error and "line 5: unknown card 'Ronin Akki'" in sc.status
    assert sc.list_text().endswith("# Gates\n3 Hunting Eagle\n2 Ronin Akki\n")  # kept
    assert sc.save() is None and "line 5 of the pasted list: unknown card" in sc.status
    d.frames(2)
    line = next(r for e, r in sc.line_rects if not isinstance(e, str))  # drawn, in red
    d.click(line.center)
    assert sc.placeholders == [] and "Ronin Akki" not in sc.list_text()


def test_deck_export_then_import_writes_a_deck_the_pack_loads(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(asset("packs", "kyoukai"), pack)
    out = io.StringIO()
    assert deck_main(["export", str(pack), "--deck", RONIN, "--out",
                      str(tmp_path / "ronin.txt")], out) == 0
    text = (tmp_path / "ronin.txt").read_text(encoding="utf-8")
    target = pack / "deck-copy.toml"
    assert deck_main(["import", str(tmp_path / "ronin.txt"), "--pack", str(pack), "--out",
                      str(target), "--name", "Ronin Copy"], out) == 0
    assert check_command(pack, out=out) == 0  # "kyoukai: 27 cards, 3 decks: ok"
    said = io.StringIO()
    assert deck_main(["export", str(pack), "--deck", "Ronin Copy"], said) == 0
    assert said.getvalue() == text


def test_deck_import_names_each_unknown_line_and_writes_nothing(tmp_path: Path) -> None:
    listed = tmp_path / "mine.txt"
    listed.write_text("1 Ronin Aki\n2 Hunting Egle\n", encoding="utf-8")
    target = tmp_path / "deck-mine.toml"
    out = io.StringIO()
    assert deck_main(["import", str(listed), "--pack", str(asset("packs", "kyoukai")),
                      "--out", str(target)], out) == 1
    assert f"{listed}:2: unknown card 'Hunting Egle'" in out.getvalue()
    assert not target.exists()
