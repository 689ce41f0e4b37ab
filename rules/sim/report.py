"""report.html (one self-contained page: the plots are embedded PNGs) and the terminal
headline, both from a summary (``rules.sim.summary``)."""

from __future__ import annotations

import html
from collections.abc import Mapping
from functools import partial
from typing import Any

from rules import registry
from rules.sim import plots
from rules.sim.html_bits import card_interval, image, interval, pct, signed, table
from rules.sim.report_experiment import PAIRED_METHOD, experiment_headline, experiment_section

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
.few { color: #999; font-style: italic; }
code { background: #f4f6f7; padding: 0 0.25em; }
td code { white-space: nowrap; }
ul.games li { margin: 0.2em 0; }
img { max-width: 100%; }
"""


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
    """The lines the terminal prints: an experiment's answer first, then the pack as it
    is."""
    o = s["outcomes"]
    lines = experiment_headline(s, limit) if s.get("experiment") else []
    if lines:
        lines.append("The pack as it is:")
    lines += [f"{title(s)}, {s['agents'][0]} vs {s['agents'][1]}: {s['games_done']} of "
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


def share_rows(items: list[tuple[str, Mapping[str, Any]]]) -> str:
    return table(["", "wins", "decisive games", "win rate", "95 % interval"],
                 [[html.escape(label), str(r["wins"]), str(r["games"]), pct(r["rate"]),
                   interval(r)] for label, r in items])


def anchor(key: str) -> str:
    """The id of an example game's line in the "Example games" section."""
    return "game-" + key.replace(":", "-")


def examples(r: Mapping[str, Any], files: Mapping[str, str]) -> str:
    """Links to the flagged card's example games (won ones for a strong card, lost ones for
    a weak one) in the "Example games" section, where each has its replay command."""
    if not r["flag"]:
        return ""
    games = r["examples"]["won" if r["flag"] == "strong" else "lost"]
    out = []
    for g in games:
        key = str(g["game"])
        label = f"#{g['game']}"
        out.append(f'<a href="#{anchor(key)}">{label}</a>' if key in files else label)
    return ", ".join(out)


def few(n: int, s: Mapping[str, Any]) -> bool:
    return n < int(s.get("min_games", 0))


def rate_cell(cell: Mapping[str, Any], s: Mapping[str, Any]) -> str:
    """A win rate, or "too few games" (greyed) under the minimum."""
    if few(cell["games"], s):
        return '<span class="few">too few games</span>'
    return pct(cell["rate"])


def replay_line(key: str, files: Mapping[str, str], what: str) -> str:
    """One example game: what it is, its record and the command that replays it."""
    name = files[key]
    return (f'<li id="{anchor(key)}">{html.escape(what)}: <code>playtable replay '
            f'{html.escape(name)}</code> (<a href="{html.escape(name)}">record</a>)</li>')


def card_name(r: Mapping[str, Any], faces: Mapping[str, str]) -> str:
    face = faces.get(r["card"])
    name = html.escape(r["name"])
    return f'<a href="{html.escape(face)}">{name}</a>' if face else name


def card_section(group: str, rows: list[dict[str, Any]], s: Mapping[str, Any],
                 files: Mapping[str, str], faces: Mapping[str, str]) -> str:
    head = ["", "decks", "played in (player-games)", "win rate played", "not played in",
            "win rate not played", "difference (points, adjusted)",
            f"interval ({family(s)})", "flag", "example games"]
    body = []
    for r in rows:
        enough = r.get("enough", True) and r["difference"] is not None
        body.append([card_name(r, faces), html.escape(", ".join(d for d in r["decks"] if d)),
                     str(r["played"]["games"]), rate_cell(r["played"], s),
                     str(r["not_played"]["games"]), rate_cell(r["not_played"], s),
                     signed(r["difference"]) if enough else '<span class="few">too few '
                     'games</span>', card_interval(r) if enough else "–", r["flag"],
                     examples(r, files)])
    shown = [r for r in rows if r.get("enough", True)]
    plot = image(lambda: plots.card_effects(shown, family(s)), f"{group} effects") \
        if shown else ""
    return (f"<h2>{GROUP_TITLES.get(group, group.title())} played</h2>\n{plot}\n"
            + table(head, body, [r["flag"] for r in rows]))


HAND_TERMS = (
    "GP WR: win rate of the player-games with the card in the deck. OH WR: with it in the "
    "opening hand. GIH WR (games in hand): with it in the hand at some time, opening hand or "
    "drawn. GNS WR (game not seen): in the deck, never in the hand. IWD (improvement when "
    "drawn): GIH WR minus GNS WR, compared within the same deck, seat and agent, with its "
    "{level} interval. A figure of fewer than {n} player-games reads \u201ctoo few games\u201d.")


def hand_section(s: Mapping[str, Any], faces: Mapping[str, str]) -> str:
    """The 17lands figures per card (n/a for a game without a hand)."""
    rows = s.get("hands")
    if rows is None:
        return (f"<h2>Cards in hand</h2><p>n/a: {html.escape(game_title(s['game']))} has no "
                "hand, so there is no opening-hand or games-in-hand figure.</p>")
    head = ["", "decks", "GP", "GP WR", "OH", "OH WR", "GIH", "GIH WR", "GNS", "GNS WR",
            "IWD (points)", "IWD interval"]
    body = []
    for r in rows:
        iwd = r["iwd"]
        body.append([card_name(r, faces), html.escape(", ".join(d for d in r["decks"] if d)),
                     *[x for k in ("gp", "oh", "gih", "gns")
                       for x in (str(r[k]["games"]), rate_cell(r[k], s))],
                     signed(iwd) if iwd is not None else '<span class="few">too few '
                     'games</span>',
                     f"{100 * r['iwd_lo']:+.1f} to {100 * r['iwd_hi']:+.1f}"
                     if iwd is not None else "–"])
    terms = HAND_TERMS.format(level=f"{100 * s['confidence']:g} %", n=s.get("min_games", 0))
    return ("<h2>Cards in hand (17lands figures)</h2>"
            f"<p class=\"note\">{html.escape(terms)}</p>" + table(head, body))


def render(s: Mapping[str, Any], faces: Mapping[str, str] | None = None) -> str:
    """The whole page. ``faces``: card key -> its face image (links relative to the page);
    the example games' records are the summary's ``example_files``."""
    files: Mapping[str, str] = s.get("example_files", {})
    faces = faces or {}
    o = s["outcomes"]
    exp = s.get("experiment")
    kind = "Paired experiment" if exp else "Balance simulation"
    parts = [f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
             f"<title>Balance: {html.escape(title(s))}</title><style>{STYLE}</style></head>"
             f"<body>\n<h1>{kind} — {html.escape(title(s))}</h1>"]
    run = (f"{s['games_done']} of {s['games_asked']} games, agents {s['agents'][0]} and "
           f"{s['agents'][1]}, seed {s['seed']}"
           + (f", pack {s['pack']}" if s["pack"] else ", the shipped pack"))
    if exp:
        run = (f"{s['games_asked']} pairs per arm, agents {s['agents'][0]} and "
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
    if exp:
        parts.append(experiment_section(s, files))
        parts.append("<h2>The pack as it is</h2><p class=\"note\">The figures below are "
                     "those of the first arm: the pack as it is.</p>")
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
    if s.get("association"):
        parts.append(f"<p><b>{html.escape(s['association'])}</b></p>")
    if "hands" in s:
        parts.append(hand_section(s, faces))
    groups = sorted({r["group"] for r in s["cards"]}, key=lambda g: (g != "card", g))
    for group in groups:
        parts.append(card_section(group, [r for r in s["cards"] if r["group"] == group], s,
                                  files, faces))
    if not s["cards"]:
        parts.append("<h2>Cards</h2><p>This game names no played cards.</p>")
    parts.append(example_section(s, files))
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
                 "do).</p>")
    if exp:
        parts.append(f"<p class=\"note\">{html.escape(PAIRED_METHOD)}</p>")
    parts.append("</body></html>\n")
    return "\n".join(parts)


def example_section(s: Mapping[str, Any], files: Mapping[str, str]) -> str:
    """Every example game of the page with the command that replays it (run it in this
    page's folder) and a link to its record."""
    if not files:
        return ""
    lines: list[str] = []
    exp = s.get("experiment")
    arms = exp["arms"] if exp else [s]
    for k, a in enumerate(arms):
        where = f" ({a['label']})" if exp else ""
        for key, what in (("best_game", "deck A's quickest win"),
                          ("worst_game", "deck A's quickest loss")):
            g = a.get(key)
            name = str(g["game"]) if g and k == 0 else f"{k}:{g['game']}" if g else ""
            if g and name in files:
                lines.append(replay_line(name, files, f"{what}{where}, game {g['game']} "
                                                      f"(seed {g['seed']}, {g['length']} "
                                                      "turns)"))
        for g in (a.get("paired") or {}).get("flips", []):
            for key, arm in ((str(g), "as it is"), (f"{k}:{g}", a["label"])):
                if key in files:
                    lines.append(replay_line(key, files, f"game {g} ended differently, "
                                                         f"{arm}"))
    for r in s["cards"]:
        if not r["flag"]:
            continue
        outcome = "won" if r["flag"] == "strong" else "lost"
        for e in r["examples"][outcome]:
            key = str(e["game"])
            if key in files and f'id="{anchor(key)}"' not in "".join(lines):
                lines.append(replay_line(key, files, f"game {e['game']} (seed {e['seed']}), "
                                                     f"{outcome} with {r['name']}"))
    return ("<h2>Example games</h2><p class=\"note\">Run a command in this page's folder "
            "to watch the game in the replay viewer, step by step.</p>"
            f"<ul class=\"games\">{''.join(lines)}</ul>")
