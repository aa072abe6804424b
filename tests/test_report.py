"""Reports of solo runs: no seat balance (meaningless alone), the score and the honours instead."""

from __future__ import annotations

import pytest

from reports.balance import build
from simkit.core import registry, runner
from simkit.core.experiment import Experiment

SOLO = [spec for spec in registry.games().values() if spec.min_players == 1]


@pytest.mark.parametrize("spec", SOLO, ids=[s.name for s in SOLO])
def test_a_solo_run_reports_scores_and_honours(spec, tmp_path):
    exp = Experiment.from_dict(
        {"name": "solo", "game": spec.name, "players": 1, "games": 12, "seed": 1, "chunk": 6}
    )
    runner.run(exp, tmp_path / "r", jobs=1, progress=False)
    page = build(tmp_path / "r", quiet=True).read_text()
    assert "Solo games" in page
    assert "First-player advantage" not in page
    if spec.honours:
        assert "Solo honours" in page
        for _, title in spec.honours:
            assert title.replace("'", "&#x27;") in page
