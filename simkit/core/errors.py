"""Errors a user can cause. Each carries one line that says what was wrong and what would be right."""


class SimkitError(Exception):
    """Base of every error the command line reports as one line (no traceback)."""


class RulesError(SimkitError):
    """A rule override or component data file is invalid; names the field and what is allowed."""

    def __init__(self, field: str, value: object, allowed: str):
        self.field, self.value, self.allowed = field, value, allowed
        super().__init__(f"rule '{field}' = {value!r} is invalid: {allowed}")


class DataError(SimkitError):
    """A component data file (cards, map, board) cannot be loaded; names the file and the problem."""

    def __init__(self, path: object, problem: str):
        self.path, self.problem = path, problem
        super().__init__(f"{path}: {problem}")


class IllegalAction(SimkitError):
    """An action that is not among the seat's legal actions was applied."""

    def __init__(self, seat: int, action: object, why: str = "not a legal action now"):
        self.seat, self.action = seat, action
        super().__init__(f"seat {seat} cannot play {action!r}: {why}")


class StrategyError(SimkitError):
    """A strategy name or parameter is unknown or invalid, or a strategy failed during play."""


class ExperimentError(SimkitError):
    """An experiment spec or run directory is inconsistent."""


class InvariantError(AssertionError):
    """A game state broke one of its invariants (a bug in the engine, never a user's mistake)."""
