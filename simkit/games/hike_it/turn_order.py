"""The turn-order track and the alternate rule (Changing Turn Order; Alternate Turn Order Rule)."""

from __future__ import annotations


def can_move_up(bottom_row: list[int], seat: int) -> bool:
    """Onto the campfire row, or past the marker to its left there (not past the leftmost)."""
    return seat not in bottom_row or bottom_row.index(seat) > 0


def move_up(bottom_row: list[int], seat: int) -> None:
    """One action: onto the leftmost free campfire icon, or one place left on that row."""
    if seat in bottom_row:
        i = bottom_row.index(seat)
        bottom_row[i - 1], bottom_row[i] = bottom_row[i], bottom_row[i - 1]
    else:
        bottom_row.append(seat)


def next_round(order: list[int], bottom_row: list[int], rule: str) -> list[int]:
    """The next day's order: campfire hikers first in row order ("track"), or the first player
    marker passed clockwise ("rotate")."""
    if rule == "track":
        return bottom_row + [s for s in order if s not in bottom_row]
    return order[1:] + order[:1]
