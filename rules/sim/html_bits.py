"""Small pieces of the report's HTML: numbers as the page writes them, tables, plots."""

from __future__ import annotations

import base64
import html
from collections.abc import Callable, Mapping
from typing import Any

from rules.sim import plots


def pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f} %"


def interval(row: Mapping[str, Any]) -> str:
    return f"{100 * row['lo']:.1f}–{100 * row['hi']:.1f}"


def signed(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:+.1f}"


def card_interval(row: Mapping[str, Any]) -> str:
    return f"{100 * row['lo']:+.1f} to {100 * row['hi']:+.1f}"


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
