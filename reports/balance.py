"""The balance report of one run: Parquet in, PNG charts and one self-contained HTML file out.

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
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
# Names are data: a strategy or variant called "cost $_$" is text, never TeX math.
matplotlib.rcParams["text.parse_math"] = False
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402

from simkit.core import metrics, ratings, stats, traces  # noqa: E402
from simkit.core import verdicts as verdicts_module  # noqa: E402
from simkit.core.results import read_results  # noqa: E402
from simkit.core.traces import read_traces  # noqa: E402

# Okabe-Ito: a palette that colour-blind readers can tell apart.
PALETTE = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000"]


def _cells(df: pl.DataFrame) -> list[tuple[str, int]]:
    return [
        tuple(r)
        for r in df.select("variant", "n_players").unique().sort("variant", "n_players").iter_rows()
    ]


def _label(variant: str, n: int, many_variants: bool) -> str:
    return f"{variant}, {n} players" if many_variants else f"{n} players"


def chart_seats(df: pl.DataFrame, path: Path) -> None:
    seats = stats.seat_win_shares(df)
    cells = _cells(df)
    many = df["variant"].n_unique() > 1
    fig, axes = plt.subplots(
        1, len(cells), figsize=(max(5, 3.2 * len(cells)), 3.8), squeeze=False, sharey=True
    )
    for ax, (variant, n) in zip(axes[0], cells, strict=True):
        part = seats.filter((pl.col("variant") == variant) & (pl.col("n_players") == n))
        x = part["seat"].to_numpy()
        y = part["win_share"].to_numpy()
        err = np.vstack([y - part["lo"].to_numpy(), part["hi"].to_numpy() - y])
        ax.bar(x, y, color=PALETTE[0], yerr=err, capsize=4, ecolor="black")
        ax.axhline(1.0 / n, color=PALETTE[3], linestyle="--", label="fair (1/n)")
        ax.set_title(_label(variant, n, many))
        ax.set_xlabel("seat (0 plays first)")
        ax.set_xticks(x)
    axes[0][0].set_ylabel("win share (95% interval)")
    axes[0][0].legend(loc="lower right")
    fig.suptitle("Win share by seat")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _bars_by_cell(df, table, value: str, path: Path, xlabel: str, title: str, reference) -> None:
    """One horizontal bar chart per (variant, players) cell: ``value`` per strategy with its
    interval (``lo``, ``hi``) and a reference line at ``reference(n_players)``."""
    cells = _cells(df)
    many = df["variant"].n_unique() > 1
    fig, axes = plt.subplots(1, len(cells), figsize=(max(6, 4 * len(cells)), 4), squeeze=False)
    for ax, (variant, n) in zip(axes[0], cells, strict=True):
        part = table.filter((pl.col("variant") == variant) & (pl.col("n_players") == n))
        names = part["strategy"].to_list()
        y = part[value].to_numpy()
        err = np.vstack([y - part["lo"].to_numpy(), part["hi"].to_numpy() - y])
        ax.barh(names, y, xerr=err, color=PALETTE[: len(names)], capsize=4)
        ax.axvline(reference(n), color="black", linestyle="--", linewidth=0.8)
        ax.invert_yaxis()
        ax.set_xlabel(xlabel)
        ax.set_title(_label(variant, n, many))
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def chart_strategies(df: pl.DataFrame, path: Path) -> bool:
    if df["strategy"].n_unique() < 2:
        return False
    table = stats.strategy_win_shares(df)
    _bars_by_cell(
        df,
        table,
        "win_share",
        path,
        "win share (95% interval; dashed: 1/n)",
        "Win share by strategy (seats rotated)",
        lambda n: 1.0 / n,
    )
    return True


def _hist(ax, groups: list[tuple[str, np.ndarray]], xlabel: str) -> None:
    lo = min(float(v.min()) for _, v in groups)
    hi = max(float(v.max()) for _, v in groups)
    integral = all(np.all(np.mod(v, 1) == 0) for _, v in groups)
    if integral:
        # Whole-number scores: bins of whole width centred on the values, so no bin is empty or
        # doubled by rounding.
        width = max(1, int(np.ceil((hi - lo + 1) / 60)))
        bins = np.arange(lo - 0.5, hi + width + 0.5, width)
    else:
        bins = np.linspace(lo, hi, 41) if hi > lo else 10
    for i, (name, values) in enumerate(groups):
        ax.hist(
            values,
            bins=bins,
            histtype="step",
            linewidth=1.6,
            density=True,
            color=PALETTE[i % len(PALETTE)],
            label=name,
        )
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of games")
    ax.legend(fontsize=8)


def chart_scores(df: pl.DataFrame, path: Path) -> None:
    """Score distributions by seat (top row) and by strategy (bottom row), one column per player
    count, so seats of different table sizes are never pooled."""
    counts = sorted(df["n_players"].unique().to_list())
    by_strategy = df["strategy"].n_unique() > 1
    rows = 2 if by_strategy else 1
    fig, axes = plt.subplots(
        rows, len(counts), figsize=(max(6, 4.2 * len(counts)), 3.6 * rows), squeeze=False
    )
    for col, n in enumerate(counts):
        part = df.filter(pl.col("n_players") == n)
        seats = [
            (f"seat {s}", part.filter(pl.col("seat") == s)["score"].to_numpy()) for s in range(n)
        ]
        _hist(axes[0][col], seats, "final score")
        axes[0][col].set_title(f"Score by seat, {n} players")
        if by_strategy:
            groups = [
                (name, part.filter(pl.col("strategy") == name)["score"].to_numpy())
                for name in sorted(part["strategy"].unique().to_list())
            ]
            _hist(axes[1][col], groups, "final score")
            axes[1][col].set_title(f"Score by strategy, {n} players")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def chart_length(df: pl.DataFrame, path: Path, turn_unit: str) -> None:
    games = df.filter(pl.col("seat") == 0)
    many = df["variant"].n_unique() > 1
    groups = [
        (
            _label(v, n, many),
            games.filter((pl.col("variant") == v) & (pl.col("n_players") == n))["turns"].to_numpy(),
        )
        for v, n in _cells(df)
    ]
    fig, ax = plt.subplots(figsize=(6.5, 4))
    _hist(ax, groups, f"game length ({turn_unit})")
    ax.set_title("Game length")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


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


def chart_ratings(df: pl.DataFrame, path: Path) -> pl.DataFrame | None:
    """Bradley-Terry Elo per strategy with bootstrap intervals; None with a single strategy."""
    if df["strategy"].n_unique() < 2:
        return None
    table = ratings.bradley_terry(df)
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


def sweep_points(df: pl.DataFrame, meta: dict, field: str) -> pl.DataFrame:
    """Each variant's swept value (the base at its rule's value, if it has one) and its metrics."""
    try:
        base_value = float(_rule_value(meta["rules_as_used"]["base"], field))
    except (KeyError, TypeError, ValueError):
        base_value = None
    values = {"base": base_value} | {
        v["name"]: v["overrides"][field] for v in meta["variants"] if v["name"] != "base"
    }
    table = pl.concat([metrics.outcome_metrics(df), fpa_metric(df)])
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
    fig, axes = plt.subplots(1, len(SWEEP_CHARTS), figsize=(4 * len(SWEEP_CHARTS), 3.8))
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
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def head_to_head_matrix(df: pl.DataFrame) -> pl.DataFrame:
    """Share of meetings won, row strategy against column strategy, as 'share [lo, hi]'."""
    h2h = ratings.head_to_head(df).with_columns(
        cell=pl.format(
            "{} [{}, {}]",
            pl.col("share").round(3),
            pl.col("lo").round(3),
            pl.col("hi").round(3),
        )
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


CSS = """body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:0.5em 0 1.5em}td,th{border:1px solid #ccc;padding:3px 8px;
text-align:right}th{background:#f0f0f0}img{max-width:100%}code{background:#f4f4f4;padding:1px 4px}"""


def seat_sections(multi: pl.DataFrame, meta: dict, out: Path) -> list[str]:
    """The verdict, seat balance and strategy ratings of the games with several players."""
    sections = [
        "<h2>Verdict</h2><ul>"
        + "".join(f"<li>{html.escape(v)}</li>" for v in verdicts(multi))
        + "</ul>",
    ]
    if meta.get("sequential"):
        seq = meta["sequential"]
        sections.append(
            f"<p>Sequential sampling: {seq['games_per_cell']:,} games per cell to bring every "
            f"first-player-advantage interval below {seq['target_width']} "
            f"({'reached' if seq['reached'] else 'not reached'}; budget "
            f"{seq['budget_per_cell']:,}).</p>"
        )
    sections += [
        "<h2>Seat balance</h2><h3>First-player advantage</h3>",
        _table_html(stats.first_player_advantage(multi)),
        "<h3>Are all seats equal?</h3><p>Chi-square test on wins per seat; a small p-value says "
        "the seats are not equal.</p>",
        _table_html(stats.seats_equal_test(multi), 4),
        "<h3>Win share by seat</h3>",
        _table_html(stats.seat_win_shares(multi)),
        _img(out / "win_share_by_seat.png", "Win share by seat"),
    ]
    if multi["strategy"].n_unique() > 1:
        table = chart_ratings(multi, out / "ratings.png")
        sections += [
            "<h2>Strategy ratings</h2><h3>Win share by strategy (seats rotated)</h3>",
            _table_html(stats.strategy_win_shares(multi)),
            _img(out / "win_share_by_strategy.png", "Win share by strategy"),
            "<h3>Head to head</h3><p>Share of the meetings the row strategy wins against the "
            "column strategy: every pair of seats in a game is a meeting, the better rank wins "
            "it, equal ranks split it (95% interval).</p>",
            _table_html(head_to_head_matrix(multi)),
            "<h3>Bradley-Terry rating</h3><p>"
            + html.escape(ratings.__doc__.split("\n\n")[0])
            + " Fitted by iterative Luce spectral ranking (Maystre and Grossglauser, 2015); "
            "400 points are 10:1 odds; percentile bootstrap over games.</p>",
            _table_html(table, 1),
            _img(out / "ratings.png", "Strategy ratings"),
        ]
    return sections


def metric_sections(multi: pl.DataFrame, run_dir: Path) -> list[str]:
    """Ludii's outcome metrics and, for a traced run, the game arcs, with their definitions."""
    sections = [
        "<h2>Metrics</h2>",
        _table_html(metrics.outcome_metrics(multi), 4),
        _definitions(metrics.DEFINITIONS),
    ]
    lines = read_traces(run_dir)
    if lines is not None:
        sections += [
            "<h3>Game arcs (from the score traces)</h3>",
            _table_html(traces.arc_metrics(lines, multi), 3),
            _definitions(traces.DEFINITIONS),
        ]
    return sections


def build(run_dir: Path, quiet: bool = False) -> Path:
    """Write ``run_dir/report``: the charts as PNG and ``index.html`` with them embedded."""
    from simkit.core import registry

    run_dir = Path(run_dir)
    meta = json.loads((run_dir / "run.json").read_text())
    df = read_results(run_dir)
    spec = registry.game(meta["game"])
    out = run_dir / "report"
    out.mkdir(exist_ok=True)
    # Seat balance means nothing in a solo game: those cells get their score and honours instead.
    multi = df.filter(pl.col("n_players") > 1)
    solo = df.filter(pl.col("n_players") == 1)
    if not multi.is_empty():
        chart_seats(multi, out / "win_share_by_seat.png")
    chart_strategies(df, out / "win_share_by_strategy.png")
    chart_scores(df, out / "scores.png")
    chart_length(df, out / "game_length.png", spec.turn_unit.split(":")[0])

    sections = [
        f"<h1>{html.escape(spec.title)}: {html.escape(meta['name'])}</h1>",
        f"<p>{html.escape(meta.get('description') or '')}</p>",
    ]
    if not multi.is_empty():
        sections += seat_sections(multi, meta, out)
    if not solo.is_empty():
        sections += ["<h2>Solo games</h2>", _table_html(solo_scores(solo))]
        if spec.honours:
            sections += ["<h2>Solo honours</h2>", _table_html(honours_table(solo, spec.honours))]
    if not multi.is_empty():
        sections += metric_sections(multi, run_dir)
    anatomy = metrics.score_anatomy(df)
    if not anatomy.is_empty():
        sections += [
            "<h2>Score anatomy</h2><p>Each of the game's own per-seat columns: its mean, its mean "
            "for the winners and for the rest, and its correlation with the final score: where "
            "the points come from.</p>",
            _table_html(anatomy, 3),
        ]
    if multi["variant"].n_unique() > 1:
        sections += [
            "<h2>Variants and sweeps</h2><p>Each variant against base, paired game by game on "
            "the shared seeds (common random numbers): first-player advantage, game length and "
            "share of shared first places.</p>",
            _table_html(metrics.paired_metric_differences(multi), 4),
        ]
        field = sweep_field(meta)
        if field:
            points = sweep_points(multi, meta, field)
            chart_sweep(points, field, out / "sweep.png")
            sections.append(_img(out / "sweep.png", f"Metrics against {field}"))
    sections += [
        "<h2>Games</h2>",
        _table_html(stats.game_summary(df)),
        _img(out / "scores.png", "Score distributions"),
        _img(out / "game_length.png", "Game length"),
    ]
    rules = meta.get("rules_as_used", {})
    assumed = sorted({line for variant in rules.values() for line in assumed_data(variant)})
    sections.append(
        "<h2>How this was made</h2>"
        f"<p>Command: <code>{html.escape(meta.get('command', 'not recorded'))}</code></p>"
        f"<p>Root seed {meta.get('seed')}, simkit {html.escape(str(meta.get('simkit_version')))}, "
        f"{df['game_index'].n_unique():,} games.</p>"
        + (
            "<h3>Assumed component data</h3><ul>"
            + "".join(f"<li>{html.escape(a)}</li>" for a in assumed)
            + "</ul>"
            if assumed
            else ""
        )
        + "<h3>Run</h3><pre>"
        + html.escape(
            json.dumps(
                {
                    k: meta.get(k)
                    for k in (
                        "game",
                        "players",
                        "strategies",
                        "rotate",
                        "seed",
                        "games_total",
                        "variants",
                        "rules",
                        "rules_as_used",
                        "simkit_version",
                        "started",
                        "finished",
                    )
                },
                indent=2,
            )
        )
        + "</pre>"
    )
    page = (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(meta['name'])}"
        f"</title><style>{CSS}</style></head><body>{''.join(sections)}</body></html>"
    )
    (out / "index.html").write_text(page)
    if not quiet:
        print_summary(df)
    return out / "index.html"


def solo_scores(solo: pl.DataFrame) -> pl.DataFrame:
    """Mean solo score with its 95% t interval and the spread, per variant."""
    spread = solo.group_by("variant").agg(
        sd=pl.col("score").std(ddof=1), median=pl.col("score").median()
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
        share = stats.share_table(solo.with_columns(reached=reached), ["variant"], "reached")
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


def print_summary(df: pl.DataFrame) -> None:
    solo = df.filter(pl.col("n_players") == 1)
    if not solo.is_empty():
        print(solo_scores(solo))
    for line in verdicts(df.filter(pl.col("n_players") > 1)):
        print(line)
    with pl.Config(tbl_rows=50, tbl_cols=12, float_precision=3, tbl_hide_dataframe_shape=True):
        print(stats.game_summary(df))
        if df["strategy"].n_unique() > 1:
            print(
                stats.strategy_win_shares(df).select(
                    "variant", "n_players", "strategy", "win_share", "lo", "hi", "mean_score"
                )
            )
