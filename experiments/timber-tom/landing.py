"""How a walker lands exactly on its take-off helipad: through trees it can clear and with spare
supply packs traded for the spaces short (shipped, issue 11), or only by tree-free ways of the
move's own length (the walkers before it, kept here to measure against)? Measured paired on shared
seeds, as ``planting.py``. Run:

    .venv/bin/python experiments/timber-tom/landing.py --strategy trailblazer --players 2
"""

from __future__ import annotations

from simkit.core import paired
from simkit.games.timber_tom import board as bd
from simkit.games.timber_tom import fast_searches
from simkit.strategies.timber_tom import Trailblazer, _manhattan, _no_landing_way, _others

GAME = "timber-tom"


def _old_exact_landing(self, view, legal):
    """The walkers' exact landing before issue 11: a step with no tree to clear, on a tree-free
    way of exactly the spaces the move has left."""
    targets = self._landing_targets(view)
    if not targets:
        return None
    me, b = view.seat, view.board
    room = view.allowance - view.steps_taken
    if min(_manhattan(b, view.positions[me], t) for t in targets) > room + 2:
        return None
    taken = _others(view)
    visited = set(view.path)
    avoid = _no_landing_way(b)
    for act in legal:
        if act[0] != "step" or act[2]:
            continue
        nxt = act[1]
        if nxt == b.camp or b.feature[nxt] == bd.CANOE or b.zone[nxt] == bd.SNOW:
            continue
        cost = 0 if nxt in taken else 1
        if cost <= room and fast_searches.lands_exactly(
            b, view.trees, avoid, nxt, room - cost, visited | {nxt}, taken, targets
        ):
            return act
    return None


class TrailblazerBefore(Trailblazer):
    """``trailblazer`` landing as before the fix, for the audit: ``--strategy
    landing:TrailblazerBefore`` with this folder on ``PYTHONPATH``."""

    _exact_landing = _old_exact_landing


def before_the_fix(player):
    """``player`` as it landed before the fix (the same parameters, the same walking)."""
    return paired.earlier_form(player, _exact_landing=_old_exact_landing)


if __name__ == "__main__":
    paired.main(GAME, before_the_fix, "trailblazer", "exact landing")
