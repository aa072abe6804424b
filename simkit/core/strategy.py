"""Strategies: objects with a ``name`` and ``choose(view, legal_actions, rng) -> action``.

A built-in strategy is a dataclass registered with :func:`strategy`; its fields are its parameters,
so ``threshold:hike=5,drop=7`` builds ``Threshold(hike=5, drop=7)``. A user's own strategy is named
by import path, ``mypkg.mod:MyStrategy`` (optionally ``mypkg.mod:MyStrategy:k=v``), and plugs in
without touching simkit.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Protocol

from simkit.core.errors import StrategyError
from simkit.core.registry import load_strategy_modules
from simkit.core.rng import GameRng


class Strategy(Protocol):
    name: str

    def choose(self, view: Any, legal_actions: Sequence, rng: GameRng) -> Any: ...


@dataclass(frozen=True)
class StrategyInfo:
    name: str
    cls: type
    games: tuple[str, ...] | None  # None: works for every game

    @property
    def summary(self) -> str:
        doc = (self.cls.__doc__ or "").strip()
        return " ".join(doc.split("\n\n")[0].split())

    def params(self) -> dict[str, Any]:
        if not dataclasses.is_dataclass(self.cls):
            return {}
        return {f.name: f.default for f in dataclasses.fields(self.cls) if f.init}


# Names are per game: two games may each have a "planner". A generic strategy (games=None) serves
# every game that has no strategy of its own by that name.
_STRATEGIES: dict[str, list[StrategyInfo]] = {}


def strategy(name: str, games: Sequence[str] | None = None):
    """Class decorator: register a strategy under ``name`` for ``games`` (None: every game)."""

    def register(cls):
        info = StrategyInfo(name, cls, tuple(games) if games else None)
        for other in _STRATEGIES.setdefault(name, []):
            shared = other.games is None and info.games is None
            if shared or set(other.games or ()) & set(info.games or ()):
                raise StrategyError(f"strategy '{name}' is registered twice for the same game")
        _STRATEGIES[name].append(info)
        return cls

    return register


def strategies_for(game: str) -> dict[str, StrategyInfo]:
    load_strategy_modules()
    found: dict[str, StrategyInfo] = {}
    for name, infos in sorted(_STRATEGIES.items()):
        own = [i for i in infos if i.games and game in i.games]
        generic = [i for i in infos if i.games is None]
        if own or generic:
            found[name] = (own or generic)[0]
    return found


def _coerce(strategy_name: str, key: str, raw: str, default: Any) -> Any:
    kind = type(default)
    try:
        if kind is bool:
            if raw.lower() in ("1", "true", "yes", "on"):
                return True
            if raw.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError(raw)
        if kind in (int, float, str):
            return kind(raw)
    except ValueError:
        pass
    else:
        return raw
    raise StrategyError(
        f"strategy '{strategy_name}': parameter '{key}' = '{raw}' is not a {kind.__name__}"
    )


def _parse_params(strategy_name: str, text: str, allowed: dict[str, Any]) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in text.split(","))):
        key, sep, raw = item.partition("=")
        key = key.strip()
        if not sep:
            raise StrategyError(f"strategy '{strategy_name}': parameter '{item}' needs key=value")
        if key not in allowed:
            choices = ", ".join(allowed) or "none"
            raise StrategyError(
                f"strategy '{strategy_name}' has no parameter '{key}'; its parameters: {choices}"
            )
        params[key] = _coerce(strategy_name, key, raw.strip(), allowed[key])
    return params


def canonical_name(base: str, params: dict[str, Any]) -> str:
    if not params:
        return base
    return base + ":" + ",".join(f"{k}={v}" for k, v in sorted(params.items()))


# Why importing a strategy by path is refused here, or None when it is allowed (see README.md, "Code
# that simkit runs"): replay refuses the modules a run directory names unless asked.
_import_refusal: ContextVar[str | None] = ContextVar("simkit_import_refusal", default=None)


@contextmanager
def refuse_imports(why: str) -> Iterator[None]:
    """Within this block, a strategy named by import path is refused with ``why`` (registered
    strategies still build)."""
    token = _import_refusal.set(why)
    try:
        yield
    finally:
        _import_refusal.reset(token)


def names_code(text: str, game: str) -> bool:
    """Whether a strategy's name imports a module: an import path, or a parameter that is one
    (``search:policy=mod:Class``)."""
    head, _, rest = text.strip().partition(":")
    if head not in strategies_for(game):
        return True
    return any(":" in value for _, _, value in (p.partition("=") for p in rest.split(",")))


def make_strategy(text: str, game: str) -> Strategy:
    """Build a strategy from its command-line name: ``name``, ``name:k=v,...`` or ``module:Class``."""
    text = text.strip()
    head, _, rest = text.partition(":")
    available = strategies_for(game)
    if head in available:
        info, param_text = available[head], rest
    elif rest and "=" not in rest.partition(":")[0]:  # an import path: module:Class[:params]
        cls_name, _, param_text = rest.partition(":")
        refusal = _import_refusal.get()
        if refusal is not None:
            raise StrategyError(
                f"strategy '{head}:{cls_name}' is not a registered strategy: {refusal}"
            )
        try:
            cls = getattr(importlib.import_module(head), cls_name)
        except (ImportError, AttributeError) as exc:
            raise StrategyError(f"cannot import strategy '{head}:{cls_name}': {exc}") from exc
        info = StrategyInfo(f"{head}:{cls_name}", cls, None)
    else:
        raise StrategyError(
            f"unknown strategy '{head}' for {game}; available: {', '.join(available)}"
            " (or give an import path module:Class)"
        )
    params = _parse_params(info.name, param_text, info.params())
    if not callable(info.cls):
        raise StrategyError(f"strategy '{info.name}' is not a class (module:Class)")
    try:
        instance = info.cls(**params)
    except Exception as exc:  # a user's class that cannot be built as named
        raise StrategyError(
            f"strategy '{info.name}' cannot be built: {type(exc).__name__}: {exc}"
        ) from exc
    object.__setattr__(instance, "name", canonical_name(info.name, params))
    if not callable(getattr(instance, "choose", None)):
        raise StrategyError(f"strategy '{info.name}' has no choose(view, legal_actions, rng)")
    return instance
