"""Verdicts across skill (``simkit levels``): is a balance verdict about the game or about the bots?

A study file (a first-player or variant study, as for ``simkit run``) adds ``levels``, the players
to repeat it with, from weak to strong::

    levels = ["bold", "threshold@tuned", "search:playouts=16"]
    games = { bold = 20000, "search:playouts=16" = 400 }   # optional: fewer games where dear

Each level plays the whole study with that strategy in every seat, on the same seeds (the study's
root seed), into ``OUT/<level>/``. For every player count and variant the comparison gives each
level's first-player advantage with its interval and its verdict (seat 0 favoured, fair within the
interval, or disfavoured), and for a variant its effect on seat 0's win share against the base
rules, paired on the shared seeds. The findings say, cell by cell, whether the verdict is the same at
every level or changes with skill.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import polars as pl

from simkit.core.errors import ExperimentError
from simkit.core.experiment import Experiment, read_spec
from simkit.core.results import read_results
from simkit.core.schema import LevelsFile
from simkit.core.stats import first_player_advantage, mean_ci

FAVOURS, FAIR, AGAINST = "favours seat 0", "fair within the interval", "against seat 0"
RAISES, LOWERS, NO_CLEAR = "raises seat 0", "lowers seat 0", "no clear effect"


def read_levels(path: Path, **cli) -> tuple[list[str], list[Experiment]]:
    """The study's levels and one experiment per level (the level in every seat)."""
    data = read_spec(path, LevelsFile)
    levels = data.pop("levels", None)
    if (
        not isinstance(levels, list)
        or len(levels) < 2
        or not all(isinstance(x, str) for x in levels)
    ):
        raise ExperimentError(
            f"{path}: levels = [...] needs two or more strategies, weak to strong"
        )
    games = data.pop("games", 1000)
    base = data.get("name", path.stem)
    experiments = []
    for level in levels:
        count = games.get(level, 1000) if isinstance(games, dict) else games
        spec = data | {"strategies": [level], "games": count, "name": f"{base}@{level}"}
        spec.pop("rotate", None)
        experiments.append(Experiment.from_dict(spec, base_dir=path.parent, **cli))
    return levels, experiments


def slug(level: str) -> str:
    return re.sub(r"[^A-Za-z0-9@=._-]+", "_", level)


def verdict(lo: float, hi: float) -> str:
    if lo > 0:
        return FAVOURS
    if hi < 0:
        return AGAINST
    return FAIR


def effect(lo: float, hi: float) -> str:
    if lo > 0:
        return RAISES
    if hi < 0:
        return LOWERS
    return NO_CLEAR


def variant_effects(df: pl.DataFrame) -> pl.DataFrame:
    """Each variant's paired effect on seat 0's win share against the base rules (same seeds)."""
    seat0 = df.filter(pl.col("seat") == 0).select("variant", "n_players", "seed", "win_share")
    base = seat0.filter(pl.col("variant") == "base").drop("variant")
    rows = []
    others = seat0.filter(pl.col("variant") != "base")
    for (variant, n), part in others.group_by("variant", "n_players", maintain_order=True):
        paired = part.join(base, on=["n_players", "seed"], suffix="_base")
        d, lo, hi = mean_ci((paired["win_share"] - paired["win_share_base"]).to_numpy())
        rows.append({"variant": variant, "n_players": n, "effect": d, "effect_lo": lo})
        rows[-1] |= {"effect_hi": hi, "effect_verdict": effect(lo, hi)}
    schema = {
        "variant": pl.String,
        "n_players": pl.Int8,
        "effect": pl.Float64,
        "effect_lo": pl.Float64,
        "effect_hi": pl.Float64,
        "effect_verdict": pl.String,
    }
    return pl.DataFrame(rows, schema=schema)


def compare_levels(results: dict[str, pl.DataFrame]) -> pl.DataFrame:
    """One row per (variant, player count, level): FPA with its interval and verdict, and the
    variant's paired effect against the base rules; levels in the order given."""
    frames = []
    for order, (level, df) in enumerate(results.items()):
        fpa = first_player_advantage(df).with_columns(
            verdict=pl.when(pl.col("lo") > 0)
            .then(pl.lit(FAVOURS))
            .when(pl.col("hi") < 0)
            .then(pl.lit(AGAINST))
            .otherwise(pl.lit(FAIR))
        )
        fpa = fpa.join(variant_effects(df), on=["variant", "n_players"], how="left")
        frames.append(fpa.with_columns(level=pl.lit(level), level_order=pl.lit(order)))
    return pl.concat(frames).sort("variant", "n_players", "level_order")


def findings(table: pl.DataFrame) -> list[str]:
    """Per player count and variant: the same verdict at every level, or how it changes."""
    lines = []
    for (variant, n), part in table.group_by("variant", "n_players", maintain_order=True):
        figures = "; ".join(
            f"{r['level']} {r['fpa']:+.3f} [{r['lo']:+.3f}, {r['hi']:+.3f}]"
            for r in part.iter_rows(named=True)
        )
        verdicts = part["verdict"].to_list()
        where = f"{variant}, {n} players"
        if len(set(verdicts)) == 1:
            lines.append(f"{where}: the same verdict at every level ({verdicts[0]}): {figures}")
        else:
            said = ", ".join(f"{lv}: {v}" for lv, v in zip(part["level"], verdicts, strict=True))
            lines.append(f"{where}: the verdict CHANGES with skill ({said}): {figures}")
        effects = part["effect_verdict"].to_list()
        if variant != "base" and effects[0] is not None:
            moves = "; ".join(
                f"{r['level']} {r['effect']:+.3f} [{r['effect_lo']:+.3f}, {r['effect_hi']:+.3f}]"
                for r in part.iter_rows(named=True)
            )
            same = len(set(effects)) == 1
            lines.append(
                f"{where}: against the base rules the variant "
                + (
                    f"has the same effect at every level ({effects[0]})"
                    if same
                    else "has an effect that CHANGES with skill (" + ", ".join(effects) + ")"
                )
                + f": {moves}"
            )
    return lines


def run_levels(path: Path, out: Path, jobs: int = 1, progress: bool = False, **cli) -> dict:
    """Play the study at every level into ``out/<level>/`` and compare; writes ``levels.json``
    ``levels.parquet`` and ``levels.html``."""
    from simkit.core.runner import run

    out = Path(out)
    levels, experiments = read_levels(Path(path), **cli)
    results = {}
    for level, exp in zip(levels, experiments, strict=True):
        where = out / slug(level)
        run(exp, where, jobs=jobs, progress=progress)
        results[level] = read_results(where)
    table = compare_levels(results)
    table.write_parquet(out / "levels.parquet")
    summary: dict[str, Any] = {
        "study": str(path),
        "levels": levels,
        "runs": {level: str(out / slug(level)) for level in levels},
        "comparison": table.drop("level_order").to_dicts(),
        "findings": findings(table),
    }
    (out / "levels.json").write_text(json.dumps(summary, indent=2, default=str))
    (out / "levels.html").write_text(levels_html(table, summary["findings"]))
    return summary


def levels_html(table: pl.DataFrame, said: list[str]) -> str:
    """A short HTML section: the findings, then the figures of every level side by side."""
    e = html.escape
    rows = "".join(
        f"<tr><td>{e(r['variant'])}</td><td>{r['n_players']}</td><td>{e(r['level'])}</td>"
        f"<td>{r['games']}</td><td>{r['fpa']:+.4f} [{r['lo']:+.4f}, {r['hi']:+.4f}]</td>"
        f"<td>{e(r['verdict'])}</td></tr>"
        for r in table.iter_rows(named=True)
    )
    return (
        "<section class='levels'><h2>Verdicts across skill</h2><ul>"
        + "".join(f"<li>{e(line)}</li>" for line in said)
        + "</ul><table><tr><th>variant</th><th>players</th><th>level</th><th>games</th>"
        "<th>first-player advantage</th><th>verdict</th></tr>" + rows + "</table></section>\n"
    )
