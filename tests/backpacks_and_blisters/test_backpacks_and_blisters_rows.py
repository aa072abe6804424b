"""Speed-ups and the state's split change no game: every action chosen, every outcome and every
log line of seeded games at 1 to 6 players (the heuristics and random, mixed) hash to the
figures recorded before them. A deliberate change of the rules or the heuristics updates these
digests in the same commit, saying why."""

import hashlib

import pytest

from simkit.core.rng import game_seed, seat_streams
from simkit.core.strategy import make_strategy
from simkit.games.backpacks_and_blisters import GAME
from simkit.games.backpacks_and_blisters.state import new_state

MIX = ("peak-bagger", "cairn-racer", "day-tripper", "random")
GAMES = 3
# Recorded at 77029fa, before the speed-ups and the split; two players' at 04d4cb9, where a
# carrier who wins every vote on the Heavy Rucksack (two Ramblers: its vote wins or ties, and a tie
# is its own) began to count the hero's points over every turn left, and again when it began to
# count a point of pace for every turn it would carry the Rucksack until home from 4 p.m.
DIGESTS = {
    1: "06b1ae36ba09665a",
    2: "b732960a0db3df9c",
    3: "7dcb4b69ed123cb3",
    4: "a98fb69be8c0be9a",
    5: "5e73d45263ef6758",
    6: "38cdfd1aa8eba580",
}


def digest(n_players: int, games: int = GAMES) -> str:
    h = hashlib.sha256()
    rules = GAME.default_rules()
    for k in range(games):
        players = [make_strategy(MIX[(k + s) % 4], GAME.name) for s in range(n_players)]
        engine, seats = seat_streams(game_seed(777, k), n_players)
        state = new_state(rules, n_players, engine, log=True)
        while not state.is_terminal():
            seat = state.current_player()
            action = players[seat].choose(state.view(seat), state.legal_actions(), seats[seat])
            h.update(repr(action).encode())
            state.apply(action)
        h.update(repr(state.outcome()).encode())
        h.update("\n".join(state.events).encode())
    return h.hexdigest()[:16]


@pytest.mark.parametrize("n_players", sorted(DIGESTS))
def test_seeded_games_unchanged(n_players):
    assert digest(n_players) == DIGESTS[n_players]
