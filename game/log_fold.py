"""The log as the table shows it: a run of passes folded into the line of what they let happen
("Both pass: Shock Lance resolves."), the lines it holds kept for the hover. Only the view
folds: the session's log and the saved record keep every line."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

# The rules' sentence for a pass, in every game that has one ("Player 2 passes.", "P1 passes.")
PASS = re.compile(r"^(?:Player |P)(\d+) passes\.$")
MARKS = ("Undo:", "Redo:")  # an undo or redo is no outcome of the passes before it


@dataclass(frozen=True)
class Shown:
    """One entry of the log view: its text and, if it folds passes, every line in full."""

    text: str
    detail: tuple[str, ...] = ()


def folded(lines: Sequence[str]) -> list[Shown]:
    """``lines`` with each run of passes joined to the line that follows it; passes nothing
    has followed yet (or an undo has) stay as they are."""
    out: list[Shown] = []
    run: list[str] = []
    for line in lines:
        if PASS.match(line):
            run.append(line)
            continue
        if run and not line.startswith(MARKS):
            seats = {m.group(1) for m in map(PASS.match, run) if m is not None}
            who = "Both pass" if len(seats) > 1 else f"Player {seats.pop()} passes"
            out.append(Shown(f"{who}: {line}", (*run, line)))
        else:
            out.extend(Shown(x) for x in run)
            out.append(Shown(line))
        run = []
    out.extend(Shown(x) for x in run)
    return out
