"""The balancing assistant (``simkit tune``): which rule settings best meet a design objective?

A tune file declares rule fields to search, each a list of choices or an integer range::

    game = "lets-take-a-hike"
    players = 2
    objective = "fpa"          # fpa: smallest |first-player advantage|; length or spread: closest
    target = 0                 # to ``target`` (mean game length, or mean score spread)
    budget = 40000             # games to spend in all
    [space]
    "hazards.bear" = [0, 1, 2, 3, 4]
    backpack_deal = { lo = 3, hi = 6 }

Games are spent by successive halving (Karnin, Koren & Somekh 2013; Jamieson & Talwalkar 2016):
the budget is split over ceil(log2 k) rounds; each round shares its part equally among the
surviving settings, which all play the same further seeds (common random numbers), and the better
half (by the objective over all games played so far) goes on. The rulebook's setting plays every
round as the reference, so the winner is compared with it on the same seeds: its FPA with an interval,
and the paired difference in seat 0's win share. A fifth of the budget then confirms the winner
against the rulebook on fresh seeds, free of the luck that helped it win the rounds.
"""

from __future__ import annotations

import itertools
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from simkit.core import registry
from simkit.core.errors import ExperimentError
from simkit.core.experiment import Experiment, read_spec
from simkit.core.results import read_results
from simkit.core.rules import make_rules, rule_fields
from simkit.core.schema import TuneFile
from simkit.core.stats import mean_ci
from simkit.core.strategy import split_strategies

OBJECTIVES = ("fpa", "length", "spread")
MAX_SETTINGS = 64  # larger spaces are sampled: successive halving needs a few games per setting


def setting_grid(space: dict[str, list], seed: int) -> list[dict[str, Any]]:
    """Every combination of the declared values, or a seeded sample of them if too many."""
    names = list(space)
    combos = list(itertools.product(*(space[n] for n in names)))
    if len(combos) > MAX_SETTINGS:
        pick = np.random.default_rng(seed).choice(len(combos), MAX_SETTINGS, replace=False)
        combos = [combos[i] for i in sorted(pick)]
    return [dict(zip(names, combo, strict=True)) for combo in combos]


@dataclass
class TuneSpec:
    game: str
    space: dict[str, list]
    players: int
    strategies: list[str]
    objective: str = "fpa"
    target: float = 0.0
    budget: int = 20000
    seed: int = 0
    rotate: bool = False
    rules: dict[str, Any] = field(default_factory=dict)
    base_dir: Path | None = None

    @classmethod
    def from_file(cls, path: Path, **cli) -> TuneSpec:
        data = read_spec(path, TuneFile)
        data |= {k: v for k, v in cli.items() if v is not None}
        return cls.from_dict(data, base_dir=path.parent)

    @classmethod
    def from_dict(cls, data: dict[str, Any], base_dir: Path | None = None) -> TuneSpec:
        game = data.get("game")
        if not game:
            raise ExperimentError("no game: name one with GAME or `game = ...` in the tune file")
        spec = registry.game(game)
        objective = data.get("objective", "fpa")
        if objective not in OBJECTIVES:
            raise ExperimentError(f"objective = {objective!r}: expected one of {OBJECTIVES}")
        if objective != "fpa" and "target" not in data:
            raise ExperimentError(f"objective {objective!r} needs a target value")
        strategies = data.get("strategies") or [spec.default_strategy]
        if isinstance(strategies, str):
            strategies = split_strategies(strategies)
        tune = cls(
            game=game,
            space=_space(spec, data.get("space") or {}),
            players=int(data.get("players", spec.typical_players)),
            strategies=list(strategies),
            objective=objective,
            target=float(data.get("target", 0.0)),
            budget=int(data.get("budget", 20000)),
            seed=int(data.get("seed", 0)),
            rotate=bool(data.get("rotate", False)),
            rules=dict(data.get("rules", {})),
            base_dir=base_dir,
        )
        for setting in tune.settings():
            _rules(tune, setting)
        return tune

    def settings(self) -> list[dict[str, Any]]:
        return setting_grid(self.space, self.seed)


def _space(spec, space: dict[str, Any]) -> dict[str, list]:
    if not space:
        raise ExperimentError("[space] is empty: declare the rule fields to search")
    known = rule_fields(spec.default_rules())
    out: dict[str, list] = {}
    for name, values in space.items():
        if name not in known:
            raise ExperimentError(f"[space] {name!r}: no such rule; known: {', '.join(known)}")
        if isinstance(values, dict):
            lo, hi, step = values.get("lo"), values.get("hi"), values.get("step", 1)
            if not all(isinstance(v, int) for v in (lo, hi, step)) or lo > hi or step < 1:
                raise ExperimentError(
                    f"[space] {name!r}: a range needs whole numbers lo <= hi (and step >= 1)"
                )
            values = list(range(lo, hi + 1, step))
        if not isinstance(values, list) or not values:
            raise ExperimentError(f"[space] {name!r}: give a list of values or {{lo, hi}}")
        out[name] = values
    return out


def setting_name(setting: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in setting.items()) if setting else "rulebook"


def rounds_plan(budget: int, settings: int) -> list[int]:
    """Games per surviving setting added in each round of successive halving (the rulebook plays
    alongside, so each round's share is split among survivors + 1)."""
    rounds = max(1, math.ceil(math.log2(settings)))
    plan, alive = [], settings
    for _ in range(rounds):
        plan.append(max(10, budget // (rounds * (alive + 1))))
        alive = max(1, math.ceil(alive / 2))
    return plan


def objective_value(tune: TuneSpec, df: pl.DataFrame) -> float:
    """Distance from the goal over the games played so far (smaller is better)."""
    if tune.objective == "fpa":
        return abs(df.filter(pl.col("seat") == 0)["win_share"].mean() - 1.0 / tune.players)
    per_game = df.group_by("game_index").agg(
        turns=pl.col("turns").first(), spread=pl.col("score").max() - pl.col("score").min()
    )
    column = "turns" if tune.objective == "length" else "spread"
    return abs(float(per_game[column].mean()) - tune.target)


def _experiment(tune: TuneSpec, setting: dict[str, Any], games: int, chunk: int) -> Experiment:
    return Experiment.from_dict(
        {
            "name": setting_name(setting),
            "game": tune.game,
            "players": tune.players,
            "strategies": tune.strategies,
            "rotate": tune.rotate,
            "seed": tune.seed,
            "games": games,
            "chunk": chunk,
            "rules": {**tune.rules, **setting},
        },
        base_dir=tune.base_dir,
    )


def _rules(spec: TuneSpec, setting: dict[str, Any]):
    return make_rules(registry.game(spec.game), {**spec.rules, **setting}, spec.base_dir)


def summarize(tune: TuneSpec, df: pl.DataFrame, base: pl.DataFrame) -> dict[str, Any]:
    """A setting's objective, FPA and length with intervals, and seat 0's paired difference to
    the rulebook on the seeds both played."""
    seat0 = df.filter(pl.col("seat") == 0)
    fair = 1.0 / tune.players
    share, lo, hi = mean_ci(seat0["win_share"].to_numpy())
    turns = mean_ci(seat0["turns"].to_numpy().astype(float))
    paired = seat0.select("seed", "win_share").join(
        base.filter(pl.col("seat") == 0).select("seed", base_share="win_share"), on="seed"
    )
    diff = mean_ci((paired["win_share"] - paired["base_share"]).to_numpy())
    return {
        "games": len(seat0),
        "objective": objective_value(tune, df),
        "fpa": share - fair,
        "fpa_lo": lo - fair,
        "fpa_hi": hi - fair,
        "mean_turns": turns[0],
        "mean_turns_lo": turns[1],
        "mean_turns_hi": turns[2],
        "seat0_diff_vs_rulebook": diff[0],
        "seat0_diff_lo": diff[1],
        "seat0_diff_hi": diff[2],
    }


CONFIRM_SHARE = 5  # a fifth of the budget confirms the winner against the rulebook


def confirm(
    spec: TuneSpec, setting: dict[str, Any], games: int, out: Path, jobs: int
) -> tuple[dict[str, Any], int]:
    """The winner and the rulebook again on fresh seeds (root seed + 1), so the comparison is free
    of the luck that made the winner win the halving rounds."""
    from simkit.core.runner import run

    fresh = TuneSpec(**{**spec.__dict__, "seed": spec.seed + 1})
    spent = 0
    results = {}
    for label, overrides in (("rulebook", {}), ("best", setting)):
        where = out / "confirm" / label
        meta = run(_experiment(fresh, overrides, games, max(10, games // 4)), where, jobs, False)
        spent += meta["games_played_now"]
        results[label] = read_results(where)
    summary = {
        "seed": fresh.seed,
        "games": games,
        "rulebook": summarize(fresh, results["rulebook"], results["rulebook"]),
        "best": summarize(fresh, results["best"], results["rulebook"]),
    }
    return summary, spent


def tune(spec: TuneSpec, out: Path, jobs: int = 1, progress: bool = False, say=print) -> dict:
    """Successive halving over ``spec``'s settings; writes ``out/tune.json`` and returns it."""
    from simkit.core.runner import run

    out = Path(out)
    settings = spec.settings()
    confirm_games = spec.budget // (2 * CONFIRM_SHARE)  # for each of the winner and the rulebook
    plan = rounds_plan(spec.budget - 2 * confirm_games, len(settings))
    # One chunk size, and rounds in whole chunks, so a setting's later rounds only add parts.
    chunk = max(10, min(plan))
    plan = [max(chunk, games // chunk * chunk) for games in plan]
    declared = {setting_name(s): s for s in settings}
    by_name = declared | {"rulebook": {}}  # the overrides each setting's run plays
    rulebook_rules = _rules(spec, {})
    dirs = {"rulebook": out / "settings" / "rulebook"}
    for i, s in enumerate(settings):
        # A setting that is the rulebook's own shares its games instead of playing them twice.
        same = _rules(spec, s) == rulebook_rules
        dirs[setting_name(s)] = dirs["rulebook"] if same else out / "settings" / f"{i:03d}"
        if same:
            by_name[setting_name(s)] = {}
    alive = [setting_name(s) for s in settings]
    played, spent, history = 0, 0, []
    for r, more in enumerate(plan):
        played += more
        for name in dict.fromkeys([*alive, "rulebook"], None):
            if name != "rulebook" and dirs[name] == dirs["rulebook"]:
                continue  # played as the rulebook
            meta = run(_experiment(spec, by_name[name], played, chunk), dirs[name], jobs, progress)
            spent += meta["games_played_now"]
        scores = {name: objective_value(spec, read_results(dirs[name])) for name in alive}
        alive.sort(key=scores.__getitem__)
        history.append({"round": r + 1, "games_per_setting": played, "objective": scores})
        say(
            f"round {r + 1}: {len(alive)} settings x {played} games; best {alive[0]} "
            f"(objective {scores[alive[0]]:.4f})"
        )
        if r < len(plan) - 1:
            alive = alive[: max(1, math.ceil(len(alive) / 2))]
    base = read_results(dirs["rulebook"])
    finalists = alive[: min(3, len(alive))]
    confirmation, confirm_spent = confirm(spec, by_name[finalists[0]], confirm_games, out, jobs)
    spent += confirm_spent
    result = {
        "game": spec.game,
        "players": spec.players,
        "strategies": spec.strategies,
        "objective": spec.objective,
        "target": spec.target,
        "seed": spec.seed,
        "space": spec.space,
        "settings_tried": len(settings),
        "games_spent": spent,
        "budget": spec.budget,
        "rounds": history,
        "rulebook": summarize(spec, base, base),
        "best": [
            {"setting": declared[name], "name": name}
            | summarize(spec, read_results(dirs[name]), base)
            for name in finalists
        ],
        "confirmation": {"name": finalists[0]} | confirmation,
    }
    result["rulebook_values"] = rulebook_values(spec)
    result["objective_means"] = objective_meaning(spec)
    result["confirmation"]["verdict"] = confirmed_verdict(spec, confirmation)
    for line in confirmation_text(result):
        say(line)
    (out / "tune.json").write_text(json.dumps(result, indent=2, default=str))
    return result


def rulebook_values(spec: TuneSpec) -> dict[str, Any]:
    """The rulebook's value of every searched field (with the tune file's fixed rules applied)."""
    rules = _rules(spec, {})
    values = {}
    for name in spec.space:
        value = rules
        for part in name.split("."):
            value = getattr(value, part)
        values[name] = value
    return values


def objective_meaning(spec: TuneSpec) -> str:
    """What the objective's number is, in words."""
    if spec.objective == "fpa":
        return (
            f"|first-player advantage| = |seat 0's win share - 1/{spec.players}|, how far the "
            "first seat is from a fair share (0 is fair; 0.02 is two points of win share)"
        )
    what = "mean game length in turns" if spec.objective == "length" else "mean score spread"
    return f"|{what} - {spec.target:g}|, the distance from the target (0 is on target)"


def confirmed_verdict(spec: TuneSpec, confirmation: dict[str, Any]) -> str:
    """'better' when the fresh games prove the best setting closer to the goal than the rulebook,
    'not distinguishable' when their paired interval cannot tell (or the goal is not FPA and the
    objectives' intervals overlap), 'worse' when the rulebook is proven closer."""
    best, book = confirmation["best"], confirmation["rulebook"]
    if spec.objective != "fpa":
        closer = best["objective"] < book["objective"]
        return "better" if closer else "not distinguishable"
    lo, hi = best["seat0_diff_lo"], best["seat0_diff_hi"]
    if lo <= 0 <= hi:
        return "not distinguishable"
    # Seat 0's change moves the FPA toward zero when it has the opposite sign to the rulebook's.
    toward = (hi < 0) == (book["fpa"] > 0)
    return "better" if toward and abs(best["fpa"]) < abs(book["fpa"]) else "worse"


def confirmation_text(result: dict[str, Any]) -> list[str]:
    """The tune's conclusion in plain words: the best setting beside the rulebook's values, and
    whether the fresh games can tell them apart at all."""
    c = result["confirmation"]
    best, book = c["best"], c["rulebook"]
    book_values = result.get("rulebook_values", {})
    setting = (
        ", ".join(
            f"{k}={v} (rulebook {book_values.get(k, '?')})"
            for k, v in next(b["setting"] for b in result["best"] if b["name"] == c["name"]).items()
        )
        or "the rulebook's own values"
    )
    lines = [
        f"objective: {result.get('objective_means', result['objective'])}",
        f"best setting: {setting}",
        f"confirmed on {c['games']} fresh games (seed {c['seed']}): FPA {best['fpa']:+.4f} "
        f"[{best['fpa_lo']:+.4f}, {best['fpa_hi']:+.4f}] against the rulebook's "
        f"{book['fpa']:+.4f} [{book['fpa_lo']:+.4f}, {book['fpa_hi']:+.4f}]; seat 0's paired "
        f"difference {best['seat0_diff_vs_rulebook']:+.4f} [{best['seat0_diff_lo']:+.4f}, "
        f"{best['seat0_diff_hi']:+.4f}]",
    ]
    if c.get("verdict") == "better":
        lines.append(f"{c['name']} is fairer than the rulebook: the paired interval excludes zero.")
    elif c.get("verdict") == "worse":
        lines.append("The rulebook's setting is better than the best one found: keep the rulebook.")
    else:
        lines.append(
            f"{c['name']} is NOT distinguishable from the rulebook's setting on these games (the "
            "paired interval includes zero): no evidence that changing the rule helps."
        )
    return lines
