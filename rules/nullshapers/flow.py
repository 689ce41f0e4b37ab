"""The turn as the seed lists it: who decides now, what executes when both decline, and what
comes next when a window closes on an empty queue."""

from __future__ import annotations

from rules.core.manual import later
from rules.core.window_state import WindowState
from rules.nullshapers.effects import EVENT_EFFECTS, REACTIVE_EFFECTS, targets
from rules.nullshapers.state import (
    BIOMES,
    DRAW,
    HAND_LIMIT,
    NONE,
    STAGING,
    TURN_CAP,
    WINDOW_SPEEDS,
    Agent,
    At,
    Entry,
    State,
    attack_of,
    defense_of,
)


def to_act(s: State) -> int | None:
    if s.over:
        return None
    for p in (s.active, 1 - s.active):
        if s.sides[p].must_lose:
            return p
    if s.queue is not None:
        return s.queue.priority
    at = s.at
    if at == "advance_pick":
        return s.advancer
    if at == "defenders":
        return 1 - s.active
    return s.active  # attackers, order, discard


def speeds(s: State, p: int) -> tuple[int, ...]:
    """The speeds ``p`` may act at now (N-01, N-02, N-04..N-06, N-12): Speed 1 only on your own
    turn, in a primary phase, on an empty queue."""
    if s.queue is None:
        return ()
    if not s.queue.stack and p == s.active:
        if s.at in ("primary1", "primary2"):
            return (1, 2, 3)
        if s.at == "attack_after":  # seed: "Your opponent may take ... You may answer"
            return ()
    return WINDOW_SPEEDS.get(s.at, ())


def open_window(d: State, at: At, first: int) -> None:
    d.at = at
    d.queue = WindowState([], first, 0, "respond")


def run(d: State) -> None:
    """Go on until someone must decide: both declined → the top entry executes and players
    may act again (N-01, N-02); an empty queue closed → the next beat of the turn."""
    while not d.over:
        if d.sides[0].must_lose or d.sides[1].must_lose or d.manual:  # or a step by hand
            return
        q = d.queue
        if q is None or not q.closed:
            return
        if q.stack:
            top = q.pop()
            q.reopen(d.active)
            resolve(d, top)
            continue
        d.queue = None
        after_window(d)


def resolve(d: State, e: Entry) -> None:
    card = d.card(e.card)
    if e.skill:
        if in_play(d, e.card, e.player):
            if d.loud:
                d.log("reacts", f"{card.name} reacts.", e.player)
            REACTIVE_EFFECTS[card.skill or ""](d, e.player, card)
        elif d.loud:
            d.log("cancelled", f"{card.name}'s skill is cancelled: it left play.", e.player)
        return
    if card.kind == "event":
        q = d.queue
        if e.target in targets(d, e.player, card, q.stack if q else ()):
            if d.loud:
                d.log("executes", f"{card.name} executes.", e.player)
            EVENT_EFFECTS[card.effect or ""].resolve(d, e, card)
            if d.manual:  # carried out by hand: to the cache after Done
                later(d, "to_cache", e.player, e.card)
                return
        elif d.loud:
            d.log("cancelled", f"{card.name} is cancelled: its target is gone.", e.player)
        d.to_cache(e.player, e.card)
        return
    if card.kind == "agent":
        biome = e.biome if e.biome >= 0 and d.open_biome(e.biome) else STAGING
        d.agents[e.card] = Agent(owner=e.player, biome=biome)
    elif card.kind == "anomaly":
        side = d.side(e.player)
        if side.anomaly != NONE:
            d.to_cache(e.player, side.anomaly)
        side.anomaly = e.card
    else:
        d.side(e.player).staging.append(e.card)
    if d.loud:
        d.log("arrives", f"{card.name} comes into play.", e.player)


def in_play(d: State, iid: int, owner: int) -> bool:
    ag = d.agents.get(iid)
    return (ag is not None and ag.owner == owner) or iid in d.sides[owner].staging


def after_window(d: State) -> None:
    at = d.at
    if at == "maintenance":
        open_window(d, "primary1", d.active)
    elif at == "primary1":
        d.advancer = d.active
        begin_advance(d)
    elif at == "advance_window":
        move_advancing(d)
        next_advancer(d)
    elif at == "attack_open":
        d.at = "attackers"
        if not attack_candidates(d):
            end_battle(d)
    elif at == "attack_after":
        open_window(d, "defend_open", d.active)
    elif at == "defend_open":
        d.at = "defenders"
        if not defend_candidates(d):
            defenders_done(d)
    elif at == "defend_after":
        battle(d)
        end_battle(d)
    elif at == "primary2":
        begin_end(d)
    elif at == "end":
        if len(d.sides[d.active].hand) > HAND_LIMIT:
            d.at = "discard"
        else:
            next_turn(d)


# ---- Advance (N-04) --------------------------------------------------------------------------
def begin_advance(d: State) -> None:
    d.at = "advance_pick"
    d.advance_biome = NONE
    d.advancing = []
    p = d.advancer
    if not any(a.owner == p and a.biome == STAGING for a in d.agents.values()) or \
            not any(d.open_biome(b) for b in range(3)):
        next_advancer(d)


def next_advancer(d: State) -> None:
    if d.advancer == d.active:
        d.advancer = 1 - d.active
        begin_advance(d)
    else:
        d.advancing = []
        d.advance_biome = NONE
        open_window(d, "attack_open", d.active)


def advance_done(d: State) -> None:
    if d.advancing:
        open_window(d, "advance_window", d.advancer)
    else:
        next_advancer(d)


def move_advancing(d: State) -> None:
    b = d.advance_biome
    for iid in d.advancing:
        ag = d.agents.get(iid)
        if ag is not None and ag.biome == STAGING and d.open_biome(b):
            d.set_agent(iid, biome=b)
            if d.loud:
                d.log("advance", f"{d.name(iid)} advances into {BIOMES[b]}.", ag.owner)
    d.advancing = []


# ---- Attack and Defend (N-05, N-06) ----------------------------------------------------------
def attack_candidates(d: State) -> list[int]:
    return sorted(i for i, a in d.agents.items()
                  if a.owner == d.active and a.biome >= 0 and not a.locked
                  and i not in d.attackers and d.open_biome(a.biome))


def defend_candidates(d: State) -> list[tuple[int, int]]:
    """(defender, attacker): locked agents cannot defend; a defender stands in its attacker's
    biome and defends one attacker."""
    busy = {x for x, _ in d.blocks}
    out = []
    for a in d.attackers:
        at = d.agents.get(a)
        if at is None:
            continue
        for i, x in sorted(d.agents.items()):
            if x.owner != d.active and x.biome == at.biome and not x.locked and i not in busy:
                out.append((i, a))
    return out


def attackers_done(d: State) -> None:
    if d.attackers:
        open_window(d, "attack_after", 1 - d.active)
    else:
        end_battle(d)


def defenders_done(d: State) -> None:
    if ordering(d) is None:
        open_window(d, "defend_after", d.active)
    else:
        d.at = "order"


def ordering(d: State) -> tuple[int, list[int]] | None:
    """(attacker, its defenders not yet ordered) for the first attacker whose order the
    attacking player still has to choose; None when every order is settled."""
    for a in d.attackers:
        mine = [x for x, y in d.blocks if y == a and x in d.agents]
        rest = [x for x in mine if x not in d.ordered]
        if len(rest) >= 2:
            return a, rest
    return None


def damage_order(d: State, a: int) -> list[int]:
    mine = [x for x, y in d.blocks if y == a]
    return [x for x in d.ordered if x in mine] + [x for x in mine if x not in d.ordered]


def damage_preview(s: State, a: int) -> tuple[list[tuple[int, int]], int]:
    """How attacker ``a``'s damage would be assigned now, in its defenders' order: (defender,
    damage) pairs and what the sector would take (what the table shows while ordering)."""
    dmg = attack_of(s, a)
    out: list[tuple[int, int]] = []
    for x in damage_order(s, a):
        if x not in s.agents:
            continue
        give = min(dmg, max(0, defense_of(s, x) - s.agents[x].damage))
        out.append((x, give))
        dmg -= give
    return out, dmg


# ---- Damage (N-07..N-11) ---------------------------------------------------------------------
def battle(d: State) -> None:
    """Ranged agents strike first, then melee ones; each strike is simultaneous."""
    for ranged in (True, False):
        strike(d, ranged)
        if d.over:
            return


def strike(d: State, ranged: bool) -> None:
    hits: dict[int, int] = {}
    sectors: list[tuple[int, int]] = []
    foe = 1 - d.active
    for a in d.attackers:
        if a not in d.agents or d.card(a).ranged != ranged:
            continue
        dmg = attack_of(d, a)
        for x in damage_order(d, a):
            if x not in d.agents or dmg <= 0:
                continue
            need = defense_of(d, x) - d.agents[x].damage - hits.get(x, 0)
            if need <= 0:
                continue
            give = min(dmg, need)  # N-07: terminal damage to one before the next gets any
            hits[x] = hits.get(x, 0) + give
            dmg -= give
        if dmg > 0:
            sectors.append((d.agents[a].biome, dmg))
    for x, a in d.blocks:
        if x in d.agents and a in d.agents and d.card(x).ranged == ranged:
            hits[a] = hits.get(a, 0) + attack_of(d, x)
    for iid, n in hits.items():
        ag = d.set_agent(iid, damage=d.agents[iid].damage + n)
        if d.loud:
            d.log("damage", f"{d.name(iid)} takes {n} battle damage.", ag.owner)
    for iid in list(hits):
        if d.agents[iid].damage >= defense_of(d, iid):  # N-09
            d.terminate(iid)
    for b, n in sectors:
        d.damage_sector(foe, b, n)  # N-08, N-10


def end_battle(d: State) -> None:
    """N-11: every agent still in a biome retreats to staging."""
    for iid, ag in d.agents.items():
        if ag.biome != STAGING:
            d.set_agent(iid, biome=STAGING)
    d.attackers = []
    d.blocks = []
    d.ordered = []
    if not d.over:
        open_window(d, "primary2", d.active)


# ---- Start and End (N-01, N-12) --------------------------------------------------------------
def reactive(d: State, when: str) -> list[Entry]:
    """The reactive skills that react now ("start" or "end" of the active player's turn): the
    active player's "of your turn" ones and both players' "of each turn" ones. The active
    player's go on top of the queue, so they execute first ("starting with you")."""
    stack: list[Entry] = []
    for p in (1 - d.active, d.active):
        wanted = {f"each_{when}", when} if p == d.active else {f"each_{when}"}
        mine = [i for i, a in d.agents.items() if a.owner == p] + list(d.sides[p].staging)
        stack.extend(Entry(player=p, card=i, skill=True) for i in sorted(mine)
                     if d.card(i).reacts in wanted)
    return stack


def open_with_reactions(d: State, at: At, when: str) -> None:
    open_window(d, at, d.active)
    found = reactive(d, when)
    if found and d.queue is not None:
        d.queue.stack = found
        if d.loud:
            names = ", ".join(d.name(e.card) for e in found)
            d.log("reacts", f"Reactive skills join the queue: {names}.", d.active)


def begin_end(d: State) -> None:
    open_with_reactions(d, "end", "end")


def next_turn(d: State) -> None:
    """Reset (damage and temporary effects go), then the next player's Start phase."""
    for iid, ag in d.agents.items():
        if ag.damage or ag.boost or ag.shield:
            d.set_agent(iid, damage=0, boost=0, shield=0)
    d.turn += 1
    if d.turn > TURN_CAP:
        d.over = True
        d.queue = None
        if d.loud:
            d.log("game_over", "The turn limit is reached: a draw.")
        return
    d.active = p = 1 - d.active
    d.converted = False
    d.anomaly_played = False
    if d.loud:
        d.log("turn", f"Turn {d.turn}: Player {p + 1}.", p)
    start_turn(d, DRAW)


def start_turn(d: State, draw: int) -> None:
    """Refresh (unlock agents, turn energy back), Draw, then Maintenance's reactions."""
    p = d.active
    for iid, ag in d.agents.items():
        if ag.owner == p and ag.locked:
            d.set_agent(iid, locked=False)
    d.side(p).spent = 0
    d.draw(p, draw)
    if not d.over:
        open_with_reactions(d, "maintenance", "start")
