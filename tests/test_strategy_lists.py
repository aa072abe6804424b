"""Strategy lists on the command line split one way only, whatever the parameters."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from simkit.core.strategy import split_strategies

WORD = st.from_regex(r"[a-z][a-z0-9_-]{0,8}", fullmatch=True)
VALUE = st.from_regex(r"[a-z0-9.]{1,5}", fullmatch=True)
PARAMS = st.lists(st.tuples(WORD, VALUE), max_size=3).map(
    lambda kv: ",".join(f"{k}={v}" for k, v in kv)
)
NAME = st.one_of(WORD, st.tuples(WORD, WORD).map(lambda t: f"{t[0]}.mod:{t[1].title()}"))
SPEC = st.tuples(NAME, PARAMS).map(lambda t: f"{t[0]}:{t[1]}" if t[1] else t[0])


@given(st.lists(SPEC, min_size=1, max_size=5), st.sampled_from([",", ";", ", ", " ; "]))
def test_a_joined_list_splits_back_into_its_strategies(specs, separator):
    assert split_strategies(separator.join(specs)) == specs


def test_the_readme_forms():
    assert split_strategies("threshold:hike=5,drop=7") == ["threshold:hike=5,drop=7"]
    assert split_strategies("bold,greedy,cautious,random") == [
        "bold",
        "greedy",
        "cautious",
        "random",
    ]
    assert split_strategies("search:playouts=16;bold") == ["search:playouts=16", "bold"]
    assert split_strategies("my.mod:Mine:k=1,j=2,bold") == ["my.mod:Mine:k=1,j=2", "bold"]
