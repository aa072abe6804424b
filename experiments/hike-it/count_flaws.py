"""Count the Hike It! heuristics' flaws of issue 10 over seeded games (figures for the README).

    python experiments/hike-it/count_flaws.py --games 40 --table planner
    python experiments/hike-it/count_flaws.py --games 40 --table mixed

Per style: challenges overcome and lost, trades offered at a challenge and how many saved the
hiker, shoos that put the bear nearer a rival than the shooer, kept side hikes later completed,
and the per-game means of scenic tokens, skill set tokens, trades and side hike points.
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict

from simkit.core.rng import game_seed, seat_streams
from simkit.core.strategy import make_strategy
from simkit.games.hike_it import GAME
from simkit.games.hike_it import phases as P
from simkit.games.hike_it.rules import Rules

STYLES = ["planner", "rusher", "collector", "careful"]


def play(names, seed, c: dict, rules: Rules) -> None:
    n = len(names)
    rng, seat_rngs = seat_streams(seed, n)
    players = [make_strategy(name, GAME.name) for name in names]
    st = GAME.new_state(rules, n, rng, log=True)
    pending: dict[int, int] = {}  # seat -> index in the log where its challenge trade began
    kept: list[tuple[int, int]] = []
    while not st.is_terminal():
        seat = st.current_player()
        legal = st.legal_actions()
        phase = st.phase
        a = players[seat].choose(st.view(seat), legal, seat_rngs[seat])
        style = names[seat]
        if phase == P.PAY and a[0] in ("trade", "ask"):
            c[style]["challenge trades"] += 1
            pending.setdefault(seat, len(st.events))
        if a[0] == "shoo":
            d = st.board.dist
            rivals = [st.pos[s] for s in range(n) if s != seat and st.in_park(s)]
            if rivals:  # toward a rival: no legal space is nearer to any rival
                c[style]["shoos"] += 1
                near = min(min(d[x[1]][r] for r in rivals) for x in legal if x[0] == "shoo")
                c[style]["shoos toward a rival"] += min(d[a[1]][r] for r in rivals) == near
        if a[0] == "keep":
            kept.append((seat, a[1]))
        st.apply(a)
        for s, start in list(pending.items()):
            for ev in st.events[start:]:
                who = f"Hiker {s} "
                if who + "overcomes the" in ev:
                    c[names[s]]["challenge trades saved"] += 1
                elif who + "cannot or will not meet" in ev:
                    pass
                else:
                    continue
                del pending[s]
                break
    for ev in st.events:
        for s in range(n):
            who = f"Hiker {s} "
            if ev.split(": ", 1)[-1].startswith(who + "overcomes the"):
                c[names[s]]["challenges overcome"] += 1
            if ev.split(": ", 1)[-1].startswith(who + "cannot or will not meet"):
                c[names[s]]["challenges lost"] += 1
    for s, card in kept:
        c[names[s]]["kept side hikes"] += 1
        c[names[s]]["kept side hikes completed"] += card in st.side_done[s]
    out = st.outcome()
    for s in range(n):
        k = c[names[s]]
        k["seats"] += 1
        k["scenic tokens"] += out.extras["x_scenic_tokens"][s]
        k["skill set tokens"] += out.extras["x_skill_set_tokens"][s]
        k["trades"] += out.extras["x_trades"][s]
        k["side hike points"] += out.extras["x_side_hike_points"][s]
        k["finished"] += out.extras["x_finished"][s]
        k["score"] += out.scores[s]
        k["wins"] += out.win_shares[s]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--table", default="planner", help="a style for every seat, or 'mixed'")
    ap.add_argument("--seed", type=int, default=10)
    ap.add_argument(
        "--styles", default="/".join(STYLES), help="the mixed table's four styles, /-separated"
    )
    args = ap.parse_args()
    styles = args.styles.split("/")
    c: dict = defaultdict(Counter)
    for g in range(args.games):
        names = styles[g % 4 :] + styles[: g % 4] if args.table == "mixed" else [args.table] * 4
        play(names, game_seed(args.seed, g), c, Rules())
    per_game = ("scenic tokens", "skill set tokens", "trades", "side hike points", "finished")
    for style, k in sorted(c.items()):
        seats = k["seats"]
        print(f"{style}: seats {seats}, mean score {k['score'] / seats:.1f}, wins {k['wins']:.1f}")
        print("  " + ", ".join(f"{w} {k[w] / seats:.2f}" for w in per_game))
        print(
            "  challenges overcome {} lost {}; challenge trades {} saved {}; shoos {} toward "
            "a rival {}; kept side hikes {} completed {}".format(
                k["challenges overcome"],
                k["challenges lost"],
                k["challenge trades"],
                k["challenge trades saved"],
                k["shoos"],
                k["shoos toward a rival"],
                k["kept side hikes"],
                k["kept side hikes completed"],
            )
        )


if __name__ == "__main__":
    main()
