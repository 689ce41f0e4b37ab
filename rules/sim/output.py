"""What a run leaves in its report folder: summary.json, report.html, cards.csv and the
example games' records (games.jsonl is written as the games finish, by ``rules.sim.run``)."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from rules.sim.report import render
from rules.sim.run import Run


def link_faces(out: Path, faces: dict[str, str]) -> Path:
    """Rewrites ``out``/report.html with each card's name linking to its face (card key ->
    an image path relative to ``out``): the client draws the faces after the run."""
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    html_path = out / "report.html"
    html_path.write_text(render(summary, faces), encoding="utf-8")
    return html_path


CSV_COLUMNS = ["group", "card", "name", "decks", "played_games", "played_wins",
               "played_rate", "not_played_games", "not_played_wins", "not_played_rate",
               "difference", "difference_raw", "lo", "hi", "flag", "example_seeds",
               "gp_games", "gp_rate", "oh_games", "oh_rate", "gih_games", "gih_rate",
               "gns_games", "gns_rate", "iwd", "iwd_lo", "iwd_hi"]


def write_csv(path: Path, summary: dict[str, Any]) -> None:
    """The per-card table for a spreadsheet, one row a card, as the page sorts them, with
    the card's 17lands figures where the game has a hand."""
    hands = {h["card"]: h for h in summary.get("hands") or []}
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(CSV_COLUMNS)
        for r in summary["cards"]:
            shown = r["examples"]["lost" if r["flag"] == "weak" else "won"]
            h = hands.get(r["card"], {})
            figures = [x for k in ("gp", "oh", "gih", "gns")
                       for x in (h.get(k, {}).get("games"), h.get(k, {}).get("rate"))]
            w.writerow([r["group"], r["card"], r["name"], "; ".join(r["decks"]),
                        r["played"]["games"], r["played"]["wins"], r["played"]["rate"],
                        r["not_played"]["games"], r["not_played"]["wins"],
                        r["not_played"]["rate"], r["difference"], r["difference_raw"],
                        r["lo"], r["hi"], r["flag"], " ".join(str(e["seed"]) for e in shown),
                        *figures, h.get("iwd"), h.get("iwd_lo"), h.get("iwd_hi")])


def write(out: Path, summary: dict[str, Any], run: Run) -> dict[str, Path]:
    out.mkdir(parents=True, exist_ok=True)
    files = run.write_examples(out / "games", summary)
    summary["example_files"] = files
    write_csv(out / "cards.csv", summary)
    json_path, html_path = out / "summary.json", out / "report.html"
    json_path.write_text(json.dumps(summary, indent=1, sort_keys=True) + "\n",
                         encoding="utf-8")
    html_path.write_text(render(summary), encoding="utf-8")
    return {"json": json_path, "html": html_path}


