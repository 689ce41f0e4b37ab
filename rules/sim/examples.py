"""Example games per card, kept while the run goes and written as records at the end, so a
designer opens a flagged card's games in the replay viewer (``playtable --replay FILE``).

Only the choices of games that may still be shown are held: per card and outcome, the
``EXAMPLES`` lowest game numbers where it was played (the same ones the summary names,
whatever order the workers finish in)."""

from __future__ import annotations

import bisect
from pathlib import Path

import rules
from rules.records.model import Record
from rules.records.store import to_text
from rules.sim.match import GameResult, intents_of
from rules.sim.plan import Match
from rules.sim.summary import EXAMPLES


class ExampleKeeper:
    def __init__(self, per_card: int = EXAMPLES) -> None:
        self.per_card = per_card
        self.slots: dict[tuple[str, str, bool], list[int]] = {}  # (group, card, won) -> games
        self.refs: dict[int, int] = {}  # game -> slots holding it
        self.choices: dict[int, bytes] = {}  # game -> its choices (``GameResult.choices``)

    def add(self, r: GameResult) -> None:
        if not r.decisive or not r.choices:
            return
        for seat in (0, 1):
            for p in r.played[seat]:
                slot = self.slots.setdefault((p.group, p.card, r.winner == seat), [])
                if len(slot) == self.per_card and r.index > slot[-1]:
                    continue
                if r.index in slot:
                    continue
                bisect.insort(slot, r.index)
                self._hold(r)
                if len(slot) > self.per_card:
                    self._release(slot.pop())

    def _hold(self, r: GameResult) -> None:
        self.refs[r.index] = self.refs.get(r.index, 0) + 1
        self.choices[r.index] = r.choices

    def _release(self, index: int) -> None:
        self.refs[index] -= 1
        if self.refs[index] == 0:
            del self.refs[index], self.choices[index]


def record_of(match: Match, choices: bytes) -> Record:
    """The record of a simulated game: no creation time, so the same run writes the same
    file."""
    intents = tuple(intents_of(match, choices))
    options = match.game_options()
    rs = rules.get(match.game)
    state = rs.new_game(seed=match.seed, options=options)
    return Record(game=match.game, seed=match.seed, options=options,
                  cards=rs.card_hashes(state), intents=intents, agents=match.seat_agents())


def file_name(match: Match) -> str:
    return f"game-{match.index:06d}-seed-{match.seed}.json"


def write_examples(folder: Path, games: list[Match], keeper: ExampleKeeper) -> dict[int, str]:
    """Writes the record of each of ``games`` whose intents were kept; game -> file name
    (relative to ``folder``'s parent, the report folder)."""
    written = {}
    if games:
        folder.mkdir(parents=True, exist_ok=True)
    for m in games:
        choices = keeper.choices.get(m.index)
        if choices is None:
            continue
        name = file_name(m)
        (folder / name).write_text(to_text(record_of(m, choices)), encoding="utf-8")
        written[m.index] = f"{folder.name}/{name}"
    return written
