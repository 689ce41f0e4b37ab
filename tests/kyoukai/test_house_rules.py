"""House rules (rules/kyoukai/HOUSE_RULES.md): setup, turn structure, Ki, hand limit."""

from __future__ import annotations

import rules
from rules.core.state import replaced
from rules.kyoukai.intents import OpenGate
from rules.kyoukai.state import OPENING_HAND, TURN_CAP
from tests.kyoukai.helpers import do, iid_at, pass_all, position, rs


def test_setup_entrants_in_corners_five_cards_first_player_skips_first_draw() -> None:
    s = rs.new_game(seed=11)
    assert s.field[24] == s.players[0].entrant and s.field[0] == s.players[1].entrant
    assert len(s.players[0].hand) == OPENING_HAND  # no draw on turn 1
    assert len(s.players[1].hand) == OPENING_HAND
    assert s.step == "main" and rs.to_act(s) == 0
    assert s.players[0].ki == 2


def test_second_player_draws_on_their_first_turn() -> None:
    s = rs.new_game(seed=11)
    s = do(s, kind="end_step")
    s = pass_all(s)
    assert s.active == 1 and len(s.players[1].hand) == OPENING_HAND + 1


def test_summons_open_rested_next_to_a_ready_gate_and_cost_ki() -> None:
    s = position(hand=[["iron_boar"], []], ki=[2, 0])
    legal = {i.zone for i in rs.legal_intents(s) if isinstance(i, OpenGate)}
    assert legal == {19, 23}  # the two empty zones bordering the Entrant in E5
    s = pass_all(do(s, kind="open", card="iron_boar", zone="D5"))
    boar = iid_at(s, "D5")
    assert s.gates[boar].ready is False and s.players[0].ki == 0


def test_one_spirit_per_turn_from_the_face_up_spirit_deck_and_spirits_add_ki() -> None:
    s = position(spirits=[["ember_spirit", "wind_spirit"], []], ki=[0, 0])
    s = pass_all(do(s, kind="open", card="ember_spirit", zone="D5"))
    assert not any(isinstance(i, OpenGate) for i in rs.legal_intents(s))
    s = pass_all(do(s, kind="end_step"))
    s = pass_all(do(s, kind="end_step"))  # opponent's turn ends
    assert s.active == 0 and s.players[0].ki == 3  # 2 + one Spirit


def test_hand_limit_six_at_the_end_of_turn() -> None:
    s = position(hand=[["punch"] * 8, []])
    s = pass_all(do(s, kind="end_step"))
    assert s.step == "cleanup" and {i.kind for i in rs.legal_intents(s)} == {"discard"}
    s = do(s, kind="discard", card="punch")
    s = do(s, kind="discard", card="punch")
    assert len(s.players[0].hand) == 6 and s.active == 1


def test_drawing_from_an_empty_deck_wounds_the_entrant() -> None:
    # Player 2 (Ronin Aki here, Defense 1) draws from an empty deck: 2 damage, 1 past Defense.
    s = position(deck=[["punch"], []], active=0, entrants=["sage_mirei", "ronin_aki"])
    s = pass_all(do(s, kind="end_step"))
    assert s.gates[s.players[1].entrant].damage == 1


def test_turn_cap_is_a_draw() -> None:
    s = replaced(position(), turn=TURN_CAP)
    s = pass_all(do(s, kind="end_step"))
    assert s.over and rs.winner(s) is None and rs.to_act(s) is None


def test_view_masks_the_opponents_hand_and_both_decks() -> None:
    s = rs.new_game(seed=2)
    v = rs.view(s, 0)
    assert all(v.cards[c] != "hidden" for c in s.players[0].hand)
    assert all(v.cards[c] == "hidden" for c in s.players[1].hand)
    assert all(v.cards[c] == "hidden" for p in s.players for c in p.deck)
    assert v.rng != s.rng
    assert rules.get("kyoukai").legal_intents(v) == rs.legal_intents(s)


def test_describe_names_cards_and_zones_for_buttons() -> None:
    s = position(field=[{"card": "wandering_lion", "owner": 0, "zone": "C3"},
                        {"card": "iron_boar", "owner": 1, "zone": "C2"}], hand=[["punch"], []])
    labels = {rs.describe(s, i) for i in rs.legal_intents(s)}
    # each label says what it does and to whose piece (issue 11 item 3)
    assert "Wandering Lion: Attack enemy Iron Boar (C2)" in labels
    assert "Wandering Lion: Primal Instinct → Attack (3) enemy Iron Boar (C2)" in labels
    assert "Open Punch → 3 damage to enemy Iron Boar (C2)" in labels
    assert "Open Punch → 3 damage to your Wandering Lion (C3)" in labels
    assert "End Main step" in labels


def test_a_game_can_use_cards_kept_in_a_csv_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import shutil

    from rules.core.paths import asset

    pack = tmp_path / "pack"
    shutil.copytree(asset("packs", "kyoukai"), pack)
    (pack / "spirits.toml").unlink()
    (pack / "spirits.csv").write_text(
        "id,name,type,movement,attack,defense,text\n"
        "ember_spirit,Ember Spirit,spirit,1,1,0,From a spreadsheet\n"
        "stone_spirit,Stone Spirit,spirit,0,0,2,\n"
        "wind_spirit,Wind Spirit,spirit,2,1,0,\n", encoding="utf-8")
    s = rs.new_game(seed=1, options={"pack": str(pack)})
    assert s.catalog["ember_spirit"].text == "From a spreadsheet"
    assert any(s.cards[c] == "ember_spirit" for c in s.players[0].spirits)
