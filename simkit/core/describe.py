"""What a results part says about itself, so that a table separated from its run folder still says
what it is.

Every Parquet part carries the run's description as file metadata (key ``simkit``, a JSON object:
run id, experiment, description, game, variant, player count, seed, strategies and the rules as
used), and every rule field that a variant or sweep of the run changes gets its own typed column
named by the field (``hazards.bear``), holding the value the row's game was played with.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pyarrow as pa

from simkit import __version__
from simkit.core.results import BASE_COLUMNS
from simkit.core.rules import rules_to_dict

METADATA_KEY = b"simkit"


def varied_fields(exp) -> list[str]:
    """The rule fields some variant of ``exp`` changes, in the order they first appear."""
    fields: dict[str, None] = {}
    for variant in exp.variants:
        for name in variant.overrides:
            if name != "data":  # a whole data file is not one value; the variant names it
                fields[name] = None
    return list(fields)


def column_name(field: str) -> str:
    """The column of a varied rule field: its dotted name, unless that is a results column."""
    return f"rule.{field}" if field in BASE_COLUMNS or field.startswith("x_") else field


def rule_columns(exp) -> set[str]:
    """The names of the columns that hold ``exp``'s varied rule fields."""
    return {column_name(field) for field in varied_fields(exp)}


def rule_value(rules: Any, field: str) -> Any:
    value = rules
    for part in field.split("."):
        value = getattr(value, part)
    return value


def describe(table: pa.Table, exp, variant, n_players: int, run_dir: str) -> pa.Table:
    """``table`` (one chunk's rows) with the varied rules as typed columns and the run's
    description as file metadata."""
    rules = exp.rules_for(variant)
    for field in varied_fields(exp):
        value = rule_value(rules, field)
        if isinstance(value, bool | int | float | str):
            column = pa.repeat(pa.scalar(value), table.num_rows)  # no list of a value a row
            table = table.append_column(column_name(field), column)
    about = {
        "run_id": _run_id(exp),
        "run_dir": run_dir,
        "experiment": exp.name,
        "description": exp.description,
        "game": exp.game,
        "variant": variant.name,
        "overrides": {**exp.rules, **variant.overrides},
        "n_players": n_players,
        "games_per_cell": exp.games,
        "seed": exp.seed,
        "strategies": exp.strategies,
        "rotate": exp.rotate,
        "rules": rules_to_dict(rules),
        "simkit_version": __version__,
    }
    metadata = dict(table.schema.metadata or {})
    metadata[METADATA_KEY] = json.dumps(about, default=str).encode()
    return table.replace_schema_metadata(metadata)


def about(path) -> dict[str, Any]:
    """The description a part carries (``{}`` for a part written before parts carried one)."""
    import pyarrow.parquet as pq

    metadata = pq.read_schema(path).metadata or {}
    return json.loads(metadata[METADATA_KEY]) if METADATA_KEY in metadata else {}


def _run_id(exp) -> str:
    """The same for every part of one run, whatever --jobs, resume or more games: a hash of what
    the experiment declares (cheaper than its fingerprint, which builds every variant's rules)."""
    declared = [exp.name, exp.game, exp.seed, exp.players, exp.strategies, exp.rotate, exp.rules]
    declared.append([(v.name, v.overrides) for v in exp.variants])
    text = json.dumps(declared, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
