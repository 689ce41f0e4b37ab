"""report.html (one self-contained page: the plots are embedded PNGs) and the terminal
headline, both from a summary (``rules.sim.summary``)."""

from __future__ import annotations

import base64
import html
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from rules import registry
from rules.sim import plots

GROUP_TITLES = {"card": "Cards", "figure": "Figures", "spell": "Spells"}

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; }
table { border-collapse: collapse; margin: 0.5em 0; font-size: 0.9em; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
tr.strong td { background: #fdecea; } tr.weak td { background: #eaf2fb; }
.headline { background: #f4f6f7; padding: 0.8em 1em; border-left: 4px solid #5d6d7e; }
.note { color: #555; font-size: 0.9em; }
img { max-width: 100%; }
"""


def pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f} %"


def interval(row: Mapping[str, Any]) -> str:
    return f"{100 * row['lo']:.1f}–{100 * row['hi']:.1f}"


def signed(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:+.1f}"


def card_interval(row: Mapping[str, Any]) -> str:
    return f"{100 * row['lo']:+.1f} to {100 * row['hi']:+.1f}"


def title(s: Mapping[str, Any]) -> str:
    decks = s["decks"]
    match = f"{decks[0]} vs {decks[1]}" if all(decks) else "players 1 and 2"
    return f"{game_title(s['game'])}: {match}"


def game_title(name: str) -> str:
    """The game's declared title ("BOS", "Krosmaster Arena"); its id if it is not installed
    (a summary read back elsewhere)."""
    try:
        return registry.info(name).title
    except KeyError:
        return name


def family(s: Mapping[str, Any]) -> str:
    level = f"{100 * s['confidence']:g} %"
    return f"{level} family-wise" if s["family_wise"] else f"{level} per card"


def headline(s: Mapping[str, Any], limit: int = 5) -> list[str]:
    """The lines the terminal prints."""
    o = s["outcomes"]
    lines = [f"{title(s)}, {s['agents'][0]} vs {s['agents'][1]}: {s['games_done']} of "
             f"{s['games_asked']} games{' (interrupted)' if s['interrupted'] else ''}"]
    lines.append(f"  decisive {o['decisive']}, draws {o['draws']}, turn cap {o['turn_cap']}, "
                 f"could not be played {o['errors']}"
                 + (f", stopped at a manual card {o['manual']}" if o.get("manual") else ""))
    for i, d in enumerate(s["decks_win"]):
        lines.append(f"  deck {'AB'[i]} ({d['deck']}) wins {pct(d['rate'])} ({interval(d)})")
    f = s["first_player"]
    edge = "" if f["rate"] is None else f", {signed(f['rate'] - 0.5)} points over an even game"
    lines.append(f"  first player wins {pct(f['rate'])} ({interval(f)}){edge}")
    flagged = [r for r in s["cards"] if r["flag"]]
    if not flagged:
        lines.append(f"  no card flagged at {family(s)} confidence")
    for r in flagged[:limit]:
        lines.append(f"  {r['flag'].upper():6} {r['name']} ({r['group']}): "
                     f"{signed(r['difference'])} points when played ({card_interval(r)}); "
                     f"played in {r['played']['games']} player-games")
    if len(flagged) > limit:
        lines.append(f"  … and {len(flagged) - limit} more flagged (report.html)")
    return lines


def image(draw: Callable[[], bytes], alt: str) -> str:
    """The plot ``draw`` makes, embedded; nothing where matplotlib is missing (the page then
    says so once, at the top)."""
    if not plots.available():
        return ""
    return (f'<img alt="{html.escape(alt)}" '
            f'src="data:image/png;base64,{base64.b64encode(draw()).decode()}">')


def table(head: list[str], rows: list[list[str]], classes: list[str] | None = None) -> str:
    out = ["<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>"]
    for i, row in enumerate(rows):
        cls = f' class="{classes[i]}"' if classes and classes[i] else ""
        out.append(f"<tr{cls}>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>")
    out.append("</table>")
    return "\n".join(out)


def share_rows(items: list[tuple[str, Mapping[str, Any]]]) -> str:
    return table(["", "wins", "decisive games", "win rate", "95 % interval"],
                 [[html.escape(label), str(r["wins"]), str(r["games"]), pct(r["rate"]),
                   interval(r)] for label, r in items])


def examples(r: Mapping[str, Any], files: Mapping[int, str]) -> str:
    """Links to the flagged card's example games: won ones for a strong card, lost ones for
    a weak one, the seed named for each."""
    if not r["flag"]:
        return ""
    games = r["examples"]["won" if r["flag"] == "strong" else "lost"]
    out = []
    for g in games:
        label = f"#{g['game']} (seed {g['seed']})"
        name = files.get(g["game"])
        out.append(f'<a href="{html.escape(name)}">{label}</a>' if name else label)
    return ", ".join(out)


def card_name(r: Mapping[str, Any], faces: Mapping[str, str]) -> str:
    face = faces.get(r["card"])
    name = html.escape(r["name"])
    return f'<a href="{html.escape(face)}">{name}</a>' if face else name


def card_section(group: str, rows: list[dict[str, Any]], s: Mapping[str, Any],
                 files: Mapping[int, str], faces: Mapping[str, str]) -> str:
    head = ["", "decks", "played in (player-games)", "win rate played", "not played in",
            "win rate not played", "difference (points, adjusted)",
            f"interval ({family(s)})", "flag",
            "example games"]
    body = [[card_name(r, faces), html.escape(", ".join(d for d in r["decks"] if d)),
             str(r["played"]["games"]), pct(r["played"]["rate"]),
             str(r["not_played"]["games"]), pct(r["not_played"]["rate"]),
             signed(r["difference"]),
             card_interval(r) if r["difference"] is not None else "–",
             r["flag"], examples(r, files)] for r in rows]
    plot = image(lambda: plots.card_effects(rows, family(s)), f"{group} effects")
    return (f"<h2>{GROUP_TITLES.get(group, group.title())}</h2>\n{plot}\n"
            + table(head, body, [r["flag"] for r in rows]))


def render(s: Mapping[str, Any], files: Mapping[int, str] | None = None,
           faces: Mapping[str, str] | None = None) -> str:
    """The whole page. ``files``: game -> its record file; ``faces``: card key -> its face
    image (links relative to the page)."""
    files, faces = files or {}, faces or {}
    o = s["outcomes"]
    parts = [f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
             f"<title>Balance: {html.escape(title(s))}</title><style>{STYLE}</style></head>"
             f"<body>\n<h1>Balance simulation — {html.escape(title(s))}</h1>"]
    run = (f"{s['games_done']} of {s['games_asked']} games, agents {s['agents'][0]} and "
           f"{s['agents'][1]}, seed {s['seed']}"
           + (f", pack {s['pack']}" if s["pack"] else ", the shipped pack"))
    parts.append(f"<p>{html.escape(run)}. Deck A sits first in even games, second in odd "
                 "ones; every other pair of games the agents swap decks. Game <i>n</i> has "
                 f"seed {s['seed']} + <i>n</i>.</p>")
    if not plots.available():
        parts.append('<p class="note">No plots: this program was built without matplotlib '
                     "(<code>pip install playtable</code> has it).</p>")
    if s["interrupted"]:
        parts.append("<p><b>Interrupted:</b> these are the games done before the stop.</p>")
    parts.append('<div class="headline">' + "<br>".join(html.escape(x)
                                                        for x in headline(s)) + "</div>")
    parts.append("<h2>Win rates</h2>")
    rows: list[tuple[str, Mapping[str, Any]]] = [
        (f"deck {'AB'[i]}: {d['deck']}", d) for i, d in enumerate(s["decks_win"])]
    rows += [(f"seat {r['seat'] + 1}", r) for r in s["seats_win"]]
    rows.append(("player who decides first", s["first_player"]))
    rows += [(f"agent {a['agent']}", a) for a in s["agents_win"]]
    parts.append(image(lambda: plots.win_rates(rows), "win rates"))
    parts.append(share_rows(rows))
    parts.append(f"<p>Decisive games {o['decisive']}, draws {o['draws']}, ended by the turn "
                 f"cap {o['turn_cap']}, could not be played {o['errors']}, stopped at a manual "
                 f"card {o.get('manual', 0)}.</p>")
    parts.append("<h2>Game length</h2>")
    for key, label in (("turns", "turns"), ("decisions", "decisions (choices among several "
                                                          "intents)")):
        h = s["length"][key]
        if h["count"]:
            parts.append(image(partial(plots.histogram, h, label), label))
            parts.append(f"<p class=\"note\">{label}: mean {h['mean']:.1f}, median "
                         f"{h['median']:g}, {h['min']}–{h['max']}</p>")
    groups = sorted({r["group"] for r in s["cards"]}, key=lambda g: (g != "card", g))
    for group in groups:
        parts.append(card_section(group, [r for r in s["cards"] if r["group"] == group], s,
                                  files, faces))
    if not s["cards"]:
        parts.append("<h2>Cards</h2><p>This game names no played cards.</p>")
    if s.get("manual_games"):
        parts.append("<h2>Games stopped at a manual card</h2><p class=\"note\">The computer "
                     "players do not carry out a card's effect by hand: each of these games "
                     "stopped when the card's manual step opened and counts in no win "
                     "rate.</p>")
        parts.append(table(["game", "seed", "card"],
                           [[str(g["index"]), str(g["seed"]), html.escape(g["card"])]
                            for g in s["manual_games"]]))
    if s["errors"]:
        parts.append("<h2>Games that could not be played</h2>")
        parts.append(table(["game", "seed", "error"],
                           [[str(e["index"]), str(e["seed"]), html.escape(e["error"])]
                            for e in s["errors"]]))
    parts.append(f"<h2>Method</h2><p class=\"note\">{html.escape(s['method'])} A card counts "
                 "as played when its player's intent plays it (the game says which intents "
                 "do). Example games open with <code>playtable --replay FILE</code>.</p>")
    parts.append("</body></html>\n")
    return "\n".join(parts)
