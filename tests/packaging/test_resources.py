"""Every shipped resource the program reads is found through the one resource function
(rules.core.paths.asset), from a checkout, a PyInstaller bundle or an installed package."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import rules
from rules.core.newgame import shipped_pack
from rules.core.packs import format_for, load_pack
from rules.core.paths import INSTALLED_NAME, asset, resource_root
from rules.krosmaster.setup import DEFAULT_MAP, pack_dir

CHECKOUT = Path(__file__).resolve().parents[2] / "assets"


def shipped_files(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def test_the_checkout_is_the_resource_root_when_running_from_source() -> None:
    assert resource_root() == CHECKOUT
    assert asset("ui", "theme.json") == CHECKOUT / "ui" / "theme.json"


@pytest.mark.parametrize("rel", shipped_files(CHECKOUT))
def test_each_shipped_file_is_found_through_asset(rel: str) -> None:
    assert asset(*rel.split("/")).is_file()


def test_every_pack_map_and_theme_the_program_uses_is_a_shipped_resource() -> None:
    root = resource_root()
    used = [shipped_pack(rules.registry.info("kyoukai")), pack_dir({}),
            pack_dir({}) / "maps" / f"{DEFAULT_MAP}.toml", asset("ui", "theme.json")]
    for p in used:
        assert p.exists(), p
        assert p.resolve().is_relative_to(root.resolve()), p
    packs = sorted(p.name for p in asset("packs").iterdir() if p.is_dir())
    assert set(rules.GAMES) <= set(packs)  # every ruleset's default pack ships
    for name in packs:
        assert any(asset("packs", name).glob("*.toml")), name
    maps = list(asset("packs", "krosmaster", "maps").glob("*.toml"))
    assert maps and all(m.stat().st_size > 0 for m in maps)


@pytest.mark.parametrize("name", sorted(rules.GAMES))
def test_every_ruleset_starts_a_game_from_its_shipped_pack(name: str) -> None:
    rs = rules.GAMES[name]
    state = rs.new_game(seed=1)
    shipped = dict(load_pack(format_for(name, rules.GAMES), asset("packs", name)).cards)
    in_play = rs.card_hashes(state)
    # The cards in play are the shipped pack's cards, with the shipped data.
    assert in_play and set(in_play) <= set(shipped), sorted(set(in_play) - set(shipped))
    same, changed = rs.replace_cards(state, shipped)
    assert changed == [], [e.text for e in changed]
    assert rs.card_hashes(same) == in_play
    # And it is a game that can be played from the first decision.
    assert rs.to_act(state) in (0, 1) and rs.legal_intents(state)
    assert rs.load(rs.dump(state)) == state


def test_a_bundle_reads_its_own_assets_folder(tmp_path: Path) -> None:
    assert resource_root(bundle=str(tmp_path)) == tmp_path / "assets"


def test_an_installed_package_reads_playtable_assets_beside_the_code(tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / INSTALLED_NAME).mkdir()
    assert resource_root(bundle="", code_root=tmp_path) == tmp_path / INSTALLED_NAME
    (tmp_path / "assets").mkdir()  # a checkout's own folder wins (editable installs)
    assert resource_root(bundle="", code_root=tmp_path) == tmp_path / "assets"


def test_a_bundle_with_the_shipped_files_has_them_all(tmp_path: Path) -> None:
    shutil.copytree(CHECKOUT, tmp_path / "assets")
    root = resource_root(bundle=str(tmp_path))
    assert shipped_files(root) == shipped_files(CHECKOUT)
