"""BOS game state: plain mutable objects (``rules.core.state``), self-contained (it carries its
card catalog), JSON-ready.

Cards are instances (``iid``) mapped to card ids; player 0 owns the iids below ``split``.
``State.copy`` copies the ``units`` dict; the rest is shared between copies: the two sides
until a step changes one (``State.side`` copies it first), values a step replaces, never
changes in place (a side's zones, which are tuples; a Unit; a pending attack), and
``catalog`` and ``cards``, which no step changes (the view, a determinized deal and a hot
reload put new ones in their place)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from rules.bos.cards import Card
from rules.bos.effects import EFFECTS
from rules.bos.traits import traits
from rules.core.manual import MANUAL, later, open_step, paused
from rules.core.manual_intents import ManualStep
from rules.core.naming import whose
from rules.core.sides import SharedSides

EMPTY = -1
COLUMNS = 3
START_LIFE = 30
START_VIM = 1
MIN_STARTUP_VIM = 1  # Startup leaves at least this much vim: doubling 0 would lock you out
HALVING_TURN = 11  # from a player's 11th turn on, Startup halves their life and vim
TURN_CAP = 80  # turns of both players; reaching it is a draw (halving ends games long before)

Step = Literal["summoning", "main", "block", "over"]
BossState = Literal["down", "up", "gone"]
Place = Literal["graveyard", "castle"]

_new = object.__new__


@dataclass(slots=True)
class Unit:
    """A summon or a face-up boss on the battlefield. ``strength`` is its current Strength
    (B-06: it stays reduced); ``under`` the enchant spells beneath it (B-03).

    A value, as a side's zones are: copies of a state share their units, so the rules never
    change a unit in place but put a new one in the state's ``units`` (``with_strength``...).
    Not a frozen dataclass only because building one costs twice as much, and the search's
    look-ahead builds about two a step (``tests/bos/test_turns.py`` checks that ``apply``
    leaves the state it was given as it was)."""

    iid: int
    owner: int
    strength: int
    acted: bool = False
    under: tuple[int, ...] = ()

    def with_strength(self, strength: int) -> Unit:
        return Unit(self.iid, self.owner, strength, self.acted, self.under)

    def with_acted(self, acted: bool) -> Unit:
        return Unit(self.iid, self.owner, self.strength, acted, self.under)


@dataclass(slots=True)
class Side:
    """One player's side. Its zones are tuples, replaced when they change, so a copy of a
    side shares them (a step changes a zone or two of one side)."""

    life: int = START_LIFE
    vim: int = START_VIM
    turns: int = 0  # turns this player has started (0: not yet arrived, B-11)
    boss: int = EMPTY
    boss_state: BossState = "down"
    wizards: tuple[int, ...] = ()
    wizard_down: tuple[bool, ...] = (False,) * COLUMNS
    slots: tuple[int, ...] = (EMPTY,) * COLUMNS  # the summon in front of each wizard
    castle: tuple[int, ...] = ()
    spellbook: tuple[int, ...] = ()
    graveyard: tuple[int, ...] = ()

    def copy(self) -> Side:
        new = _new(Side)  # slot by slot, as ``State``'s
        new.life = self.life
        new.vim = self.vim
        new.turns = self.turns
        new.boss = self.boss
        new.boss_state = self.boss_state
        new.wizards = self.wizards
        new.wizard_down = self.wizard_down
        new.slots = self.slots
        new.castle = self.castle
        new.spellbook = self.spellbook
        new.graveyard = self.graveyard
        return new


@dataclass(frozen=True, slots=True)
class PlayerAttack:
    """A player attack waiting for the defender's block decision (B-09)."""

    attacker: int
    defender: int
    column: int  # the attacker's column, EMPTY for a boss


@dataclass(slots=True)
class State(SharedSides[Side]):
    """Read a player's side as ``sides[p]``; change it only through ``side(p)``."""

    catalog: dict[str, Card]
    cards: dict[int, str]
    split: int
    sides: tuple[Side, Side]
    units: dict[int, Unit] = field(default_factory=dict)
    active: int = 0
    first: int = 0
    turn: int = 1
    step: Step = "summoning"
    attack: PlayerAttack | None = None
    defeated: tuple[int, int] = (0, 0)  # each player's summons defeated this turn
    halved: bool = False  # this turn's Startup halved the active player (the table says so)
    winner: int | None = None
    manual: tuple[ManualStep, ...] = ()  # open manual steps, the current first
    designer: bool = False  # designer mode: the freeform switch is allowed
    face_down: tuple[int, ...] = ()  # cards in play put face down by hand (rules.core.manual)

    def copy(self) -> State:
        # Slot by slot: less than the dataclass's __init__ and __post_init__ (a step makes one)
        new = _new(State)
        new.catalog = self.catalog
        new.cards = self.cards
        new.split = self.split
        new.sides = self.sides
        new.units = self.units.copy()
        new.active = self.active
        new.first = self.first
        new.turn = self.turn
        new.step = self.step
        new.attack = self.attack
        new.defeated = self.defeated
        new.halved = self.halved
        new.winner = self.winner
        new.manual = self.manual
        new.designer = self.designer
        new.face_down = self.face_down
        return self.copied(new)

    # ---- reading ----------------------------------------------------------------------
    def card(self, iid: int) -> Card:
        return self.catalog[self.cards[iid]]

    def name(self, iid: int) -> str:
        return traits(self)[iid].name

    def named(self, iid: int, owner: int | None = None) -> str:
        """How a log line names a card: "Player 2's Shell Knight" while both players have one
        of that name on the battlefield (``rules.core.naming``); ``owner`` for one that has
        just left it."""
        u = self.units.get(iid)
        if u is not None:
            owner = u.owner
        ts = traits(self)
        # only the other player's cards can share its name
        return whose(ts[iid].name, owner,
                     [(v.owner, ts[i].name) for i, v in self.units.items() if v.owner != owner])

    def owner(self, iid: int) -> int:
        return 0 if iid < self.split else 1

    def column_of(self, iid: int) -> int:
        """The column of a summon on the battlefield (EMPTY for a boss or a card elsewhere)."""
        slots = self.sides[self.owner(iid)].slots
        return slots.index(iid) if iid in slots else EMPTY

    def is_boss(self, iid: int) -> bool:
        return self.sides[self.owner(iid)].boss == iid

    def arrived(self, p: int) -> bool:
        """B-11: a player who has not started their first turn cannot be affected."""
        return self.sides[p].turns > 0

    # ---- changing: damage and battle, defeat, leaving the battlefield, life and vim -------
    def lose_life(self, p: int, n: int, why: str) -> None:
        if n <= 0:
            return
        side = self.side(p)
        side.life -= n
        if self.loud:
            self.log("life", f"{why}: Player {p + 1} loses {n} life ({side.life} left).", p,
                     data={"player": p, "amount": n})
        self.check_loss(p)

    def check_loss(self, p: int) -> None:
        if self.sides[p].life <= 0 and self.winner is None:
            self.winner = 1 - p
            self.step = "over"
            self.attack = None
            if self.loud:
                self.log("win", f"Player {p + 1} has no life left: Player {2 - p} wins!",
                         1 - p)

    def damage(self, iid: int, n: int, source: str) -> None:
        """Deal ``n`` damage: the card takes it only up to its Strength (B-06)."""
        u = self.units.get(iid)
        if u is None or n <= 0:
            return
        taken = min(n, u.strength)
        self.units[iid] = u.with_strength(u.strength - taken)
        if self.loud:
            self.log("damage", f"{source} deals {n} to {self.named(iid)}: it takes {taken} "
                     f"({u.strength - taken} Strength left).", self.owner(iid),
                     data={"target": iid, "amount": taken})
        if u.strength == taken:
            self.defeat(iid)

    def battle(self, a: int, b: int) -> None:
        """Each is dealt the other's Strength and takes it up to its own (B-06); then the
        ones at 0 are defeated (B-07), the attacker first."""
        units = self.units
        ua, ub = units[a], units[b]
        sa, sb = ua.strength, ub.strength
        hit = min(sa, sb)
        units[a] = ua.with_strength(sa - hit)
        units[b] = ub.with_strength(sb - hit)
        if self.loud:
            self.log("battle", f"{self.named(a)} ({sa}) battles {self.named(b)} ({sb}): both take "
                     f"{hit}.", self.owner(a), data={"attacker": a, "target": b, "amount": hit})
        for i in (a, b):
            u = self.units.get(i)
            if u is not None and u.strength == 0:
                self.defeat(i)
                if paused(self):  # an on-defeat ability is carried out by hand
                    if i == a:
                        later(self, "battle_rest", b)
                    return

    def battle_rest(self, b: int) -> None:
        """After a manual step opened by the attacker's defeat: the other battler's."""
        u = self.units.get(b)
        if u is not None and u.strength == 0:
            self.defeat(b)

    def defeat(self, iid: int) -> None:
        """Its on-defeat abilities happen, then it goes to its owner's graveyard (B-07). The
        abilities are its controller's: a card put on the other side by hand is theirs until
        it leaves; the graveyard is still its owner's (``leave``)."""
        u = self.units.get(iid)  # None: taken off the board by hand in a manual step
        p = self.owner(iid) if u is None else u.owner
        if self.loud:
            self.log("defeat", f"{self.named(iid, p)} is defeated.", p, data={"card": iid})
        if not self.is_boss(iid):
            self.defeated = (self.defeated[0] + 1, self.defeated[1]) if p == 0 \
                else (self.defeated[0], self.defeated[1] + 1)
        self.on_defeat(iid, p, traits(self)[iid].defeats)

    def defeat_rest(self, iid: int, *rest: int | str) -> None:
        """After a manual on-defeat ability's Done: the abilities after it, from the copy the
        step keeps (name, effect, amount, text each; a hot reload changes cards from the
        next defeat on)."""
        u = self.units.get(iid)
        p = self.owner(iid) if u is None else u.owner
        self.on_defeat(iid, p, [(str(rest[k]), str(rest[k + 1]), int(rest[k + 2]),
                                 str(rest[k + 3])) for k in range(0, len(rest) - 3, 4)])

    def on_defeat(self, iid: int, p: int,
                  abilities: Sequence[tuple[str, str, int, str]]) -> None:
        """``abilities`` (name, effect, amount, text) in order for player ``p``, then the
        graveyard; a manual one pauses and the rest waits in its step (``defeat_rest``)."""
        for k, (name, effect, amount, text) in enumerate(abilities):
            self.resolve(effect, amount, p, EMPTY, EMPTY, f"{self.name(iid)}'s {name}", EMPTY,
                         text)
            if paused(self):
                later(self, "defeat_rest", iid, *(x for ab in abilities[k + 1:] for x in ab))
                return
        self.leave(iid, "graveyard")

    def leave(self, iid: int, to: Place) -> None:
        """The card leaves the battlefield; the enchant spells under it go to their casters'
        graveyards (B-03)."""
        u = self.units.pop(iid, None)
        if u is None:
            return
        for spell in u.under:
            caster = self.owner(spell)
            self.side(caster).graveyard += (spell,)
            if self.loud:
                self.log("grave", f"{self.name(spell)} goes to Player {caster + 1}'s graveyard "
                         "with the card it enchanted.", caster)
        side = self.side(u.owner)
        if side.boss == iid:
            side.boss_state = "gone"
        else:
            side.slots = tuple([EMPTY if c == iid else c for c in side.slots])
        # B-07 "the owner's graveyard" (and "its owner's castle"): a card put on the other
        # side by hand leaves that side's slot but goes home
        home = self.owner(iid)
        if to == "castle":
            self.side(home).castle += (iid,)
            if self.loud:
                self.log("return", f"{self.named(iid, u.owner)} returns to Player "
                         f"{home + 1}'s castle.", home)
        else:
            self.side(home).graveyard += (iid,)

    def resolve(self, effect: str, n: int, p: int, target: int, player: int, source: str,
                spell: int, text: str = "") -> None:
        """Do ``effect`` for player ``p`` at ``target`` (a card) or ``player``; ``text`` is
        the card's words, for an effect carried out by hand."""
        if effect == MANUAL:
            open_step(self, p, source, text, spell)
            return
        kind = EFFECTS[effect].target
        if kind == "opponent":
            player = 1 - p
        if player >= 0 and not self.arrived(player):
            if self.loud:
                self.log("nothing", f"{source}: Player {player + 1} has not arrived yet; "
                         "nothing happens.", p)
            return
        if target >= 0 and target not in self.units:
            return  # gone before it resolved (an earlier on-defeat ability)
        if effect in ("damage_summon", "damage_boss", "damage_unit"):
            self.damage(target, n, source)
        elif effect in ("damage_player", "damage_opponent"):
            self.lose_life(player, n, source)
        elif effect in ("gain_vim", "gain_life"):
            side, what = self.side(p), effect[5:]
            setattr(side, what, getattr(side, what) + n)
            if self.loud:
                self.log(what, f"{source}: Player {p + 1} gains {n} {what}.", p)
        elif effect == "ready_card":
            self.units[target] = self.units[target].with_acted(False)
            if self.loud:
                self.log("ready", f"{source}: {self.named(target)} is ready.", p)
        elif effect in ("enchant_strength", "enchant_boss"):
            u = self.units[target]
            self.units[target] = Unit(target, u.owner, u.strength + n, u.acted, (*u.under, spell))
            if self.loud:
                self.log("enchant", f"{source} goes under {self.named(target)}: +{n} Strength.",
                         p)
        elif effect == "return_summon":
            self.leave(target, "castle")
        else:  # pragma: no cover - the pack loader refuses unknown effects
            raise ValueError(f"unknown effect {effect!r}")
