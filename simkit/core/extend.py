"""More games for a finished (or interrupted) run of any study.

Game ``k`` of cell ``c`` has index ``c * games_per_cell + k``, so when a study of several cells is
run again with more games the indices of every cell but the first move. Before the new games are
played, the parts already written are renumbered to the new count: their rows are the same games
(a game's seed depends on ``k`` alone), only ``game_index`` changes. Each part records the count it
is numbered by (``games_per_cell`` in its metadata), so a renumbering cut short by a crash is
finished by the next run, part by part.
"""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from simkit.core.describe import METADATA_KEY
from simkit.core.errors import ExperimentError
from simkit.core.results import write_part


def renumber(out: Path, old_games: int, new_games: int) -> int:
    """Renumber the parts in ``out`` (games and traces) from ``old_games`` a cell to
    ``new_games``; returns how many parts were rewritten."""
    if new_games < old_games:
        raise ExperimentError(
            f"{out} holds {old_games} games a cell and this run asks for {new_games}: a run of "
            "several cells can grow but not shrink; choose another --out"
        )
    rewritten = 0
    for folder in ("games", "traces"):
        for part in sorted((Path(out) / folder).glob("part-*.parquet")):
            rewritten += _renumber_part(part, old_games, new_games)
    return rewritten


def _renumber_part(part: Path, old_games: int, new_games: int) -> int:
    cell = int(part.name.split("-")[1])
    if cell == 0:
        return 0  # the first cell's indices are its game numbers whatever the count
    try:
        table = pq.read_table(part)
    except (OSError, pa.ArrowException):
        return 0  # a damaged part is played again anyway
    about = json.loads((table.schema.metadata or {}).get(METADATA_KEY, b"{}"))
    numbered_by = about.get("games_per_cell", old_games)
    if numbered_by == new_games:
        return 0
    column = table.schema.get_field_index("game_index")
    shift = pa.scalar(cell * (new_games - numbered_by), pa.int64())
    table = table.set_column(column, "game_index", pc.add(table["game_index"], shift))
    about["games_per_cell"] = new_games
    metadata = {**(table.schema.metadata or {}), METADATA_KEY: json.dumps(about).encode()}
    write_part(table.replace_schema_metadata(metadata), part)
    return 1
