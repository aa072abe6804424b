"""The gear bag and the hiker box (Campsites, Gear & Hiker Box).

The box is six stacks of gear tiles (top last); the bag is the tiles not in play. Functions take
those two lists and the game's random stream, nothing else.
"""

from __future__ import annotations

from simkit.core.rng import GameRng


def draw(bag: list[int], rng: GameRng) -> int:
    """A blind draw from the gear bag."""
    return bag.pop(rng.below(len(bag)))


def visible(box: list[list[int]]) -> list[int]:
    return [stack[-1] for stack in box if stack]


def place(box: list[list[int]], bag: list[int], rng: GameRng, t: int) -> bool:
    """A dumped tile goes on an empty space first, else on a stack whose top differs ("cannot be
    double stacked"); with every top of that type the box is recycled first. True if it was."""
    if _put(box, t):
        return False
    while True:
        recycle(box, bag, rng)
        if _put(box, t):
            return True
        if all(tile == t for tile in bag):
            # Box and bag hold nothing but this type (a designer's data can make it so): no
            # recycle can ever give it a place, so the tile goes back into the bag.
            bag.append(t)
            return True


def _put(box: list[list[int]], t: int) -> bool:
    for stack in box:
        if not stack:
            stack.append(t)
            return True
    for stack in box:
        if stack[-1] != t:
            stack.append(t)
            return True
    return False


def recycle(box: list[list[int]], bag: list[int], rng: GameRng) -> None:
    """Every tile of the box back into the bag, then six new ones drawn."""
    for stack in box:
        bag.extend(stack)
        stack.clear()
    for stack in box:
        if bag:
            stack.append(draw(bag, rng))


def forced_recycle(box: list[list[int]], bag: list[int], rng: GameRng) -> bool:
    """All visible tiles identical: recycle once (a bag of one type cannot do better)."""
    tops = visible(box)
    if len(tops) == len(box) and len(set(tops)) == 1 and any(t != tops[0] for t in bag):
        recycle(box, bag, rng)
        return True
    return False


def can_recycle(box: list[list[int]]) -> bool:
    """4 or 5 identical visible tiles: the current player may recycle the box."""
    tops = visible(box)
    return bool(tops) and max(tops.count(t) for t in set(tops)) in (4, 5)


def restock(box: list[list[int]], bag: list[int], rng: GameRng) -> bool:
    """Empty spaces get a tile from the bag at the end of a turn. True if that forced a recycle."""
    for stack in box:
        if not stack and bag:
            stack.append(draw(bag, rng))
    return forced_recycle(box, bag, rng)


def gear_spot(box: list[list[int]], t: int) -> tuple[int, int] | None:
    """(tiles to dig through, stack) of the shallowest tile of type ``t`` in the hiker box."""
    best = None
    for i, stack in enumerate(box):
        for depth, tile in enumerate(reversed(stack)):
            if tile == t:
                if best is None or depth < best[0]:
                    best = (depth, i)
                break
    return best


def gear_cost(box: list[list[int]], t: int) -> int:
    """Actions to take a tile of type ``t``: 1 plus one per tile dug through (0: none there)."""
    spot = gear_spot(box, t)
    return spot[0] + 1 if spot else 0


def gear_costs(box: list[list[int]], types: int) -> list[int]:
    """:func:`gear_cost` of every gear type in one pass over the box."""
    costs = [0] * types
    for stack in box:
        for depth, tile in enumerate(reversed(stack)):
            if not costs[tile] or depth + 1 < costs[tile]:
                costs[tile] = depth + 1
    return costs


def take(box: list[list[int]], bag: list[int], rng: GameRng, t: int) -> tuple[int, bool]:
    """Dig out the shallowest ``t``: (actions spent, whether the box was recycled on the way).
    Tiles dug through go straight back into the box."""
    depth, i = gear_spot(box, t)
    stack = box[i]
    dug = [stack.pop() for _ in range(depth)]
    stack.pop()
    recycled = False
    for tile in reversed(dug):
        recycled |= place(box, bag, rng, tile)
    return depth + 1, recycled
