"""Playouts: how good is each legal move of a decision, by playing the game on from it.

Shared by the search player, the planted-blunder wrapper and the blunder audit, and generic over
every game: it uses only the game protocol (``sample_hidden``, ``clone``, ``apply``,
``legal_actions``, ``view``, ``outcome``, ``scores``).

Every move of a decision is tried in the same sampled worlds (common random numbers): world ``p`` is
drawn once from its seed (``sample_hidden``: what the seat cannot see redrawn, the engine's
generator included) and *cloned* for each move, and the players of playout ``p`` draw from the same
stream whatever the move, so two moves' values differ by the move and what follows from it, not by
luck. The comparison between moves is paired. For the same reason every playout's players start
with no memory of earlier play (:func:`fresh`): a strategy that keeps what it worked out for a
turn would otherwise carry it from one move's playout into the next.

A playout is cut short after ``horizon`` decisions (0: played to the end) and then scored on the
game's evaluation of the position (``evaluation()``, an optional hook: each seat's points as the
game would likely end from here), else on the seats' points so far (``scores()``): a cheap
evaluation where points are banked as the game goes, a poor one where they are counted only at the
end, so it is off unless asked for.

Compiled playouts: a game's compiled engine (``GameSpec.fast_engine``) may offer
``playouts(world, seat, legal, policy, rng, horizon)``, the (win shares, margins) arrays of every
legal move in one sampled world, equal to what :func:`playout` gives for the same world and
stream, or None when it cannot (the policy has no compiled form). ``move_values`` plays each
world there when the game offers it (``compiled_playouts``), and in Python otherwise. A compiled
engine scores a playout cut short as :func:`evaluation` does: on the game's ``evaluation()`` where
its state defines one, else on ``scores()``.
"""

from __future__ import annotations

import dataclasses
import importlib
import math
from collections.abc import Sequence
from functools import cache

import numpy as np
from scipy import stats as sps

from simkit.core.errors import StrategyError
from simkit.core.game import State
from simkit.core.rng import GameRng
from simkit.core.worlds import uses_worlds

# Decorrelates the playout players' stream from the world sampled with the same seed.
POLICY_STREAM = 0x5DEECE66D
VALUES = ("win", "margin")


def playout(world: State, policy, seat: int, rng: GameRng, horizon: int = 0) -> tuple[float, float]:
    """Play ``world`` on with ``policy`` in every seat (to the end, or for ``horizon`` decisions);
    ``seat``'s win share and its score minus the best other seat's."""
    policy = fresh(policy)
    decisions = 0
    while not world.is_terminal():
        if horizon and decisions >= horizon:
            return standing(evaluation(world), seat)
        s = world.current_player()
        world.apply(policy.choose(world.view(s), world.legal_actions(), rng))
        decisions += 1
    outcome = world.outcome()
    others = max((score for s, score in enumerate(outcome.scores) if s != seat), default=0.0)
    return outcome.win_shares[seat], outcome.scores[seat] - others


def fresh(policy):
    """``policy`` as it is before it has played: a dataclass strategy made anew from its
    parameters (its fields outside ``__init__``, what it remembers, start empty); any other is
    taken to remember nothing."""
    return dataclasses.replace(policy) if dataclasses.is_dataclass(policy) else policy


def evaluation(world: State) -> Sequence[float]:
    """Each seat's worth in a position cut short: the game's own ``evaluation()`` where it has one
    (the points a seat can count on from what it holds), else its points banked so far."""
    evaluate = getattr(world, "evaluation", None)
    return evaluate() if evaluate is not None else world.scores()


def standing(scores: Sequence[float], seat: int) -> tuple[float, float]:
    """The win share and margin ``seat`` would have if the game ended on ``scores``."""
    top = max(scores)
    leaders = sum(1 for s in scores if s == top)
    others = max((s for i, s in enumerate(scores) if i != seat), default=0.0)
    return (1.0 / leaders if scores[seat] == top else 0.0), scores[seat] - others


def move_values(
    sample, seat: int, legal: Sequence, policy, playouts: int, rng: GameRng, horizon: int = 0
) -> tuple[np.ndarray, np.ndarray]:
    """Win shares and margins, each an array (moves x playouts), of every legal move.

    ``sample(rng)`` draws one world the seat cannot tell from the real one (``Worlds.sample`` or a
    state's ``sample_hidden`` bound to its seat); world ``p`` and its players' stream are shared
    by every move (paired playouts).
    """
    wins = np.empty((len(legal), playouts))
    margins = np.empty((len(legal), playouts))
    compiled = None
    for p in range(playouts):
        seed = rng.next64()
        world = sample(GameRng(seed))
        if p == 0:
            compiled = compiled_playouts(type(world))
        values = None
        if compiled is not None:
            values = compiled(world, seat, legal, policy, GameRng(seed ^ POLICY_STREAM), horizon)
        if values is not None:
            wins[:, p], margins[:, p] = values
            continue
        for i, action in enumerate(legal):
            trial = world.clone() if i < len(legal) - 1 else world  # the last move takes the world
            trial.apply(action)
            wins[i, p], margins[i, p] = playout(
                trial, policy, seat, GameRng(seed ^ POLICY_STREAM), horizon
            )
    return wins, margins


@cache
def compiled_playouts(state_type: type):
    """The ``playouts`` of the compiled engine of the game whose states are ``state_type`` (the
    game whose ``new_state`` is defined beside it), if it offers one; else None."""
    from simkit.core import registry

    for spec in registry.games().values():
        if spec.fast_engine and spec.new_state.__module__ == state_type.__module__:
            return getattr(importlib.import_module(spec.fast_engine), "playouts", None)
    return None


def move_rows(world: State, legal) -> tuple[np.ndarray, int] | None:
    """For a compiled engine's ``playouts``: each move of ``legal`` as its row in ``world``'s own
    list of legal actions (the order the engine lists them in), and how many there are; None if
    a move is not among them."""
    offered = world.legal_actions()
    try:
        return np.array([offered.index(action) for action in legal], dtype=np.int64), len(offered)
    except ValueError:
        return None


def last_built(build):
    """``build`` remembering its last argument and result, recognised by identity, not by hash: a
    search or an audit asks a compiled engine for the same rules at every world it samples, and
    hashing them again each time would cost more than a playout."""
    last: list = [None, None]

    def built(rules):
        if last[0] is not rules:
            last[:] = rules, build(rules)
        return last[1]

    return built


def looks(wins: np.ndarray, margins: np.ndarray, value: str = "win") -> list[tuple[float, float]]:
    """How each move looks over its playouts, to rank moves: its mean ``value`` (win share or
    margin), then the other measure's mean to break ties. The planted blunderer's worst move and
    the audit's best move are ranked on this same scale."""
    first, second = (wins, margins) if value == "win" else (margins, wins)
    return list(zip(first.mean(axis=1).tolist(), second.mean(axis=1).tolist(), strict=True))


def cheap_playouts(game: str) -> bool:
    """Whether the game's compiled engine plays playouts (a playout there costs a fraction of a
    millisecond, so the audit affords several times more of them)."""
    from simkit.core import registry

    engine = registry.game(game).fast_engine
    return bool(engine) and hasattr(importlib.import_module(engine), "playouts")


BLUNDER_LEVEL = 0.025  # one-sided: the chance of calling a move a blunder when it is not


def blunder_z(moves: int, level: float = BLUNDER_LEVEL) -> float:
    """One-sided critical value for the best of ``moves`` moves against the one played (the
    audit's test of a blunder, and the planted blunderer's of the move it plants)."""
    return float(sps.norm.isf(level / max(1, moves - 1)))


def paired_edge(values: np.ndarray, i: int, j: int) -> tuple[float, float]:
    """Mean of move ``i``'s value minus move ``j``'s over the shared playouts, and its standard
    error (0 when the playouts never differ)."""
    diffs = values[i] - values[j]
    n = len(diffs)
    sd = float(np.std(diffs, ddof=1)) if n > 1 else math.inf
    return float(diffs.mean()), sd / math.sqrt(n)


def policy_for(game: str, name: str = ""):
    """The playout policy ``name`` (the game's default heuristic if empty); a searching strategy
    would search inside every playout, so it is refused."""
    from simkit.core import registry
    from simkit.core.strategy import make_strategy

    name = name or registry.game(game).default_strategy
    player = make_strategy(name, game)
    if uses_worlds(player):
        raise StrategyError(f"search policy '{name}' searches itself: name a heuristic")
    return player
