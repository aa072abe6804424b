"""The balance report of one run: Parquet in, PNG charts and one self-contained HTML file out.

Built from a lazy scan of the run's parts: every figure is an aggregate pushed down to the scan or
computed from the game-level summaries (one row per game, or a cell's games by seats), so a
million games are never in memory as rows; charts are drawn from counts.

In the order a designer asks: the verdict, seat balance, strategy ratings, the metrics with their
definitions (game arcs when the run was traced), score anatomy, variants and sweeps, the games,
and at the end how the run was made (command, seed, version, rules, assumed component data).
Charts: win share by seat with 95% intervals and the fair line (first-player advantage), win share
and rating by strategy (when several), metrics against a swept rule, score distributions by seat
and by strategy, and game length.
"""

from __future__ import annotations

import base64
import html
import json
import warnings
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
# Names are data: a strategy or variant called "cost $_$" is text, never TeX math.
matplotlib.rcParams["text.parse_math"] = False
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from simkit.core import metrics, ratings, stats, traces  # noqa: E402
from simkit.core import verdicts as verdicts_module  # noqa: E402
from simkit.core.results import scan_results  # noqa: E402
from simkit.core.traces import read_traces  # noqa: E402

# Okabe-Ito: a palette that colour-blind readers can tell apart.
PALETTE = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000"]


def _cells(df) -> list[tuple[str, int]]:
    """The (variant, players) cells of ``df`` (rows, a lazy scan of them, or any table keyed so)."""
    cells = df.lazy().select("variant", "n_players").unique().sort("variant", "n_players")
    return [tuple(r) for r in cells.collect().iter_rows()]


def _label(variant: str, n: int, many_variants: bool) -> str:
    return f"{variant}, {n} players" if many_variants else f"{n} players"


def _save(fig, path: Path) -> None:
    """Lay out, write and close a chart. A name with a character the font lacks is drawn as a
    box; matplotlib's warning about it tells the reader nothing more."""
    with warnings.catch_warnings():
        warnings.filterwarnings(
            "ignore", message="Glyph .* missing from font", category=UserWarning
        )
        fig.tight_layout()
        fig.savefig(path, dpi=110)


def subplots(*grid: int, figsize: tuple[float, float], **kw):
    """``pyplot.subplots`` without pyplot: a figure no window manager keeps, so nothing needs
    closing (pyplot's close collects the garbage of the whole heap, a second at a million games)."""
    fig = Figure(figsize=figsize)
    FigureCanvasAgg(fig)  # laid out and drawn by Agg, as pyplot's figures here were
    return fig, fig.subplots(*grid, **kw)


def _grid(count: int, width: float, height: float, **kw):
    """Small multiples, at most three to a row, so six cells stay legible."""
    cols = min(3, max(1, count))
    rows = -(-count // cols)
    fig, axes = subplots(
        rows, cols, figsize=(max(5.0, width * cols), height * rows), squeeze=False, **kw
    )
    flat = list(axes.flat)
    for ax in flat[count:]:
        ax.set_visible(False)
    return fig, flat[:count]


def strategy_colours(df) -> dict[str, str]:
    """One colour per strategy, the same in every panel and chart of the report."""
    names = sorted(df.lazy().select(pl.col("strategy").unique()).collect()["strategy"].to_list())
    return {name: PALETTE[i % len(PALETTE)] for i, name in enumerate(names)}


def chart_seats(df, path: Path, seats: pl.DataFrame | None = None) -> None:
    """Each seat's win share minus its fair share 1/n, in points, with the 95% interval
    (``seats``: the seat win shares if already made)."""
    seats = stats.seat_win_shares(df) if seats is None else seats
    cells = _cells(seats)
    many = seats["variant"].n_unique() > 1
    fig, axes = _grid(len(cells), 3.4, 3.4, sharey=True)
    for ax, (variant, n) in zip(axes, cells, strict=True):
        part = seats.filter((pl.col("variant") == variant) & (pl.col("n_players") == n))
        x = part["seat"].to_numpy()
        fair = 1.0 / n
        y = 100 * (part["win_share"].to_numpy() - fair)
        err = 100 * np.vstack(
            [part["win_share"].to_numpy() - part["lo"].to_numpy(), part["hi"] - part["win_share"]]
        )
        ax.bar(x, y, color=PALETTE[0], yerr=err, capsize=4, ecolor="black")
        ax.axhline(0, color=PALETTE[3], linestyle="--", linewidth=1)
        ax.set_title(_label(variant, n, many), fontsize=10)
        ax.set_xlabel("seat (0 plays first)")
        ax.set_xticks(x)
    axes[0].set_ylabel("points above fair 1/n (95% interval)")
    fig.suptitle("Win share by seat: difference from fair")
    _save(fig, path)


def _bars_by_cell(
    df, table, value: str, path: Path, xlabel: str, title: str, reference, scale: float = 1.0
) -> None:
    """One horizontal bar chart per (variant, players) cell: ``value`` per strategy minus
    ``reference(n_players)``, times ``scale``, with its interval; strategies keep their colour."""
    cells = _cells(df)
    many = len({variant for variant, _ in cells}) > 1
    colours = strategy_colours(df)
    fig, axes = _grid(len(cells), 4.2, 3.6, sharex=True)
    for ax, (variant, n) in zip(axes, cells, strict=True):
        part = table.filter((pl.col("variant") == variant) & (pl.col("n_players") == n))
        names = part["strategy"].to_list()
        ref = reference(n)
        y = scale * (part[value].to_numpy() - ref)
        err = scale * np.vstack(
            [part[value].to_numpy() - part["lo"].to_numpy(), part["hi"] - part[value]]
        )
        ax.barh(range(len(names)), y, xerr=err, color=[colours[x] for x in names], capsize=4)
        ax.set_yticks(range(len(names)), names)
        ax.axvline(0, color="black", linestyle="--", linewidth=0.8)
        ax.invert_yaxis()
        ax.set_xlabel(xlabel)
        ax.set_title(_label(variant, n, many), fontsize=10)
    fig.suptitle(title)
    _save(fig, path)


def chart_strategies(df, path: Path, table: pl.DataFrame | None = None) -> bool:
    """Win share by strategy per cell (``table``: the strategy win shares if already made)."""
    if stats.distinct(df, "strategy") < 2:
        return False
    table = stats.strategy_win_shares(df) if table is None else table
    _bars_by_cell(
        df,
        table,
        "win_share",
        path,
        "points above fair 1/n (95% interval)",
        "Win share by strategy (seats rotated): difference from fair",
        lambda n: 1.0 / n,
        scale=100.0,
    )
    return True


def _distributions(ax, groups, xlabel: str, colours: list[str] | None = None) -> None:
    """Overlapping step histograms for up to three groups (still readable); box plots beyond.
    A group is (name, values, counts): each distinct value and how many times it occurs."""
    colours = colours or [PALETTE[i % len(PALETTE)] for i in range(len(groups))]
    if len(groups) <= 3:
        _hist(ax, groups, xlabel, colours)
        return
    parts = ax.boxplot(
        [np.repeat(values, counts) for _, values, counts in groups],
        orientation="horizontal",
        patch_artist=True,
        showfliers=False,
        widths=0.6,
    )
    for box, colour in zip(parts["boxes"], colours, strict=True):
        box.set_facecolor(colour)
        box.set_alpha(0.6)
    ax.set_yticks(range(1, len(groups) + 1), [name for name, _, _ in groups])
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)


def _hist(ax, groups: list[tuple[str, np.ndarray, np.ndarray]], xlabel: str, colours=None) -> None:
    colours = colours or [PALETTE[i % len(PALETTE)] for i in range(len(groups))]
    lo = min(float(v.min()) for _, v, _ in groups)
    hi = max(float(v.max()) for _, v, _ in groups)
    integral = all(np.all(np.mod(v, 1) == 0) for _, v, _ in groups)
    if integral:
        # Whole-number scores: bins of whole width centred on the values, so no bin is empty or
        # doubled by rounding.
        width = max(1, int(np.ceil((hi - lo + 1) / 60)))
        bins = np.arange(lo - 0.5, hi + width + 0.5, width)
    else:
        bins = np.linspace(lo, hi, 41) if hi > lo else 10
    for i, (name, values, counts) in enumerate(groups):
        ax.hist(
            values,
            bins=bins,
            weights=counts,
            histtype="step",
            linewidth=1.6,
            density=True,
            color=colours[i],
            label=name,
        )
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of games")
    ax.legend(fontsize=8)


def _counts(df, keys: list[str], value: str) -> pl.DataFrame:
    """How many rows hold each value of ``value`` per group of ``keys``, pushed down to the scan."""
    return df.lazy().group_by(*keys, value).agg(count=pl.len()).sort(*keys, value).collect()


def _group(counts: pl.DataFrame, name: str, **where) -> tuple[str, np.ndarray, np.ndarray]:
    part = counts.filter(**where)
    value = next(c for c in counts.columns if c not in where and c != "count")
    return name, part[value].to_numpy(), part["count"].to_numpy()


def chart_scores(df, path: Path) -> None:
    """Score distributions by seat (top row) and by strategy (bottom row), one column per player
    count, so seats of different table sizes are never pooled."""
    # One pass over the rows; each view is summed from its value counts.
    both = _counts(df, ["n_players", "seat", "strategy"], "score")
    by_seat, by_strategy = (
        both.group_by("n_players", key, "score")
        .agg(pl.col("count").sum())
        .sort("n_players", key, "score")
        for key in ("seat", "strategy")
    )
    counts = sorted(by_seat["n_players"].unique().to_list())
    several = by_strategy["strategy"].n_unique() > 1
    rows = 2 if several else 1
    fig, axes = subplots(
        rows, len(counts), figsize=(max(6, 4.2 * len(counts)), 3.6 * rows), squeeze=False
    )
    colours = strategy_colours(by_strategy)
    for col, n in enumerate(counts):
        seats = [_group(by_seat, f"seat {s}", n_players=n, seat=s) for s in range(n)]
        _distributions(axes[0][col], seats, "final score")
        axes[0][col].set_title(f"Score by seat, {n} players")
        if several:
            names = sorted(by_strategy.filter(n_players=n)["strategy"].unique().to_list())
            groups = [_group(by_strategy, name, n_players=n, strategy=name) for name in names]
            _distributions(axes[1][col], groups, "final score", [colours[x] for x in names])
            axes[1][col].set_title(f"Score by strategy, {n} players")
    _save(fig, path)


def chart_length(games: pl.DataFrame, path: Path, turn_unit: str) -> None:
    """The distribution of game length per cell (``games``: the per-game table)."""
    lengths = _counts(games, ["variant", "n_players"], "turns")
    cells = _cells(lengths)
    many = len({variant for variant, _ in cells}) > 1
    groups = [_group(lengths, _label(v, n, many), variant=v, n_players=n) for v, n in cells]
    fig, ax = subplots(figsize=(6.5, max(4.0, 0.35 * len(groups))))
    _distributions(ax, groups, f"game length ({turn_unit})")
    ax.set_title("Game length")
    _save(fig, path)


def _table_html(df: pl.DataFrame, digits: int = 3) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in df.columns)
    rows = []
    for row in df.iter_rows():
        cells = []
        for v in row:
            text = f"{v:.{digits}f}" if isinstance(v, float) else str(v)
            cells.append(f"<td>{html.escape(text)}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table><tr>{head}</tr>{''.join(rows)}</table>"


def _img(path: Path, alt: str) -> str:
    data = base64.b64encode(path.read_bytes()).decode()
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


def verdicts(df: pl.DataFrame) -> list[str]:
    """Plain sentences per cell: every seat out of line (or what the games rule out and what a
    study would need), then every strategy out of line and whether one dominates."""
    return verdicts_module.seat_verdicts(df)["verdict"].to_list() + (
        verdicts_module.strategy_verdicts(df)
    )


def chart_ratings(df, path: Path, by_cell=None) -> pl.DataFrame | None:
    """Bradley-Terry Elo per strategy with bootstrap intervals; None with a single strategy
    (``by_cell``: the cells' meetings if already made)."""
    if stats.distinct(df, "strategy") < 2:
        return None
    table = ratings.bradley_terry(df, by_cell=by_cell)
    _bars_by_cell(
        df,
        table,
        "elo",
        path,
        "Bradley-Terry rating (Elo scale, 95% bootstrap interval)",
        "Strategy ratings",
        lambda n: 0.0,
    )
    return table


def sweep_field(meta: dict) -> str | None:
    """The swept rule field: every non-base variant overrides the same single field with a number
    (names are data and never parsed: a variant may be called ``fewer bears=yes``)."""
    overrides = [v.get("overrides") or {} for v in meta.get("variants", []) if v["name"] != "base"]
    if not overrides or any(len(o) != 1 for o in overrides):
        return None
    fields = {next(iter(o)) for o in overrides}
    values = [next(iter(o.values())) for o in overrides]
    numeric = all(isinstance(x, int | float) and not isinstance(x, bool) for x in values)
    if len(fields) == 1 and numeric and len(set(values)) == len(values):
        return fields.pop()
    return None


def _rule_value(rules: dict, dotted: str):
    for key in dotted.split("."):
        rules = rules[key]
    return rules


def sweep_points(table: pl.DataFrame, meta: dict, field: str) -> pl.DataFrame:
    """Each variant's swept value (the base at its rule's value, if it has one) and its metrics
    (``table``: the outcome metrics with the first-player advantage, in long format)."""
    try:
        base_value = float(_rule_value(meta["rules_as_used"]["base"], field))
    except (KeyError, TypeError, ValueError):
        base_value = None
    values = {"base": base_value} | {
        v["name"]: v["overrides"][field] for v in meta["variants"] if v["name"] != "base"
    }
    return table.with_columns(
        value_of_field=pl.col("variant").replace_strict(values, return_dtype=pl.Float64)
    )


def fpa_metric(df: pl.DataFrame) -> pl.DataFrame:
    fpa = stats.first_player_advantage(df)
    return fpa.select(
        "variant", "n_players", metric=pl.lit("fpa"), value="fpa", lo="lo", hi="hi"
    ).cast(metrics.METRIC_SCHEMA)


SWEEP_CHARTS = ("fpa", "balance", "duration_mean", "drawishness")


def chart_sweep(points: pl.DataFrame, field: str, path: Path) -> None:
    fig, axes = subplots(1, len(SWEEP_CHARTS), figsize=(4 * len(SWEEP_CHARTS), 3.8))
    for ax, name in zip(axes, SWEEP_CHARTS, strict=True):
        for i, n in enumerate(sorted(points["n_players"].unique().to_list())):
            part = points.filter((pl.col("metric") == name) & (pl.col("n_players") == n)).sort(
                "value_of_field"
            )
            x = part["value_of_field"].to_numpy()
            y = part["value"].to_numpy()
            err = np.clip(
                np.vstack([y - part["lo"].to_numpy(), part["hi"].to_numpy() - y]), 0, None
            )
            ax.errorbar(
                x, y, yerr=err, marker="o", capsize=4, color=PALETTE[i], label=f"{n} players"
            )
        if name == "fpa":
            ax.axhline(0, color="black", linestyle="--", linewidth=0.8)
        ax.set_xlabel(field)
        ax.set_ylabel(f"{name} (95% interval)")
        ax.set_title(name.replace("_", " "))
        ax.legend(fontsize=8)
    fig.suptitle(f"Metrics against {field}")
    _save(fig, path)


def head_to_head_matrix(df, by_cell=None, h2h=None) -> pl.DataFrame:
    """Share of meetings won, row strategy against column strategy, as 'share [lo, hi]'
    (``h2h``: the head-to-head table if already made). The columns are headed 'vs NAME', so a
    strategy named like a row key (``strategy``, ``variant``) cannot collide with it."""
    h2h = (ratings.head_to_head(df, by_cell) if h2h is None else h2h).with_columns(
        opponent="vs " + pl.col("opponent"),
        cell=pl.format(
            "{} [{}, {}]",
            pl.col("share").round(3),
            pl.col("lo").round(3),
            pl.col("hi").round(3),
        ),
    )
    return h2h.pivot(on="opponent", index=["variant", "n_players", "strategy"], values="cell").sort(
        "variant", "n_players", "strategy"
    )


def assumed_data(rules: dict) -> list[str]:
    """Component data marked assumed anywhere in the rules as used (``assumed`` and ``why``)."""
    found: list[str] = []

    def walk(node):
        if isinstance(node, dict):
            if node.get("assumed"):
                label = node.get("name", "?")
                found.append(
                    f"{label}: {', '.join(node['assumed'])} assumed ({node.get('why', '')})"
                )
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(rules)
    return found


def _definitions(definitions: dict[str, str]) -> str:
    return (
        "<dl>"
        + "".join(
            f"<dt><code>{html.escape(k)}</code></dt><dd>{html.escape(v)}</dd>"
            for k, v in definitions.items()
        )
        + "</dl>"
    )


CSS = """body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;color:#222;
padding:0 1em}table{border-collapse:collapse;margin:0.5em 0 1.5em;max-width:100%}
td,th{border:1px solid #ccc;padding:3px 8px;text-align:right;overflow-wrap:anywhere}
th{background:#f0f0f0}img{max-width:100%}code{background:#f4f4f4;padding:1px 4px;
overflow-wrap:anywhere}.findings li{margin:0.4em 0}nav ol{columns:2}details{margin:0.5em 0}
summary{cursor:pointer;font-weight:600}.warn{color:#a04000}"""

# Provenance values longer than this are cut in the page (a board drawn as one long string).
LONGEST_VALUE = 120


def _section(anchor: str, title: str) -> str:
    return f'<h2 id="{anchor}">{html.escape(title)}</h2>'


def _details(summary: str, body: str) -> str:
    return f"<details><summary>{html.escape(summary)}</summary>{body}</details>"


def _flatten(node, prefix: str = "") -> list[tuple[str, str]]:
    """A nested rules dict as (dotted key, short text) rows."""
    if isinstance(node, dict):
        rows = []
        for key, value in node.items():
            rows += _flatten(value, f"{prefix}{key}." if not prefix else f"{prefix}{key}.")
        return rows
    text = json.dumps(node, default=str) if not isinstance(node, str) else node
    if len(text) > LONGEST_VALUE:
        text = text[:LONGEST_VALUE] + f"... ({len(text):,} characters)"
    return [(prefix.rstrip("."), text)]


def games_played(games: pl.DataFrame) -> pl.DataFrame:
    """Games actually in the results, per cell, from the per-game table."""
    return games.group_by("variant", "n_players").agg(games=pl.len()).sort("variant", "n_players")


def header(spec, meta: dict, games: pl.DataFrame) -> str:
    """Title, question and the games actually played (not the games the run planned)."""
    played = games_played(games)
    total = int(played["games"].sum())
    per_cell = sorted(set(played["games"].to_list()))
    cells = f"{played.height} cell{'s' if played.height != 1 else ''}"
    each = (
        f"{per_cell[0]:,} per cell"
        if len(per_cell) == 1
        else f"{min(per_cell):,}-{max(per_cell):,} per cell"
    )
    planned = meta.get("games_total")
    note = (
        f" (the run planned {planned:,}; the rest were not played)"
        if isinstance(planned, int) and planned != total
        else ""
    )
    return (
        f"<h1>{html.escape(spec.title)}: {html.escape(str(meta.get('name', 'run')))}</h1>"
        + (f"<p>{html.escape(meta['description'])}</p>" if meta.get("description") else "")
        + f"<p><b>{total:,} games played</b>, {each} over {cells} (variant and player count)"
        f"{html.escape(note)}. Every figure has a 95% interval written [low, high] (percent "
        "where it is a share); <code>--target-ci</code> is the full width high - low of the "
        "first-player interval.</p>"
    )


def findings(
    seat_table: pl.DataFrame,
    strategy_lines: list[str],
    diffs: pl.DataFrame | None = None,
    by_cell=None,
) -> list[str]:
    """The sentences a designer acts on: seats and strategies out of line, what variants changed
    (``diffs``: the variants' paired differences, None with one variant), and any pair of
    strategies the seating left unmeasured (``by_cell``: the cells' meetings, None with one
    strategy)."""
    lines = seat_findings(seat_table) + strategy_lines
    if diffs is not None:
        lines += variant_findings(diffs)
    if by_cell is not None:
        lines += [f"Warning: {w}" for w in ratings.unmeasured_pairs(None, by_cell)]
    return lines


def seat_findings(table: pl.DataFrame) -> list[str]:
    """The seat verdicts, condensed: every cell with a seat out of line in full, the others in one
    sentence, and what a study would need, once per player count."""
    lines = table.filter(pl.col("sure"))["verdict"].to_list()
    calm = table.filter(~pl.col("sure"))
    if calm.height:
        cells = ", ".join(f"{v} ({n} players)" for v, n in calm.select(KEY_COLUMNS).iter_rows())
        proven = calm.filter(pl.col("equivalent"))
        lines.append(
            f"No seat out of line in {cells} (score tests, Holm-adjusted over every seat test of "
            "this report)."
            + (
                " Seat 0's edge is shown within 1 point either way (two one-sided tests) in "
                + ", ".join(f"{v} ({n} players)" for v, n in proven.select(KEY_COLUMNS).iter_rows())
                + "."
                if proven.height
                else ""
            )
        )
        for n, part in calm.group_by("n_players", maintain_order=True):
            row = part.row(0, named=True)
            lines.append(
                f"At {n[0]} players, ruling out a first-player edge of 1 point either way takes "
                f"about {row['games_for_equivalence']:,} games per cell (two one-sided tests, 80% "
                f"power if the game is fair), and detecting one about {row['games_for_power']:,} "
                f"(80% power; both at 5% after Holm's adjustment); {row['games']:,} were played."
            )
    return lines


KEY_COLUMNS = ["variant", "n_players"]

VARIANT_WORDS = {
    "fpa": ("seat 0's win share", 100, " points"),
    "advantage_p1": ("seat 0's partial win (Ludii's AdvantageP1)", 100, " points"),
    "duration_mean": ("the mean game length", 1, " turns"),
    "drawishness": ("the share of drawn games", 100, " points"),
    "shared_first": ("the share of shared first places", 100, " points"),
    "timeouts": ("the share of games stopped by the turn cap", 100, " points"),
}


def variant_findings(diffs: pl.DataFrame) -> list[str]:
    """What each variant changed against base, paired on shared seeds, Holm-adjusted (``diffs``:
    :func:`verdicts.variant_differences`)."""
    tested = int(diffs["p_adjusted"].is_not_nan().sum())
    sure = diffs.filter(pl.col("sure"))
    if sure.is_empty():
        return [
            f"No variant measurably changed seat 0's share, length, draws or timeouts against "
            f"base (paired on shared seeds, Holm-adjusted over {tested} comparisons)."
        ]
    out = []
    for r in sure.iter_rows(named=True):
        what, scale, unit = VARIANT_WORDS[r["metric"]]
        out.append(
            f"{r['variant']}, {r['n_players']} players: changes {what} by "
            f"{scale * r['diff']:+.1f}{unit} [{scale * r['lo']:+.1f}, {scale * r['hi']:+.1f}] "
            f"against base (paired on {r['pairs']:,} shared seeds, Holm-adjusted over {tested} "
            "comparisons)."
        )
    return out


def chart_variants(diffs: pl.DataFrame, path: Path) -> None:
    """Each variant's change of seat 0's win share and of game length against base (paired;
    ``diffs``: :func:`verdicts.variant_differences`)."""
    panels = (
        ("fpa", 100, "seat 0's win share, points vs base"),
        ("duration_mean", 1, "game length vs base"),
    )
    fig, axes = _grid(len(panels), 5.0, max(3.0, 0.45 * diffs["variant"].n_unique() + 1.5))
    for ax, (metric, scale, label) in zip(axes, panels, strict=True):
        part = diffs.filter(pl.col("metric") == metric).sort("variant", "n_players")
        names = [f"{v}, {n}p" for v, n in part.select("variant", "n_players").iter_rows()]
        y = scale * part["diff"].to_numpy()
        err = scale * np.vstack([part["diff"] - part["lo"], part["hi"] - part["diff"]])
        ax.errorbar(y, range(len(names)), xerr=err, fmt="o", color=PALETTE[0], capsize=4)
        ax.set_yticks(range(len(names)), names)
        ax.axvline(0, color="black", linestyle="--", linewidth=0.8)
        ax.invert_yaxis()
        ax.set_xlabel(label + " (95% interval)")
    fig.suptitle("What each variant changed (paired on shared seeds)")
    _save(fig, path)


def seat_test_table(tests: pl.DataFrame) -> pl.DataFrame:
    """The seat tests as shown: a p-value where there is a test, and why not where there is none
    (two seats are one comparison, seat 1 winning what seat 0 does not)."""
    mirror = (pl.col("n_players") == 2) & (pl.col("seat") == 1)

    def shown(column: str) -> pl.Expr:
        value = pl.col(column).map_elements(lambda p: f"{p:.4f}", return_dtype=pl.String)
        return (
            pl.when(mirror)
            .then(pl.lit("seat 0's test (two seats: one comparison)"))
            .when(pl.col(column).is_nan())
            .then(pl.lit("too few games"))
            .otherwise(value)
        )

    return tests.with_columns(p_value=shown("p_value"), p_adjusted=shown("p_adjusted"))


def seat_sections(
    multi,
    meta: dict,
    out: Path,
    verdict_lines: list[str],
    by_cell=None,
    seat_tests: pl.DataFrame | None = None,
    shares: pl.DataFrame | None = None,
    h2h: pl.DataFrame | None = None,
) -> list[str]:
    """Seat balance and strategy ratings of the games with several players; ``verdict_lines``:
    the per-cell verdicts the findings do not already say. ``seat_tests``, ``shares`` (the
    strategy tests) and ``h2h`` (the head-to-head table): each if already made."""
    seat_tests = verdicts_module.seat_tests(multi) if seat_tests is None else seat_tests
    sections = [_section("seats", "Seat balance")]
    if meta.get("sequential"):
        seq = meta["sequential"]
        sections.append(
            f"<p>Sequential sampling: {seq['games_per_cell']:,} games per cell to bring every "
            f"first-player-advantage interval's full width (high - low) below "
            f"{seq['target_width']} ({'reached' if seq['reached'] else 'not reached'}; budget "
            f"{seq['budget_per_cell']:,}).</p>"
        )
    if verdict_lines:
        sections.append(
            "<ul>" + "".join(f"<li>{html.escape(v)}</li>" for v in verdict_lines) + "</ul>"
        )
    sections += [
        _img(out / "win_share_by_seat.png", "Win share by seat, difference from fair"),
        "<h3>Every seat against its fair share</h3><p>Score test against 1/n; "
        "<code>p_adjusted</code> is Holm-adjusted over every seat test of this report.</p>",
        _table_html(seat_test_table(seat_tests), 4),
        "<h3>First-player advantage</h3>",
        _table_html(stats.first_player_advantage(multi, seat_tests)),
        "<h3>Are all seats equal?</h3><p>Chi-square test on wins per seat; a small p-value says "
        "the seats are not equal.</p>",
        _table_html(stats.seats_equal_test(multi), 4),
    ]
    if by_cell is not None:
        table = chart_ratings(multi, out / "ratings.png", by_cell)
        shares = verdicts_module.strategy_tests(multi) if shares is None else shares
        chart_strategies(multi, out / "win_share_by_strategy.png", shares)
        sections += [
            _section("strategies", "Strategies"),
            _img(out / "win_share_by_strategy.png", "Win share by strategy"),
            "<h3>Win share by strategy (seats rotated)</h3><p>A strategy's wins over its seats; "
            "the game is the unit of the interval (a strategy in several seats of a game is one "
            "cluster); <code>p_adjusted</code>: Holm over every strategy test.</p>",
            _table_html(shares),
            "<h3>Head to head</h3><p>Share of the meetings the row strategy wins against the "
            "column strategy: every pair of seats in a game is a meeting, the better rank wins "
            "it, equal ranks split it (95% interval, the game the unit).</p>",
            _table_html(head_to_head_matrix(multi, by_cell, h2h)),
            "<h3>Bradley-Terry rating</h3><p>"
            + html.escape(ratings.__doc__.split("\n\n")[0])
            + " Fitted by iterative Luce spectral ranking (Maystre and Grossglauser, 2015); "
            "400 points are 10:1 odds; percentile bootstrap over games.</p>",
            _table_html(table, 1),
            _img(out / "ratings.png", "Strategy ratings"),
        ]
    return sections


def metric_sections(multi, run_dir: Path, spec, outcome: pl.DataFrame) -> list[str]:
    """Ludii's outcome metrics (``outcome``) and, for a traced run whose score decides the game,
    the arcs."""
    sections = [
        _section("metrics", "Metrics"),
        _table_html(outcome, 4),
        _details("Definitions", _definitions(metrics.DEFINITIONS)),
    ]
    lines = read_traces(run_dir)
    if lines is not None and getattr(spec, "score_decides", True):
        sections += [
            "<h3>Game arcs (from the score traces)</h3>",
            _table_html(traces.arc_metrics(lines, multi), 3),
            _details("Definitions", _definitions(traces.DEFINITIONS)),
        ]
    elif lines is not None:
        sections.append(
            f"<p>No game arcs: in this game the score ({html.escape(spec.score_meaning)}) does "
            "not decide most games, so lead changes and drama read from it would mislead.</p>"
        )
    return sections


def provenance(meta: dict, games: pl.DataFrame) -> str:
    """How the run was made, folded away: facts, rules as used, assumed component data."""
    facts = {
        "command": meta.get("command", "not recorded"),
        "game": meta.get("game"),
        "players": meta.get("players"),
        "strategies": meta.get("strategies"),
        "rotate": meta.get("rotate"),
        "root seed": meta.get("seed"),
        "simkit": meta.get("simkit_version"),
        "started": meta.get("started"),
        "finished": meta.get("finished"),
        "games in the results": games.height,
    }
    fact_rows = "".join(
        f"<tr><th>{html.escape(k)}</th><td style='text-align:left'>"
        f"<code>{html.escape(v if isinstance(v, str) else json.dumps(v, default=str))}</code>"
        "</td></tr>"
        for k, v in facts.items()
    )
    rules = meta.get("rules_as_used", {})
    rule_tables = "".join(
        _details(
            f"Rules as used: {name}",
            "<table>"
            + "".join(
                f"<tr><th>{html.escape(k)}</th><td style='text-align:left'>"
                f"<code>{html.escape(v)}</code></td></tr>"
                for k, v in _flatten(variant_rules)
            )
            + "</table>",
        )
        for name, variant_rules in rules.items()
    )
    assumed = sorted({line for variant in rules.values() for line in assumed_data(variant)})
    assumed_html = (
        _details(
            f"Assumed component data ({len(assumed)})",
            "<ul>" + "".join(f"<li>{html.escape(a)}</li>" for a in assumed) + "</ul>",
        )
        if assumed
        else ""
    )
    return (
        _section("provenance", "How this was made")
        + _details("Run", f"<table>{fact_rows}</table>")
        + rule_tables
        + assumed_html
    )


def toc(sections: list[str]) -> str:
    """A table of contents from the page's h2 headings."""
    import re

    found = re.findall(r'<h2 id="([^"]+)">(.*?)</h2>', "".join(sections))
    return (
        "<nav><ol>" + "".join(f'<li><a href="#{a}">{t}</a></li>' for a, t in found) + "</ol></nav>"
    )


def build(run_dir: Path, quiet: bool = False) -> Path:
    """Write ``run_dir/report``: the charts as PNG and ``index.html`` with them embedded."""
    from simkit.core import registry

    run_dir = Path(run_dir)
    meta = json.loads((run_dir / "run.json").read_text())
    rows = scan_results(run_dir)
    games = metrics.per_game(rows)
    spec = registry.game(meta["game"])
    out = run_dir / "report"
    out.mkdir(exist_ok=True)
    # Seat balance means nothing in a solo game: those cells get their score and honours instead.
    multi = rows.filter(pl.col("n_players") > 1)
    solo = rows.filter(pl.col("n_players") == 1)
    solo_games = (games["n_players"] == 1).any()
    multi_games = games.filter(pl.col("n_players") > 1) if solo_games else games
    solo_table = solo_scores(solo) if solo_games else None
    chart_scores(rows, out / "scores.png")
    chart_length(games, out / "game_length.png", spec.turn_unit.split(":")[0])

    body: list[str] = []
    lines: list[str] = []
    verdict_lines: list[str] = []
    diffs = shares = None
    if not multi_games.is_empty():
        # Each table once, shared by the charts, verdicts and sections that show it.
        seat_tests = verdicts_module.seat_tests(multi)
        chart_seats(multi, out / "win_share_by_seat.png", seat_tests)
        # Strategies meet only when there are several; variants differ only when there are some.
        by_cell = h2h = None
        if stats.distinct(multi, "strategy") > 1:
            shares = verdicts_module.strategy_tests(multi)
            by_cell = ratings.all_meetings(multi)
            h2h = ratings.head_to_head(multi, by_cell)
        if multi_games["variant"].n_unique() > 1:
            diffs = verdicts_module.variant_differences(multi, games=multi_games)
        seat_table = verdicts_module.seat_verdicts(multi, tests=seat_tests)
        strategy_lines = verdicts_module.strategy_verdicts(multi, by_cell, shares, h2h)
        lines = findings(seat_table, strategy_lines, diffs, by_cell)
        verdict_lines = seat_table["verdict"].to_list() + strategy_lines
        # The findings say each of these already, at the top: say nothing twice.
        unsaid = [v for v in verdict_lines if v not in lines]
        body += seat_sections(multi, meta, out, unsaid, by_cell, seat_tests, shares, h2h)
        del by_cell  # every game's meetings: not needed further down
    if solo_table is not None:
        body += [_section("solo", "Solo games"), _table_html(solo_table)]
        if spec.honours:
            body += ["<h3>Solo honours</h3>", _table_html(honours_table(solo, spec.honours))]
    if not multi_games.is_empty():
        outcome = metrics.outcome_metrics(multi, multi_games)
        body += metric_sections(multi, run_dir, spec, outcome)
    sentinels = dict(getattr(spec, "sentinels", ()))
    anatomy = metrics.score_anatomy(rows, sentinels)
    if not anatomy.is_empty():
        decides = getattr(spec, "score_decides", True)
        if not decides:
            anatomy = anatomy.drop("corr_with_score")
        body += [
            _section("anatomy", "Score anatomy"),
            "<p>Each of the game's own per-seat columns: its mean (the game the unit of the "
            "interval), its mean for the winners and for the rest"
            + (
                ", and its correlation with the final score: where the points come from"
                if decides
                else ""
            )
            + '. Values that mean "does not apply" ('
            + (
                html.escape(", ".join(f"{k} = {v:g}" for k, v in sentinels.items()))
                or "none declared"
            )
            + ") are left out.</p>",
            _table_html(anatomy, 3),
        ]
    if diffs is not None:
        chart_variants(diffs, out / "variants.png")
        body += [
            _section("variants", "Variants and sweeps"),
            _img(out / "variants.png", "What each variant changed"),
            "<p>Each variant against base, paired game by game on the shared seeds (common "
            "random numbers); <code>p_adjusted</code> is Holm-adjusted over every comparison.</p>",
            _table_html(diffs, 4),
        ]
        field = sweep_field(meta)
        if field:
            points = sweep_points(pl.concat([outcome, fpa_metric(multi)]), meta, field)
            chart_sweep(points, field, out / "sweep.png")
            body.append(_img(out / "sweep.png", f"Metrics against {field}"))
    summary = stats.game_summary(rows, games)
    body += [
        _section("games", "Games"),
        f"<p>Score: {html.escape(getattr(spec, 'score_meaning', 'points'))}.</p>",
        _table_html(summary),
        _img(out / "scores.png", "Score distributions"),
        _img(out / "game_length.png", "Game length"),
        provenance(meta, games),
    ]
    top = [_section("findings", "Findings")]
    top.append(
        '<ul class="findings">' + "".join(f"<li>{html.escape(x)}</li>" for x in lines) + "</ul>"
        if lines
        else "<p>Solo games only: see the scores and honours below.</p>"
    )
    sections = top + body
    page = (
        f"<!doctype html><html><head><meta charset='utf-8'><title>"
        f"{html.escape(str(meta.get('name', 'run')))}</title><style>{CSS}</style></head><body>"
        + header(spec, meta, games)
        + toc(sections)
        + "".join(sections)
        + "</body></html>"
    )
    (out / "index.html").write_text(page)
    if not quiet:
        # The strategy table of the rows is the report's own when no solo game adds to it.
        print_summary(
            rows, solo_table, verdict_lines, summary, shares if solo_table is None else None
        )
    return out / "index.html"


def solo_scores(solo: pl.DataFrame) -> pl.DataFrame:
    """Mean solo score with its 95% t interval and the spread, per variant."""
    spread = (
        solo.lazy()
        .group_by("variant")
        .agg(sd=pl.col("score").std(ddof=1), median=pl.col("score").median())
        .collect()
    )
    mean = stats.mean_table(solo, ["variant"], "score")
    return (
        mean.select("variant", "games", mean_score="value", lo="lo", hi="hi")
        .join(spread, on="variant")
        .sort("variant")
    )


def honours_table(solo: pl.DataFrame, honours: tuple[tuple[float, str], ...]) -> pl.DataFrame:
    """Share of solo games ending in each row of the game's honours table (best first), with
    Wilson's interval."""
    ranked = sorted(honours, key=lambda h: -h[0])
    upper = pl.lit(float("inf"))
    parts = []
    for least, name in ranked:
        reached = ((pl.col("score") >= least) & (pl.col("score") < upper)).cast(pl.Float64)
        share = stats.share_table(solo.lazy().with_columns(reached=reached), ["variant"], "reached")
        parts.append(
            share.select(
                "variant",
                score=pl.lit(f"{least:g}+" if least > -1e8 else "below"),
                honour=pl.lit(name),
                share="value",
                lo="lo",
                hi="hi",
            )
        )
        upper = pl.lit(float(least))
    return pl.concat(parts)


def print_summary(
    rows,
    solo_table: pl.DataFrame | None,
    verdict_lines: list[str],
    summary: pl.DataFrame,
    shares: pl.DataFrame | None = None,
) -> None:
    """The report's gist on the terminal, from the tables the report has made (``shares``: the
    strategy win shares of ``rows`` if made)."""
    if solo_table is not None:
        print(solo_table)
    for line in verdict_lines:
        print(line)
    with pl.Config(tbl_rows=50, tbl_cols=12, float_precision=3, tbl_hide_dataframe_shape=True):
        print(summary)
        if stats.distinct(rows, "strategy") > 1:
            print(
                (stats.strategy_win_shares(rows) if shares is None else shares).select(
                    "variant", "n_players", "strategy", "win_share", "lo", "hi", "mean_score"
                )
            )
