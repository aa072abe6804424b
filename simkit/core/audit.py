"""The blunder audit (``simkit audit``): how often does a strategy throw a game away?

The audited strategy plays games in every seat (an ordinary run, so each game replays alone). From
each game a few decisions with a real choice are drawn (from the game's seed, so the sample never
depends on the workers), and at each one every legal move is valued by paired playouts
(``simkit.core.playout``): the hidden information redrawn through ``sample_hidden`` from the
deciding seat's view, the game's default heuristic in every seat, the same worlds and streams for
every move. A move's value is the win share its playouts bring the deciding seat.

Only decisions with a *real choice* are audited: a decision whose moves all gave the same result
in every paired playout (two identical cards to discard, a route that ends where the other does)
cannot be a blunder whatever is played, and counting it would dilute the rate; such decisions are
valued, left out of the sample and counted (``trivial`` in the summary), and more games are played
until ``decisions`` real choices are found.

The verdict takes two stages. First every legal move gets ``playouts`` playouts; the move with
the best mean is the *best move* (ties go to the move played) and the *cost* is its mean minus the
played move's, in win share (and in points, ``cost_margin``). That plain cost is high by luck (the
best of several noisy means is), and a test on the same playouts would have to be corrected for
the choice. So, second (``confirm`` > 0), when the best is another move, the best and the played
move alone are played again on fresh worlds, ``confirm`` times the playouts at a time, in up to
``rounds`` looks: the choice is a *blunder* when, at a look, the best beats it by more than the
estimate's noise (a paired one-sided test at 2.5% split over the looks, exact since the best was
picked on other playouts); the looks stop early once that is shown, or once the played move does
as well as the best (which can only lower the chance of a false blunder). A single decision seldom
moves a game much against the noise of a whole playout, so the later looks are where the smaller
blunders are seen, and they are only paid for at the decisions still in doubt. ``cost_heldout``,
the best's advantage in win share on those fresh worlds, is a cost free of the luck of the pick:
it averages to zero for a player that always plays the best move. The value judged is the win
share (the margin only breaking ties when the best is picked), the scale the planted blunderer
picks its worst move on; ``value = "margin"`` judges the score margin instead, which sees smaller
differences but calls moves blunders that change no winner. Where the game's compiled engine plays
the playouts (a fraction of a millisecond each) every move gets four times the playouts
(``CHEAP_PLAYOUTS``), which the test needs: one decision seldom moves a win share much. With ``confirm = 0`` a single stage judges, its test Bonferroni-corrected for the number
of moves the best was picked from.

Output: ``audit.parquet`` (one row per sampled decision), ``audit.json`` (the figures) and
``audit.html`` (a short section with the worst examples, each with the ``simkit replay`` command
that shows its position).
"""

from __future__ import annotations

import html
import json
import math
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

import numpy as np
import polars as pl
from joblib import Parallel, delayed
from tqdm import tqdm

from simkit.core import registry
from simkit.core.errors import ExperimentError, StrategyError
from simkit.core.experiment import Experiment
from simkit.core.playout import (
    VALUES,
    blunder_z,
    cheap_playouts,
    looks,
    move_values,
    paired_edge,
    policy_for,
)
from simkit.core.rng import GameRng, derived_seed, game_seed
from simkit.core.runner import keep_played, load_run, play_game, run_lock
from simkit.core.runner import run as run_games
from simkit.core.stats import mean_ci
from simkit.core.strategy import make_strategy
from simkit.core.worlds import Worlds, uses_worlds

PER_GAME = 4  # decisions drawn from each game: spread over many games, not one game's habits
WORST_SHOWN = 5
_DECISION_STREAM = 0xA0D17
_RIVAL = 0xA0D18  # the stream of the ``against`` strategy's choice at a decision
# The audited games are played in Python, for their positions, and kept as the run's games: the
# run directory says so (a replay plays them there too).
GAMES_ENGINE = "python"
PLAYOUTS = 32  # per move, first stage, in Python playouts
CHEAP_PLAYOUTS = 128  # per move, first stage, where the compiled engine plays them


@dataclass(frozen=True)
class AuditSpec:
    game: str
    strategy: str
    decisions: int = 200
    players: int | None = None
    seed: int = 0
    playouts: int = 0  # per move in the first stage (0: PLAYOUTS, CHEAP_PLAYOUTS if compiled)
    policy: str = ""
    horizon: int = 0
    rules: dict | None = None
    value: str = "win"  # the blunderer's scale; "margin" is finer but not what wins games
    confirm: int = 4
    rounds: int = 4  # looks of the second stage, each with confirm x playouts fresh playouts
    against: str = ""  # a strategy also judged at the same positions (the paired comparison)

    def __post_init__(self):
        if self.value not in VALUES:
            raise ExperimentError(f"value = {self.value!r}: expected one of {', '.join(VALUES)}")
        if self.playouts == 1 or self.playouts < 0:
            raise ExperimentError("playouts: at least 2 (the noise needs two paired playouts)")
        if self.confirm < 0:
            raise ExperimentError("confirm: 0 (one stage) or a multiple of the playouts")
        if self.rounds < 1:
            raise ExperimentError("rounds: at least 1 look in the second stage")

    def sized(self) -> AuditSpec:
        """The spec with its playouts settled: as many as asked, else the default for the game's
        playouts (more where they are compiled, and so cheap)."""
        if self.playouts:
            return self
        return replace(self, playouts=CHEAP_PLAYOUTS if cheap_playouts(self.game) else PLAYOUTS)


class _Recorder:
    """Passes a strategy's choices through and notes them, in the order the game asks."""

    def __init__(self, inner, choices: list):
        self.inner, self.choices, self.name = inner, choices, inner.name
        self.uses_worlds = uses_worlds(inner)

    def choose(self, view, legal_actions, rng, **worlds):
        action = self.inner.choose(view, legal_actions, rng, **worlds)
        self.choices.append(action)
        return action


def play_recorded(spec, rules, players, seed: int, keep, log: bool = False):
    """Play one game from its seed (exactly as the runner does) and keep, for each decision index
    ``d`` with ``keep(d, state)`` true, a clone of the position before it and the move played.

    Returns (final state, {d: (position, move)}, events logged before each kept decision)."""
    choices: list = []
    recorders = {id(p): _Recorder(p, choices) for p in players}
    positions: dict[int, object] = {}
    logged: dict[int, int] = {}

    def observe(state):
        d = len(choices)
        if not state.is_terminal() and keep(d, state):
            positions[d] = state.clone()
            logged[d] = len(state.events)

    final = play_game(spec, rules, [recorders[id(p)] for p in players], seed, log, observe)
    return final, {d: (s, choices[d]) for d, s in positions.items()}, logged


def drawn_decisions(points: list[int], seed: int, k: int = PER_GAME) -> list[int]:
    """``k`` of a game's choice points (decisions with more than one legal move), drawn from its
    seed (the same whatever the workers)."""
    if len(points) <= k:
        return points
    pick = np.random.default_rng([seed & (2**63 - 1), _DECISION_STREAM]).choice(
        len(points), k, replace=False
    )
    return sorted(points[i] for i in pick)


def judge(wins: np.ndarray, margins: np.ndarray, chosen: int, value: str = "win") -> dict:
    """Cost and blunder verdict of the move ``chosen`` among valued moves (rows: moves, columns:
    paired playouts). The cost is in win share (and in points, ``cost_margin``); the best move and
    the blunder test use ``value``: the win share (the margin breaking ties), or the margin."""
    values = wins if value == "win" else margins
    seen = looks(wins, margins, value)
    # A move as good as the best is the best: ties go to the move played.
    best = chosen if seen[chosen] >= max(seen) else max(range(len(seen)), key=seen.__getitem__)
    edge, se = paired_edge(values, best, chosen) if best != chosen else (0.0, 0.0)
    z = blunder_z(len(values))
    win_means, margin_means = wins.mean(axis=1), margins.mean(axis=1)
    return {
        "best": best,
        "chosen_value": float(win_means[chosen]),
        "best_value": float(win_means.max()),
        "cost": float(win_means.max() - win_means[chosen]),
        "cost_margin": float(margin_means.max() - margin_means[chosen]),
        "cost_heldout": heldout_cost(wins, chosen),
        "edge": edge,
        "edge_se": se,
        "blunder": bool(best != chosen and edge > z * se),
    }


def real_choice(values: np.ndarray) -> bool:
    """Whether the moves differ at all: some two of them gave different results in some paired
    playout (rows: moves, columns: playouts). Moves alike in every shared world are no choice."""
    return bool((values != values[0]).any())


def confirmed(wins: np.ndarray, margins: np.ndarray, value: str = "win", looks: int = 1) -> dict:
    """A look of the second stage: the first stage's best move (row 0) against the move played
    (row 1) on fresh worlds. The best was picked on other playouts, so a one-sided test is exact
    (no correction for the choice); its 2.5% is split over the ``looks`` the stage may take. The
    mean difference in win share is a cost free of the luck of picking the best."""
    values = wins if value == "win" else margins
    edge, se = paired_edge(values, 0, 1)
    return {
        "edge": edge,
        "edge_se": se,
        "blunder": bool(edge > blunder_z(looks + 1) * se),
        "cost_heldout": float(wins[0].mean() - wins[1].mean()),
        "confirm_playouts": int(wins.shape[1]),
    }


def second_stage(value_pair, audit: AuditSpec) -> dict:
    """The best and the played move on fresh worlds, ``confirm`` x ``playouts`` at a time
    (``value_pair(k)`` plays k more), until a look shows a blunder, the played move does as well
    as the best, or ``rounds`` looks are taken."""
    wins, margins = value_pair(audit.playouts * audit.confirm)
    verdict = confirmed(wins, margins, audit.value, audit.rounds)
    for _ in range(audit.rounds - 1):
        if verdict["blunder"] or verdict["edge"] <= 0:
            break
        more_wins, more_margins = value_pair(audit.playouts * audit.confirm)
        wins, margins = np.hstack([wins, more_wins]), np.hstack([margins, more_margins])
        verdict = confirmed(wins, margins, audit.value, audit.rounds)
    return verdict


def heldout_cost(wins: np.ndarray, chosen: int) -> float:
    """The cost in win share free of the luck of picking the best: the best move is picked on the
    even playouts and the cost measured on the odd ones. The plain cost (best mean minus the
    chosen move's) is positive even for a perfect player, since the best of several noisy means is
    high by luck; this one averages to zero or less for a player that always picks the best."""
    if wins.shape[1] < 2:
        return 0.0
    picked = wins[:, ::2].mean(axis=1)
    best = chosen if picked[chosen] >= picked.max() else int(np.argmax(picked))
    return float((wins[best, 1::2] - wins[chosen, 1::2]).mean())


def audit_game(spec_name: str, audit: AuditSpec, rules, index: int, seed: int, run_dir: str):
    """The audit rows of one game (its drawn decisions, every move valued by paired playouts),
    and the game's seats and outcome for its row in the run directory."""
    spec = registry.game(spec_name)
    players = [make_strategy(audit.strategy, spec_name)] * (audit.players or spec.typical_players)
    final, kept, _ = play_recorded(
        spec, rules, players, seed, lambda d, s: len(s.legal_actions()) > 1
    )
    kept = {d: kept[d] for d in drawn_decisions(sorted(kept), seed)}
    policy = policy_for(spec_name, audit.policy)
    rival = make_strategy(audit.against, spec_name) if audit.against else None
    rows = []
    for d in sorted(kept):
        position, played = kept[d]
        seat = position.current_player()
        legal = position.legal_actions()
        rng = GameRng(derived_seed(seed, d, _DECISION_STREAM))
        sample = partial(position.sample_hidden, seat)
        wins, margins = move_values(sample, seat, legal, policy, audit.playouts, rng, audit.horizon)
        verdict_on = partial(
            verdict_of,
            sample=sample,
            seat=seat,
            legal=legal,
            wins=wins,
            margins=margins,
            policy=policy,
            rng=rng,
            audit=audit,
        )
        verdict, best = verdict_on(played)
        if rival is not None:
            theirs = rival_move(
                rival, spec_name, position, seat, legal, derived_seed(seed, d, _RIVAL)
            )
            # Where the rival plays the same move its verdict is the same: the pair differs
            # only where the two strategies do.
            rival_verdict = verdict if theirs == played else verdict_on(theirs)[0]
            verdict |= {
                "against_move": position.action_text(theirs),
                "against_blunder": rival_verdict["blunder"],
                "against_cost": rival_verdict["cost"],
                "against_cost_heldout": rival_verdict["cost_heldout"],
            }
        rows.append(
            {
                "game": spec_name,
                "strategy": players[0].name,
                "n_players": len(players),
                "game_index": index,
                "seed": seed,
                "decision": d,
                "seat": seat,
                "turn": position.turns(),
                "moves": len(legal),
                "real_choice": real_choice(margins) or real_choice(wins),
                "played": position.action_text(played),
                "best_move": position.action_text(best),
                **verdict,
                "playouts": audit.playouts,
                "replay": f"simkit replay {run_dir} --index {index} --decision {d}",
            }
        )
    return rows, ([p.name for p in players], final.outcome())


def verdict_of(move, sample, seat: int, legal, wins, margins, policy, rng, audit: AuditSpec):
    """The verdict on playing ``move`` among the valued ``legal`` moves (the first stage's
    ``wins`` and ``margins``), with its second stage where another move looked best; and that
    best move."""
    verdict = judge(wins, margins, legal.index(move), audit.value)
    best = legal[verdict.pop("best")]
    if audit.confirm:
        verdict |= {"cost_heldout": 0.0, "blunder": False, "confirm_playouts": 0}
        if best != move:  # the rng goes on: fresh worlds for every look
            pair = partial(
                move_values, sample, seat, [best, move], policy, rng=rng, horizon=audit.horizon
            )
            verdict |= second_stage(pair, audit)
    return verdict, best


def rival_move(rival, game: str, position, seat: int, legal, seed: int):
    """The move ``rival`` would play at ``position``, from its own stream (``seed``)."""
    view = position.view(seat)
    worlds = {"worlds": Worlds(position, seat, game)} if uses_worlds(rival) else {}
    move = rival.choose(view, legal, GameRng(seed), **worlds)
    if move not in legal:
        raise StrategyError(
            f"strategy '{rival.name}' (--against) returned an illegal action: {move!r}"
        )
    return move


def run_audit(audit: AuditSpec, out: Path, jobs: int = 1, progress: bool = False) -> dict:
    """Play the audited games into ``out`` (a run directory), audit their decisions, write
    ``audit.parquet``, ``audit.json`` and ``audit.html``; returns the summary.

    Each game is played once, in the worker that audits it; its row is kept in ``out`` as the
    runner writes it (:func:`~simkit.core.runner.keep_played`), so ``simkit replay`` shows any
    audited decision and the run plays no game twice."""
    out = Path(out)
    audit = audit.sized()
    spec = registry.game(audit.game)
    if audit.against:
        make_strategy(audit.against, audit.game)  # a bad name fails before any game is played
    games = max(1, math.ceil(audit.decisions / PER_GAME))
    exp = _experiment(audit, games)
    rules = exp.rules_for(exp.variants[0])
    frames: list[dict] = []
    trivial = done = 0
    with run_lock(out):
        while True:
            todo = range(done, exp.games)
            found = Parallel(n_jobs=jobs, return_as="generator")(
                delayed(audit_game)(spec.name, audit, rules, k, game_seed(exp.seed, k), str(out))
                for k in todo
            )
            played = {}
            bar = tqdm(found, total=len(todo), unit="games", desc="audit", disable=not progress)
            for k, (rows, game_row) in zip(todo, bar, strict=True):
                frames += [row for row in rows if row["real_choice"]]
                trivial += sum(not row["real_choice"] for row in rows)
                played[k] = game_row
            keep_played(exp, out, played)
            run_games(exp, out, jobs=1, progress=False, engine=GAMES_ENGINE)  # plays none
            done = exp.games
            if len(frames) >= audit.decisions or done >= games * 4:
                break  # games with few real choices: play more of them, within reason
            more = done + math.ceil((audit.decisions - len(frames)) / PER_GAME) + 1
            exp = _experiment(audit, more)
    table = pl.DataFrame(frames[: audit.decisions], infer_schema_length=None)
    table.write_parquet(out / "audit.parquet")
    summary = summarize(table) | {
        "game": audit.game,
        "strategy": table["strategy"][0] if len(table) else audit.strategy,
        "policy": audit.policy or spec.default_strategy,
        "players": audit.players or spec.typical_players,
        "seed": audit.seed,
        "playouts": audit.playouts,
        "horizon": audit.horizon,
        "value": audit.value,
        "confirm": audit.confirm,
        "rounds": audit.rounds,
        "games": done,
        "trivial": trivial,
    }
    if audit.against and len(table):
        summary |= compared(table) | {"against": audit.against}
    (out / "audit.json").write_text(json.dumps(summary, indent=2))
    (out / "audit.html").write_text(audit_html(summary))
    return summary


def _experiment(audit: AuditSpec, games: int) -> Experiment:
    return Experiment.from_dict(
        {
            "name": f"audit-{audit.strategy}",
            "game": audit.game,
            "players": audit.players or registry.game(audit.game).typical_players,
            "strategies": [audit.strategy],
            "games": games,
            "seed": audit.seed,
            "rules": audit.rules or {},
            # A game a part: when too few real choices call for more games, the run only adds
            # parts (a last part of several games would grow, and be played again).
            "chunk": 1,
        }
    )


def summarize(table: pl.DataFrame) -> dict:
    """Blunder rate and mean cost with 95% intervals, and the worst decisions."""
    if table.is_empty():
        return {"decisions": 0, "blunder_rate": math.nan, "mean_cost": math.nan, "worst": []}
    rate = mean_ci(table["blunder"].cast(pl.Float64).to_numpy())
    cost = mean_ci(table["cost"].to_numpy())
    heldout = mean_ci(table["cost_heldout"].to_numpy())
    worst = (
        table.filter(pl.col("blunder"))
        .sort("cost", "cost_margin", descending=True)
        .head(WORST_SHOWN)
    )
    return {
        "decisions": len(table),
        "blunder_rate": rate[0],
        "blunder_rate_lo": max(0.0, rate[1]) if not math.isnan(rate[1]) else rate[1],
        "blunder_rate_hi": rate[2],
        "mean_cost": cost[0],
        "mean_cost_lo": cost[1],
        "mean_cost_hi": cost[2],
        "heldout_cost": heldout[0],
        "heldout_cost_lo": heldout[1],
        "heldout_cost_hi": heldout[2],
        "worst": worst.select(
            "game_index", "seed", "decision", "seat", "played", "best_move", "cost", "replay"
        ).to_dicts(),
    }


def compared(table: pl.DataFrame) -> dict:
    """The audited strategy against the ``against`` one at the same positions: the other's blunder
    rate and the paired differences (audited minus other) with 95% intervals. Decisions where the
    two play the same move differ by nothing, so a strategy that departs from another at a few
    decisions is told from it on far fewer decisions than two separate audits need."""
    figures = {}
    pairs = {
        "blunder_rate": ("blunder", "against_blunder"),
        "mean_cost": ("cost", "against_cost"),
        "heldout_cost": ("cost_heldout", "against_cost_heldout"),
    }
    for name, (ours, theirs) in pairs.items():
        a, b = (table[c].cast(pl.Float64).to_numpy() for c in (ours, theirs))
        figures[f"against_{name}"] = float(b.mean())
        diff = mean_ci(a - b)
        figures |= {f"{name}_diff": diff[0], f"{name}_diff_lo": diff[1], f"{name}_diff_hi": diff[2]}
    figures["against_differs"] = int((table["played"] != table["against_move"]).sum())
    return figures


def audit_html(summary: dict) -> str:
    """A short HTML section: the figures and the worst decisions with their replay commands."""
    e = html.escape
    lines = [
        f"<section class='audit'><h2>Blunder audit: {e(summary['strategy'])}</h2>",
        f"<p>{summary['decisions']} decisions with a real choice from {summary['games']} games of "
        f"{e(summary['game'])} ({summary['players']} players, seed {summary['seed']}; "
        f"{summary['trivial']} more, whose moves all played out alike, left out); every legal move "
        f"valued by {summary['playouts']} paired playouts of {e(summary['policy'])}.</p>",
    ]
    if summary["decisions"]:
        lines.append(
            f"<p>Blunder rate <b>{summary['blunder_rate']:.1%}</b> "
            f"[{summary['blunder_rate_lo']:.1%}, {summary['blunder_rate_hi']:.1%}]; "
            f"mean cost of a choice {summary['mean_cost']:.4f} win share "
            f"[{summary['mean_cost_lo']:.4f}, {summary['mean_cost_hi']:.4f}] (held out from the "
            f"choice of the best: {summary['heldout_cost']:.4f} [{summary['heldout_cost_lo']:.4f}, "
            f"{summary['heldout_cost_hi']:.4f}]).</p>"
        )
    if "against" in summary:
        lines.append(f"<p>{e(compared_text(summary))}</p>")
    if summary["worst"]:
        lines.append(
            "<table><tr><th>game</th><th>decision</th><th>played</th><th>best</th>"
            "<th>cost</th><th>see it</th></tr>"
        )
        for w in summary["worst"]:
            lines.append(
                f"<tr><td>{w['game_index']} (seed {w['seed']})</td><td>{w['decision']}</td>"
                f"<td>{e(w['played'])}</td><td>{e(w['best_move'])}</td><td>{w['cost']:.3f}</td>"
                f"<td><code>{e(w['replay'])}</code></td></tr>"
            )
        lines.append("</table>")
    lines.append("</section>")
    return "\n".join(lines) + "\n"


def compared_text(summary: dict) -> str:
    """One sentence on the paired comparison with the ``against`` strategy."""
    return (
        f"Against {summary['against']} at the same {summary['decisions']} positions (it plays "
        f"another move at {summary['against_differs']}): blunder rate "
        f"{summary['against_blunder_rate']:.1%}, difference {summary['blunder_rate_diff']:+.1%} "
        f"[{summary['blunder_rate_diff_lo']:+.1%}, {summary['blunder_rate_diff_hi']:+.1%}]; mean "
        f"cost difference {summary['mean_cost_diff']:+.4f} [{summary['mean_cost_diff_lo']:+.4f}, "
        f"{summary['mean_cost_diff_hi']:+.4f}] win share."
    )


def position(run_dir: Path, index: int, decision: int):
    """Game ``index`` of a run replayed up to decision ``decision``: (the events before it, the
    position, the move the run's strategy played there)."""
    from simkit.core.replay import recorded_rows

    exp, meta = load_run(run_dir)
    rows = recorded_rows(run_dir, exp, meta, index)
    cell, _ = exp.locate(index)
    spec = registry.game(exp.game)
    players = [make_strategy(name, exp.game) for name in rows["strategy"].to_list()]
    final, kept, logged = play_recorded(
        spec,
        exp.rules_for(cell.variant),
        players,
        int(rows["seed"][0]),
        lambda d, s: d == decision,
        log=True,
    )
    if decision not in kept:
        raise_missing(index, decision)
    state, played = kept[decision]
    return final.events[: logged[decision]], state, played


def raise_missing(index: int, decision: int) -> None:
    from simkit.core.errors import SimkitError

    raise SimkitError(f"game {index} has no decision {decision} (it ended before)")
