"""The rows of a compiled chunk (``simkit/core/fast_rows.py``), shared by every compiled engine:
the runner's schema, the win shared among the seats ranked first, each seat's strategy and each
game's end reason, from whole arrays."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simkit.core.fast_rows import lineups, outcome_table, strategy_column
from simkit.core.results import SCHEMA


@dataclass(eq=False)
class Player:
    name: str


def test_lineups_group_games_by_the_same_players_seat_by_seat():
    a, b = Player("a"), Player("b")
    games = [[a, b], [b, a], [a, b], [a, Player("a")]]
    which, distinct = lineups(games)
    assert [distinct[w] for w in which] == games
    assert len(distinct) == 3  # another object of the same name is another player


def test_the_table_holds_every_seat_of_every_game_as_the_runner_writes_it():
    a, b = Player("bold"), Player("random")
    games = [[a, b, b], [b, a, b]]
    ranks = np.array([[1, 1, 3], [2, 1, 3]])
    table = outcome_table(
        ("exp", "base", "toy"),
        40,
        strategy_column(games),
        np.array([7, 9], dtype=np.uint64),
        np.array([[5, 5, 1], [2, 6, 0]]),
        ranks,
        np.array([30, 31]),
        np.array([0, 1]),
        ("normal", "turn_limit"),
        {"x_flag": np.array([[True, False, False], [False, False, True]])},
    )
    assert table.column_names == [*SCHEMA.names, "x_flag"]
    rows = table.to_pylist()
    assert [r["game_index"] for r in rows] == [40, 40, 40, 41, 41, 41]
    assert [r["seed"] for r in rows] == [7, 7, 7, 9, 9, 9]
    assert [r["strategy"] for r in rows] == ["bold", "random", "random", "random", "bold", "random"]
    assert [r["win_share"] for r in rows] == [0.5, 0.5, 0.0, 0.0, 1.0, 0.0]
    assert [r["score"] for r in rows] == [5.0, 5.0, 1.0, 2.0, 6.0, 0.0]
    assert [r["end_reason"] for r in rows] == ["normal"] * 3 + ["turn_limit"] * 3
    assert [r["x_flag"] for r in rows] == [True, False, False, False, False, True]
    assert table.schema.field("rank").type == SCHEMA.field("rank").type
