"""Every screen of the client, one after another, at a chosen window size and UI scale: the
layout test walks them (nothing leaves the window, no two text boxes overlap) and
tools/screens.py saves them as pictures. Needs a display (the dummy driver will do)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame

from game.app import App
from game.draw.scale import fitting_scale, scale
from game.packs import pack_folder
from game.scenes.table import TableScene
from game.session import GameConfig
from rules import agents, records
from rules import registry as rules

SCREENS = ("menu", "kyoukai", "krosmaster", "dreadnought", "bos", "nullshapers", "game_over",
           "settings", "keys", "howto", "howto_krosmaster", "decks", "replay")


def played_record(game: str, seed: int, moves: int) -> records.Record:
    """A record of ``moves`` intents of ``game`` played by the greedy agent (no window)."""
    rs = rules.get(game)
    rec = records.new_record(game, seed, {}, ("human", "computer"))
    state = rs.new_game(seed=seed)
    players = (agents.GreedyAgent(seed), agents.GreedyAgent(seed + 1))
    for _ in range(moves):
        p = rs.to_act(state)
        if p is None:
            break
        intent = players[p].choose(rs, rs.view(state, p), rs.legal_intents(state))
        state = rs.apply(state, intent).state
        rec = records.append(rec, intent)
    return rec


def play_table(app: App, moves: int) -> TableScene:
    """The table after ``moves`` greedy moves, then on to a real decision of seat 0."""
    scene = app.scene
    assert isinstance(scene, TableScene)
    s = scene.session
    seed = scene.cfg.seed
    players = (agents.GreedyAgent(seed), agents.GreedyAgent(seed + 1))
    for k in range(moves + 200):
        p = s.to_act()
        if p is None or (k >= moves and p == 0 and any(i.kind != "pass" for i in s.legal())):
            break
        if s.submit(players[p].choose(s.rs, s.view(p), s.legal())):
            break
    frames(app, 2)
    return scene


def frames(app: App, n: int) -> None:
    for _ in range(n):
        app.frame(0.016)


def _table(game: str, seed: int, moves: int) -> Callable[[App], None]:
    def go(app: App) -> None:
        app.start_game(GameConfig(game=game, seed=seed, agent_delay=0.0, autosave=False))
        play_table(app, moves)
    return go


def _game_over(app: App) -> None:
    app.start_game(GameConfig(game="kyoukai", seed=5, seats=("computer", "computer"),
                              agent_delay=0.0, autosave=False))
    play_table(app, 100_000)


def _settings(app: App) -> None:
    _table("kyoukai", 3, 30)(app)
    app.open_settings()


def _keys(app: App) -> None:
    _table("kyoukai", 3, 30)(app)
    app.help_open = True


def _howto(game: str) -> Callable[[App], None]:
    def go(app: App) -> None:
        from game.scenes.howto import HowToScene

        app.to_menu(None)
        app.scene = HowToScene(app, app.scene, game)
    return go


def _decks(app: App) -> None:
    app.to_decks("kyoukai", pack_folder("kyoukai", {}))


def _replay(app: App) -> None:
    rec = played_record("kyoukai", 3, 60)
    app.start_replay(rec, records.replay_full(rec))


OPEN: dict[str, Callable[[App], None]] = {
    "menu": lambda app: app.to_menu(None),
    "kyoukai": _table("kyoukai", 3, 40),
    "krosmaster": _table("krosmaster", 2, 25),
    "dreadnought": _table("dreadnought", 1, 30),
    "bos": _table("bos", 1, 20),
    "nullshapers": _table("nullshapers", 3, 40),
    "game_over": _game_over,
    "settings": _settings,
    "keys": _keys,
    "howto": _howto("kyoukai"),
    "howto_krosmaster": _howto("krosmaster"),
    "decks": _decks,
    "replay": _replay,
}


def screens(app: App, names: tuple[str, ...] = SCREENS) -> Iterator[str]:
    """Open each screen in turn on ``app`` (yields its name once it is up and drawn)."""
    for name in names:
        app.help_open = False
        OPEN[name](app)
        frames(app, 3)
        yield name


def save_all(size: tuple[int, int], factor: float, folder: Path, prefix: str = "") -> list[Path]:
    """Every screen as a PNG in ``folder``; returns the files written."""
    app = App(size)
    app.apply_settings(app.settings.model_copy(update={"ui_scale": factor}), save=False)
    assert abs(scale() - fitting_scale(factor, app.size)) < 1e-6
    out = []
    try:
        for name in screens(app):
            path = folder / f"{prefix}{name}.png"
            pygame.image.save(app.screen, str(path))
            out.append(path)
    finally:
        app.close()
    return out
