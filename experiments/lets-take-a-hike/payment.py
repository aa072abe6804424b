"""Paying a mile debt: fewest cards, fewest miles, or least keep value? Measured, paired on seeds.

One seat (rotated) plays a heuristic whose mile payments follow one rule; the other three seats
play the shipped heuristics. Every rule plays the same seeds, so each game's difference in the
focal seat's win share is paired. Run:

    .venv/bin/python experiments/lets-take-a-hike/payment.py --games 3000
"""

from __future__ import annotations

import argparse
import math

from simkit.core.registry import game as game_spec
from simkit.core.rng import game_seed
from simkit.core.runner import play_game
from simkit.core.strategy import make_strategy
from simkit.games.lets_take_a_hike.state import DISCARD_BASE, Debt, Phase
from simkit.strategies.lets_take_a_hike import _sub_multisets, cheapest_payment, keep_value


def single_card(view, items, owed):
    """The rule before: the smallest single card that covers the debt, else the biggest card."""
    t = view.tables
    covering = [i for i in items if t.miles[i] >= owed]
    if covering:
        return [min(covering, key=lambda i: (t.miles[i], keep_value(view, i)))]
    return [max(items, key=lambda i: (t.miles[i], -keep_value(view, i)))]


def by(order):
    """The covering set of cards least by ``order`` of (cards, miles, keep value)."""

    def rule(view, items, owed):
        t, pack = view.tables, view.my_pack
        sets = [s for s in _sub_multisets([(i, t.count(pack, i)) for i in items])]
        sets = [s for s in sets if sum(t.miles[i] for i in s) >= owed]
        facts = {
            "cards": len,
            "miles": lambda s: sum(t.miles[i] for i in s),
            "value": lambda s: sum(keep_value(view, i) for i in s),
        }
        return min(sets, key=lambda s: tuple(facts[f](s) for f in order))

    return rule


RULES_OF_PAYMENT = {
    "fewest-cards": cheapest_payment,  # the shipped rule: cards, then miles, then keep value
    "fewest-miles": by(("miles", "cards", "value")),
    "least-keep-value": by(("value", "cards")),
    "single-card": single_card,
}


class Paying:
    """A heuristic whose mile payments follow ``rule``; every other choice is its own."""

    def __init__(self, inner, rule: str):
        self.inner, self.rule, self.name = inner, RULES_OF_PAYMENT[rule], f"{inner.name}/{rule}"

    def choose(self, view, legal, rng):
        if view.phase == Phase.DISCARD and view.debt and view.debt[0] == Debt.MILES:
            payment = self.rule(view, [a - DISCARD_BASE for a in legal], view.debt[1])
            return DISCARD_BASE + max(payment, key=lambda i: view.tables.miles[i])
        return self.inner.choose(view, legal, rng)


def focal_shares(focal: str, rule: str, games: int, root: int) -> list[float]:
    spec = game_spec("lets-take-a-hike")
    rules = spec.default_rules()
    others = [make_strategy(s, spec.name) for s in ("bold", "greedy", "cautious", "threshold")]
    others = [p for p in others if p.name != focal][:3]
    me = Paying(make_strategy(focal, spec.name), rule)
    shares = []
    for k in range(games):
        seat = k % 4
        players = others[:seat] + [me] + others[seat:]
        shares.append(
            play_game(spec, rules, players, game_seed(root, k)).outcome().win_shares[seat]
        )
    return shares


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--focal", nargs="+", default=["bold", "threshold"])
    args = ap.parse_args()
    for focal in args.focal:
        base = focal_shares(focal, "fewest-cards", args.games, args.seed)
        print(f"{focal}: fewest-cards (shipped) win share {sum(base) / len(base):.3f}")
        for rule in ("fewest-miles", "least-keep-value", "single-card"):
            other = focal_shares(focal, rule, args.games, args.seed)
            diff = [a - b for a, b in zip(other, base, strict=True)]
            mean = sum(diff) / len(diff)
            sd = math.sqrt(sum((d - mean) ** 2 for d in diff) / (len(diff) - 1))
            half = 1.96 * sd / math.sqrt(len(diff))
            print(
                f"  {rule}: win share {sum(other) / len(other):.3f}, "
                f"paired difference {mean:+.3f} ± {half:.3f}"
            )


if __name__ == "__main__":
    main()
