"""The layout of :mod:`fast`'s state: what each slot of its integer arrays holds, shared with
:mod:`fast_planner` (numba reads these module constants as compile-time numbers)."""

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
NORMAL, TURN_LIMIT, FAILED = 0, 1, 2
END_REASONS = ("normal", "turn_limit")
