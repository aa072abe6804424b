"""Summit Dice: climbers race up a mountain, one die roll at a time.

On your turn roll the die as often as you dare: each roll climbs that many metres, but a rockfall
(a roll of ``rockfall`` or less, a 1 by default) sweeps away this turn's climb and ends your turn.
Stop to make camp and keep the climb. The first climber whose camp reaches the summit
(``summit`` metres) wins at once; the others rank by height.
"""

from simkit.core.game import GameSpec
from summit_dice import strategies  # noqa: F401  (registers the heuristics with the game)
from summit_dice.rules import SummitRules
from summit_dice.state import SummitState, new_state

GAME = GameSpec(
    name="summit-dice",
    title="Summit Dice",
    min_players=2,
    max_players=6,
    rules_type=SummitRules,
    new_state=new_state,
    default_strategy="camp-at",
    typical_players=3,
    turn_unit="turns (one climber's rolls until camp or rockfall)",
    extra_columns=("x_rockfalls",),
)

__all__ = ["GAME", "SummitRules", "SummitState"]
