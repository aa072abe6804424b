"""The hiker box's placing rule with a designer's gear mix: "GEAR TILES cannot be double stacked",
and six identical visible tiles force a recycle. With box and bag of one type only, no recycle can
ever make room: the dumped tile goes back into the bag instead of recycling forever."""

from __future__ import annotations

from simkit.core.rng import GameRng
from simkit.games.hike_it import hiker_box

TOOL, FOOD = 0, 1


def test_a_tile_no_recycle_can_place_goes_back_into_the_bag():
    box = [[TOOL] for _ in range(6)]
    bag = [TOOL, TOOL]
    assert hiker_box.place(box, bag, GameRng(1), TOOL)
    assert sorted(len(s) for s in box) == [1] * 6
    assert bag.count(TOOL) + sum(len(s) for s in box) == 9


def test_recycles_until_a_stack_top_differs_while_the_bag_holds_another_type():
    box = [[TOOL] for _ in range(6)]
    bag = [TOOL] * 20 + [FOOD]
    assert hiker_box.place(box, bag, GameRng(3), TOOL)
    assert any(s[-1] == TOOL and len(s) == 2 for s in box)
    assert sum(len(s) for s in box) + len(bag) == 28


def test_an_empty_space_or_a_different_top_takes_the_tile_without_a_recycle():
    box = [[TOOL], [FOOD], [TOOL], [TOOL], [TOOL], [TOOL]]
    assert not hiker_box.place(box, [], GameRng(1), TOOL)
    assert box[1] == [FOOD, TOOL]
