"""One game being played: the true state, who sits where, the record, computer turns.

The table draws only what ``view`` / ``legal`` / ``highlights`` return. Every intent goes
through ``submit``, which never raises: an illegal intent or a rules error comes back as a
reason and leaves the state as it was.
"""

from __future__ import annotations

import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

import rules
from game.thinking import Thinker
from game.userdata import autosave_path, save_name, saves_dir
from rules.agents import LEVELS
from rules.core.model import Intent
from rules.records import Mark, RecordError, Session, load_record, replay_full, save_atomic
from rules.records.history import Played, history
from rules.records.undo import barrier

Seat = Literal["human", "computer"]
Level = Literal["easy", "normal", "hard"]


def agent_name(level: str) -> str:
    """What a record calls the computer of ``level`` ("greedy", "search:normal")."""
    return "greedy" if level == "easy" else f"search:{level}"


def level_of(agent: str) -> Level | None:
    """The level a record's agent name was played at, None if it is none of ours."""
    for level in LEVELS:
        if agent_name(level) == agent:
            return level  # type: ignore[return-value]
    return None


@dataclass
class GameConfig:
    game: str = field(default_factory=lambda: next(iter(rules.GAMES)))  # the first game
    seed: int = 1
    seats: tuple[Seat, Seat] = ("human", "computer")
    # How each computer seat plays: easy (greedy one-ply, as before levels), normal or hard
    # (search, ~150 ms and ~1 s a decision).
    levels: tuple[Level, Level] = ("easy", "easy")
    options: dict[str, Any] = field(default_factory=dict)
    record: Path | None = None
    agent_delay: float = 0.6  # seconds a computer decision stays "thinking" on screen
    # seconds after the table moved on by itself in which a press is not taken (it was aimed
    # at the step before; game/input/guard.py)
    grace: float = 0.6
    auto_pass: bool = True  # a person with nothing but Pass passes by itself
    autosave: bool = True  # keep the record in the user data folder (Continue last game)
    progress: bool = False  # print "saved N" after every autosave (the kill test reads it)


def designer_game(cfg: GameConfig) -> GameConfig:
    """``cfg`` with the rules' ``designer`` option on, for a game that has manual steps (the
    freeform switch); unchanged for one that has none."""
    if getattr(rules.get(cfg.game), "manual_table", None) is None:
        return cfg
    return replace(cfg, options={**cfg.options, "designer": True})


def config_for(live: Session, like: GameConfig | None = None) -> GameConfig:
    """The table settings of a game opened from its record: seats as recorded (a person
    and the computer when the record does not say), delays and switches from ``like``."""
    rec = live.record
    seats: tuple[Seat, Seat] = ("human", "computer")
    if len(rec.players) == 2 and all(p in ("human", "computer") for p in rec.players):
        seats = (rec.players[0], rec.players[1])  # type: ignore[assignment]
    base = like or GameConfig()
    levels = list(base.levels)
    for p, agent in enumerate(rec.agents[:2]):
        levels[p] = level_of(agent) or levels[p]
    return GameConfig(game=rec.game, seed=rec.seed, seats=seats, levels=(levels[0], levels[1]),
                      options=dict(rec.options),
                      record=None, agent_delay=base.agent_delay, grace=base.grace,
                      auto_pass=base.auto_pass,
                      autosave=base.autosave, progress=base.progress)


def mark_text(mark: Mark) -> str:
    n = f"{mark.count} intent" + ("s" if mark.count != 1 else "")
    if mark.kind == "redo":
        return f"Redo: {n} put back."
    who = f"Player {mark.player + 1}" if mark.player is not None else "A player"
    return f"Undo: {who} takes back {n}" + (" (designer mode)." if mark.designer else ".")


def drawable(text: str) -> str:
    """In words the table font can draw ("attack 2 to 5")."""
    return text.replace(" → ", " to ").replace("…", "...")


def record_log(live: Session) -> list[str]:
    """The log of a record as it was shown while the game was played: each intent's events
    (undone ones too), undo/redo marks and card reloads, in the order they happened."""
    out: list[str] = []
    for step in history(live.record, live.replayed):
        if isinstance(step, Played):
            out.extend(step.lines)
        elif isinstance(step, Mark):
            out.append(mark_text(step))
        else:
            out.extend(drawable(ev.text) for ev in step.events)
    return out


def keep_unfinished(path: Path) -> Path | None:
    """Before a new game takes over the autosave: an unfinished game in it is copied to the
    saves folder (never lose a game). Returns the copy, None when there was nothing to keep."""
    try:
        rec = load_record(path)
        if not rec.intents:
            return None
        r = replay_full(rec)
        if r.rs.to_act(r.state) is None:
            return None
        stamp = (rec.created or "").replace(":", "").replace("-", "")[:15] or "last"
        dest = saves_dir() / f"unfinished-{rec.game}-seed{rec.seed}-{stamp}.json"
        if not dest.exists():
            save_atomic(dest, rec)
        return dest
    except (RecordError, OSError):
        return None


class GameSession:
    def __init__(self, cfg: GameConfig, live: Session | None = None,
                 note: str | None = None) -> None:
        """A new game from ``cfg``, or ``live``: a game opened from a record (saved file or
        the autosave). Either way the record is autosaved after every change."""
        self.cfg = cfg
        self.took_back = ""  # the last undo in the player's words ("Took back: Cast …")
        self.error: str | None = note
        self.autosave = autosave_path() if cfg.autosave else None
        if live is None:
            if self.autosave is not None:
                keep_unfinished(self.autosave)
            try:
                live = Session.new(cfg.game, cfg.seed, cfg.options, autosave=self.autosave,
                                   players=tuple(cfg.seats), agents=self.agent_names(cfg))
            except OSError as e:  # the data folder is not writable: play on without it
                live = Session.new(cfg.game, cfg.seed, cfg.options, players=tuple(cfg.seats),
                                   agents=self.agent_names(cfg))
                self.error = f"Autosave is off: {e}"
                self.autosave = None
            self.live = live
        else:
            self.live = live
            live.autosave = self.autosave
            try:
                live.save_autosave()  # the journal starts from the record as opened
            except OSError as e:
                self.error = f"Could not save the record: {e}"
        self._copy()
        self.rs = self.live.rs
        # What a seat with nothing else to do plays at once (a person: with ``cfg.auto_pass``):
        # the game's own declaration of what a pass is.
        self.pass_kinds = frozenset(self.rs.info.pass_kinds)
        self.log: list[str] = record_log(self.live)
        self.version = 0  # bumps on every state change; the table re-reads views on change
        # The agent gets its own Ruleset: the contract's legal-intent cache is per instance and
        # the agent thinks on another thread.
        self._agent_rs = type(self.rs)()
        self._pool: ThreadPoolExecutor | None = None
        self._agents = {p: Thinker(cfg.levels[p], cfg.seed * 7 + p, cfg.options, cfg.game,
                                   self._threads) for p in (0, 1) if cfg.seats[p] == "computer"}
        self._thinking: Future[Intent] | None = None
        self._thinking_for = -1
        self._ready_at = 0.0
        self._legal_for: Any = None
        self._legal: list[Intent] = []

    @staticmethod
    def agent_names(cfg: GameConfig) -> tuple[str, ...]:
        """Who plays each seat, for the record: "" for a person, else the computer's agent;
        () when no computer searches (people, Easy: the record is then as earlier versions
        wrote it, and a computer seat without an agent in its record is Easy)."""
        if not any(cfg.seats[p] == "computer" and cfg.levels[p] != "easy" for p in (0, 1)):
            return ()
        return tuple(agent_name(cfg.levels[p]) if cfg.seats[p] == "computer" else ""
                     for p in (0, 1))

    # ---- reading --------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.live.state

    @property
    def initial_state(self) -> Any:
        """The state the game started from (before the first intent)."""
        return self.live.replayed.states[0]

    @property
    def intents(self) -> tuple[dict[str, Any], ...]:
        return self.live.record.intents

    def to_act(self) -> int | None:
        return self.rs.to_act(self.state)

    @property
    def over(self) -> bool:
        return self.to_act() is None

    def winner(self) -> int | None:
        return self.rs.winner(self.state)

    def is_human(self, p: int | None) -> bool:
        return p is not None and self.cfg.seats[p] == "human"

    def view(self, player: int) -> Any:
        return self.rs.view(self.state, player)

    def legal(self) -> list[Intent]:
        """Legal intents of the deciding player (cached per state)."""
        if self._legal_for is not self.state:
            self._legal_for, self._legal = self.state, self.rs.legal_intents(self.state)
        return self._legal

    def highlights(self, source: Any) -> dict[str, list[Any]]:
        try:
            return self.rs.highlights(self.state, source)
        except Exception:  # noqa: BLE001 - a rules bug must not take the table down
            return {}

    def piece_legal(self, source: Any) -> list[Intent]:
        """The legal intents of one piece (the manual panel's card)."""
        return self.rs.legal_intents(self.state, source)

    @property
    def thinking(self) -> bool:
        return self._thinking is not None

    # ---- acting ---------------------------------------------------------------------------
    def why_not(self, intent: Intent) -> str | None:
        """The rules' reason ``intent`` is refused now, None if it is legal. Changes nothing."""
        try:
            self.rs.apply(self.state, intent)
        except rules.IllegalIntent as e:
            return e.reason
        except Exception as e:  # noqa: BLE001
            return f"Rules error: {type(e).__name__}: {e}"
        return None

    def why_idle(self, source: Any, tries: list[Intent]) -> str | None:
        """The rules' reason the piece ``source`` can do nothing now (``tries``: what its drops
        would ask, for their fallback), None if it can. Changes nothing."""
        try:
            return self.rs.why_idle(self.state, source, tries)
        except Exception as e:  # noqa: BLE001 - a rules bug must not take the table down
            return f"Rules error: {type(e).__name__}: {e}"

    def submit(self, intent: Intent) -> str | None:
        """Apply ``intent``; return None, or the reason it was refused (state unchanged)."""
        n = len(self.live.record.intents)
        try:
            self.live.apply(intent)
        except rules.IllegalIntent as e:
            self.error = e.reason
            return self.error
        except OSError as e:  # the autosave failed; the intent may already be applied
            self.error = f"Could not save the record: {e}"
        except Exception as e:  # noqa: BLE001 - shown to the player; the table stays as it was
            self.error = f"Rules error: {type(e).__name__}: {e}"
            return self.error
        else:
            self.error = None
        if len(self.live.record.intents) == n:  # refused before the record moved on
            return self.error
        # Applied (and kept in memory even if the save failed: the error stays on screen and
        # the next save writes the whole record): its events are the record's last ones.
        self.version += 1
        self.log.extend(ev.text for ev in self.live.events[-1])
        self._copy()
        if self.cfg.progress and self.error is None:
            print(f"saved {len(self.live.record.intents)}", flush=True)
        return None

    # ---- records --------------------------------------------------------------------------
    def _write(self, path: Path, backup: bool = False) -> None:
        try:
            save_atomic(path, self.live.record, backup=backup)
        except OSError as e:
            self.error = f"Could not save the record: {e}"

    def _copy(self) -> None:
        """The --record copy, next to the autosave."""
        if self.cfg.record is not None:
            self._write(self.cfg.record)

    def _auto_pass_state(self) -> bool:
        p = self.to_act()
        if not self.is_human(p) or not self.cfg.auto_pass:
            return False
        legal = self.legal()
        return self._only_pass(legal)

    def _only_pass(self, legal: list[Intent]) -> bool:
        return len(legal) == 1 and legal[0].kind in self.pass_kinds

    def forced_pass(self, p: int) -> bool:
        """Whether seat ``p`` is to act and the table makes its only legal intent, a pass,
        for it at once (a person's: with ``cfg.auto_pass``)."""
        return self.to_act() == p and (self.cfg.auto_pass or not self.is_human(p)) \
            and self._only_pass(self.legal())


    def _changed(self) -> None:
        self.version += 1
        self._thinking, self._ready_at = None, 0.0  # a computer's pending choice is stale
        self._copy()

    def can_undo(self, player: int, designer_mode: bool = False) -> bool:
        return self.live.can_undo(player, designer_mode)

    def can_redo(self) -> bool:
        return self.live.can_redo()

    def undo(self, player: int, designer_mode: bool = False) -> int:
        """Take back to ``player``'s latest decision the barrier allows (past decisions that
        were only an automatic Pass). Returns how many intents were taken back."""
        total = 0
        self.error = None
        self.took_back = ""
        before = self.live.record.intents
        marks = len(self.live.record.marks)
        try:
            # The steps and their marks merged are saved as one change: a crash leaves the
            # game as the player saw it before or after, never half undone.
            with self.live.one_change():
                try:
                    while self.live.can_undo(player, designer_mode):
                        total += self.live.undo(player, designer_mode)
                        if not self._auto_pass_state():
                            break
                finally:
                    self.live.merge_marks(marks)  # one action of the player, one log line
        except OSError as e:  # undone in memory; the autosave could not be written
            self.error = f"Could not save the record: {e}"
        if total:
            # The player's own decision comes first among those taken back, and the state is
            # now the one it was made in: the rules' own sentence for it.
            first = self.rs.parse_intent(before[len(before) - total])
            more = f" (and {total - 1} after it)" if total > 1 else ""
            self.took_back = f"Took back: {drawable(self.rs.describe(self.state, first))}{more}"
        return self._marked(total)

    def why_no_undo(self, player: int, designer_mode: bool = False) -> str:
        """Why ``player`` has nothing to take back, naming the draw or reveal in the way."""
        if designer_mode:
            return "Nothing of yours to take back."
        hit = barrier(self.live.record, player, self.live.replayed)
        if hit is None:
            return "Nothing of yours to take back."
        what = "a draw or shuffle" if hit.random else "it showed you a hidden card"
        return (f"Can't undo past \"{drawable(hit.text)}\" ({what}; Designer mode in the menu "
                "lifts this).")

    def redo(self) -> int:
        total = 0
        self.error = None
        marks = len(self.live.record.marks)
        try:
            with self.live.one_change():  # as undo
                try:
                    while self.live.can_redo():
                        total += self.live.redo()
                        if not self._auto_pass_state():
                            break
                finally:
                    self.live.merge_marks(marks)
        except OSError as e:
            self.error = f"Could not save the record: {e}"
        except RecordError as e:
            self.error = e.message
        return self._marked(total)

    def _marked(self, total: int) -> int:
        """After an undo or redo of ``total`` intents: its log line, and the table redrawn."""
        if not total:
            return 0
        self.log.append(mark_text(self.live.record.marks[-1]))
        self._changed()
        return total

    def reload_cards(self, cards: Any) -> list[str]:
        """Hot reload: the cards of this game take the new data (by stable id) from now on.
        The record keeps the edit where it happened (and the autosave is written), so
        Continue, undo, the replay and "play from here" reproduce the game as played.
        Returns the "Card changed: …" lines (also logged); [] when no card in play changed."""
        n = len(self.live.replayed.reloaded.get(len(self.intents), []))
        try:
            events = self.live.reload_cards(cards)
        except OSError as e:  # reloaded in memory; the autosave could not be written
            self.error = f"Could not save the record: {e}"
            events = self.live.replayed.reloaded.get(len(self.intents), [])[n:]
        if not events:
            return []
        lines = [drawable(ev.text) for ev in events]
        self.log.extend(lines)
        self._legal_for = None
        self._changed()
        return lines

    def save_as(self, path: Path) -> None:
        """Write the record to a file the player chose (OSError if it cannot be written)."""
        save_atomic(path, self.live.record)

    def default_save_path(self) -> Path:
        return saves_dir() / save_name(self.cfg.game, self.cfg.seed)

    def tick(self, now: float | None = None) -> bool:
        """Let computer players (and auto-passes) act when their time has come. Returns True
        when the state changed. Never waits: thinking happens on a worker thread."""
        now = time.monotonic() if now is None else now
        p = self.to_act()
        if p is None:
            return False
        if self.forced_pass(p):  # no choice to think over, for a person or a computer
            self._thinking, self._ready_at = None, 0.0
            return self.submit(self.legal()[0]) is None  # logged as any intent is
        if self.is_human(p):
            return False
        if self._thinking is None or self._thinking_for != self.version:
            view, legal = self.rs.view(self.state, p), self.legal()
            self._thinking = self._agents[p].choose(self._agent_rs, view, legal)
            self._thinking_for = self.version
            self._ready_at = now + self.cfg.agent_delay
            return False
        if now < self._ready_at:
            return False
        if not self._thinking.done():
            # The visible delay is over: give the worker a moment (bounded, a fraction of a
            # frame) to finish, instead of a whole frame of GIL contention per decision.
            try:
                self._thinking.result(timeout=0.003)
            except TimeoutError:
                return False
            except Exception:  # noqa: BLE001 - reported below
                pass
        fut, self._thinking = self._thinking, None
        self._ready_at = 0.0
        try:
            intent = fut.result()
        except Exception as e:  # noqa: BLE001 - a broken agent passes its turn visibly
            self.error = f"Computer player failed: {type(e).__name__}: {e}"
            legal = self.legal()
            intent = legal[0]
        return self.submit(intent) is None

    def _threads(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="agent")
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
