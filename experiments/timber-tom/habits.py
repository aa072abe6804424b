"""Count the heuristics' habits over seeded games: what each strategy does per game (trees
planted and cleared, own trees cleared, jumps, flights, flight-token trades, treasures) and the
blunders of issue 10 (a step onto a hiker with no space left although stopping was open, and the
forced trade or turn back that follows it). Also the same counts per seat.

    python experiments/timber-tom/habits.py --games 60 --players 4 \
        --strategies trailblazer blocker climber trailblazer [--rotate] [--seed 10]

The script watches the engine's actions; it changes nothing in the game.
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict

from simkit.core.rng import game_seed, seat_streams
from simkit.core.strategy import make_strategy
from simkit.games.timber_tom import GAME

KEYS = (
    "games",
    "wins",
    "planted",
    "cleared",
    "own_cleared",
    "jumps",
    "flights",
    "flight_trades",
    "pack_trades",
    "wild_trades",
    "treasures",
    "no_room_jumps",
    "forced_after_jump",
    "turn_backs",
    "drawn_finishes",
    "score_at_finish",
)


def play(names, seed, count_by_name, count_by_seat):
    n = len(names)
    engine, seats = seat_streams(seed, n)
    state = GAME.new_state(GAME.default_rules(), n, engine)
    players = [make_strategy(name, GAME.name) for name in names]
    planter = {}  # space -> seat that planted the tree standing there
    forced = [False] * n  # the hiker stepped onto a hiker with no space left this move
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        act = players[seat].choose(state.view(seat), legal, seats[seat])
        tallies = (count_by_name[names[seat]], count_by_seat[seat])
        kind = act[0]

        def add(key, k=1, tallies=tallies):
            for t in tallies:
                t[key] += k

        if kind == "step":
            nxt, how = act[1], act[2]
            others = {p for s, p in enumerate(state.pos) if s != seat and not state.finished[s]}
            room = state.move.allowance - state.move.counted
            if nxt in others and nxt != state.board.camp:
                add("jumps")
                if room == 0 and ("stop",) in legal:
                    add("no_room_jumps")
                    forced[seat] = True
            if how:
                add("cleared")
                if planter.get(nxt) == seat:
                    add("own_cleared")
                planter.pop(nxt, None)
        elif kind == "extra":
            add({"pack": "pack_trades", "flight": "flight_trades", "wild": "wild_trades"}[act[1]])
            if forced[seat]:
                add("forced_after_jump")
        elif kind == "turn_back":
            add("turn_backs")
            if forced[seat]:
                add("forced_after_jump")
        elif kind == "fly" and act[1] >= 0:
            add("flights")
        elif kind in ("lift", "uproot") and act[1] >= 0:
            if kind == "lift":
                add("cleared")
                if planter.get(act[1]) == seat:
                    add("own_cleared")
            planter.pop(act[1], None)
        elif kind == "plant" and act[1] >= 0:
            add("planted")
            planter[act[1]] = seat
        if kind in ("stop", "turn_back", "emergency"):
            forced[seat] = False
        state.apply(act)
    out = state.outcome()
    for s, name in enumerate(names):
        for t in (count_by_name[name], count_by_seat[s]):
            t["games"] += 1
            t["wins"] += out.win_shares[s]
            t["treasures"] += out.extras["x_treasures"][s]
            if out.extras["x_drawn"][s]:
                t["drawn_finishes"] += 1
                t["score_at_finish"] += out.scores[s]
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=10)
    # one per seat, space-separated (a strategy's parameters use commas: "climber:a=1,b=2")
    ap.add_argument(
        "--strategies", nargs="+", default=["trailblazer", "blocker", "climber", "trailblazer"]
    )
    ap.add_argument("--rotate", action="store_true")
    args = ap.parse_args()
    base = list(args.strategies)
    if len(base) == 1:
        base = base * args.players
    by_name: dict = defaultdict(Counter)
    by_seat: dict = defaultdict(Counter)
    turns = 0
    for k in range(args.games):
        shift = k % args.players if args.rotate else 0
        names = [base[(s - shift) % len(base)] for s in range(args.players)]
        turns += play(names, game_seed(args.seed, k), by_name, by_seat).turns
    print(f"{args.games} games, {args.players} players, mean rounds {turns / args.games:.1f}")
    header = "who".ljust(12) + "".join(k[:13].rjust(14) for k in KEYS)
    print(header)
    for label, table in list(by_name.items()) + [
        (f"seat {s}", by_seat[s]) for s in sorted(by_seat)
    ]:
        g = table["games"]
        cells = [str(g)]
        for key in KEYS[1:]:
            if key == "score_at_finish":
                v = table[key] / table["drawn_finishes"] if table["drawn_finishes"] else 0.0
            else:
                v = table[key] / g
            cells.append(f"{v:.2f}")
        print(label.ljust(12) + "".join(c.rjust(14) for c in cells))
        totals = (
            table["no_room_jumps"],
            table["forced_after_jump"],
            table["own_cleared"],
            table["cleared"],
        )
        print(
            " " * 12
            + f"totals: no-room jumps {totals[0]}, forced after {totals[1]}, own cleared {totals[2]} of {totals[3]} clearings"
        )


if __name__ == "__main__":
    main()
