"""The rows of a chunk played by a compiled engine, as the Python runner writes them.

Every game's compiled engine (``simkit/games/<game>/fast.py``) ends a chunk with whole arrays:
each game's seed, turns and end reason, and each seat's score, rank and extras. This builds the
runner's table from them in one go (Arrow columns from numpy arrays, no Python loop over rows),
so the four engines give their rows the same way. The strategy column is built per distinct
lineup of players (a chunk has a few); every text column is dictionary-coded (``results.ROWS``).
"""

from __future__ import annotations

from itertools import chain

import numpy as np
import pyarrow as pa

from simkit.core.results import ROWS, constant


def lineups(seat_players: list[list]) -> tuple[np.ndarray, list[list]]:
    """The distinct lineups (the same player objects seat by seat) and each game's lineup: a chunk
    has a few, so the per-seat work is done per lineup, and the per-game work in numpy. The runner
    gives every game of a lineup the same list, so games are grouped by their list first (one id a
    game), and only those lists compared seat by seat."""
    count = len(seat_players)
    lists = np.fromiter(map(id, seat_players), np.int64, count)
    _, first, by_list = np.unique(lists, return_index=True, return_inverse=True)
    candidates = [seat_players[g] for g in first]
    n = len(candidates[0])
    ids = np.fromiter(map(id, chain.from_iterable(candidates)), np.int64, len(candidates) * n)
    _, same, by_players = np.unique(
        ids.reshape(len(candidates), n), axis=0, return_index=True, return_inverse=True
    )
    return by_players.reshape(-1)[by_list.reshape(-1)], [candidates[g] for g in same]


def _coded(codes: np.ndarray, values) -> pa.Array:
    """A text column from codes into ``values``."""
    return pa.DictionaryArray.from_arrays(
        codes.ravel().astype(np.int16), pa.array(values, pa.string())
    )


def strategy_column(seat_players: list[list], grouped=None) -> pa.Array:
    """Each game's players' names seat by seat (``grouped``: ``lineups(seat_players)`` if the
    caller has it already)."""
    which, distinct = grouped if grouped is not None else lineups(seat_players)
    names = sorted({p.name for players in distinct for p in players})
    code = {name: i for i, name in enumerate(names)}
    lineup_names = np.array([[code[p.name] for p in players] for players in distinct], np.int32)
    return _coded(lineup_names[which], names)


def outcome_table(
    labels: tuple[str, str, str],
    first_index: int,
    strategy: pa.Array,
    seeds: np.ndarray,
    scores: np.ndarray,
    ranks: np.ndarray,
    turns: np.ndarray,
    end: np.ndarray,
    end_reasons,
    extras: dict[str, np.ndarray],
) -> pa.Table:
    """The runner's rows of ``count`` games of ``n`` seats: ``labels`` (experiment, variant,
    game), the first game's index, the strategy column (``strategy_column``), each game's seed,
    turns and end reason (a code into ``end_reasons``), each seat's score and rank (``(count, n)``;
    the win is shared among the seats ranked 1), and the extra columns in order, name to
    ``(count, n)`` array."""
    experiment, variant, game = labels
    count, n = ranks.shape
    rows = count * n
    winners = (ranks == 1).sum(axis=1, keepdims=True)
    shares = np.where(ranks == 1, 1.0 / winners, 0.0)
    columns = {
        "experiment": constant(experiment, rows),
        "variant": constant(variant, rows),
        "game": constant(game, rows),
        "n_players": pa.array(np.full(rows, n, dtype=np.int8)),
        "game_index": pa.array(np.repeat(np.arange(first_index, first_index + count), n)),
        "seed": pa.array(np.repeat(seeds, n)),
        "seat": pa.array(np.tile(np.arange(n, dtype=np.int8), count)),
        "strategy": strategy,
        "score": pa.array(np.asarray(scores, dtype=np.float64).ravel()),
        "rank": pa.array(ranks.ravel().astype(np.int8)),
        "win_share": pa.array(shares.ravel()),
        "turns": pa.array(np.repeat(turns, n).astype(np.int32)),
        "end_reason": _coded(np.repeat(end, n), end_reasons),
    }
    arrays = [_typed(columns[f.name], f.type) for f in ROWS]
    arrays += [pa.array(values.ravel()) for values in extras.values()]
    return pa.Table.from_arrays(arrays, names=[*ROWS.names, *extras])


def _typed(column: pa.Array, type_: pa.DataType) -> pa.Array:
    """``column`` as ``type_`` (an engine's arrays may be wider), with no copy when it is."""
    return column if column.type == type_ else column.cast(type_)
