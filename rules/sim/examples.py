"""Example games, kept while the run goes and written as records at the end, so a designer
opens them in the replay viewer (``playtable replay FILE``).

Only the choices of games that may still be shown are held, each for the reasons it may be
shown (a flagged card's example, an arm's quickest win or loss, a pair that ended
differently, a game whose pair partner has not arrived yet): a game is let go when its last
reason goes. The choices the summary names are the lowest game numbers of each kind, the same
whatever order the workers finish in."""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from pathlib import Path

import rules
from rules.records.model import Record
from rules.records.store import to_text
from rules.sim.match import GameResult, intents_of
from rules.sim.plan import Match
from rules.sim.summary import EXAMPLES

Key = tuple[int, int]  # (arm, game)


class Keeper:
    """Choices of games, held while some reason to show them stands."""

    def __init__(self) -> None:
        self.choices: dict[Key, bytes] = {}
        self.reasons: dict[Key, set[object]] = {}

    def hold(self, key: Key, choices: bytes, reason: object) -> None:
        self.reasons.setdefault(key, set()).add(reason)
        self.choices[key] = choices

    def release(self, key: Key, reason: object) -> None:
        held = self.reasons.get(key)
        if held is None:
            return
        held.discard(reason)
        if not held:
            del self.reasons[key], self.choices[key]

    def keep(self, key: Key, reason: object, kept: Iterable[Key], before: Iterable[Key],
             choices: bytes | None) -> None:
        """After a list of games kept for ``reason`` changed from ``before`` to ``kept``:
        holds ``key`` (its ``choices``) if it is in, lets go of whatever fell out."""
        kept = set(kept)
        if key in kept and choices is not None:
            self.hold(key, choices, reason)
        for gone in set(before) - kept:
            self.release(gone, reason)


class CardExamples:
    """Per card and outcome, the ``EXAMPLES`` lowest games of one arm where it was played
    (the ones the summary names for the card)."""

    def __init__(self, keeper: Keeper, arm: int = 0, per_card: int = EXAMPLES) -> None:
        self.keeper, self.arm, self.per_card = keeper, arm, per_card
        self.slots: dict[tuple[str, str, bool], list[int]] = {}

    def add(self, r: GameResult) -> None:
        if not r.decisive or not r.choices or r.arm != self.arm:
            return
        for seat in (0, 1):
            for p in r.played[seat]:
                reason = (p.group, p.card, r.winner == seat)
                slot = self.slots.setdefault(reason, [])
                if r.index in slot or (len(slot) == self.per_card and r.index > slot[-1]):
                    continue
                before = list(slot)
                bisect.insort(slot, r.index)
                del slot[self.per_card:]
                self.keeper.keep((r.arm, r.index), reason, [(r.arm, g) for g in slot],
                                 [(r.arm, g) for g in before], r.choices)


def record_of(match: Match, choices: bytes) -> Record:
    """The record of a simulated game: no creation time, so the same run writes the same
    file. Its options hold the arm's card changes, so it replays as it was played."""
    intents = tuple(intents_of(match, choices))
    options = match.game_options()
    rs = rules.get(match.game)
    state = rs.new_game(seed=match.seed, options=options)
    return Record(game=match.game, seed=match.seed, options=options,
                  cards=rs.card_hashes(state), intents=intents, agents=match.seat_agents())


def file_name(match: Match) -> str:
    arm = f"arm{match.arm}-" if match.arm else ""
    return f"{arm}game-{match.index:06d}-seed-{match.seed}.json"


def write_examples(folder: Path, games: Iterable[Match], keeper: Keeper) -> dict[Key, str]:
    """Writes the record of each of ``games`` whose choices were kept; (arm, game) -> file
    name (relative to ``folder``'s parent, the report folder)."""
    written: dict[Key, str] = {}
    for m in games:
        key = (m.arm, m.index)
        choices = keeper.choices.get(key)
        if choices is None or key in written:
            continue
        folder.mkdir(parents=True, exist_ok=True)
        name = file_name(m)
        (folder / name).write_text(to_text(record_of(m, choices)), encoding="utf-8")
        written[key] = f"{folder.name}/{name}"
    return written
