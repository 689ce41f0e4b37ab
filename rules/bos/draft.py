"""BOS's working copy of a State for one ``apply`` (``rules.core.draft``), with the helpers the
rules share: damage and battle, defeat, leaving the battlefield, life and vim."""

from __future__ import annotations

from typing import Any, Literal

from rules.bos.cards import Card
from rules.bos.effects import EFFECTS
from rules.bos.state import EMPTY, PlayerAttack, Side, State, Step, Unit
from rules.core.draft import Draft as CoreDraft
from rules.core.manual import MANUAL, later, open_step, paused

Place = Literal["graveyard", "castle"]


class Draft(CoreDraft[State]):
    working = {"sides": list, "units": dict}

    catalog: dict[str, Card]
    cards: dict[int, str]
    split: int
    sides: list[Side]
    units: dict[int, Unit]
    active: int
    first: int
    turn: int
    step: Step
    attack: PlayerAttack | None
    defeated: tuple[int, int]
    halved: bool
    winner: int | None

    # ---- reading ----------------------------------------------------------------------
    def card(self, iid: int) -> Card:
        return self.catalog[self.cards[iid]]

    def name(self, iid: int) -> str:
        return self.catalog[self.cards[iid]].name

    def owner(self, iid: int) -> int:
        return 0 if iid < self.split else 1

    def is_boss(self, iid: int) -> bool:
        return self.sides[self.owner(iid)].boss == iid

    # ---- changing ---------------------------------------------------------------------
    def side(self, p: int, **update: Any) -> None:
        self.sides[p] = self.sides[p].model_copy(update=update)

    def unit(self, iid: int, **update: Any) -> None:
        self.units[iid] = self.units[iid].model_copy(update=update)

    def lose_life(self, p: int, n: int, why: str) -> None:
        if n <= 0:
            return
        life = self.sides[p].life - n
        self.side(p, life=life)
        if self.loud:
            self.log("life", f"{why}: Player {p + 1} loses {n} life ({life} left).", p,
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
        self.unit(iid, strength=u.strength - taken)
        if self.loud:
            self.log("damage", f"{source} deals {n} to {self.name(iid)}: it takes {taken} "
                     f"({u.strength - taken} Strength left).", self.owner(iid),
                     data={"target": iid, "amount": taken})
        if u.strength == taken:
            self.defeat(iid)

    def battle(self, a: int, b: int) -> None:
        """Each is dealt the other's Strength and takes it up to its own (B-06); then the
        ones at 0 are defeated (B-07), the attacker first."""
        sa, sb = self.units[a].strength, self.units[b].strength
        hit = min(sa, sb)
        self.unit(a, strength=sa - hit)
        self.unit(b, strength=sb - hit)
        if self.loud:
            self.log("battle", f"{self.name(a)} ({sa}) battles {self.name(b)} ({sb}): both take "
                     f"{hit}.", self.owner(a), data={"attacker": a, "target": b, "amount": hit})
        for i in (a, b):
            if i in self.units and self.units[i].strength == 0:
                self.defeat(i)
                if paused(self):  # an on-defeat ability is carried out by hand
                    if i == a:
                        self.later("battle_rest", b)
                    return

    def battle_rest(self, b: int) -> None:
        """After a manual step opened by the attacker's defeat: the other battler's."""
        if b in self.units and self.units[b].strength == 0:
            self.defeat(b)

    def defeat(self, iid: int, start: int = 0) -> None:
        """Its on-defeat abilities happen, then it goes to its owner's graveyard (B-07).
        (``start``: the ability to go on from after a manual one's Done.) The abilities are its
        controller's: a card put on the other side by hand is theirs until it leaves (as
        ``quick``); the graveyard is still its owner's (``leave``)."""
        u = self.units.get(iid)  # None: taken off the board by hand in a manual step
        p = self.owner(iid) if u is None else u.owner
        if start == 0:
            if self.loud:
                self.log("defeat", f"{self.name(iid)} is defeated.", p, data={"card": iid})
            if not self.is_boss(iid):
                counts = list(self.defeated)
                counts[p] += 1
                self.defeated = (counts[0], counts[1])
        abilities = self.card(iid).abilities
        for k in range(start, len(abilities)):
            ab = abilities[k]
            if ab.trigger == "defeat":
                self.resolve(ab.effect, ab.amount, p, EMPTY, EMPTY, f"{self.name(iid)}'s "
                             f"{ab.name}", EMPTY, ab.text)
                if paused(self):
                    self.later("defeat", iid, k + 1)
                    return
        self.leave(iid, "graveyard")

    def later(self, op: str, *args: int) -> None:
        """Save what is left to do after a manual step's Done (``BosManual.settle``)."""
        later(self, op, *args)

    def leave(self, iid: int, to: Place) -> None:
        """The card leaves the battlefield; the enchant spells under it go to their casters'
        graveyards (B-03)."""
        u = self.units.pop(iid, None)
        if u is None:
            return
        p = u.owner
        for spell in u.under:
            caster = self.owner(spell)
            self.side(caster, graveyard=(*self.sides[caster].graveyard, spell))
            if self.loud:
                self.log("grave", f"{self.name(spell)} goes to Player {caster + 1}'s graveyard "
                         "with the card it enchanted.", caster)
        s = self.sides[p]
        if s.boss == iid:
            self.side(p, boss_state="gone")
        else:
            self.side(p, slots=tuple(EMPTY if i == iid else i for i in s.slots))
        # B-07 "the owner's graveyard" (and "its owner's castle"): a card put on the other
        # side by hand leaves that side's slot but goes home
        home = self.owner(iid)
        if to == "castle":
            self.side(home, castle=(*self.sides[home].castle, iid))
            if self.loud:
                self.log("return", f"{self.name(iid)} returns to Player {home + 1}'s castle.",
                         home)
        else:
            self.side(home, graveyard=(*self.sides[home].graveyard, iid))

    def arrived(self, p: int) -> bool:
        """B-11: a player who has not started their first turn cannot be affected."""
        return self.sides[p].turns > 0

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
        elif effect == "gain_vim":
            self.side(p, vim=self.sides[p].vim + n)
            if self.loud:
                self.log("vim", f"{source}: Player {p + 1} gains {n} vim.", p)
        elif effect == "gain_life":
            self.side(p, life=self.sides[p].life + n)
            if self.loud:
                self.log("life", f"{source}: Player {p + 1} gains {n} life.", p)
        elif effect == "ready_card":
            self.unit(target, acted=False)
            if self.loud:
                self.log("ready", f"{source}: {self.name(target)} is ready.", p)
        elif effect in ("enchant_strength", "enchant_boss"):
            u = self.units[target]
            self.unit(target, strength=u.strength + n, under=(*u.under, spell))
            if self.loud:
                self.log("enchant", f"{source} goes under {self.name(target)}: +{n} Strength.",
                         p)
        elif effect == "return_summon":
            self.leave(target, "castle")
        else:  # pragma: no cover - the pack loader refuses unknown effects
            raise ValueError(f"unknown effect {effect!r}")
