"""The published examples of each shipped house way (tests/data/house_way_examples.toml): the engine sets
each example's tiles as the published text says, and the rule named decides it."""
import tomllib
from pathlib import Path

import pytest

from dealerdrill.core import paigow

EXAMPLES = tomllib.loads((Path(__file__).parent / "data" / "house_way_examples.toml").read_text("utf-8"))["example"]


def test_every_shipped_way_has_examples_with_their_source():
    assert {e["way"] for e in EXAMPLES} == set(paigow.house_ways()[:3])
    for example in EXAMPLES:
        assert example["source"].strip() and len(example["tiles"]) == 4
        assert sorted(example["high"] + example["low"]) == sorted(example["tiles"])
        assert paigow.describe_house_way(example["way"]).rule(example["rule"])  # the rule exists


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"{e['way']}:{e['rule']}:{' '.join(e['tiles'])}" for e in EXAMPLES])
def test_the_engine_sets_each_published_example_as_published(example):
    played = paigow.house_way(example["tiles"], example["way"])
    assert played.rule == example["rule"], (played, example["source"])
    assert paigow.same_ranking((played.high, played.low), (tuple(example["high"]), tuple(example["low"]))), \
        (played, example["source"])
