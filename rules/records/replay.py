"""Replaying a record: the one way a state is rebuilt for load, undo, redo and replay views."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

import rules
from rules.core.errors import DataError, IllegalIntent
from rules.core.model import Event, Intent
from rules.core.ruleset import Ruleset, safe_label
from rules.records.model import Record, RecordError, Reload, catalog_cards, state_sha256
from rules.records.reloads import apply_reload, last_hashes, restore_originals


@dataclass
class Replayed:
    """Every step of a replayed record: ``states[k]`` is the state after ``k`` intents,
    ``events[i]`` and ``actors[i]`` are the events and the player of intent ``i`` (0-based)."""

    rs: Ruleset[Any]
    states: list[Any]
    events: list[list[Event]] = field(default_factory=list)
    actors: list[int] = field(default_factory=list)
    intents: list[Intent] = field(default_factory=list)
    # "card changed" events of the hot reloads after ``k`` intents (``states[k]`` has them).
    reloaded: dict[int, list[Event]] = field(default_factory=dict)
    # The same events by reload number (1-based, the record's order), as first applied.
    by_reload: dict[int, list[Event]] = field(default_factory=dict)

    @property
    def state(self) -> Any:
        return self.states[-1]

    def step(self, intent: Intent) -> None:
        """Apply one more intent (IllegalIntent propagates, nothing is changed then)."""
        actor = self.rs.to_act(self.state)
        out = self.rs.apply(self.state, intent)
        self.states.append(out.state)
        self.events.append(list(out.events))
        self.actors.append(-1 if actor is None else actor)
        self.intents.append(intent)

    def truncate(self, n: int) -> None:
        del self.states[n + 1:], self.events[n:], self.actors[n:], self.intents[n:]
        self.reloaded = {k: v for k, v in self.reloaded.items() if k <= n}

    def reload(self, state: Any, events: list[Event], number: int | None = None) -> None:
        """The cards changed now (by reload ``number`` of the record, when it is first
        applied): the last state becomes ``state``."""
        self.states[-1] = state
        self.reloaded.setdefault(len(self.intents), []).extend(events)
        if number is not None:
            self.by_reload[number] = list(events)


def ruleset_of(record: Record) -> Ruleset[Any]:
    if record.game not in rules.GAMES:
        raise RecordError(f"unknown game {record.game!r} (this version knows "
                          f"{', '.join(sorted(rules.GAMES))})")
    return rules.get(record.game)


def start(rs: Ruleset[Any], record: Record) -> Any:
    """The record's first state: from the current card pack, with the cards as they were when
    the game started (all of them for a record that keeps their data; else those that hot
    reloads changed during the game)."""
    state = fresh(rs, record)
    with _blamed("cannot put back the cards the game started with"):
        return restore_originals(rs, state, record)


def fresh(rs: Ruleset[Any], record: Record) -> Any:
    """A new game with the record's seed and options, from the current card pack."""
    with _blamed(f"cannot set up the game with options {record.options}"):
        try:
            return rs.new_game(seed=record.seed, options=record.options)
        except DataError as e:
            raise RecordError("cannot set up the game: " + "; ".join(e.errors)) from None


@contextlib.contextmanager
def _blamed(what: str) -> Iterator[None]:
    """An unexpected failure inside as a RecordError saying ``what`` could not be done (a
    RecordError already says what): the data came from the file, and a record from elsewhere
    must not crash its reader."""
    try:
        yield
    except RecordError:
        raise
    except Exception as e:  # noqa: BLE001 - see above
        raise RecordError(f"{what}: {_short(e)}") from None


def _short(e: BaseException) -> str:
    """An unexpected error in a line, its kind first (``IndexError: tuple index…``)."""
    text = str(e)[:200]
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def parse_intents(record: Record) -> list[Intent]:
    rs = ruleset_of(record)
    out: list[Intent] = []
    for i, data in enumerate(record.intents, 1):
        try:
            out.append(rs.parse_intent(data))
        except ValueError as e:
            raise RecordError(f"intent {i}: bad intent data: {e}", intent=i) from None
        except Exception as e:  # noqa: BLE001 - e.g. RecursionError: still the record's fault
            raise RecordError(f"intent {i}: bad intent data: {_short(e)}", intent=i) from None
    return out


def replay_full(record: Record, upto: int | None = None) -> Replayed:
    """Replay the first ``upto`` intents (all by default), keeping every step."""
    rs = ruleset_of(record)
    intents = parse_intents(record)[:upto]
    r = Replayed(rs, [start(rs, record)])
    reloads = list(enumerate(record.reloads, 1))
    for i, intent in enumerate(intents, 1):
        reloads = _reload_upto(r, reloads, i - 1)
        if rs.to_act(r.state) is None:
            raise RecordError(f"intent {i} ({intent.label()}) comes after the game ended",
                              intent=i)
        try:
            r.step(intent)
        except IllegalIntent as e:
            raise RecordError(f"intent {i} ({intent.label()}) is not legal: {e.reason}",
                              intent=i) from None
        except Exception as e:  # noqa: BLE001 - any failure of a stored intent is the record's
            raise RecordError(f"intent {i} ({safe_label(intent)}) cannot be replayed: "
                              f"{_short(e)}", intent=i) from None
    _reload_upto(r, reloads, len(intents))
    return r


def _reload_upto(r: Replayed, reloads: list[tuple[int, Reload]],
                 at: int) -> list[tuple[int, Reload]]:
    """Apply the reloads that happened after ``at`` intents; return those still to come."""
    while reloads and reloads[0][1].at <= at:
        n, entry = reloads.pop(0)
        with _blamed(f"reload {n} (after intent {entry.at}) cannot be applied"):
            r.reload(*apply_reload(r.rs, r.state, entry, n), number=n)
    return reloads


def replay(record: Record, upto: int | None = None) -> tuple[Any, list[list[Event]]]:
    """The state after the first ``upto`` intents and the events of each intent."""
    r = replay_full(record, upto)
    return r.state, r.events


def as_played(record: Record) -> bool:
    """Whether the record replays the game exactly as it was played with today's pack files:
    it keeps its cards' data (format 5) and its first state, rebuilt, is the one played."""
    if not record.start_cards or record.start_sha256 is None:
        return False
    rs = ruleset_of(record)
    return state_sha256(rs, start(rs, record)) == record.start_sha256


def todays_cards(record: Record) -> dict[str, Any]:
    """The cards of the record's game as the pack files hold them now (by the record's keys),
    to bring in as a hot reload."""
    return catalog_cards(fresh(ruleset_of(record), record))


@dataclass(frozen=True)
class CardChanges:
    changed: list[str]
    added: list[str]
    removed: list[str]

    def __bool__(self) -> bool:
        return bool(self.changed or self.added or self.removed)

    def describe(self) -> str:
        parts = [f"{what}: {', '.join(ids)}" for what, ids in
                 (("changed", self.changed), ("new", self.added), ("gone", self.removed)) if ids]
        return "cards differ from when the record was made (" + "; ".join(parts) + ")"


def in_file(e: RecordError, path: str | os.PathLike[str]) -> RecordError:
    """``e`` with the file it came from at the front of its message (once)."""
    where = str(path)
    if e.message.startswith(where):
        return e
    return RecordError(f"{where}: {e.message}", e.intent)


def card_changes(record: Record) -> CardChanges:
    """Which cards differ between those the game was last played with (the record's hashes,
    then its reloads') and the current pack's."""
    rs = ruleset_of(record)
    now = rs.card_hashes(fresh(rs, record))
    was = last_hashes(record)
    return CardChanges(changed=sorted(k for k in was.keys() & now.keys() if was[k] != now[k]),
                       added=sorted(now.keys() - was.keys()),
                       removed=sorted(was.keys() - now.keys()))


PackQuestion = Literal["cards", "today"]


def pack_question(record: Record) -> tuple[PackQuestion | None, str]:
    """What to ask before playing ``record`` on with today's pack files, and why: None when
    they hold the cards it was last played with and it replays as played (or, for a record
    that cannot tell, hold the cards it knows); "today" when it replays as played but the
    files differ (bring today's cards in?); "cards" when it cannot replay as played (an old
    record keeps only hashes, or the decks changed) and the files differ (replay with them?).
    Never None for a record that would replay as another game, as far as it can tell."""
    changes = card_changes(record)
    if as_played(record):
        return ("today", changes.describe()) if changes else (None, "")
    if changes:
        return "cards", changes.describe()
    if record.start_sha256 is not None:
        return "cards", "the pack's decks or card order differ from when the game started"
    return None, ""
