"""Side hike objectives (Side Hikes): each card's goal checked against one hiker's progress;
:func:`check` builds that progress from the game ``g`` after every action and at the end of a
turn."""

from __future__ import annotations

from typing import NamedTuple

from simkit.games.hike_it.data import REGIONS, SCENIC_TYPES, SideHike


class Progress(NamedTuple):
    """What the objectives look at for one hiker (built when its side hikes are checked)."""

    tokens: list[int]  # skill set tokens per type
    scenic: list[int]  # spaces whose scenic tokens the hiker holds
    scenic_type: tuple[int, ...]  # the park's scenic type of each space
    region: tuple[int, ...]  # the park's region of each space
    columns_done: list[bool]
    campfires_used: int
    hand_size: int
    finish_health: int  # health when the hike was completed (-1: not yet)
    on_turn: bool  # it is this hiker's turn (the "during your turn" objectives)
    miles_today: int
    water_today: int
    gear_today: int
    end_of_turn: bool


def achieved(card: SideHike, p: Progress) -> bool:
    """Whether the hiker meets ``card``'s objective now.

    ``finish_health`` is met only once the hike is completed; ``hand_full`` only at the end of a
    turn.
    """
    obj, n, tokens = card.objective, card.n, p.tokens
    if obj == "masteries":
        return sum(1 for t in tokens if t >= 2) >= n
    if obj == "hike_in_turn":
        return p.on_turn and p.miles_today >= n
    if obj == "water_and_gear_in_turn":
        return p.on_turn and p.water_today >= 1 and p.gear_today >= 1
    if obj == "water_in_turn":
        return p.on_turn and p.water_today >= n
    if obj == "gear_in_turn":
        return p.on_turn and p.gear_today >= n
    if obj == "finish_health":
        return p.finish_health >= n
    if obj == "skill_set_tokens":
        return sum(tokens) >= n
    if obj == "scenic_tokens":
        return len(p.scenic) >= n
    if obj == "scenic_type":
        return sum(1 for s in p.scenic if p.scenic_type[s] == card.scenic_type) >= n
    if obj == "campfires":
        return p.campfires_used >= n
    if obj == "hand_full":
        return p.end_of_turn and p.on_turn and p.hand_size >= n
    if obj == "token_regions":
        return len({p.region[s] for s in p.scenic}) == len(REGIONS)
    if obj == "columns":
        return sum(p.columns_done) >= n
    if obj == "token_types":
        return sum(1 for t in tokens if t >= 1) >= n
    raise ValueError(f"unknown side hike objective {obj!r}")


def complete(held: list[int], done: list[int], cards, p: Progress, n_easy: int) -> list[int]:
    """The side hikes of ``held`` achieved now, moved to ``done``: completing one discards the
    hiker's other card of the same value (easy or difficult: one of each may be completed)."""
    completed = []
    for card in list(held):
        if card in held and achieved(cards[card], p):
            done.append(card)
            value = card >= n_easy
            for other in [c for c in held if (c >= n_easy) == value]:
                held.remove(other)
            completed.append(card)
    return completed


def points(side_done: list[int], n_easy: int, easy: int, difficult: int) -> int:
    """Completed side hikes: ``easy`` points for an easy card (ids below ``n_easy``), else
    ``difficult``."""
    return sum(easy if c < n_easy else difficult for c in side_done)


def describe(card: SideHike, pts: int) -> str:
    what = card.objective.replace("_", " ")
    if card.scenic_type >= 0:
        what = f"{card.n} {SCENIC_TYPES[card.scenic_type]} scenic tokens"
    elif card.n:
        what = f"{what} {card.n}"
    return f"{what} ({pts} points)"


def must_choose(held: list[int], n_easy: int, difficult: bool) -> bool:
    """Whether a hiker holding ``held`` side hikes must choose which one of that value to keep
    (more than one easy, or difficult, card: the third waypoint claimed)."""
    return sum(1 for c in held if (c >= n_easy) == difficult) > 1


def check(g, seat: int, end_of_turn: bool) -> None:
    """Complete the side hikes ``seat`` achieves now (it keeps no choice of that value to make)."""
    held = g.side_hand[seat]
    if not held:
        return
    park, a = g.board.park, g.afternoon
    progress = Progress(  # positional: built after every action
        g.tokens[seat],
        g.scenic[seat],
        park.scenic,
        park.region,
        g.columns_done[seat],
        g.campfires_used[seat],
        len(g.hand[seat]),
        g.finish_health[seat],
        seat == g.seat_now,
        a.miles_today,
        a.water_today,
        a.gear_today,
        end_of_turn,
    )
    owed, r = g.owed, g.rules
    for card in complete(held, g.side_done[seat], g.side_cards, progress, g.n_easy):
        value = card >= g.n_easy
        owed.keep_values = tuple(v for v in owed.keep_values if v != value)
        pts = r.difficult_points if value else r.easy_points
        g.record(f"{g.who(seat)} completes a side hike: {describe(g.side_cards[card], pts)}")
