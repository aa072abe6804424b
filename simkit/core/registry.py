"""Registries of games and strategies, discovered from their packages on first use.

Games: every package under ``simkit/games/`` exposing ``GAME``. Strategies: every class in a module
of the ``strategies`` package decorated with :func:`simkit.core.strategy.strategy`.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from simkit.core.errors import SimkitError
from simkit.core.game import GameSpec


@cache
def games() -> dict[str, GameSpec]:
    import simkit.games as pkg

    found: dict[str, GameSpec] = {}
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{pkg.__name__}.{info.name}")
        spec = getattr(module, "GAME", None)
        if isinstance(spec, GameSpec):
            found[spec.name] = spec
    return found


def game(name: str) -> GameSpec:
    registered = games()
    if name not in registered:
        raise SimkitError(f"unknown game '{name}'; registered games: {', '.join(registered)}")
    return registered[name]


@cache
def load_strategy_modules() -> None:
    import strategies as pkg

    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        importlib.import_module(f"{pkg.__name__}.{info.name}")
