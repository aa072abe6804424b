"""``simkit.core.paired``: a player against its earlier form on shared seeds, seats swapped."""

from pick_game import Best, Worst, registered

from simkit.core.paired import earlier_form, paired_shares


def test_a_player_against_an_equal_copy_wins_exactly_half_of_every_pair():
    """The same seed with the seats swapped: two equal players share each pair's win evenly, at
    2 and 4 players (a pair not played both ways would give one seat's share, seldom one half)."""
    with registered() as game:
        for players in (2, 4):
            shares = paired_shares(game.name, Best(), Best(), players, 30, root=5)
            assert shares == [0.5] * 30


def test_the_better_form_wins_more_than_half():
    with registered() as game:
        for players in (2, 4):
            shares = paired_shares(game.name, Best(), Worst(), players, 60, root=5)
            assert sum(shares) / len(shares) > 0.75
            worse = paired_shares(game.name, Worst(), Best(), players, 60, root=5)
            assert sum(worse) / len(worse) < 0.25


def test_an_earlier_form_keeps_the_parameters_and_changes_only_the_methods_given():
    new = Best()
    old = earlier_form(new, choose=Worst.choose)
    assert type(old).__name__ == "BestBefore" and isinstance(old, Best) and old is not new
    assert vars(old) == vars(new) and type(new) is Best
    with registered() as game:
        shares = paired_shares(game.name, new, old, 2, 20, root=5)
        assert sum(shares) / len(shares) > 0.75
