"""The balance report of one run: Parquet in, PNG charts and one self-contained HTML file out.

Charts: win share by seat with 95% intervals and the fair line (first-player advantage), win share
by strategy (when several), score distributions by seat and by strategy, and game length.
"""

from __future__ import annotations

import base64
import html
import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402

from simkit.core import stats  # noqa: E402
from simkit.core.results import read_results  # noqa: E402

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


def chart_strategies(df: pl.DataFrame, path: Path) -> bool:
    if df["strategy"].n_unique() < 2:
        return False
    table = stats.strategy_win_shares(df)
    cells = _cells(df)
    many = df["variant"].n_unique() > 1
    fig, axes = plt.subplots(1, len(cells), figsize=(max(6, 4 * len(cells)), 4), squeeze=False)
    for ax, (variant, n) in zip(axes[0], cells, strict=True):
        part = table.filter((pl.col("variant") == variant) & (pl.col("n_players") == n))
        names = part["strategy"].to_list()
        y = part["win_share"].to_numpy()
        err = np.vstack([y - part["lo"].to_numpy(), part["hi"].to_numpy() - y])
        ax.barh(names, y, xerr=err, color=PALETTE[: len(names)], capsize=4)
        ax.axvline(1.0 / n, color="black", linestyle="--", label="1/n")
        ax.invert_yaxis()
        ax.set_xlabel("win share (95% interval)")
        ax.set_title(_label(variant, n, many))
    fig.suptitle("Win share by strategy (seats rotated)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
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
    """One plain sentence per cell about the first player."""
    lines = []
    for row in stats.first_player_advantage(df).iter_rows(named=True):
        n, fpa, lo, hi = row["n_players"], row["fpa"], row["lo"], row["hi"]
        share = fpa + 1.0 / n
        if lo > 0:
            call = "a first-player advantage"
        elif hi < 0:
            call = "a first-player disadvantage"
        else:
            call = "no first-player effect the games can show"
        lines.append(
            f"{row['variant']}, {n} players: seat 0 wins {100 * share:.1f}% "
            f"(± {100 * (hi - lo) / 2:.1f}%), fair is {100 / n:.1f}%: {call}."
        )
    return lines


CSS = """body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:0.5em 0 1.5em}td,th{border:1px solid #ccc;padding:3px 8px;
text-align:right}th{background:#f0f0f0}img{max-width:100%}code{background:#f4f4f4;padding:1px 4px}"""


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
    charts = []
    if not multi.is_empty():
        chart_seats(multi, out / "win_share_by_seat.png")
        charts.append(("win_share_by_seat.png", "Win share by seat and first-player advantage"))
    if chart_strategies(df, out / "win_share_by_strategy.png"):
        charts.append(("win_share_by_strategy.png", "Win share by strategy"))
    chart_scores(df, out / "scores.png")
    charts.append(("scores.png", "Score distributions"))
    chart_length(df, out / "game_length.png", spec.turn_unit.split(":")[0])
    charts.append(("game_length.png", "Game length"))

    summary = stats.game_summary(df)
    sections = [
        f"<h1>{html.escape(spec.title)}: {html.escape(meta['name'])}</h1>",
        f"<p>{html.escape(meta.get('description') or '')}</p>",
    ]
    if not multi.is_empty():
        sections += [
            "<h2>Verdict</h2><ul>"
            + "".join(f"<li>{html.escape(v)}</li>" for v in verdicts(multi))
            + "</ul>",
            "<h2>First-player advantage</h2>",
            _table_html(stats.first_player_advantage(multi)),
            "<h2>Are all seats equal?</h2><p>Chi-square test on wins per seat; a small p-value "
            "says the seats are not equal.</p>",
            _table_html(stats.seats_equal_test(multi), 4),
            "<h2>Win share by seat</h2>",
            _table_html(stats.seat_win_shares(multi)),
        ]
    if not solo.is_empty():
        sections += ["<h2>Solo games</h2>", _table_html(solo_scores(solo))]
        if spec.honours:
            sections += ["<h2>Solo honours</h2>", _table_html(honours_table(solo, spec.honours))]
    if df["variant"].n_unique() > 1:
        sections += [
            "<h2>Variants against base (paired on shared seeds)</h2>",
            _table_html(stats.paired_fpa_difference(df)),
        ]
    if df["strategy"].n_unique() > 1:
        sections += ["<h2>Win share by strategy</h2>", _table_html(stats.strategy_win_shares(df))]
    sections += ["<h2>Games</h2>", _table_html(summary)]
    extras = [
        c
        for c in df.columns
        if c.startswith("x_") and (df[c].dtype.is_numeric() or df[c].dtype == pl.Boolean)
    ]
    if extras:
        means = (
            df.group_by("variant", "n_players", "seat")
            .agg([pl.col(c).cast(pl.Float64).mean() for c in extras])
            .sort("variant", "n_players", "seat")
        )
        sections += ["<h2>Per-seat extras (means)</h2>", _table_html(means, 2)]
    for name, title in charts:
        sections.append(f"<h2>{html.escape(title)}</h2>" + _img(out / name, title))
    sections.append(
        "<h2>Run</h2><pre>"
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
    """Mean solo score with its 95% interval and the spread, per variant."""
    return (
        solo.group_by("variant")
        .agg(
            games=pl.len(),
            mean_score=pl.col("score").mean(),
            sd=pl.col("score").std(ddof=1),
            median=pl.col("score").median(),
        )
        .with_columns(half=stats.Z95 * pl.col("sd") / pl.col("games").sqrt())
        .with_columns(
            lo=pl.col("mean_score") - pl.col("half"), hi=pl.col("mean_score") + pl.col("half")
        )
        .drop("half")
        .sort("variant")
    )


def honours_table(solo: pl.DataFrame, honours: tuple[tuple[float, str], ...]) -> pl.DataFrame:
    """Share of solo games ending in each row of the game's honours table (best first)."""
    rows = []
    ranked = sorted(honours, key=lambda h: -h[0])
    for (variant,), part in solo.group_by("variant", maintain_order=True):
        scores = part["score"].to_numpy()
        upper = np.inf
        for least, name in ranked:
            reached = ((scores >= least) & (scores < upper)).astype(float)
            share, lo, hi = stats.mean_ci(reached)
            label = f"{least:g}+" if least > -1e8 else "below"
            rows.append(
                {
                    "variant": variant,
                    "score": label,
                    "honour": name,
                    "share": share,
                    "lo": lo,
                    "hi": hi,
                }
            )
            upper = least
    return pl.DataFrame(rows)


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
