"""The menu's network screen: Host a game (a name for the LAN list, binds a port, shows the
addresses and the join code, a lobby of the seats, Start) and Join (the hosts found on the
LAN, or a typed ``host:port``, with the code and a seat). Both end on the network table
(NetTableScene); the host player's own table joins its own server on loopback like any other
seat."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UIPanel,
    UISelectionList,
    UITextEntryLine,
)

from game.draw.palette import GOLD, INK_DIM
from game.draw.scale import px
from game.draw.text import TEXT
from game.layouts import title_of
from game.net.cli import DEFAULT_PORT, hosted_folder
from game.net.discovery import (
    NAME_MAX,
    Announcement,
    Found,
    browse,
    default_table,
    lan_addresses,
    table_name_problem,
)
from game.net.link import Link
from game.net.seats import forget, remember, token_for
from game.net.server import HostFiles, HostServer, continue_host, new_host
from game.net.session import NetSession, joined
from game.scenes.base import Scene
from game.session import GameConfig
from rules.net.client import Client
from rules.net.host import Host, Out

if TYPE_CHECKING:
    from game.app import App

SEATS = {"Player 1": 0, "Player 2": 1, "Watch": None}
# how long a player who owes a decision may be away before the host may let the computer play
OFFER_AFTER: dict[str, float | None] = {"30 s": 30.0, "1 min": 60.0, "2 min": 120.0,
                                        "5 min": 300.0, "never": None}
# where the game is announced and looked for: None, every LAN interface (tests: loopback)
INTERFACES: list[str] | None = None
PANEL_H = 400
SEARCHING = "Looking for games on the LAN…"  # design pixels: fits under the title at 1024x600


def parse_address(text: str) -> tuple[str, int] | str:
    """``host:port`` (the port defaults to the host's usual one) or what is wrong with it."""
    text = text.strip().removeprefix("ws://").rstrip("/")
    if not text:
        return "Type the host's address (192.168.1.20:47370)."
    host, _, port = text.rpartition(":") if ":" in text else (text, "", str(DEFAULT_PORT))
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        return f"\"{text}\" is not host:port (192.168.1.20:47370)."
    return host, int(port)


def seat_lines(presence: dict[str, Any]) -> list[str]:
    """The lobby's seats: who sits where, connected or not."""
    out = []
    seats = presence.get("seats", [])
    for i in (0, 1):
        s = seats[i] if i < len(seats) and isinstance(seats[i], dict) else {}
        who = s.get("name") or "empty"
        state = "connected" if s.get("connected") else "waiting" if not s.get("name") else "away"
        out.append(f"Player {i + 1}: {who} ({state})")
    if presence.get("spectators"):
        out.append(f"{presence['spectators']} watching")
    return out


def _offer_after(host: Host, seconds: float | None) -> list[Out]:
    host.offer_after = seconds
    return []


def _items(lines: list[str]) -> list[str | tuple[str, str]]:
    """A selection list's items (pygame-gui's type)."""
    return list(lines)


class NetworkScene(Scene):
    def __init__(self, app: App, cfg: GameConfig) -> None:
        super().__init__(app)
        self.cfg = cfg
        self.elements: list[Any] = []
        self.mode = "join"
        self.server: HostServer | None = None
        self.shown: Announcement | None = None
        self.link: Link | None = None
        self.found: list[Found] = []
        self._searching: threading.Thread | None = None
        self.note = ""
        self.code = ""
        self._listed: list[str] = []
        self._lobby: list[str] = []
        self.offer_after = "1 min"
        self.table_text = ""  # the Host tab's table name as typed ("" for the default)
        self.player_text = socket.gethostname()[:40]
        self.name: UITextEntryLine
        self.build()
        self.search()

    # ---- screens ---------------------------------------------------------------------------
    def build(self) -> None:
        if self.elements:  # what the player typed stays (a tab, the game opening, a resize)
            self.player_text = self.name.get_text()
        for e in self.elements:
            e.kill()
        m = self.app.manager
        w, h = self.app.size
        pw, ph = px(460), px(PANEL_H)
        panel = UIPanel(pygame.Rect((w - pw) // 2, max(0, min(px(110), h - ph - px(4))), pw, ph),
                        manager=m)
        self.panel, self.elements = panel, [panel]

        def at(x: int, y: int, bw: int, bh: int = 34) -> dict[str, Any]:
            return {"relative_rect": pygame.Rect(px(x), px(y), px(bw), px(bh)),
                    "manager": m, "container": panel}

        self.host_tab = UIButton(text="Host a game", **at(16, 12, 206))
        self.join_tab = UIButton(text="Join", **at(228, 12, 206))
        (self.join_tab if self.mode == "join" else self.host_tab).disable()
        UILabel(text="Your name", **at(16, 56, 110))
        self.name = UITextEntryLine(initial_text=self.player_text, **at(130, 56, 304))
        self.name.set_text_length_limit(40)
        self.back = UIButton(text="Back", **at(16, PANEL_H - 52, 120, 40))
        if self.mode == "host":
            self._build_host(at)
        else:
            self._build_join(at)

    def _build_host(self, at: Callable[..., dict[str, Any]]) -> None:
        UILabel(text="Table name", **at(16, 98, 110))
        self.table = UITextEntryLine(initial_text=self.table_text,
                                     placeholder_text=default_table(self._name()),
                                     **at(130, 98, 304))
        self.table.set_text_length_limit(NAME_MAX)
        # A game hosted before (the host crashed or was closed) can go on where it was.
        self.resume: UIButton | None = None
        if self.server is None and self.hosted():
            self.open = UIButton(text="Open a new game", **at(16, 134, 206))
            self.resume = UIButton(text="Continue the last one", object_id="#continue_button",
                                   **at(228, 134, 206))
        else:
            self.open = UIButton(text="Open the game" if self.server is None
                                 else "The game is open", **at(16, 134, 418))
        if self.server is not None:
            self.open.disable()
            self.table.disable()
            UILabel(text=f"Join code: {self.code}", object_id="#join_code", **at(16, 174, 418))
            UILabel(text="At " + ", ".join(self.addresses()[:2]), **at(16, 204, 418))
        else:  # the game the menu set up (the join code takes its place once open)
            UILabel(text=f"{title_of(self.cfg.game)}, as set in the menu", **at(16, 174, 418))
        UILabel(text="Computer may play for an away player after", **at(16, 242, 300))
        self.offer = UIDropDownMenu(list(OFFER_AFTER), self.offer_after, **at(320, 242, 114))
        self.lobby = UISelectionList(pygame.Rect(px(16), px(280), px(418), px(60)),
                                     _items(self._lobby),
                                     manager=self.app.manager, container=self.panel)
        self.go = UIButton(text="Start", object_id="#start_button",
                           **at(230, PANEL_H - 52, 204, 40))
        if self.link is None:
            self.go.disable()

    def _build_join(self, at: Callable[..., dict[str, Any]]) -> None:
        self._listed = [f.label() for f in self.found]
        self.lan = UISelectionList(pygame.Rect(px(16), px(98), px(418), px(100)),
                                   _items(self._listed), manager=self.app.manager,
                                   container=self.panel)
        self.again = UIButton(text="Search the LAN again", **at(16, 204, 418, 30))
        UILabel(text="Address", **at(16, 242, 110))
        self.address = UITextEntryLine(placeholder_text="192.168.1.20:47370",
                                       **at(130, 242, 304))
        UILabel(text="Join code", **at(16, 282, 110))
        self.code_entry = UITextEntryLine(**at(130, 282, 150))
        self.code_entry.set_text_length_limit(12)
        self.seat = UIDropDownMenu(list(SEATS), "Player 2", **at(286, 282, 148))
        self.go = UIButton(text="Join", object_id="#start_button",
                           **at(230, PANEL_H - 52, 204, 40))

    # ---- hosting ---------------------------------------------------------------------------
    def hosted(self) -> bool:
        """Whether a game of the menu's kind was hosted here before (Continue takes it up)."""
        files = HostFiles(hosted_folder(self.cfg.game))
        return files.record.exists() and files.seats.exists()

    def table_name(self) -> str | None:
        """The Host tab's table name (the default when left empty), or None with the reason
        in the note."""
        self.table_text = self.table.get_text().strip()
        name = self.table_text or default_table(self._name())
        problem = table_name_problem(name)
        if problem is not None:
            self.note = problem
            return None
        return name

    def open_game(self) -> None:
        """A new hosted game: see ``serve``."""
        name = self.table_name()
        if name is None:
            return
        self.table_text = name  # shown as the game's name once it is open
        self.serve(new_host(self.cfg.game, hosted_folder(self.cfg.game), self.cfg.seed,
                            self.cfg.options))

    def continue_game(self) -> None:
        """The game hosted here before, from its record on disk, as it was when the host
        stopped or crashed: the host player takes seat 1 back by its token, the others
        rejoin by theirs (their Join remembers it), and the join code is the same."""
        name = self.table_name()
        if name is None:
            return
        self.table_text = name
        try:
            host = continue_host(hosted_folder(self.cfg.game))
        except Exception as e:  # noqa: BLE001 - a broken record is said, not a crash
            self.note = f"Cannot continue the hosted game: {str(e)[:120]}"
            return
        self.serve(host, host.tokens()[0])

    def serve(self, host: Host, token: str | None = None) -> None:
        """Bind the port (the usual one, else any free one), announce the game on the LAN and
        take seat 1 (by ``token`` when the game goes on) through the same link every player
        uses."""
        server = None
        for port in (DEFAULT_PORT, 0):
            try:
                server = HostServer(host, port)
                server.start()
                break
            except OSError:
                server = None
        if server is None:
            self.note = "Could not open a port for the game."
            return
        self.server, self.code = server, host.code
        try:
            self.shown = Announcement(server.port, self.cfg.game, self._name(), INTERFACES,
                                      self.table_text or default_table(self._name()))
        except OSError as e:  # no multicast here: joiners type the address
            self.note = f"Not announced on the LAN ({e}); players type the address."
        self._set_offer()
        self._connect(f"ws://127.0.0.1:{server.port}", host.code, 0, token)
        self.build()

    def _set_offer(self) -> None:
        """The host's away time before it offers to let the computer play (the setting)."""
        after = OFFER_AFTER.get(self.offer_after)
        if self.server is not None:
            self.server.call(lambda h: _offer_after(h, after))

    def addresses(self) -> list[str]:
        if self.server is None:
            return []
        return [f"{a}:{self.server.port}" for a in lan_addresses()]

    # ---- joining ---------------------------------------------------------------------------
    def search(self) -> None:
        """Browse the LAN on a thread (it takes two seconds); the list fills when it ends."""
        if self._searching is not None and self._searching.is_alive():
            return

        def run() -> None:
            try:
                self.found = browse(2.0, INTERFACES)
            except OSError:
                self.found = []
            with contextlib.suppress(pygame.error):  # the window closed meanwhile
                self.app.wake()

        self.note = SEARCHING
        self._searching = threading.Thread(target=run, name="playtable-browse", daemon=True)
        self._searching.start()

    def join(self) -> None:
        picked = self.lan.get_single_selection()
        where: tuple[str, int] | str
        hit = next((f for f in self.found if f.label() == picked), None)
        where = (hit.address, hit.port) if hit is not None else \
            parse_address(self.address.get_text())
        if isinstance(where, str):
            self.note = where
            return
        code = self.code_entry.get_text().strip().upper()
        if not code:
            self.note = "Type the join code the host gave you."
            return
        # A seat taken in this game before (the host came back after a crash) is taken again.
        self._connect(f"ws://{where[0]}:{where[1]}", code,
                      SEATS[str(self.seat.selected_option[0]) if isinstance(
                          self.seat.selected_option, tuple) else self.seat.selected_option],
                      token_for(code))

    def _connect(self, url: str, code: str, seat: int | None, token: str | None = None) -> None:
        if self.link is not None:
            self.link.close()
        self.link = Link(url, Client(self._name(), code, seat, token), self.app.wake,
                         retries=0)
        self.link.start()
        self.note = f"Connecting to {url.removeprefix('ws://')}…"

    def _name(self) -> str:
        return self.name.get_text().strip()[:40] or "Player"

    def to_table(self) -> None:
        link = self.link
        if link is None or not joined(link):
            return
        server, shown = self.server, self.shown
        self.link, self.server, self.shown = None, None, None  # the table owns them now
        link.retries = 5
        if self.mode == "join" and link.client.s.token:
            remember(link.client.code, link.client.s.token)

        def stop() -> None:
            if shown is not None:
                shown.close()
            if server is not None:
                server.stop()

        self.app.start_network(NetSession(link, self.cfg, on_close=stop, server=server))

    # ---- the loop --------------------------------------------------------------------------
    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and self.mode == "host" and \
                ev.ui_element is self.name and self.server is None:
            self.table.placeholder_text = default_table(self._name())  # the name offered
            self.table.rebuild()
            return
        if ev.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and self.mode == "host" and \
                ev.ui_element is self.offer:
            self.offer_after = str(ev.text)
            self._set_offer()
            return
        if ev.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if ev.ui_element is self.back:
            self.app.to_menu(self.cfg)
        elif ev.ui_element in (self.host_tab, self.join_tab):
            if self.mode == "host":  # kept for when the player comes back to the tab
                self.table_text = self.table.get_text().strip()
            self.mode = "host" if ev.ui_element is self.host_tab else "join"
            self.note = ""
            self.build()
        elif self.mode == "host" and ev.ui_element is self.open:
            self.open_game()
        elif self.mode == "host" and ev.ui_element is self.resume:
            self.continue_game()
        elif self.mode == "join" and ev.ui_element is self.again:
            self.search()
        elif ev.ui_element is self.go:
            if self.mode == "host":
                self.to_table()
            else:
                self.join()

    def update(self, dt: float) -> None:
        link = self.link
        if self.note == SEARCHING and self._searching is not None and \
                not self._searching.is_alive():
            n = len(self.found)
            self.note = f"{n} game{'s' if n != 1 else ''} found on the LAN" if n else \
                "No game found on the LAN: type the host's address."
            self.dirty = True
        listed = [f.label() for f in self.found]
        if self.mode == "join" and listed != self._listed:
            self._listed = listed
            self.lan.set_item_list(_items(listed))
        if link is None:
            return
        if link.status == "closed":
            self.note = f"Could not join: {link.reason or 'the host did not answer'}"
            if link.client.token is not None and "token" in link.reason:
                forget(link.client.code)  # another game's seat: the next Join asks anew
                self.note += "; join again for a new seat"
            self.link = None
            self.dirty = True
            return
        if not joined(link):
            return
        if self.mode == "join":
            self.to_table()
            return
        self.note = ""
        lines = seat_lines(link.client.s.presence)
        if lines != self._lobby:
            self._lobby = lines
            self.lobby.set_item_list(_items(lines))
            self.go.enable()
            self.dirty = True

    def draw(self, surf: pygame.Surface) -> None:
        w, _ = surf.get_size()
        t = TEXT.get("Network game", 48, GOLD, True)
        surf.blit(t, t.get_rect(midtop=(w // 2, px(28))))
        if self.note:
            s = TEXT.get(self.note, 18, INK_DIM)
            surf.blit(s, s.get_rect(midtop=(w // 2, px(80))))

    def resize(self, size: tuple[int, int]) -> None:
        self.build()

    def close(self) -> None:
        for e in self.elements:
            e.kill()
        if self.link is not None:
            self.link.close()
        if self.shown is not None:
            self.shown.close()
        if self.server is not None:
            self.server.stop()
