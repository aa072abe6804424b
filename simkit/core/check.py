"""``simkit check``: random legal play over many seeds, checking every invariant after every action.

A failure reports the seed and the action sequence that reproduce it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from simkit.core.errors import IllegalAction
from simkit.core.rng import game_seed, seat_streams


@dataclass
class CheckFailure:
    seed: int
    n_players: int
    actions: list
    problem: str


@dataclass
class CheckReport:
    games: int = 0
    actions: int = 0
    turn_limit_games: int = 0
    failures: list[CheckFailure] = field(default_factory=list)


def check_game(spec, rules, n_players: int, seed: int, max_actions: int = 200_000):
    """Play one random legal game; returns (actions, end_reason) or a CheckFailure."""
    engine_rng, seat_rngs = seat_streams(seed, n_players)
    taken: list = []
    try:
        state = spec.new_state(rules, n_players, engine_rng)
        state.invariants()
        while not state.is_terminal():
            legal = state.legal_actions()
            if not legal:
                return CheckFailure(seed, n_players, taken, "no legal action before the end")
            seat = state.current_player()
            action = legal[seat_rngs[seat].below(len(legal))]
            taken.append(action)
            state.apply(action)
            state.invariants()
            if len(taken) > max_actions:
                return CheckFailure(seed, n_players, taken[-20:], "did not end (no turn cap?)")
        outcome = state.outcome()
        shares = sum(outcome.win_shares)
        normal = outcome.end_reason == "normal"
        if len(outcome.scores) != n_players or (normal and abs(shares - 1.0) > 1e-9):
            return CheckFailure(seed, n_players, taken, f"malformed outcome {outcome}")
        try:
            state.apply(taken[-1] if taken else 0)
        except IllegalAction:
            pass
        else:
            return CheckFailure(seed, n_players, taken, "a finished game accepted an action")
    except Exception as exc:  # report any engine failure with what reproduces it
        return CheckFailure(seed, n_players, taken, f"{type(exc).__name__}: {exc}")
    return len(taken), outcome.end_reason


def run_check(
    spec, rules, players: list[int], games: int, root_seed: int, progress=None
) -> CheckReport:
    report = CheckReport()
    for n in players:
        for k in range(games):
            result = check_game(spec, rules, n, game_seed(root_seed, k))
            report.games += 1
            if isinstance(result, CheckFailure):
                report.failures.append(result)
                if len(report.failures) >= 5:
                    return report
            else:
                report.actions += result[0]
                report.turn_limit_games += result[1] == "turn_limit"
            if progress:
                progress(1)
    return report
