"""``--suggest``: the single small changes that bring the two decks closest to even.

Every numeric field of every card in the two decks, moved by -2, -1, +1 or +2 steps within
what the card's model accepts (its legal range), is a candidate. A step is the field's grain
in the pack: the greatest common divisor of its values (1 for Kyoukai's Attack, 10 for
Dreadnought's BP, written in tens). Successive halving spends the games where they matter: all
candidates play a few paired games (the same seeds for all of them and for the pack as it is),
and one that played the very same games as the pack as it is (a field these decks' rules never
read, a card not drawn) is dropped; the third closest to 50 % go on to three times as many,
and so on until six are left. A round keeps the candidates that may be closest: deck A's win
rate as it is (over every game played so far) plus the candidate's paired difference, taken
one standard error nearer to 50 % than it looks, so a change whose effect a few games have not
shown yet is not dropped for one that changes nothing.

The search's own games flatter its winners (of many candidates, some look closer to even by
chance, and a change that merely stirs the games pulls them back from the seeds' luck), so the
six left are played again on fresh seeds, not used to choose them; the three closest there are
the suggestions, each with its paired interval from those games."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from rules.core.changes import data_of, validate, with_fields
from rules.core.errors import DataError
from rules.sim.experiment import Cards, label
from rules.sim.paired import Pairing
from rules.sim.plan import BASE, Arm, Plan
from rules.sim.runner import run_cluster, run_local

STEPS = (-2, -1, 1, 2)
FIRST = 12  # paired games every candidate plays first: one that changes none is dropped
KEEP = 3  # each round keeps a third ...
FINALISTS = 6  # ... until this many are left: confirmed on fresh seeds ...
SHOWN = 3  # ... and the closest of them reported as the suggestions
SKIP = {"id", "name", "art", "text"}


@dataclass(frozen=True)
class Candidate:
    card: str
    path: str
    old: int
    new: int

    def change(self) -> dict[str, Any]:
        return {"card": self.card, "set": {self.path: self.new}}


def numeric_fields(data: Any, prefix: str = "", depth: int = 0) -> Iterator[tuple[str, int]]:
    """Every whole-number field of a card's data, by dotted path (``skills.0.amount``)."""
    if depth > 3:
        return
    items = data.items() if isinstance(data, dict) else enumerate(data) \
        if isinstance(data, list) else ()
    for k, v in items:
        path = f"{prefix}{k}"
        if str(k) in SKIP:
            continue
        if isinstance(v, int) and not isinstance(v, bool):
            yield path, v
        elif isinstance(v, dict | list):
            yield from numeric_fields(v, f"{path}.", depth + 1)


def grains(cards: Cards) -> dict[str, int]:
    """Per field name (the last part of its path), the greatest common divisor of its
    values over the whole pack: the step a designer writes it in."""
    out: dict[str, int] = {}
    for card in cards.cards.values():
        for path, v in numeric_fields(data_of(card)):
            name = path.rsplit(".", 1)[-1]
            out[name] = math.gcd(out.get(name, 0), abs(v))
    return {k: v or 1 for k, v in out.items()}


def candidates(cards: Cards, fields: tuple[str, ...] = ()) -> list[Candidate]:
    """The legal single changes of the decks' cards (``fields``: only fields of these names,
    the last part of the path)."""
    grain = grains(cards)
    out = []
    for cid in dict.fromkeys(c for deck in cards.deck_cards for c in deck):
        data = data_of(cards.cards[cid])
        for path, old in numeric_fields(data):
            name = path.rsplit(".", 1)[-1]
            if fields and name not in fields:
                continue
            for step in STEPS:
                new = old + step * grain.get(name, 1)
                try:
                    validate(cards.fmt, with_fields(data, {path: new}, cid), cid)
                except DataError:
                    continue  # out of the field's legal range
                out.append(Candidate(cid, path, old, new))
    return out


def schedule(count: int) -> list[tuple[int, int]]:
    """The rounds after the first (every candidate, ``FIRST`` pairs), for ``count``
    candidates left after it: (candidates, new pairs each); a third kept, three times the
    pairs, while more than ``FINALISTS`` would be kept (those are then confirmed apart)."""
    rounds: list[tuple[int, int]] = []
    alive, pairs = count, FIRST
    while True:
        alive = max(FINALISTS, -(-alive // KEEP))
        if alive <= FINALISTS:
            return rounds
        rounds.append((alive, pairs * (KEEP - 1)))
        pairs *= KEEP


@dataclass
class Screen:
    """The search's record: each candidate's pairs so far and how the rounds went."""

    found: list[Candidate]
    rate: dict[int, tuple[int, int]] = dataclasses.field(default_factory=dict)  # wins, games
    # pairs with a winner in both games: (won by the candidate only, by the pack only, all)
    moved: dict[int, tuple[int, int, int]] = dataclasses.field(default_factory=dict)
    base: tuple[int, int] = (0, 0)
    rounds: list[dict[str, int]] = dataclasses.field(default_factory=list)
    last: list[int] = dataclasses.field(default_factory=list)  # the last round's candidates
    pairs: int = 0  # the seeds screened (game numbers 0 to pairs - 1)
    dropped: int = 0  # candidates that changed no game of the first round
    interrupted: bool = False

    def estimate(self, i: int) -> tuple[float, float]:
        """Deck A's win rate with candidate ``i`` and the standard error of its paired
        difference; (1.5, 0) before any pair (never chosen)."""
        up, down, n = self.moved.get(i, (0, 0, 0))
        if not n or not self.base[1]:
            return 1.5, 0.0
        diff = (up - down) / n
        spread = math.sqrt(max(0.0, (up + down) / n - diff * diff) / n)
        return self.base[0] / self.base[1] + diff, spread

    def distance(self, i: int) -> float:
        """How far from 50 % the estimate of candidate ``i`` is."""
        return abs(self.estimate(i)[0] - 0.5)

    def may_be(self, i: int) -> float:
        """How near 50 % candidate ``i`` may be: the distance less one standard error."""
        rate, spread = self.estimate(i)
        return max(0.0, abs(rate - 0.5) - spread)


def screen(plan: Plan, cands: list[Candidate], cards: Cards, workers: int,
           scheduler: str | None, timeout: float,
           progress: Callable[[int, int], None] | None) -> Screen:
    """The first round (every candidate), then successive halving over those that changed a
    game; each
    round's games on the workers (or cluster). ``progress(done, total)``: the total is known
    after the first round (it depends on how many candidates it drops)."""
    out = Screen(cands)
    total = probe_games(len(cands)) + screen_games(len(cands))
    done = 0

    def play(alive: list[int], pairs: int, start: int) -> tuple[Pairing, bool]:
        nonlocal done
        arms = [BASE, *(Arm(label([cands[i].change()], cards), (cands[i].change(),))
                        for i in alive)]
        rnd = dataclasses.replace(plan, games=pairs, arms=tuple(arms), start=start)
        pairing = Pairing(len(arms))

        def on_result(r: Any) -> None:
            nonlocal done
            pairing.add(r)
            done += 1
            if progress is not None:
                progress(done, total)

        if scheduler:
            complete = run_cluster(scheduler, rnd, on_result, timeout=timeout, total=len(rnd))
        else:
            complete = run_local(rnd, workers, on_result, total=len(rnd))
        for k, i in enumerate(alive, start=1):
            d = pairing.counts[k].deck
            wins, games = out.rate.get(i, (0, 0))
            out.rate[i] = (wins + d.arm_wins, games + d.n)
            up, down, n = out.moved.get(i, (0, 0, 0))
            out.moved[i] = (up + d.up, down + d.down, n + d.n)
            if k == 1:
                out.base = (out.base[0] + d.base_wins, out.base[1] + d.n)
        out.rounds.append({"candidates": len(alive), "pairs": start + pairs,
                           "games": (len(alive) + 1) * pairs})
        out.last = alive
        out.pairs = start + pairs
        if not complete:
            out.interrupted = True
        return pairing, complete

    everyone = list(range(len(cands)))
    probe, complete = play(everyone, FIRST, 0)
    # A candidate that played the very same games as the pack as it is changed nothing
    # here (a field these decks' rules never read, a card not drawn): it is dropped.
    alive = [i for k, i in enumerate(everyone, start=1)
             if probe.counts[k].same < probe.counts[k].pairs]
    out.dropped = len(cands) - len(alive)
    out.last = alive
    total = done + screen_games(len(alive))
    if progress is not None:
        progress(done, total)
    start = FIRST
    for want, pairs in schedule(len(alive)) if complete else []:
        alive = sorted(alive, key=lambda i: (out.may_be(i), out.distance(i), i))[:want]
        _, complete = play(alive, pairs, start)
        start += pairs
        if not complete:
            break
    return out


def probe_games(count: int) -> int:
    return (count + 1) * FIRST


def screen_games(count: int) -> int:
    return sum((alive + 1) * pairs for alive, pairs in schedule(count))


def finalists(found: Screen) -> list[int]:
    """The ``FINALISTS`` candidates of the last round closest to even."""
    return sorted(found.last, key=lambda i: (found.distance(i), i))[:FINALISTS]


def search_summary(found: Screen, cards: Cards, fields: tuple[str, ...]) -> dict[str, Any]:
    """What the report says of the search: its rounds and the closest candidates seen."""
    ranked = sorted(found.rate, key=lambda i: (-found.rate[i][1], found.distance(i), i))
    top = ranked[:10]
    return {
        "candidates": len(found.found), "dropped": found.dropped, "fields": list(fields),
        "rounds": found.rounds, "probe": FIRST,
        "screened_pairs": found.pairs,
        "base": {"wins": found.base[0], "games": found.base[1]},
        "closest": [{"label": label([found.found[i].change()], cards),
                     "wins": found.rate[i][0], "games": found.rate[i][1]} for i in top],
        "interrupted": found.interrupted,
    }
