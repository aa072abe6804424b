"""The results table: one row per game and seat (README, "The results table"), written as Parquet
parts; each part also carries the varied rules as columns and its run's description
(:mod:`simkit.core.describe`)."""

from __future__ import annotations

import json
import math
import os
import re
import zlib
from collections import Counter
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from simkit.core.errors import SimkitError
from simkit.core.game import Outcome
from simkit.core.rng import game_seed
from simkit.core.schema import RunMeta, SchemaError, check

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
EXTRA_COLUMN = re.compile(r"x_[a-z0-9_]+")  # a game's own columns (Outcome.extras)

# A chunk's text columns hold a few values (its experiment, variant and game, a few strategies and
# end reasons): in memory they are dictionary-coded, as Parquet stores them, so that writing a part
# does not hash 40,000 strings a column again; a part reads back as plain text (SCHEMA). Codes of
# 16 bits: the writer's statistics go through them faster than through 32-bit ones.
TEXT = pa.dictionary(pa.int16(), pa.string())
ROWS = pa.schema([(f.name, TEXT if f.type == pa.string() else f.type) for f in SCHEMA])


def constant(value: str, rows: int) -> pa.Array:
    """A text column of one value."""
    return pa.DictionaryArray.from_arrays(np.zeros(rows, np.int16), pa.array([value]))


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
        for field in ROWS:
            if field.name in self.constant:
                arrays.append(constant(self.constant[field.name], self.n_rows))
            elif field.type == TEXT:
                text = pa.array(self.cols[field.name], pa.string())
                arrays.append(pc.dictionary_encode(text).cast(TEXT))
            else:
                arrays.append(pa.array(self.cols[field.name], field.type))
        names = list(BASE_COLUMNS)
        for name in sorted(self.extras):
            arrays.append(pa.array(self.extras[name]))
            names.append(name)
        return pa.Table.from_arrays(arrays, names=names)


DIGEST_KEY = b"simkit:digest"


def digest(table: pa.Table) -> dict[str, list]:
    """Each column's null count and sum (of lengths, for text): written into a part's footer, so
    that a damaged footer which still reads (an offset that now points at other bytes of intact,
    checksummed pages) shows as contents that no longer add up."""
    out = {}
    for name, column in zip(table.column_names, table.columns, strict=True):
        if pa.types.is_dictionary(column.type):
            column = _text_lengths(column)
        elif pa.types.is_string(column.type) or pa.types.is_large_string(column.type):
            column = pc.utf8_length(column)
        elif pa.types.is_boolean(column.type):
            column = column.cast(pa.int64())
        out[name] = [column.null_count, pc.sum(column).as_py()]
    return out


def _text_lengths(column: pa.ChunkedArray) -> pa.ChunkedArray:
    """Each row's text length of a dictionary-coded column, as of the same column read as text:
    the lengths of its few values, taken row by row."""
    lengths = [pc.take(pc.utf8_length(c.dictionary), c.indices) for c in column.chunks]
    return pa.chunked_array(lengths, pa.int32())


# The digest's entry for the footer's other key-value metadata (the run's description): no page
# checksum covers them either, and a damaged one can still read.
FOOTER = "footer:crc32"


def footer_sums(metadata: dict | None) -> dict[str, int]:
    """CRC-32 of each key-value entry of a part's footer but the digest and Arrow's own schema
    (which pyarrow writes after the digest is made, and checks itself when it reads)."""
    skip = (DIGEST_KEY, b"ARROW:schema")
    return {
        key.decode("latin-1"): zlib.crc32(value)
        for key, value in sorted((metadata or {}).items())
        if key not in skip
    }


def _digest_problem(table: pa.Table, written: bytes | None, metadata: dict) -> str | None:
    if written is None:
        return None  # a part written before digests
    try:
        expected = json.loads(written)
    except (ValueError, UnicodeDecodeError):
        return "has a damaged digest (its footer is damaged)"
    if not isinstance(expected, dict):
        return "has a damaged digest (its footer is damaged)"
    footer = expected.pop(FOOTER, None)
    if footer is not None and footer != footer_sums(metadata):
        return "has damaged metadata in its footer (the run's description)"
    found = digest(table)
    same = expected.keys() == found.keys() and all(
        _close(a, b) for name in found for a, b in zip(expected[name], found[name], strict=True)
    )
    return None if same else "does not add up to the digest written with it (its footer is damaged)"


def _close(a, b) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return a is not None and b is not None and math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
    return a == b


# Min/max statistics only where a reader filters: a part holds one cell's consecutive games, so
# these let a scan skip the parts of other cells; on the outcome columns they cost a seventh of a
# part's write and no reader uses them.
STATISTICS = ["experiment", "variant", "game", "n_players", "game_index", "seat", "strategy"]
# Seeds are random 64-bit words: stored as they are. Every other whole number as deltas (game
# indices climb by one, counts and ranks are small), faster to write than a dictionary and smaller.
PLAIN_INTEGERS = {"seed"}


def write_part(table: pa.Table, path: Path) -> None:
    """Write atomically: a crash mid-write leaves no part, never a half one."""
    sums = digest(table) | {FOOTER: footer_sums(table.schema.metadata)}
    meta = {**(table.schema.metadata or {}), DIGEST_KEY: json.dumps(sums).encode()}
    table = pa.Table.from_arrays(table.columns, schema=_stored(table))
    integers = [f.name for f in table.schema if pa.types.is_integer(f.type)]
    tmp = path.with_name(path.name + ".tmp")
    with pq.ParquetWriter(
        tmp,
        table.schema,
        compression="zstd",
        write_page_checksum=True,
        write_statistics=STATISTICS,
        # Without Arrow's own copy of the schema, a dictionary-coded text column reads as text;
        # the footer's other entries are then added by hand.
        store_schema=False,
        use_dictionary=[name for name in table.column_names if name not in integers],
        column_encoding={
            name: "PLAIN" if name in PLAIN_INTEGERS else "DELTA_BINARY_PACKED" for name in integers
        },
    ) as writer:
        writer.write_table(table)
        writer.add_key_value_metadata(meta)
    with open(tmp, "rb") as fh:
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def _stored(table: pa.Table) -> pa.Schema:
    """The table's columns, those without nulls marked so: Parquet then stores no null flags."""
    return pa.schema(
        [
            f.with_nullable(c.null_count > 0)
            for f, c in zip(table.schema, table.columns, strict=True)
        ]
    )


def part_problem(path: Path, exp, chunk) -> str | None:
    """Why the part at ``path`` is not chunk ``chunk`` of ``exp`` as written by simkit, or None.

    A part must read with every page matching its checksum, hold the results schema (a damaged
    footer can rename a column and still pass the checksums), hold exactly the chunk's rows, and
    its games must be the chunk's: game indices, seats, player count, variant and seeds (a part
    copied over from another chunk or another run is caught here)."""
    return read_part(path, exp, chunk)[1]


def read_part(path: Path, exp, chunk) -> tuple[pa.Table | None, str | None]:
    """The part's rows and None, or None and why they are not chunk ``chunk``'s."""
    try:
        table = pq.ParquetFile(path, page_checksum_verification=True).read()
    except (OSError, pa.ArrowException, UnicodeDecodeError) as exc:
        return None, f"cannot be read ({_first_line(exc)})"
    metadata = table.schema.metadata or {}
    written = metadata.get(DIGEST_KEY)
    # The rows without the footer's key-value metadata, which no checksum covers and which polars
    # cannot take once damaged (a key that is not UTF-8 makes it panic).
    table = pa.Table.from_arrays(table.columns, names=table.column_names)
    problem = table_problem(table, exp, chunk) or _digest_problem(table, written, metadata)
    return (None, problem) if problem else (table, None)


def table_problem(table: pa.Table, exp, chunk) -> str | None:
    """Why ``table`` is not chunk ``chunk``'s rows (see :func:`part_problem`), or None."""
    names = set(table.schema.names)
    for f in SCHEMA:
        if f.name not in names:
            return f"has no column '{f.name}' (its schema is damaged)"
        if not table.schema.field(f.name).type.equals(f.type):
            return f"column '{f.name}' is {table.schema.field(f.name).type}, not {f.type}"
    from simkit.core import registry
    from simkit.core.describe import rule_columns

    known = set(BASE_COLUMNS) | rule_columns(exp)
    odd = sorted(n for n in names - known if not EXTRA_COLUMN.fullmatch(n))
    if odd:
        shown = ", ".join(repr(n) for n in odd)
        return f"has unknown column(s) {shown} (its schema is damaged)"
    n = chunk.cell.n_players
    if table.num_rows != chunk.count * n:
        return f"holds {table.num_rows} rows; its chunk has {chunk.count} games of {n} players"
    first = exp.game_index(chunk.cell, chunk.first)
    index = table.column("game_index").to_numpy()
    seat = table.column("seat").to_numpy()
    order = np.lexsort((seat, index))
    expected_index = np.repeat(np.arange(first, first + chunk.count), n)
    if not np.array_equal(index[order], expected_index):
        return (
            f"holds games {index.min()}-{index.max()}, not its chunk's games "
            f"{first}-{first + chunk.count - 1} (copied from another chunk?)"
        )
    if not np.array_equal(seat[order], np.tile(np.arange(n), chunk.count)):
        return "its seats are not 0.." + str(n - 1) + " in every game"
    labels = {
        "experiment": exp.name,
        "variant": chunk.cell.variant.name,
        # a game named by import path (module:GAME) writes its registry name
        "game": registry.game(exp.game).name if ":" in exp.game else exp.game,
        "n_players": n,
    }
    for column, value in labels.items():
        found = set(pc.unique(table.column(column)).to_pylist())
        if found != {value}:
            return f"column '{column}' holds {sorted(map(str, found))}, not '{value}'"
    seeds = table.column("seed").to_numpy()[order]
    for k in (chunk.first, chunk.first + chunk.count - 1):  # first and last: a root seed differs
        if int(seeds[(k - chunk.first) * n]) != game_seed(exp.seed, k):
            return f"game {first + k - chunk.first} has the seed of another run"
    return None


def odd_parts(paths: list[Path]) -> dict[Path, str]:
    """Parts whose columns differ from those of most of the run's parts (a damaged footer can turn
    one of a game's own columns into another valid name), each with why."""
    columns = {}
    for path in paths:
        try:
            columns[path] = tuple(pq.read_schema(path).names)
        except (OSError, pa.ArrowException, UnicodeDecodeError):
            continue  # unreadable: part_problem says so
    if len(set(columns.values())) < 2:
        return {}
    usual, _ = Counter(columns.values()).most_common(1)[0]
    return {
        path: f"has columns {', '.join(sorted(set(names) ^ set(usual)))} unlike the run's other "
        "parts (its schema is damaged)"
        for path, names in columns.items()
        if names != usual
    }


def trace_problem(path: Path, exp, chunk, schema: pa.Schema) -> str | None:
    """Why the trace part at ``path`` is not chunk ``chunk``'s score lines, or None."""
    return read_trace_part(path, exp, chunk, schema)[1]


def read_trace_part(
    path: Path, exp, chunk, schema: pa.Schema
) -> tuple[pa.Table | None, str | None]:
    try:
        table = pq.ParquetFile(path, page_checksum_verification=True).read()
    except (OSError, pa.ArrowException, UnicodeDecodeError) as exc:
        return None, f"cannot be read ({_first_line(exc)})"
    if not _holds_schema(table.schema, schema, exp):
        return None, "does not hold the traces schema (its schema is damaged)"
    first = exp.game_index(chunk.cell, chunk.first)
    index = table.column("game_index").to_numpy()
    if len(index) and (index.min() < first or index.max() >= first + chunk.count):
        return None, f"holds games {index.min()}-{index.max()}, not its chunk's"
    return table, None


def _holds_schema(found: pa.Schema, schema: pa.Schema, exp) -> bool:
    """Every column of ``schema`` with its type, and no other but the run's rule columns."""
    from simkit.core.describe import rule_columns

    names = set(found.names)
    if any(f.name not in names or not found.field(f.name).type.equals(f.type) for f in schema):
        return False
    return not names - set(schema.names) - rule_columns(exp)


def read_traces_checked(run_dir: Path, schema: pa.Schema) -> list[pa.Table]:
    """The trace parts of the chunks run.json plans, each checked; a damaged one raises one line
    naming it and the command that repairs it."""
    from simkit.core.experiment import Experiment

    meta = read_run_meta(run_dir)
    exp = Experiment.from_run_json(meta)
    tables = []
    for path, chunk in planned_parts(run_dir, exp, meta):
        trace = path.parent.parent / "traces" / path.name
        if trace.exists():
            table, problem = read_trace_part(trace, exp, chunk, schema)
            if problem is not None:
                raise SimkitError(f"{trace} {problem}: {repair_hint(run_dir, meta)}")
            tables.append(table)
    return tables


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text.splitlines()[0]}" if text else type(exc).__name__


def write_json(path: Path, data: dict) -> None:
    """Write ``data`` as JSON atomically (run.json): a kill mid-write leaves the old file whole."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w") as fh:
        fh.write(json.dumps(data, indent=2, default=str))
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def read_run_meta(run_dir: Path) -> dict:
    """A run directory's run.json, or one line saying it is missing or damaged and how to repair
    it (rebuild it from the command that made the run, or start over)."""
    path = Path(run_dir) / "run.json"
    if not path.is_file():
        raise SimkitError(f"{run_dir}: not a run directory (no run.json)")
    try:
        meta = json.loads(path.read_text())
        check(RunMeta, meta, path)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, SchemaError) as exc:
        why = _first_line(exc) if not isinstance(exc, SchemaError) else exc.problems[0]
        raise SimkitError(
            f"{path} is damaged ({why}): rebuild it by running the command that made the run "
            f"again with --repair (`simkit run ... --out {run_dir} --repair`; its parts are "
            f"checked against it and only wrong ones played again), or delete {run_dir} and "
            "start over"
        ) from None
    return meta


def repair_hint(run_dir: Path, meta: dict) -> str:
    """The command that plays a run's damaged or missing chunks again (and only those)."""
    command = meta.get("command") or f"simkit run STUDY --out {run_dir}"
    return f"run `{command}` again: it plays only the chunks whose parts are damaged or missing"


def planned_parts(run_dir: Path, exp, meta: dict) -> list[tuple[Path, object]]:
    """The parts run.json plans (path and chunk), whether written yet or not."""
    size = meta.get("chunk_size")
    if not size:
        return []
    return [(Path(run_dir) / "games" / c.part_name, c) for c in exp.chunks(size)]


def checked_parts(run_dir: Path):
    """The parts run.json plans that are written, each read and checked (see
    :func:`part_problem`), as (path, rows); a damaged part raises one line naming it and the command
    that repairs it. Files in games/ that run.json does not plan are not read."""
    from simkit.core.experiment import Experiment

    meta = read_run_meta(run_dir)
    exp = Experiment.from_run_json(meta)
    planned = [(p, c) for p, c in planned_parts(run_dir, exp, meta) if p.exists()]
    odd = odd_parts([p for p, _ in planned])
    if not planned:
        raise SimkitError(f"{run_dir}: no results (games/part-*.parquet); run `simkit run` first")
    # Parts not there are not played yet (failed, interrupted). Reading and checking a part is
    # mostly Arrow and numpy work, which frees the GIL: a few threads read ahead, in order, a
    # bounded number of parts at a time, so memory holds a few parts, never the run.
    for (path, _), (table, problem) in zip(planned, _read_ahead(exp, planned), strict=True):
        if problem is None and path in odd:
            problem = odd[path]
        if problem is not None:
            raise SimkitError(f"{path} {problem}: {repair_hint(run_dir, meta)}")
        yield path, table


def _read_ahead(exp, planned: list):
    """``read_part`` of each planned part in order, read by a few threads ahead of the reader."""
    from collections import deque
    from concurrent.futures import ThreadPoolExecutor

    workers = min(4, os.cpu_count() or 1)
    with ThreadPoolExecutor(workers) as pool:
        ahead: deque = deque()
        for path, chunk in planned:
            ahead.append(pool.submit(read_part, path, exp, chunk))
            if len(ahead) > 2 * workers:
                yield ahead.popleft().result()
        while ahead:
            yield ahead.popleft().result()


def read_results(run_dir: Path):
    """All rows of a run as a polars DataFrame, from its checked parts (:func:`checked_parts`)."""
    import polars as pl

    frames = [pl.from_arrow(table) for _, table in checked_parts(run_dir)]
    return pl.concat(frames, how="diagonal_relaxed")


def scan_results(run_dir: Path):
    """All rows of a run as a lazy polars scan of its checked parts (:func:`checked_parts`): each
    part is checked on its own and let go, so a million games are never in memory at once; what
    is computed from the scan reads only the columns it needs."""
    import polars as pl

    paths, schemas = [], set()
    for path, table in checked_parts(run_dir):
        paths.append(path)
        schemas.add(table.schema)
    if len(schemas) == 1:  # one scan of all parts reads their footers faster than one a part
        return pl.scan_parquet(paths)
    return pl.concat([pl.scan_parquet(path) for path in paths], how="diagonal_relaxed")
