"""The instruments of player quality on a game with known best moves (the dice pick), and on a
shipped game: paired playouts, the blunder audit, the planted blunderer, the ladder and presets."""

from __future__ import annotations

import polars as pl
import pytest
from click.testing import CliRunner
from pick_game import PickRules, new_pick, registered
from sizes import size

from simkit.cli import main
from simkit.core import presets
from simkit.core.audit import AuditSpec, blunder_z, judge, run_audit
from simkit.core.errors import StrategyError
from simkit.core.ladder import LadderSpec, default_field, ladder, seatings
from simkit.core.playout import move_values, policy_for
from simkit.core.rng import GameRng
from simkit.core.strategy import make_strategy

PICK = "dice-pick"
LTH = "lets-take-a-hike"


def opening():
    return new_pick(PickRules(), 2, GameRng(7))


def test_every_move_is_valued_on_the_same_worlds():
    """Same worlds, same later rolls: the surer die scores at least as well in every playout."""
    with registered():
        state = opening()
        wins, margins = move_values(
            lambda r: state.sample_hidden(0, r), 0, [0, 1, 2], policy_for(PICK), 40, GameRng(3)
        )
    assert (margins[2] >= margins[1]).all() and (margins[1] >= margins[0]).all()
    assert (wins[2] >= wins[0]).all() and wins[2].mean() > wins[0].mean()


def test_a_playout_cut_short_is_scored_on_the_points_so_far():
    with registered():
        state = opening()
        state.points = [2, 0]
        wins, margins = move_values(
            lambda r: state.sample_hidden(0, r), 0, [0], policy_for(PICK), 3, GameRng(1), 1
        )
    assert (wins == 1.0).all() and (margins >= 2.0).all()  # after one roll seat 0 still leads


def test_a_playout_cut_short_is_scored_on_the_games_own_evaluation(monkeypatch):
    from pick_game import PickState

    def worth(self):  # seat 1's rolls to come count 3 points each: it leads whatever the points say
        return (self.points[0], self.points[1] + 3 * (self.rules.rounds - self.turn // 2))

    monkeypatch.setattr(PickState, "evaluation", worth, raising=False)
    with registered():
        state = opening()
        state.points = [2, 0]
        wins, margins = move_values(
            lambda r: state.sample_hidden(0, r), 0, [0], policy_for(PICK), 3, GameRng(1), 1
        )
    assert (wins == 0.0).all() and (margins <= -2.0).all()


def test_a_move_is_a_blunder_only_beyond_the_noise():
    clear = [[1.0, 1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0]]
    import numpy as np

    values = np.array(clear)
    assert judge(values, values, 1)["blunder"]  # the best is better in 3 of 4 paired worlds
    assert not judge(values, values, 0)["blunder"]
    noisy = np.array([[1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 0.0]])
    verdict = judge(noisy, noisy, 1)
    assert verdict["cost"] == pytest.approx(0.25) and not verdict["blunder"]
    assert blunder_z(10) > blunder_z(2)  # the best of many moves must clear a higher bar


def audit_of(strategy: str, tmp_path, decisions: int = 40, playouts: int = 24):
    with registered():
        return run_audit(
            AuditSpec(PICK, strategy, decisions, 2, seed=5, playouts=playouts),
            tmp_path / strategy.replace(":", "-"),
        )


def test_the_audit_finds_the_worst_player_blundering_and_the_best_never(tmp_path):
    worst = audit_of("pick_game:Worst", tmp_path)
    best = audit_of("pick_game:Best", tmp_path)
    assert worst["decisions"] == best["decisions"] == 40
    assert best["blunder_rate"] <= 0.05 and best["mean_cost"] == 0.0
    assert worst["blunder_rate_lo"] > 0.3 and worst["mean_cost_lo"] > 0.05
    example = worst["worst"][0]
    assert example["played"] == "roll die a" and example["best_move"] != "roll die a"
    assert f"--index {example['game_index']} --decision {example['decision']}" in example["replay"]


def test_the_planted_blunderer_blunders_more_than_its_source(tmp_path):
    planted = audit_of("blunder:source=pick_game:Best,rate=0.5", tmp_path, decisions=60)
    source = audit_of("pick_game:Best", tmp_path, decisions=60)
    assert planted["blunder_rate_lo"] > source["blunder_rate_hi"]


def test_the_audit_finds_the_rate_of_a_planted_ten_percent_blunderer(tmp_path):
    """On the dice pick every move but the surest die is a blunder, so a blunderer planted on Best
    at rate 0.1 blunders at exactly one decision in ten: the audit's rate must find that, and
    Best's none, at the default audit size."""
    planted = audit_of("blunder:source=pick_game:Best,rate=0.1", tmp_path, decisions=200)
    source = audit_of("pick_game:Best", tmp_path, decisions=200)
    assert planted["decisions"] == source["decisions"] == 200
    assert planted["blunder_rate_lo"] < 0.1 < planted["blunder_rate_hi"]
    assert planted["blunder_rate_lo"] > source["blunder_rate_hi"] == 0.0


def test_the_audit_separates_a_planted_blunderer_where_the_moves_are_close(tmp_path):
    """Dice of 4, 5 and 6 in ten: one pick moves a game's win share by a few hundredths only, so
    the blunderer's worst-looking move and the audit's verdict must both rest on enough paired
    playouts of the win share to be real, or the planted blunders go unseen."""
    close = {"die_a": 4, "die_b": 5, "die_c": 6}
    with registered():
        planted, source = (
            run_audit(AuditSpec(PICK, name, 200, 2, seed=5, rules=close), tmp_path / str(k))
            for k, name in enumerate(["blunder:source=pick_game:Best,rate=0.1", "pick_game:Best"])
        )
    assert planted["playouts"] == 32 and planted["value"] == "win"  # the defaults, in Python
    assert planted["blunder_rate_lo"] > source["blunder_rate_hi"]
    assert planted["blunder_rate"] > 0.05  # most of the planted tenth is found


def test_the_audit_compares_a_planted_blunderer_with_its_source_at_the_same_positions(tmp_path):
    """Judged against its source at the same positions, a 10% blunderer differs only where it
    planted a blunder: the paired difference finds the planted tenth, Best never blunders, and the
    two verdicts agree wherever the moves do."""
    with registered():
        summary = run_audit(
            AuditSpec(
                PICK,
                "blunder:source=pick_game:Best,rate=0.1",
                200,
                2,
                seed=5,
                playouts=24,
                against="pick_game:Best",
            ),
            tmp_path,
        )
    table = pl.read_parquet(tmp_path / "audit.parquet")
    same = table.filter(pl.col("played") == pl.col("against_move"))
    assert same["blunder"].to_list() == same["against_blunder"].to_list()
    assert same["cost"].to_list() == same["against_cost"].to_list()
    assert summary["against_differs"] == len(table) - len(same) > 0
    assert summary["against_blunder_rate"] == 0.0
    assert summary["blunder_rate_diff_lo"] > 0 and summary["mean_cost_diff_lo"] > 0
    assert summary["blunder_rate_diff_lo"] < 0.1 < summary["blunder_rate_diff_hi"]
    assert "Against pick_game:Best" in (tmp_path / "audit.html").read_text()


def test_a_strategy_against_itself_differs_by_nothing(tmp_path):
    with registered():
        summary = run_audit(
            AuditSpec(
                PICK,
                "pick_game:Fixed:die=1",
                20,
                2,
                seed=5,
                playouts=8,
                against="pick_game:Fixed:die=1",
            ),
            tmp_path,
        )
    assert summary["against_differs"] == 0
    assert summary["blunder_rate_diff"] == summary["mean_cost_diff"] == 0.0


def test_an_unknown_strategy_to_compare_against_is_refused_before_any_game(tmp_path):
    with registered(), pytest.raises(StrategyError, match="nonesuch"):
        run_audit(AuditSpec(PICK, "pick_game:Best", 8, 2, against="nonesuch"), tmp_path)
    assert not (tmp_path / "games").exists()


def test_an_illegal_move_of_the_strategy_compared_against_is_named(tmp_path, monkeypatch):
    import pick_game

    monkeypatch.setattr(pick_game.Worst, "choose", lambda self, view, legal, rng: 9)
    with registered(), pytest.raises(StrategyError, match="pick_game:Worst.*illegal action: 9"):
        run_audit(AuditSpec(PICK, "pick_game:Best", 4, 2, against="pick_game:Worst"), tmp_path)


def planted_moves(source: str, rules: dict) -> list:
    """The moves a blunderer that owes a blunder at every decision plays in a game of the pick."""
    from simkit.core.audit import play_recorded

    with registered() as spec:
        player = make_strategy(f"blunder:source={source},rate=1", PICK)
        _, kept, _ = play_recorded(spec, PickRules(**rules), [player] * 2, 3, lambda d, s: True)
    return [move for _, move in kept.values()]


def test_the_planted_blunder_is_a_move_shown_worse_or_none():
    far_apart = planted_moves("pick_game:Best", {"die_a": 2, "die_b": 5, "die_c": 8, "rounds": 8})
    assert far_apart.count(0) >= 0.75 * len(far_apart)  # the least sure die, shown worse
    alike = planted_moves("pick_game:Fixed:die=1", {"die_a": 5, "die_b": 5, "die_c": 5})
    assert alike == [1] * 6  # no die is worse than another: the source's move, every time


def test_blunders_owed_add_up_until_the_game_admits_them(monkeypatch):
    """No blunder can be shown in the first half of the game, every move but the surest is one in
    the second: the blunders owed from the first half are played in the second, so the seat still
    blunders at its planted rate of all its decisions (a blunderer that owed at most one blunder
    at a time planted about 0.17 here)."""
    from simkit.core.audit import play_recorded
    from simkit.strategies.blunder import Blunderer

    rounds, rate = 40, 0.3

    def shown_worst(self, worlds, legal, policy, rng):
        first_half = worlds.sample(GameRng(0)).turn < rounds  # the turn is no hidden thing
        return None if first_half else 0  # else die a, the least sure

    monkeypatch.setattr(Blunderer, "_shown_worst", shown_worst)
    planted = decisions = 0
    with registered() as spec:
        for seed in range(10):
            player = make_strategy(f"blunder:source=pick_game:Best,rate={rate}", PICK)
            _, kept, _ = play_recorded(
                spec, PickRules(rounds=rounds), [player] * 2, seed, lambda d, s: True
            )
            planted += sum(move == 0 for _, move in kept.values())
            decisions += len(kept)
    assert decisions == 10 * 2 * rounds
    assert abs(planted / decisions - rate) < 0.05, planted / decisions


def test_decisions_whose_moves_all_play_out_alike_are_left_out_and_counted(tmp_path):
    alike = {"die_a": 5, "die_b": 5, "die_c": 5}  # three dice with the same chance: no choice
    with registered():
        summary = run_audit(
            AuditSpec(PICK, "random", 8, 2, seed=5, playouts=8, rules=alike), tmp_path
        )
    assert summary["decisions"] == 0 and summary["trivial"] > 0
    assert "left out" in (tmp_path / "audit.html").read_text()


def looks_of(diffs, rounds: int = 4):
    """The second stage on a pair whose every look plays the same paired differences."""
    import numpy as np

    from simkit.core.audit import second_stage

    def value_pair(k):
        best = np.array(diffs, dtype=float)
        return np.vstack([best, np.zeros(k)]), np.vstack([best, np.zeros(k)])

    return second_stage(value_pair, AuditSpec(PICK, "random", playouts=2, confirm=2, rounds=rounds))


def test_the_second_stage_looks_again_only_while_in_doubt():
    clear = looks_of([1, 1, 1, 0])
    assert clear["blunder"] and clear["confirm_playouts"] == 4  # shown at the first look
    alike = looks_of([0, 0, 0, 0])
    assert not alike["blunder"] and alike["confirm_playouts"] == 4  # the played move is as good
    doubt = looks_of([2, 1, 1, 0])  # ahead, but within the noise of four playouts...
    assert doubt["blunder"] and doubt["confirm_playouts"] == 8  # ...and beyond it at eight
    never = looks_of([1, -1, 1, 0])  # a small edge: every look is taken, none shows it
    assert not never["blunder"] and never["confirm_playouts"] == 16


def test_the_audit_writes_rows_a_page_and_is_the_same_for_a_seed(tmp_path):
    audit_of("random", tmp_path / "a", decisions=12, playouts=4)
    audit_of("random", tmp_path / "b", decisions=12, playouts=4)
    a = pl.read_parquet(tmp_path / "a" / "random" / "audit.parquet")
    b = pl.read_parquet(tmp_path / "b" / "random" / "audit.parquet")
    assert a.drop("replay").equals(b.drop("replay"))
    assert set(a["moves"]) == {3} and a["decision"].max() < 6
    assert "Blunder audit" in (tmp_path / "a" / "random" / "audit.html").read_text()


def test_audit_and_replay_of_a_decision_from_the_command_line(tmp_path):
    out = tmp_path / "audit"
    args = ["audit", LTH, "--strategy", "bold", "--decisions", "4", "--players", "2"]
    result = CliRunner().invoke(
        main, args + ["--playouts", "2", "--against", "greedy", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert (
        "blunder rate" in result.output
        and "Against greedy at the same 4 positions" in result.output
    )
    row = pl.read_parquet(out / "audit.parquet").row(0, named=True)
    shown = CliRunner().invoke(
        main,
        ["replay", str(out), "--index", str(row["game_index"]), "--decision", str(row["decision"])],
    )
    assert shown.exit_code == 0, shown.output
    assert f"{row['played']}  <- played" in shown.output
    assert f"Decision {row['decision']}: seat {row['seat']} to choose" in shown.output
    past = CliRunner().invoke(main, ["replay", str(out), "--index", "0", "--decision", "99999"])
    assert past.exit_code != 0 and "no decision 99999" in past.output
    bad = CliRunner().invoke(main, args + ["--against", "nonesuch", "--out", str(tmp_path / "b")])
    assert bad.exit_code != 0 and "nonesuch" in bad.output and "Traceback" not in bad.output


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_seatings_put_each_strategy_in_each_seat_equally_often(n):
    orders = seatings(n)
    for seat in range(n):
        assert sum(o[seat] for o in orders) * 2 == len(orders)
    assert all(set(o) == {0, 1} for o in orders)


def test_the_default_field_has_random_the_heuristics_and_rising_search_levels():
    names = default_field(LTH, (8, 2))
    assert names[0] == "random" and {"bold", "threshold"} <= set(names)
    assert names[-2:] == ["search:playouts=2", "search:playouts=8"]
    assert not any(n.startswith(("blunder", "search:playouts=16")) for n in names)
    cut = default_field(LTH, (8, 2), horizon=10)
    assert cut[-2:] == ["search:horizon=10,playouts=2", "search:horizon=10,playouts=8"]


@pytest.mark.slow
def test_the_ladder_orders_the_players_and_deeper_search(tmp_path):
    field = [
        "random",
        "pick_game:Worst",
        "pick_game:Best",
        "search:playouts=2",
        "search:playouts=16",
    ]
    with registered():
        result = ladder(LadderSpec(PICK, 2, size(60, 200), 3, (2, 16), field), tmp_path, jobs=1)
    order = [r["strategy"] for r in result["ratings"]]
    assert order[0] == "pick_game:Best" and order[-1] == "pick_game:Worst"
    assert order.index("search:playouts=16") < order.index("search:playouts=2")
    assert order.index("search:playouts=2") < order.index("random")
    (step,) = result["skill_trace"]
    assert step["level"] == 16 and step["below"] == 2 and step["share"] > 0.5
    assert result["rewards_deeper_play"] is True
    games = pl.read_parquet(tmp_path / "ladder.parquet")
    assert games.group_by("seed").agg(pl.col("game_index").n_unique())["game_index"].min() == 20


def test_presets_give_stored_parameters_a_name(tmp_path, monkeypatch):
    stored = tmp_path / "presets.toml"
    stored.write_text(
        '[lets-take-a-hike.threshold.steady]\ntuned_by = "a test"\n'
        "params = { hike = 6, drop = 9 }\n"
        "[lets-take-a-hike.threshold.broken]\nparams = { speed = 3 }\n"
    )
    monkeypatch.setattr(presets, "presets_file", lambda: stored)
    presets.reload()
    player = make_strategy("threshold@steady", LTH)
    assert (player.hike, player.drop, player.reserve) == (6, 9, 3)
    assert player.name == "threshold@steady"
    changed = make_strategy("threshold@steady:drop=4", LTH)
    assert (changed.hike, changed.drop, changed.name) == (6, 4, "threshold@steady:drop=4")
    with pytest.raises(StrategyError, match="no preset 'threshold@fast'.*threshold@steady"):
        make_strategy("threshold@fast", LTH)
    with pytest.raises(StrategyError, match="'speed'"):
        make_strategy("threshold@broken", LTH)
    assert "threshold@steady" in default_field(LTH)
    presets.reload()


def test_every_shipped_preset_builds():
    import tomllib

    data = tomllib.loads(presets.presets_file().read_text())
    for game, by_strategy in data.items():
        for name, by_preset in by_strategy.items():
            for preset, entry in by_preset.items():
                assert entry["tuned_by"] and entry["gain"]
                assert make_strategy(f"{name}@{preset}", game).name == f"{name}@{preset}"


def test_tuning_a_player_finds_the_best_parameter_and_proves_it(tmp_path):
    from simkit.core.tune_players import PlayerTuneSpec, tune_players

    plan = {"game": PICK, "strategy": "pick_game:Fixed", "field": ["random"], "seed": 2}
    with registered():
        spec = PlayerTuneSpec.from_dict(plan | {"space": {"die": [0, 1, 2]}, "budget": 2400})
        lines = []
        result = tune_players(spec, tmp_path, jobs=1, say=lines.append)
    confirmed = result["confirmation"]
    assert confirmed["setting"] == {"die": 2} and confirmed["verdict"] == "better"
    assert confirmed["gain_lo"] > 0 and confirmed["seed"] == 3
    assert "die=2 (default 0)" in "\n".join(lines)
    assert result["games_spent"] <= spec.budget


def test_a_tuned_player_no_better_than_its_defaults_is_said_so(tmp_path):
    from simkit.core.tune_players import PlayerTuneSpec, tune_players

    plan = {"game": PICK, "strategy": "pick_game:Fixed", "field": ["self"], "seed": 2}
    with registered():
        spec = PlayerTuneSpec.from_dict(plan | {"space": {"die": [0]}, "budget": 400})
        lines = []
        result = tune_players(spec, tmp_path, jobs=1, say=lines.append)
    assert result["confirmation"]["verdict"] == "not distinguishable"
    assert any("NOT distinguishable from the hand-set defaults" in line for line in lines)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"strategy": "nobody"}, "nobody"),
        ({"space": {"speed": [1]}}, "no such parameter"),
        ({"space": {}}, "empty"),
        ({"players": 1}, "needs opponents"),
        ({"objective": "fpa"}, "one objective"),
    ],
)
def test_a_bad_player_tune_file_is_one_clear_error(change, message):
    from simkit.core.errors import ExperimentError
    from simkit.core.tune_players import PlayerTuneSpec

    plan = {"game": LTH, "strategy": "threshold", "space": {"hike": [4, 5]}}
    with pytest.raises(ExperimentError, match=message):
        PlayerTuneSpec.from_dict(plan | change)


def level_rows(seat0_shares, variant="base", n=2):
    """Rows of 2-player games in which seat 0 wins the given shares (seeds 0, 1, ...)."""
    rows = []
    for k, share in enumerate(seat0_shares):
        for seat, mine in enumerate((share, 1.0 - share)):
            rows.append(
                {"variant": variant, "n_players": n, "game_index": k, "seed": k, "seat": seat}
                | {"win_share": mine}
            )
    return pl.DataFrame(rows)


def test_the_per_level_comparison_says_where_the_verdict_changes():
    from simkit.core.levels import AGAINST, FAIR, FAVOURS, compare_levels, findings

    steady = [1.0, 0.0] * 50  # a fair seat 0 under weak play...
    lucky = [1.0] * 80 + [0.0] * 20  # ...but 80% for seat 0 under strong play
    results = {
        "weak": pl.concat([level_rows(steady), level_rows(steady, "no-bears")]),
        "strong": pl.concat([level_rows(lucky), level_rows([0.0] * 100, "no-bears")]),
    }
    table = compare_levels(results)
    base = table.filter(pl.col("variant") == "base")
    assert base["level"].to_list() == ["weak", "strong"]
    assert base["verdict"].to_list() == [FAIR, FAVOURS]
    assert base["fpa"].to_list() == pytest.approx([0.0, 0.3])
    variant = table.filter(pl.col("variant") == "no-bears")
    assert variant["verdict"].to_list() == [FAIR, AGAINST]
    assert variant["effect"].to_list() == pytest.approx([0.0, -0.8])
    said = findings(table)
    assert any(line.startswith("base, 2 players: the verdict CHANGES with skill") for line in said)
    assert any("variant has an effect that CHANGES with skill" in line for line in said)
    same = findings(compare_levels({"a": level_rows(steady), "b": level_rows(steady)}))
    assert same[0].startswith("base, 2 players: the same verdict at every level")


def test_a_study_at_several_levels_from_the_command_line(tmp_path):
    study = tmp_path / "study.toml"
    study.write_text(
        'game = "dice-pick"\nplayers = 2\nseed = 4\nlevels = ["random", "pick_game:Best"]\n'
        'games = { random = 60, "pick_game:Best" = 40 }\n'
        '[[variants]]\nname = "sure"\nrules = { die_a = 10, die_b = 10, die_c = 10 }\n'
    )
    with registered():
        args = ["levels", str(study), "--out", str(tmp_path / "out")]
        result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "sure, 2 players: the same verdict at every level (fair within the interval)" in (
        result.output
    )
    table = pl.read_parquet(tmp_path / "out" / "levels.parquet")
    assert "Verdicts across skill" in (tmp_path / "out" / "levels.html").read_text()
    assert table.filter(pl.col("variant") == "base")["games"].to_list() == [60, 40]
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "dice-pick"\nlevels = ["random"]\n')
    with registered():
        result = CliRunner().invoke(main, ["levels", str(bad)])
    assert result.exit_code != 0 and "two or more strategies" in result.output


def test_judged_on_the_margin_the_audit_sees_more_of_the_small_blunders(tmp_path):
    with registered():
        on_margin = run_audit(
            AuditSpec(PICK, "pick_game:Fixed:die=1", 40, 2, seed=5, playouts=24, value="margin"),
            tmp_path / "margin",
        )
        on_wins = run_audit(
            AuditSpec(PICK, "pick_game:Fixed:die=1", 40, 2, seed=5, playouts=24, value="win"),
            tmp_path / "wins",
        )
    assert on_margin["blunder_rate"] > on_wins["blunder_rate"]
    assert on_margin["blunder_rate_lo"] > 0.5  # die b (5 in 10) against die c (8 in 10)
    with pytest.raises(Exception, match="value = 'luck'"):
        AuditSpec(PICK, "random", value="luck")


def test_the_skill_trace_follows_search_levels_cut_short(tmp_path):
    field = ["search:playouts=2,horizon=2", "search:playouts=4,horizon=2"]
    with registered():
        result = ladder(LadderSpec(PICK, 2, 4, 3, (2, 4), field, horizon=2), tmp_path, jobs=1)
    (step,) = result["skill_trace"]
    assert (step["level"], step["below"], step["meetings"]) == (4, 2, 8)
    assert result["deepest_vs_shallowest"]["strategy"] == "search:horizon=2,playouts=4"


def test_the_ladder_from_the_command_line(tmp_path):
    args = ["ladder", PICK, "--strategies", "random;pick_game:Worst;pick_game:Best"]
    with registered():
        result = CliRunner().invoke(main, args + ["--games", "30", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    ranked = [
        line.split()[0] for line in lines if line.startswith("  pick_game") or "random" in line
    ]
    assert ranked[:3] == ["pick_game:Best", "random", "pick_game:Worst"]
    assert "30 shared seeds per pair x 2 seat orders" in result.output
    saved = pl.read_parquet(tmp_path / "ladder.parquet")
    assert saved.height == 3 * 30 * 2 * 2  # pairs x seeds x seat orders x seats


def test_the_audit_is_the_same_with_one_worker_or_two(tmp_path):
    plan = AuditSpec(LTH, "bold", decisions=6, players=2, seed=8, playouts=2)
    run_audit(plan, tmp_path / "one", jobs=1)
    run_audit(plan, tmp_path / "two", jobs=2)
    one = pl.read_parquet(tmp_path / "one" / "audit.parquet").drop("replay")
    two = pl.read_parquet(tmp_path / "two" / "audit.parquet").drop("replay")
    assert one.height == 6 and one.equals(two)


def test_the_held_out_cost_is_free_of_the_luck_of_picking_the_best():
    import numpy as np

    from simkit.core.audit import heldout_cost

    rng = np.random.default_rng(0)
    equal = [heldout_cost(rng.integers(0, 2, (4, 32)).astype(float), 0) for _ in range(400)]
    plain = [
        judge(w, w, 0)["cost"] for w in (rng.integers(0, 2, (4, 32)) * 1.0 for _ in range(400))
    ]
    assert abs(np.mean(equal)) < 0.01 < np.mean(plain)  # four equal moves: no real cost
    better = np.vstack([np.zeros(32), np.ones(32)])
    assert heldout_cost(better, 0) == 1.0 and heldout_cost(better, 1) == 0.0


def test_a_proven_tuning_is_stored_as_a_preset_beside_the_others(tmp_path, monkeypatch):
    from simkit.core.tune_players import PlayerTuneSpec, save_preset

    stored = tmp_path / "presets.toml"
    stored.write_text("# kept comment\n[lets-take-a-hike.bold.calm]\nparams = { reserve = 6 }\n")
    monkeypatch.setattr(presets, "presets_file", lambda: stored)
    spec = PlayerTuneSpec.from_dict(
        {"game": LTH, "strategy": "threshold", "space": {"hike": [6]}}, source="tune.toml"
    )
    confirmation = {"win_share": 0.6, "defaults_win_share": 0.5, "gain": 0.1, "gain_lo": 0.05}
    confirmation |= {"gain_hi": 0.15, "games": 1000}
    save_preset(spec, "tuned", {"hike": 6}, {"confirmation": confirmation, "field": ["threshold"]})
    text = stored.read_text()
    assert text.startswith("# kept comment") and 'tuned_by = "tune.toml"' in text
    assert "+0.1000 [+0.0500, +0.1500]" in text
    assert make_strategy("threshold@tuned", LTH).hike == 6
    assert make_strategy("bold@calm", LTH).reserve == 6
    # tuned again: the preset is replaced in place, the file's tables still a blank line apart
    stored.write_text(text + "\n[lets-take-a-hike.greedy.calm]\nparams = { reserve = 5 }\n")
    save_preset(spec, "tuned", {"hike": 7}, {"confirmation": confirmation, "field": ["threshold"]})
    lines = stored.read_text().splitlines()
    headed = [i for i, line in enumerate(lines) if line.startswith("[")]
    assert all(lines[i - 1] in ("", "# kept comment") for i in headed)
    assert make_strategy("threshold@tuned", LTH).hike == 7
    presets.reload()


def test_a_player_that_never_wins_still_gets_a_finite_rating():
    from simkit.core.ladder import PRIOR_MEETINGS
    from simkit.core.ratings import bradley_terry

    rows = []
    for k in range(30):  # "strong" beats "weak" in every game
        for seat, (name, rank) in enumerate([("strong", 1), ("weak", 2)]):
            rows.append(
                {"variant": "base", "n_players": 2, "game_index": k, "seat": seat}
                | {"strategy": name, "rank": rank}
            )
    rated = bradley_terry(pl.DataFrame(rows), alpha=PRIOR_MEETINGS)
    weak = rated.filter(pl.col("strategy") == "weak").row(0, named=True)
    assert -2000 < weak["lo"] <= weak["elo"] < 0


def test_a_preset_names_its_tune_file_as_the_repository_does(tmp_path):
    from simkit.core.tune_players import shipped_path

    presets_toml = tmp_path / "simkit" / "strategies" / "presets.toml"
    inside = tmp_path / "experiments" / "a-game" / "tune.toml"
    assert shipped_path(str(inside), presets_toml) == "experiments/a-game/tune.toml"
    assert shipped_path("/elsewhere/tune.toml", presets_toml) == "/elsewhere/tune.toml"


def test_the_audit_plays_each_game_once_and_keeps_it_as_the_runner_would(tmp_path, monkeypatch):
    from simkit.core import runner
    from simkit.core.audit import _experiment

    plan = AuditSpec(LTH, "bold", decisions=6, players=2, seed=8, playouts=2)
    played_by_runner = runner.play_chunk

    def refuse(*args, **kwargs):
        raise AssertionError("the audit's games were played a second time")

    monkeypatch.setattr(runner, "play_chunk", refuse)
    run_audit(plan, tmp_path / "audit", jobs=1)
    monkeypatch.setattr(runner, "play_chunk", played_by_runner)
    games = pl.read_parquet(tmp_path / "audit" / "games")
    exp = _experiment(plan.sized(), games["game_index"].n_unique())
    runner.run(exp, tmp_path / "run", jobs=1, progress=False, engine="python")
    again = pl.read_parquet(tmp_path / "run" / "games")
    assert games.height == 2 * exp.games and games.sort("game_index", "seat").equals(
        again.sort("game_index", "seat")
    )
