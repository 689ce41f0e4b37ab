"""How a log line names a piece when both players have one of that name.

Two Signal Snipers in play, one each: "Signal Sniper takes 1 damage" does not say which, so
the line says "Player 2's Signal Sniper". Every game calls ``whose`` from the one method its
log lines name pieces in play with; a name only one player has in play stays bare.
"""

from __future__ import annotations

from collections.abc import Iterable


def whose(name: str, owner: int | None, in_play: Iterable[tuple[int, str]]) -> str:
    """``name`` of a piece of ``owner`` (None: nobody's, or not in play) as a log line says it:
    "Player 2's Signal Sniper" when another player has a piece of that name among
    ``in_play`` ((owner, name) of every piece in play), else ``name`` itself."""
    if owner is None:
        return name
    for o, n in in_play:  # a plain loop, not ``any()`` over a generator: every loud step asks
        if n == name and o != owner:
            return f"Player {owner + 1}'s {name}"
    return name
