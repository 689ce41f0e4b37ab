"""The numbers of a simulation, from its game results: what summary.json holds and what the
report and the terminal headline show.

A ``Tally`` takes the results one by one as the workers finish them and keeps only counts
(per deck, seat, card and group of comparable player-games) and a few of the lowest game
numbers for examples: its memory does not grow with the number of games. Everything it
reports is a count or the lowest game numbers, so the same games give the same summary
whichever worker finished first."""

from __future__ import annotations

import bisect
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.core.played import Played
from rules.sim.match import GameResult
from rules.sim.stats import stratified_difference, wilson, z_for

EXAMPLES = 3  # games kept per card and outcome, to open in the replay viewer
LISTED = 100  # errors and manual stops listed one by one (the rest are counted)
MIN_GAMES = 30  # a figure of fewer games is shown as "too few games", never as a percentage
METHOD = (
    "Win rates: share of decisive games (draws, turn-cap games and games that could not be "
    "played are counted apart), with a Wilson score interval. Per card: the win rate of the "
    "players who played it in a game against that of the players who did not, compared "
    "within groups of the same deck, seat and agent and the same number of different cards "
    "played (players who play more cards win more, whichever the cards); the difference is "
    "averaged over the groups with Mantel-Haenszel weights, its interval is the normal one "
    "around the Agresti-Caffo adjusted difference (one win and one loss added to each "
    "side; this is the difference shown, and it pulls small samples toward zero). The "
    "per-card intervals are family-wise: each is widened by Bonferroni’s correction over the "
    "cards compared, so that in a fair match all of them hold together at the stated "
    "confidence and a flag (the interval excludes zero) is not one chance result among "
    "many. A card is flagged only when both sides of its comparison hold at least "
    f"{MIN_GAMES} player-games.")
ASSOCIATION = (
    "These figures are associations, not causes: a card is drawn and played more in games "
    "that are already going well. To see what a card does to the win rate, run a paired "
    "experiment (--ablate, --variant, --without/--instead).")

Stratum = tuple[int, int, int, int]  # deck, seat, agent, different cards of the group played
Cell = list[int]  # [wins, games]


@dataclass(frozen=True)
class Settings:
    """What the run was asked, as the report states it."""

    game: str
    decks: tuple[str, str]
    agents: tuple[str, str]
    seed: int
    games: int  # asked for
    pack: str | None = None
    confidence: float = 0.95
    family_wise: bool = True
    min_games: int = MIN_GAMES


def share(k: int, n: int, z: float) -> dict[str, Any]:
    lo, hi = wilson(k, n, z)
    return {"wins": k, "games": n, "rate": k / n if n else None, "lo": lo, "hi": hi}


def histogram(values: Mapping[int, int], bins: int = 20) -> dict[str, Any]:
    """Counts of the values (``values``: value -> how many times) in equal integer bins, with
    the usual descriptive numbers."""
    count = sum(values.values())
    if not count:
        return {"count": 0, "edges": [], "counts": []}
    lo, hi = min(values), max(values)
    width = max(1, -(-(hi - lo + 1) // bins))
    edges = list(range(lo, hi + width + 1, width))
    counts = [0] * (len(edges) - 1)
    for v, n in values.items():
        counts[(v - lo) // width] += n
    return {"count": count, "min": lo, "max": hi,
            "mean": sum(v * n for v, n in values.items()) / count,
            "median": _median(values, count), "edges": edges, "counts": counts}


def _median(values: Mapping[int, int], count: int) -> float:
    """The median of the counted values (the mean of the two middle ones for an even
    count), as ``statistics.median`` gives it."""
    def at(position: int) -> int:  # the value at this 0-based place in sorted order
        below = 0
        for v in sorted(values):
            below += values[v]
            if position < below:
                return v
        return max(values)

    middle = count // 2
    return at(middle) if count % 2 else (at(middle - 1) + at(middle)) / 2


def keep_lowest(items: list[Any], item: Any, limit: int) -> None:
    """Puts ``item`` into the sorted ``items`` if it is among the ``limit`` lowest."""
    if len(items) >= limit and item >= items[-1]:
        return
    bisect.insort(items, item)
    del items[limit:]


@dataclass
class CardCounts:
    """One card's decisive player-games in which it was played."""

    played: Played
    by_stratum: dict[Stratum, Cell] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    won: list[tuple[int, int]] = field(default_factory=list)  # (game, seed), the lowest
    lost: list[tuple[int, int]] = field(default_factory=list)
    decks: set[int] = field(default_factory=set)


HandKey = tuple[int, int, int]  # deck, seat, agent


@dataclass
class HandCounts:
    """One card's decisive player-games in which it was in the player's deck, per deck, seat
    and agent: [wins, games] in the deck (GP), in the opening hand (OH), held at some time
    (GIH: in hand), and never held (GNS: not seen)."""

    card: Played
    gp: dict[HandKey, Cell] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    oh: dict[HandKey, Cell] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    gih: dict[HandKey, Cell] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    gns: dict[HandKey, Cell] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    decks: set[int] = field(default_factory=set)


def _add(cell: Cell, won: bool) -> None:
    cell[0] += won
    cell[1] += 1


def _total(cells: Mapping[Any, Cell]) -> Cell:
    return [sum(c[0] for c in cells.values()), sum(c[1] for c in cells.values())]


class Tally:
    """A run's numbers (or one arm's), added to game by game."""

    def __init__(self, settings: Settings) -> None:
        self.s = settings
        self.done = 0
        self.outcomes = Counter[str]()
        self.deck_wins = [0, 0]
        self.seat_wins = [0, 0]
        self.agent_wins = [0, 0]
        self.first = [0, 0]
        self.turns = Counter[int]()
        self.decisions = Counter[int]()
        # (deck, seat, agent, ((group, cards of it played), ...)) -> [wins, games]: each
        # group's strata are summed from these at the end, when every group is known.
        self.players: dict[tuple[int, int, int, tuple[tuple[str, int], ...]], Cell] = \
            defaultdict(lambda: [0, 0])
        self.cards: dict[tuple[str, str], CardCounts] = {}
        self.hands: dict[str, HandCounts] | None = None  # None: no game had a hand
        self.errors: list[tuple[int, int, str]] = []
        self.manual: list[tuple[int, int, str]] = []
        self.draws: list[tuple[int, int]] = []
        self.capped: list[tuple[int, int]] = []
        # deck A's quickest win and quickest loss: (turns, game, seed)
        self.best: list[tuple[int, int, int]] = []
        self.worst: list[tuple[int, int, int]] = []

    def add(self, r: GameResult) -> None:
        self.done += 1
        if r.error is not None:
            self.outcomes["errors"] += 1
            keep_lowest(self.errors, (r.index, r.seed, r.error), LISTED)
            return
        if r.manual is not None:
            self.outcomes["manual"] += 1
            keep_lowest(self.manual, (r.index, r.seed, r.manual), LISTED)
            return
        if r.turns is not None:
            self.turns[r.turns] += 1
        self.decisions[r.decisions] += 1
        if r.winner is None:
            kind = "turn_cap" if r.capped else "draws"
            self.outcomes[kind] += 1
            keep_lowest(self.capped if r.capped else self.draws, (r.index, r.seed), 20)
            return
        self.outcomes["decisive"] += 1
        w = r.winner
        self.deck_wins[r.deck_at[w]] += 1
        self.seat_wins[w] += 1
        self.agent_wins[r.agent_at[w]] += 1
        if r.first is not None:
            self.first[0] += w == r.first
            self.first[1] += 1
        length = r.turns if r.turns is not None else r.decisions
        keep_lowest(self.best if r.deck_at[w] == 0 else self.worst, (length, r.index, r.seed), 1)
        for seat in (0, 1):
            self._player(r, seat, w == seat)

    def _player(self, r: GameResult, seat: int, won: bool) -> None:
        mine = r.played[seat]
        counts = Counter(p.group for p in mine)
        key = (r.deck_at[seat], seat, r.agent_at[seat])
        _add(self.players[(*key, tuple(sorted(counts.items())))], won)
        for p in mine:
            c = self.cards.get((p.group, p.card))
            if c is None:
                c = self.cards[(p.group, p.card)] = CardCounts(p)
            _add(c.by_stratum[(*key, counts[p.group])], won)
            keep_lowest(c.won if won else c.lost, (r.index, r.seed), EXAMPLES)
            c.decks.add(r.deck_at[seat])
        if r.hands is None:
            return
        if self.hands is None:
            self.hands = {}
        opening = {p.card for p in r.hands.opening[seat]}
        held = {p.card for p in r.hands.held[seat]}
        for p in r.hands.deck[seat]:
            h = self.hands.get(p.card)
            if h is None:
                h = self.hands[p.card] = HandCounts(p)
            h.decks.add(r.deck_at[seat])
            _add(h.gp[key], won)
            if p.card in opening:
                _add(h.oh[key], won)
            _add((h.gih if p.card in held else h.gns)[key], won)

    # ---- the summary ----------------------------------------------------------------------
    def strata(self) -> dict[tuple[str, Stratum], Cell]:
        """Every decisive player-game's [wins, games] per group and stratum: what a card
        of the group is compared with."""
        groups = sorted({g for g, _ in self.cards})
        out: dict[tuple[str, Stratum], Cell] = defaultdict(lambda: [0, 0])
        for (deck, seat, agent, counts), cell in self.players.items():
            have = dict(counts)
            for g in groups:
                c = out[(g, (deck, seat, agent, have.get(g, 0)))]
                c[0] += cell[0]
                c[1] += cell[1]
        return out

    def card_rows(self) -> list[dict[str, Any]]:
        """One row per card: its players' win rate against that of the players with the
        same deck, seat and agent who did not play it, the difference and its interval, the
        flag and example games; sorted by the difference, strongest first."""
        s = self.s
        strata = self.strata()
        tables = {}
        for key, c in self.cards.items():
            tables[key] = [(k, n, strata[(c.played.group, st)][0] - k,
                            strata[(c.played.group, st)][1] - n)
                           for st, (k, n) in sorted(c.by_stratum.items())]
        compared = sum(1 for tab in tables.values() if any(n and n2 for _, n, _, n2 in tab))
        alpha = 1.0 - s.confidence
        if s.family_wise and compared > 1:
            alpha /= compared
        z = z_for(1.0 - alpha)
        keyed: list[tuple[tuple[bool, float, str, str], dict[str, Any]]] = []
        for (group, card), c in self.cards.items():
            tab = tables[(group, card)]
            n_played, k_played = sum(n for _, n, _, _ in tab), sum(k for k, _, _, _ in tab)
            n_not, k_not = sum(n2 for _, _, _, n2 in tab), sum(k2 for _, _, k2, _ in tab)
            d = stratified_difference(tab, z)
            enough = min(n_played, n_not) >= s.min_games
            flag = "" if d is None or not enough else \
                "strong" if d.lo > 0 else "weak" if d.hi < 0 else ""
            keyed.append(((d is None, -(d.adjusted if d else 0.0), group, card), {
                "group": group, "card": card, "name": c.played.name,
                "decks": sorted({s.decks[k] for k in c.decks}),
                "played": {"games": n_played, "wins": k_played,
                           "rate": k_played / n_played if n_played else None},
                "not_played": {"games": n_not, "wins": k_not,
                               "rate": k_not / n_not if n_not else None},
                "enough": enough,
                "difference": d.adjusted if d else None,
                "difference_raw": d.raw if d else None,
                "lo": d.lo if d else -1.0, "hi": d.hi if d else 1.0, "flag": flag,
                "examples": {"won": [{"game": g, "seed": sd} for g, sd in c.won],
                             "lost": [{"game": g, "seed": sd} for g, sd in c.lost]},
            }))
        return [row for _, row in sorted(keyed, key=lambda kr: kr[0])]

    def hand_rows(self) -> list[dict[str, Any]] | None:
        """The 17lands figures of each card that was ever in a hand (None: the game has no
        hand): GP, OH, GIH and GNS games and win rates, and IWD (GIH WR - GNS WR, compared
        within the same deck, seat and agent) with its interval; by IWD, highest first."""
        if self.hands is None:
            return None
        z = z_for(self.s.confidence)
        rows: list[dict[str, Any]] = []
        for h in self.hands.values():
            gih = _total(h.gih)
            if gih[1] == 0:
                continue  # never in a hand (an Entrant, a Spirit): nothing to say
            keys = sorted(set(h.gih) | set(h.gns))
            tab = [(h.gih[k][0], h.gih[k][1], h.gns[k][0], h.gns[k][1]) for k in keys]
            d = stratified_difference(tab, z)
            gns = _total(h.gns)
            enough = min(gih[1], gns[1]) >= self.s.min_games
            iwd = d.adjusted if d is not None and enough else None
            rows.append({
                "card": h.card.card, "name": h.card.name,
                "decks": sorted({self.s.decks[k] for k in h.decks}),
                **{name: _rate(_total(cells)) for name, cells in
                   (("gp", h.gp), ("oh", h.oh), ("gih", h.gih), ("gns", h.gns))},
                "iwd": iwd,
                "iwd_lo": d.lo if d is not None and enough else None,
                "iwd_hi": d.hi if d is not None and enough else None,
            })
        rows.sort(key=lambda r: (r["iwd"] is None, -float(r["iwd"] or 0.0), str(r["card"])))
        return rows

    def summary(self, interrupted: bool = False) -> dict[str, Any]:
        """The whole summary (summary.json)."""
        s = self.s
        z = z_for(s.confidence)
        o = self.outcomes
        decisive = o["decisive"]
        decks = [{"deck": s.decks[d] or f"player {d + 1}", **share(self.deck_wins[d], decisive,
                                                                   z)} for d in (0, 1)]
        seats = [{"seat": p, **share(self.seat_wins[p], decisive, z)} for p in (0, 1)]
        agents = [{"agent": s.agents[a], **share(self.agent_wins[a], decisive, z)}
                  for a in (0, 1)] if s.agents[0] != s.agents[1] else []
        rows = self.card_rows()
        return {
            "game": s.game, "pack": s.pack, "decks": list(s.decks), "agents": list(s.agents),
            "seed": s.seed, "games_asked": s.games, "games_done": self.done,
            "interrupted": interrupted, "confidence": s.confidence, "family_wise": s.family_wise,
            "min_games": s.min_games, "method": METHOD, "association": ASSOCIATION,
            "outcomes": {"decisive": decisive, "draws": o["draws"], "turn_cap": o["turn_cap"],
                         "errors": o["errors"], "manual": o["manual"]},
            "decks_win": decks, "seats_win": seats,
            "first_player": share(self.first[0], self.first[1], z), "agents_win": agents,
            "length": {"turns": histogram(self.turns),
                       "decisions": histogram(self.decisions)},
            "cards": rows,
            "hands": self.hand_rows(),
            "flagged": [r["card"] for r in rows if r["flag"]],
            "best_game": _game(self.best), "worst_game": _game(self.worst),
            "draw_games": [{"index": i, "seed": sd} for i, sd in self.draws],
            "turn_cap_games": [{"index": i, "seed": sd} for i, sd in self.capped],
            "errors": [{"index": i, "seed": sd, "error": e} for i, sd, e in self.errors],
            "manual_games": [{"index": i, "seed": sd, "card": c} for i, sd, c in self.manual],
        }


def _rate(cell: Cell) -> dict[str, Any]:
    k, n = cell
    return {"wins": k, "games": n, "rate": k / n if n else None}


def _game(kept: list[tuple[int, int, int]]) -> dict[str, int] | None:
    return {"game": kept[0][1], "seed": kept[0][2], "length": kept[0][0]} if kept else None


def summarize(results: Iterable[GameResult], s: Settings, interrupted: bool = False
              ) -> dict[str, Any]:
    """The summary of ``results`` (a ``Tally`` of them)."""
    t = Tally(s)
    for r in results:
        t.add(r)
    return t.summary(interrupted)
