"""What a player does over many games of Let's Take a Hike, counted decision by decision.

The counts show how a heuristic plays (hikes led and joined, cards drawn, drop-outs) and how often
it blunders: going on with one card left while an Item lies on the hiking pile, going on when the
next card more likely than not empties its backpack, and paying a mile debt with more cards (or
more miles) than it needs.
Every seat's player is wrapped in a :class:`Recorder`, which reads the view it is shown and the
action it returns; the game is played by the Python engine (``runner.play_game``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from simkit.core.registry import game as game_spec
from simkit.core.rng import game_seed
from simkit.core.runner import play_game
from simkit.games.lets_take_a_hike.state import (
    CONTINUE,
    DISCARD_BASE,
    DROP_OUT,
    HIKE,
    JOIN,
    Debt,
    Phase,
    View,
)
from simkit.strategies.lets_take_a_hike import item_to_take, risks_whole_pack

COUNTS = (
    "hikes_led",
    "hikes_joined",
    "cards_drawn",
    "drop_outs",
    "one_card_continues",  # CONTINUE holding one card while an Item is on the hiking pile
    "risky_continues",  # CONTINUE while an Item is on the pile and the pack is likelier lost
    "payments",  # cards chosen to pay a mile debt
    "extra_cards_paid",  # cards paid beyond the fewest that cover the debt
    "extra_miles_paid",  # miles paid beyond the fewest that cover the debt
    "zero_score_games",
)


def payments(view: View, pack: int, owed: int) -> set[tuple[int, int]]:
    """(cards, miles) of every set of cards from ``pack`` that covers ``owed`` miles."""
    t = view.tables
    sets = {(0, 0)}
    for item in t.types_in(pack):
        for _ in range(t.count(pack, item)):
            sets |= {(c + 1, m + t.miles[item]) for c, m in sets}
    return {(c, m) for c, m in sets if m >= owed}


@dataclass
class Recorder:
    """Wraps a strategy and counts what it does (one Counter shared by the seats of one name)."""

    inner: object
    counts: Counter = field(default_factory=Counter)

    @property
    def name(self) -> str:
        return self.inner.name

    def choose(self, view: View, legal, rng):
        action = self.inner.choose(view, legal, rng)
        c, t = self.counts, view.tables
        if view.phase == Phase.TURN:
            c["hikes_led" if action == HIKE else "cards_drawn"] += 1
        elif view.phase == Phase.JOIN:
            c["hikes_joined"] += action == JOIN
        elif view.phase == Phase.CONTINUE and len(legal) > 1:
            if action == DROP_OUT:
                c["drop_outs"] += 1
            elif action == CONTINUE and item_to_take(view):
                c["one_card_continues"] += t.size(view.my_pack) == 1
                c["risky_continues"] += risks_whole_pack(view)
        elif view.phase == Phase.DISCARD and view.debt and view.debt[0] == Debt.MILES:
            item, owed, pack = action - DISCARD_BASE, view.debt[1], view.my_pack
            c["payments"] += 1
            # What paying this card costs beyond the cheapest way to pay the whole debt from here.
            now = payments(view, pack, owed)
            rest = pack - t.unit[item], owed - t.miles[item]
            later = payments(view, *rest) if rest[1] > 0 else {(0, 0)}
            c["extra_cards_paid"] += 1 + min(k for k, _ in later) - min(k for k, _ in now)
            c["extra_miles_paid"] += (
                t.miles[item] + min(m for _, m in later) - min(m for _, m in now)
            )
        return action


def count_behaviour(strategies: list, games: int, root: int = 1, rules=None) -> dict:
    """Play ``games`` games with the seats rotated, and give per-game counts for each strategy
    name (a name playing several seats has its counts divided by its seats) and its win share."""
    spec = game_spec("lets-take-a-hike")
    rules = rules or spec.default_rules()
    n = len(strategies)
    recorders = {}
    seats_of: Counter = Counter()
    wins: Counter = Counter()
    for s in strategies:
        recorders.setdefault(s.name, Recorder(s))
        seats_of[s.name] += 1
    for k in range(games):
        shift = k % n
        players = [recorders[strategies[(seat + shift) % n].name] for seat in range(n)]
        out = play_game(spec, rules, players, game_seed(root, k)).outcome()
        for seat, player in enumerate(players):
            wins[player.name] += out.win_shares[seat]
            player.counts["zero_score_games"] += out.scores[seat] == 0
    table = {}
    for name, rec in recorders.items():
        per = games * seats_of[name]
        row = {key: rec.counts[key] / per for key in COUNTS}
        row["win_share"] = wins[name] / per
        table[name] = row
    return table


__all__ = ["COUNTS", "Recorder", "count_behaviour", "payments"]
