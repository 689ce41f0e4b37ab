"""The reload-mid-stack pass of ``tools/fuzz.py`` (issue 33, item 1): random games of every
game, half of them on the pack with the prototype manual cards. Whenever something waits to
resolve (a Kyoukai Sequence, a Nullshapers queue, a resolution paused by a manual step, a
pending payment, attack or choice) the game is hot-reloaded now and then (``STOP``; most often
just after something joined, ``FRESH``) with random changes to the cards as the pack gave
them: lists such as Skills, spells and abilities emptied or cut short, effects and numbers
swapped or changed, names changed; only what the card model accepts, as the pack loader
would; types and kinds kept (``KEPT``). Intents are random, their kind drawn first, so Skills
and spells come up as often as passing. Counted (each reload, and each game's Continue, is one
tried):

- crashed: the rules raised (resolving, listing intents), or the table raised drawing the
  view headless (its layout and Sequence panel) after a reload or as what waits changes;
- lost: the state after a reload did not dump and load to itself, or Continue at the end of
  the game (the autosave replayed: its intents and every reload at its point) did not reach
  the same state.

Extra figures: ``stacked`` (reloads that changed a card while something waited),
``resolved`` (of those, the ones after which the waiting items resolved).
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import rules
from rules.core.manual import pending
from rules.core.manual_intents import ManualDone
from rules.core.packs import format_for
from rules.records import Session, state_sha256
from rules.records.model import catalog_cards
from tests.manual.helpers import manual_pack

Tally = Any
STEPS = 400  # steps of a game looking for a stack
AFTER = 60  # steps played after the reload
# A card's id, and its type or kind: which zones may hold a card is a question of its own (a
# BOS spell reloaded into a wizard while in the spellbook is still offered to Cast, and Cast
# fails; found by this pass, left for the zone checks), not of what waits to resolve. The
# tests reload queued cards into another kind (tests/nullshapers/test_reload_mid_queue.py).
KEPT = ("id", "type", "kind")
STOP = 0.3  # the chance to reload at each moment something waits …
FRESH = 0.8  # … and just after something new joined it (a Skill declared, a card played)


def waiting(state: Any) -> int:
    """How many things wait to resolve: stack or queue items, parts of a paused resolution."""
    n = 0
    for name in ("seq", "queue"):
        window = getattr(state, name, None)
        if window is not None:
            n += len(window.stack)
    for name in ("paying", "attack", "pending"):  # a cast paid for, an attack or a choice
        if getattr(state, name, None) is not None:
            n += 1
    step = pending(state)
    return n + (len(step.then) if step is not None else 0)


def mutated(card: Any, rng: random.Random, pool: list[Any], names: str = "change",
            context: Mapping[str, Any] | None = None) -> Any:
    """``card`` with random fields changed: tuples emptied, cut or their items changed (a
    Skill, a spell), numbers moved, effects and kinds swapped with another's. ``names``: what
    ``name`` may become: "change" (a new one), "swap" (another's: a name inside a card may be
    an effect's, which only swapping keeps known), "keep" (a game that knows its cards by
    name would take a renamed one for another card)."""
    update: dict[str, Any] = {}
    for name, value in card.__dict__.items():
        if rng.random() < 0.5 or name in KEPT or (name == "name" and names == "keep"):
            continue
        if isinstance(value, tuple) and value and hasattr(value[0], "__dict__"):
            kind = rng.randrange(3)
            update[name] = () if kind == 0 else value[:-1] if kind == 1 else tuple(
                mutated(x, rng, [y for y in value if y is not x] or [x], "swap")
                for x in value)
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            update[name] = max(0, value + rng.choice((-2, -1, 1, 2, 5)))
        elif isinstance(value, str) and name == "name" and names == "change":
            update[name] = value[:30] + " II"
        elif isinstance(value, str | None):
            others = [getattr(c, name, None) for c in pool]
            update[name] = rng.choice([o for o in others if isinstance(o, str | None)] or [value])
    if not update:
        return card
    try:  # only what the card model accepts, as the pack loader would (``context``)
        return type(card).model_validate({**card.model_dump(), **_plain(update)},
                                         context=dict(context or {}))
    except ValueError:
        return card


def _plain(value: Any) -> Any:
    """Card data as a file gives it (models as dicts), so validation sees all of it."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return tuple(_plain(v) for v in value)
    return value.model_dump() if hasattr(value, "model_dump") else value


def reload_cards(game: str, cards: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A reload of random changes to ``cards`` (the game's cards as its pack first gave them:
    a designer edits the files, so a later reload may bring back what an earlier took)."""
    pool = list(cards.values())
    context = format_for(game, rules.GAMES).context
    return {k: mutated(c, rng, pool, "change" if k != c.name else "keep", context)
            for k, c in cards.items() if rng.random() < 0.7}


class Tables:
    """Each game's table, drawing views headless (as the client would after the reload)."""

    def __init__(self) -> None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        pygame.display.init()
        pygame.font.init()
        self.pygame = pygame
        self.surface = pygame.Surface((1280, 720))
        self.layouts: dict[str, Any] = {}

    def draw(self, live: Session) -> None:
        from game.layouts import table_for
        from game.layouts.base import Overlay, Seats

        game = live.rs.name
        lay = self.layouts.get(game)
        if lay is None:
            lay = self.layouts[game] = table_for(game)
            lay.resize(self.surface.get_size())
        p = live.rs.to_act(live.state)
        viewer = 0 if p is None else p
        lay.update(live.rs.view(live.state, viewer), Seats(viewer, False, ("P1", "P2")),
                   live.rs.legal_intents(live.state) if p is not None else [])
        lay.draw(self.surface, Overlay())
        lay.sequence_lines()
        lay.status()


def _step(live: Session, rng: random.Random) -> bool:
    """One random intent of a kind drawn first (rare kinds, a Skill or a spell, come up as
    often as passing), Done at a manual step mostly; False when the game is over."""
    rs, state = live.rs, live.state
    if rs.to_act(state) is None:
        return False
    legal = rs.legal_intents(state)
    done = [i for i in legal if i.kind == ManualDone().kind]
    if done and rng.random() < 0.9:
        live.apply(done[0])
        return True
    kind = rng.choice(sorted({i.kind for i in legal}))
    live.apply(rng.choice([i for i in legal if i.kind == kind]))
    return True


def reloads(t: Tally, count: int, seed: int, folder: Path) -> None:
    """``count`` games, the games in turn, each hot-reloaded at random moments while
    something waits to resolve (each reload is one tried); Continue checked at the end."""
    games = sorted(rules.GAMES)
    packs = {g: manual_pack(g, folder / "reload-packs") for g in games}
    tables = Tables()
    for key in ("stacked", "resolved"):
        t.extra.setdefault(key, 0)
    for n in range(count):
        game = games[n % len(games)]
        rng = random.Random(seed * 100_003 + n)
        options = {"pack": str(packs[game])} if n // len(games) % 2 else {}
        path = folder / f"reload-{n}.json"
        where = f"{game} game {n}"
        try:
            _game(t, tables, Session.new(game, seed + n, options, autosave=path), rng, where)
            t.tried += 1
            again, _ = Session.resume(path)
            live = Session(again.record)  # replayed once more, from the record alone
            if state_sha256(again.rs, again.state) != state_sha256(live.rs, live.state):
                t.lost += 1
                t.note(f"{where}: Continue after its reloads reached another state")
        except Exception as e:  # noqa: BLE001 - the count is the point
            t.crashed += 1
            t.note(f"{where}: {type(e).__name__}: {str(e)[:200]}")
        finally:
            for f in folder.glob(f"reload-{n}.json*"):
                f.unlink()


def _game(t: Tally, tables: Tables, live: Session, rng: random.Random, where: str) -> None:
    """One game: at each moment something waits, a reload now and then; the state loaded
    back and the table drawn after each reload, and in the ``AFTER`` steps after it each
    time what waits changes."""
    rs = live.rs
    since = AFTER
    waited: list[int] = []  # the numbers waiting at each reload not yet seen resolved
    was = 0
    files = catalog_cards(live.state)
    for _ in range(STEPS):
        now = waiting(live.state)
        if now and rng.random() < (FRESH if now > was else STOP):
            t.tried += 1
            at = f"{where} at intent {len(live.record.intents)} ({now} waiting)"
            if live.reload_cards(reload_cards(rs.name, files, rng)):
                t.extra["stacked"] += 1
                waited.append(now)
                since = 0
            if rs.load(rs.dump(live.state)) != live.state:
                t.lost += 1
                t.note(f"{at}: the reloaded state does not dump and load to itself")
            tables.draw(live)
        was = now
        if not _step(live, rng):
            break
        since += 1
        if since <= AFTER and waiting(live.state) != now:  # an item added or resolved
            tables.draw(live)
        if waited and waiting(live.state) < min(waited):
            t.extra["resolved"] += len(waited)
            waited.clear()
    tables.draw(live)
