"""Game arcs: every seat's score after each turn (``--trace``), and the metrics read from them.

With ``--trace`` a run writes a second table, ``traces/part-*.parquet``, one row per game, turn and
seat: (variant, n_players, game_index, turn, seat, score). A game's score line is recorded each time
its ``turns()`` advances, so the row of turn t holds the scores once turn t is over (turn 0: after
setup), and the last row the final scores.

Metrics of a game's arc, with the score as the state evaluation:

- LeadChange (Ludii, ``lead_change``): as Ludii's LeadChange computes it, over every game: before
  each turn the *set* of leaders (every seat with the most points, ties included) is compared with
  the set before the previous turn (before the first, the empty set, so the first always counts);
  the number of changes is divided by the number of turns.

simkit's own arc metrics, for the games with a sole winner (a shared first place has no winner to
follow); here the *leader* after a turn is the seat with the most points, if only one has them.
They are not Ludii's Drama or Decisiveness (those follow an AI's state evaluation):

- Lead changes (``lead_changes``): how often the sole leader changes over the game.
- Drama: how far behind the eventual winner was at its worst (``drama_deficit``, in points) and for
  how long (``drama_time_behind``: share of the game's turns with another seat ahead of it).
- Decisiveness: when the winner took the lead for good, as a share of the game (0: led from the
  start, 1: decided only at the very end).
"""

from __future__ import annotations

import numpy as np
import polars as pl
import pyarrow as pa

from simkit.core.metrics import metric_frame
from simkit.core.stats import mean_ci

TRACE_SCHEMA = pa.schema(
    [
        ("experiment", pa.string()),
        ("variant", pa.string()),
        ("game", pa.string()),
        ("n_players", pa.int8()),
        ("game_index", pa.int64()),
        ("turn", pa.int32()),
        ("seat", pa.int8()),
        ("score", pa.float64()),
    ]
)

DEFINITIONS = {
    "lead_change": "LeadChange (Ludii): changes of the set of leaders (ties included) from turn "
    "to turn, the first turn counting as one, divided by the turns; every game.",
    "lead_changes": "Lead changes (simkit): how many times the sole leader changes during a game "
    "with a sole winner.",
    "drama_deficit": "Drama, how far (simkit, not Ludii's Drama): the most points the eventual "
    "winner was behind the leader.",
    "drama_time_behind": "Drama, how long (simkit): share of the turns the eventual winner was "
    "behind.",
    "decisiveness": "Decisiveness (simkit, not Ludii's): when the winner took the lead for good, "
    "as a share of the game (0: from the start; 1: at the very end).",
}


class ScoreRecorder:
    """Called by the runner after setup and after every action of one game; keeps the scores each
    time the turn count moves on."""

    __slots__ = ("turn", "scores", "turns", "lines")

    def __init__(self):
        self.turn = -1
        self.scores: tuple[float, ...] = ()
        self.turns: list[int] = []
        self.lines: list[tuple[float, ...]] = []

    def __call__(self, state) -> None:
        turn = state.turns()
        if turn != self.turn and self.turn >= 0:
            # The scores seen before this action are those at the end of the previous turn.
            self.turns.append(self.turn)
            self.lines.append(self.scores)
        self.turn = turn
        self.scores = state.scores()

    def finish(self, state) -> None:
        self.turns.append(state.turns())
        self.lines.append(state.scores())


class TraceBuffer:
    """The score lines of a chunk's games, column by column, then one Arrow table."""

    def __init__(self, experiment: str, variant: str, game: str):
        self.constant = {"experiment": experiment, "variant": variant, "game": game}
        self.cols: dict[str, list] = {
            name: [] for name in TRACE_SCHEMA.names if name not in self.constant
        }

    def add(self, game_index: int, recorder: ScoreRecorder) -> None:
        c = self.cols
        for turn, line in zip(recorder.turns, recorder.lines, strict=True):
            n = len(line)
            c["n_players"].extend([n] * n)
            c["game_index"].extend([game_index] * n)
            c["turn"].extend([turn] * n)
            c["seat"].extend(range(n))
            c["score"].extend(float(s) for s in line)

    def table(self) -> pa.Table:
        rows = len(self.cols["seat"])
        arrays = [
            pa.array([self.constant[f.name]] * rows, f.type)
            if f.name in self.constant
            else pa.array(self.cols[f.name], f.type)
            for f in TRACE_SCHEMA
        ]
        return pa.Table.from_arrays(arrays, schema=TRACE_SCHEMA)


def read_traces(run_dir) -> pl.DataFrame | None:
    """A run's traces, or None if it was run without ``--trace`` (each part checked, see
    :func:`simkit.core.results.read_traces_checked`)."""
    from simkit.core.results import read_traces_checked

    tables = read_traces_checked(run_dir, TRACE_SCHEMA)
    if not tables:
        return None
    return pl.concat([pl.from_arrow(t) for t in tables])


def ludii_lead_change(scores: np.ndarray) -> float:
    """Ludii's LeadChange of one game from its score lines (``scores``: lines x seats, the last
    line the final position): the states before each turn are every line but the last."""
    before = scores[:-1]
    if len(before) == 0:
        return float("nan")
    leaders = before == before.max(axis=1, keepdims=True)
    changes = 1 + int(np.count_nonzero(np.any(leaders[1:] != leaders[:-1], axis=1)))
    return changes / len(before)


def game_arc(turns: np.ndarray, scores: np.ndarray, winner: int) -> dict[str, float]:
    """simkit's arc metrics of one game with a sole winner from its score lines."""
    top = scores.max(axis=1)
    sole = (scores == top[:, None]).sum(axis=1) == 1
    leaders = np.where(sole, scores.argmax(axis=1), -1)
    named = leaders[leaders >= 0]
    changes = int(np.count_nonzero(named[1:] != named[:-1]))
    behind = scores[:, winner] < top
    leading = leaders == winner
    # The last line on which the winner did not lead alone; it leads for good from the next one.
    not_leading = np.flatnonzero(~leading)
    span = max(1, int(turns[-1] - turns[0]))
    if len(not_leading) == 0:
        decided = 0.0
    elif not_leading[-1] == len(turns) - 1:
        decided = 1.0
    else:
        decided = float(turns[not_leading[-1] + 1] - turns[0]) / span
    return {
        "lead_changes": float(changes),
        "drama_deficit": float((top - scores[:, winner]).max()),
        "drama_time_behind": float(behind[1:].mean()) if len(behind) > 1 else 0.0,
        "decisiveness": decided,
    }


def arc_metrics(traces: pl.DataFrame, results: pl.DataFrame) -> pl.DataFrame:
    """The arc metrics per (variant, n_players), means with t intervals over games: Ludii's
    LeadChange over every game, simkit's over the games with a sole winner."""
    winners = (
        results.lazy()
        .filter(pl.col("win_share") == 1.0)
        .select("variant", "n_players", "game_index", winner="seat")
        .unique()
        .collect()
    )
    lines = (
        traces.sort("variant", "n_players", "game_index", "turn", "seat")
        .join(winners, on=["variant", "n_players", "game_index"], how="left")
        .with_columns(pl.col("winner").fill_null(-1))
    )
    rows = []
    for (variant, n), cell in lines.group_by("variant", "n_players", maintain_order=True):
        per_game: dict[str, list[float]] = {name: [] for name in DEFINITIONS}
        # Sorted rows, n per line: cut the arrays at each new game instead of grouping frames.
        index = cell["game_index"].to_numpy()[::n]
        all_scores = cell["score"].to_numpy().reshape(-1, n)
        all_turns = cell["turn"].to_numpy()[::n]
        all_winners = cell["winner"].to_numpy()[::n]
        starts = np.flatnonzero(np.r_[True, index[1:] != index[:-1]])
        for a, b in zip(starts, np.r_[starts[1:], len(index)], strict=True):
            per_game["lead_change"].append(ludii_lead_change(all_scores[a:b]))
            if all_winners[a] >= 0:
                arc = game_arc(all_turns[a:b], all_scores[a:b], int(all_winners[a]))
                for name, value in arc.items():
                    per_game[name].append(value)
        for name, values in per_game.items():
            values = np.asarray(values, dtype=float)
            value, lo, hi = mean_ci(values[~np.isnan(values)])
            rows.append(
                {"variant": variant, "n_players": n, "metric": name, "value": value}
                | {"lo": lo, "hi": hi}
            )
    return metric_frame(rows).sort("variant", "n_players", "metric")
