"""The skill ladder (``simkit ladder``): how good is each player, on one scale, and does the game
reward deeper play?

A round robin of ``random``, every heuristic the game ships, their presets (``name@preset``) and
the search player at rising playout counts. Every pair of strategies meets on the same seeds (game
``k`` of every pair deals the same cards) and in every seat order: with n seats the two strategies
fill the seats alternately, in every rotation of that pattern and with the two swapped, so neither
gains from the seats it sat in. The rows go through ``simkit.core.ratings``: Bradley-Terry Elo with
bootstrap intervals and the head-to-head matrix.

The *skill trace* (after Ludii's) is the win share of each search level against the level below it,
with its interval, and its trend over the steps: the game rewards deeper play when the deepest
level beats the shallowest clearly (its head-to-head interval lies above one half), and the
heuristics' Elo places them on that scale.
"""

from __future__ import annotations

import itertools
import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import polars as pl
from joblib import Parallel, delayed
from tqdm import tqdm

from simkit.core import registry
from simkit.core.errors import ExperimentError
from simkit.core.presets import presets_for
from simkit.core.ratings import bradley_terry, head_to_head
from simkit.core.results import RowBuffer
from simkit.core.rng import game_seed
from simkit.core.runner import play_game
from simkit.core.strategy import make_strategy, strategies_for
from simkit.core.worlds import uses_worlds

SEARCH_LEVELS = (2, 8, 32)
# A tenth of a meeting's worth of prior between every pair: random, which may lose every meeting
# to a heuristic, then gets a finite rating and the fit (and every bootstrap refit) converges.
PRIOR_MEETINGS = 0.1


@dataclass
class LadderSpec:
    game: str
    players: int | None = None
    games: int = 20  # seeds per pair; each is played in every seat order
    seed: int = 0
    levels: tuple[int, ...] = SEARCH_LEVELS
    strategies: list[str] = field(default_factory=list)  # empty: the game's whole field
    rules: dict = field(default_factory=dict)
    horizon: int = 0  # the search levels' playouts cut after this many decisions (0: to the end)

    def seat_count(self) -> int:
        spec = registry.game(self.game)
        n = self.players or max(2, spec.min_players)
        if n not in spec.player_counts:
            raise ExperimentError(
                f"players = {n}: {self.game} plays {spec.min_players}-{spec.max_players}"
            )
        return n

    def names(self) -> list[str]:
        """The strategies that meet: the named ones, else the game's whole field."""
        names = list(self.strategies) or default_field(self.game, self.levels, self.horizon)
        for name in names:
            make_strategy(name, self.game)  # a bad name fails before any game
        if len(set(names)) < 2:
            raise ExperimentError("a ladder needs at least two different strategies")
        return list(dict.fromkeys(names))


def search_level(playouts: int, horizon: int = 0) -> str:
    """The search player at a level: its playouts, cut after ``horizon`` decisions if not 0 (where
    whole playouts are too dear to rate a field)."""
    return (
        f"search:horizon={horizon},playouts={playouts}"
        if horizon
        else f"search:playouts={playouts}"
    )


def heuristics(game: str) -> list[str]:
    """The game's own strategies that do not search (its shipped heuristics)."""
    out = []
    for name, info in strategies_for(game).items():
        if info.games and not getattr(info.cls, "uses_worlds", False):
            out.append(name)
    return out


def default_field(game: str, levels=SEARCH_LEVELS, horizon: int = 0) -> list[str]:
    """``random``, every shipped heuristic and its presets, and search at each playout level."""
    names = ["random"]
    for h in heuristics(game):
        names.append(h)
        names += [f"{h}@{p}" for p in presets_for(game, h)]
    return names + [search_level(p, horizon) for p in sorted(levels)]


def seatings(n: int) -> list[tuple[int, ...]]:
    """Every seat order of two strategies (0 and 1) over ``n`` seats: the alternating pattern in
    each rotation, and with the two swapped; each strategy sits in each seat equally often."""
    pattern = tuple(s % 2 for s in range(n))
    found = {pattern[r:] + pattern[:r] for r in range(n)}
    found |= {tuple(1 - s for s in order) for order in found}
    return sorted(found)


def _play_block(game: str, rules, pair, orders, seeds, first_index: int, n: int):
    """The rows of one pair's games on ``seeds``, each in every seat order."""
    spec = registry.game(game)
    players = [make_strategy(name, game) for name in pair]
    rows = RowBuffer("ladder", "base", game)
    index = first_index
    for seed in seeds:
        for order in orders:
            seats = [players[o] for o in order]
            state = play_game(spec, rules, seats, seed)
            rows.add(index, seed, [p.name for p in seats], state.outcome())
            index += 1
    return rows.table()


def play_ladder(spec: LadderSpec, jobs: int = 1, progress: bool = False) -> pl.DataFrame:
    """Every pair of the field on the same seeds in every seat order; one row per game and seat."""
    from simkit.core.rules import make_rules

    game = registry.game(spec.game)
    rules = make_rules(game, spec.rules, None)
    n = spec.seat_count()
    names = spec.names()
    orders = seatings(n)
    seeds = [game_seed(spec.seed, k) for k in range(spec.games)]
    pairs = list(itertools.combinations(names, 2))
    # Searching pairs are slow: one task per seed keeps both cores busy; others one per pair.
    tasks = []
    for p, pair in enumerate(pairs):
        slow = any(uses_worlds(make_strategy(s, spec.game)) for s in pair)
        step = 1 if slow else len(seeds)
        for k in range(0, len(seeds), step):
            first = (p * len(seeds) + k) * len(orders)
            tasks.append((pair, seeds[k : k + step], first))
    games = Parallel(n_jobs=jobs, return_as="generator")(
        delayed(_play_block)(spec.game, rules, pair, orders, block, first, n)
        for pair, block, first in tasks
    )
    sizes = [len(block) * len(orders) for _, block, _ in tasks]
    tables = []
    with tqdm(total=sum(sizes), unit="games", desc="ladder", disable=not progress) as bar:
        for table, size in zip(games, sizes, strict=True):
            tables.append(table)
            bar.update(size)
    return pl.concat([pl.from_arrow(t) for t in tables], how="diagonal_relaxed")


def skill_trace(h2h: pl.DataFrame, levels, horizon: int = 0) -> list[dict]:
    """Win share of each search level against the level below it, with its interval."""
    steps = []
    levels = sorted(levels)
    for low, high in itertools.pairwise(levels):
        row = h2h.filter(
            (pl.col("strategy") == search_level(high, horizon))
            & (pl.col("opponent") == search_level(low, horizon))
        )
        if row.is_empty():
            continue
        r = row.row(0, named=True)
        steps.append(
            {"level": high, "below": low, "share": r["share"], "lo": r["lo"], "hi": r["hi"]}
            | {"meetings": r["meetings"]}
        )
    return steps


def trace_trend(steps: list[dict]) -> float:
    """Least-squares slope of the step win shares over the steps (negative: diminishing returns;
    NaN with fewer than two steps)."""
    if len(steps) < 2:
        return math.nan
    x = np.arange(len(steps), dtype=float)
    return float(np.polyfit(x, [s["share"] for s in steps], 1)[0])


def ladder(spec: LadderSpec, out: Path, jobs: int = 1, progress: bool = False) -> dict:
    """Play the ladder into ``out`` (``ladder.parquet``, ``ladder.json``); returns the figures."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    df = play_ladder(spec, jobs, progress)
    df.write_parquet(out / "ladder.parquet")
    result = figures(spec, df)
    (out / "ladder.json").write_text(json.dumps(result, indent=2, default=str))
    return result


def figures(spec: LadderSpec, df: pl.DataFrame) -> dict:
    """Ratings, head-to-head matrix and skill trace from the ladder's games."""
    ratings = bradley_terry(df, alpha=PRIOR_MEETINGS)
    h2h = head_to_head(df)
    levels = [p for p in spec.levels if search_level(p, spec.horizon) in set(df["strategy"])]
    steps = skill_trace(h2h, levels, spec.horizon)
    deepest = None
    if len(levels) >= 2:
        top = h2h.filter(
            (pl.col("strategy") == search_level(max(levels), spec.horizon))
            & (pl.col("opponent") == search_level(min(levels), spec.horizon))
        )
        if not top.is_empty():
            deepest = top.row(0, named=True)
    return {
        "game": spec.game,
        "players": spec.seat_count(),
        "seed": spec.seed,
        "seeds_per_pair": spec.games,
        "seat_orders": len(seatings(spec.seat_count())),
        "games": int(df["game_index"].n_unique()),
        "prior_meetings": PRIOR_MEETINGS,
        "ratings": ratings.drop("variant").to_dicts(),
        "head_to_head": h2h.drop("variant").to_dicts(),
        "skill_trace": steps,
        "trend": trace_trend(steps),
        "deepest_vs_shallowest": deepest,
        "rewards_deeper_play": None if deepest is None else bool(deepest["lo"] > 0.5),
    }


def ladder_text(result: dict) -> list[str]:
    """The ladder in a few lines: ratings, the skill trace and its verdict."""
    lines = [
        f"{result['game']}, {result['players']} players: {result['games']} games "
        f"({result['seeds_per_pair']} shared seeds per pair x {result['seat_orders']} seat orders)",
        "Bradley-Terry Elo (95% bootstrap interval):",
    ]
    for r in result["ratings"]:
        lines.append(f"  {r['strategy']:36} {r['elo']:+7.0f} [{r['lo']:+.0f}, {r['hi']:+.0f}]")
    lines += matrix_text(result)
    if result["skill_trace"]:
        lines.append("Skill trace (win share of each search level against the one below):")
        for s in result["skill_trace"]:
            lines.append(
                f"  {s['level']:>4} vs {s['below']:>4} playouts: {s['share']:.3f} "
                f"[{s['lo']:.3f}, {s['hi']:.3f}] over {s['meetings']} meetings"
            )
        if not math.isnan(result["trend"]):
            lines.append(f"  trend: {result['trend']:+.3f} win share per step")
    deep = result["deepest_vs_shallowest"]
    if deep is not None:
        verdict = (
            "rewards deeper play"
            if result["rewards_deeper_play"]
            else ("shows no clear reward for deeper play")
        )
        lines.append(
            f"The game {verdict}: {deep['strategy']} beats {deep['opponent']} in "
            f"{deep['share']:.3f} [{deep['lo']:.3f}, {deep['hi']:.3f}] of their meetings."
        )
    return lines


def matrix_text(result: dict) -> list[str]:
    """The head-to-head matrix: row strategy's share of its meetings with each column strategy,
    in rating order (columns numbered as the rows)."""
    names = [r["strategy"] for r in result["ratings"]]
    share = {(m["strategy"], m["opponent"]): m["share"] for m in result["head_to_head"]}
    lines = ["Head to head (row's share of its meetings with each column):"]
    lines.append(" " * 40 + "".join(f"{i + 1:>6}" for i in range(len(names))))
    for i, row in enumerate(names):
        cells = "".join(
            f"{share[(row, col)]:6.2f}" if (row, col) in share else f"{'-':>6}" for col in names
        )
        lines.append(f"  {i + 1:>2} {row:35}{cells}")
    return lines
