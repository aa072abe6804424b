"""The results table: one row per game and seat (README, "The results table"), written as Parquet
parts; each part also carries the varied rules as columns and its run's description
(:mod:`simkit.core.describe`)."""

from __future__ import annotations

import os
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from simkit.core.game import Outcome

SCHEMA = pa.schema(
    [
        ("experiment", pa.string()),
        ("variant", pa.string()),
        ("game", pa.string()),
        ("n_players", pa.int8()),
        ("game_index", pa.int64()),
        ("seed", pa.uint64()),
        ("seat", pa.int8()),
        ("strategy", pa.string()),
        ("score", pa.float64()),
        ("rank", pa.int8()),
        ("win_share", pa.float64()),
        ("turns", pa.int32()),
        ("end_reason", pa.string()),
    ]
)
BASE_COLUMNS = tuple(SCHEMA.names)


class RowBuffer:
    """Collects the rows of many games column by column, then becomes one Arrow table."""

    def __init__(self, experiment: str, variant: str, game: str):
        self.constant = {"experiment": experiment, "variant": variant, "game": game}
        self.cols: dict[str, list] = {name: [] for name in BASE_COLUMNS}
        self.extras: dict[str, list] = {}
        self.n_rows = 0

    def add(self, game_index: int, seed: int, strategies: list[str], outcome: Outcome) -> None:
        n = len(strategies)
        c = self.cols
        for seat in range(n):
            c["n_players"].append(n)
            c["game_index"].append(game_index)
            c["seed"].append(seed)
            c["seat"].append(seat)
            c["strategy"].append(strategies[seat])
            c["score"].append(float(outcome.scores[seat]))
            c["rank"].append(outcome.ranks[seat])
            c["win_share"].append(float(outcome.win_shares[seat]))
            c["turns"].append(outcome.turns)
            c["end_reason"].append(outcome.end_reason)
        for name, values in outcome.extras.items():
            column = self.extras.setdefault(name, [None] * self.n_rows)
            column.extend(values)
        self.n_rows += n

    def table(self) -> pa.Table:
        arrays = []
        for field in SCHEMA:
            if field.name in self.constant:
                arrays.append(pa.array([self.constant[field.name]] * self.n_rows, field.type))
            else:
                arrays.append(pa.array(self.cols[field.name], field.type))
        names = list(BASE_COLUMNS)
        for name in sorted(self.extras):
            arrays.append(pa.array(self.extras[name]))
            names.append(name)
        return pa.Table.from_arrays(arrays, names=names)


def write_part(table: pa.Table, path: Path) -> None:
    """Write atomically: a crash mid-write leaves no part, never a half one."""
    tmp = path.with_name(path.name + ".tmp")
    pq.write_table(table, tmp, compression="zstd", write_page_checksum=True)
    with open(tmp, "rb") as fh:
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def part_is_complete(path: Path, expected_rows: int) -> bool:
    """A part counts as done only if its footer reads and it holds every expected row."""
    try:
        return pq.read_metadata(path).num_rows == expected_rows
    except (OSError, pa.ArrowInvalid):
        return False


def part_is_readable(path: Path) -> bool:
    """Every page of the part reads and matches its checksum (a corrupt part is played again)."""
    try:
        pq.read_table(path, page_checksum_verification=True)
    except (OSError, pa.ArrowException):
        return False
    return True


def read_results(run_dir: Path):
    """All rows of a run as a polars DataFrame."""
    import polars as pl

    parts = sorted((Path(run_dir) / "games").glob("part-*.parquet"))
    if not parts:
        from simkit.core.errors import SimkitError

        raise SimkitError(f"{run_dir}: no results (games/part-*.parquet); run `simkit run` first")
    return pl.concat([pl.read_parquet(p) for p in parts], how="diagonal_relaxed")
