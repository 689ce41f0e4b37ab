"""Issue 34 item 17: a log line says whose card it names when both players have one of that name
in play ("Player 2's Signal Sniper takes 1 damage"), in every game, through one helper
(``rules.core.naming.whose``); a name only one player has stays bare."""

from __future__ import annotations

from rules.core.model import Event
from rules.core.naming import whose


def _texts(events: list[Event]) -> list[str]:
    return [e.text for e in events]


def test_whose_names_the_owner_only_when_the_other_player_has_the_name() -> None:
    both = [(0, "Signal Sniper"), (1, "Signal Sniper"), (1, "Rust Knight")]
    assert whose("Signal Sniper", 1, both) == "Player 2's Signal Sniper"
    assert whose("Signal Sniper", 0, both) == "Player 1's Signal Sniper"
    assert whose("Rust Knight", 1, both) == "Rust Knight"
    assert whose("Signal Sniper", None, both) == "Signal Sniper"


def test_nullshapers_names_whose_agent_takes_damage() -> None:
    from tests.nullshapers.helpers import agent, position, rs

    s = position(hand=[["shock_lance"], []], energy=[3, 0],
                 agents=[{"card": "signal_sniper", "owner": 0},
                         {"card": "signal_sniper", "owner": 1}])
    theirs = agent(s, 1)
    lance = s.sides[0].hand[0]
    play = next(i for i in rs.legal_intents(s)
                if getattr(i, "card", None) == lance and getattr(i, "target", None) == theirs)
    s = rs.apply(s, play).state
    texts: list[str] = []
    while s.queue is not None:
        out = rs.apply(s, rs.parse_intent({"kind": "pass"}))
        texts += _texts(out.events)
        s = out.state
    assert any(t.startswith("Player 2's Signal Sniper takes ") for t in texts), texts


def test_kyoukai_names_whose_gate_is_attacked() -> None:
    from tests.kyoukai.helpers import do, pass_all, position

    s = position(field=[{"card": "hunting_eagle", "owner": 0, "zone": "C3", "ready": True},
                        {"card": "hunting_eagle", "owner": 1, "zone": "C2"}])
    log: list[Event] = []
    s = do(s, log, kind="attack", gate="C3", zone="C2")
    pass_all(s, log)
    texts = _texts(log)
    assert "Player 1: Hunting Eagle attacks Player 2's Hunting Eagle in C2." in texts
    assert any("damage past Defense to Player 2's Hunting Eagle" in t for t in texts), texts


def test_dreadnought_names_whose_unit_and_whose_dummy() -> None:
    from rules.dreadnought.intents import Attack, Block, Check
    from tests.dreadnought.helpers import RS, iid, position

    s = position(phase="action", first=0,
                 slots=[["storm_hound", "dummy", "", ""], ["storm_hound", "dummy", "", ""]])
    texts: list[str] = []
    for intent in (Check(unit=iid(s, "storm_hound", 0)), Attack(area=0)):
        out = RS.apply(s, intent)
        s, texts = out.state, texts + _texts(out.events)
    dummy = next(i for i in s.players[1].slots if i in s.units and s.units[i].dummy)
    out = RS.apply(s, Block(blocker=dummy))
    texts += _texts(out.events)
    assert "Player 2's dummy blocks 110 BP." in texts, texts
    assert "Player 2's dummy takes 110 and breaks." in texts, texts


def test_krosmaster_names_whose_figure_a_spell_hits() -> None:
    from tests.krosmaster.helpers import FIGHTER, Cast, make, play, rc

    s = make(figures=[(FIGHTER, 0, (4, 4)), (FIGHTER, 1, (4, 5))])
    _, events = play(s, Cast(figure=0, spell=0, target=rc(4, 5)))
    texts = _texts(events)
    assert "Player 1's Fighter casts Hit on Player 2's Fighter." in texts, texts
    assert any(t.startswith("Player 2's Fighter takes ") for t in texts), texts


def test_bos_names_whose_summon_battles() -> None:
    from rules.bos.intents import Attack
    from tests.bos.helpers import RS, position, summon

    s = position(decks=["Ember Court", "Ember Court"],
                 summon=[summon("ember_hound", 0, 0), summon("ember_hound", 1, 1)])
    mine, theirs = s.sides[0].slots[0], s.sides[1].slots[1]
    out = RS.apply(s, Attack(card=mine, target=theirs))
    texts = _texts(out.events)
    assert "Player 1's Ember Hound attacks Player 2's Ember Hound." in texts, texts
    assert any(t.startswith("Player 1's Ember Hound (") and "battles Player 2's Ember Hound"
               in t for t in texts), texts
