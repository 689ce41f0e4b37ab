"""The numbers of a simulation, from its game results: what summary.json holds and what the
report and the terminal headline show. Everything is computed from the results in game order,
so the same games give the same summary whichever worker finished first."""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core.played import Played
from rules.sim.match import GameResult
from rules.sim.stats import stratified_difference, wilson, z_for

EXAMPLES = 3  # games kept per card and outcome, to open in the replay viewer
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
    "many.")


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


@dataclass
class CardTally:
    """One card's player-games in which it was played: (won, game index, stratum), the
    stratum being ``stratum``'s (deck, seat, cards played)."""

    played: Played
    outcomes: list[tuple[bool, int, Stratum]] = field(default_factory=list)


def share(k: int, n: int, z: float) -> dict[str, Any]:
    lo, hi = wilson(k, n, z)
    return {"wins": k, "games": n, "rate": k / n if n else None, "lo": lo, "hi": hi}


def histogram(values: Sequence[int], bins: int = 20) -> dict[str, Any]:
    """Counts of ``values`` in equal integer bins, with the usual descriptive numbers."""
    if not values:
        return {"count": 0, "edges": [], "counts": []}
    lo, hi = min(values), max(values)
    width = max(1, -(-(hi - lo + 1) // bins))
    edges = list(range(lo, hi + width + 1, width))
    counts = [0] * (len(edges) - 1)
    for v in values:
        counts[(v - lo) // width] += 1
    return {"count": len(values), "min": lo, "max": hi, "mean": statistics.fmean(values),
            "median": statistics.median(values), "edges": edges, "counts": counts}


Stratum = tuple[int, int, int, int]


def stratum(r: GameResult, seat: int, group: str) -> Stratum:
    """What a player-game is compared within: the player's deck, seat and agent, and how many
    different cards of ``group`` they played (players who play more cards win more, whichever
    cards they are; without this every card of a deck would look strong)."""
    return (r.deck_at[seat], seat, r.agent_at[seat],
            sum(p.group == group for p in r.played[seat]))


def tally_cards(results: Iterable[GameResult]) -> dict[tuple[str, str], CardTally]:
    """Per card, every player-game of a decisive game in which it was played."""
    cards: dict[tuple[str, str], CardTally] = {}
    for r in results:
        if not r.decisive:
            continue
        for seat in (0, 1):
            for p in r.played[seat]:
                t = cards.setdefault((p.group, p.card), CardTally(p))
                t.outcomes.append((r.winner == seat, r.index, stratum(r, seat, p.group)))
    return cards


def card_rows(results: Sequence[GameResult], s: Settings) -> list[dict[str, Any]]:
    """One row per card: its players' win rate against that of the players with the same
    deck, seat and agent who did not play it, the difference and its interval, the flag and
    example games; sorted by the difference, strongest first."""
    decisive = [r for r in results if r.decisive]
    seeds = {r.index: r.seed for r in decisive}
    tallies = tally_cards(decisive)
    # Every decisive player-game's (wins, games) per stratum: what a card is compared to.
    groups = sorted({group for group, _ in tallies})
    strata: dict[tuple[str, Stratum], list[int]] = defaultdict(lambda: [0, 0])
    for r in decisive:
        for seat in (0, 1):
            for group in groups:
                cell = strata[(group, stratum(r, seat, group))]
                cell[0] += r.winner == seat
                cell[1] += 1

    def table(t: CardTally) -> list[tuple[int, int, int, int]]:
        mine: dict[Stratum, list[int]] = defaultdict(lambda: [0, 0])
        for won, _, key in t.outcomes:
            mine[key][0] += won
            mine[key][1] += 1
        group = t.played.group
        return [(k, n, strata[(group, key)][0] - k, strata[(group, key)][1] - n)
                for key, (k, n) in sorted(mine.items())]

    tables = {key: table(t) for key, t in tallies.items()}
    compared = sum(1 for tab in tables.values() if any(n and n2 for _, n, _, n2 in tab))
    alpha = 1.0 - s.confidence
    if s.family_wise and compared > 1:
        alpha /= compared
    z = z_for(1.0 - alpha)
    keyed: list[tuple[tuple[bool, float, str, str], dict[str, Any]]] = []
    for (group, card), t in tallies.items():
        tab = tables[(group, card)]
        n_played = sum(n for _, n, _, _ in tab)
        k_played = sum(k for k, _, _, _ in tab)
        n_not = sum(n2 for _, _, _, n2 in tab)
        k_not = sum(k2 for _, _, k2, _ in tab)
        d = stratified_difference(tab, z)
        flag = "" if d is None else "strong" if d.lo > 0 else "weak" if d.hi < 0 else ""
        won = [{"game": i, "seed": seeds[i]}
               for i in sorted(i for w, i, _ in t.outcomes if w)[:EXAMPLES]]
        lost = [{"game": i, "seed": seeds[i]}
                for i in sorted(i for w, i, _ in t.outcomes if not w)[:EXAMPLES]]
        keyed.append(((d is None, -(d.adjusted if d else 0.0), group, card), {
            "group": group, "card": card, "name": t.played.name,
            "decks": sorted({s.decks[key[0]] for _, _, key in t.outcomes}),
            "played": {"games": n_played, "wins": k_played,
                       "rate": k_played / n_played if n_played else None},
            "not_played": {"games": n_not, "wins": k_not,
                           "rate": k_not / n_not if n_not else None},
            "difference": d.adjusted if d else None,
            "difference_raw": d.raw if d else None,
            "lo": d.lo if d else -1.0, "hi": d.hi if d else 1.0, "flag": flag,
            "examples": {"won": won, "lost": lost},
        }))
    return [row for _, row in sorted(keyed, key=lambda kr: kr[0])]


def summarize(results: Sequence[GameResult], s: Settings, interrupted: bool = False,
              ) -> dict[str, Any]:
    """The whole summary (summary.json) of ``results``."""
    results = sorted(results, key=lambda r: r.index)
    z = z_for(s.confidence)
    errors = [r for r in results if r.error is not None]
    stopped = [r for r in results if r.error is None and r.manual is not None]
    ok = [r for r in results if r.error is None and r.manual is None]
    decisive = [r for r in ok if r.winner is not None]
    capped = [r for r in ok if r.winner is None and r.capped]
    draws = [r for r in ok if r.winner is None and not r.capped]
    decks = []
    for d in (0, 1):
        wins = sum(r.deck_at[r.winner] == d for r in decisive if r.winner is not None)
        decks.append({"deck": s.decks[d] or f"player {d + 1}", **share(wins, len(decisive), z)})
    seats = [{"seat": p, **share(sum(r.winner == p for r in decisive), len(decisive), z)}
             for p in (0, 1)]
    firsts = [r for r in decisive if r.first is not None]
    first = share(sum(r.winner == r.first for r in firsts), len(firsts), z)
    agents = []
    if s.agents[0] != s.agents[1]:
        for a in (0, 1):
            wins = sum(r.agent_at[r.winner] == a for r in decisive if r.winner is not None)
            agents.append({"agent": s.agents[a], **share(wins, len(decisive), z)})
    turns = [r.turns for r in ok if r.turns is not None]
    rows = card_rows(results, s)
    return {
        "game": s.game, "pack": s.pack, "decks": list(s.decks), "agents": list(s.agents),
        "seed": s.seed, "games_asked": s.games, "games_done": len(results),
        "interrupted": interrupted, "confidence": s.confidence, "family_wise": s.family_wise,
        "method": METHOD,
        "outcomes": {"decisive": len(decisive), "draws": len(draws), "turn_cap": len(capped),
                     "errors": len(errors), "manual": len(stopped)},
        "decks_win": decks, "seats_win": seats, "first_player": first, "agents_win": agents,
        "length": {"turns": histogram(turns),
                   "decisions": histogram([r.decisions for r in ok])},
        "cards": rows,
        "flagged": [r["card"] for r in rows if r["flag"]],
        "draw_games": [{"index": r.index, "seed": r.seed} for r in draws[:20]],
        "turn_cap_games": [{"index": r.index, "seed": r.seed} for r in capped[:20]],
        "errors": [{"index": r.index, "seed": r.seed, "error": r.error} for r in errors],
        "manual_games": [{"index": r.index, "seed": r.seed, "card": r.manual} for r in stopped],
    }
