"""Rules: a game's frozen dataclass of tunable numbers and component data, and how to override it.

A rule field declares what it allows with :func:`rule` (a range or a list of choices). Overrides come
from an experiment's ``[rules]`` table and from ``--set field=value`` (nested fields with dots,
``hazards.bear=0``); the special key ``data`` names a designer's component data file. Every bad
value raises :class:`RulesError` naming the field, the value and what is allowed.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from simkit.core.errors import DataError, RulesError


def rule(
    default: Any,
    *,
    lo: float | None = None,
    hi: float | None = None,
    choices: tuple | None = None,
    help: str = "",
) -> Any:
    """A rule field with its allowed values (``lo``..``hi`` inclusive, or ``choices``)."""
    meta = {"lo": lo, "hi": hi, "choices": choices, "help": help}
    if isinstance(default, list | dict):
        raise TypeError("rule defaults must be immutable")
    return dataclasses.field(default=default, metadata=meta)


def rule_fields(rules: Any, prefix: str = "") -> dict[str, dataclasses.Field]:
    """Every scalar rule field by its dotted name, descending into nested rule dataclasses."""
    out: dict[str, dataclasses.Field] = {}
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            out.update(rule_fields(value, f"{prefix}{f.name}."))
        else:
            out[prefix + f.name] = f
    return out


@dataclasses.dataclass(frozen=True)
class RuleField:
    """One rule field as ``simkit rules GAME`` shows it."""

    name: str
    default: Any
    allowed: str
    help: str


def describe_rules(rules: Any) -> list[RuleField]:
    """Every scalar rule field (dotted name) with its default, what it allows and its help text;
    component data (card lists, maps) is named, not printed."""
    out = []
    for name, f in rule_fields(rules).items():
        value = rules
        for part in name.split("."):
            value = getattr(value, part)
        if isinstance(value, tuple | list | dict):
            default, allowed = f"({len(value)} entries)", "component data: --set data=FILE"
        else:
            default, allowed = value, _allowed(f)
        out.append(RuleField(name, default, allowed, f.metadata.get("help", "")))
    return out


def _allowed(f: dataclasses.Field) -> str:
    m = f.metadata
    if m.get("choices") is not None:
        return "one of " + ", ".join(map(str, m["choices"]))
    lo, hi = m.get("lo"), m.get("hi")
    if lo is not None and hi is not None:
        return f"a number from {lo} to {hi}"
    if lo is not None:
        return f"a number of at least {lo}"
    if hi is not None:
        return f"a number of at most {hi}"
    return "a value of the same type as the default"


_KIND_WORDS = {int: "a whole number", float: "a number", bool: "true or false", str: "a text"}


def _coerce(name: str, raw: Any, current: Any) -> Any:
    kind = type(current)
    if isinstance(raw, str) and kind is not str:
        text = raw.strip()
        try:
            if kind is bool:
                if text.lower() in ("true", "yes", "on", "1"):
                    return True
                if text.lower() in ("false", "no", "off", "0"):
                    return False
                raise ValueError
            if kind is int:
                return int(text)
            if kind is float:
                return float(text)
        except ValueError:
            raise RulesError(name, raw, f"expected {_KIND_WORDS[kind]}") from None
        raise RulesError(name, raw, "this field is component data: change it in a data file")
    if kind not in (bool, int, float, str):
        raise RulesError(name, raw, "this field is component data: change it in a data file")
    if kind is float and isinstance(raw, int) and not isinstance(raw, bool):
        return float(raw)
    if kind is bool and not isinstance(raw, bool):
        raise RulesError(name, raw, "expected true or false")
    if kind is int and (isinstance(raw, bool) or not isinstance(raw, int)):
        raise RulesError(name, raw, "expected a whole number")
    if kind in (float, str) and not isinstance(raw, kind):
        raise RulesError(name, raw, f"expected {_KIND_WORDS[kind]}")
    return raw


def _check_field(name: str, f: dataclasses.Field, value: Any) -> None:
    m = f.metadata
    if m.get("choices") is not None and value not in m["choices"]:
        raise RulesError(name, value, _allowed(f))
    if not isinstance(value, int | float) or isinstance(value, bool):
        return
    too_low = m.get("lo") is not None and value < m["lo"]
    too_high = m.get("hi") is not None and value > m["hi"]
    if too_low or too_high:
        raise RulesError(name, value, _allowed(f))


def _replace_path(obj: Any, path: list[str], value: Any, full: str) -> Any:
    names = {f.name: f for f in dataclasses.fields(obj)}
    head = path[0]
    if head not in names:
        known = ", ".join(rule_fields(obj))
        raise RulesError(full, value, f"no such rule; known rules: {known}")
    current = getattr(obj, head)
    if len(path) > 1:
        if not dataclasses.is_dataclass(current):
            raise RulesError(full, value, f"'{head}' has no sub-fields")
        return dataclasses.replace(obj, **{head: _replace_path(current, path[1:], value, full)})
    if dataclasses.is_dataclass(current) and not isinstance(value, Mapping):
        raise RulesError(full, value, f"name one of its fields: {', '.join(rule_fields(current))}")
    if isinstance(value, Mapping):
        for k, v in value.items():
            obj = _replace_path(obj, [head, *str(k).split(".")], v, f"{full}.{k}")
        return obj
    new = _coerce(full, value, current)
    _check_field(full, names[head], new)
    return dataclasses.replace(obj, **{head: new})


def flatten(overrides: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """``{"hazards": {"bear": 0}}`` and ``{"hazards.bear": 0}`` alike become ``{"hazards.bear": 0}``."""
    out: dict[str, Any] = {}
    for key, value in overrides.items():
        if isinstance(value, Mapping):
            out.update(flatten(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def make_rules(spec, overrides: Mapping[str, Any] | None = None, base_dir: Path | None = None):
    """The game's default rules with ``overrides`` applied and validated.

    ``data`` (a path, relative to ``base_dir``) loads a designer's component data file first.
    """
    flat = flatten(overrides or {})
    rules = spec.default_rules()
    data = flat.pop("data", None)
    if data:
        if spec.load_data is None:
            raise RulesError("data", data, f"{spec.name} has no component data file to replace")
        path = Path(data)
        if base_dir is not None and not path.is_absolute():
            path = base_dir / path
        if not isinstance(data, str):
            raise RulesError("data", data, "the path of a component data file (text)")
        if not path.is_file():
            raise DataError(path, "no such component data file")
        rules = dataclasses.replace(rules, **load_data(spec, path))
    for name, value in flat.items():
        rules = _replace_path(rules, name.split("."), value, name)
    validate = getattr(rules, "validate", None)
    if validate is not None:
        validate()
    return rules


def load_data(spec, path: Path) -> dict[str, Any]:
    """A game's component data file as rule fields. The game's loader checks what it knows (with
    :func:`simkit.core.schema.check`); a value of a type it did not foresee (a number where a table
    belongs) still ends here as one line naming the file, never as a traceback."""
    try:
        return spec.load_data(path)
    except (TypeError, ValueError, KeyError, AttributeError, IndexError, ArithmeticError) as exc:
        raise DataError(path, f"malformed component data ({type(exc).__name__}: {exc})") from None


def parse_set(items: list[str]) -> dict[str, str]:
    """``["hazards.bear=0", ...]`` from the command line into a dict (values still strings)."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise RulesError(
                item, item, "write --set field=value, for example --set hazards.bear=0"
            )
        out[key.strip()] = value.strip()
    return out


def rules_to_dict(rules: Any) -> dict[str, Any]:
    """A JSON-ready dict of the rules as used (for run.json)."""

    def plain(v: Any) -> Any:
        if dataclasses.is_dataclass(v) and not isinstance(v, type):
            return {f.name: plain(getattr(v, f.name)) for f in dataclasses.fields(v)}
        if isinstance(v, tuple | list):
            return [plain(x) for x in v]
        if isinstance(v, Mapping):
            return {str(k): plain(x) for k, x in v.items()}
        return v

    return plain(rules)


def load_toml(path: Path) -> dict[str, Any]:
    """A TOML file's table, or one line saying why not (missing, unreadable, binary, bad TOML)."""
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DataError(path, "no such file") from None
    except IsADirectoryError:
        raise DataError(path, "is a directory, not a TOML file") from None
    except OSError as exc:
        raise DataError(path, f"cannot be read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise DataError(path, "not a text file (TOML is UTF-8 text)") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(path, f"not valid TOML: {exc}") from None
