"""The report's plots, drawn with matplotlib's Agg backend (no window, no pyplot state) and
returned as PNG bytes to embed in the page.

matplotlib is imported when a plot is drawn, not with this module: the desktop executable
leaves it out (its size), and its deck screen's reports then have tables without plots
(``available``)."""

from __future__ import annotations

import io
import threading
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.figure import Figure

STRONG, WEAK, PLAIN = "#c0392b", "#2471a3", "#7f8c8d"


def available() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def import_meanwhile() -> None:
    """Starts importing matplotlib on a background thread, so the second or so it takes is
    spent while worker processes play the games rather than after them, when the report is
    drawn (which then finds it imported, or waits on the import lock for the rest)."""
    def load() -> None:
        try:
            import matplotlib.backends.backend_agg  # noqa: F401
            import matplotlib.figure  # noqa: F401
        except ImportError:
            pass  # ``available`` says so when the report is drawn

    threading.Thread(target=load, name="import-matplotlib", daemon=True).start()


def figure(width: float, height: float) -> Figure:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height))


def png(fig: Figure) -> bytes:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)
    buf = io.BytesIO()
    # No Software/date metadata: the same run gives the same bytes. The lightest zlib level:
    # the default (6) spent 0.2 s of a report on the plots' compression, for a page a few
    # kilobytes smaller.
    fig.savefig(buf, format="png", dpi=100, metadata={"Software": None},
                pil_kwargs={"compress_level": 1})
    return buf.getvalue()


def win_rates(rows: Sequence[tuple[str, Mapping[str, Any]]]) -> bytes:
    """Horizontal bars of win rates with their intervals, 50 % marked."""
    fig = figure(7.0, 0.5 + 0.45 * len(rows))
    ax = fig.add_subplot()
    labels = [label for label, _ in rows]
    rates = [r["rate"] or 0.0 for _, r in rows]
    # max(0, ...): at 0 % or 100 % the Wilson bound may sit a rounding error past the rate.
    err = [[max(0.0, rate - r["lo"]) for rate, (_, r) in zip(rates, rows, strict=True)],
           [max(0.0, r["hi"] - rate) for rate, (_, r) in zip(rates, rows, strict=True)]]
    y = list(range(len(rows)))[::-1]
    ax.barh(y, rates, xerr=err, color="#95a5a6", capsize=4)
    ax.axvline(0.5, color="black", linewidth=0.8, linestyle="--")
    ax.set_yticks(y, labels)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate of decisive games (95 % interval)")
    fig.tight_layout()
    return png(fig)


def histogram(hist: dict[str, Any], label: str) -> bytes:
    fig = figure(7.0, 2.6)
    ax = fig.add_subplot()
    edges = hist.get("edges", [])
    if edges:
        ax.stairs(hist["counts"], edges, fill=True, color="#5d6d7e")
    from matplotlib.ticker import MaxNLocator

    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # whole games
    ax.set_xlabel(label)
    ax.set_ylabel("games")
    fig.tight_layout()
    return png(fig)


def card_effects(rows: Sequence[dict[str, Any]], confidence: str) -> bytes:
    """Each card's win-rate difference (played - not) with its interval, strongest on top;
    flagged cards coloured."""
    shown = [r for r in rows if r["difference"] is not None]
    fig = figure(7.5, 0.8 + 0.28 * max(1, len(shown)))
    ax = fig.add_subplot()
    for i, r in enumerate(shown):
        y = len(shown) - 1 - i
        colour = STRONG if r["flag"] == "strong" else WEAK if r["flag"] == "weak" else PLAIN
        ax.plot([r["lo"], r["hi"]], [y, y], color=colour, linewidth=2)
        ax.plot([r["difference"]], [y], "o", color=colour)
    ax.axvline(0.0, color="black", linewidth=0.8)
    ax.set_yticks(range(len(shown))[::-1], [r["name"] for r in shown], fontsize=8)
    ax.set_xlim(-1, 1)
    ax.set_xlabel(f"win rate played - not played ({confidence})")
    fig.tight_layout()
    return png(fig)


def differences(rows: Sequence[tuple[str, float, float, float]], xlabel: str) -> bytes:
    """Paired differences (label, difference, low, high) with their intervals, the first on
    top; those whose interval excludes zero coloured by sign."""
    fig = figure(7.5, 0.8 + 0.3 * max(1, len(rows)))
    ax = fig.add_subplot()
    for i, (_, d, lo, hi) in enumerate(rows):
        y = len(rows) - 1 - i
        colour = STRONG if lo > 0 else WEAK if hi < 0 else PLAIN
        ax.plot([lo, hi], [y, y], color=colour, linewidth=2)
        ax.plot([d], [y], "o", color=colour)
    ax.axvline(0.0, color="black", linewidth=0.8)
    ax.set_yticks(range(len(rows))[::-1], [r[0] for r in rows], fontsize=8)
    ax.set_xlabel(xlabel)
    fig.tight_layout()
    return png(fig)
