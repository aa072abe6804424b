"""The codes the compiled engine (:mod:`fast`) and its strategies (:mod:`fast_strategies`) share:
phases, stages and action kinds as :mod:`state` has them, and the slots of the state arrays.

numba reads them as compile-time constants (``c.NAME`` of this module)."""

from simkit.games.timber_tom import board as bd

# Decision phases and turn stages, as in state.py.
MOVE, LIFT, PLANT, UPROOT, FLY, HOTSPOT, SNOW_CARD, CLEAR, WILD_NOW = range(9)
S_RELIEF, S_MOVE, S_AFTER_MOVE, S_TREES = range(4)

# Action kinds: an action is a row (kind, a, b) of the legal array.
(
    A_STEP,
    A_EXTRA,
    A_STOP,
    A_TURN_BACK,
    A_CLEAR,
    A_WILD,
    A_EMERGENCY,
    A_FLY,
    A_HOTSPOT,
    A_RADIO,
    A_DRAW,
    A_LIFT,
    A_PLANT,
    A_UPROOT,
) = range(14)
# How a tree is cleared (the ``how`` of a step or a clear): "", axe, saw, 141, wild, roll4.
H_NONE, H_AXE, H_SAW, H_141, H_WILD, H_ROLL4 = range(6)
# What is traded for spaces (``("extra", kind)``), what a hot-spot gives.
X_PACK, X_FLIGHT, X_WILD = range(3)
HOT_PLANT, HOT_CARD = range(2)

# Slots of ``g``, the game's scalars.
(
    G_BOX,
    G_HAND,
    G_SAW_CREDIT,
    G_SEAT,
    G_ROUND,
    G_TERMINAL,
    G_END,
    G_START,
    G_COUNTED,
    G_ALLOWANCE,
    G_DIE,
    G_R4_OPEN,
    G_WILD_ACTIVE,
    G_TURNED_BACK,
    G_EARLY,
    G_MOVE141,
    G_WILD_DRAWN,
    G_CLEARED_AFTER,
    G_PLANT_LEFT,
    G_RELIEF_LEFT,
    G_STAGE,
    G_PHASE,
    G_PATH_LEN,
    G_DRAW_LEN,
    G_DISCARD_LEN,
    G_LIFTED_LEN,
    G_WAY_LEN,
    G_U_BOX,
    G_U_HAND,
    G_U_SAW_CREDIT,
    G_U_MOVE141,
    G_U_DISCARD_LEN,
    G_U_LIFTED_LEN,
    G_DECISIONS,
) = range(34)
N_G = 34

# Columns of ``ps``, one row per hiker. POS .. USED141 and the stats are what a move given up
# restores (state._MOVE_UNDO, with the discards and the trees in hand kept in ``g``).
(
    P_POS,
    P_PACKS,
    P_AXES,
    P_SAWS,
    P_FLIGHTS,
    P_RADIOS,
    P_SAW_KEPT,
    P_WILD,
    P_TREASURES,
    P_SNOW_PAID,
    P_USED141,
    P_PLANTED,
    P_CLEARED,
    P_PACKS_USED,
    P_FLOWN,
    P_CARDS,
    P_EMERGENCIES,
    P_MOVE_MOD,
    P_ROLL_NEXT,
    P_SKIP,
    P_FINISHED,
    P_MOVES_MADE,
    P_MOVES_TO_FINISH,
    P_LAST_LEN,
) = range(24)
N_P = 24
UNDO_COLUMNS = P_MOVE_MOD  # columns 0 .. P_EMERGENCIES are saved at a move's start

# Rows of ``nd``, the board's per-node tables (flags as 0/1): the zone, feature, Snow Cap peak,
# mountain, plantable, row and column (Base Camp at its first space); a canoe, a space the exact
# landing avoids, a hole, a hole whose ring of 8 the local ring test reads. One array for them
# all: every compiled call carrying the board counts a reference per array.
(
    N_ZONE,
    N_FEATURE,
    N_PEAK,
    N_MOUNTAIN,
    N_PLANTABLE,
    N_ROW,
    N_COL,
    N_CANOE,
    N_AVOID,
    N_HOLE,
    N_HAS_RING,
) = range(11)
N_ROWS = 11
# Rows of ``lists`` (padded, lengths in ``list_len``): then the refuges of each mountain.
L_HELIPADS, L_TREASURES, L_PLANTABLE, L_PLANTABLE_1500, L_PLANTABLE_1000, L_REFUGES = range(6)

# Slots of ``rl``, the rules' integers.
(
    R_TREASURES_TO_WIN,
    R_FAIR,
    R_CARDS,
    R_DANGER_MOVE,
    R_TREE_BOX,
    R_RING_RELIEF,
    R_PACK_SPACES,
    R_FLIGHT_SPACES,
    R_WILD_SPACES,
    R_SNOW_FEE,
    R_CANOE_FEE,
    R_SAW_KEPT,
    R_TURN_LIMIT,
    R_TRAY_PACKS,
    R_TRAY_AXES,
    R_TRAY_SAWS,
    R_TRAY_FLIGHTS,
    R_TRAY_RADIOS,
    R_CAMP,
    R_N_PEAKS,
    R_FARTHEST,  # one more than the farthest a node is from Base Camp as the crow flies
) = range(21)
R_MOVE = 21  # + zone: Move-values
R_TREES = R_MOVE + len(bd.ZONE_NAMES)  # + zone: Tree-values
N_R = R_TREES + len(bd.ZONE_NAMES)

# Cards: kinds as cards.KINDS; effects (do, n, who, zone filter) as the indexes of cards.EFFECTS,
# cards.WHO and cards.ZONE_FILTERS.
K_RED, K_WILD, K_TROUBLE, K_HELP = range(4)
(
    E_LOSE_PACKS,
    E_LOSE_AXES,
    E_GAIN_PACKS,
    E_GAIN_AXES,
    E_MOVE_BONUS,
    E_MOVE_PENALTY,
    E_ROLL_NEXT,
    E_SKIP_MOVE,
    E_FORCED_BACK,
    E_LANDSLIDE,
) = range(10)
W_SELF, W_OTHERS, W_ALL = range(3)
F_ANY, F_HERE, F_LOW, F_HIGH = range(4)  # then 250, 500, 1000, 1500, flood, snow: zone + 3

END_NORMAL, END_TURN_LIMIT = range(2)
END_REASONS = ("normal", "turn_limit")
