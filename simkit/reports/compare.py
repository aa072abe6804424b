"""Runs side by side (``simkit report RUN1 RUN2 ...``): verdicts, first-player advantage and every
outcome metric of each run, with intervals, in one self-contained HTML file."""

from __future__ import annotations

import html
import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402

from simkit.core import metrics, verdicts  # noqa: E402
from simkit.core.results import scan_results  # noqa: E402
from simkit.reports.balance import (  # noqa: E402
    CSS,
    PALETTE,
    _definitions,
    _img,
    _save,
    _table_html,
    fpa_metric,
    subplots,
)


def run_labels(run_dirs: list[Path]) -> list[str]:
    """One distinct label per run: its folder's name, with as many parent folders as it takes to
    tell runs apart (runs/a/first-player and runs/b/first-player), numbered if still equal."""
    paths = [Path(d).resolve() for d in run_dirs]
    depth = 1
    while True:
        labels = ["/".join(p.parts[-depth:]) for p in paths]
        if len(set(labels)) == len(labels) or all(depth >= len(p.parts) for p in paths):
            break
        depth += 1
    seen: dict[str, int] = {}
    unique = []
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
        unique.append(label if labels.count(label) == 1 else f"{label} #{seen[label]}")
    return unique


def run_metrics(run_dir: Path, label: str | None = None) -> tuple[dict, pl.DataFrame, list[str]]:
    meta = json.loads((Path(run_dir) / "run.json").read_text())
    df = scan_results(run_dir)
    table = pl.concat([fpa_metric(df), metrics.outcome_metrics(df)])
    label = f"{meta['name']} ({label or Path(run_dir).name})"
    return (
        meta,
        table.with_columns(run=pl.lit(label)),
        verdicts.seat_verdicts(df)["verdict"].to_list(),
    )


def run_differences(reference: pl.DataFrame, other: pl.DataFrame, label: str) -> pl.DataFrame:
    """Each per-game measure of ``other`` minus ``reference``, cell by cell: paired game by game
    when the runs share their seeds (common random numbers), else unpaired (Welch), labelled."""
    from scipy import stats as sps

    a, b = metrics.per_game(reference), metrics.per_game(other)
    rows = []
    for (variant, n), part_b in b.group_by("variant", "n_players", maintain_order=True):
        part_a = a.filter((pl.col("variant") == variant) & (pl.col("n_players") == n))
        if part_a.height < 2 or part_b.height < 2:
            continue
        joined = part_b.join(part_a, on="seed", suffix="_ref")
        paired = joined.height >= 2 and joined.height == min(part_a.height, part_b.height)
        for metric, column in metrics.PAIRED_MEASURES.items():
            if paired:
                x = joined[column].cast(pl.Float64).to_numpy()
                y = joined[f"{column}_ref"].cast(pl.Float64).to_numpy()
                diff = x - y
                kind = f"paired on {joined.height:,} shared seeds"
                if np.std(diff) == 0:
                    lo = hi = float(diff.mean())
                else:
                    ci = sps.ttest_rel(x, y).confidence_interval()
                    lo, hi = float(ci.low), float(ci.high)
            else:
                x = part_b[column].cast(pl.Float64).to_numpy()
                y = part_a[column].cast(pl.Float64).to_numpy()
                kind = "unpaired (different seeds)"
                if np.std(x) == 0 and np.std(y) == 0:
                    lo = hi = float(x.mean() - y.mean())
                else:
                    ci = sps.ttest_ind(x, y, equal_var=False).confidence_interval()
                    lo, hi = float(ci.low), float(ci.high)
            rows.append(
                {"run": label, "variant": variant, "n_players": n, "metric": metric}
                | {"design": kind, "diff": float(x.mean() - y.mean()), "lo": lo, "hi": hi}
            )
    return pl.DataFrame(
        rows,
        schema={
            "run": pl.String,
            "variant": pl.String,
            "n_players": pl.Int8,
            "metric": pl.String,
            "design": pl.String,
            "diff": pl.Float64,
            "lo": pl.Float64,
            "hi": pl.Float64,
        },
    )


def chart_fpa(table: pl.DataFrame, path: Path) -> None:
    fpa = table.filter(pl.col("metric") == "fpa")
    labels = [f"{r}\n{v}, {n}p" for r, v, n in fpa.select("run", "variant", "n_players").rows()]
    y = fpa["value"].to_numpy()
    err = np.vstack([y - fpa["lo"].to_numpy(), fpa["hi"].to_numpy() - y])
    runs = fpa["run"].to_list()
    colours = [PALETTE[sorted(set(runs)).index(r) % len(PALETTE)] for r in runs]
    fig, ax = subplots(figsize=(max(6, 1.4 * len(labels)), 4))
    ax.bar(range(len(labels)), y, yerr=err, capsize=4, color=colours, ecolor="black")
    ax.axhline(0, color="black", linestyle="--", linewidth=0.8, label="fair")
    ax.set_xticks(range(len(labels)), labels, fontsize=8)
    ax.set_ylabel("first-player advantage (95% interval)")
    ax.set_title("First-player advantage by run")
    ax.legend()
    _save(fig, path)


def build_comparison(run_dirs: list[Path], out: Path) -> Path:
    """Write ``out/index.html`` comparing the runs; returns its path."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    metas, tables, sections = [], [], ["<h1>Runs compared</h1>"]
    results = [scan_results(run_dir) for run_dir in run_dirs]
    for run_dir, label in zip(run_dirs, run_labels(run_dirs), strict=True):
        meta, table, verdict_lines = run_metrics(run_dir, label)
        metas.append(meta)
        tables.append(table)
        sections.append(f"<h2>{html.escape(table['run'][0])}</h2><ul>")
        sections += [f"<li>{html.escape(v)}</li>" for v in verdict_lines]
        sections.append(
            f"</ul><p><code>{html.escape(meta.get('command', 'command not recorded'))}</code>, "
            f"seed {meta.get('seed')}, simkit {html.escape(str(meta.get('simkit_version')))}</p>"
        )
    table = pl.concat(tables)
    chart_fpa(table, out / "fpa_by_run.png")
    wide = (
        table.with_columns(
            cell=pl.format(
                "{} [{}, {}]",
                pl.col("value").round(4),
                pl.col("lo").round(4),
                pl.col("hi").round(4),
            )
        )
        .pivot(on="run", index=["metric", "variant", "n_players"], values="cell")
        .sort("metric", "variant", "n_players")
    )
    diffs = pl.concat(
        [
            run_differences(results[0], results[i], tables[i]["run"][0])
            for i in range(1, len(results))
        ]
    )
    sections += [
        f"<h2>Differences from {html.escape(tables[0]['run'][0])}</h2><p>Each later run minus "
        "the first, cell by cell, with 95% t intervals: paired game by game when the runs share "
        "their seeds (common random numbers: narrower), otherwise unpaired (Welch), as the "
        "<code>design</code> column says.</p>",
        _table_html(diffs, 4),
        "<h2>First-player advantage</h2>",
        _img(out / "fpa_by_run.png", "First-player advantage by run"),
        "<h2>Metrics side by side</h2><p>Each cell: value [95% interval].</p>",
        _table_html(wide),
        _definitions({"fpa": "First-player advantage: seat 0's win share minus 1/n."})
        + _definitions(metrics.DEFINITIONS),
    ]
    page = (
        "<!doctype html><html><head><meta charset='utf-8'><title>Runs compared</title>"
        f"<style>{CSS}</style></head><body>{''.join(sections)}</body></html>"
    )
    (out / "index.html").write_text(page)
    return out / "index.html"
