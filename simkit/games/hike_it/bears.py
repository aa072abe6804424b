"""Bear movement on the trail graph (Passive Bears; Aggressive Bears)."""

from __future__ import annotations

from collections import deque

from simkit.games.hike_it.board import Board


def paw_moves(board: Board, start: int, max_miles: int) -> dict[int, tuple[int, ...]]:
    """The bear paw or den spaces a bear reaches along the trail without passing another one,
    at most ``max_miles`` away, or the nearest ones if none is that close (assumed: the printed
    board's paw spaces are never far apart; the die's longest move bounds "adjacent").

    Maps each such space to the spaces entered on the way (the shortest such walk, destination
    last): the paw face of the bear die, and the den face's alternative.
    """
    key = (start, max_miles)
    if key not in board.paw_cache:
        board.paw_cache[key] = _paw_moves(board, start, max_miles)
    return board.paw_cache[key]


def _paw_moves(board: Board, start: int, max_miles: int) -> dict[int, tuple[int, ...]]:
    prev = {start: -1}
    todo = deque([start])
    found: dict[int, tuple[int, ...]] = {}
    while todo:
        x = todo.popleft()
        for y in board.adj[x]:
            if y in prev:
                continue
            prev[y] = x
            if board.is_bear_spot(y):
                path = [y]
                while prev[path[-1]] != start:
                    path.append(prev[path[-1]])
                found[y] = tuple(reversed(path))
            else:
                todo.append(y)
    near = {s: p for s, p in found.items() if len(p) <= max_miles}
    if near or not found:
        return near
    closest = min(len(p) for p in found.values())  # none in reach: the nearest ones
    return {s: p for s, p in found.items() if len(p) == closest}


def next_steps(board: Board, at: int, came_from: int) -> tuple[int, ...]:
    """Where a bear moving a number of spaces may step: never back, unless at a dead end."""
    ahead = tuple(y for y in board.adj[at] if y != came_from)
    return ahead or board.adj[at]


def den_moves(board: Board, at: int) -> tuple[int, ...]:
    """Bear dens of the bear's own region and the adjacent ones (the den face of the bear die)."""
    region = board.park.region[at]
    return tuple(d for r, d in enumerate(board.dens) if abs(r - region) <= 1 and d != at)


def shoo_targets(board: Board, region: int, bear_pos: list[int], occupied: set[int]) -> list[int]:
    """Where a passive bear may be shooed: a bear space or the den of its own region, free of
    hikers and other bears."""
    bear = bear_pos[region]
    return [s for s in board.bear_spots[region] if s != bear and s not in occupied]


def pick_actions(
    board: Board, bear_pos: list[int], face: str, reach: int, barred: int
) -> list[tuple]:
    """An aggressive bear's move for the face rolled, any bear but ``barred``: a number moves it
    step by step (("bear", bear), then its steps); the paw along the trail to a nearby bear or
    den space (("bear", bear, space)); the den carries it to a den of its or an adjacent region
    (("bear", bear, den)) or walks like the paw ((..., "trail") when that space is also such a
    den)."""
    out: list[tuple] = []
    for bear, at in enumerate(bear_pos):
        if bear == barred:
            continue
        if face == "steps":
            out.append(("bear", bear))
            continue
        trail = set(paw_moves(board, at, reach))
        dens = set(den_moves(board, at)) if face == "den" else set()
        out += [("bear", bear, s) for s in sorted(trail | dens)]
        out += [("bear", bear, s, "trail") for s in sorted(trail & dens)]
    return out


def barred(last_bear: int, last_mover: int, seat: int) -> int:
    """The bear ``seat`` may not move: "The same bear cannot be moved by two players in a row on
    back-to-back turns" (-1: none)."""
    return last_bear if last_mover != seat else -1


def path(
    board: Board, at: int, face: str, reach: int, space: int, how: str
) -> tuple[tuple[int, ...], bool]:
    """The spaces a bear at ``at`` enters on its way to ``space`` for the paw or den face, and
    whether it is carried: the den face "transports" it to a den (entering only the den, so it
    injures only hikers there) unless ``how`` asks it to walk the trail, mauling on the way."""
    if face == "den" and not how and space in den_moves(board, at):
        return (space,), True
    return paw_moves(board, at, reach)[space], False


def mauled(space: int, hiker_at: list[int], hit: set[int]) -> list[int]:
    """The hikers a bear entering ``space`` mauls: those standing there (``hiker_at``: each
    hiker's space, -1 out of the park) not yet hit on this move (a bear hurts a hiker once a
    move)."""
    return [s for s, at in enumerate(hiker_at) if at == space and s not in hit]


def hurts(health: int, knocks_out_fallen: bool) -> bool:
    """Whether a bear takes health from a hiker: one lying at 0 (after weather or a trail card)
    has none left unless the rule reads "below 1 because of a bear" as a knock-out."""
    return health >= 1 or knocks_out_fallen
