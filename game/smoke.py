"""``playtable --smoke``: one quick run through the real program, for CI and the built executable.

The real app, scenes and widgets: the menu opens; for each game in ``rules.GAMES`` the menu is
set to that game with the computer on both sides, Start is clicked with the mouse, the computer
plays a few moves while frames are drawn, and the table's Menu button goes back; finally Quit.
Any exception, computer-player error or error message on the table fails the run (exit 1), as
does a change to the shipped data folder (nothing may write there).

It runs without a screen (SDL's dummy video driver when there is no display; dummy audio), and
with a throwaway user data folder unless ``PLAYTABLE_DATA`` is set, so the player's autosave and
settings are never touched.

``--smoke-menu-time`` only opens the menu, draws it once and prints how long that took.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, MutableMapping
from pathlib import Path
from typing import Any

STARTED = time.monotonic()  # as early as the smoke module is imported (right after main())

INTENTS = 20  # moves per game
GAME_SECONDS = 30.0  # ... or this long, whichever comes first


def headless_env(env: MutableMapping[str, str] = os.environ) -> None:
    """Dummy SDL drivers where no window can open; set before pygame initialises."""
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    if sys.platform.startswith("linux") and not (env.get("DISPLAY") or
                                                env.get("WAYLAND_DISPLAY")):
        env.setdefault("SDL_VIDEODRIVER", "dummy")


def process_age() -> float | None:
    """Seconds since this program started (Linux: from /proc; a one-file executable counts
    from its launcher, the parent process that unpacked it). None where unknown."""
    try:
        tick = os.sysconf("SC_CLK_TCK")
        uptime = float(Path("/proc/uptime").read_text().split()[0])
        pid = os.getppid() if getattr(sys, "frozen", False) and _onefile_child() else os.getpid()
        stat = Path(f"/proc/{pid}/stat").read_text()
        start = int(stat.rsplit(")", 1)[1].split()[19]) / tick
    except (OSError, ValueError, IndexError):
        return None
    return max(0.0, uptime - start)


def _onefile_child() -> bool:
    meipass = getattr(sys, "_MEIPASS", "")
    return bool(meipass) and Path(meipass).name.startswith("_MEI")


def _snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    out: dict[str, tuple[int, int]] = {}
    for p in sorted(folder.rglob("*")):
        st = p.stat()
        out[p.relative_to(folder).as_posix()] = (st.st_size, st.st_mtime_ns) if p.is_file() \
            else (-1, 0)
    return out


class SmokeError(Exception):
    pass


def run(menu_time_only: bool = False, intents: int = INTENTS, seconds: float = GAME_SECONDS,
        size: tuple[int, int] = (1280, 720), say: Callable[[str], None] = print) -> int:
    """The smoke run; 0 when everything worked, 1 (with the error printed) otherwise."""
    headless_env()
    if not os.environ.get("PLAYTABLE_DATA"):
        os.environ["PLAYTABLE_DATA"] = tempfile.mkdtemp(prefix="playtable-smoke-")
    try:
        return _run(menu_time_only, intents, seconds, size, say)
    except Exception:  # noqa: BLE001 - the point: report any failure as exit 1
        say("smoke: FAILED")
        say(traceback.format_exc().rstrip())
        return 1


def _run(menu_time_only: bool, intents: int, seconds: float, size: tuple[int, int],
         say: Callable[[str], None]) -> int:
    import pygame

    import rules
    from game.app import App
    from game.layouts import playable
    from game.scenes.menu import MenuScene
    from game.scenes.table import TableScene
    from game.session import GameConfig
    from rules.core.paths import resource_root

    data = resource_root()
    if not data.is_dir():
        raise SmokeError(f"the shipped data folder is missing: {data}")
    before = _snapshot(data)
    app = App(size, defaults=GameConfig(agent_delay=0.0))
    try:
        app.frame(0.016)
        if not isinstance(app.scene, MenuScene):
            raise SmokeError(f"the program opened {type(app.scene).__name__}, not the menu")
        age = process_age()
        since = f", {age:.2f} s since the program started" if age is not None else ""
        say(f"smoke: menu shown {time.monotonic() - STARTED:.2f} s after main(){since} "
            f"(video driver {pygame.display.get_driver()})")
        if menu_time_only:
            return 0

        def frames(n: int = 1) -> None:
            for _ in range(n):
                app.frame(0.016)

        def click(pos: tuple[int, int]) -> None:
            post = pygame.event.post
            post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0),
                                    touch=False))
            frames()
            post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
            frames()
            post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
            frames(2)

        for game in [g for g in rules.GAMES if g in playable()]:
            menu = app.scene
            if not isinstance(menu, MenuScene):
                raise SmokeError(f"expected the menu before {game}, got {type(menu).__name__}")
            # The menu's own path for "another game chosen": its config, then rebuilt widgets.
            menu.cfg = GameConfig(**{**menu.config().__dict__, "game": game, "seed": 1,
                                     "seats": ("computer", "computer"), "options": {}})
            menu.build()
            frames()
            click(menu.start.rect.center)
            table = app.scene
            if not isinstance(table, TableScene):
                raise SmokeError(f"Start did not open the {game} table "
                                 f"({type(table).__name__})")
            if table.cfg.game != game:
                raise SmokeError(f"the menu started {table.cfg.game}, not {game}")
            s = table.session
            deadline = time.monotonic() + seconds
            while len(s.intents) < intents and not s.over and time.monotonic() < deadline:
                frames()
                if s.error:
                    raise SmokeError(f"{game}: {s.error}")
                if table.message_error:
                    raise SmokeError(f"{game}: the table says: {table.message}")
            if len(s.intents) < min(intents, 3):
                raise SmokeError(f"{game}: only {len(s.intents)} moves in {seconds:.0f} s")
            say(f"smoke: {game}: {len(s.intents)} moves, {app.frames} frames so far")
            click(table.leave.rect.center)
            if not isinstance(app.scene, MenuScene):
                raise SmokeError(f"{game}: the Menu button did not go back to the menu")
        _network_game(app, frames, click, say)
        # A searching computer thinks in a worker process; in the executable that process is
        # this program started again (multiprocessing.freeze_support in game/__main__.py).
        from game.thinking import worker_alive

        if not worker_alive(timeout=120):
            raise SmokeError("the computer's search worker process did not start or answer")
        say("smoke: the search worker process answers")
        menu = app.scene
        if not isinstance(menu, MenuScene):
            raise SmokeError(f"expected the menu at the end, got {type(menu).__name__}")
        click(menu.quit.rect.center)
        if app.running:
            raise SmokeError("Quit did not stop the program")
    finally:
        app.close()
    if _snapshot(data) != before:
        raise SmokeError(f"something wrote into the shipped data folder {data}")
    say(f"smoke: OK ({len(playable())} games, {time.monotonic() - STARTED:.1f} s)")
    return 0


def _network_game(app: Any, frames: Callable[[int], None],
                  click: Callable[[tuple[int, int]], None], say: Callable[[str], None]) -> None:
    """A network game through the menu: Network…, Host a game, Open the game (a port on
    loopback, announced by zeroconf), a second seat joining by websocket, both playing a few
    moves, each seeing only its own hand; then back to the menu (the host stops)."""
    import random

    import game.scenes.network as network
    from game.net.link import Link
    from game.scenes.menu import MenuScene
    from game.scenes.net_table import NetTableScene
    from rules.net.client import Client

    network.INTERFACES = ["127.0.0.1"]  # announce and browse on loopback only
    menu = app.scene
    if not isinstance(menu, MenuScene):
        raise SmokeError(f"expected the menu before the network game, got {type(menu)}")
    menu.cfg = _network_config(menu, "kyoukai")
    menu.build()
    frames(1)
    click(menu.network.rect.center)
    scene = app.scene
    if not isinstance(scene, network.NetworkScene):
        raise SmokeError(f"Network… opened {type(scene).__name__}")
    click(scene.host_tab.rect.center)
    click(scene.open.rect.center)
    server = scene.server
    if server is None:
        raise SmokeError(f"Open the game did not host it: {scene.note}")
    guest = Link(f"ws://127.0.0.1:{server.port}", Client("smoke", scene.code, 1))
    guest.start()
    try:
        def seated() -> bool:
            frames(1)
            return "Player 2: smoke (connected)" in scene._lobby

        _until(seated, "the second seat did not join")
        click(scene.go.rect.center)
        table = app.scene
        if not isinstance(table, NetTableScene):
            raise SmokeError(f"Start did not open the network table ({type(table).__name__})")
        host = server.host
        rng = random.Random(1)

        def played() -> bool:
            frames(1)
            guest.drain()
            c = guest.client
            if c.my_turn() and c.s.version == host.version:
                guest.send(c.intent(rng.choice(c.s.legal))[1])
            elif table.legal():
                table.apply(table.legal()[0])
            return len(host.session.record.intents) >= 8

        _until(played, "the network game did not reach 8 moves")
        view, hidden = table.net.state, host.rs.manual_table.hidden_card  # type: ignore[union-attr]
        if any(view.cards[i] == hidden for i in view.players[0].hand) or \
                any(view.cards[i] != hidden for i in view.players[1].hand):
            raise SmokeError("the host's table does not show exactly its own hand")
        say(f"smoke: network game: {len(host.session.record.intents)} moves over websockets "
            f"on port {server.port}")
        click(table.leave.rect.center)
        if not isinstance(app.scene, MenuScene):
            raise SmokeError("the network table's Menu button did not go back to the menu")
    finally:
        guest.close()


def _network_config(menu: Any, game: str) -> Any:
    from game.session import GameConfig

    return GameConfig(**{**menu.config().__dict__, "game": game, "seed": 1,
                         "seats": ("human", "human"), "options": {}})


def _until(done: Callable[[], bool], what: str, seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while not done():
        if time.monotonic() > end:
            raise SmokeError(what)
        time.sleep(0.01)
