"""The analytics on the command line: --trace, --target-ci, the full report and run comparison."""

from __future__ import annotations

import json

import polars as pl
import pytest
from click.testing import CliRunner
from race_game import registered

from simkit.cli import main
from simkit.core.results import read_results


def invoke(*args, ok=True):
    result = CliRunner().invoke(main, [str(a) for a in args])
    if ok:
        assert result.exit_code == 0, result.output
    return result


@pytest.fixture(scope="module")
def sweep_run(tmp_path_factory):
    """A small traced Bear sweep with the heuristics rotated: every report section has data."""
    base = tmp_path_factory.mktemp("runs")
    spec = base / "bears.toml"
    spec.write_text(
        'game = "lets-take-a-hike"\nplayers = 3\ngames = 60\nseed = 5\n'
        'strategies = ["bold", "greedy", "cautious"]\nrotate = true\n'
        '[sweep]\nfield = "hazards.bear"\nvalues = [0, 4]\n'
    )
    invoke("run", spec, "--jobs", 1, "--quiet", "--trace", "--out", base / "bears")
    return base / "bears"


def test_the_report_has_every_section_in_order(sweep_run):
    invoke("report", sweep_run, "--quiet")
    page = (sweep_run / "report" / "index.html").read_text()
    headings = [
        '<h2 id="findings">Findings',
        '<h2 id="seats">Seat balance',
        '<h2 id="strategies">Strategies',
        '<h2 id="metrics">Metrics',
        "Game arcs",
        '<h2 id="anatomy">Score anatomy',
        '<h2 id="variants">Variants and sweeps',
        '<h2 id="provenance">How this was made',
    ]
    positions = [page.index(h) for h in headings]
    assert positions == sorted(positions)
    # a table of contents before the findings, linking every section
    assert page.index("<nav>") < positions[0]
    for anchor in ("findings", "seats", "strategies", "metrics", "anatomy", "variants"):
        assert f'href="#{anchor}"' in page
    # provenance folded away, never a raw JSON dump of the run
    assert page.index("<details>", positions[-1]) > positions[-1] and "<pre>" not in page
    assert "180 games played" in page
    assert "simkit run" in page and "--trace" in page  # the command that made the run
    assert "Bradley-Terry" in page and "Drawishness" in page and "Decisiveness" in page
    assert "assumed" in page  # the component data marked as assumed
    assert (sweep_run / "report" / "sweep.png").is_file()
    assert "http" not in page.replace("http-equiv", "")  # self-contained: nothing to fetch


def test_two_runs_side_by_side(sweep_run, tmp_path):
    invoke(
        "run", "--game", "lets-take-a-hike", "--players", 3, "--games", 40, "--seed", 6,
        "--jobs", 1, "--quiet", "--out", tmp_path / "other",
    )  # fmt: skip
    result = invoke("report", sweep_run, tmp_path / "other", "--out", tmp_path / "cmp")
    page = (tmp_path / "cmp" / "index.html").read_text()
    assert "Runs compared" in page and "balance" in page and "fpa_by_run" not in result.output
    assert page.count("seat 0 wins") >= 2


def test_report_refuses_a_directory_that_is_not_a_run(sweep_run, tmp_path):
    result = invoke("report", sweep_run, tmp_path, ok=False)
    assert result.exit_code != 0 and "not a run directory" in result.output


def test_target_ci_stops_once_the_interval_is_narrow_enough(tmp_path):
    with registered():
        result = invoke(
            "run", "--game", "dice-race", "--players", 2, "--games", 20000, "--chunk", 500,
            "--seed", 1, "--jobs", 1, "--quiet", "--target-ci", 0.06, "--out", tmp_path / "r",
        )  # fmt: skip
    meta = json.loads((tmp_path / "r" / "run.json").read_text())
    seq = meta["sequential"]
    assert seq["reached"] and seq["games_per_cell"] < 20000
    df = read_results(tmp_path / "r")
    assert df["game_index"].n_unique() == seq["games_per_cell"]
    # 0.06 wide needs about (2 * 1.96 * 0.5 / 0.06)^2 = 1067 games: a few chunks, not the budget
    assert 1000 <= seq["games_per_cell"] <= 3000
    assert (
        seq["rounds"][-1]["widest_fpa_interval"] < 0.06 <= seq["rounds"][-2]["widest_fpa_interval"]
    )
    assert "below the target" in result.output


def test_target_ci_stops_at_the_budget(tmp_path):
    with registered():
        result = invoke(
            "run", "--game", "dice-race", "--players", 2, "--games", 600, "--chunk", 200,
            "--seed", 1, "--jobs", 1, "--quiet", "--target-ci", 0.01, "--out", tmp_path / "r",
        )  # fmt: skip
    seq = json.loads((tmp_path / "r" / "run.json").read_text())["sequential"]
    assert not seq["reached"] and seq["games_per_cell"] == 600
    assert "still above" in result.output
    seeds = read_results(tmp_path / "r").filter(pl.col("seat") == 0)["game_index"]
    assert sorted(seeds.to_list()) == list(range(600))
