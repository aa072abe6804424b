"""Tuning the players (``simkit tune`` with ``strategy = ...``): which parameters make a heuristic
win most against a field?

A player tune file names a strategy and the parameters to search::

    game = "lets-take-a-hike"
    players = 2
    strategy = "threshold"                 # whose parameters are tuned
    field = ["bold", "greedy", "cautious"] # opponents; ["self"]: its own hand-set defaults
    budget = 24000                         # games to spend in all
    seed = 11
    [space]
    hike = { lo = 3, hi = 8 }
    drop = [5, 6, 7, 8, 9]

The objective is the tuned strategy's win share against the field: game ``k`` (seed ``k`` of the
root seed, the same for every setting) puts the candidate in seat ``k mod n`` and the field's
strategies in the other seats in turn, so every setting meets the same opponents in the same seats
on the same deals, and two settings' difference is paired. Settings are spent by successive halving
(as for rules, ``simkit.core.tune``) with the hand-set defaults playing every round as the
reference; the winner is then confirmed against the defaults on fresh seeds (root seed + 1) with a
paired interval. Only a winner whose interval lies above zero is better than the defaults; a
``preset`` is written to ``simkit/strategies/presets.toml`` only then.
"""

from __future__ import annotations

import importlib
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from joblib import Parallel, delayed

from simkit.core import registry
from simkit.core.errors import ExperimentError
from simkit.core.experiment import read_spec
from simkit.core.rng import game_seed
from simkit.core.rules import make_rules
from simkit.core.runner import play_game
from simkit.core.schema import PlayerTuneFile
from simkit.core.stats import mean_ci
from simkit.core.strategy import StrategyInfo, canonical_name, make_strategy, strategies_for
from simkit.core.tune import CONFIRM_SHARE, rounds_plan, setting_grid

SELF = "self"
BLOCK = 50  # games per task: enough to pay for a worker's start, few enough to share the cores


@dataclass
class PlayerTuneSpec:
    game: str
    strategy: str
    space: dict[str, list]
    players: int
    field: list[str]
    budget: int = 20000
    seed: int = 0
    rules: dict[str, Any] = field(default_factory=dict)
    preset: str = ""
    source: str = ""

    @classmethod
    def from_file(cls, path: Path, **cli) -> PlayerTuneSpec:
        data = read_spec(path, PlayerTuneFile)
        data |= {k: v for k, v in cli.items() if v is not None}
        return cls.from_dict(data, source=str(path))

    @classmethod
    def from_dict(cls, data: dict[str, Any], source: str = "") -> PlayerTuneSpec:
        game = data.get("game")
        if not game:
            raise ExperimentError("no game: name one with GAME or `game = ...` in the tune file")
        spec = registry.game(game)
        name = data.get("strategy")
        strategy_params(game, name)  # a bad name fails here, in one line
        if data.get("objective", "win") != "win":
            raise ExperimentError("a player tune has one objective: win (share against the field)")
        players = int(data.get("players", max(2, spec.min_players)))
        if players not in spec.player_counts or players < 2:
            raise ExperimentError(
                f"players = {players}: a player tune needs opponents; {game} plays "
                f"{spec.min_players}-{spec.max_players}"
            )
        opponents = data.get("field") or [SELF]
        if isinstance(opponents, str):
            opponents = [s for s in opponents.split(";") if s.strip()]
        tune = cls(
            game=game,
            strategy=name,
            space=_space(game, name, data.get("space") or {}),
            players=players,
            field=[s.strip() for s in opponents],
            budget=int(data.get("budget", 20000)),
            seed=int(data.get("seed", 0)),
            rules=dict(data.get("rules", {})),
            preset=str(data.get("preset", "")),
            source=source,
        )
        for name in tune.opponents():
            make_strategy(name, game)
        for setting in tune.settings():
            make_strategy(tune.candidate(setting), game)
        return tune

    def opponents(self) -> list[str]:
        return [self.strategy if s == SELF else s for s in self.field]

    def settings(self) -> list[dict[str, Any]]:
        return setting_grid(self.space, self.seed)

    def candidate(self, setting: dict[str, Any]) -> str:
        """The strategy with ``setting``'s parameters, as named on the command line."""
        return canonical_name(self.strategy, setting)

    def seats(self, k: int, candidate: str) -> tuple[int, list[str]]:
        """Game ``k``: the candidate's seat and every seat's strategy."""
        n, opponents = self.players, self.opponents()
        mine = k % n
        names, j = [], k // n
        for seat in range(n):
            if seat == mine:
                names.append(candidate)
            else:
                names.append(opponents[j % len(opponents)])
                j += 1
        return mine, names


def strategy_params(game: str, name: str | None) -> dict[str, Any]:
    """The parameters (and hand-set defaults) of a registered strategy or an import path."""
    available = strategies_for(game)
    if name in available:
        return available[name].params()
    if not name or ":" not in name:
        raise ExperimentError(
            f"strategy = {name!r}: name one of {game}'s strategies ({', '.join(available)}) "
            "or an import path module:Class"
        )
    module, _, cls = name.partition(":")
    try:
        found = getattr(importlib.import_module(module), cls)
    except (ImportError, AttributeError) as exc:
        raise ExperimentError(f"strategy = {name!r}: cannot import it ({exc})") from exc
    return StrategyInfo(name, found, None).params()


def _space(game: str, name: str, space: dict[str, Any]) -> dict[str, list]:
    if not space:
        raise ExperimentError("[space] is empty: declare the strategy parameters to search")
    params = strategy_params(game, name)
    out = {}
    for key, values in space.items():
        if key not in params:
            raise ExperimentError(
                f"[space] {key!r}: {name} has no such parameter; its parameters: "
                f"{', '.join(params) or 'none'}"
            )
        if isinstance(values, dict):
            lo, hi, step = values.get("lo"), values.get("hi"), values.get("step", 1)
            if not all(isinstance(v, int) for v in (lo, hi, step)) or lo > hi or step < 1:
                raise ExperimentError(f"[space] {key!r}: a range needs whole numbers lo <= hi")
            values = list(range(lo, hi + 1, step))
        if not isinstance(values, list) or not values:
            raise ExperimentError(f"[space] {key!r}: give a list of values or {{lo, hi}}")
        out[key] = values
    return out


def _play(tune: PlayerTuneSpec, rules, candidate: str, seed: int, ks: range) -> np.ndarray:
    """The candidate's win share in games ``ks`` of root seed ``seed``."""
    spec = registry.game(tune.game)
    built: dict[str, object] = {}
    shares = np.empty(len(ks))
    for i, k in enumerate(ks):
        mine, names = tune.seats(k, candidate)
        for name in names:
            built.setdefault(name, make_strategy(name, tune.game))
        state = play_game(spec, rules, [built[n] for n in names], game_seed(seed, k))
        shares[i] = state.outcome().win_shares[mine]
    return shares


class _Games:
    """Each candidate's win shares so far, grown game by game on the shared seeds."""

    def __init__(self, tune: PlayerTuneSpec, seed: int, jobs: int):
        self.tune, self.seed, self.jobs = tune, seed, jobs
        self.rules = make_rules(registry.game(tune.game), tune.rules, None)
        self.shares: dict[str, np.ndarray] = {}

    def extend(self, candidates: list[str], games: int) -> int:
        """Play every candidate up to ``games`` games; returns the games played now."""
        tasks = []
        for c in candidates:
            have = len(self.shares.get(c, ()))
            tasks += [(c, range(a, min(a + BLOCK, games))) for a in range(have, games, BLOCK)]
        found = Parallel(n_jobs=self.jobs)(
            delayed(_play)(self.tune, self.rules, c, self.seed, ks) for c, ks in tasks
        )
        for (c, _), shares in zip(tasks, found, strict=True):
            self.shares[c] = np.concatenate([self.shares.get(c, np.empty(0)), shares])
        return sum(len(ks) for _, ks in tasks)


def compare(shares: np.ndarray, reference: np.ndarray) -> dict[str, float]:
    """A candidate's win share with its interval and its paired difference to the reference."""
    n = min(len(shares), len(reference))
    share = mean_ci(shares[:n])
    diff = mean_ci(shares[:n] - reference[:n])
    return {
        "games": n,
        "win_share": share[0],
        "win_share_lo": share[1],
        "win_share_hi": share[2],
        "gain": diff[0],
        "gain_lo": diff[1],
        "gain_hi": diff[2],
    }


def verdict(gain_lo: float, gain_hi: float) -> str:
    if gain_lo > 0:
        return "better"
    if gain_hi < 0:
        return "worse"
    return "not distinguishable"


def tune_players(tune: PlayerTuneSpec, out: Path, jobs: int = 1, say=print) -> dict:
    """Successive halving over ``tune``'s settings against the field, the winner confirmed on
    fresh seeds; writes ``out/tune.json`` (and the preset, if asked and earned)."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    settings = tune.settings()
    names = {tune.candidate(s): s for s in settings}
    default = tune.strategy
    confirm_games = tune.budget // (2 * CONFIRM_SHARE)
    plan = rounds_plan(tune.budget - 2 * confirm_games, len(settings))
    games = _Games(tune, tune.seed, jobs)
    alive = list(names)
    played = spent = 0
    history = []
    for r, more in enumerate(plan):
        played += more
        spent += games.extend(list(dict.fromkeys([*alive, default])), played)
        scores = {c: float(games.shares[c].mean()) for c in alive}
        alive.sort(key=scores.__getitem__, reverse=True)
        history.append({"round": r + 1, "games_per_setting": played, "win_share": scores})
        say(
            f"round {r + 1}: {len(alive)} settings x {played} games; best {alive[0]} "
            f"(win share {scores[alive[0]]:.4f}, defaults {games.shares[default].mean():.4f})"
        )
        if r < len(plan) - 1:
            alive = alive[: max(1, math.ceil(len(alive) / 2))]
    winner = alive[0]
    fresh = _Games(tune, tune.seed + 1, jobs)
    spent += fresh.extend(list(dict.fromkeys([winner, default])), confirm_games)
    confirmed = compare(fresh.shares[winner], fresh.shares[default])
    result = {
        "game": tune.game,
        "players": tune.players,
        "strategy": tune.strategy,
        "defaults": strategy_params(tune.game, tune.strategy),
        "field": tune.opponents(),
        "objective": "win",
        "objective_means": (
            f"the tuned strategy's win share per game against the field "
            f"({', '.join(tune.opponents())}) at {tune.players} players; 1/{tune.players} = "
            f"{1 / tune.players:.3f} is an even game"
        ),
        "seed": tune.seed,
        "space": tune.space,
        "settings_tried": len(settings),
        "budget": tune.budget,
        "games_spent": spent,
        "rounds": history,
        "best": [
            {"name": c, "setting": names[c]} | compare(games.shares[c], games.shares[default])
            for c in alive[: min(3, len(alive))]
        ],
        "defaults_result": compare(games.shares[default], games.shares[default]),
        "confirmation": {"name": winner, "setting": names[winner], "seed": tune.seed + 1}
        | confirmed
        | {
            "defaults_win_share": float(fresh.shares[default].mean()),
            "verdict": verdict(confirmed["gain_lo"], confirmed["gain_hi"]),
        },
        "tune_file": tune.source,
    }
    for line in player_tune_text(result):
        say(line)
    if tune.preset:
        if result["confirmation"]["verdict"] == "better" and names[winner]:
            save_preset(tune, tune.preset, names[winner], result)
            say(f"preset {tune.strategy}@{tune.preset} written to simkit/strategies/presets.toml")
        else:
            say(
                f"preset {tune.strategy}@{tune.preset} NOT written: the winner is not proven better"
            )
    (out / "tune.json").write_text(json.dumps(result, indent=2, default=str))
    return result


def player_tune_text(result: dict) -> list[str]:
    """The confirmation in plain words: the winner beside the hand-set defaults, and whether it is
    distinguishable from them at all."""
    c = result["confirmation"]
    defaults = result["defaults"]
    tuned = ", ".join(f"{k}={v} (default {defaults.get(k)})" for k, v in c["setting"].items())
    lines = [
        f"objective: {result['objective_means']}",
        f"best setting: {tuned}",
        f"confirmed on {c['games']} fresh games (seed {c['seed']}): win share {c['win_share']:.4f}"
        f" [{c['win_share_lo']:.4f}, {c['win_share_hi']:.4f}] against the defaults' "
        f"{c['defaults_win_share']:.4f}; paired gain {c['gain']:+.4f} "
        f"[{c['gain_lo']:+.4f}, {c['gain_hi']:+.4f}]",
    ]
    if c["verdict"] == "better":
        lines.append(f"{c['name']} beats the hand-set defaults: the gain's interval excludes zero.")
    elif c["verdict"] == "worse":
        lines.append("The hand-set defaults are better than every setting tried: keep them.")
    else:
        lines.append(
            f"{c['name']} is NOT distinguishable from the hand-set defaults: the gain's "
            "interval includes zero, so there is no evidence that it plays better."
        )
    return lines


def shipped_path(source: str, presets: Path) -> str:
    """The tune file as the repository names it (``experiments/...``) when it lies in the
    repository the presets ship with, so a preset does not carry one machine's folders."""
    root = presets.resolve().parents[2]  # simkit/strategies/presets.toml
    try:
        return Path(source).resolve().relative_to(root).as_posix()
    except ValueError:
        return source


def save_preset(tune: PlayerTuneSpec, preset: str, setting: dict[str, Any], result: dict) -> None:
    """Store ``setting`` as ``strategy@preset`` in ``simkit/strategies/presets.toml`` (comments kept)."""
    import tomlkit

    from simkit.core.presets import presets_file, reload

    path = presets_file()
    doc = tomlkit.parse(path.read_text()) if path.is_file() else tomlkit.document()
    c = result["confirmation"]
    entry = tomlkit.table()
    entry["tuned_by"] = shipped_path(tune.source, path) if tune.source else "(no tune file)"
    entry["gain"] = (
        f"win share {c['win_share']:.4f} against the defaults' {c['defaults_win_share']:.4f}: "
        f"paired gain {c['gain']:+.4f} [{c['gain_lo']:+.4f}, {c['gain_hi']:+.4f}] over "
        f"{c['games']} fresh games against {', '.join(result['field'])}, {tune.players} players"
    )
    params = tomlkit.table()
    for name, value in setting.items():
        params[name] = value
    params.add(tomlkit.nl())  # the blank line before the next table (a replaced one lost it)
    entry["params"] = params
    game = doc.setdefault(tune.game, tomlkit.table(is_super_table=True))
    strategy = game.setdefault(tune.strategy, tomlkit.table(is_super_table=True))
    strategy[preset] = entry
    path.write_text(tomlkit.dumps(doc).rstrip("\n") + "\n")
    reload()
