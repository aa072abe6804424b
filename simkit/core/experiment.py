"""Experiments: what a run plays (game, players, strategies, seats, variants, games, seed).

An experiment resolves into *cells* (one variant at one player count) of ``games`` games each; game
``k`` of every cell shares one seed (common random numbers). Cells are cut into chunks, each one
Parquet part, and every chunk's games, seeds and seats are fixed before any work is dispatched.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from simkit import __version__
from simkit.core import registry
from simkit.core.errors import ExperimentError
from simkit.core.rules import flatten, load_toml, make_rules, rules_to_dict
from simkit.core.schema import StudyFile, check
from simkit.core.seating import cycle_length, seating
from simkit.core.strategy import make_strategy, split_strategies

# The largest chunk cut by default, by engine: a compiled engine plays 2,000 games in well under a
# second, so its chunks are larger, to keep the Python work around its kernel (seat codes, the
# Arrow table, the Parquet part) a small share of the run.
LARGEST_CHUNK = {"python": 2000, "compiled": 10000}


@dataclass(frozen=True)
class Variant:
    name: str
    overrides: dict[str, Any]


@dataclass(frozen=True)
class Cell:
    index: int
    variant: Variant
    n_players: int


@dataclass(frozen=True)
class Chunk:
    cell: Cell
    number: int
    first: int  # index of the first game within its cell
    count: int

    @property
    def part_name(self) -> str:
        return f"part-{self.cell.index:03d}-{self.number:06d}.parquet"


@dataclass
class Experiment:
    game: str
    players: list[int]
    games: int
    seed: int
    strategies: list[str]
    name: str = "run"
    rotate: bool = False
    chunk: int = 0
    rules: dict[str, Any] = field(default_factory=dict)
    variants: list[Variant] = field(default_factory=list)
    base_dir: Path | None = None
    description: str = ""

    # ------------------------------------------------------------------ building
    @classmethod
    def from_file(cls, path: Path, **cli) -> Experiment:
        data = read_spec(path, StudyFile)
        data.setdefault("name", path.stem)
        return cls.from_dict(data, base_dir=path.parent, **cli)

    @classmethod
    def from_dict(cls, data: dict[str, Any], base_dir: Path | None = None, **cli) -> Experiment:
        merged = {**data, **{k: v for k, v in cli.items() if v is not None}}
        overrides = merged.pop("set", None)
        check(StudyFile, merged, "the study")  # a file's keys are checked, and so are the options
        if overrides:
            merged["rules"] = {**flatten(merged.get("rules", {})), **overrides}
        game = merged.get("game")
        if not game:
            raise ExperimentError("no game: name one with --game or `game = ...` in the spec")
        spec = registry.game(game)
        players = merged.get("players", spec.typical_players)
        players = [players] if isinstance(players, int) else list(players)
        for n in players:
            if not isinstance(n, int) or n not in spec.player_counts:
                raise ExperimentError(
                    f"players = {n!r}: {game} plays {spec.min_players}-{spec.max_players} players"
                )
        strategies = merged.get("strategies") or [spec.default_strategy]
        if isinstance(strategies, str):
            strategies = split_strategies(strategies)
        if not strategies:
            raise ExperimentError("strategies: name at least one strategy")
        exp = cls(
            game=game,
            players=players,
            games=_positive(merged.get("games", 1000), "games"),
            seed=_seed(merged.get("seed", 0)),
            strategies=[s.strip() for s in strategies],
            name=str(merged.get("name", "run")),
            rotate=merged.get("rotate") or False,
            chunk=merged.get("chunk") or 0,
            rules=flatten(merged.get("rules", {})),
            base_dir=base_dir,
            description=str(merged.get("description", merged.get("question", ""))),
        )
        exp.variants = _variants(merged)
        exp.validate()
        return exp

    def validate(self) -> None:
        """Build every variant's rules and every strategy once, so errors show before any game."""
        spec = registry.game(self.game)
        for v in self.variants:
            make_rules(spec, {**self.rules, **v.overrides}, self.base_dir)
        for s in set(self.strategies):
            make_strategy(s, self.game)
        if not self.rotate and len(self.strategies) > 1:
            for n in self.players:
                if len(self.strategies) != n:
                    raise ExperimentError(
                        f"{len(self.strategies)} strategies for {n} seats: name one per seat, "
                        "one for all seats, or add --rotate"
                    )

    # ------------------------------------------------------------------ resolving
    def rules_for(self, variant: Variant):
        spec = registry.game(self.game)
        return make_rules(spec, {**self.rules, **variant.overrides}, self.base_dir)

    def cells(self) -> list[Cell]:
        return [
            Cell(i, v, n)
            for i, (v, n) in enumerate((v, n) for v in self.variants for n in self.players)
        ]

    def chunk_size(self, jobs: int, engine: str = "python") -> int:
        """Games a chunk (one Parquet part) unless the study fixes it: large enough that dispatch
        overhead is small, small enough for steady progress and little lost to a crash."""
        if self.chunk > 0:
            return self.chunk
        return max(50, min(LARGEST_CHUNK[engine], self.games // max(1, 4 * jobs)))

    def chunks(self, size: int) -> list[Chunk]:
        out = []
        for cell in self.cells():
            for number, first in enumerate(range(0, self.games, size)):
                out.append(Chunk(cell, number, first, min(size, self.games - first)))
        return out

    def seats(self, k: int, n_players: int) -> list[str]:
        """The strategy in each seat of game ``k``: rotated over a design in which every pair of
        strategies meets in every order (``simkit.core.seating``), or fixed seat by seat."""
        names = self.strategies
        if len(names) == 1:
            return names * n_players
        if self.rotate:
            return seating(names, n_players, k)
        return list(names)

    def seating_period(self, n_players: int) -> int:
        """Games after which :meth:`seats` repeats itself."""
        if self.rotate and len(self.strategies) > 1:
            return cycle_length(len(self.strategies), n_players)
        return 1

    def game_index(self, cell: Cell, k: int) -> int:
        return cell.index * self.games + k

    def locate(self, game_index: int) -> tuple[Cell, int]:
        cells = self.cells()
        cell_index, k = divmod(game_index, self.games)
        if not 0 <= cell_index < len(cells):
            raise ExperimentError(
                f"game index {game_index} is not in this run (0..{len(cells) * self.games - 1})"
            )
        return cells[cell_index], k

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "game": self.game,
            "players": self.players,
            "games_per_cell": self.games,
            "games_total": self.games * len(self.cells()),
            "seed": self.seed,
            "strategies": self.strategies,
            "rotate": self.rotate,
            "base_dir": str(self.base_dir) if self.base_dir else None,
            "rules": self.rules,
            "variants": [{"name": v.name, "overrides": v.overrides} for v in self.variants],
            "rules_as_used": {v.name: rules_to_dict(self.rules_for(v)) for v in self.variants},
            "simkit_version": __version__,
        }

    def fingerprint(self) -> str:
        """What must match for a run directory to be resumed (everything but the game count)."""
        data = self.to_json()
        for key in ("games_per_cell", "games_total", "simkit_version", "description"):
            data.pop(key)
        return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()

    @classmethod
    def from_run_json(cls, data: dict[str, Any]) -> Experiment:
        exp = cls(
            game=data["game"],
            players=list(data["players"]),
            games=int(data["games_per_cell"]),
            seed=int(data["seed"]),
            strategies=list(data["strategies"]),
            name=data["name"],
            rotate=bool(data["rotate"]),
            rules=dict(data["rules"]),
            base_dir=Path(data["base_dir"]) if data.get("base_dir") else None,
            description=data.get("description", ""),
        )
        exp.variants = [Variant(v["name"], dict(v["overrides"])) for v in data["variants"]]
        return exp


def read_spec(path: Path, schema: type[BaseModel]) -> dict[str, Any]:
    """A study or tune file's table, checked against its schema (simkit.core.schema): unknown keys
    (a typo would go unnoticed) and every value's type, one line per problem."""
    data = load_toml(path)
    check(schema, data, path)
    return data


def default_run_dir(exp: Experiment, from_file: bool) -> Path:
    """runs/GAME/STUDY for a study file; runs/GAME/run-ID for a command line, ID naming its
    settings (all but the game count, so more games extend the same folder). Each part is made a
    single folder name: a study named ``../../x`` still writes inside ``runs/``."""
    game = registry.game(exp.game).name
    study = exp.name if from_file else f"run-{exp.fingerprint()[:8]}"
    return Path("runs") / _folder_name(game) / _folder_name(study)


def _folder_name(name: str) -> str:
    return re.sub(r"[^\w.+=,-]+", "-", name).strip(".-") or "run"


def _positive(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ExperimentError(f"{name} = {value!r}: expected a whole number of at least 1")
    return value


def _seed(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ExperimentError(f"seed = {value!r}: expected a whole number of at least 0")
    return value


def _variants(data: dict[str, Any]) -> list[Variant]:
    variants = [Variant("base", {})]
    for i, entry in enumerate(data.get("variants", [])):
        if not isinstance(entry, dict) or "name" not in entry:
            raise ExperimentError(f"variants[{i}] needs a name and a rules table")
        variants.append(Variant(str(entry["name"]), flatten(entry.get("rules", {}))))
    sweep = data.get("sweep")
    if sweep:
        for value in sweep["values"]:
            variants.append(Variant(f"{sweep['field']}={value}", {sweep["field"]: value}))
    names = [v.name for v in variants]
    for dup in {n for n in names if names.count(n) > 1}:
        raise ExperimentError(f"variant name '{dup}' is used twice")
    return variants
