"""Settings, UI scale, sounds and keyboard play, through the real app loop (headless SDL,
dummy audio): settings round trip and bad files, UI scale 1.0 vs 2.0 drawn proportionally,
keyboard-only moves in both games, the F1 list of keys, the Settings screen, sounds."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

import rules
from game.app import App
from game.draw.scale import fitting_scale, scale, set_scale
from game.input.keyboard import KeyFocus, KeyTargets
from game.layouts import playable
from game.scenes.settings import SettingsScene
from game.scenes.table import TableScene
from game.session import GameConfig
from game.settings import Settings, load, save, settings_path
from game.sound import Sounds, kind_of
from rules.core.model import Event
from tests.game.conftest import Driver

Make = Callable[..., Driver]
P1_FIRST = {"decks": ["Ashen Pact", "Brave Lanterns"]}


@pytest.fixture(autouse=True)
def scale_back() -> Iterator[None]:
    yield
    set_scale(1.0)  # the scale is global: later tests start at 1.0


# ---- settings -------------------------------------------------------------------------------
def test_settings_round_trip_keeps_other_keys(data_dir: Path) -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"designer_mode": True}))
    s = Settings(width=1600, height=900, fullscreen=True, ui_scale=1.5, animation_speed=2.0,
                 sound=False, volume=0.25)
    assert save(s)
    back, note = load()
    assert back == s and note is None
    assert json.loads(settings_path().read_text())["designer_mode"] is True


def test_missing_corrupt_and_old_settings_fall_back_with_a_message(data_dir: Path) -> None:
    assert load() == (Settings(), None)
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("{ not json")
    s, note = load()
    assert s == Settings() and note and "damaged" in note
    settings_path().write_text("[1, 2]")
    assert load()[0] == Settings() and load()[1]
    settings_path().write_text(json.dumps({"ui_scale": 7, "width": "big", "volume": 0.3,
                                           "retired_option": 1}))
    s, note = load()
    assert s.ui_scale == 1.0 and s.width == 1280 and s.volume == 0.3
    assert note and "ui_scale" in note and "width" in note


def test_app_starts_on_a_corrupt_settings_file_and_says_so(data_dir: Path) -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("\x00garbage")
    app = App((1280, 720))
    try:
        app.frame(0.016)
        assert app.files.window is not None and app.files.window.alive()  # the message
        assert "damaged" in app.files.last_message
        assert app.settings == Settings()
    finally:
        app.close()


# ---- UI scale -------------------------------------------------------------------------------
def _rects(app: App) -> dict[str, list[int]]:
    """Layout geometry of the table: board zones, hand cards, panels, log, buttons."""
    scene = app.scene
    assert isinstance(scene, TableScene)
    lay: Any = scene.layout
    out: dict[str, list[int]] = {"side": list(lay.side_rect()), "log": list(scene.log.rect)}
    for z in range(25):
        out[f"zone{z}"] = list(lay.zone_rect(z))
    for where, spots in lay.pieces().items():
        for src, pos in spots.items():
            out[f"{where}{src}"] = list(pos)
    if hasattr(lay, "hand"):
        for k, r in enumerate(lay.hand.rects):
            out[f"hand_rect{k}"] = list(r)
        for p in (0, 1):
            out[f"panel{p}"] = list(lay._panel_rect(p))
    if hasattr(lay, "_cards"):
        for fid, r in lay._cards.items():
            out[f"card{fid}"] = list(r)
        for name in ("timeline", "pools", "board_area"):
            out[name] = list(getattr(lay, name))
        out["tray"] = list(lay.tray.rect)
    for name, b in (("leave", scene.leave), ("undo", scene.undo_button)):
        out[name] = list(b.rect)
    return out


def _shot(game: str, factor: float, size: tuple[int, int], tmp: Path,
          options: dict[str, Any]) -> tuple[dict[str, list[int]], pygame.Surface, int]:
    save(Settings(ui_scale=factor))
    app = App(size, game=GameConfig(game=game, seed=4, seats=("human", "computer"),
                                    agent_delay=0.0, autosave=False, options=options))
    try:
        assert scale() == factor
        for _ in range(3):
            app.frame(0.016)
        path = tmp / f"{game}-{factor}.png"
        pygame.image.save(app.screen, str(path))
        shot = pygame.image.load(str(path))
        button_font = app.scene.leave.font.size("Menu")[1]  # type: ignore[attr-defined]
        return _rects(app), shot, button_font
    finally:
        app.close()


@pytest.mark.parametrize(("game", "options"), [("kyoukai", {}), ("krosmaster", P1_FIRST)])
def test_ui_scale_two_draws_the_same_layout_twice_as_big(game: str, options: dict[str, Any],
                                                         tmp_path: Path) -> None:
    one, shot1, font1 = _shot(game, 1.0, (1280, 720), tmp_path, options)
    two, shot2, font2 = _shot(game, 2.0, (2560, 1440), tmp_path, options)
    assert shot2.get_size() == (2 * shot1.get_width(), 2 * shot1.get_height())
    assert one.keys() == two.keys() and len(one) > 30
    for name, a in one.items():
        b = two[name]
        assert all(abs(2 * x - y) <= 3 for x, y in zip(a, b, strict=True)), (name, a, b)
    assert font2 >= 1.8 * font1  # pygame-gui's theme fonts are scaled too


# ---- keyboard -------------------------------------------------------------------------------
def _tab_to(d: Driver, wanted: Callable[[Any], bool], limit: int = 60) -> Any:
    for _ in range(limit):
        h = d.scene.handler
        st = h.stop if isinstance(h, KeyFocus) else None
        if isinstance(h, KeyTargets):
            st = h.targets[h.index]
        if st is not None and wanted(st):
            return st
        d.key(pygame.K_TAB)
    raise AssertionError("Tab never reached the wanted stop")


def test_keyboard_only_opens_a_gate_from_the_hand(table: Make) -> None:
    d = table(seed=1, seats=("human", "human"), auto_pass=False)
    s = d.scene.session
    before = s.state
    hand = set(before.players[0].hand)
    d.key(pygame.K_TAB)
    assert d.scene.handler.name == "keyfocus"
    d.frames()
    assert d.scene.handler.overlay(d.scene).focus is not None  # the ring is drawn

    def openable(st: Any) -> bool:
        return st.kind == "piece" and st.key in hand and any(
            i.kind == "open" and i.zone >= 0 for i in d.scene.legal() if
            getattr(i, "card", None) == st.key)

    card = _tab_to(d, openable).key
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene.handler, KeyTargets)
    zone, here = _tab_to(d, lambda t: t[0] is not None and len(t[1]) == 1)
    intent = here[0]
    assert intent.kind == "open" and intent.card == card and intent.zone == zone
    expected = rules.get("kyoukai").apply(before, intent).state
    d.key(pygame.K_RETURN)
    assert s.state == expected
    assert s.intents[-1] == intent.to_json()


def test_escape_backs_out_one_level_at_a_time(table: Make) -> None:
    d = table(seed=1, seats=("human", "computer"))
    d.key(pygame.K_TAB)
    d.key(pygame.K_RETURN)
    assert d.scene.handler.name in ("keytargets", "menu")
    d.key(pygame.K_ESCAPE)
    assert d.scene.handler.name == "keyfocus"
    d.key(pygame.K_ESCAPE)
    assert d.scene.handler.name == "idle"
    assert d.scene.session.intents == ()


def test_keyboard_only_moves_a_krosmaster_figure(table: Make) -> None:
    d = table(game="krosmaster", seed=1, seats=("human", "computer"), options=P1_FIRST)
    s = d.scene.session
    before = s.state
    fig = before.acting()
    assert fig is not None and fig.owner == 0
    d.key(pygame.K_TAB)
    _tab_to(d, lambda st: st.kind == "piece" and st.key == fig.id)
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene.handler, KeyTargets)
    d.key(pygame.K_TAB)
    zone, here = d.scene.handler.targets[d.scene.handler.index]
    assert len(here) == 1 and here[0].kind == "move" and here[0].to == zone
    expected = rules.get("krosmaster").apply(before, here[0]).state
    d.key(pygame.K_RETURN)
    assert s.state == expected
    assert s.state.figures[fig.id].cell == zone


def test_tab_reaches_the_table_buttons(table: Make) -> None:
    d = table(seed=1, seats=("human", "computer"))
    before = d.scene.session.state
    d.key(pygame.K_TAB)
    st = _tab_to(d, lambda st: st.kind == "button")
    intent = next(i for i in d.scene.legal() if i.kind == st.key)
    rules.get("kyoukai").apply(before, intent)  # legal
    d.key(pygame.K_RETURN)
    assert d.scene.session.intents[0] == intent.to_json()


def test_f1_shows_and_hides_the_keys(table: Make) -> None:
    d = table(seed=1, seats=("human", "computer"))
    d.frames()
    before = pygame.image.tobytes(d.app.screen, "RGB")
    d.key(pygame.K_F1)
    assert d.app.help_open
    shown = pygame.image.tobytes(d.app.screen, "RGB")
    assert shown != before
    d.key(pygame.K_SPACE)  # keys go to the overlay, not the table
    assert d.scene.session.intents == ()
    d.key(pygame.K_F1)
    assert not d.app.help_open
    d.key(pygame.K_F1)
    d.key(pygame.K_ESCAPE)
    assert not d.app.help_open


# ---- settings screen ------------------------------------------------------------------------
@pytest.mark.parametrize("game", playable())
def test_settings_screen_applies_live_cancels_and_keeps(table: Make, game: str) -> None:
    d = table(game=game, seed=1, seats=("human", "computer"))
    table_scene = d.app.scene
    d.key(pygame.K_F10)
    assert isinstance(d.app.scene, SettingsScene)
    assert not table_scene.leave.visible  # type: ignore[attr-defined]
    for _ in range(2):
        d.key(pygame.K_DOWN)  # window size, fullscreen, UI scale
    d.key(pygame.K_RIGHT)
    assert d.app.settings.ui_scale == 1.25  # in force at once (as far as 1280x720 holds)
    assert scale() == fitting_scale(1.25, d.app.size)
    d.frames()
    d.key(pygame.K_ESCAPE)  # cancel: back as it was
    assert d.app.scene is table_scene and d.app.settings.ui_scale == 1.0 and scale() == 1.0
    assert table_scene.leave.visible  # type: ignore[attr-defined]
    d.app.open_settings()
    d.frames()
    d.key(pygame.K_UP)  # from the top row up: Volume
    d.key(pygame.K_LEFT)
    d.key(pygame.K_RETURN)
    assert d.app.scene is table_scene
    assert load()[0].volume == pytest.approx(0.6)


def test_menu_opens_settings(data_dir: Path) -> None:
    app = App((1280, 720))
    try:
        d = Driver(app)
        menu = app.scene
        d.post(pygame.USEREVENT)  # a frame for the UI
        d.frames()
        d.click(menu.settings.rect.center)  # type: ignore[attr-defined]
        assert isinstance(app.scene, SettingsScene)
        d.key(pygame.K_ESCAPE)
        assert app.scene is menu
    finally:
        app.close()


# ---- sound ----------------------------------------------------------------------------------
def test_events_pick_one_sound() -> None:
    def ev(kind: str, **kw: Any) -> Event:
        return Event(kind=kind, text=kind, **kw)

    assert kind_of([ev("open"), ev("damage")]) == "damage"
    assert kind_of([ev("roll", random=True)]) == "dice"
    assert kind_of([ev("open")]) == "card"
    assert kind_of([ev("draw", random=True), ev("step")]) is None


def test_sounds_play_on_rules_events_with_the_dummy_audio_driver(table: Make) -> None:
    d = table(seed=1, seats=("human", "computer"))
    d.key(pygame.K_TAB)
    d.key(pygame.K_RETURN)
    d.key(pygame.K_TAB)
    d.key(pygame.K_RETURN)
    if d.scene.handler.name == "menu":
        d.key(pygame.K_RETURN)
    assert d.scene.session.intents
    assert "card" in d.app.sounds.played or "click" in d.app.sounds.played


def test_no_mixer_means_silence_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*a: Any, **k: Any) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    s = Sounds()
    assert s.start() is False
    s.play("dice")
    s.on_events([Event(kind="damage", text="hit")])
    s.configure(True, 0.5)
    assert s.played == ["dice", "damage"]
