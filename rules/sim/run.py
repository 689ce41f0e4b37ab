"""One run's bookkeeping in the process that receives the results: each result is written to
games.jsonl as it arrives, counted into its arm's ``Tally`` and the experiment's ``Pairing``,
and then dropped; only the choices of games that may be shown as examples are held."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rules.sim.examples import CardExamples, Keeper, write_examples
from rules.sim.match import GameResult
from rules.sim.paired import Pairing, side
from rules.sim.plan import Plan
from rules.sim.summary import Settings, Tally

if TYPE_CHECKING:
    from rules.sim.simulation import Prepared

PENDING = "pending"  # a game held until the games paired with it arrive


def result_line(r: GameResult) -> str:
    """One game as a line of games.jsonl: what it was, how it ended, which cards were
    played, in the opening hand and held (card ids), and a hash of its choices."""
    def ids(seats: Any) -> Any:
        return None if seats is None else [[p.card for p in s] for s in seats]

    hands = r.hands
    return json.dumps({
        "arm": r.arm, "game": r.index, "seed": r.seed, "deck_at": r.deck_at,
        "agent_at": r.agent_at, "first": r.first, "winner": r.winner, "capped": r.capped,
        "turns": r.turns, "decisions": r.decisions, "played": ids(r.played),
        "opening": ids(hands.opening) if hands else None,
        "held": ids(hands.held) if hands else None,
        "error": r.error, "manual": r.manual, "choices": side(r).choices[:16],
    }, separators=(",", ":"))


class Run:
    def __init__(self, plan: Plan, settings: Settings, stream: Path | None) -> None:
        self.plan = plan
        arms = len(plan.arms)
        self.tallies = [Tally(settings) for _ in range(arms)]
        self.pairing = Pairing(arms, settings.confidence) if arms > 1 else None
        self.keeper = Keeper()
        self.cards = CardExamples(self.keeper, arm=0)
        self.stream = stream.open("w", encoding="utf-8") if stream is not None else None
        self.done = 0

    def add(self, r: GameResult) -> None:
        self.done += 1
        if self.stream is not None:
            self.stream.write(result_line(r) + "\n")
        key = (r.arm, r.index)
        t = self.tallies[r.arm]
        before = (list(t.best), list(t.worst))
        t.add(r)
        for name, kept, was in (("best", t.best, before[0]), ("worst", t.worst, before[1])):
            self.keeper.keep(key, (name, r.arm), [(r.arm, g) for _, g, _ in kept],
                             [(r.arm, g) for _, g, _ in was], r.choices)
        self.cards.add(r)
        if self.pairing is not None:
            self._pair(r)

    def _pair(self, r: GameResult) -> None:
        p = self.pairing
        assert p is not None
        key = (r.arm, r.index)
        self.keeper.hold(key, r.choices, PENDING)
        before = [list(c.flips) for c in p.counts]
        if len(p.pending.get(r.index, {})) + 1 < p.arms:
            p.add(r)
            return
        p.add(r)
        g = r.index
        for k in range(1, p.arms):
            kept = p.counts[k].flips
            for arm in (0, k):
                self.keeper.keep((arm, g), ("flip", k), [(arm, x) for x in kept],
                                 [(arm, x) for x in before[k]],
                                 self.keeper.choices.get((arm, g)))
        for arm in range(p.arms):
            self.keeper.release((arm, g), PENDING)

    def close(self) -> None:
        if self.stream is not None:
            self.stream.close()

    def summary(self, interrupted: bool, prep: Prepared) -> dict[str, Any]:
        """The summary: the pack as it is (as a plain run's), and for an experiment every
        arm beside it with the paired differences."""
        out = self.tallies[0].summary(interrupted)
        if self.pairing is None:
            return out
        arms = []
        for k, arm in enumerate(self.plan.arms):
            s = self.tallies[k].summary(interrupted)
            entry: dict[str, Any] = {
                "label": arm.label, "changes": [dict(c) for c in arm.changes],
                "pack": arm.pack, "broken_rules": list(prep.broken[k]),
                **{key: s[key] for key in ("games_done", "outcomes", "decks_win", "seats_win",
                                           "first_player", "length", "best_game",
                                           "worst_game")},
            }
            if k:
                entry["paired"] = self.pairing.summary(k)
            arms.append(entry)
        out["experiment"] = {"kind": prep.kind, "notes": list(prep.notes), "arms": arms,
                             "ablated": prep.ablated, "names": dict(prep.names),
                             "unpaired": len(self.pairing.pending)}
        return out

    def write_examples(self, folder: Path, summary: dict[str, Any]) -> dict[str, str]:
        """The records of the games the report shows: each flagged card's examples (won
        ones for a strong card, lost ones for a weak one), each arm's quickest win and loss
        of deck A, and the pairs that ended differently; ``"game"`` (the pack as it is) or
        ``"arm:game"`` -> the file, relative to the report folder."""
        wanted: list[tuple[int, int]] = []
        for r in summary["cards"]:
            if r["flag"]:
                wanted += [(0, e["game"]) for e in r["examples"]["won" if r["flag"] == "strong"
                                                                 else "lost"]]
        arms = summary.get("experiment", {}).get("arms") or [summary]
        for k, a in enumerate(arms):
            wanted += [(k, a[x]["game"]) for x in ("best_game", "worst_game") if a.get(x)]
            for g in (a.get("paired") or {}).get("flips", []):
                wanted += [(0, g), (k, g)]
        matches = [self.plan.match(g, k) for k, g in sorted(set(wanted))]
        written = write_examples(folder, matches, self.keeper)
        return {(str(g) if k == 0 else f"{k}:{g}"): f for (k, g), f in sorted(written.items())}
