"""Count the heuristics' known flaws (issue 10) and the rule readings' footprints (issue 12) over
seeded games: ``python experiments/backpacks-and-blisters/count_flaws.py --games 60 --seed 7``.

Each game seats the three heuristics (rotated) and, with ``--players 4``, a second copy of the
first. The counts are per decision or per Rambler, as printed; nothing here changes the game.
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import replace

from simkit.core.rng import game_seed, seat_streams
from simkit.core.strategy import make_strategy
from simkit.games.backpacks_and_blisters import GAME

HEURISTICS = ("peak-bagger", "cairn-racer", "day-tripper")


def keswick_now(state, action) -> bool:
    """Does ``action`` (at the start of a turn) leave a way to end this turn in Keswick?"""
    start = state.board.start
    if action[0] == "ride":
        return action[2] == start
    if action[0] != "play":
        return False
    trial = state.clone()
    trial.log = False
    trial.apply(action)
    if trial.view(state.cur).phase == "move":
        return any(a[1] == start for a in trial.legal_actions())
    return trial.return_turn[state.cur] >= 0 or trial.pos[state.cur] == start


def through_keswick(state, action) -> bool:
    """Under ``late_keswick = "pass"``: does this walk go through Keswick from 4 p.m., i.e. end
    somewhere the rulebook's "stop" reading would not let it reach?"""
    stop = state.clone()
    stop.rules = replace(state.rules, late_keswick="stop")
    return action not in stop._walk_options(state.cur, state.this_turn.played)


def play_one(names, seed, c: Counter, per: dict, rules) -> None:
    n = len(names)
    engine, seats = seat_streams(seed, n)
    state = GAME.new_state(rules, n, engine)
    players = [make_strategy(name, GAME.name) for name in names]
    b = state.board
    best_return = [None] * n  # the best score a return on offer would have banked
    chances: list[list[int]] = [[] for _ in range(n)]  # turns a return was on offer
    while not state.is_terminal():
        seat = state.current_player()
        view = state.view(seat)
        legal = state.legal_actions()
        action = players[seat].choose(view, legal, seats[seat])
        name = names[seat]
        if view.phase in ("shop", "start", "break_discard") and ("buy",) in legal:
            per[name]["chocolate offers"] += 1
            per[name]["chocolate bought"] += action == ("buy",)
        if view.phase == "move" and any(len(a) > 3 for a in legal):
            per[name]["chocolate offers"] += 1
            per[name]["chocolate bought"] += action[3] if len(action) > 3 else 0
        late = state.turn >= b.return_from_turn
        if view.phase == "move" and late and state.rules.late_keswick == "pass":
            c["walks through Keswick from 4 p.m."] += through_keswick(state, action)
        if view.phase == "vote":
            others = [s for s in range(n) if s != seat and state.pos[s] >= 0]
            leader = max(others, key=lambda s: state.score[s], default=-1)
            c["votes"] += 1
            c["votes to the leader"] += action[1] == leader
            late = state.turn >= b.return_from_turn - 3
            c["late votes"] += late
            c["late votes to the leader"] += late and action[1] == leader
        if view.phase == "start":
            per[name]["turns"] += 1
            per[name]["rides"] += action[0] == "ride"
            per[name]["refreshments"] += action[0] == "refresh"
            late = state.turn >= b.return_from_turn and state.pos[seat] != b.start
            if late and any(keswick_now(state, a) for a in legal):
                bank = state.score[seat] + b.return_points[state.turn - b.return_from_turn]
                if state.rucksack.holder == seat:
                    bank += state.rules.rucksack_hero
                best_return[seat] = max(best_return[seat] or -999, bank)
                chances[seat].append(state.turn)
        state.apply(action)
    out = state.outcome()
    winner = max(range(n), key=lambda s: out.win_shares[s])
    for s in range(n):
        p = per[names[s]]
        p["ramblers"] += 1
        p["missed 6 p.m."] += not out.extras["x_returned"][s]
        p["return time sum"] += out.extras["x_return_time"][s] if out.extras["x_returned"][s] else 0
        p["prime"] += out.extras["x_prime_locations"][s]
        p["cairn points"] += out.extras["x_cairn_points"][s]
        p["wins"] += out.win_shares[s]
        p["score"] += out.scores[s]
        if best_return[s] is not None:
            c["ramblers offered a return"] += 1
            stayed = any(t != state.return_turn[s] for t in chances[s])
            c["... who stayed out at least once"] += stayed
            c["return chances"] += len(chances[s])
            c["return chances declined"] += sum(t != state.return_turn[s] for t in chances[s])
            c["ended below an offered return"] += out.scores[s] < best_return[s]
        if state.ledger[s]["hero"] > 0:
            c["hero bonuses"] += 1
            c["hero bonus to the winner"] += s == winner
    c["games"] += 1


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--pass-keswick", action="store_true", help='late_keswick = "pass"')
    args = ap.parse_args()
    rules = GAME.default_rules()
    if args.pass_keswick:
        rules = replace(rules, late_keswick="pass")
    c: Counter = Counter()
    per = {name: Counter() for name in HEURISTICS}
    for k in range(args.games):
        names = [HEURISTICS[(k + i) % 3] for i in range(3)]
        names += names[:1] * (args.players - 3)
        play_one(names, game_seed(args.seed, k), c, per, rules)
    for key, value in c.items():
        print(f"{key}: {value}")
    for name, p in per.items():
        r = p["ramblers"]
        print(
            f"{name}: wins {p['wins'] / r:.3f}/Rambler, score {p['score'] / r:.1f}, rides {p['rides'] / r:.2f}, "
            f"refreshments {p['refreshments'] / r:.2f}, chocolate {p['chocolate bought']} of "
            f"{p['chocolate offers']} offers, primes {p['prime'] / r:.1f}, cairn pts "
            f"{p['cairn points'] / r:.1f}, missed 6pm {p['missed 6 p.m.']}"
        )


if __name__ == "__main__":
    main()
