"""What the table lights up for a picked-up piece (K-05)."""

from __future__ import annotations

from rules.core.model import Intent
from rules.kyoukai.intents import Attack, Move, OpenGate, UseSkill
from rules.kyoukai.state import EMPTY, GRID, State


def highlights(s: State, source: int, legal: list[Intent]) -> dict[str, list[int]]:
    """For a Gate on the field: ``move`` (zones it can move to now) and ``attack`` (zones it
    could attack from where it stands or from any zone it can reach), plus ``skill`` targets.
    For a card in hand or Spirit deck: ``open`` zones. For a card in the Discard: ``skill``."""
    out: dict[str, list[int]] = {"move": [], "attack": [], "skill": [], "open": []}
    moves = sorted({i.to for i in legal if isinstance(i, Move) and i.gate == source})
    attacks_now = {i.zone for i in legal if isinstance(i, Attack) and i.gate == source}
    out["skill"] = sorted({i.zone for i in legal if isinstance(i, UseSkill) and i.gate == source
                           and i.zone != EMPTY})
    out["open"] = sorted({i.zone for i in legal if isinstance(i, OpenGate) and i.card == source
                          and i.zone != EMPTY})
    if source in s.gates and (moves or attacks_now):
        here = s.zone_of(source)
        reach = set(moves) | {here}
        attack = {n for z in reach for n in GRID.neighbours[z]} - {here}
        out["move"] = moves
        out["attack"] = sorted(attack | attacks_now)
    return out
