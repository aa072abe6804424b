"""Hike It! compiled with numba: WORK IN PROGRESS, not wired into the runner (no ``fast_engine``).

What exists: the game's tables as arrays (``tables``), the state arrays and the setup (the bag,
the hiker box, the skill, weather, trail and side hike decks, the scenic tokens dealt, and the
planner's waypoint and trailhead choices), mirroring :meth:`HikeState.setup` and the planner's
``_waypoint``/``_trailhead`` draw for draw from the same SplitMix64 stream
(``tests/hike_it/test_hike_it_fast.py`` checks the state after setup against the Python engine
over seeds and player counts). The day (weather, challenges, the afternoon, trail cards, bears,
trading, side hikes, resting) and the compiled heuristics are still to come; until then the
Python engine plays every game.

Layout, as in :mod:`simkit.games.lets_take_a_hike.fast`: state in flat integer arrays, piles as
(array, length) in the Python lists' order so that pops and shuffles draw the same.
"""

from __future__ import annotations

from typing import NamedTuple

import numba as nb
import numpy as np

from simkit.core.fast_rng import shuffle
from simkit.games.hike_it.data import ITEMS, REGIONS, SCENIC
from simkit.games.hike_it.fast_box import BAG, _draw_bag, _forced_recycle, _pop
from simkit.games.hike_it.rules import Rules
from simkit.games.hike_it.weather import cards as weather_cards

N_ITEMS = len(ITEMS)
N_REGIONS = len(REGIONS)
MAX_WAYPOINTS = 3  # Rules.waypoints is fixed at 3: one per region


class Tables(NamedTuple):
    """The rules' numbers and the data as arrays (built once per rules)."""

    # the park
    region: np.ndarray  # per space
    scenic_type: np.ndarray  # per space, -1 if not a scenic spot
    scenic_on: np.ndarray  # per space: a scenic token lies there at the start
    dist: np.ndarray  # [space, space] trail miles (the board's table)
    trailheads: np.ndarray
    scenic_spots: np.ndarray
    # the decks
    gear: np.ndarray  # tiles per gear type in the bag
    weather_wet: np.ndarray  # per weather card
    n_easy: int
    n_side: int
    n_trail: int
    n_skill: int
    # the rules
    ints: np.ndarray  # see RULE_INTS


RULE_INTS = (
    "health_start",
    "hiker_box",
    "face_up_skills",
    "start_water_max",
    "water_tiles",
    "side_hikes_dealt",
    "scenic_tokens_dealt",
    "waypoints",
)
(
    HEALTH_START,
    HIKER_BOX,
    FACE_UP_SKILLS,
    START_WATER_MAX,
    WATER_TILES,
    SIDE_HIKES_DEALT,
    SCENIC_TOKENS_DEALT,
    WAYPOINTS,
) = range(len(RULE_INTS))


def tables(rules: Rules) -> Tables:
    from simkit.games.hike_it.board import board_for

    board, d, park = board_for(rules.park), rules.decks, rules.park
    values = {
        **{name: getattr(rules, name) for name in RULE_INTS if hasattr(rules, name)},
        "water_tiles": d.water_tiles,
    }
    weather = weather_cards(d, rules.weather.counts())
    return Tables(
        region=np.array(park.region, dtype=np.int64),
        scenic_type=np.array(park.scenic, dtype=np.int64),
        scenic_on=np.array([k == SCENIC for k in park.kind], dtype=np.int64),
        dist=np.array(board.dist, dtype=np.int64),
        trailheads=np.array(board.trailheads, dtype=np.int64),
        scenic_spots=np.array(board.scenic_spots, dtype=np.int64),
        gear=np.array(d.gear, dtype=np.int64),
        weather_wet=np.array([wet for _, _, wet in weather], dtype=np.int64),
        n_easy=len(d.easy),
        n_side=len(d.easy) + len(d.difficult),
        n_trail=sum(t.count for t in d.trail),
        n_skill=N_ITEMS * d.skill_per_type,
        ints=np.array([int(values[name]) for name in RULE_INTS], dtype=np.int64),
    )


class State(NamedTuple):
    """One game's state arrays (the Python engine's lists, same order; ``*_len`` their lengths)."""

    rng: np.ndarray  # [1]: the engine's SplitMix64 state
    piles: np.ndarray  # [pile, i]: bag, skill deck, weather deck, trail deck, easy, difficult
    pile_len: np.ndarray  # [pile]
    box: np.ndarray  # [stack, depth]: the hiker box, top last
    box_len: np.ndarray  # [stack]
    face_up: np.ndarray
    forecast: np.ndarray  # [3]
    water: np.ndarray  # [region + 1]: the regional supplies, then the discard pile
    side_hand: np.ndarray  # [seat, i]
    side_len: np.ndarray  # [seat]
    dealt: np.ndarray  # [seat, i]: scenic token types dealt to choose waypoints
    dealt_len: np.ndarray
    waypoints: np.ndarray  # [seat, i]
    waypoints_len: np.ndarray
    waypoint_owner: np.ndarray  # per space
    home: np.ndarray  # per seat (the trailhead parked at)
    scratch: np.ndarray  # a row for scenic tokens and tours


SKILL_DECK, WEATHER_DECK, TRAIL_DECK, EASY, DIFFICULT = range(1, 6)  # after the bag
N_PILES = 6


def new_state(t: Tables, n: int, seed: int) -> State:
    longest = max(int(t.gear.sum()), t.n_skill, t.weather_wet.shape[0], t.n_trail, t.n_side)
    hand = 2 * int(t.ints[SIDE_HIKES_DEALT])
    return State(
        rng=np.array([seed], dtype=np.uint64),
        piles=np.zeros((N_PILES, longest), dtype=np.int64),
        pile_len=np.zeros(N_PILES, dtype=np.int64),
        box=np.zeros((int(t.ints[HIKER_BOX]), int(t.gear.sum())), dtype=np.int64),
        box_len=np.zeros(int(t.ints[HIKER_BOX]), dtype=np.int64),
        face_up=np.zeros(int(t.ints[FACE_UP_SKILLS]), dtype=np.int64),
        forecast=np.zeros(3, dtype=np.int64),
        water=np.zeros(N_REGIONS + 1, dtype=np.int64),
        side_hand=np.zeros((n, max(hand, 1)), dtype=np.int64),
        side_len=np.zeros(n, dtype=np.int64),
        dealt=np.zeros((n, int(t.ints[SCENIC_TOKENS_DEALT])), dtype=np.int64),
        dealt_len=np.zeros(n, dtype=np.int64),
        waypoints=np.zeros((n, MAX_WAYPOINTS), dtype=np.int64),
        waypoints_len=np.zeros(n, dtype=np.int64),
        waypoint_owner=np.full(t.region.shape[0], -1, dtype=np.int64),
        home=np.full(n, -1, dtype=np.int64),
        scratch=np.zeros(max(t.scenic_spots.shape[0], t.region.shape[0]), dtype=np.int64),
    )


# ----------------------------------------------------------------------- setup


@nb.njit(cache=True)
def _deal(
    ints, gear, weather_wet, scenic_type, scenic_spots, n_easy, n_side, n_trail, n_skill, n,
    rng, piles, pile_len, box, box_len, face_up, forecast, water, side_hand, side_len,
    dealt, dealt_len, scratch,
):  # fmt: skip
    """HikeState.setup's draws, in its order: the bag and the hiker box, the skill deck and the
    face-up row, the forecast and the water supplies, the trail deck, the side hikes, and the
    scenic tokens dealt for the waypoints."""
    # gear: the bag and the hiker box
    pile_len[BAG] = 0
    for g in range(gear.shape[0]):
        for _ in range(gear[g]):
            piles[BAG, pile_len[BAG]] = g
            pile_len[BAG] += 1
    for i in range(box.shape[0]):
        box[i, 0] = _draw_bag(rng, piles, pile_len)
        box_len[i] = 1
    _forced_recycle(rng, piles, pile_len, box, box_len)
    # skill cards
    _fill_shuffled(rng, piles, pile_len, SKILL_DECK, 0, n_skill)
    for i in range(face_up.shape[0]):
        face_up[i] = _pop(piles, pile_len, SKILL_DECK)
    # the forecast and the water supplies
    _fill_shuffled(rng, piles, pile_len, WEATHER_DECK, 0, weather_wet.shape[0])
    wet = 0
    for i in range(3):
        forecast[i] = _pop(piles, pile_len, WEATHER_DECK)
        wet += weather_wet[forecast[i]]
    start = min(wet, ints[START_WATER_MAX], ints[WATER_TILES] // N_REGIONS)
    for r in range(N_REGIONS):
        water[r] = start
    water[N_REGIONS] = ints[WATER_TILES] - start * N_REGIONS
    # trail cards
    _fill_shuffled(rng, piles, pile_len, TRAIL_DECK, 0, n_trail)
    # side hikes: easy and difficult ones dealt in turn, from the end of each shuffled deck
    _fill_shuffled(rng, piles, pile_len, EASY, 0, n_easy)
    _fill_shuffled(rng, piles, pile_len, DIFFICULT, n_easy, n_side - n_easy)
    for seat in range(n):
        side_len[seat] = 0
        for _ in range(ints[SIDE_HIKES_DEALT]):
            side_hand[seat, side_len[seat]] = _pop(piles, pile_len, EASY)
            side_hand[seat, side_len[seat] + 1] = _pop(piles, pile_len, DIFFICULT)
            side_len[seat] += 2
    # scenic tokens dealt to choose waypoints: the types of the scenic spots, shuffled
    k = scenic_spots.shape[0]
    for i in range(k):
        scratch[i] = scenic_type[scenic_spots[i]]
    shuffle(rng, 0, scratch, k)
    for seat in range(n):
        for i in range(ints[SCENIC_TOKENS_DEALT]):
            k -= 1
            dealt[seat, i] = scratch[k]
        dealt_len[seat] = ints[SCENIC_TOKENS_DEALT]


@nb.njit(cache=True, inline="always")
def _fill_shuffled(rng, piles, pile_len, p, first, count):
    """``list(range(first, first + count))`` shuffled (the Python engine's fresh decks)."""
    for i in range(count):
        piles[p, i] = first + i
    pile_len[p] = count
    shuffle(rng, 0, piles[p], count)


# ------------------------------------------------------------- waypoints and trailheads


@nb.njit(cache=True, inline="always")
def _waypoint_choices(region, scenic_type, scenic_spots, seat, waypoints, waypoints_len, dealt,
                      dealt_len, waypoint_owner, out):  # fmt: skip
    """setup.waypoint_choices into ``out``: free scenic spots of a region without a waypoint of
    the hiker's, of a type among its dealt tokens not yet used (else any such spot); how many."""
    k = 0
    for i in range(scenic_spots.shape[0]):
        s = scenic_spots[i]
        if waypoint_owner[s] >= 0 or not _region_free(region, s, seat, waypoints, waypoints_len):
            continue
        if _type_left(scenic_type, scenic_type[s], seat, waypoints, waypoints_len, dealt,
                      dealt_len):  # fmt: skip
            out[k] = s
            k += 1
    if k:
        return k
    for i in range(scenic_spots.shape[0]):
        s = scenic_spots[i]
        if waypoint_owner[s] < 0 and _region_free(region, s, seat, waypoints, waypoints_len):
            out[k] = s
            k += 1
    return k


@nb.njit(cache=True, inline="always")
def _region_free(region, s, seat, waypoints, waypoints_len):
    free = True
    for j in range(waypoints_len[seat]):
        free &= region[waypoints[seat, j]] != region[s]
    return free


@nb.njit(cache=True, inline="always")
def _type_left(scenic_type, t, seat, waypoints, waypoints_len, dealt, dealt_len):
    """Whether a dealt token of type ``t`` is left once each chosen waypoint's type took one."""
    dealt_t, used_t = 0, 0
    for j in range(dealt_len[seat]):
        dealt_t += dealt[seat, j] == t
    for j in range(waypoints_len[seat]):
        used_t += scenic_type[waypoints[seat, j]] == t
    return dealt_t > used_t


@nb.njit(cache=True, inline="always")
def _tour(dist, start, stops, k, home):
    """The planner's ``_tour``: (miles, first stop) of the shortest way from ``start`` through
    ``stops[:k]`` (at most three) to ``home``, orders tried as itertools.permutations gives them,
    the first shortest kept; first stop -1 when there is none."""
    best, first = -1, -1
    for a in range(k):
        for b in range(k if k >= 2 else 1):
            if k >= 2 and b == a:
                continue
            for c in range(k if k == 3 else 1):
                if k == 3 and c in (a, b):
                    continue
                miles, at = dist[start, stops[a]], stops[a]
                if k >= 2:
                    miles, at = miles + dist[at, stops[b]], stops[b]
                if k == 3:
                    miles, at = miles + dist[at, stops[c]], stops[c]
                miles += dist[at, home]
                if best < 0 or miles < best:
                    best, first = miles, stops[a]
    if k == 0:
        return dist[start, home], -1
    return best, first


@nb.njit(cache=True)
def _choose_route(region, scenic_type, scenic_spots, trailheads, dist, n, waypoints,
                  waypoints_len, dealt, dealt_len, waypoint_owner, home, scratch):  # fmt: skip
    """The waypoint and trailhead choices, last seat first three times over (Player Setup), as
    the planner makes them: the first waypoint nearest a trailhead, the next ones nearest the
    waypoints chosen, the trailhead with the shortest tour; the lower space on ties."""
    for _ in range(MAX_WAYPOINTS):
        for seat in range(n - 1, -1, -1):
            k = _waypoint_choices(region, scenic_type, scenic_spots, seat, waypoints,
                                  waypoints_len, dealt, dealt_len, waypoint_owner, scratch)  # fmt: skip
            best, best_key = -1, 0
            for i in range(k):
                s = scratch[i]
                key = 0
                if waypoints_len[seat] == 0:
                    key = dist[s, trailheads[0]]
                    for t in trailheads:
                        key = min(key, dist[s, t])
                else:
                    for j in range(waypoints_len[seat]):
                        key += dist[s, waypoints[seat, j]]
                if best < 0 or key < best_key or key == best_key and s < best:
                    best, best_key = s, key
            waypoints[seat, waypoints_len[seat]] = best
            waypoints_len[seat] += 1
            waypoint_owner[best] = seat
            if waypoints_len[seat] == MAX_WAYPOINTS:
                best, best_key = -1, 0
                for t in trailheads:
                    taken = False
                    for other in range(n):
                        taken |= home[other] == t
                    if taken:
                        continue
                    key = _tour(dist, t, waypoints[seat], MAX_WAYPOINTS, t)[0]
                    if best < 0 or key < best_key or key == best_key and t < best:
                        best, best_key = t, key
                home[seat] = best


def deal(t: Tables, n: int, seed: int) -> State:
    """A game's state after HikeState.setup's draws (before the waypoint choices)."""
    s = new_state(t, n, seed)
    _deal(
        t.ints, t.gear, t.weather_wet, t.scenic_type, t.scenic_spots, t.n_easy, t.n_side,
        t.n_trail, t.n_skill, n,
        s.rng, s.piles, s.pile_len, s.box, s.box_len, s.face_up, s.forecast, s.water,
        s.side_hand, s.side_len, s.dealt, s.dealt_len, s.scratch,
    )  # fmt: skip
    return s


def set_out(t: Tables, n: int, seed: int) -> State:
    """A game's state once planners have chosen their waypoints and trailheads."""
    s = deal(t, n, seed)
    _choose_route(
        t.region, t.scenic_type, t.scenic_spots, t.trailheads, t.dist, n, s.waypoints,
        s.waypoints_len, s.dealt, s.dealt_len, s.waypoint_owner, s.home, s.scratch,
    )  # fmt: skip
    return s
