"""Named presets of a strategy's parameters: ``threshold@tuned`` is ``threshold`` with the
parameters that ``simkit/strategies/presets.toml`` stores under ``[<game>.threshold.tuned]``.

Each preset records the tune file that found it (``tuned_by``) and what it gained over the
hand-set defaults (``gain``), so anyone can run the tuning again and replace the values; only the
``params`` table reaches the strategy.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from simkit.core.errors import StrategyError


@cache
def _load(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    with path.open("rb") as fh:
        return tomllib.load(fh)


def presets_file() -> Path:
    import simkit.strategies as strategies

    return Path(strategies.__file__).parent / "presets.toml"


def presets_for(game: str, strategy: str) -> dict[str, dict[str, Any]]:
    """Every preset of ``strategy`` in ``game``: {preset name: its table}."""
    return dict(_load(presets_file()).get(game, {}).get(strategy, {}))


def preset_params(game: str, strategy: str, preset: str, allowed: dict[str, Any]) -> dict:
    """The parameters of ``strategy@preset`` for ``game``, checked against the strategy's own."""
    known = presets_for(game, strategy)
    if preset not in known:
        names = ", ".join(f"{strategy}@{p}" for p in known) or "none"
        raise StrategyError(f"no preset '{strategy}@{preset}' for {game}; its presets: {names}")
    params = dict(known[preset].get("params", {}))
    for key, value in params.items():
        if key not in allowed:
            raise StrategyError(
                f"preset '{strategy}@{preset}' sets '{key}', which {strategy} does not have"
            )
        if type(value) is not type(allowed[key]) and not (
            isinstance(value, int) and isinstance(allowed[key], float)
        ):
            raise StrategyError(
                f"preset '{strategy}@{preset}': {key} = {value!r} is not a "
                f"{type(allowed[key]).__name__}"
            )
    return params


def reload() -> None:
    """Forget the presets read so far (after a tune wrote a new one)."""
    _load.cache_clear()
