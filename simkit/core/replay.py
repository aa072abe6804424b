"""Replay one recorded game from its seed and tell it turn by turn (never reruns a whole run)."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pyarrow.dataset as ds

from simkit.core import registry
from simkit.core.errors import SimkitError
from simkit.core.runner import load_run, play_game
from simkit.core.strategy import make_strategy


def recorded_rows(run_dir: Path, index: int) -> pl.DataFrame:
    """The rows of game ``index``, read from the Parquet parts with a filter (no full load)."""
    parts = sorted((Path(run_dir) / "games").glob("part-*.parquet"))
    if not parts:
        raise SimkitError(f"{run_dir}: no results to replay")
    table = ds.dataset(parts, format="parquet").to_table(filter=ds.field("game_index") == index)
    rows = pl.from_arrow(table).sort("seat")
    if rows.is_empty():
        raise SimkitError(f"{run_dir}: no game with index {index} in the results")
    return rows


def replay(run_dir: Path, index: int):
    """Play game ``index`` again with logging; returns (state, rows, mismatches)."""
    exp, _ = load_run(run_dir)
    rows = recorded_rows(run_dir, index)
    cell, _ = exp.locate(index)
    spec = registry.game(exp.game)
    rules = exp.rules_for(cell.variant)
    players = [make_strategy(name, exp.game) for name in rows["strategy"].to_list()]
    seed = int(rows["seed"][0])
    state = play_game(spec, rules, players, seed, log=True)
    outcome = state.outcome()
    mismatches = []
    for seat, row in enumerate(rows.iter_rows(named=True)):
        if row["score"] != outcome.scores[seat] or row["rank"] != outcome.ranks[seat]:
            mismatches.append(
                f"seat {seat}: recorded score {row['score']} rank {row['rank']}, "
                f"replayed {outcome.scores[seat]} rank {outcome.ranks[seat]}"
            )
    if row["turns"] != outcome.turns:
        mismatches.append(f"recorded {row['turns']} turns, replayed {outcome.turns}")
    return state, rows, mismatches
