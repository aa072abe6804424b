"""Every rule field and every heuristic's parameter says what it is (``simkit rules`` and
``simkit strategies`` print these)."""

import dataclasses
import inspect
import io
import tokenize

import pytest

from simkit.core.rules import rule_fields
from simkit.core.strategy import strategies_for
from simkit.games.backpacks_and_blisters import GAME


def test_every_rule_field_has_a_description():
    fields = rule_fields(GAME.default_rules())
    assert len(fields) > 20
    missing = [name for name, f in fields.items() if len(f.metadata.get("help", "")) < 8]
    assert missing == []


def line_comments(cls) -> dict[str, str]:
    """The comment on the line each class attribute is assigned in ``cls``'s own body."""
    source = inspect.getsource(cls)
    comments, names = {}, {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        row = tok.start[0]
        if tok.type == tokenize.NAME and tok.start[1] == 4 and row not in names:
            names[row] = tok.string
        elif tok.type == tokenize.COMMENT and row in names:
            comments[names[row]] = tok.string.lstrip("# ")
    return comments


def param_description(cls, name: str) -> str:
    """The help of parameter ``name`` where the class it belongs to sets it: its metadata, else
    the comment on that line (the nearest class in the MRO that assigns it)."""
    field = {f.name: f for f in dataclasses.fields(cls)}[name]
    if field.metadata.get("help"):
        return field.metadata["help"]
    for klass in cls.__mro__:
        if name in vars(klass) or name in getattr(klass, "__annotations__", {}):
            return line_comments(klass).get(name, "")
    return ""


# The game's own heuristics (``search`` and ``random`` serve every game and are not B&B's).
HEURISTICS = [
    name
    for name, info in strategies_for(GAME.name).items()
    if info.cls.__module__.endswith("backpacks_and_blisters")
]


@pytest.mark.parametrize("name", HEURISTICS)
def test_every_strategy_parameter_has_a_description(name):
    info = strategies_for(GAME.name)[name]
    assert info.params()
    missing = [p for p in info.params() if len(param_description(info.cls, p)) < 8]
    assert missing == []
