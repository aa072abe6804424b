"""Hiker status, decision phases and turn stages of the Hike It! engine (``state.py``)."""

# hiker status
HIKING, RESTING, FINISHED, KNOCKED_OUT = range(4)
STATUS = ("hiking", "resting", "finished", "knocked out")

# decision phases
(
    WAYPOINT,
    TRAILHEAD,
    REROLL,
    PAY,
    SKILL,
    REFILL,
    AFTERNOON,
    SHOO,
    KEEP,
    HAND,
    REST,
    BEAR_PICK,
    BEAR_STEP,
    TRADE_GIVE,
    TRADE_GET,
    TRADE_ANSWER,
    TRADE_WINDOW,
    GIVE_SCENIC,
    OVER,
) = range(19)
PHASES = (
    "waypoint",
    "trailhead",
    "reroll",
    "pay",
    "skill",
    "refill",
    "afternoon",
    "shoo",
    "keep",
    "hand",
    "rest",
    "bear_pick",
    "bear_step",
    "trade_give",
    "trade_get",
    "trade_answer",
    "trade_window",
    "give_scenic",
    "over",
)

# turn stages (what comes after the current decisions are settled)
START, MORNING, AFTERNOON_START, IN_AFTERNOON, EVENING, END_TURN, WINDOW = range(7)
