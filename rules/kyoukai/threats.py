"""What each side's Gates threaten: the search's leaves add it to ``evaluate``
(``KyoukaiRules.search_value``).

A search's rollout ends a few decisions after its tree, usually inside the turn it started
in, where ``evaluate`` counts material only: a Summon left bordering a stronger enemy or an
Entrant left open looks as good as one kept safe. Each Gate that can still act before the
leaf's side gets another turn is credited with its best Move-then-Attack (``priors``'s
best Attack over the zones it can reach), discounted because the other side answers first.
"""

from __future__ import annotations

from rules.kyoukai.legal import occupancy, reach
from rules.kyoukai.priors import best_attack
from rules.kyoukai.state import State

# A threat is not a capture: the other side may move away, block, heal or answer with a Fast
# Gate. The side to act next carries its threats out first, so they count more.
NEXT = 0.5
LATER = 0.25


def threats(state: State, side: int, only_ready: bool) -> float:
    """The sum over ``side``'s Gates with Stats (only the Ready ones with ``only_ready``) of
    the best gain a Move then an Attack could make: Summons and Spirits counted once each (by
    their best attacker), damage to an Entrant adding up (each Attack is its own Sequence)."""
    mask = occupancy(state.field)
    on_summon: dict[int, float] = {}
    total = 0.0
    for iid, g in state.gates.items():
        if g.owner != side or (only_ready and not g.ready):
            continue
        card = state.card(iid)
        if card.movement is None or state.stats(iid)[0] <= 0:
            continue
        zone = state.zone_of(iid)
        best, target = best_attack(state, iid, zone)
        if card.movement:
            for z in reach(zone, card.movement, mask):
                gain, t = best_attack(state, iid, z)
                if gain > best:
                    best, target = gain, t
        if best <= 0.0:
            continue
        if state.card(target).type == "entrant":
            total += best
        else:
            on_summon[target] = max(best, on_summon.get(target, 0.0))
    return total + sum(on_summon.values())


def threat_balance(state: State, player: int) -> float:
    """``player``'s discounted threats minus the opponent's. The side whose turn it is may
    still use its Ready Gates; the other side acts next with all of them."""
    if state.over:
        return 0.0
    active = state.active
    value = 0.0
    for side in (0, 1):
        weight = LATER if side == active else NEXT
        t = threats(state, side, only_ready=side == active)
        value += weight * t if side == player else -weight * t
    return value
