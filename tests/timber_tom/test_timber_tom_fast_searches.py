"""The compiled board searches (``fast_searches``) give what the Python searches gave, node for
node: on boards drawn from the default one with random holes changed, random trees, targets and
costs; and whole seeded games played with them are the games played with the Python searches,
action by action."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from simkit.core.errors import DataError
from simkit.core.rng import game_seed, seat_streams
from simkit.core.strategy import make_strategy
from simkit.games.timber_tom import board as bd
from simkit.games.timber_tom import fast_searches as fs
from simkit.games.timber_tom import trees as tr
from simkit.games.timber_tom.rules import Rules, default_board
from simkit.games.timber_tom.scenario import make_board
from simkit.games.timber_tom.state import new_state
from simkit.strategies import timber_tom as tt

INF = 10**6
# what a changed hole may become: land of every zone, voids (tailwinds), water, canoes, bridges,
# helipads and refuges; never a Treasure, Snow or Base Camp (the loader's checks would refuse most)
SYMBOLS = ".omMf =~cPrR*jq"


def python_distance_field(board, trees, targets, tree_cost, trees_block):
    """The strategies' distance field as it was written in Python (Dial's buckets)."""
    neighbours = board.neighbours
    canoe = [int(f == bd.CANOE) for f in board.feature]
    dist = [INF] * board.n_nodes
    buckets = [list(targets)]
    for t in targets:
        dist[t] = 0
    d = 0
    while d < len(buckets):
        for u in buckets[d]:
            if dist[u] != d:
                continue
            nd = d + 1 + canoe[u]
            if trees[u]:
                if trees_block:
                    continue
                nd += tree_cost
            for v in neighbours[u]:
                if nd < dist[v]:
                    dist[v] = nd
                    while len(buckets) <= nd:
                        buckets.append([])
                    buckets[nd].append(v)
        d += 1
    return tuple(dist)


def python_downhill(board, dist, node, most):
    """The strategies' walk down a field as it was written in Python."""
    route = []
    for _ in range(most):
        if dist[node] == 0:
            break
        nxt = min(board.neighbours[node], key=lambda v: (dist[v], v))
        if dist[nxt] >= dist[node]:
            break
        route.append(nxt)
        node = nxt
    return route


def python_spread(board, dist, seeds, trees):
    """The flight field's relaxation as it was written in Python."""
    dist = list(dist)
    frontier = list(seeds)
    while frontier:
        later = []
        for u in frontier:
            nd = dist[u] + 1
            for v in board.neighbours[u]:
                if nd < dist[v] and not trees[v]:
                    dist[v] = nd
                    later.append(v)
        frontier = later
    return dist


def python_lands_exactly(board, trees, avoid, node, left, seen, taken, goal, through=False):
    """The strategies' exact-landing search as it was written in Python (``through``: trees
    count as spaces)."""
    where = [divmod(i, board.cols) for i in range(board.camp)]
    where.append(divmod(board.camp_spaces[0], board.cols))

    def near(n):
        return min(abs(where[n][0] - where[t][0]) + abs(where[n][1] - where[t][1]) for t in goal)

    def reach(n, left, seen, depth):
        if left == 0:
            return n in goal and n not in taken
        if depth > 12 or near(n) > left + 2:
            return False
        for nxt in board.neighbours[n]:
            if nxt in seen or avoid[nxt] or (trees[nxt] and not through):
                continue
            cost = 0 if nxt in taken else 1
            if cost > left:
                continue
            seen.add(nxt)
            ok = reach(nxt, left - cost, seen, depth + 1)
            seen.discard(nxt)
            if ok:
                return True
        return False

    return reach(node, left, set(seen), 0)


@st.composite
def boards(draw):
    """The default board with up to 60 holes changed (tailwinds, rivers and canoes come and go)."""
    rows = [list(r) for r in default_board().map.strip("\n").split("\n")]
    for _ in range(draw(st.integers(0, 60))):
        r = draw(st.integers(0, len(rows) - 1))
        c = draw(st.integers(0, len(rows[r]) - 1))
        if rows[r][c] not in "B^1234":
            rows[r][c] = draw(st.sampled_from(SYMBOLS))
    try:
        return make_board("".join(r) for r in rows)
    except DataError:
        assume(False)


@st.composite
def layouts(draw):
    """A board and trees on a random share of its plantable spaces."""
    board = draw(boards())
    share = draw(st.sampled_from([0.0, 0.1, 0.3, 0.6, 0.9]))
    seed = draw(st.integers(0, 2**32 - 1))
    rnd = random.Random(seed)
    trees = bytearray(board.n_nodes)
    for i in board.plantable_spaces:
        trees[i] = rnd.random() < share
    return board, trees, rnd


FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(layouts(), st.integers(0, 8), st.booleans(), st.integers(1, 4))
def test_distance_field_is_the_python_field(layout, tree_cost, trees_block, n_targets):
    board, trees, rnd = layout
    holes = [i for i in range(board.n_nodes) if board.neighbours[i]]
    targets = tuple(rnd.choice(holes) for _ in range(n_targets))
    got = fs.distance_field(board, bytes(trees), targets, tree_cost, trees_block).tolist()
    assert tuple(got) == python_distance_field(board, trees, targets, tree_cost, trees_block)


@FAST
@given(layouts(), st.integers(0, 8), st.integers(0, 60), st.integers(0, 4))
def test_a_field_found_near_is_the_field_as_far_as_asked(layout, tree_cost, enough, n_watch):
    board, trees, rnd = layout
    holes = [i for i in range(board.n_nodes) if board.neighbours[i]]
    target = rnd.choice(holes)
    watch = tuple(rnd.choice(holes) for _ in range(n_watch))
    full = python_distance_field(board, trees, (target,), tree_cost, False)
    got = fs.near_field(board, bytes(trees), target, tree_cost, enough, watch).tolist()
    # every distance up to ``enough`` and to the nearest watched node; beyond, larger numbers
    far = max(enough, min((full[w] for w in watch), default=enough))
    for node in range(board.n_nodes):
        if full[node] <= far:
            assert got[node] == full[node], node
        else:
            assert got[node] > far, node


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(), st.integers(0, 8), st.booleans(), st.integers(1, 4), st.integers(1, 12))
def test_a_field_updated_where_trees_changed_is_the_field_computed_anew(
    layout, tree_cost, trees_block, n_targets, changes
):
    board, trees, rnd = layout
    holes = [i for i in range(board.n_nodes) if board.neighbours[i]]
    targets = tuple(rnd.choice(holes) for _ in range(n_targets))
    after = bytearray(trees)
    # trees planted and cut, near the targets and on them too
    for i in rnd.sample(board.plantable_spaces, min(changes, len(board.plantable_spaces))):
        after[i] ^= 1
    for t in targets[: changes % 3]:
        if board.plantable[t]:
            after[t] ^= 1
    got = fs.updated_field(board, bytes(trees), bytes(after), targets, tree_cost, trees_block)
    assert tuple(got.tolist()) == python_distance_field(
        board, after, targets, tree_cost, trees_block
    )


def test_a_negative_tree_cost_is_refused():
    board = default_board()
    with pytest.raises(ValueError, match="tree_cost"):
        fs.distance_field(board, bytes(board.n_nodes), (board.camp,), -1, False)


@FAST
@given(layouts())
def test_ways_home_and_rings_are_the_python_searches(layout):
    board, trees, _ = layout
    assert fs.ways_home(board, trees) == board.ways_home(trees)
    for start in range(board.n_nodes):
        assert fs.reaches_home(board, start, trees) == board.reaches_home(start, trees), start


@FAST
@given(layouts(), st.data())
def test_plant_spaces_are_the_python_ones(layout, data):
    board, trees, rnd = layout
    free = [i for i in range(board.camp) if board.neighbours[i] and not trees[i]]
    assume(free)
    here = rnd.choice(free)
    taken = {rnd.choice(free) for _ in range(data.draw(st.integers(0, 6)))} | {here}
    way = None
    if data.draw(st.booleans()):
        path = board.connected_to_camp(here, trees)
        way = None if path is None else path[1:-1]
    before = bytes(trees)
    got = fs.plant_spaces(board, trees, taken, here, way)
    assert bytes(trees) == before  # the test plants on a copy
    assert got == tr.plant_spaces(board, bytearray(trees), taken, here, way)


@FAST
@given(layouts(), st.integers(0, 5), st.integers(1, 40))
def test_downhill_and_spread_are_the_python_walks(layout, tree_cost, most):
    board, trees, rnd = layout
    holes = [i for i in range(board.n_nodes) if board.neighbours[i]]
    targets = (rnd.choice(holes), rnd.choice(holes))
    dist = fs.distance_field(board, bytes(trees), targets, tree_cost, False)
    for start in rnd.sample(holes, 20):
        assert fs.downhill(board, dist, start, most) == python_downhill(board, dist, start, most)
    seeds = rnd.sample(holes, 3)
    lowered = dist.copy()
    for p in seeds:
        lowered[p] = rnd.randrange(0, 5)
    got = fs.spread(board, lowered.copy(), seeds, trees)
    assert got == python_spread(board, lowered, seeds, trees)


def _crow(board, a, b):
    return abs(a // board.cols - b // board.cols) + abs(a % board.cols - b % board.cols)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(), st.integers(0, 7), st.data())
def test_exact_landings_are_the_python_search(layout, left, data):
    board, trees, rnd = layout
    holes = [i for i in range(board.camp) if board.neighbours[i] and not trees[i]]
    assume(len(holes) > 10)
    avoid = np.array([rnd.random() < 0.1 for _ in range(board.n_nodes)])
    avoid[board.camp] = True
    start = rnd.choice(holes)
    # the goal, the hikers to jump and the spaces already walked lie around the start, so that
    # the search meets them: some goal spaces taken, some walked spaces on the way
    around = [i for i in holes if _crow(board, i, start) <= left + 2] or [start]
    seen = {start, *rnd.sample(around, min(len(around), data.draw(st.integers(0, 3))))}
    taken = set(rnd.sample(around, min(len(around), data.draw(st.integers(0, 6)))))
    goal = set(rnd.sample(around, min(len(around), data.draw(st.integers(1, 4)))))
    args = (board, trees, avoid, start, left, seen, taken, goal, data.draw(st.booleans()))
    assert fs.lands_exactly(*args) == python_lands_exactly(*args)


def _python_searches(monkeypatch):
    """Put the Python searches back where the game and the strategies call the compiled ones."""
    monkeypatch.setattr(fs, "ways_home", lambda board, blocked: board.ways_home(blocked))
    monkeypatch.setattr(
        fs, "reaches_home", lambda board, s, blocked: board.reaches_home(s, blocked)
    )
    monkeypatch.setattr(fs, "plant_spaces", tr.plant_spaces)
    monkeypatch.setattr(fs, "distance_field", _as_array(python_distance_field))
    monkeypatch.setattr(fs, "downhill", python_downhill)
    monkeypatch.setattr(fs, "spread", python_spread)
    monkeypatch.setattr(fs, "lands_exactly", python_lands_exactly)
    tt.distance_field.cache_clear()


def _as_array(fn):
    return lambda *args: np.array(fn(*args), dtype=np.int64)


def _play(mix, seed, rules):
    players = [make_strategy(name, "timber-tom") for name in mix]
    engine_rng, rngs = seat_streams(game_seed(seed, 0), len(mix))
    state = new_state(rules, len(mix), engine_rng)
    actions = []
    while not state.is_terminal():
        seat = state.current_player()
        action = players[seat].choose(state.view(seat), state.legal_actions(), rngs[seat])
        actions.append(action)
        state.apply(action)
    out = state.outcome()
    return actions, out.scores, out.ranks, out.turns, out.end_reason, out.extras


STYLES = ["trailblazer", "blocker", "climber", "climber:tree_cost=8", "blocker:tree_cost=0"]


@st.composite
def games(draw):
    """A seed, 2 to 6 hikers of the shipped styles (a random one now and then), rule variants
    and now and then a changed board."""
    n = draw(st.integers(2, 6))
    mix = draw(st.lists(st.sampled_from([*STYLES, "random"]), min_size=n, max_size=n))
    board = draw(boards()) if draw(st.integers(0, 3)) == 0 else default_board()
    rules = Rules(
        treasures_to_win=draw(st.integers(1, 3)),
        fair_and_square=draw(st.booleans()),
        cards=draw(st.booleans()),
        danger_move=draw(st.sampled_from([0, 0, 5])),
        tree_box=draw(st.sampled_from([60, 60, 8])),
        ring_relief=draw(st.sampled_from([3, 0])),
        saw_cut_kept=draw(st.booleans()),
        turn_limit=40,
        board=board,
    )
    assume(rules.treasures_to_win <= len(board.treasures))
    return draw(st.integers(0, 2**40)), tuple(mix), rules


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(games())
def test_games_with_the_compiled_searches_are_the_python_games(game):
    seed, mix, rules = game
    tt.distance_field.cache_clear()
    compiled = _play(mix, seed, rules)
    with pytest.MonkeyPatch.context() as monkeypatch:
        _python_searches(monkeypatch)
        python = _play(mix, seed, rules)
    tt.distance_field.cache_clear()
    assert compiled == python
