"""``rules.core.sides``: a copy shares both players' sides until either state changes one."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.sides import SharedSides

_new = object.__new__


@dataclass(slots=True)
class Side:
    life: int = 10

    def copy(self) -> Side:
        return Side(self.life)


@dataclass(slots=True)
class Toy(SharedSides[Side]):
    sides: tuple[Side, Side]
    turn: int = 1

    def copy(self) -> Toy:
        new = _new(Toy)
        new.sides = self.sides
        new.turn = self.turn
        return self.copied(new)


def test_a_copy_shares_the_sides_until_either_state_changes_one() -> None:
    first = Toy((Side(), Side()))
    first.side(0).life = 9  # a new state changes its sides...
    second = first.copy()
    assert second.sides is first.sides and second.events == [] and not second.loud
    second.side(1).life = 5  # ...and a copy's change is its own
    assert first.sides[1].life == 10 and second.sides[1].life == 5
    assert second.sides[0] is first.sides[0]
    first.side(0).life = 7  # the original no longer owns what it shared
    assert second.sides[0].life == 9 and first.sides[0].life == 7
    mine = second.side(1)
    assert second.side(1) is mine  # owned now: changed in place, not copied again
