"""What every input file may hold: study, tune and rules files, checked key by key with pydantic.

Each model is strict (a string is never taken as a number or a boolean) and refuses unknown keys, so
``rotate = "false"`` or ``players = "four"`` is refused rather than read as something else. A file
that breaks its schema raises :class:`SchemaError`: one line per problem, each naming the file, the
key (``variants[1].rules``) and what is allowed there. What a value means for one game (which player
counts, which rule fields) is checked after this, by the experiment and the rules.

Component data files (cards, maps, boards) are each game's own; a game's loader calls
:func:`check` with its own model, so its problems are reported the same way.
"""

from __future__ import annotations

import re
from types import UnionType
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic import StrictBool as Bool
from pydantic import StrictFloat as Float
from pydantic import StrictInt as Int
from pydantic import StrictStr as Str
from typing_extensions import TypeAliasType

from simkit.core.errors import DataError, SimkitError

Model = TypeVar("Model", bound=BaseModel)

# A rule's value: a scalar, or a table of them (``hazards = { bear = 0 }``), as deep as needed.
Scalar = Bool | Int | Float | Str
RuleTree = TypeAliasType("RuleTree", "dict[str, Bool | Int | Float | Str | RuleTree]")
RULES = "a table of rule fields, each a number, true/false or text (a sub-table for nested rules)"


class SchemaError(DataError):
    """An input file (or a spec built in code) breaks its schema; one line per problem."""

    def __init__(self, source: object, problems: list[str]):
        self.source, self.problems = source, problems
        self.path, self.problem = source, "; ".join(problems)
        SimkitError.__init__(self, "\n".join(f"{source}: {p}" for p in problems))


class Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


def allowed(text: str, default: Any = None) -> Any:
    """A field's default and what it allows, in words (the error message's "expected ...")."""
    return Field(default, description=text)


Name = Annotated[Str, Field(min_length=1)]
Count = Annotated[Int, Field(ge=1)]
Seed = Annotated[Int, Field(ge=0)]
Names = Str | Annotated[list[Name], Field(min_length=1)]
STRATEGIES = "a strategy name or a non-empty list of them (text)"


# ---------------------------------------------------------------------------------- study files
class Sweep(Strict):
    field: Name = allowed('a rule field\'s dotted name (text), e.g. "hazards.bear"', ...)
    values: Annotated[list[Scalar], Field(min_length=1)] = allowed(
        "a non-empty list of values for the field", ...
    )


class VariantSpec(Strict):
    name: Name = allowed("the variant's name (text)", ...)
    rules: RuleTree = allowed(RULES, {})


class StudyFile(Strict):
    """A study (experiment) file, ``simkit run STUDY.toml`` (DESIGN.md, "Experiments")."""

    name: Name | None = allowed("the study's name (text)")
    game: Str | None = allowed("a registered game's name (see `simkit games`)")
    players: Int | Annotated[list[Int], Field(min_length=1)] | None = allowed(
        "a player count or a non-empty list of them (whole numbers)"
    )
    games: Count | None = allowed("a whole number of at least 1")
    seed: Seed | None = allowed("a whole number of at least 0")
    strategies: Names | None = allowed(STRATEGIES)
    rotate: Bool | None = allowed("true or false")
    chunk: Count | None = allowed("a whole number of games, at least 1")
    rules: RuleTree | None = allowed(RULES, {})
    variants: list[VariantSpec] | None = allowed(
        "a list of tables, each with a name and a rules table", []
    )
    sweep: Sweep | None = allowed("a table with a field and a non-empty list of values")
    description: Str | None = allowed("text", "")
    question: Str | None = allowed("text", "")


# ----------------------------------------------------------------------------------- tune files
class Range(Strict):
    lo: Int = allowed("a whole number", ...)
    hi: Int = allowed("a whole number, at least lo", ...)
    step: Count = allowed("a whole number of at least 1", 1)


class TuneFile(Strict):
    """A tune file, ``simkit tune GAME --space TUNE.toml`` (simkit.core.tune)."""

    game: Str | None = allowed("a registered game's name (see `simkit games`)")
    players: Count | None = allowed("a player count (a whole number)")
    strategies: Names | None = allowed(STRATEGIES)
    rotate: Bool | None = allowed("true or false")
    seed: Seed | None = allowed("a whole number of at least 0")
    objective: Literal["fpa", "length", "spread"] | None = allowed("fpa, length or spread")
    target: Int | Float | None = allowed("a number")
    budget: Annotated[Int, Field(ge=10)] | None = allowed("a whole number of games, at least 10")
    rules: RuleTree | None = allowed(RULES, {})
    space: dict[Str, Annotated[list[Scalar], Field(min_length=1)] | Range] | None = allowed(
        "a table of rule fields, each a non-empty list of values or a range { lo, hi }"
    )
    description: Str | None = allowed("text", "")


class PlayerTuneFile(Strict):
    """A player tune file (``strategy = ...``), ``simkit tune GAME --space TUNE.toml``
    (simkit.core.tune_players)."""

    game: Str | None = allowed("a registered game's name (see `simkit games`)")
    players: Count | None = allowed("a player count (a whole number)")
    strategy: Name = allowed("the strategy whose parameters are tuned (text)", ...)
    field: Names | None = allowed(STRATEGIES + ', or "self"')
    objective: Literal["win"] | None = allowed("win (the only objective of a player tune)")
    seed: Seed | None = allowed("a whole number of at least 0")
    budget: Annotated[Int, Field(ge=10)] | None = allowed("a whole number of games, at least 10")
    rules: RuleTree | None = allowed(RULES, {})
    space: dict[Str, Annotated[list[Scalar], Field(min_length=1)] | Range] | None = allowed(
        "a table of strategy parameters, each a non-empty list of values or a range { lo, hi }"
    )
    description: Str | None = allowed("text", "")
    preset: Str | None = allowed("the preset's name (text)")


class LevelsFile(StudyFile):
    """A study at several skill levels, ``simkit levels STUDY.toml`` (simkit.core.levels)."""

    levels: Annotated[list[Name], Field(min_length=2)] = allowed(
        "a list of two or more strategies, weak to strong", ...
    )
    games: Count | dict[Str, Count] | None = allowed(
        "a whole number of at least 1, or a table of one per level"
    )


# ---------------------------------------------------------------------------------- rules files
class RulesFile(Strict):
    """A rules file for ``simkit check --rules``: a [rules] table (or the fields at top level)."""

    rules: RuleTree = allowed(RULES, {})
    description: Str = allowed("text", "")


def rules_file_overrides(data: dict[str, Any], source: object) -> dict[str, Any]:
    """The overrides of a rules file: its [rules] table, or its top-level fields if it has none."""
    if "rules" in data:
        return dict(check(RulesFile, data, source).rules)
    return dict(check(RulesFile, {"rules": data}, source).rules)


# ------------------------------------------------------------------------------------- run.json
class VariantRecord(BaseModel):
    name: Str = allowed("text", ...)
    overrides: dict[str, Any] = allowed("a table", ...)


class RunMeta(BaseModel):
    """What a run directory's run.json must hold for the run to resume, report and replay."""

    model_config = ConfigDict(strict=True, extra="allow")

    name: Str = allowed("text", ...)
    game: Str = allowed("a registered game's name", ...)
    players: Annotated[list[Count], Field(min_length=1)] = allowed("a list of player counts", ...)
    games_per_cell: Count = allowed("a whole number of at least 1", ...)
    seed: Seed = allowed("a whole number of at least 0", ...)
    strategies: Annotated[list[Str], Field(min_length=1)] = allowed("a list of names", ...)
    rotate: Bool = allowed("true or false", ...)
    rules: dict[str, Any] = allowed("a table", ...)
    variants: Annotated[list[VariantRecord], Field(min_length=1)] = allowed("a list", ...)
    base_dir: Str | None = allowed("a folder or null")
    description: Str = allowed("text", "")
    chunk_size: Count | None = allowed("a whole number of at least 1")
    time_limit: Int | Float | None = allowed("seconds, or null")


# ----------------------------------------------------------------------------------- checking
def check(model: type[Model], data: Any, source: object) -> Model:
    """``data`` as ``model``, or a :class:`SchemaError` naming ``source`` and every bad key."""
    if not isinstance(data, dict):
        raise SchemaError(source, [f"expected a table of keys, not {type(data).__name__}"])
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise SchemaError(source, problems(model, exc)) from None


def problems(model: type[BaseModel], exc: ValidationError) -> list[str]:
    """One line per bad key (pydantic reports a union's failure once per member: merged here)."""
    lines: dict[str, str] = {}
    for error in exc.errors():
        key, allowed = _locate(model, error["loc"])
        if key in lines:
            continue
        if error["type"] == "extra_forbidden":
            known = ", ".join(_known(model, error["loc"][:-1]))
            lines[key] = f"unknown key '{key}'; known here: {known}"
        elif error["type"] == "missing":
            lines[key] = f"'{key}' is missing: {allowed or error['msg']}"
        else:
            shown = _shown(error.get("input"))
            lines[key] = f"{key} = {shown}: expected {allowed or error['msg'].lower()}"
    return list(lines.values())


def _key_text(part: str) -> str:
    """A key as written, or quoted when it holds anything but word characters and dots (a line
    break in a key must not split its problem over two lines)."""
    return part if re.fullmatch(r"[\w.@:+-]+", part) else repr(part)


def _locate(model: type[BaseModel], loc: tuple) -> tuple[str, str]:
    """The key a pydantic error location names (``variants[1].rules``) and what is allowed there:
    the description of the innermost model field on the way. The location stops at a union's
    member (pydantic names each), so a union's failures make one problem."""
    key, allowed, current = "", "", model
    for part in loc:
        if isinstance(part, int):
            key += f"[{part}]"
            continue
        if _is_type_tag(part):
            break
        key += ("." if key else "") + _key_text(part)
        if current is not None and part in current.model_fields:
            info = current.model_fields[part]
            allowed = info.description or allowed
            current = _submodel(info.annotation)
        else:
            current = None  # a key inside a free table (rules, space), or an unknown one
    return key or "(top level)", allowed


def _is_type_tag(part: str) -> bool:
    """pydantic's names for a union's members in an error location (``int``, ``list[str]``...)."""
    models = {m.__name__ for m in (*Strict.__subclasses__(), VariantRecord)}
    return part in {"bool", "int", "float", "str", "list", "dict", "none"} | models or (
        "[" in part and part.endswith("]")
    )


def _submodel(annotation: Any) -> type[BaseModel] | None:
    """The model a field holds (directly, in a list, or as an optional), if any."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    origin = get_origin(annotation)
    if origin is Annotated:
        return _submodel(get_args(annotation)[0])
    if origin in (Union, UnionType, list):
        for arg in get_args(annotation):
            found = _submodel(arg)
            if found is not None:
                return found
    return None


def _known(model: type[BaseModel], loc: tuple) -> list[str]:
    current: type[BaseModel] | None = model
    for part in loc:
        if isinstance(part, str) and current is not None and part in current.model_fields:
            current = _submodel(current.model_fields[part].annotation)
    return sorted(current.model_fields) if current is not None else []


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
