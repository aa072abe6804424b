"""Summit Dice's rules: every tunable number, with the rulebook's value as default."""

from dataclasses import dataclass

from simkit.core.rules import rule


@dataclass(frozen=True)
class SummitRules:
    summit: int = rule(60, lo=10, hi=1000, help="metres to the summit: the first camp there wins")
    die: int = rule(6, lo=2, hi=20, help="faces of the climbing die")
    rockfall: int = rule(1, lo=1, hi=5, help="a roll this low or lower loses the turn's climb")
    turn_limit: int = rule(2000, lo=10, hi=100_000, help="turns before a runaway game is cut off")

    def validate(self) -> None:
        from simkit.core.errors import RulesError

        if self.rockfall >= self.die:
            raise RulesError("rockfall", self.rockfall, f"below the die's {self.die} faces")
