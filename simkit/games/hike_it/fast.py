"""Hike It! compiled with numba: the engine of :mod:`fast_game` played by the heuristics of
:mod:`fast_planner`, whole chunks of games at once, behind the runner's interface (``supports``,
``warm``, ``play_rows``, ``kernel_seconds``).

It mirrors the Python engine step by step (same continuations, same order of the piles and the
legal actions, same draws from the same SplitMix64 streams), so that a game gives the same rows
in both; ``tests/hike_it/test_hike_it_fast.py`` checks that game by game. The Python engine stays
the reference: the one that is read, logged and replayed.

This module is the Python side: the rules' tables as arrays (``Tables``), one game's state arrays
(``State``, allocated once per chunk and reset per game), the setup's draws, the chunk loop and
the rows.
"""

from __future__ import annotations

import time
from functools import cache
from typing import NamedTuple

import numba as nb
import numpy as np
import pyarrow as pa

from simkit.core.fast_rng import game_streams, shuffle
from simkit.core.fast_rows import outcome_table, strategy_column
from simkit.games.hike_it import fast_game as G
from simkit.games.hike_it import fast_planner as FP
from simkit.games.hike_it.bears import paw_moves
from simkit.games.hike_it.board import board_for
from simkit.games.hike_it.data import (
    CAMPSITE,
    ITEMS,
    OBJECTIVES,
    SCENIC,
    TRAIL_KINDS,
    WATER,
    WEATHER_KINDS,
)
from simkit.games.hike_it.fast_box import _draw_bag, _forced_recycle
from simkit.games.hike_it.rules import Rules
from simkit.games.hike_it.skill_cards import is_paw, skill_type
from simkit.games.hike_it.weather import cards as weather_cards
from simkit.strategies.generic import Random
from simkit.strategies.hike_it import Careful, Collector, Planner, Rusher

EXTRAS = (
    "x_days",
    "x_finished",
    "x_health",
    "x_knocked_out",
    "x_scenic_tokens",
    "x_side_hike_points",
    "x_skill_set_tokens",
    "x_trades",
    "x_trailhead_bonus",
    "x_weather_hits",
)  # sorted, as the Python runner writes them
END_REASONS = ("normal", "turn_limit")
FAILED = 2  # a game that did not finish within its decision budget (the runner falls back)
MAX_DECISIONS = 200_000


class Tables(NamedTuple):
    """The rules' numbers and the data as arrays (built once per rules)."""

    ints: np.ndarray  # fast_game.R_*
    # per skill card: its type and whether it carries the bear paw (skill_cards.skill_type and
    # is_paw read from a table: a division per card was the planner's costliest instruction)
    card_type: np.ndarray
    card_paw: np.ndarray
    region: np.ndarray  # per space
    kind: np.ndarray  # per space
    scenic_type: np.ndarray  # per space, -1 if not a scenic spot
    adj_start: np.ndarray  # neighbours of s: adj_list[adj_start[s]:adj_start[s + 1]], sorted
    adj_list: np.ndarray
    dist: np.ndarray  # [space, space] trail miles
    trailheads: np.ndarray
    scenic_spots: np.ndarray
    campsites: np.ndarray
    bear_spots_start: np.ndarray  # per region: its bear spaces and den, in space order
    bear_spots: np.ndarray
    dens: np.ndarray  # per region
    bear_start: np.ndarray  # per region
    paw_start: np.ndarray  # bears.paw_moves from each space: destinations ...
    paw_dest: np.ndarray
    path_start: np.ndarray  # ... and the spaces entered on the way
    path_list: np.ndarray
    water_kind: int
    campsite_kind: int
    gear: np.ndarray
    weather_kind: np.ndarray  # per weather card
    weather_req: np.ndarray  # [card, 2]
    weather_req_len: np.ndarray
    weather_wet: np.ndarray
    dice: np.ndarray  # [die, face]: the weather kind shown, -1 for clear skies
    dice_len: np.ndarray
    bear_die_kind: np.ndarray  # STEPS, PAW or DEN per face
    bear_die_steps: np.ndarray
    trail_kind: np.ndarray  # per trail card
    trail_item: np.ndarray
    side_obj: np.ndarray  # per side hike card
    side_n: np.ndarray
    side_type: np.ndarray
    columns: np.ndarray  # [column, i]
    col_len: np.ndarray
    campfire_bonus: np.ndarray  # [k, (skill cards, health)]
    rest_cost: np.ndarray
    bonus: np.ndarray  # trailhead bonus tiles for the game's player count


def _i64(values) -> np.ndarray:
    return np.array(list(values), dtype=np.int64)


def _csr(rows) -> tuple[np.ndarray, np.ndarray]:
    rows = [list(r) for r in rows]
    start = np.zeros(len(rows) + 1, dtype=np.int64)
    start[1:] = np.cumsum([len(r) for r in rows])
    return start, _i64(x for r in rows for x in r)


def _rules_ints(rules: Rules, n: int) -> np.ndarray:
    d = rules.decks
    values = {
        G.R_HEALTH_START: rules.health_start,
        G.R_HEALTH_MAX: rules.health_max,
        G.R_STORAGE: rules.storage,
        G.R_SCENIC_DEALT: rules.scenic_tokens_dealt,
        G.R_HAND_LIMIT: rules.hand_limit,
        G.R_FACE_UP: rules.face_up_skills,
        G.R_SET_COST: rules.set_cost,
        G.R_PAW_COST: rules.paw_cost,
        G.R_CAMPFIRES: rules.campfires,
        G.R_START_WATER_MAX: rules.start_water_max,
        G.R_HIKER_BOX: rules.hiker_box,
        G.R_OPTIONAL_RECYCLE: rules.optional_recycle,
        G.R_SIDE_DEALT: rules.side_hikes_dealt,
        G.R_EASY_POINTS: rules.easy_points,
        G.R_DIFFICULT_POINTS: rules.difficult_points,
        G.R_TOKEN_POINTS: rules.token_points,
        G.R_HEALTH_POINTS: rules.health_points,
        G.R_SCENIC_POINTS: rules.scenic_points,
        G.R_TRADE_OFFERS: rules.trade_offers,
        G.R_TRADE_WINDOW: rules.trade_window,
        G.R_TRADE_ITEMS: rules.trade_items,
        G.R_TRAILHEAD_BONUS: rules.trailhead_bonus,
        G.R_KNOCKS_OUT_FALLEN: rules.bear_knocks_out_fallen,
        G.R_TRACK: rules.turn_order == "track",
        G.R_TURN_LIMIT: rules.turn_limit,
        G.R_WATER_TILES: d.water_tiles,
        G.R_PER_TYPE: d.skill_per_type,
        G.R_PAWS_PER_TYPE: d.paws_per_type,
        G.R_N_EASY: len(d.easy),
        G.R_BEAR_REACH: max(int(f) for f in d.bear_die if f.isdigit()),
        G.R_WAYPOINTS: rules.waypoints,
    }
    return _i64(int(values[k]) for k in range(G.N_R))


@cache
def tables(rules: Rules, n: int) -> Tables:
    board, d, park = board_for(rules.park), rules.decks, rules.park
    size = board.size
    ints = _rules_ints(rules, n)
    adj_start, adj_list = _csr(board.adj)
    bs_start, bs_list = _csr(board.bear_spots)
    paws = [paw_moves(board, s, int(ints[G.R_BEAR_REACH])) for s in range(size)]
    paw_start, paw_dest = _csr(list(p) for p in paws)
    path_start, path_list = _csr(path for p in paws for path in p.values())
    weather = weather_cards(d, rules.weather.counts())
    req = np.full((len(weather), 2), -1, dtype=np.int64)
    for c, (_, items, _) in enumerate(weather):
        req[c, : len(items)] = items
    longest_die = max(len(f) for f in d.weather_dice)
    dice = np.full((len(d.weather_dice), longest_die), -1, dtype=np.int64)
    for i, faces in enumerate(d.weather_dice):
        dice[i, : len(faces)] = [
            WEATHER_KINDS.index(f) if f in WEATHER_KINDS else -1 for f in faces
        ]
    trail = [(t.kind, t.item) for t in d.trail for _ in range(t.count)]
    sides = d.easy + d.difficult
    columns = np.full((len(d.columns), max(len(c) for c in d.columns)), -1, dtype=np.int64)
    for c, col in enumerate(d.columns):
        columns[c, : len(col)] = col
    bonus = d.trailhead_bonuses[n] if n < len(d.trailhead_bonuses) else ()
    cards = range(len(ITEMS) * d.skill_per_type)  # a type per item, as the Python deck
    return Tables(
        ints=ints,
        card_type=_i64(skill_type(d, c) for c in cards),
        card_paw=_i64(is_paw(d, c) for c in cards),
        region=_i64(park.region),
        kind=_i64(park.kind),
        scenic_type=_i64(park.scenic),
        adj_start=adj_start,
        adj_list=adj_list,
        dist=np.array(board.dist, dtype=np.int64),
        trailheads=_i64(board.trailheads),
        scenic_spots=_i64(board.scenic_spots),
        campsites=_i64(board.campsites),
        bear_spots_start=bs_start,
        bear_spots=bs_list,
        dens=_i64(board.dens),
        bear_start=_i64(park.bear_start),
        paw_start=paw_start,
        paw_dest=paw_dest,
        path_start=path_start,
        path_list=path_list,
        water_kind=WATER,
        campsite_kind=CAMPSITE,
        gear=_i64(d.gear),
        weather_kind=_i64(k for k, _, _ in weather),
        weather_req=req,
        weather_req_len=_i64(len(items) for _, items, _ in weather),
        weather_wet=_i64(int(w) for _, _, w in weather),
        dice=dice,
        dice_len=_i64(len(f) for f in d.weather_dice),
        bear_die_kind=_i64(
            G.STEPS if f.isdigit() else (G.DEN if f == "den" else G.PAW) for f in d.bear_die
        ),
        bear_die_steps=_i64(int(f) if f.isdigit() else 0 for f in d.bear_die),
        trail_kind=_i64(TRAIL_KINDS.index(k) for k, _ in trail),
        trail_item=_i64(i for _, i in trail),
        side_obj=_i64(OBJECTIVES.index(s.objective) for s in sides),
        side_n=_i64(s.n for s in sides),
        side_type=_i64(s.scenic_type for s in sides),
        columns=columns,
        col_len=_i64(len(c) for c in d.columns),
        campfire_bonus=np.array(rules.campfire_bonus, dtype=np.int64).reshape(-1, 2),
        rest_cost=_i64(rules.rest_cost),
        bonus=_i64(bonus),
    )


class State(NamedTuple):
    """One game's arrays (the Python engine's lists in their order; ``*_len`` their lengths)."""

    g: np.ndarray  # fast_game.G_*
    p: np.ndarray  # [seat, fast_game.P_*]
    rng: np.ndarray  # SplitMix64 states: the engine's, then each seat's
    seat_stream: np.ndarray  # per seat: the row of ``rng`` its choices draw from
    piles: np.ndarray  # [fast_game pile, i]
    pile_len: np.ndarray
    box: np.ndarray  # [stack, depth], top last
    box_len: np.ndarray
    face_up: np.ndarray
    forecast: np.ndarray
    water: np.ndarray  # the regional supplies, then the discard pile
    token_supply: np.ndarray
    bear_pos: np.ndarray
    order: np.ndarray
    bottom_row: np.ndarray
    window: np.ndarray
    setup_queue: np.ndarray
    owed: np.ndarray  # [k, (giver, receiver)] scenic tokens owed by a trade
    gives: np.ndarray
    gets: np.ndarray
    pay_req: np.ndarray
    keep_values: np.ndarray
    refill_owed: np.ndarray
    dice: np.ndarray
    bear_hit: np.ndarray
    storage: np.ndarray  # [seat, item]
    tokens: np.ndarray
    cols_done: np.ndarray
    hand: np.ndarray
    hand_len: np.ndarray
    scenic: np.ndarray
    scenic_len: np.ndarray
    side_hand: np.ndarray
    side_len: np.ndarray
    side_done: np.ndarray
    side_done_len: np.ndarray
    dealt: np.ndarray
    dealt_len: np.ndarray
    waypoints: np.ndarray
    wp_len: np.ndarray
    scen_on: np.ndarray  # per space
    wp_owner: np.ndarray
    camp_at: np.ndarray
    acts: np.ndarray  # [k, (kind, x, y, z)]: the legal actions of the decision now open
    scratch: np.ndarray
    stops: np.ndarray
    routes: np.ndarray  # [target, space]: miles around the passive bears (see fast_planner)
    route_bears: np.ndarray  # where the bears stood when ``routes`` was searched
    bear_on: np.ndarray  # per space: a bear stood there when ``routes`` was searched
    queue: np.ndarray
    offer_buf: np.ndarray
    plan: np.ndarray
    plan_len: np.ndarray
    spare_ok: np.ndarray
    rival_target: np.ndarray


def new_state(t: Tables, n: int) -> State:
    z = np.zeros
    i64 = np.int64
    size = t.region.shape[0]
    gear = int(t.gear.sum())
    cards = len(t.card_type)
    longest = max(gear, cards, len(t.weather_kind), len(t.trail_kind), len(t.side_obj), size)
    sides = len(t.side_obj)
    return State(
        g=z(G.N_G, i64),
        p=z((n, G.N_P), i64),
        rng=z(1 + n, np.uint64),
        seat_stream=np.arange(1, n + 1, dtype=i64),  # each its own, after the engine's
        piles=z((G.N_PILES, longest), i64),
        pile_len=z(G.N_PILES, i64),
        box=z((int(t.ints[G.R_HIKER_BOX]), gear + 1), i64),
        box_len=z(int(t.ints[G.R_HIKER_BOX]), i64),
        face_up=z(int(t.ints[G.R_FACE_UP]), i64),
        forecast=z(3, i64),
        water=z(len(t.dens) + 1, i64),
        token_supply=z(6, i64),
        bear_pos=z(len(t.dens), i64),
        order=z(n, i64),
        bottom_row=z(n, i64),
        window=z(n, i64),
        setup_queue=z(3 * n, i64),
        owed=z((4 * int(t.ints[G.R_TRADE_ITEMS]) + 2, 2), i64),
        gives=z(int(t.ints[G.R_TRADE_ITEMS]) + 1, i64),
        gets=z(int(t.ints[G.R_TRADE_ITEMS]) + 1, i64),
        pay_req=z(2, i64),
        keep_values=z(2, i64),
        refill_owed=z(len(t.dens), i64),
        dice=z(len(t.dice_len), i64),
        bear_hit=z(n, i64),
        storage=z((n, 6), i64),
        tokens=z((n, 6), i64),
        cols_done=z((n, len(t.col_len)), i64),
        hand=z((n, cards + 1), i64),
        hand_len=z(n, i64),
        scenic=z((n, size), i64),
        scenic_len=z(n, i64),
        side_hand=z((n, sides), i64),
        side_len=z(n, i64),
        side_done=z((n, sides), i64),
        side_done_len=z(n, i64),
        dealt=z((n, int(t.ints[G.R_SCENIC_DEALT])), i64),
        dealt_len=z(n, i64),
        waypoints=z((n, 3), i64),
        wp_len=z(n, i64),
        scen_on=z(size, i64),
        wp_owner=z(size, i64),
        camp_at=z(size, i64),
        acts=z((4 * size + 64, 4), i64),
        scratch=z(longest + 1, i64),
        stops=z(3, i64),
        routes=np.full((size, size), -1, i64),
        route_bears=np.full(len(t.dens), -1, i64),
        bear_on=z(size, i64),
        queue=z(size, i64),
        offer_buf=z(4 * (cards + size + 8), i64),
        plan=z(int(t.ints[G.R_TRADE_ITEMS]) + 1, i64),
        plan_len=z(2, i64),
        spare_ok=z(n, i64),
        rival_target=z(n, i64),
    )


# ----------------------------------------------------------------------- setup


@nb.njit(cache=True, _nrt=False)
def setup(S, T, n):
    """HikeState.setup: the pieces, then the draws in its order (the bag and the hiker box, the
    skill deck and the face-up row, the forecast and the water supplies, the trail deck, the side
    hikes, the scenic tokens dealt); the game then waits for the first waypoint choice."""
    g, p = S.g, S.p
    g[:] = 0
    p[:] = 0
    for s in range(n):
        S.order[s] = s
        p[s, G.P_POS] = -1
        p[s, G.P_HOME] = -1
        p[s, G.P_STATUS] = G.HIKING
        p[s, G.P_HEALTH] = T.ints[G.R_HEALTH_START]
        p[s, G.P_FINISH_HEALTH] = -1
    g[G.G_IN_SETUP] = 1
    g[G.G_PHASE] = G.WAYPOINT
    g[G.G_STAGE] = G.START
    g[G.G_LAST_BEAR] = -1
    g[G.G_LAST_BEAR_MOVER] = -1
    for name in (S.storage, S.tokens, S.cols_done):
        name[:] = 0
    for lengths in (S.hand_len, S.scenic_len, S.side_len, S.side_done_len, S.wp_len):
        lengths[:] = 0
    for x in range(T.region.shape[0]):
        S.scen_on[x] = T.kind[x] == SCENIC
        S.wp_owner[x] = -1
        S.camp_at[x] = -1
    for r in range(S.bear_pos.shape[0]):
        S.bear_pos[r] = T.bear_start[r]
    S.pile_len[:] = 0
    # gear: the bag and the hiker box
    for t in range(T.gear.shape[0]):
        for _ in range(T.gear[t]):
            G.push(S, G.BAG, t)
    for i in range(S.box.shape[0]):
        S.box[i, 0] = _draw_bag(S.rng, S.piles, S.pile_len)
        S.box_len[i] = 1
    _forced_recycle(S.rng, S.piles, S.pile_len, S.box, S.box_len)
    # skill cards and tokens
    _fill_shuffled(S, G.SKILL_DECK, 0, T.card_type.shape[0])
    for i in range(S.face_up.shape[0]):
        S.face_up[i] = G.pop(S, G.SKILL_DECK)
    S.token_supply[:] = n + 1
    # the forecast and the water supplies
    _fill_shuffled(S, G.WEATHER_DECK, 0, T.weather_kind.shape[0])
    wet = 0
    for i in range(3):
        S.forecast[i] = G.pop(S, G.WEATHER_DECK)
        wet += T.weather_wet[S.forecast[i]]
    regions = S.refill_owed.shape[0]
    start = min(wet, T.ints[G.R_START_WATER_MAX], T.ints[G.R_WATER_TILES] // regions)
    for r in range(regions):
        S.water[r] = start
    S.water[regions] = T.ints[G.R_WATER_TILES] - start * regions
    # trail cards
    _fill_shuffled(S, G.TRAIL_DECK, 0, T.trail_kind.shape[0])
    # side hikes: easy and difficult ones dealt in turn from the end of each shuffled deck
    n_easy = T.ints[G.R_N_EASY]
    _fill_shuffled(S, G.EASY, 0, n_easy)
    _fill_shuffled(S, G.DIFFICULT, n_easy, T.side_obj.shape[0] - n_easy)
    for s in range(n):
        for _ in range(T.ints[G.R_SIDE_DEALT]):
            S.side_hand[s, S.side_len[s]] = G.pop(S, G.EASY)
            S.side_hand[s, S.side_len[s] + 1] = G.pop(S, G.DIFFICULT)
            S.side_len[s] += 2
    # scenic tokens dealt to choose waypoints: the scenic spots' types, shuffled
    k = T.scenic_spots.shape[0]
    for i in range(k):
        S.scratch[i] = T.scenic_type[T.scenic_spots[i]]
    shuffle(S.rng, 0, S.scratch, k)
    for s in range(n):
        for i in range(T.ints[G.R_SCENIC_DEALT]):
            k -= 1
            S.dealt[s, i] = S.scratch[k]
        S.dealt_len[s] = T.ints[G.R_SCENIC_DEALT]
    # the waypoint choices: last seat first, three times over
    q = 0
    for _ in range(T.ints[G.R_WAYPOINTS]):
        for s in range(n - 1, -1, -1):
            S.setup_queue[q] = s
            q += 1
    g[G.G_SETUP_LEN] = q
    g[G.G_SEAT_NOW] = S.setup_queue[0]
    G.reset_turn(S, T)
    S.refill_owed[:] = 0
    g[G.G_AFTER_PAY] = G.START
    g[G.G_PAY_LEN] = 0
    g[G.G_BEAR_FACE] = G.NO_FACE
    g[G.G_BEAR_MOVING] = -1
    g[G.G_BEAR_CAME_FROM] = -1
    S.bear_hit[:] = 0


@nb.njit(cache=True, inline="always", _nrt=False)
def _fill_shuffled(S, p, first, count):
    """``list(range(first, first + count))`` shuffled (a fresh deck)."""
    for i in range(count):
        S.piles[p, i] = first + i
    S.pile_len[p] = count
    shuffle(S.rng, 0, S.piles[p], count)


# ----------------------------------------------------------------------- games


# What play_on says of the game it was given.
PLAYED, RAN_LONG, NOT_OFFERED = range(3)


@nb.njit(cache=True, _nrt=False)
def play_on(S, T, n, kinds, params, forced, offered, horizon):
    """The game in S played on by the compiled players, first playing ``forced`` (a row of the
    position's legal actions, ``offered`` of them) when it is not -1, and cut short after
    ``horizon`` of the players' decisions (0: played to the end): PLAYED, RAN_LONG if it ran
    past MAX_DECISIONS, or NOT_OFFERED if the position does not offer ``offered`` actions.

    A run (:func:`play_games`) and a playout (:mod:`fast_playouts`) both go through this one
    function, so that numba compiles the inlined engine once, not once for each caller."""
    if forced != -1:
        if G.legal_actions(S, T, n) != offered:
            return NOT_OFFERED  # the engines disagree on the choices
        G.apply(S, T, n, forced)
    decisions = 0
    while S.g[G.G_PHASE] != G.OVER and not (horizon and decisions >= horizon):
        if S.g[G.G_DECISIONS] >= MAX_DECISIONS:
            return RAN_LONG
        seat = G.current_player(S)
        G.legal_actions(S, T, n)
        G.apply(S, T, n, FP.choose(S, T, n, kinds, params, seat))
        decisions += 1
    return PLAYED


@nb.njit(cache=True, _nrt=False)
def outcome(S, T, n, out, g):
    """The game's scores and extras into ``out[g, seat, :]`` (see OUT_*)."""
    for s in range(n):
        tokens = G.token_count(S, s)
        health = S.p[s, G.P_HEALTH]
        scenic = S.scenic_len[s]
        side = G.side_points(S, T, s)
        bonus = S.p[s, G.P_BONUS]
        out[g, s, OUT_SCORE] = (
            T.ints[G.R_TOKEN_POINTS] * tokens
            + T.ints[G.R_HEALTH_POINTS] * health
            + T.ints[G.R_SCENIC_POINTS] * scenic
            + side
            + bonus
        )
        out[g, s, OUT_SCENIC] = scenic
        out[g, s, OUT_TOKENS] = tokens
        out[g, s, OUT_HEALTH] = health
        out[g, s, OUT_SIDE] = side
        out[g, s, OUT_BONUS] = bonus
        out[g, s, OUT_FINISHED] = S.p[s, G.P_STATUS] == G.FINISHED
        out[g, s, OUT_KNOCKED_OUT] = S.p[s, G.P_STATUS] == G.KNOCKED_OUT
        out[g, s, OUT_DAYS] = S.p[s, G.P_DAYS_OUT]
        out[g, s, OUT_WEATHER_HITS] = S.p[s, G.P_WEATHER_HITS]
        out[g, s, OUT_TRADES] = S.p[s, G.P_TRADES]
    for s in range(n):  # competition ranks by (points, scenic, tokens, health)
        r = 1
        for o in range(n):
            if (
                out[g, o, OUT_SCORE],
                out[g, o, OUT_SCENIC],
                out[g, o, OUT_TOKENS],
                out[g, o, OUT_HEALTH],
            ) > (
                out[g, s, OUT_SCORE],
                out[g, s, OUT_SCENIC],
                out[g, s, OUT_TOKENS],
                out[g, s, OUT_HEALTH],
            ):
                r += 1
        out[g, s, OUT_RANK] = r
    turns = S.g[G.G_DAY] if S.g[G.G_END_REASON] == G.TURN_LIMIT else S.g[G.G_DAY] + 1
    return turns


(
    OUT_SCORE,
    OUT_SCENIC,
    OUT_TOKENS,
    OUT_HEALTH,
    OUT_SIDE,
    OUT_BONUS,
    OUT_FINISHED,
    OUT_KNOCKED_OUT,
    OUT_DAYS,
    OUT_WEATHER_HITS,
    OUT_TRADES,
    OUT_RANK,
) = range(12)
N_OUT = 12


@nb.njit(cache=True, _nrt=False)
def play_games(S, T, n, states, kinds, params, out, end, turns):
    """One game from each row of ``states`` (its generators' states): outcomes into ``out``,
    end reasons and turns into ``end`` and ``turns`` (the caller allocates them, so that the
    whole chunk runs without numba's runtime)."""
    for g in range(states.shape[0]):
        for i in range(1 + n):
            S.rng[i] = states[g, i]
        setup(S, T, n)
        if play_on(S, T, n, kinds[g], params[g], -1, 0, 0) == PLAYED:
            turns[g] = outcome(S, T, n, out, g)
            end[g] = S.g[G.G_END_REASON]
        else:
            end[g] = FAILED


# ----------------------------------------------------------------------- the runner's side


# The shipped styles, exactly: a subclass may play differently (a method of its own), so it plays
# on the Python engine.
_PLANNERS = (Planner, Rusher, Collector, Careful)


def compiled_form(player) -> tuple[int, np.ndarray] | None:
    """(kind, parameters) of a strategy the compiled engine plays, or None."""
    params = np.zeros(FP.N_PARAMS, dtype=np.int64)
    if type(player) is Random:
        return FP.RANDOM, params
    if type(player) in _PLANNERS:
        for i, name in enumerate(FP.PARAMS):
            params[i] = int(getattr(player, name))
        return FP.PLANNER, params
    return None


def supports(strategies) -> bool:
    """Whether every strategy has a compiled form."""
    return all(compiled_form(s) is not None for s in strategies)


def warm() -> None:
    """Compile (or load from numba's cache) before work is dispatched."""
    _play(Rules(), 0, 0, [[Random(), Random()]])


kernel_seconds = 0.0  # process CPU seconds inside the kernel (simkit bench reads it)


def _play(rules: Rules, root: int, first: int, seat_players: list[list]):
    n = len(seat_players[0])
    t = tables(rules, n)
    codes = [[compiled_form(p) for p in players] for players in seat_players]
    kinds = np.array([[c[0] for c in cs] for cs in codes], dtype=np.int64)
    params = np.array([[c[1] for c in cs] for cs in codes], dtype=np.int64)
    count = len(seat_players)
    seeds, states = game_streams(np.uint64(root), first, count, n)
    out = np.zeros((count, n, N_OUT), dtype=np.int64)
    end = np.zeros(count, dtype=np.int64)
    turns = np.zeros(count, dtype=np.int64)
    play_games(new_state(t, n), t, n, states, kinds, params, out, end, turns)
    return seeds, out, end, turns


def play_rows(
    labels: tuple[str, str, str],
    rules: Rules,
    root: int,
    first: int,
    first_index: int,
    seat_players: list[list],
) -> pa.Table | None:
    """Play games ``first ..`` of a cell (one list of players per game) into their rows; None if
    a game cannot finish here (the runner then plays the chunk in Python, which reports why)."""
    global kernel_seconds
    started = time.process_time()
    seeds, out, end, turns = _play(rules, root, first, seat_players)
    kernel_seconds += time.process_time() - started
    if (end == FAILED).any():
        return None
    flags = ("x_finished", "x_knocked_out")
    extras = {
        name: out[:, :, EXTRA_COLUMNS[name]].astype(np.bool_ if name in flags else np.int64)
        for name in EXTRAS
    }
    strategy = strategy_column(seat_players)
    scores, ranks = out[:, :, OUT_SCORE], out[:, :, OUT_RANK]
    return outcome_table(
        labels, first_index, strategy, seeds, scores, ranks, turns, end, END_REASONS, extras
    )


def playouts(world, seat: int, legal, policy, rng, horizon: int = 0):
    """Compiled playouts, the optional hook of ``simkit.core.playout.move_values``: each legal
    move's win share and margin in one sampled world, or None (see :mod:`fast_playouts`,
    imported here when first asked, since it builds on this module)."""
    from simkit.games.hike_it import fast_playouts

    return fast_playouts.playouts(world, seat, legal, policy, rng, horizon)


EXTRA_COLUMNS = {
    "x_days": OUT_DAYS,
    "x_finished": OUT_FINISHED,
    "x_health": OUT_HEALTH,
    "x_knocked_out": OUT_KNOCKED_OUT,
    "x_scenic_tokens": OUT_SCENIC,
    "x_side_hike_points": OUT_SIDE,
    "x_skill_set_tokens": OUT_TOKENS,
    "x_trades": OUT_TRADES,
    "x_trailhead_bonus": OUT_BONUS,
    "x_weather_hits": OUT_WEATHER_HITS,
}
