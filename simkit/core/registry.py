"""Registries of games and strategies, discovered on first use.

Games come from three places: the packages under ``simkit/games/`` exposing ``GAME``, installed
plug-ins declaring an entry point in the ``simkit.games`` group (``my-game = "my_pkg:GAME"``), and
an import path ``package.module:GAME`` named directly (``--game my_game:GAME``), which needs no
installing. Strategies: every class decorated with :func:`simkit.core.strategy.strategy` in a module
of the ``strategies`` package, of a plug-in game's own modules, or of a module named by a
``simkit.strategies`` entry point.

An import path is resolved in every process that meets it (each worker imports the module again),
with the current folder on the import path, so that a module beside the study works without
``PYTHONPATH``.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import pkgutil
import sys
import warnings
from functools import cache
from importlib import metadata

from simkit.core.errors import SimkitError
from simkit.core.game import GameSpec

GAME_GROUP = "simkit.games"
STRATEGY_GROUP = "simkit.strategies"


def entry_points(group: str):
    """The installed entry points of ``group`` (looked up at each call, so a package installed or
    a lookup patched since is seen)."""
    return metadata.entry_points(group=group)


def import_path(text: str) -> tuple[str, str] | None:
    """``("package.module", "NAME")`` for ``package.module:NAME``, else None."""
    module, sep, attr = text.partition(":")
    if not sep or not module or not attr.isidentifier() or module.endswith(".py"):
        return None
    if not all(part.isidentifier() for part in module.split(".")):
        return None
    return module, attr


def load_object(module: str, attr: str, what: str):
    """``module.attr``, with the current folder importable; a failure says what to do."""
    cwd = os.getcwd()
    if cwd not in sys.path and "" not in sys.path:
        sys.path.append(cwd)  # after installed packages: a stray file never shadows one
    try:
        loaded = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name and module.startswith(exc.name):
            raise SimkitError(
                f"cannot import {what} '{module}:{attr}': no module '{exc.name}' here ({cwd}) or "
                "installed; run simkit from the folder that holds it, install its package "
                "(pip install -e PATH), or add its folder to PYTHONPATH"
            ) from None
        raise SimkitError(f"cannot import {what} '{module}:{attr}': {exc}") from exc
    except ImportError as exc:
        raise SimkitError(f"cannot import {what} '{module}:{attr}': {exc}") from exc
    try:
        return getattr(loaded, attr)
    except AttributeError:
        raise SimkitError(
            f"cannot import {what} '{module}:{attr}': {module} has no {attr}"
        ) from None


@cache
def games() -> dict[str, GameSpec]:
    """Every registered game by name: simkit's own, then installed plug-ins."""
    import simkit.games as pkg

    found: dict[str, GameSpec] = {}
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{pkg.__name__}.{info.name}")
        spec = getattr(module, "GAME", None)
        if isinstance(spec, GameSpec):
            found[spec.name] = spec
    for ep in sorted(entry_points(GAME_GROUP), key=lambda e: e.name):
        try:
            spec = ep.load()
        except Exception as exc:  # one broken plug-in must not hide the other games
            warnings.warn(f"skipping game plug-in '{ep.name}' ({ep.value}): {exc}", stacklevel=2)
            continue
        if not isinstance(spec, GameSpec):
            warnings.warn(f"skipping game plug-in '{ep.name}': not a GameSpec", stacklevel=2)
            continue
        if spec.name in found and found[spec.name] is not spec:
            warnings.warn(
                f"game plug-in '{ep.value}' is named like another game, '{spec.name}': skipped",
                stacklevel=2,
            )
            continue
        found[spec.name] = spec
    return found


# Games loaded by import path in this process, by their names, so that code handed only the name
# (a search player's playouts, for one) finds them too.
_IMPORTED: dict[str, GameSpec] = {}


def game(name: str) -> GameSpec:
    """A game by its registered name or by import path ``package.module:GAME``."""
    own = _own_game(name)
    if own is not None:
        return own
    registered = games()
    if name in registered:
        return registered[name]
    if name in _IMPORTED:
        return _IMPORTED[name]
    path = import_path(name)
    if path is None:
        file, _, attr = name.partition(".py:")
        hint = (
            f"; for the file {file}.py name its module from its folder: "
            f"{file.replace('/', '.').lstrip('.')}:{attr or 'GAME'}"
            if attr or name.endswith(".py")
            else ""
        )
        raise SimkitError(
            f"unknown game '{name}'; registered games: {', '.join(registered)} "
            f"(or name your own as package.module:GAME){hint}"
        )
    spec = load_object(*path, "game")
    if not isinstance(spec, GameSpec):
        raise SimkitError(f"'{name}' is a {type(spec).__name__}, not a GameSpec")
    _IMPORTED.setdefault(spec.name, spec)
    return spec


def _own_game(name: str) -> GameSpec | None:
    """One of simkit's own games (they come first in :func:`games`), imported alone: a command
    about one game need not import every game and plug-in (Timber Tom's searches load numba)."""
    module = name.replace("-", "_")
    if not module.isidentifier() or importlib.util.find_spec(f"simkit.games.{module}") is None:
        return None
    spec = getattr(importlib.import_module(f"simkit.games.{module}"), "GAME", None)
    return spec if isinstance(spec, GameSpec) and spec.name == name else None


def game_name(name: str) -> str:
    """The registered name of a game named either way (``my_game:GAME`` -> ``my-game``)."""
    return game(name).name if import_path(name) else name


@cache
def load_strategy_modules() -> None:
    import simkit.strategies as pkg

    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        importlib.import_module(f"{pkg.__name__}.{info.name}")
    games()  # a plug-in game's own strategies register as its package is imported
    for ep in sorted(entry_points(STRATEGY_GROUP), key=lambda e: e.name):
        try:
            loaded = ep.load()  # a module: its @strategy classes register as it is imported
        except Exception as exc:
            warnings.warn(f"skipping strategy plug-in '{ep.name}': {exc}", stacklevel=2)
            continue
        if isinstance(loaded, type):
            _register_class(ep.name, loaded)


def _register_class(name: str, cls: type) -> None:
    """A class named by a strategy entry point: registered under the entry point's name for every
    game, unless it registered itself with @strategy."""
    from simkit.core.errors import StrategyError
    from simkit.core.strategy import registered_classes, strategy

    if cls in registered_classes():
        return
    try:
        strategy(name)(cls)
    except StrategyError as exc:
        warnings.warn(f"skipping strategy plug-in '{name}': {exc}", stacklevel=2)
