"""The long tour's trailhead: the longest tour with a mile from the nearest bear counted as a mile of
tour (shipped, issue 11), against the longest tour alone (before). Measured paired on shared
seeds, as ``long-tour.py``. Run:

    .venv/bin/python experiments/hike-it/trailhead-bears.py --strategy planner --players 2
"""

from __future__ import annotations

from simkit.core import paired
from simkit.strategies.hike_it import _tour

GAME = "hike-it"


def _longest_tour(self, view, legal):
    """The trailhead of the longest tour through the waypoints."""
    board, wps = view.board, list(view.me.waypoints)
    return min(legal, key=lambda a: (-_tour(board, a[1], wps, a[1])[0], a))


def before_the_fix(player):
    """``player`` taking the trailhead of the longest tour, as before the fix."""
    return paired.earlier_form(player, _trailhead=_longest_tour)


if __name__ == "__main__":
    paired.main(GAME, before_the_fix, "planner", "trailhead rule")
