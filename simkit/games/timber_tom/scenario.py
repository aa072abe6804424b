"""Hand-built positions: a small map drawn with the default legend, hikers placed by row and
column, trays set, the die and the card pile scripted. Used by the scenario tests and handy for
trying a rule question on a few holes of board."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from simkit.core.rules import load_toml
from simkit.games.timber_tom.board import Board, parse_board
from simkit.games.timber_tom.rules import BOARD_FILE, DIE_FACES, Rules
from simkit.games.timber_tom.state import TimberTomState


def make_board(rows: Iterable[str]) -> Board:
    """A board from map rows written with the default legend and peak names."""
    doc = load_toml(BOARD_FILE)
    doc["board"] = {"map": "\n".join(rows)}
    return parse_board(doc, "scenario map")


class ScriptedDice:
    """A stand-in for the engine's generator: the die shows the scripted faces in turn, and
    shuffles leave the cards in place (tests set the pile themselves)."""

    def __init__(self, faces: Iterable[int] = ()):
        self.faces = list(faces)

    def below(self, n: int) -> int:
        face = self.faces.pop(0) if self.faces else 3
        return DIE_FACES.index(face)

    def shuffle(self, seq) -> None:
        return None

    def clone(self) -> ScriptedDice:
        return ScriptedDice(self.faces)


def make_state(
    rows: Iterable[str],
    n_players: int = 2,
    *,
    dice: Iterable[int] = (),
    log: bool = True,
    **rule_changes,
) -> TimberTomState:
    """A new game on a small board; nested rule groups are passed as dataclasses."""
    board = make_board(rows)
    rule_changes.setdefault("treasures_to_win", min(2, len(board.treasures)))
    rules = dataclasses.replace(Rules(board=board), **rule_changes)
    rules.validate()
    return TimberTomState(rules, n_players, ScriptedDice(dice), log)


def at(state: TimberTomState, row: int, col: int) -> int:
    """The node of a hole by row and column."""
    return row * state.board.cols + col


def place(state: TimberTomState, seat: int, row: int, col: int) -> None:
    state.pos[seat] = at(state, row, col)


def plant(state: TimberTomState, *spaces: tuple[int, int]) -> None:
    """Put trees from the box on the board."""
    for row, col in spaces:
        state.trees[at(state, row, col)] = 1
        state.planting.box -= 1


def set_tray(state: TimberTomState, seat: int, **counts: int) -> None:
    """packs=, axes=, saws=, flights=, radios= for one hiker."""
    for name, value in counts.items():
        getattr(state, name)[seat] = value


def hold_wild(state: TimberTomState, seat: int) -> int:
    """Hand ``seat`` a Wild card from the pile (one a hiker may hold); returns its deck index."""
    pile = set(state.cards.pile)
    wild = next(k for k, c in enumerate(state.rules.deck) if c.kind == "wild" and k in pile)
    state.cards.pile.remove(wild)
    state.wild[seat] = wild
    return wild


def start_turn(state: TimberTomState, seat: int, dice: Iterable[int] = ()) -> None:
    """Hand the turn to ``seat`` as if it had just come round (after placing hikers)."""
    if dice:
        state.rng = ScriptedDice(dice)
    state.seat = seat
    state.moves_made[seat] -= 1
    state._legal = state._legal_set = None
    state._start_turn()


def stack_cards(state: TimberTomState, *numbers: int) -> None:
    """Put these cards (by printed number) on top of the pile, the first drawn first."""
    index = {card.number: k for k, card in enumerate(state.rules.deck)}
    chosen = [index[n] for n in numbers]
    rest = [k for k in state.cards.pile + state.cards.used if k not in chosen]
    state.cards.pile = rest + chosen[::-1]
    state.cards.used = []
