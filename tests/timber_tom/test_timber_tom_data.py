"""The board and the Hiking Cards as data: the defaults honour the rulebook; a designer's files
are checked and every problem is named."""

from collections import Counter

import pytest

from simkit.core.errors import DataError, RulesError
from simkit.core.rules import load_toml, make_rules
from simkit.games.timber_tom import GAME
from simkit.games.timber_tom import board as bd
from simkit.games.timber_tom.cards import PRINTED_COUNTS, parse_cards
from simkit.games.timber_tom.rules import BOARD_FILE, CARDS_FILE, Rules, default_board, load_data
from simkit.games.timber_tom.scenario import make_board

SMALL = [
    "^1^MMmmoo....",
    "^^^MMmmoo....",
    "MMMMmmmoo....",
    "mmmmmooo.....",
    "oooooo....BBB",
    "..........BBB",
]


def test_default_board_has_what_the_rulebook_names():
    b = default_board()
    zones = Counter(b.zone[: b.camp])
    features = Counter(b.feature[: b.camp])
    assert len(b.camp_spaces) == 6 and len(b.treasures) == 4
    assert features[bd.HELIPAD] == 8
    assert features[bd.BRIDGE] and features[bd.CANOE] and features[bd.JETTY]
    assert zones[bd.FLOOD] and zones[bd.SNOW] and zones[bd.Z1000] and zones[bd.Z1500]
    for m in range(4):
        kinds = {b.feature[r] for r in b.refuges_by_mountain[m]}
        assert kinds == {bd.REFUGE_AXES, bd.REFUGE_SUPPLIES}
        radio_zones = {
            b.zone[i] for i in range(b.camp) if b.feature[i] == bd.RADIO and b.mountain[i] == m
        }
        assert radio_zones == {bd.Z500, bd.Z1000, bd.Z1500}
    tailwinds = [(i, j) for i in range(b.camp) for j, kind in b.steps[i] if kind == bd.TAILWIND]
    assert tailwinds
    for i, j in tailwinds:
        for k in (i, j):
            assert b.zone[k] not in (bd.WATER, bd.BASE) and b.feature[k] not in (
                bd.BRIDGE,
                bd.JETTY,
                bd.CANOE,
            )


def test_base_camp_sits_on_an_island_reached_by_bridges_and_canoes():
    b = default_board()
    cut = bytearray(b.n_nodes)
    for i in range(b.camp):
        if b.feature[i] in (bd.BRIDGE, bd.CANOE):
            cut[i] = 1
    for t in b.treasures:
        assert b.connected_to_camp(t, cut) is None


def test_default_deck_has_the_printed_kinds_and_tree_values():
    deck = Rules().deck
    assert len(deck) == 48 and sorted(c.number for c in deck) == list(range(1, 49))
    assert Counter(c.kind for c in deck) == PRINTED_COUNTS
    assert all(c.trees in (2, 3) for c in deck if c.kind == "trouble")
    assert all(c.trees in (1, 2, 3) for c in deck if c.kind == "help")
    assert all(c.trees == 0 for c in deck if c.kind in ("red", "wild"))
    raw = load_toml(CARDS_FILE)["card"]
    assert all(entry["assumed"] for entry in raw)


def board_error(rows, **doc_changes):
    with pytest.raises(DataError) as err:
        make_board(rows) if not doc_changes else _board_with(rows, doc_changes)
    return str(err.value)


def _board_with(rows, changes):
    doc = load_toml(BOARD_FILE)
    doc["board"] = {"map": "\n".join(rows)}
    doc.update(changes)
    return bd.parse_board(doc, "designer board")


def test_unknown_symbol_is_named_with_its_row_and_column():
    rows = list(SMALL)
    rows[3] = "mmmmmoXo....."
    assert "unknown symbol 'X' at row 3, column 6" in board_error(rows)


def test_wrong_number_of_base_camp_spaces():
    rows = list(SMALL)
    rows[5] = "...........BB"
    assert "5 Base Camp spaces" in board_error(rows)


def test_unreachable_treasure():
    rows = list(SMALL)
    rows[2] = "~~~~~~~~~~~~~"
    assert "cannot be reached from Base Camp" in board_error(rows)


def test_snow_cap_without_treasure_and_nameless_peak():
    rows = list(SMALL)
    rows[5] = "^^........BBB"
    assert "Snow Cap without a Treasure Space" in board_error(rows)
    assert "has no name in [peaks]" in board_error(SMALL, peaks={})


def test_legend_errors_name_the_symbol():
    legend = dict(load_toml(BOARD_FILE)["legend"])
    legend["o"] = {"zone": "600"}
    assert "legend 'o': zone '600'" in board_error(SMALL, legend=legend)
    legend["o"] = {"zone": "snow", "feature": "radio"}
    assert "a radio must be in zone 500, 1000, 1500" in board_error(SMALL, legend=legend)


def test_card_errors_name_the_card_and_field():
    def error(card):
        with pytest.raises(DataError) as err:
            parse_cards({"card": [card]}, "my cards")
        return str(err.value)

    assert "a trouble card has a tree value of 2 or 3, not 1" in error(
        {"number": 7, "kind": "trouble", "trees": 1}
    )
    assert "kind 'blue'" in error({"number": 7, "kind": "blue"})
    assert "'do' = 'teleport'" in error(
        {"number": 7, "kind": "help", "trees": 1, "effects": [{"do": "teleport"}]}
    )
    with pytest.raises(DataError, match="used twice"):
        parse_cards({"card": [{"number": 1, "kind": "wild"}, {"number": 1, "kind": "wild"}]})


def test_a_designer_file_loads_through_the_rules(tmp_path):
    path = tmp_path / "my_board.toml"
    text = BOARD_FILE.read_text().split("[board]")[0]
    path.write_text(text + '[board]\nmap = """\n' + "\n".join(SMALL) + '\n"""\n')
    with pytest.raises(RulesError, match="treasures_to_win"):
        make_rules(GAME, {"data": str(path)})  # two Treasures cannot be won on one peak
    rules = make_rules(GAME, {"data": str(path), "treasures_to_win": 1})
    assert rules.board.rows == 6 and len(rules.board.treasures) == 1
    empty = tmp_path / "empty.toml"
    empty.write_text("[meta]\n")
    with pytest.raises(DataError, match="neither a board"):
        load_data(empty)


def test_a_map_set_as_a_rule_is_checked_and_rebuilt():
    small = "\n".join(SMALL)
    rules = make_rules(GAME, {"board.map": small, "treasures_to_win": 1})
    assert rules.board.rows == 6 and rules.board.camp == 6 * 13
    with pytest.raises(DataError, match="unknown symbol 'X' at row 0, column 0"):
        make_rules(GAME, {"board.map": "X" + small[1:], "treasures_to_win": 1})
