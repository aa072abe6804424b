"""The layout of :mod:`fast`'s state: what each slot of its integer arrays holds, shared with
:mod:`fast_planner` (numba reads these module constants as compile-time numbers), and the named
bundles of arrays the engine's steps pass each other (the engine runs without reference
counting, so a bundle costs nothing to pass or read)."""

from collections import namedtuple

import numba as nb

# The rules' numbers, the map and the faces: ``paths`` is (offsets, targets, triangle).
Board = namedtuple("Board", "rules spaces cards ferry bus_start bus_stops paths")
# A game's state: the Time chart's slots, the seats, the hands, the piles, stones and Cairns.
State = namedtuple("State", "table seats hands deck discard stones cairn")
# A search's marks (numbered, see :mod:`fast_walks`), the count of searches, its stack.
Search = namedtuple("Search", "seen marks stack")
# Scratch of the engine's steps, allocated once per chunk: the legal actions (``acts``), the
# spaces other Ramblers hold, the open shops, the stops, the walk search's sets and marks.
Work = namedtuple(
    "Work", "acts scratch allow others shops stops plain far found seen6 queue search"
)
# The planners' tables (per style and per map, see ``fast_planner.style_tables``).
Tables = namedtuple(
    "Tables", "styles homes turns_to nearest hops home_sets home_bits walking_after"
)
# The planners' scratch: a decision's estimates, where a walk ends and the walks on an empty
# map kept per chunk (as bits, see ``fast_walks.walk_bits``), and one more set of such bits.
Notes = namedtuple("Notes", "plan known ends via nowhere rest gains walks walked bits")
# Who plays each seat of a game (``RANDOM`` or 1 + a style's row), the game's streams (the
# engine's first), the stream each seat draws from (its own in a run, one shared in a playout) and
# a playout's steps (the slots below).
Players = namedtuple("Players", "kinds rngs tables notes streams steps")
# Slots of ``steps``: a decision forced on the first ask (-1: none), the decisions made since,
# the horizon (0: none), whether the playout was cut there, then each seat's score at the cut.
FORCED, DECISIONS, HORIZON, CUT_AT, CUT_SCORES = range(5)

# Action kinds (the first column of ``acts``), in the Python engine's words.
EQUIP, PLAY, MOVE, RIDE, REFRESH, BUY, END, DISCARD, VOTE, GIVE = range(10)
MAX_ACTS = 512

# Slots of ``table``: the turn, the weather, the Heavy Rucksack, the piles' lengths.
TURN, RAINING, RAINY_TURNS, RUCKSACK_AT, HOLDER, CARRIED_TURNS, ENTERED = range(7)
DECK_LEN, DISCARD_LEN, PLAYED, STONE_ON_TRIANGLE, CARRYING, N_TABLE = range(7, 13)
IN_DECK, CARRIED, GONE = range(3)

# Columns of ``seats``: where each Rambler is and what it has.
POS, MONEY, BAR, EQUIPMENT, SCORE, PRIMES, CAIRN_POINTS, DESIRES, RIDES = range(9)
REFRESHMENTS, RETURN_TURN, USED, HAND_LEN, VOTES, N_SEAT = range(9, 15)

# Slots of ``rules`` (the tunable numbers and the map's Time chart).
(
    R_HAND_SIZE,
    R_CAIRNS,
    R_CAIRN_FIRST,
    R_CAIRN_SECOND,
    R_CAIRN_OTHER,
    R_RAIN_PENALTY,
    R_BEAUTY_POINTS,
    R_START_MONEY,
    R_BREAK_MONEY,
    R_START_CHOCOLATE,
    R_REFRESH_COST,
    R_REFRESH_POINTS,
    R_CHOCOLATE_COST,
    R_RIDE_COST,
    R_FERRY_POINTS,
    R_BUS_POINTS,
    R_SECRET_DESIRE,
    R_GUIDE_BOOKS,
    R_BINOCULARS,
    R_SUN_PROTECTION,
    R_RUCKSACK_TURNS,
    R_RUCKSACK_HERO,
    R_RUCKSACK_DEPTH,
    R_SOLO_RUCKSACK_DEPTH,
    R_SOLO_RAIN_ALLOWANCE,
    R_RANDOM_PASSING,
    R_SEAT_ORDER,
    R_LATE_STOP,
    R_TURN_LIMIT,
    R_START,
    R_N_TURNS,
    R_LUNCH,
    R_TEA,
    R_RETURN_FROM,
    R_FIRST_MINUTE,
    R_MINUTES_PER_TURN,
    R_N_RAMBLING,
    R_N_CARDS,
    R_RUCKSACK_CARD,
    N_RULES,
) = range(40)

# Columns of ``spaces`` (the map) and ``cards`` (the faces).
S_KIND, S_TRIANGLE, S_POINTS, S_GLASS, S_BEAUTY, S_CARD, S_FERRY = range(7)
C_KIND, C_LOCATION, C_CIRCLES, C_TRIANGLES = range(4)

# Strategy kinds of a seat.
RANDOM = 0
NORMAL, TURN_LIMIT, FAILED, CUT = 0, 1, 2, 3
END_REASONS = ("normal", "turn_limit")


@nb.njit(cache=True, inline="always")
def cairn_bonus(rules, placed):
    """``scoring.stone_points``' Cairn bonus for the stone placed after ``placed`` others."""
    if placed == 0:
        return rules[R_CAIRN_FIRST]
    if placed == 1:
        return rules[R_CAIRN_SECOND]
    return rules[R_CAIRN_OTHER]
