"""The race's standing in a position cut short: the ``evaluation()`` hook (docs/adding-a-game.md)
that a search or audit playout stopped after ``horizon`` decisions is scored on.

Timber Tom banks no points as it goes (``scores()`` is the drawn game's resource count, only a
tie-break), so the standing is the race itself (13. Winning): the spaces each hiker still has to
cover to collect the Treasures it lacks and come home, the fewest leading. A hiker home has none
left. The way is counted as the strategies count it: the nearest Treasure not yet held, then the
next, then Base Camp, over the trees standing now, a tree a detour of one space."""

from __future__ import annotations

from simkit.games.timber_tom import board as bd
from simkit.games.timber_tom.treasures import held
from simkit.games.timber_tom.trees import searches

TREE_DETOUR = 1  # the strategies' default tree_cost: a tree is cut or walked round at about this


def standing(state) -> tuple[float, ...]:
    """Each hiker's worth: minus the spaces it still has to go (0 for a hiker home)."""
    trees = bytes(state.trees)
    return tuple(
        0.0
        if state.finished[s]
        else -float(
            spaces_to_go(
                state.board, trees, state.pos[s], state.treasures[s], state.rules.treasures_to_win
            )
        )
        for s in range(state.n)
    )


def spaces_to_go(board: bd.Board, trees: bytes, here: int, treasures: int, to_win: int) -> int:
    """Spaces from ``here`` to the nearest Treasure not held, on to the next until ``to_win``
    are held, then home."""
    spaces = 0
    while held(treasures) < to_win:
        open_peaks = [p for p in range(len(board.treasures)) if not treasures >> p & 1]
        ways = {p: _spaces(board, trees, here, board.treasures[p]) for p in open_peaks}
        peak = min(open_peaks, key=lambda p: (ways[p], p))
        spaces += ways[peak]
        here, treasures = board.treasures[peak], treasures | 1 << peak
    return spaces + _spaces(board, trees, here, board.camp)


def _spaces(board: bd.Board, trees: bytes, start: int, goal: int) -> int:
    return int(searches().distance_field(board, trees, (goal,), TREE_DETOUR, False)[start])
