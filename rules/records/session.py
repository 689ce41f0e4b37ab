"""A live game on top of its record: what the client holds while a game is on the table.

Every applied intent, undo, redo and reload changes the record and (with an autosave path)
is saved before returning, as one line of the autosave's journal (``rules.records.autosave``),
so a crash loses at most the change being made.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from rules.core.errors import IllegalIntent
from rules.core.model import Event, Intent
from rules.records.autosave import Autosave
from rules.records.model import Record, RecordError, append, applied_count, intent_data, new_record
from rules.records.reloads import add_reload, apply_reload, make_reload
from rules.records.replay import Replayed, in_file, replay_full, todays_cards
from rules.records.store import load_autosave, load_record
from rules.records.undo import merge_marks, redo, undo, undo_point


class Session:
    def __init__(self, record: Record, autosave: str | os.PathLike[str] | None = None,
                 replayed: Replayed | None = None) -> None:
        self.record = record
        self.journal = None if autosave is None else Autosave(autosave)
        self._batch: list[dict[str, Any]] | None = None  # changes of ``one_change``
        self.replayed = replayed if replayed is not None else replay_full(record)
        self.rs = self.replayed.rs

    @property
    def autosave(self) -> Path | None:
        return None if self.journal is None else self.journal.path

    @autosave.setter
    def autosave(self, path: str | os.PathLike[str] | None) -> None:
        """Autosave to ``path`` from now on: the next save writes the whole record there."""
        self.journal = None if path is None else Autosave(path)

    def save_autosave(self) -> None:
        """Write the whole record to the autosave now, keeping the file it replaces as
        ``.bak`` (OSError if it cannot be written)."""
        if self.journal is not None:
            self.journal.rewrite(self.record)

    # ---- starting ----------------------------------------------------------------------
    @classmethod
    def new(cls, game: str, seed: int, options: Mapping[str, Any] | None = None,
            autosave: str | os.PathLike[str] | None = None,
            players: tuple[str, ...] = (), agents: tuple[str, ...] = ()) -> Session:
        s = cls(new_record(game, seed, options, players, agents), autosave)
        s.save_autosave()
        return s

    @classmethod
    def open(cls, path: str | os.PathLike[str],
             autosave: str | os.PathLike[str] | None = None) -> Session:
        """A saved game (RecordError with the file and the reason if it cannot be read or
        replayed)."""
        record = load_record(path)
        try:
            return cls(record, autosave)
        except RecordError as e:
            raise in_file(e, path) from None

    @classmethod
    def resume(cls, autosave: str | os.PathLike[str]) -> tuple[Session, str | None]:
        """"Continue last game": the autosave (or its backup, with a note why)."""
        record, note = load_autosave(autosave)
        try:
            return cls(record, autosave), note
        except RecordError as e:
            raise in_file(e, autosave) from None

    # ---- reading -----------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.replayed.state

    @property
    def events(self) -> list[list[Event]]:
        return self.replayed.events

    def can_undo(self, player: int, designer_mode: bool = False) -> bool:
        return undo_point(self.record, player, designer_mode, self.replayed) < len(
            self.record.intents)

    def can_redo(self) -> bool:
        return bool(self.record.redo)

    # ---- changing ----------------------------------------------------------------------
    def apply(self, intent: Intent | Mapping[str, Any]) -> list[Event]:
        """Apply an intent (IllegalIntent if it is not legal; nothing changes then)."""
        parsed = intent if isinstance(intent, Intent) else self.rs.parse_intent(intent)
        self.replayed.step(parsed)
        data = intent_data(parsed)
        self.record = append(self.record, data)
        self._save({"intent": data})
        return self.replayed.events[-1]

    def undo(self, player: int, designer_mode: bool = False) -> int:
        """Take back to ``player``'s latest decision allowed; returns how many intents.
        Card edits hot-reloaded after that point stay in force (see ``reloads.clamp``): the
        state taken back to gets them again."""
        before = len(self.record.intents)
        record = undo(self.record, player, designer_mode, self.replayed)
        k = len(record.intents)
        if k == before:
            return 0
        later = [(n, r) for n, r in enumerate(self.record.reloads, 1) if r.at > k]
        self.replayed.truncate(k)
        for n, r in later:
            self.replayed.reload(*apply_reload(self.rs, self.replayed.state, r, n))
        self.record = record
        self._save({"undo": record.marks[-1].model_dump(mode="json")})
        return before - k

    def reload_cards(self, cards: Mapping[str, Any]) -> list[Event]:
        """Hot reload: the game's cards take the data in ``cards`` (by stable id) from now
        on, and the record keeps the change at this point, so it replays exactly. Returns
        the "card changed" events; [] (and nothing saved) when no card in play changed."""
        state = self.replayed.state
        new, events = self.rs.replace_cards(state, cards)
        entry = make_reload(self.rs, state, new, len(self.record.intents)) if events else None
        if entry is None:
            return []
        entry = entry.model_copy(update={"applied": applied_count(self.record),
                                         "marks": len(self.record.marks)})
        self.replayed.reload(new, events, number=len(self.record.reloads) + 1)
        self.record = add_reload(self.record, entry)
        self._save({"reload": entry.model_dump(mode="json")})
        return events

    def bring_in_todays_cards(self) -> list[Event]:
        """Today's pack files into the game as a hot reload at this point (a record that
        replays as played keeps the cards it started with until then)."""
        return self.reload_cards(todays_cards(self.record))

    def redo(self) -> int:
        before = len(self.record.intents)
        record = redo(self.record)
        try:
            for data in record.intents[before:]:
                self.replayed.step(self.rs.parse_intent(data))
        except (IllegalIntent, ValueError) as e:  # cannot happen with deterministic rules
            self.replayed.truncate(before)
            raise RecordError(f"cannot redo: {e}") from None
        self.record = record
        self._save({"redo": record.marks[-1].model_dump(mode="json")})
        return len(record.intents) - before

    def merge_marks(self, since: int) -> None:
        """The undo (or redo) marks from number ``since`` on become one: several steps taken
        back or put back as one action of the player, shown as one line of the log."""
        merged = merge_marks(self.record, since)
        if merged is not self.record:
            self.record = merged
            self._save({"merge": since})

    @contextlib.contextmanager
    def one_change(self) -> Iterator[None]:
        """The changes made inside (undo steps and their marks merged, say) are saved as one
        journal line when it ends, even by an exception: a crash keeps all or none of them."""
        if self._batch is not None:
            yield
            return
        self._batch = []
        try:
            yield
        finally:
            batch, self._batch = self._batch, None
            if batch:
                self._save(batch[0] if len(batch) == 1 else {"batch": batch})

    def _save(self, change: dict[str, Any]) -> None:
        if self._batch is not None:
            self._batch.append(change)
        elif self.journal is not None:
            self.journal.add(self.record, change)
