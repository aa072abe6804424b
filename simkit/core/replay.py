"""Replay one recorded game from its seed and tell it turn by turn (never reruns a whole run)."""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path

import polars as pl

from simkit.core import registry
from simkit.core.errors import SimkitError
from simkit.core.results import planned_parts, read_part, repair_hint
from simkit.core.rng import game_seed
from simkit.core.runner import load_run, play_game
from simkit.core.strategy import make_strategy, refuse_imports


def recorded_rows(run_dir: Path, exp, meta: dict, index: int) -> pl.DataFrame:
    """The rows of game ``index``, read from the one part that holds it, checked like every part
    (a damaged part: one line naming it and the command that repairs it)."""
    try:
        cell, k = exp.locate(index)
    except SimkitError as exc:
        raise SimkitError(f"{run_dir}: no game with index {index} in the results ({exc})") from None
    holding = [
        (path, chunk)
        for path, chunk in planned_parts(run_dir, exp, meta)
        if chunk.cell == cell and chunk.first <= k < chunk.first + chunk.count
    ]
    if not holding:
        raise SimkitError(f"{run_dir}: no game with index {index} in the results")
    path, chunk = holding[0]
    if not path.exists():
        raise SimkitError(f"{run_dir}: game {index} has not been played (no {path.name})")
    table, problem = read_part(path, exp, chunk)
    if problem is not None:
        raise SimkitError(f"{path} {problem}: {repair_hint(run_dir, meta)}")
    rows = pl.from_arrow(table).filter(pl.col("game_index") == index).sort("seat")
    if rows.is_empty():
        raise SimkitError(f"{run_dir}: no game with index {index} in the results")
    return rows


def planned_rows(exp, index: int) -> pl.DataFrame:
    """What the run planned for game ``index`` (seed and seats), for a game with no rows: one
    whose run stopped on it, so that its replay shows the failure."""
    cell, k = exp.locate(index)
    names = exp.seats(k, cell.n_players)
    n = len(names)
    return pl.DataFrame(
        {
            "game": [exp.game] * n,
            "variant": [cell.variant.name] * n,
            "n_players": [n] * n,
            "game_index": [index] * n,
            "seed": pl.Series([game_seed(exp.seed, k)] * n, dtype=pl.UInt64),
            "seat": list(range(n)),
            "strategy": names,
        }
    )


def replay(run_dir: Path, index: int, allow_import: bool = False):
    """Play game ``index`` again with logging; returns (state, rows, mismatches).

    A run directory may come from anyone: a strategy its rows name by import path is code, and is
    imported only with ``allow_import``."""
    with import_guard(allow_import):
        return _replay(run_dir, index)


def import_guard(allow_import: bool):
    """The block in which a run directory's strategies are built: one named by import path is
    refused unless ``allow_import`` (importing it would run its module's code)."""
    if allow_import:
        return nullcontext()
    return refuse_imports(
        "importing it would run the code of the module it names; replay it with "
        "--allow-import if you trust this run directory"
    )


def _replay(run_dir: Path, index: int):
    exp, meta = load_run(run_dir)
    try:
        rows = recorded_rows(run_dir, exp, meta, index)
    except SimkitError as exc:
        if meta.get("status") != "failed" or "has not been played" not in str(exc):
            raise
        rows = planned_rows(exp, index)
    cell, _ = exp.locate(index)
    spec = registry.game(exp.game)
    rules = exp.rules_for(cell.variant)
    players = [make_strategy(name, exp.game) for name in rows["strategy"].to_list()]
    seed = int(rows["seed"][0])
    state = play_game(spec, rules, players, seed, log=True, time_limit=meta.get("time_limit"))
    outcome = state.outcome()
    if "score" not in rows.columns:
        return state, rows, ["the game has no recorded rows to compare (its run failed)"]
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
