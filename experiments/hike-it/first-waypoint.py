"""The long tour's first waypoint: as far as it can be from its region's bear (shipped, issue 11),
against the one farthest from the park's trailheads (the long tour before it). Measured paired on
shared seeds, as ``long-tour.py``. Run:

    .venv/bin/python experiments/hike-it/first-waypoint.py --strategy planner --players 2
"""

from __future__ import annotations

from simkit.core import paired

GAME = "hike-it"


def _far_from_the_trailheads(self, view, legal):
    """The first waypoint farthest from the trailheads; the others as shipped."""
    board = view.board
    if view.me.waypoints:
        return type(self).__mro__[1]._waypoint(self, view, legal)
    return min(legal, key=lambda a: (-min(board.dist[a[1]][t] for t in board.trailheads), a))


def before_the_fix(player):
    """``player`` taking its first waypoint far from the trailheads, as before the fix."""
    return paired.earlier_form(player, _waypoint=_far_from_the_trailheads)


if __name__ == "__main__":
    paired.main(GAME, before_the_fix, "planner", "first-waypoint rule")
