"""Strategies: objects with a ``name`` and ``choose(view, legal_actions, rng) -> action``.

A built-in strategy is a dataclass registered with :func:`strategy`; its fields are its parameters,
so ``threshold:hike=5,drop=7`` builds ``Threshold(hike=5, drop=7)``. A user's own strategy is named
by import path, ``mypkg.mod:MyStrategy`` (optionally ``mypkg.mod:MyStrategy:k=v``), and plugs in
without touching simkit; a package of strategies can also register names through the
``simkit.strategies`` entry-point group.

A list of strategies (``--strategies``, a study's ``strategies = "..."``) is split by
:func:`split_strategies`: ``;`` always separates, and a comma separates unless what follows is a
``key=value`` parameter of the strategy before it, so ``threshold:hike=5,drop=7,bold`` is two.
"""

from __future__ import annotations

import dataclasses
import inspect
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Protocol

from simkit.core import registry
from simkit.core.errors import SimkitError, StrategyError
from simkit.core.presets import preset_params
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
        return " ".join(doc.split("\n\n")[0].split()).replace("``", "")

    def params(self) -> dict[str, Any]:
        if not dataclasses.is_dataclass(self.cls):
            return {}
        return {f.name: f.default for f in dataclasses.fields(self.cls) if f.init}

    def param_help(self) -> dict[str, str]:
        """What each parameter means: the field's ``metadata["help"]``, else the comment on its
        line (in this class or the one it inherits the field from), else the docstring's clause
        that names it (``hike`` in "hikes or joins with at least ``hike`` cards")."""
        if not dataclasses.is_dataclass(self.cls):
            return {}
        clauses = _clauses(" ".join((self.cls.__doc__ or "").split()))
        comments = _field_comments(self.cls)
        out = {}
        for f in dataclasses.fields(self.cls):
            if f.init:
                told = (
                    f.metadata.get("help")
                    or comments.get(f.name)
                    or next((c for c in clauses if f"``{f.name}``" in c), "")
                )
                out[f.name] = told.replace("``", "")
        return out


def _field_comments(cls: type) -> dict[str, str]:
    """``{field: comment}`` from lines like ``hike: int = 5  # cards held to hike``, the nearest
    class of the MRO first."""
    found: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        try:
            source = inspect.getsource(klass)
        except (OSError, TypeError):
            continue
        for match in _FIELD_COMMENT.finditer(source):
            found[match["name"]] = match["comment"].strip()
    return found


_FIELD_COMMENT = re.compile(r"^[ \t]+(?P<name>\w+)\s*:[^#\n]*#(?P<comment>[^\n]+)$", re.M)


def _clauses(text: str) -> list[str]:
    """``text`` cut at commas, semicolons, colons and full stops outside brackets."""
    clauses, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and ch in ",;:." and text[i + 1 : i + 2] in (" ", ""):
            clauses.append(text[start:i].strip())
            start = i + 1
    clauses.append(text[start:].strip())
    return [c for c in clauses if c]


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


def registered_classes() -> set[type]:
    return {info.cls for infos in _STRATEGIES.values() for info in infos}


def strategies_for(game: str) -> dict[str, StrategyInfo]:
    """The strategies that play ``game`` (a registered name or a plug-in's import path)."""
    load_strategy_modules()
    game = registry.game_name(game)
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
        f"strategy '{strategy_name}': parameter '{key}' = '{raw}' is not {_KIND_WORDS.get(kind, 'a ' + kind.__name__)}"
    )


_KIND_WORDS = {int: "a whole number", float: "a number", bool: "true or false", str: "a text"}


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
    head, at, preset = head.partition("@")  # name@preset: stored parameters (simkit.core.presets)
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
            cls = registry.load_object(head, cls_name, "strategy")
        except SimkitError as exc:
            raise StrategyError(str(exc)) from None
        info = StrategyInfo(f"{head}:{cls_name}", cls, None)
    else:
        raise StrategyError(
            f"unknown strategy '{head}' for {game}; available: {', '.join(available)}"
            " (or give an import path module:Class)"
        )
    params = _parse_params(info.name, param_text, info.params())
    stored = preset_params(game, info.name, preset, info.params()) if at else {}
    if not callable(info.cls):
        raise StrategyError(f"strategy '{info.name}' is not a class (module:Class)")
    try:
        instance = info.cls(**(stored | params))
    except Exception as exc:  # a user's class that cannot be built as named
        raise StrategyError(
            f"strategy '{info.name}' cannot be built: {type(exc).__name__}: {exc}"
        ) from exc
    label = f"{info.name}@{preset}" if at else info.name
    object.__setattr__(instance, "name", canonical_name(label, params))
    if not callable(getattr(instance, "choose", None)):
        raise StrategyError(f"strategy '{info.name}' has no choose(view, legal_actions, rng)")
    return instance


def split_strategies(text: str) -> list[str]:
    """A list of strategy names from one string: ``;`` separates always; a comma separates unless
    the next item is a ``key=value`` parameter (it has ``=`` and no ``:`` before it), which belongs
    to the strategy before it. ``bold,greedy`` is two strategies, ``threshold:hike=5,drop=7`` one."""
    names: list[str] = []
    for group in text.split(";"):
        current: list[str] = []
        for item in (i.strip() for i in group.split(",")):
            if not item:
                continue
            is_param = "=" in item and ":" not in item.partition("=")[0]
            if is_param and current and ":" in current[-1]:
                current[-1] += "," + item
            else:
                current.append(item)
        names += current
    return names
