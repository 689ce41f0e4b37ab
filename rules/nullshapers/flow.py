"""The turn as the seed lists it: who decides now, what executes when both decline, and what
comes next when a window closes on an empty queue."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core.manual import later
from rules.core.window_state import WindowState
from rules.nullshapers.effects import EVENT_EFFECTS, REACTIVE_EFFECTS, target_kind, targets
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


def open_window(s: State, at: At, first: int) -> None:
    s.at = at
    s.queue = WindowState([], first, 0, "respond")


def run(s: State) -> None:
    """Go on until someone must decide: both declined → the top entry executes and players
    may act again (N-01, N-02); an empty queue closed → the next beat of the turn."""
    while not s.over:
        if s.sides[0].must_lose or s.sides[1].must_lose or s.manual:  # or a step by hand
            return
        q = s.queue
        if q is None or not q.closed:
            return
        if q.stack:
            top = q.pop()
            q.reopen(s.active)
            resolve(s, top)
            continue
        s.queue = None
        after_window(s)


def resolve(s: State, e: Entry) -> None:
    # The entry's own copy of its card, never the catalog now: it executes as played.
    card = e.played
    assert card is not None  # every entry carries it (``Ruleset.load`` fills old ones)
    if e.skill:
        if in_play(s, e.card, e.player):
            if s.loud:
                s.log("reacts", f"{s.named(e.card)} reacts.", e.player)
            REACTIVE_EFFECTS[card.skill or ""](s, e.player, card)
        elif s.loud:
            s.log("cancelled", f"The skill of Player {e.player + 1}'s {card.name} is "
                  "cancelled: it left play.", e.player)
        return
    if card.kind == "event":
        q = s.queue
        if e.target in targets(s, e.player, target_kind(card), q.stack if q else ()):
            if s.loud:
                s.log("executes", f"{card.name} executes.", e.player)
            EVENT_EFFECTS[card.effect or ""].resolve(s, e, card)
            if s.manual:  # carried out by hand: to the cache after Done
                later(s, "to_cache", e.player, e.card)
                return
        elif s.loud:
            s.log("cancelled", f"Player {e.player + 1}'s {card.name} is cancelled: its target "
                  "is gone.", e.player)
        s.to_cache(e.player, e.card)
        return
    if card.kind == "agent":
        biome = e.biome if e.biome >= 0 and s.open_biome(e.biome) else STAGING
        s.agents[e.card] = Agent(owner=e.player, biome=biome)
    elif card.kind == "anomaly":
        side = s.side(e.player)
        if side.anomaly != NONE:
            s.to_cache(e.player, side.anomaly)
        side.anomaly = e.card
    else:
        s.side(e.player).staging.append(e.card)
    if s.loud:
        s.log("arrives", f"{s.named(e.card)} comes into play.", e.player)


def in_play(s: State, iid: int, owner: int) -> bool:
    ag = s.agents.get(iid)
    return (ag is not None and ag.owner == owner) or iid in s.sides[owner].staging


def after_window(s: State) -> None:
    at = s.at
    if at == "maintenance":
        open_window(s, "primary1", s.active)
    elif at == "primary1":
        s.advancer = s.active
        begin_advance(s)
    elif at == "advance_window":
        move_advancing(s)
        next_advancer(s)
    elif at == "attack_open":
        s.at = "attackers"
        if not attack_candidates(s):
            end_battle(s)
    elif at == "attack_after":
        open_window(s, "defend_open", s.active)
    elif at == "defend_open":
        s.at = "defenders"
        if not defend_candidates(s):
            defenders_done(s)
    elif at == "defend_after":
        battle(s)
        end_battle(s)
    elif at == "primary2":
        open_with_reactions(s, "end", "end")
    elif at == "end":
        if len(s.sides[s.active].hand) > HAND_LIMIT:
            s.at = "discard"
        else:
            next_turn(s)


# ---- Advance (N-04) --------------------------------------------------------------------------
def begin_advance(s: State) -> None:
    s.at = "advance_pick"
    s.advance_biome = NONE
    s.advancing = []
    p = s.advancer
    if not any(a.owner == p and a.biome == STAGING for a in s.agents.values()) or \
            not any(s.open_biome(b) for b in range(3)):
        next_advancer(s)


def next_advancer(s: State) -> None:
    if s.advancer == s.active:
        s.advancer = 1 - s.active
        begin_advance(s)
    else:
        s.advancing = []
        s.advance_biome = NONE
        open_window(s, "attack_open", s.active)


def advance_done(s: State) -> None:
    if s.advancing:
        open_window(s, "advance_window", s.advancer)
    else:
        next_advancer(s)


def move_advancing(s: State) -> None:
    b = s.advance_biome
    for iid in s.advancing:
        ag = s.agents.get(iid)
        if ag is not None and ag.biome == STAGING and s.open_biome(b):
            s.set_agent(iid, biome=b)
            if s.loud:
                s.log("advance", f"{s.named(iid)} advances into {BIOMES[b]}.", ag.owner)
    s.advancing = []


# ---- Attack and Defend (N-05, N-06) ----------------------------------------------------------
def attack_candidates(s: State) -> list[int]:
    return sorted(i for i, a in s.agents.items()
                  if a.owner == s.active and a.biome >= 0 and not a.locked
                  and i not in s.attackers and s.open_biome(a.biome))


def defend_candidates(s: State) -> list[tuple[int, int]]:
    """(defender, attacker): locked agents cannot defend; a defender stands in its attacker's
    biome and defends one attacker."""
    busy = {x for x, _ in s.blocks}
    out = []
    for a in s.attackers:
        at = s.agents.get(a)
        if at is None:
            continue
        for i, x in sorted(s.agents.items()):
            if x.owner != s.active and x.biome == at.biome and not x.locked and i not in busy:
                out.append((i, a))
    return out


def attackers_done(s: State) -> None:
    if s.attackers:
        open_window(s, "attack_after", 1 - s.active)
    else:
        end_battle(s)


def defenders_done(s: State) -> None:
    if ordering(s) is None:
        open_window(s, "defend_after", s.active)
    else:
        s.at = "order"


def ordering(s: State) -> tuple[int, list[int]] | None:
    """(attacker, its defenders not yet ordered) for the first attacker whose order the
    attacking player still has to choose; None when every order is settled."""
    for a in s.attackers:
        mine = [x for x, y in s.blocks if y == a and x in s.agents]
        rest = [x for x in mine if x not in s.ordered]
        if len(rest) >= 2:
            return a, rest
    return None


def damage_order(s: State, a: int) -> list[int]:
    mine = [x for x, y in s.blocks if y == a]
    return [x for x in s.ordered if x in mine] + [x for x in mine if x not in s.ordered]


@dataclass(slots=True)
class Blow:
    """One attacker's part in a battle: the damage it deals each of its defenders, in their
    order, and its sector; whether it struck at all (a ranged defender may terminate a melee
    attacker first, N-07) and whether it is still in play when the battle is over."""

    hits: list[tuple[int, int]] = field(default_factory=list)
    sector: int = 0
    struck: bool = False
    survives: bool = True


@dataclass(slots=True)
class Strike:
    """What one strike (ranged or melee) deals, all at once: damage to agents, damage to the
    defending player's sectors, and each attacker's part."""

    hits: dict[int, int] = field(default_factory=dict)
    sectors: list[tuple[int, int]] = field(default_factory=list)
    blows: dict[int, Blow] = field(default_factory=dict)


def battle_preview(s: State) -> dict[int, Blow]:
    """How the battle would go from ``s`` if nothing more were played: ``battle`` itself, on a
    copy (the table shows it while defenders are declared and ordered)."""
    t = s.copy()
    blows = battle(t)
    for a, blow in blows.items():
        blow.survives = a in t.agents
    return blows


# ---- Damage (N-07..N-11) ---------------------------------------------------------------------
def battle(s: State) -> dict[int, Blow]:
    """Ranged agents strike first, then melee ones; each strike is simultaneous. Each
    attacker's part (``Blow``), for ``battle_preview``."""
    blows = {a: Blow() for a in s.attackers if a in s.agents}
    for ranged in (True, False):
        if s.over:
            break
        st = assign_strike(s, ranged)
        blows.update(st.blows)
        deal_strike(s, st)
    return blows


def assign_strike(s: State, ranged: bool) -> Strike:
    """Who deals what in the ranged (or the melee) strike, from the agents still in play."""
    out = Strike()
    hits = out.hits
    for a in s.attackers:
        if a not in s.agents or s.card(a).ranged != ranged:
            continue
        blow = out.blows[a] = Blow(struck=True)
        dmg = attack_of(s, a)
        for x in damage_order(s, a):
            if x not in s.agents or dmg <= 0:
                continue
            need = defense_of(s, x) - s.agents[x].damage - hits.get(x, 0)
            if need <= 0:
                continue
            give = min(dmg, need)  # N-07: terminal damage to one before the next gets any
            hits[x] = hits.get(x, 0) + give
            blow.hits.append((x, give))
            dmg -= give
        if dmg > 0:
            out.sectors.append((s.agents[a].biome, dmg))
            blow.sector = dmg
    for x, a in s.blocks:
        if x in s.agents and a in s.agents and s.card(x).ranged == ranged:
            hits[a] = hits.get(a, 0) + attack_of(s, x)
    return out


def deal_strike(s: State, strike: Strike) -> None:
    """The strike's damage at once; agents at their Defense are terminated (N-09)."""
    foe = 1 - s.active
    for iid, n in strike.hits.items():
        ag = s.set_agent(iid, damage=s.agents[iid].damage + n)
        if s.loud:
            s.log("damage", f"{s.named(iid)} takes {n} battle damage.", ag.owner)
    for iid in list(strike.hits):
        if s.agents[iid].damage >= defense_of(s, iid):  # N-09
            s.terminate(iid)
    for b, n in strike.sectors:
        s.damage_sector(foe, b, n)  # N-08, N-10


def end_battle(s: State) -> None:
    """N-11: every agent still in a biome retreats to staging."""
    for iid, ag in s.agents.items():
        if ag.biome != STAGING:
            s.set_agent(iid, biome=STAGING)
    s.attackers = []
    s.blocks = []
    s.ordered = []
    if not s.over:
        open_window(s, "primary2", s.active)


# ---- Start and End (N-01, N-12) --------------------------------------------------------------
def reactive(s: State, when: str) -> list[Entry]:
    """The reactive skills that react now ("start" or "end" of the active player's turn): the
    active player's "of your turn" ones and both players' "of each turn" ones. The active
    player's go on top of the queue, so they execute first ("starting with you")."""
    stack: list[Entry] = []
    for p in (1 - s.active, s.active):
        wanted = {f"each_{when}", when} if p == s.active else {f"each_{when}"}
        mine = [i for i, a in s.agents.items() if a.owner == p] + list(s.sides[p].staging)
        for i in sorted(mine):
            card = s.card(i)
            if card.reacts in wanted:
                stack.append(Entry(player=p, card=i, skill=True, played=card))
    return stack


def open_with_reactions(s: State, at: At, when: str) -> None:
    open_window(s, at, s.active)
    found = reactive(s, when)
    if found and s.queue is not None:
        s.queue.stack = found
        if s.loud:
            names = ", ".join(s.named(e.card) for e in found)
            s.log("reacts", f"Reactive skills join the queue: {names}.", s.active)


def next_turn(s: State) -> None:
    """Reset (damage and temporary effects go), then the next player's Start phase."""
    for iid, ag in s.agents.items():
        if ag.damage or ag.boost or ag.shield:
            s.set_agent(iid, damage=0, boost=0, shield=0)
    s.turn += 1
    if s.turn > TURN_CAP:
        s.over = True
        s.queue = None
        if s.loud:
            s.log("game_over", "The turn limit is reached: a draw.")
        return
    s.active = p = 1 - s.active
    s.converted = False
    s.anomaly_played = False
    if s.loud:
        s.log("turn", f"Turn {s.turn}: Player {p + 1}.", p)
    start_turn(s, DRAW)


def start_turn(s: State, draw: int) -> None:
    """Refresh (unlock agents, turn energy back), Draw, then Maintenance's reactions."""
    p = s.active
    for iid, ag in s.agents.items():
        if ag.owner == p and ag.locked:
            s.set_agent(iid, locked=False)
    s.side(p).spent = 0
    s.draw(p, draw)
    if not s.over:
        open_with_reactions(s, "maintenance", "start")
