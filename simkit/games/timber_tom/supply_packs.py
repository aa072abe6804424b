"""Supply Packs (6. Supply Packs): the most a hiker carries and the canoe fare. Trading a pack
for a space is an action of the move (see movement.py); the Snow Cap fee is in snow_caps.py."""

from __future__ import annotations

from simkit.games.timber_tom import board as bd

MAX_PACKS = 3  # "3 is the MAXIMUM amount of Supply Packs you are able to carry"


def canoe_fare(board: bd.Board, here: int, nxt: int, fare: int) -> int:
    """Packs paid to step into a canoe: "the canoe owners will only accept 1 Supply Pack as
    payment for the ride" (paid once, on boarding)."""
    return fare if board.feature[nxt] == bd.CANOE and board.feature[here] != bd.CANOE else 0


def after_loss(packs: int, n: int) -> int:
    """ "you cannot lose what you don't have"."""
    return max(0, packs - n)


def after_gain(packs: int, n: int) -> int:
    return min(MAX_PACKS, packs + n)
