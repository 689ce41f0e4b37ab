"""The client's file work, shared by the menu and the table: Save and Open dialogs
(pygame-gui file dialogs starting in the user-data saves folder), the "cards changed" question
and the messages of files that cannot be read. Nothing here raises: a bad file is a message
and the client keeps running."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import pygame
import pygame_gui
from pygame_gui.elements import UIWindow
from pygame_gui.windows import UIConfirmationDialog, UIFileDialog, UIMessageWindow

from game.draw.glyphs import ui_text
from game.draw.scale import px
from game.userdata import data_dir, newest_save, saves_dir
from rules.records import (
    Record,
    RecordError,
    Session,
    load_record,
    replay_full,
    save_atomic,
)
from rules.records.replay import in_file, pack_question
from rules.records.trust import outside_places

if TYPE_CHECKING:
    from game.app import App
    from game.session import GameSession

Purpose = Literal["save", "play", "replay"]
# "folders": read outside the usual places? Else a ``PackQuestion``: "cards": replay with
# today's cards (the record cannot replay as played)? "today": bring today's cards in (it
# opens as played either way)?
Question = Literal["folders", "cards", "today"]


@dataclass(frozen=True)
class Pending:
    """What a confirmation answers: the record, why it is opened, its file, the question; for
    Continue, the game already resumed and its note."""

    record: Record
    purpose: Purpose
    path: Path
    question: Question
    live: Session | None = None
    note: str | None = None


class FileActions:
    def __init__(self, app: App) -> None:
        self.app = app
        self.dialog: UIFileDialog | None = None
        self.purpose: Purpose = "play"
        self.saving: Record | None = None  # the game as it was when Save was asked for
        self.confirm: UIConfirmationDialog | None = None
        self.pending: Pending | None = None
        self.window: UIMessageWindow | None = None
        self.last_message = ""  # the last message shown (tests read it)
        self.last_saved: Path | None = None

    @property
    def busy(self) -> bool:
        """A modal window is up: the table under it takes no input."""
        windows: tuple[UIWindow | None, ...] = (self.dialog, self.confirm)
        return any(w is not None and w.alive() for w in windows)

    def _rect(self, w: int = 560, h: int = 420) -> pygame.Rect:
        """A dialog of ``w`` x ``h`` UI pixels (at the UI scale: its rows grow with it)."""
        sw, sh = self.app.size
        w, h = min(px(w), sw - 20), min(px(h), sh - 20)
        return pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h)

    def _close_dialog(self) -> None:
        if self.dialog is not None and self.dialog.alive():
            self.dialog.kill()
        self.dialog = None

    # ---- asking --------------------------------------------------------------------------
    def ask_save(self, session: GameSession) -> None:
        self._close_dialog()
        folder = saves_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            self.show(f"Cannot make the saves folder {folder}: {e.strerror}", "Save failed")
            return
        self.purpose, self.saving = "save", session.live.record
        self.dialog = UIFileDialog(self._rect(), self.app.manager, window_title="Save game",
                                   initial_file_path=str(session.default_save_path()),
                                   allow_existing_files_only=False,
                                   object_id="#save_dialog")

    def ask_open(self, purpose: Purpose = "play") -> None:
        self._close_dialog()
        start = newest_save()
        folder = saves_dir()
        initial = start if start is not None else (folder if folder.is_dir() else None)
        self.purpose = purpose
        title = "Open a game" if purpose == "play" else "Watch a replay"
        self.dialog = UIFileDialog(self._rect(), self.app.manager, window_title=title,
                                   initial_file_path=None if initial is None else str(initial),
                                   allow_existing_files_only=True, object_id="#open_dialog")

    def show(self, text: str, title: str = "Cannot open the file") -> None:
        """A message window over whatever is on screen."""
        self.last_message = text
        if self.window is not None and self.window.alive():
            self.window.kill()
        self.window = UIMessageWindow(self._rect(460, 240), _html(ui_text(text)),
                                      self.app.manager,
                                      window_title=title, always_on_top=True)

    # ---- answers -------------------------------------------------------------------------
    def typed(self, ev: pygame.event.Event) -> Path | None:
        """The file a path typed into the dialog's field and Enter pick (what OK would); None
        for a folder (the dialog shows it) or a path that names no file it could take."""
        d = self.dialog
        if ev.type != pygame_gui.UI_TEXT_ENTRY_FINISHED or d is None or \
                ev.ui_element is not d.file_path_text_line:
            return None
        path = Path(d.file_path_text_line.get_text()).expanduser().absolute()
        if self.purpose == "save":
            ok = bool(path.name) and path.parent.is_dir() and not path.is_dir()
        else:
            ok = path.is_file()
        return path if ok else None

    def handle(self, ev: pygame.event.Event) -> bool:
        """The dialogs' own events; True when the event was one of them."""
        picked = self.typed(ev)
        if picked is not None:  # Enter in the path field: as OK does
            self._close_dialog()
            if self.purpose == "save":
                self.save_to(picked)
            else:
                self.open_path(picked, self.purpose)
            return True
        if ev.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and ev.ui_element is self.dialog:
            self.dialog = None
            path = Path(ev.text)
            if self.purpose == "save":
                self.save_to(path)
            else:
                self.open_path(path, self.purpose)
            return True
        if ev.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and \
                ev.ui_element is self.confirm:
            self.confirm = None
            pending, self.pending = self.pending, None
            if pending is not None:
                self._answer(pending, yes=True)
            return True
        if ev.type == pygame_gui.UI_WINDOW_CLOSE:
            if ev.ui_element is self.dialog:
                self.dialog = None
                return True
            if ev.ui_element is self.confirm:  # cancelled: nothing is opened (but see today)
                pending, self.confirm, self.pending = self.pending, None, None
                if pending is not None and pending.question == "today":
                    self._answer(pending, yes=False)  # "Keep as played"
                return True
        return False

    def _answer(self, pending: Pending, yes: bool) -> None:
        if pending.question == "folders":
            self._check_cards(pending.record, pending.purpose, pending.path)
        elif pending.live is not None:  # Continue
            self._play_on(pending.live, pending.note, bring_in=yes and
                          pending.question == "today")
        else:
            self._open(pending.record, pending.purpose, pending.path,
                       bring_in=yes and pending.question == "today")

    def save_to(self, path: Path) -> None:
        record, self.saving = self.saving, None
        if record is None:
            return
        try:
            save_atomic(path, record)
        except OSError as e:
            self.show(f"Could not save to {path}: {e.strerror or e}", "Save failed")
            return
        self.last_saved = path
        self.last_message = f"Saved to {path}"
        self.app.scene_say(f"Saved: {path.name}")

    def open_path(self, path: Path, purpose: Purpose = "play") -> None:
        """Load a record; if it names folders outside the shipped packs and the user data
        folder, ask before reading them; if its cards changed since it was made, ask too."""
        try:
            record = load_record(path)
        except RecordError as e:
            self.show(e.message)
            return
        except Exception as e:  # noqa: BLE001 - a file from anywhere must not end the program
            self.show(f"{path}: cannot open it ({type(e).__name__}: {str(e)[:200]})")
            return
        outside = outside_places(record, [data_dir()])
        if outside:
            self.pending = Pending(record, purpose, path, "folders")
            places = "\n".join(outside)
            self.confirm = UIConfirmationDialog(
                self._rect(520, 300), ui_text(
                    f"{_html(path.name)} reads cards from outside the shipped packs and your "
                    f"data folder:<br>{'<br>'.join(map(_html, outside))}<br>Open it and read "
                    "these?"), self.app.manager,
                window_title="Read other folders?", action_short_name="Read them",
                object_id="#outside_folders")
            self.last_message = places
            return
        self._check_cards(record, purpose, path)

    def _check_cards(self, record: Record, purpose: Purpose, path: Path) -> None:
        try:
            question, why = pack_question(record)
        except RecordError as e:
            self.show(in_file(e, path).message)
            return
        except Exception as e:  # noqa: BLE001 - defence in depth: the rules should say why
            self.show(f"{path}: cannot set up the game ({type(e).__name__}: {str(e)[:200]})")
            return
        if question is None:
            self._open(record, purpose, path)
        elif question == "today" and purpose == "replay":
            self._open(record, purpose, path)  # a replay shows the game as played: say so
            self.show(f"{path.name}: {why}. The replay shows the game as it was played.",
                      "Cards changed")
        else:
            self._ask(Pending(record, purpose, path, question), why)

    def continue_game(self, live: Session, note: str | None, path: Path) -> None:
        """Continue last game: as it was left, unless the pack files changed since; then say
        so and ask first (never silently another game)."""
        try:
            question, why = pack_question(live.record)
        except Exception as e:  # noqa: BLE001 - the cards are read again: say why, play on
            question, why = None, ""
            note = f"{note + '; ' if note else ''}cannot compare the pack files: {e}"
        if question is None:
            self.app.open_game(live, note)
        else:
            self._ask(Pending(live.record, "play", path, question, live, note), why)

    def _ask(self, pending: Pending, why: str) -> None:
        self.pending = pending
        name = _html(pending.path.name)
        if pending.question == "today":
            text = (f"{name}: {_html(why)}.<br>The game opens as it was played. Bring today's "
                    "cards in now, as a card reload at this point?")
            title, yes, object_id = "Cards changed", "Bring today's cards in", "#cards_today"
        else:
            text = f"{name}: {_html(why)}. Replay it with the current cards?"
            title, yes, object_id = "Cards changed", "Replay with current cards", \
                "#cards_changed"
        self.confirm = UIConfirmationDialog(self._rect(480, 260), ui_text(text),
                                            self.app.manager, window_title=title,
                                            action_short_name=yes, object_id=object_id)
        if pending.question == "today":
            self.confirm.cancel_button.set_text("Keep as played")
        self.last_message = why

    def _open(self, record: Record, purpose: Purpose, path: Path,
              bring_in: bool = False) -> None:
        try:
            replayed = replay_full(record)
        except RecordError as e:
            self.show(in_file(e, path).message)
            return
        except Exception as e:  # noqa: BLE001 - defence in depth: replay_full should say why
            self.show(f"{path}: cannot replay it ({type(e).__name__}: {str(e)[:200]})")
            return
        over = replayed.rs.to_act(replayed.state) is None
        if purpose == "replay" or over:
            self.app.start_replay(record, replayed)
        else:
            self._play_on(Session(record, None, replayed), None, bring_in)

    def _play_on(self, live: Session, note: str | None, bring_in: bool) -> None:
        if bring_in:
            try:
                live.bring_in_todays_cards()  # saved with the game once its table autosaves
            except Exception as e:  # noqa: BLE001 - the game as played is still there
                note = f"{note + '; ' if note else ''}today's cards could not come in: {e}"
        self.app.open_game(live, note)

    def close(self) -> None:
        windows: tuple[UIWindow | None, ...] = (self.dialog, self.confirm, self.window)
        for w in windows:
            if w is not None and w.alive():
                w.kill()
        self.dialog = self.confirm = None
        self.window = None


def _html(text: str) -> str:
    """Plain text for pygame-gui's HTML-like text boxes (a file name may hold ``<``)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace(
        "\n", "<br>")
