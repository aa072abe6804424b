"""A heuristic's endgame with a thin backpack while ahead: does drawing (``Hiker.holds_the_lead``,
shipped) beat hiking (the heuristics before it, kept here to measure against)? Measured paired on
shared seeds.

Every seed is played twice with the seats of the two swapped (``simkit.core.paired``), so each
pair of games gives the shipped heuristic's win share with the seating balanced. Python engine:
the old rule has no compiled form. Run:

    .venv/bin/python experiments/lets-take-a-hike/endgame-lead.py --strategy bold --players 2
"""

from __future__ import annotations

from simkit.core import paired

GAME = "lets-take-a-hike"


def before_the_fix(player):
    """``player`` as it played before the fix: once the draw pile is short it hikes with any
    backpack, ahead or not."""
    return paired.earlier_form(player, holds_the_lead=lambda self, view: False)


if __name__ == "__main__":
    paired.main(GAME, before_the_fix, "bold", "rule", pairs=10000)
