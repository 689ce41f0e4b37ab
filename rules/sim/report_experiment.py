"""The paired experiment's part of the report and of the terminal headline: each arm beside
the pack as it is, with the paired differences and their intervals; an ablation as a ranking
of the deck's cards by what the deck loses without them."""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from rules.sim import plots
from rules.sim.html_bits import image, pct, table

SHOWN = 3  # suggestions reported (of the candidates confirmed)
PAIRED_METHOD = (
    "Paired experiment: game n of every arm has the same seed, seats and agents, and where a "
    "game shuffles, the same deal (a changed card keeps its places in the deck), so the arms "
    "differ only by the cards. A difference in deck A's win rate is counted over the pairs in "
    "which both games had a winner: (pairs the arm won and the pack as it is lost, minus the "
    "reverse) divided by those pairs; its interval is Agresti and Min's (2005) adjusted Wald "
    "interval for matched pairs (half a pair added to each cell). The difference in turns is "
    "the mean of the paired differences with a normal interval. Experiment decks are not "
    "held to the deck-building rules (copy counts, team levels): the rules an arm breaks are "
    "listed with it.")


def _points(d: Mapping[str, Any] | None) -> str:
    if not d or d.get("difference") is None:
        return "–"
    return f"{100 * d['difference']:+.1f}"


def _interval(d: Mapping[str, Any] | None, scale: float = 100.0, unit: str = "") -> str:
    if not d or d.get("difference") is None:
        return "–"
    return f"{scale * d['lo']:+.1f} to {scale * d['hi']:+.1f}{unit}"


def verdict(d: Mapping[str, Any]) -> str:
    if d.get("difference") is None:
        return "no pair with a winner in both games"
    if d["lo"] > 0 or d["hi"] < 0:
        return "the interval excludes 0: a change, at this confidence"
    return "the interval holds 0: no change shown at this number of games"


def contribution(arm: Mapping[str, Any], slot: int) -> dict[str, Any] | None:
    """What the ablated deck (``slot``) loses without the arm's card: the pack as it is
    minus the arm, in points of that deck's win rate, with its interval; None without pairs.
    (Deck B wins a decisive game exactly when deck A loses it.)"""
    d = arm["paired"]["deck_a"]
    if d["difference"] is None:
        return None
    sign = -1.0 if slot == 0 else 1.0
    lo, hi = sorted((sign * d["lo"] + 0.0, sign * d["hi"] + 0.0))  # + 0.0: no "-0.0"
    return {"difference": sign * d["difference"] + 0.0, "lo": lo, "hi": hi,
            "changed": d["up"] + d["down"], "pairs": d["pairs"]}


def ranking(exp: Mapping[str, Any]) -> list[tuple[Mapping[str, Any], dict[str, Any] | None]]:
    """An ablation's arms with what the deck loses without each card, largest first."""
    slot = exp["ablated"]
    rows = [(a, contribution(a, slot)) for a in exp["arms"][1:]]
    return sorted(rows, key=lambda r: (r[1] is None, -(r[1] or {"difference": 0})["difference"],
                                       r[0]["label"]))


def experiment_headline(s: Mapping[str, Any], limit: int = 5) -> list[str]:
    exp = s["experiment"]
    a_name = s["decks"][0] or "player 1"
    lines = []
    if exp["kind"] == "ablation":
        slot = exp["ablated"]
        name = s["decks"][slot]
        lines.append(f"Ablation of deck {'AB'[slot]} ({name}): what its win rate loses "
                     f"without each card (paired, {s['confidence'] * 100:g} % intervals)")
        ranked = ranking(exp)
        for arm, c in ranked[:limit]:
            card = arm["label"].removeprefix("without ")
            if c is None:
                lines.append(f"  {card}: no pair with a winner in both games")
            else:
                lines.append(f"  {card}: {100 * c['difference']:+.1f} points lost without it "
                             f"({100 * c['lo']:+.1f} to {100 * c['hi']:+.1f}), "
                             f"{c['changed']} of {c['pairs']} pairs ended differently")
        if len(ranked) > limit:
            lines.append(f"  … and {len(ranked) - limit} more cards (report.html)")
    else:
        arms = exp["arms"][1:]
        if exp["kind"] == "suggest":
            arms = closest(exp)[:SHOWN]
            lines.append(f"Suggested single changes, closest to even first (confirmed on "
                         f"{s['games_asked']} fresh pairs each):")
        for arm in arms:
            d = arm["paired"]["deck_a"]
            lines.append(f"What if {arm['label']}:")
            lines.append(f"  deck A ({a_name}) wins {pct(d.get('base_rate'))} as it is, "
                         f"{pct(d.get('arm_rate'))} with the change: {_points(d)} points "
                         f"({_interval(d)}), {d['pairs']} pairs, {d['up'] + d['down']} ended "
                         f"differently: {verdict(d)}")
    waived = [r for a in exp["arms"] for r in a["broken_rules"]]
    if waived:
        lines.append(f"  deck-building rules waived for the experiment: {waived[0]}"
                     + (f" (and {len(waived) - 1} more)" if len(waived) > 1 else ""))
    return lines


def closest(exp: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The arms by how close deck A's win rate comes to 50 % with the change."""
    def distance(a: Mapping[str, Any]) -> float:
        rate = a["paired"]["deck_a"].get("arm_rate")
        return 1.0 if rate is None else abs(rate - 0.5)

    return sorted(exp["arms"][1:], key=distance)


def experiment_section(s: Mapping[str, Any], files: Mapping[str, str]) -> str:
    exp = s["experiment"]
    parts = []
    if exp["kind"] == "ablation":
        parts.append(_ablation(s, exp))
    elif exp["kind"] == "suggest":
        ranked = closest(exp)
        parts.append(_side_by_side(s, {**exp, "arms": [exp["arms"][0], *ranked[:SHOWN]]},
                                   "Suggested changes, closest to even first"))
        parts.append(_also(s, ranked[SHOWN:]))
        parts.append(_search(s, exp))
    else:
        parts.append(_side_by_side(s, exp))
    parts.append(_waived(exp))
    if exp["notes"]:
        parts.append("<ul>" + "".join(f"<li>{html.escape(n)}</li>" for n in exp["notes"])
                     + "</ul>")
    if exp.get("unpaired"):
        parts.append(f"<p class=\"note\">{exp['unpaired']} games were stopped before all "
                     "their arms were played and are not compared.</p>")
    return "\n".join(parts)


def _waived(exp: Mapping[str, Any]) -> str:
    out = ["<p class=\"note\">Experiment decks are not held to the deck-building rules: "
           "every copy of a changed card is changed where it stands, and the decks may break "
           "copy limits or deck sizes on purpose."]
    broken = [(a["label"], r) for a in exp["arms"] for r in a["broken_rules"]]
    if broken:
        out.append(" Rules waived here:</p><ul>" + "".join(
            f"<li>{html.escape(label)}: {html.escape(r)}</li>" for label, r in broken)
            + "</ul>")
    else:
        out.append(" These decks break none.</p>")
    return "".join(out)


def _also(s: Mapping[str, Any], arms: list[Mapping[str, Any]]) -> str:
    """The other confirmed candidates, in a line each."""
    if not arms:
        return ""
    rows = [[html.escape(a["label"]), pct(a["paired"]["deck_a"].get("arm_rate")),
             _points(a["paired"]["deck_a"]), _interval(a["paired"]["deck_a"])] for a in arms]
    return ("<h3>Also confirmed, further from even</h3>"
            + table(["change", "deck A's win rate", "paired difference (points)",
                     f"{s['confidence'] * 100:g} % interval"], rows))


def _search(s: Mapping[str, Any], exp: Mapping[str, Any]) -> str:
    """How the suggestions were found: the candidates and the rounds of the search."""
    f = exp["search"]
    fields = f" among the fields {', '.join(f['fields'])}" if f["fields"] else ""
    rounds = table(["round", "candidates", "pairs each so far", "games played"],
                   [[str(i + 1), str(r["candidates"]), str(r["pairs"]), str(r["games"])]
                    for i, r in enumerate(f["rounds"])])
    near = table(["change", "deck A's win rate in the search", "pairs"],
                 [[html.escape(c["label"]), pct(c["wins"] / c["games"] if c["games"] else None),
                   str(c["games"])] for c in f["closest"]])
    stop = "<p><b>Interrupted:</b> the search stopped early; the suggestions are the best so " \
        "far.</p>" if f.get("interrupted") else ""
    return (f"<h2>How the suggestions were found</h2>{stop}<p>{f['candidates']} single "
            f"changes{html.escape(fields)}: each whole-number field of each card of the two "
            "decks moved by −2, −1, +1 or +2 steps, within the values the card's own rules "
            f"accept. Every candidate played the same {f.get('probe', 0)} paired games "
            f"first; the {f.get('dropped', 0)} that played the very same games as the pack "
            "as it is (a field these decks never use, a card not drawn) were dropped. After "
            "each round the third that "
            "may be closest to 50 % went on to three times as many, until six were left "
            f"(successive halving, {f['screened_pairs']} pairs for the last ones). The six "
            f"were then played on {s['games_asked']} fresh pairs, not used to choose them "
            "(a search's own games flatter its winners): the suggestions are the three "
            "closest to even there, and their intervals come from those games. Picking three "
            "of six still flatters them a little.</p>" + rounds +
            "<p class=\"note\">The candidates that went furthest, by deck A's win rate in "
            "the search:</p>" + near)


def _side_by_side(s: Mapping[str, Any], exp: Mapping[str, Any], heading: str = "What if"
                  ) -> str:
    arms = exp["arms"]
    base = arms[0]
    parts = [f"<h2>{html.escape(heading)}</h2>"]
    for arm in arms[1:]:
        p = arm["paired"]
        d = p["deck_a"]
        head = ["", "as it is", html.escape(arm["label"]), "paired difference",
                f"{s['confidence'] * 100:g} % interval"]
        rows = []
        for i in (0, 1):
            sign = 1.0 if i == 0 else -1.0
            dd = None if d["difference"] is None else {  # + 0.0: no "-0.0"
                "difference": sign * d["difference"] + 0.0,
                "lo": min(sign * d["lo"], sign * d["hi"]) + 0.0,
                "hi": max(sign * d["lo"], sign * d["hi"]) + 0.0}
            rows.append([f"deck {'AB'[i]} ({html.escape(s['decks'][i] or '')}) wins",
                         _share(base["decks_win"][i]), _share(arm["decks_win"][i]),
                         _points(dd) + (" points" if dd else ""), _interval(dd)])
        rows.append(["seat 1 wins", _share(base["seats_win"][0]), _share(arm["seats_win"][0]),
                     _points(p["seat_1"]) + (" points" if p["seat_1"]["difference"] is not None
                                             else ""), _interval(p["seat_1"])])
        t = p["turns"]
        rows.append(["game length (mean turns)", _mean(base), _mean(arm),
                     "–" if t is None else f"{t['difference']:+.2f} turns",
                     "–" if t is None else f"{t['lo']:+.2f} to {t['hi']:+.2f}"])
        for key, label in (("decisive", "decisive games"), ("draws", "draws"),
                           ("turn_cap", "ended by the turn cap"),
                           ("errors", "could not be played")):
            rows.append([label, str(base["outcomes"][key]), str(arm["outcomes"][key]), "", ""])
        parts.append(f"<h3>{html.escape(arm['label'])}</h3>")
        parts.append(f"<p><b>{_sentence(s, d)}</b></p>")
        parts.append(table(head, rows))
        parts.append(_widths(s, p))
    shown = [(a["label"], a["paired"]["deck_a"]) for a in arms[1:]]
    points = [(label, d["difference"], d["lo"], d["hi"]) for label, d in shown
              if d["difference"] is not None]
    if len(points) > 1:
        parts.insert(1, image(lambda: plots.differences(points, "deck A's win rate, arm - as "
                                                                 "it is (paired)"),
                              "paired differences"))
    return "\n".join(parts)


def _sentence(s: Mapping[str, Any], d: Mapping[str, Any]) -> str:
    if d["difference"] is None:
        return "No pair had a winner in both games: nothing to compare."
    name = html.escape(s["decks"][0] or "player 1")
    return (f"Deck A ({name}) wins {pct(d['base_rate'])} of the compared games as it is and "
            f"{pct(d['arm_rate'])} with the change: {_points(d)} points "
            f"({_interval(d)}). {_pairs(d['up'])} turned from a loss into a win, "
            f"{d['down']} from a win into a loss, of {d['pairs']}: {verdict(d)}.")


def _pairs(n: int) -> str:
    return f"{n} pair" if n == 1 else f"{n} pairs"


def _widths(s: Mapping[str, Any], p: Mapping[str, Any]) -> str:
    d = p["deck_a"]
    if d["difference"] is None or d.get("unpaired_half") is None:
        return ""
    paired = (d["hi"] - d["lo"]) / 2
    other = d["unpaired_half"]
    ratio = f", {other / paired:.1f} times as wide" if paired > 0 else ""
    same = f" {p['same_games']} of {p['pairs']} pairs played the very same game." \
        if p.get("same_games") else ""
    left = f" {p['left_out']} pairs without a winner in both games are left out." \
        if p.get("left_out") else ""
    return (f"<p class=\"note\">Two separate runs of {d['pairs']} games each would give an "
            f"interval of ±{100 * other:.1f} points{ratio}; pairing gives "
            f"±{100 * paired:.1f}.{same}{left}</p>")


def _share(d: Mapping[str, Any]) -> str:
    return f"{pct(d['rate'])} ({d['wins']}/{d['games']})"


def _mean(arm: Mapping[str, Any]) -> str:
    h = arm["length"]["turns"]
    return f"{h['mean']:.2f}" if h.get("count") else "–"


def _ablation(s: Mapping[str, Any], exp: Mapping[str, Any]) -> str:
    slot = exp["ablated"]
    name = html.escape(s["decks"][slot] or "")
    ranked = ranking(exp)
    base = exp["arms"][0]["decks_win"][slot]
    head = ["card taken out", "what replaced it", "deck's win rate without it",
            "points lost without it", f"{s['confidence'] * 100:g} % interval",
            "pairs ended differently"]
    rows = []
    for arm, c in ranked:
        ch = arm["changes"][0]
        names = exp.get("names", {})
        instead = "the blank card" if ch.get("blank") else \
            str(names.get(ch.get("instead"), ch.get("instead")))
        rows.append([html.escape(arm["label"].removeprefix("without ")), html.escape(instead),
                     _share(arm["decks_win"][slot]),
                     "–" if c is None else f"{100 * c['difference']:+.1f}",
                     "–" if c is None else f"{100 * c['lo']:+.1f} to {100 * c['hi']:+.1f}",
                     "–" if c is None else f"{c['changed']} of {c['pairs']}"])
    points = [(a["label"].removeprefix("without "), c["difference"], c["lo"], c["hi"])
              for a, c in ranked if c is not None]
    plot = image(lambda: plots.differences(points, "points of the deck's win rate lost "
                                                   "without the card (paired)"),
                 "ablation") if points else ""
    return (f"<h2>Ablation: what each card of deck {'AB'[slot]} ({name}) brings</h2>"
            f"<p>Each card of the deck was taken out in turn (every copy, in that deck only) "
            f"and the same games played again. As it is, the deck wins {_share(base)}. The "
            "cards are ranked by how much the deck's win rate drops without them: the first "
            "ones carry the deck; one below zero does better out of it.</p>"
            + plot + table(head, rows))
