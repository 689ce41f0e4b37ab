"""The Kyoukai effect registry: every effect a card file may name, in one place.

An effect is a target rule (which zones it may aim at, checked on declaration and again on
resolution) and a resolver. Card data names effects; an unknown name fails at load time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules.kyoukai.lookup import FARTHEST, Params
from rules.kyoukai.state import BORDER, EMPTY, GRID, State, turn_action, zones_in

Board = State  # what target rules read

# (board, player, source zone or EMPTY, params) -> the legal target zones, in zone order; and
# the same zones as a bitmask (bit z: zone z), which resolution checks a target against.
TargetRule = Callable[[State, int, int, Params], Sequence[int]]
TargetMask = Callable[[State, int, int, Params], int]
Resolver = Callable[[State, int, int, int, Params], None]  # state, player, source iid, target

# Zones within a distance (0 .. FARTHEST) of each zone, as bitmasks: target rules ask at every
# resolution.
_WITHIN: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << z for z in range(GRID.size) if GRID.manhattan(zone, z) <= near)
          for zone in range(GRID.size))
    for near in range(FARTHEST + 1))


def _within_mask(zone: int, near: int) -> int:
    """The zones within ``near`` of ``zone`` as a bitmask."""
    return _WITHIN[min(near, FARTHEST)][zone] if near >= 0 else 0


def _own_zones(b: Board, p: int, types: tuple[str, ...] | None) -> int:
    """The zones of the player's Gates (of ``types`` only, if given), as a bitmask."""
    mask = b.own_zones(p)
    if types is not None:
        facts, field = b.table.by_iid, b.field
        for z in zones_in(mask):
            if facts[field[z]].type not in types:
                mask ^= 1 << z
    return mask


def _gate_in_range(b: Board, p: int, src: int, prm: Params) -> int:
    """Zones holding a Gate within ``range`` of the source Gate, or (for a card opened from
    the hand) of any of the player's Gates."""
    near = prm.range
    if src != EMPTY:
        return _within_mask(src, near) & b.taken & ~(1 << src)
    if near < 0:
        return 0
    within = _WITHIN[min(near, FARTHEST)]
    reached = 0
    for z in zones_in(b.own_zones(p)):
        reached |= within[z]
    return reached & b.taken


def _empty_by_entrant(b: Board, p: int, src: int, prm: Params) -> int:
    zone = b.zone_of(b.players[p].entrant)
    return 0 if zone == EMPTY else BORDER[zone] & ~b.taken


# Every target rule but "none" (no target: the zone EMPTY), as a bitmask.
TARGET_MASKS: dict[str, TargetMask] = {
    "gate_in_range": _gate_in_range,
    "bordering_gate": lambda b, p, src, prm: BORDER[src] & b.taken,
    "own_summon": lambda b, p, src, prm: _own_zones(b, p, ("summon", "spirit")),
    "own_gate": lambda b, p, src, prm: _own_zones(b, p, None),
    "empty_by_entrant": _empty_by_entrant,
}


def _listed(rule: TargetMask) -> TargetRule:
    def zones(b: Board, p: int, src: int, prm: Params) -> Sequence[int]:
        return zones_in(rule(b, p, src, prm))
    return zones


TARGETS: dict[str, TargetRule] = {
    "none": lambda b, p, src, prm: (EMPTY,),
    **{name: _listed(rule) for name, rule in TARGET_MASKS.items()},
}


# ---- resolvers (``zone`` holds the target Gate, for those that have one) --------------
def r_damage(d: State, p: int, src: int, zone: int, prm: Params) -> None:
    d.damage(d.field[zone], prm.amount, p, d.named(src) if d.loud else "")


def r_shield(d: State, p: int, src: int, zone: int, prm: Params) -> None:
    t = d.field[zone]
    d.add_shield(t, prm.amount)
    if d.loud:
        d.log("shield", f"{d.named(t)} gets +{prm.amount} Defense for this Sequence.", p)


def r_ready(d: State, p: int, src: int, zone: int, prm: Params) -> None:
    t = d.field[zone]
    d.set_gate(t, ready=True)
    if d.loud:
        d.log("ready", f"{d.named(t)} is Readied.", p)


def r_draw(d: State, p: int, src: int, zone: int, prm: Params) -> None:
    d.draw(p, prm.amount)


def r_heal(d: State, p: int, src: int, zone: int, prm: Params) -> None:
    ent = d.players[p].entrant
    g = d.gates.get(ent)
    if g is not None:
        healed = min(prm.amount, g.damage)
        d.set_gate(ent, damage=g.damage - healed)
        if d.loud:
            d.log("heal", f"{d.named(ent)} recovers {healed} damage.", p)


def r_return(d: State, p: int, src: int, zone: int, prm: Params) -> None:
    d.leave_field(d.field[zone], "hand", p)


def r_branch_self(d: State, p: int, src: int, zone: int, prm: Params) -> None:
    host = d.field[zone]
    d.set_gate(host, branches=(*d.gates[host].branches, src))
    if d.loud:
        d.log("branch", f"{d.name(src)} is Branched under {d.named(host)}.", p)


def r_graft(d: State, p: int, src: int, zone: int, prm: Params) -> None:
    host = d.field[zone]
    discard = d.player(p).discard
    if not discard:
        if d.loud:
            d.log("fizzle", "Graft finds no card in the Discard.", p)
        return
    top = discard.pop()
    d.set_gate(host, branches=(*d.gates[host].branches, top))
    if d.loud:
        d.log("branch", f"{d.name(top)} is Branched under {d.named(host)}.", p)


def r_primal(d: State, p: int, src: int, zone: int, prm: Params) -> None:
    """K-19: an Attack; if it discards another Summon or Spirit, the Lion may Move and Attack
    again (only within its controller's Turn Action)."""
    target = d.field[zone]
    kind = d.card(target).type
    discarded = d.damage(target, d.attack_of(src), p,
                         f"{d.named(src)}'s Primal Instinct" if d.loud else "")
    if discarded and kind in ("summon", "spirit") and target != src and src in d.gates \
            and d.action is not None and d.action.gate == src:
        d.action = turn_action(src, "bonus")
        if d.loud:
            d.log("bonus", f"{d.named(src)} may Move and Attack again.", p)


def r_rebirth(d: State, p: int, src: int, zone: int, prm: Params) -> None:
    d.place(src, p, zone, ready=False)
    if d.loud:
        d.log("open", f"{d.named(src)} rises from the Discard into zone {zone_label(zone)}.", p)


def r_nothing(d: State, p: int, src: int, zone: int, prm: Params) -> None:
    if d.loud:
        d.log("resolve", f"{d.name(src)} resolves with no effect.", p)


@dataclass(frozen=True)
class Effect:
    target: str
    resolve: Resolver | None  # None: a marker read elsewhere (passives, branch skills)


# Effects a Normal/Fast Gate may do when opened, and effects a Skill may name.
_EITHER: dict[str, Effect] = {
    "damage": Effect("gate_in_range", r_damage),
    "shield": Effect("own_gate", r_shield),
    "ready": Effect("own_summon", r_ready),
    "draw": Effect("none", r_draw),
    "heal": Effect("none", r_heal),
    # Carried out by hand in a manual step (``rules.core.manual``): opened in ``flow``.
    "manual": Effect("none", None),
}
OPEN_EFFECTS: dict[str, Effect] = {
    **_EITHER,
    "return_to_hand": Effect("own_summon", r_return),
    "branch_self": Effect("own_gate", r_branch_self),
    "graft": Effect("own_gate", r_graft),
    "nothing": Effect("none", r_nothing),
}
SKILL_EFFECTS: dict[str, Effect] = {
    **_EITHER,
    "primal_instinct": Effect("bordering_gate", r_primal),
    "rebirth": Effect("empty_by_entrant", r_rebirth),
    # Passive and Branch skills never go on a Sequence (K-14): they are read where they apply.
    "open_as_fast": Effect("none", None),
    "ready_on_discard": Effect("none", None),
    "stat_bonus": Effect("none", None),
}


def zone_label(zone: int) -> str:
    r, c = GRID.rc(zone)
    return f"{'ABCDE'[c]}{r + 1}"
