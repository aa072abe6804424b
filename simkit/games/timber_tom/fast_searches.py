"""The board searches of Timber Tom compiled with numba: the hot kernels of the Python engine and
its strategies (issue 16: a game's time went to path searches and distance fields).

Each kernel is the search of :mod:`board`, :mod:`trees` or the strategies done over integer
arrays, in the same order (a first-in first-out queue visits nodes in the order the frontier lists
did, neighbours in the order of ``Board.steps``), so that every result is the one the Python search
gave, node for node. The Python engine stays the reference and calls these; the tests check the
compiled searches against plain Python ones on random boards and tree layouts
(``tests/timber_tom/test_timber_tom_fast_searches.py``).

A board's tables are arrays built once per board: the neighbours as one flat array with offsets
(compressed rows), the canoes, and each hole's ring of 8 neighbours for the local "cannot cut"
test. Trees are read straight from the game's bytearray (``np.frombuffer``, no copy).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numba as nb
import numpy as np

from simkit.games.timber_tom import board as bd

INF = 10**6  # as the strategies' distance fields: no way to the target
# Nodes and edge offsets are unsigned: numba indexes an array with a signed integer read from
# another array only after testing it for a negative index (Python's ``a[-1]``), a test in every
# step of every search; with an unsigned one it does not. 32 bits keep sums with the signed
# integers signed (two 64-bit integers of different signs would make a float).
NODE = np.uint32


@dataclass(frozen=True, eq=False)
class Tables:
    """One board as arrays: ``first[i]:first[i+1]`` indexes node i's neighbours in ``nbr``."""

    first: np.ndarray
    nbr: np.ndarray
    canoe: np.ndarray
    hole: np.ndarray
    ring: np.ndarray  # (camp, 8) neighbours in circular order, -1 off the board
    has_ring: np.ndarray  # False where a tailwind lands: the local test does not apply
    rows: np.ndarray  # row and column of every node, Base Camp at its first space
    cols: np.ndarray
    camp: int
    # the nodes that list node i as a neighbour, ``into[into_first[i]:into_first[i+1]]`` (a
    # tailwind is a step one way: a field updated in place looks back along it)
    into_first: np.ndarray
    into: np.ndarray
    # one more than the farthest a node is from Base Camp as the crow flies: the buckets of the
    # searches nearest Base Camp first (``_file_by_crow``)
    farthest: int


@cache
def tables(board: bd.Board) -> Tables:
    counts = [len(n) for n in board.neighbours]
    first = np.zeros(len(counts) + 1, dtype=NODE)
    first[1:] = np.cumsum(counts)
    nbr = np.array([v for n in board.neighbours for v in n], dtype=NODE)
    canoe = np.array([f == bd.CANOE for f in board.feature], dtype=np.int64)
    hole = np.array([board.is_hole(i) for i in range(board.n_nodes)], dtype=np.bool_)
    rings = board._rings
    ring = np.full((board.camp, 8), -1, dtype=np.int64)
    has_ring = np.zeros(board.camp, dtype=np.bool_)
    for i, r in enumerate(rings):
        if r is not None:
            ring[i] = r
            has_ring[i] = True
    at = [*range(board.camp), board.camp_spaces[0]]
    rows = np.array([i // board.cols for i in at], dtype=np.int64)
    cols = np.array([i % board.cols for i in at], dtype=np.int64)
    sources = [[] for _ in range(board.n_nodes)]
    for node, nexts in enumerate(board.neighbours):
        for other in nexts:
            sources[other].append(node)
    into_first = np.zeros(board.n_nodes + 1, dtype=NODE)
    into_first[1:] = np.cumsum([len(s) for s in sources])
    into = np.array([v for s in sources for v in s], dtype=NODE)
    farthest = int(rows.max() + cols.max() + 1)
    return Tables(
        first, nbr, canoe, hole, ring, has_ring, rows, cols, board.camp, into_first, into, farthest
    )


def as_array(trees) -> np.ndarray:
    """A tree layout (bytes or bytearray, one byte per node) as a uint8 array, without a copy."""
    return np.frombuffer(trees, dtype=np.uint8)


@nb.njit(cache=True, inline="always")
def _node(x):
    """A node read back from a queue or bucket of signed integers, as a ``NODE``: the arrays it
    then indexes are indexed without the test for a negative index."""
    return NODE(x)


# ------------------------------------------------------------------------- ways home (4. Rings)
@nb.njit(cache=True)
def _ways_home(first, nbr, camp, blocked):
    n = first.shape[0] - 1
    nxt_home = np.empty(n, dtype=np.int64)
    return _ways_home_into(first, nbr, camp, blocked, -1, nxt_home, np.empty(n, dtype=np.int64))


@nb.njit(cache=True, inline="always")
def _ways_home_into(first, nbr, camp, blocked, stop, nxt_home, queue):
    """:func:`_ways_home` into the caller's ``nxt_home`` (and ``queue``, a node each), stopped
    once ``stop`` is reached (-1: never): the breadth-first search from Base Camp has then set
    every node's next node on ``stop``'s way home, as the full search would, and the rest of
    the board is spared (its entries are left as they are)."""
    nxt_home[:] = -1
    nxt_home[camp] = camp
    if stop == camp:
        return nxt_home
    queue[0] = camp
    head, tail = 0, 1
    while head < tail:
        node = _node(queue[head])
        head += 1
        for k in range(first[node], first[node + 1]):
            other = nbr[k]
            if nxt_home[other] < 0 and not blocked[other]:
                nxt_home[other] = node
                if other == stop:
                    return nxt_home
                queue[tail] = other
                tail += 1
    return nxt_home


def ways_home(board: bd.Board, blocked) -> list[int]:
    """:meth:`Board.ways_home`: each node's next node on a shortest free way home, or -1."""
    t = tables(board)
    return _ways_home(t.first, t.nbr, t.camp, as_array(blocked)).tolist()


@nb.njit(cache=True)
def _reaches(first, nbr, start, ahead, blocked):
    """Whether a search from ``start`` over free nodes meets a node marked in ``ahead``."""
    n = first.shape[0] - 1
    seen = np.zeros(n, dtype=np.bool_)
    return _reaches_with(first, nbr, start, ahead, blocked, seen, np.empty(n, dtype=np.int64))


@nb.njit(cache=True, inline="always")
def _reaches_with(first, nbr, start, ahead, blocked, seen, queue):
    """:func:`_reaches` in the caller's scratch: ``seen`` (booleans, all False, and left so:
    only the nodes searched are marked and unmarked, not the whole board, as most searches
    stop after a few spaces) and ``queue``, a node each."""
    seen[start] = True
    queue[0] = start
    head, tail = 0, 1
    found = False
    while head < tail and not found:
        node = _node(queue[head])
        head += 1
        for k in range(first[node], first[node + 1]):
            other = nbr[k]
            if seen[other] or blocked[other]:  # a blocked node is never entered
                continue
            if ahead[other]:
                found = True
                break
            seen[other] = True
            queue[tail] = other
            tail += 1
    for k in range(tail):
        seen[_node(queue[k])] = False
    return found


@nb.njit(cache=True, inline="always")
def _file_by_crow(rows, cols, camp, filed, later, node):
    """File ``node`` to be searched by its distance from Base Camp as the crow flies (``filed``
    each distance's last node filed, ``later`` the one filed before it); returns that distance."""
    near = abs(rows[node] - rows[camp]) + abs(cols[node] - cols[camp])
    later[node] = filed[near]
    filed[near] = node
    return near


@nb.njit(cache=True)
def _reaches_home(into_first, into, rows, cols, camp, start, blocked, seen, later, filed):
    """Whether ``start`` has a free way home (a way from Base Camp over free nodes to it, as
    :func:`_ways_home` finds): searched back from ``start``, along the steps into each node, the
    nodes nearest Base Camp as the crow flies first. A hiker seldom is ringed in, and its way
    home is then found in a few dozen nodes (a search from Base Camp covers every node nearer it
    than the hiker); when it is, the search ends once the few nodes around it are done. It runs
    at every turn's start. ``seen`` (booleans) and ``later`` (integers), a node each, and
    ``filed``, an integer a distance from Base Camp as the crow flies (up to the farthest
    node's: ``R_FARTHEST`` of the rules' array): the caller's scratch, overwritten."""
    if start == camp:
        return True
    if blocked[start]:
        return False
    # nodes to search, by their distance from Base Camp as the crow flies: each distance a list
    # linked through ``later`` (the last filed first), ``nearest`` the lowest distance filed
    seen[:] = False
    filed[:] = -1
    seen[start] = True
    nearest = _file_by_crow(rows, cols, camp, filed, later, start)
    while nearest < filed.shape[0]:
        node = filed[nearest]
        if node < 0:
            nearest += 1
            continue
        filed[nearest] = later[node]
        for k in range(into_first[node], into_first[node + 1]):
            other = into[k]
            if other == camp:
                return True
            if seen[other] or blocked[other]:  # a blocked node is never entered
                continue
            seen[other] = True
            nearest = min(nearest, _file_by_crow(rows, cols, camp, filed, later, other))
    return False


def reaches_home(board: bd.Board, start: int, blocked) -> bool:
    """:meth:`Board.reaches_home`."""
    t = tables(board)
    n = board.n_nodes
    seen, later = np.empty(n, np.bool_), np.empty(n, np.int64)
    filed = np.empty(t.farthest, np.int64)
    return bool(
        _reaches_home(
            t.into_first,
            t.into,
            t.rows,
            t.cols,
            t.camp,
            start,
            as_array(blocked),
            seen,
            later,
            filed,
        )
    )


def finds_way(board: bd.Board, trees, here: int, ahead) -> bool:
    """:func:`trees.finds_way`: ``here`` reaches a node of ``ahead`` between the trees."""
    t = tables(board)
    mark = np.zeros(board.n_nodes, dtype=np.bool_)
    mark[list(ahead)] = True
    return bool(_reaches(t.first, t.nbr, here, mark, as_array(trees)))


# ------------------------------------------------------------------------- planting (4. Rings)
@nb.njit(cache=True, inline="always")
def _cannot_cut(ring, has_ring, hole, node, trees):
    """The local test: a tree on ``node`` cannot cut a way when the free spaces of its ring of
    8 form at most one run holding a side neighbour (or the ring is all free). The ring's free
    spaces are bits of an integer: no array per test."""
    if not has_ring[node]:
        return False
    free = 0
    for k in range(8):
        j = ring[node, k]
        if j >= 0 and hole[j] and not trees[j]:
            free |= 1 << k
    if free == 255:
        return True
    runs = 0
    for k in range(8):
        if (free >> k) & 1 and not (free >> ((k + 7) % 8)) & 1:
            run_has_side = False
            m = k
            while (free >> (m % 8)) & 1 and m < k + 8:
                run_has_side |= m % 2 == 0
                m += 1
            runs += run_has_side
    return runs <= 1


@nb.njit(cache=True)
def _closing(
    first, nbr, ring, has_ring, hole, plantable, rows, cols, camp, farthest, trees, taken, here, way
):
    """The spaces of the planter's free ``way`` home (nodes from ``here`` on, without Base
    Camp) where a tree would ring the planter in: as :func:`trees.plant_spaces` tests them,
    from the end of the way back, each against the rest of the way ahead of it."""
    marks = np.empty((3, first.shape[0] - 1), dtype=np.bool_)
    later = np.empty(marks.shape[1], dtype=np.int64)
    filed = np.empty(farthest, dtype=np.int64)
    _closing_with(
        first,
        nbr,
        ring,
        has_ring,
        hole,
        plantable,
        rows,
        cols,
        camp,
        trees,
        taken,
        here,
        way,
        marks,
        later,
        filed,
    )
    return marks[0]


@nb.njit(cache=True)
def _closing_with(
    first,
    nbr,
    ring,
    has_ring,
    hole,
    plantable,
    rows,
    cols,
    camp,
    trees,
    taken,
    here,
    way,
    marks,
    later,
    filed,
):
    """:func:`_closing` in the caller's scratch: ``marks`` three rows of booleans (the first is
    the answer), ``later`` an integer a node, ``filed`` one a distance from Base Camp as the crow
    flies (up to the farthest node's: ``R_FARTHEST`` of the rules' array).

    A tree on ``way[i]`` rings the planter in when the search from ``here`` that stops at the
    rest of the way (``way[i:]`` and Base Camp) meets none of it but ``way[i]``. Those stops only
    shrink as ``i`` grows, so one search serves every space of the way, walked from ``here`` on:
    each space becomes a plain node once passed (searched beyond if it was met), and the search
    goes only as far as the space tested needs (``met``: stops met beyond it), the nodes nearest
    Base Camp as the crow flies first (the way leads there: the stops ahead are soon met). The
    answers are those of a search per space (neither the order the spaces are tested in nor the
    order the nodes are searched in changes one)."""
    closing, stop, seen = marks[0], marks[1], marks[2]
    closing[:] = False
    stop[:] = False
    seen[:] = False
    top = filed.shape[0]  # farther from Base Camp than any node
    filed[:] = -1
    for k in range(way.shape[0]):
        stop[way[k]] = True
    stop[camp] = True
    seen[here] = True
    nearest = _file_by_crow(rows, cols, camp, filed, later, here)
    met = 0
    for k in range(way.shape[0]):
        i = way[k]
        if k:
            passed = way[k - 1]
            stop[passed] = False
            if seen[passed]:  # met as a stop: now searched beyond
                nearest = min(nearest, _file_by_crow(rows, cols, camp, filed, later, passed))
        if seen[i]:
            met -= 1  # met beyond the space tested so far; now the one tested
        if trees[i] or not plantable[i] or taken[i] or _cannot_cut(ring, has_ring, hole, i, trees):
            continue
        while met == 0 and nearest < top:
            node = filed[nearest]
            if node < 0:
                nearest += 1
                continue
            filed[nearest] = later[node]
            for e in range(first[node], first[node + 1]):
                other = nbr[e]
                if seen[other] or trees[other]:  # a tree is never entered
                    continue
                seen[other] = True
                if not stop[other]:
                    nearest = min(nearest, _file_by_crow(rows, cols, camp, filed, later, other))
                elif other != i:
                    met += 1
        closing[i] = met == 0


@cache
def _plantable(board: bd.Board) -> tuple[np.ndarray, np.ndarray]:
    """Per board: the plantable mask, and the plantable spaces in node order."""
    mask = np.array(board.plantable, dtype=np.bool_)
    return mask, np.array(board.plantable_spaces, dtype=np.int64)


def plant_spaces(
    board: bd.Board, trees: bytearray, taken: set[int], here: int, way: list[int] | None
) -> list[int]:
    """:func:`trees.plant_spaces`, the free plantable spaces and the ring test compiled."""
    t = tables(board)
    mask, spaces = _plantable(board)
    grid = as_array(trees)
    busy = np.zeros(board.n_nodes, dtype=np.bool_)
    if taken:
        busy[list(taken)] = True
    open_ = spaces[(grid[spaces] == 0) & ~busy[spaces]]
    if way is not None and len(way):
        work = np.array(grid)  # the test plants and lifts a tree: never on the game's own trees
        closing = _closing(
            t.first,
            t.nbr,
            t.ring,
            t.has_ring,
            t.hole,
            mask,
            t.rows,
            t.cols,
            t.camp,
            t.farthest,
            work,
            busy,
            here,
            np.array(way, dtype=np.int64),
        )
        open_ = open_[~closing[open_]]
    return open_.tolist()


# ------------------------------------------------------------------------- strategies' fields
@nb.njit(cache=True, inline="always")
def _watched(dist, watch, d):
    """Whether nothing is watched, or a node of ``watch`` is at most ``d`` away."""
    found = watch.shape[0] == 0
    for w in watch:
        found |= dist[w] <= d
    return found


@nb.njit(cache=True, inline="always")
def _dial(first, nbr, canoe, trees, targets, tree_cost, trees_block, dist, work, enough, watch):
    """The search of :func:`_fill_distance_field`, stopped before the bucket of a distance ``d``
    beyond ``enough`` once a node of ``watch`` is at most ``d`` away (every node nearer than
    ``d`` has its distance then, and one of ``d`` too)."""
    # a bucket is a stack of nodes: a node is filed at most once at each distance (only when its
    # distance falls), so a bucket holds at most every node and the targets; the order a bucket
    # is walked in changes no distance
    cap = first.shape[0] - 1 + targets.shape[0]
    ring = tree_cost + 3
    size = work[:ring]
    filed = work[ring : ring + ring * cap]
    dist[:] = INF
    size[:] = 0
    for t in targets:
        dist[t] = 0
    for t in targets:
        filed[size[0]] = t
        size[0] += 1
    last = 0
    d = 0
    b = 0  # d's bucket: d modulo ring, kept by counting (a division per node costs more)
    while d <= last:
        if d > enough and _watched(dist, watch, d):
            break
        at = b * cap
        for i in range(size[b]):  # every cost is at least 1: nothing is filed in the bucket walked
            u = _node(filed[at + i])
            if dist[u] != d or (trees[u] and trees_block):
                continue
            step = 1 + canoe[u] + (tree_cost if trees[u] else 0)
            nd = d + step
            nb_ = b + step
            if nb_ >= ring:
                nb_ -= ring
            # u's neighbours all go to one bucket: its size kept in a register, not in ``work``;
            # and no branch on whether a neighbour is lowered (a toss-up, and a wrong guess costs
            # more than the stores): it is filed anyway, and kept only if lowered (a bucket has
            # room for every node and one more)
            into = nb_ * cap
            filled = size[nb_]
            for k in range(first[u], first[u + 1]):
                v = nbr[k]
                lowered = nd < dist[v]
                dist[v] = min(nd, dist[v])
                filed[into + filled] = v
                filled += lowered
            if filled != size[nb_]:
                size[nb_] = filled
                last = max(last, nd)
        size[b] = 0
        d += 1
        b = 0 if b + 1 == ring else b + 1


@nb.njit(cache=True)
def _fill_distance_field(first, nbr, canoe, trees, targets, tree_cost, trees_block, dist, work):
    """Dial's buckets as the strategies' :func:`distance_field`, into ``dist``: entering a node
    costs 1, one more for a canoe, ``tree_cost`` more for a tree (or never, when
    ``trees_block``). A step costs at most ``2 + tree_cost``, so that many buckets and one more
    are reused in turn; ``work`` holds at least :func:`field_work_size` integers."""
    _dial(first, nbr, canoe, trees, targets, tree_cost, trees_block, dist, work, INF, targets[:0])
    return dist


@nb.njit(cache=True)
def _fill_near_field(first, nbr, canoe, trees, targets, tree_cost, dist, work, enough, watch):
    """:func:`_fill_distance_field` (trees never block) only as far as its reader needs: every
    distance up to ``enough`` and, beyond it, up to the nearest node of ``watch`` (if any).
    A node further off holds a number larger than those, not its distance."""
    _dial(first, nbr, canoe, trees, targets, tree_cost, False, dist, work, enough, watch)
    return dist


@nb.njit(cache=True, inline="always")
def _entry_cost(canoe, layout, tree_cost, trees_block, u):
    """What stepping onto ``u`` adds in a distance field of ``layout``; -1 if nothing leaves
    ``u`` (a tree that blocks)."""
    if layout[u] and trees_block:
        return -1
    return 1 + canoe[u] + (tree_cost if layout[u] else 0)


@nb.njit(cache=True, inline="always")
def _changes(a, b):
    """How many nodes two tree layouts differ in (counted to the end, without a branch: the
    loop is then done many bytes at a time)."""
    k = 0
    for i in range(a.shape[0]):
        k += a[i] != b[i]
    return k


@nb.njit(cache=True, inline="always")
def _next_change(layout, trees, x):
    """The first node from ``x`` on where ``layout`` differs from ``trees`` (their length if
    none): a few trees change between two reads of a field, so the layouts are compared a block
    of 64 nodes at a time (:func:`_changes`), and node by node only in a block that differs."""
    n = layout.shape[0]
    while x < n:
        end = min(n, x + 64)
        if _changes(layout[x:end], trees[x:end]):
            while layout[x] == trees[x]:
                x += 1
            return x
        x = end
    return n


@nb.njit(cache=True, inline="always")
def _supported(into_first, into, canoe, layout, tree_cost, trees_block, dist, freed, v):
    """Whether ``v`` keeps a shortest way through a node not freed (``freed`` 1)."""
    for k in range(into_first[v], into_first[v + 1]):
        u = into[k]
        if freed[u] == 1 or dist[u] >= INF:
            continue
        step = _entry_cost(canoe, layout, tree_cost, trees_block, u)
        if step >= 0 and dist[u] + step == dist[v]:
            return True
    return False


@nb.njit(cache=True, inline="always")
def _relax_from(first, nbr, canoe, layout, tree_cost, trees_block, dist, queue, queued, head, tail):
    """Lower ``dist`` from the nodes queued in ``queue[head:tail]`` (a circular queue of a node
    each, ``queued`` its marks, left clear) until nothing lowers: the shortest ways through the
    part of the field that changed."""
    n = queue.shape[0]
    size = tail - head
    while size:
        u = _node(queue[head])
        head = head + 1 if head + 1 < n else 0
        size -= 1
        queued[u] = 0
        step = _entry_cost(canoe, layout, tree_cost, trees_block, u)
        if step < 0:
            continue
        nd = dist[u] + step
        for k in range(first[u], first[u + 1]):
            v = nbr[k]
            if nd < dist[v]:
                dist[v] = nd
                if not queued[v]:
                    queued[v] = 1
                    queue[tail] = v
                    tail = tail + 1 if tail + 1 < n else 0
                    size += 1


@nb.njit(cache=True)
def _update_field(
    first, nbr, into_first, into, canoe, layout, trees, tree_cost, trees_block, dist, work
):
    """The distance field ``dist`` of the tree ``layout`` made the field of ``trees``, one
    changed tree at a time, in place (``layout`` follows): the same numbers as
    :func:`_fill_distance_field` gives for ``trees``, found by looking only where the changed
    tree's ways led. A tree cut lowers the nodes beyond it; a tree planted first frees every
    node all of whose shortest ways crossed it (those with a tight step from it, and on, but
    for the ones with another tight step left), then gives each the best of its other
    neighbours and lowers from there. ``work``: at least
    :func:`update_work_size` integers, left as zeros where it holds marks."""
    n = dist.shape[0]
    queue = work[:n]
    queued = work[n : 2 * n]  # 1: in the queue; zeros between uses
    freed = work[2 * n : 3 * n]  # 1: freed by a tree planted, 2: to be decided; zeros between uses
    listed = work[3 * n : 4 * n]
    ring = tree_cost + 3  # a step costs at most 2 + tree_cost
    size = work[4 * n : 4 * n + ring]
    filed = work[4 * n + ring : 4 * n + ring + ring * n]  # a node is filed at most once
    x = -1
    while True:
        x = _next_change(layout, trees, x + 1)
        if x == n:
            break
        before = _entry_cost(canoe, layout, tree_cost, trees_block, x)
        layout[x] = trees[x]
        after = _entry_cost(canoe, layout, tree_cost, trees_block, x)
        if dist[x] >= INF or before == after:
            continue  # a node no way reaches leads nowhere (its own value never changes)
        tail = 0
        if before < 0 or (0 <= after < before):
            # cut (or no longer blocking): the nodes beyond may come nearer
            nd = dist[x] + after
            for k in range(first[x], first[x + 1]):
                v = nbr[k]
                if nd < dist[v]:
                    dist[v] = nd
                    if not queued[v]:
                        queued[v] = 1
                        queue[tail] = v
                        tail += 1
            _relax_from(
                first, nbr, canoe, layout, tree_cost, trees_block, dist, queue, queued, 0, tail
            )
            continue
        # planted (or blocking now): free the nodes all of whose shortest ways stepped off x,
        # or onto a node freed so; a node is decided once its supporters are (they are nearer
        # the targets: the candidates are walked in order of distance, Dial's buckets of
        # ``_fill_distance_field``), and one with a shortest way left keeps its distance
        size[:] = 0
        pending = 0
        d = dist[x] + before
        for k in range(first[x], first[x + 1]):
            v = nbr[k]
            if dist[v] != 0 and freed[v] == 0 and dist[v] == d:
                freed[v] = 2
                filed[size[0]] = v
                size[0] += 1
                pending += 1
        m = 0
        b = 0  # the bucket of distance d
        while pending:
            at = b * n
            for i in range(size[b]):
                w = _node(filed[at + i])
                pending -= 1
                if _supported(
                    into_first, into, canoe, layout, tree_cost, trees_block, dist, freed, w
                ):
                    freed[w] = 0  # its dependents were not filed from it: none comes back to it
                    continue
                freed[w] = 1
                listed[m] = w
                m += 1
                step = _entry_cost(canoe, layout, tree_cost, trees_block, w)  # w is not x
                if step < 0:
                    continue
                nb_ = b + step
                if nb_ >= ring:
                    nb_ -= ring
                for k in range(first[w], first[w + 1]):
                    y = nbr[k]
                    if dist[y] != 0 and freed[y] == 0 and dist[y] == dist[w] + step:
                        freed[y] = 2
                        filed[nb_ * n + size[nb_]] = y
                        size[nb_] += 1
                        pending += 1
            size[b] = 0
            b = 0 if b + 1 == ring else b + 1
        for i in range(m):
            dist[_node(listed[i])] = INF
        for i in range(m):
            a = _node(listed[i])
            best = INF
            for k in range(into_first[a], into_first[a + 1]):
                u = into[k]
                if freed[u] or dist[u] >= INF:
                    continue
                step = _entry_cost(canoe, layout, tree_cost, trees_block, u)
                if step >= 0:
                    best = min(best, dist[u] + step)
            if best < INF:
                dist[a] = best
                queued[a] = 1
                queue[tail] = a
                tail += 1
        for i in range(m):
            freed[_node(listed[i])] = 0
        _relax_from(first, nbr, canoe, layout, tree_cost, trees_block, dist, queue, queued, 0, tail)
    return dist


@nb.njit(cache=True, inline="always")
def update_work_size(n_nodes, tree_cost):
    """The scratch :func:`_update_field` needs."""
    return 4 * n_nodes + (tree_cost + 3) * (n_nodes + 1)


def updated_field(
    board: bd.Board,
    before: bytes,
    trees: bytes,
    targets: tuple[int, ...],
    tree_cost: int,
    trees_block: bool,
) -> np.ndarray:
    """The distance field of ``trees`` reached from the field of ``before`` by
    :func:`_update_field` (for the tests: it must be the field computed anew)."""
    t = tables(board)
    dist = distance_field(board, before, targets, tree_cost, trees_block)
    layout = np.frombuffer(before, dtype=np.uint8).copy()
    work = np.zeros(update_work_size(board.n_nodes, tree_cost), dtype=np.int64)
    return _update_field(
        t.first,
        t.nbr,
        t.into_first,
        t.into,
        t.canoe,
        layout,
        as_array(trees),
        tree_cost,
        trees_block,
        dist,
        work,
    )


@nb.njit(cache=True, inline="always")
def field_work_size(n_nodes, n_targets, tree_cost):
    """The scratch :func:`_fill_distance_field` needs: a bucket of every node and the targets
    for each of ``tree_cost + 3`` distances, and their sizes."""
    return (tree_cost + 3) * (n_nodes + n_targets + 1)


@nb.njit(cache=True)
def _distance_field(first, nbr, canoe, trees, targets, tree_cost, trees_block):
    dist = np.empty(first.shape[0] - 1, dtype=np.int64)
    work = np.empty(field_work_size(dist.shape[0], targets.shape[0], tree_cost), dtype=np.int64)
    return _fill_distance_field(
        first, nbr, canoe, trees, targets, tree_cost, trees_block, dist, work
    )


def distance_field(
    board: bd.Board, trees: bytes, targets: tuple[int, ...], tree_cost: int, trees_block: bool
) -> np.ndarray:
    """The strategies' distance field (spaces from every node to the nearest target)."""
    if tree_cost < 0:
        raise ValueError(f"tree_cost {tree_cost}: a tree cannot shorten a way")
    t = tables(board)
    return _distance_field(
        t.first,
        t.nbr,
        t.canoe,
        as_array(trees),
        np.array(targets, dtype=np.int64),
        tree_cost,
        trees_block,
    )


def near_field(
    board: bd.Board, trees: bytes, target: int, tree_cost: int, enough: int, watch: tuple[int, ...]
) -> np.ndarray:
    """The field to ``target`` found only as far as :func:`_fill_near_field` is asked (for the
    tests: it must be the full field there)."""
    t = tables(board)
    dist = np.empty(board.n_nodes, dtype=np.int64)
    work = np.empty(field_work_size(board.n_nodes, 1, tree_cost), dtype=np.int64)
    return _fill_near_field(
        t.first,
        t.nbr,
        t.canoe,
        as_array(trees),
        np.array([target], dtype=np.int64),
        tree_cost,
        dist,
        work,
        enough,
        np.array(watch, dtype=np.int64),
    )


@nb.njit(cache=True)
def _spread(first, nbr, trees, dist, seeds, queue, queued):
    """:func:`spread` in the caller's scratch: ``queue`` (integers) and ``queued`` (booleans),
    a node each, overwritten. A node waits in the queue at most once (lowered again while it
    waits, it goes on with its lowest value): the values lowered are the same in any order, each
    the least a way from a seed gives, one space a step, over nodes it lowers."""
    n = queue.shape[0]
    queued[:] = False
    head = tail = size = 0
    for i in range(seeds.shape[0]):
        queued[seeds[i]] = True
        queue[tail] = seeds[i]
        tail += 1
        size += 1
    while size:
        u = _node(queue[head])
        head = head + 1 if head + 1 < n else 0
        size -= 1
        queued[u] = False
        nd = dist[u] + 1
        for k in range(first[u], first[u + 1]):
            v = nbr[k]
            if nd < dist[v] and not trees[v]:
                dist[v] = nd
                if not queued[v]:
                    queued[v] = True
                    queue[tail] = v
                    tail = tail + 1 if tail + 1 < n else 0
                    size += 1
    return dist


def spread(board: bd.Board, dist: np.ndarray, seeds: list[int], trees) -> list[int]:
    """Lower ``dist`` outward from ``seeds``, one space a step, never onto a tree: a node takes
    a neighbour's value plus one when that is less than its own."""
    t = tables(board)
    n = board.n_nodes
    return _spread(
        t.first,
        t.nbr,
        as_array(trees),
        dist,
        np.array(seeds, dtype=np.int64),
        np.empty(n, dtype=np.int64),
        np.empty(n, dtype=np.bool_),
    ).tolist()


@nb.njit(cache=True, inline="always")
def _downhill_into(first, nbr, dist, node, most, route):
    """:func:`downhill` into the caller's ``route`` (at least ``most`` long); returns its
    length."""
    n = 0
    while n < most and dist[node] != 0 and first[node] < first[node + 1]:
        best = -1
        for k in range(first[node], first[node + 1]):
            v = nbr[k]
            if best < 0 or dist[v] < dist[best] or (dist[v] == dist[best] and v < best):
                best = v
        if dist[best] >= dist[node]:
            break
        route[n] = best
        n += 1
        node = best
    return n


@nb.njit(cache=True)
def _downhill(first, nbr, dist, node, most):
    route = np.empty(most, dtype=np.int64)
    return route[: _downhill_into(first, nbr, dist, node, most, route)]


def downhill(board: bd.Board, dist: np.ndarray, node: int, most: int) -> list[int]:
    """The way down a distance field from ``node``: each time the next space nearest the target
    (the lowest-numbered of equals), until the target, a space no nearer, or ``most`` steps."""
    t = tables(board)
    return _downhill(t.first, t.nbr, dist, node, most).tolist()


# ------------------------------------------------------------------------- ways round a tree
@nb.njit(cache=True, inline="always")
def _bypassed(first, nbr, dist, trees, start, end, avoid, beyond, seen, queue):
    """Whether a hiker on ``start`` walks round ``avoid`` on its way down ``dist`` to ``end``:
    back onto that way beyond ``avoid`` (a space of ``beyond``) or as near its goal as ``end``,
    without setting foot on ``avoid`` or a tree, each step nearer the goal. A tree on a space
    no such walk avoids costs the hiker a clearing or a detour; one it walks round costs
    nothing. ``seen`` (all false, left so) and ``queue`` hold a node each."""
    enough = dist[end]
    seen[start] = True
    queue[0] = start
    head, tail = 0, 1
    found = start != avoid and dist[start] <= enough
    while head < tail and not found:
        u = _node(queue[head])
        head += 1
        for k in range(first[u], first[u + 1]):
            v = nbr[k]
            if v == avoid or seen[v] or trees[v] or dist[v] >= dist[u]:
                continue
            if dist[v] <= enough or beyond[v]:
                found = True
                break
            seen[v] = True
            queue[tail] = v
            tail += 1
    for i in range(tail):
        seen[_node(queue[i])] = False
    return found


@nb.njit(cache=True)
def _bypassed_alone(first, nbr, dist, trees, start, end, avoid, beyond):
    n = first.shape[0] - 1
    seen = np.zeros(n, dtype=np.bool_)
    queue = np.empty(n, dtype=np.int64)
    return _bypassed(first, nbr, dist, trees, start, end, avoid, beyond, seen, queue)


def bypassed(board: bd.Board, dist: np.ndarray, trees, way: list[int], start: int, i: int) -> bool:
    """:func:`_bypassed` for the Python walkers: a hiker on ``start`` walks round the ``i``-th
    space of its ``way`` down ``dist``."""
    t = tables(board)
    beyond = np.zeros(board.n_nodes, dtype=np.bool_)
    beyond[way[i + 1 :]] = True
    return bool(
        _bypassed_alone(t.first, t.nbr, dist, as_array(trees), start, way[-1], way[i], beyond)
    )


# ------------------------------------------------------------------------- exact landings
@nb.njit(cache=True, inline="always")
def _opens(rows, cols, taken, goal, goal_rows, goal_cols, node, left, depth):
    """What a walk standing on ``node`` with ``left`` spaces to go does: 1 it has landed on the
    goal, 0 it gives up (a space short, 12 steps deep, or the goal beyond reach as the crow
    flies), 2 it looks further."""
    if left == 0:
        return 1 if goal[node] and not taken[node] else 0
    near = INF
    for k in range(goal_rows.shape[0]):
        near = min(near, abs(rows[node] - goal_rows[k]) + abs(cols[node] - goal_cols[k]))
    if depth > 12 or near > left + 2:
        return 0
    return 2


@nb.njit(cache=True)
def _lands(
    first,
    nbr,
    rows,
    cols,
    avoid,
    trees,
    taken,
    goal,
    goal_rows,
    goal_cols,
    node,
    left,
    seen,
    depth,
    stack,
    through,
):
    """The depth-first search of :func:`lands_exactly` with its own ``stack`` (3 rows of 16: a
    recursive function cannot be compiled into a cached caller: the compiled engine calls this
    one, with a stack of its own)."""
    code = _opens(rows, cols, taken, goal, goal_rows, goal_cols, node, left, depth)
    if code != 2:
        return code == 1
    stack_node, stack_left, stack_edge = stack[0], stack[1], stack[2]
    stack_node[0], stack_left[0], stack_edge[0] = node, left, first[node]
    top = 1
    while top:
        i = top - 1
        here, e = stack_node[i], stack_edge[i]
        if e == first[here + 1]:
            top -= 1
            if top:
                seen[here] = False  # marked when its parent stepped onto it
            continue
        stack_edge[i] = e + 1
        nxt = nbr[e]
        if seen[nxt] or avoid[nxt] or (trees[nxt] and not through):
            continue
        cost = 0 if taken[nxt] else 1
        if cost > stack_left[i]:
            continue
        code = _opens(
            rows, cols, taken, goal, goal_rows, goal_cols, nxt, stack_left[i] - cost, depth + top
        )
        if code == 1:
            for j in range(1, top):
                seen[stack_node[j]] = False
            return True
        if code == 2:
            seen[nxt] = True
            stack_node[top], stack_left[top], stack_edge[top] = (
                nxt,
                stack_left[i] - cost,
                first[nxt],
            )
            top += 1
    return False


def lands_exactly(
    board: bd.Board,
    trees,
    avoid: np.ndarray,
    node: int,
    left: int,
    seen,
    taken,
    goal,
    through: bool = False,
) -> bool:
    """Whether a walk from ``node`` of exactly ``left`` more spaces (a jumped hiker of ``taken``
    costs none) ends on a free space of ``goal``: never entering a space of ``seen`` twice, a
    space marked in ``avoid`` or a tree (``through``: a tree counts as a space, the hiker clearing
    it with a tool), giving up 12 steps deep or when the goal is more than 2 spaces beyond reach
    as the crow flies (the strategies' exact landing on a helipad)."""
    t = tables(board)
    n = board.n_nodes
    seen_mask = np.zeros(n, dtype=np.bool_)
    seen_mask[list(seen)] = True
    taken_mask = np.zeros(n, dtype=np.bool_)
    if taken:
        taken_mask[list(taken)] = True
    goal_nodes = np.array(sorted(goal), dtype=np.int64)
    goal_mask = np.zeros(n, dtype=np.bool_)
    goal_mask[goal_nodes] = True
    return bool(
        _lands(
            t.first,
            t.nbr,
            t.rows,
            t.cols,
            avoid,
            as_array(trees),
            taken_mask,
            goal_mask,
            t.rows[goal_nodes],
            t.cols[goal_nodes],
            node,
            left,
            seen_mask,
            0,
            np.empty((3, 16), dtype=np.int64),
            through,
        )
    )


def warm() -> None:
    """Compile (or load from numba's cache) every kernel once, on the default board."""
    from simkit.games.timber_tom.rules import default_board  # noqa: PLC0415  (rules import trees)

    b = default_board()
    trees = bytearray(b.n_nodes)
    ways_home(b, trees)
    reaches_home(b, 0, trees)
    finds_way(b, trees, 0, {b.camp})
    plant_spaces(b, trees, set(), 0, [0])
    distance_field(b, bytes(trees), (0,), 1, False)
    spread(b, np.zeros(b.n_nodes, dtype=np.int64), [0], trees)
    home = distance_field(b, bytes(trees), (b.camp,), 1, False)
    bypassed(b, home, trees, downhill(b, home, 0, 40), 0, 0)
    lands_exactly(b, trees, np.zeros(b.n_nodes, dtype=np.bool_), 0, 3, {0}, set(), {b.helipads[0]})
