"""The game protocol, in OpenSpiel's vocabulary; ``docs/adding-a-game.md`` is the guide to it.

A game exposes ``GAME``, a :class:`GameSpec`: a package under ``simkit/games/``, or a designer's own
package registered through the ``simkit.games`` entry-point group or named as ``package.module:GAME``
(see :mod:`simkit.core.registry`). Its ``new_state(rules, n_players, rng, log=False)`` returns a
:class:`State` after the whole setup.

Actions are small immutable values (ints, or tuples of ints and short strings) that the game
documents; ``State.action_text(action)`` says one in words. ``apply`` plays an action and every
random event that follows, up to the next decision.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from simkit.core.rng import GameRng

Action = Hashable


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game, one entry per seat (seat 0 first).

    ``extras`` maps a column name (prefixed ``x_``) to one value per seat.
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    win_shares: tuple[float, ...]
    turns: int
    end_reason: str
    extras: dict[str, tuple] = field(default_factory=dict)


def rank_by(keys: Sequence[tuple]) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """Competition ranks (1 = best, ties share a rank) and win shares from per-seat sort keys.

    A larger key is better; seats with equal keys tie. Win share is 1/k for each of k seats tied
    for first place.
    """
    ranks = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
    winners = ranks.count(1)
    shares = tuple(1.0 / winners if r == 1 else 0.0 for r in ranks)
    return ranks, shares


@runtime_checkable
class State(Protocol):
    """The forward model of one game in progress."""

    def current_player(self) -> int:
        """The seat that must decide now (meaningless once terminal)."""

    def legal_actions(self) -> list[Action]:
        """The choices open to the current seat; never empty while the game is not over."""

    def apply(self, action: Action) -> None:
        """Play ``action`` for the current seat; raises ``IllegalAction`` if it is not legal."""

    def is_terminal(self) -> bool: ...

    def outcome(self) -> Outcome:
        """Scores, ranks, win shares and per-seat extras; only once terminal."""

    def scores(self) -> tuple[float, ...]:
        """Each seat's points so far, in the game's own count (for score traces over a game)."""

    def turns(self) -> int:
        """Turns played so far, in the game's documented unit (the ``turns`` column at the end)."""

    def view(self, seat: int) -> Any:
        """What ``seat`` may see: an immutable value with ``==``; hidden cards stay hidden."""

    def clone(self) -> State:
        """An independent deep copy (engine generator included)."""

    def invariants(self) -> None:
        """Raise ``InvariantError`` on any broken invariant."""

    def sample_hidden(self, seat: int, rng: GameRng) -> State:
        """A clone in which everything ``seat`` cannot see is redrawn, consistent with its view."""

    def action_text(self, action: Action) -> str:
        """The action in plain words, for logs and error messages."""

    @property
    def events(self) -> list[str]:
        """The readable event log (filled only when the state was made with ``log=True``)."""


@dataclass(frozen=True)
class GameSpec:
    """A registered game: how to make its rules and states, and how to describe it."""

    name: str
    title: str
    min_players: int
    max_players: int
    rules_type: type
    new_state: Callable[..., State]
    default_strategy: str
    typical_players: int
    turn_unit: str
    extra_columns: tuple[str, ...] = ()
    load_data: Callable[[Any], dict[str, Any]] | None = None
    """Reads a designer's component data file into rule fields (``--set data=FILE``)."""
    honours: tuple[tuple[float, str], ...] = ()
    """A solo game's honours table: (least score, title), shown in the report of a solo run."""
    fast_engine: str | None = None
    """Import path of a compiled engine for this game, if it has one: a module with
    ``supports(strategies)``, ``warm()`` and ``play_rows(...)`` (see ``simkit.core.runner``), and
    optionally ``playouts(...)``, compiled playouts (see ``simkit.core.playout``). Games without
    one always run on their Python engine."""

    score_meaning: str = "points"
    """What the ``score`` column counts, in the rulebook's words (shown in the report)."""
    score_decides: bool = True
    """Whether the score decides the winner in most games; if not (a tie-break count, say), the
    report shows no score arcs (lead changes, drama) and no score-based analytics."""
    sentinels: tuple[tuple[str, float], ...] = ()
    """``x_`` columns with a value that means "does not apply" (e.g. ``("x_moves_to_finish",
    -1)``): the report leaves those values out of means instead of averaging them."""

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def default_rules(self):
        return self.rules_type()
