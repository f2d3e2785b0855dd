"""No cffi object ever leaves dealerdrill.core: every public call returns plain Python values."""
import dataclasses
import enum

from dealerdrill import core
from dealerdrill.core import baccarat, paigow, roulette
from dealerdrill.core._engine import ffi


def _walk(value, path="result", seen=None):
    """Yield the path of every cffi object reachable from `value` (containers, dataclasses, attributes)."""
    seen = set() if seen is None else seen
    if id(value) in seen or isinstance(value, (str, bytes, int, float, bool, type(None), enum.Enum)):
        return
    seen.add(id(value))
    if isinstance(value, ffi.CData):
        yield path
        return
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(item, f"{path}[{key!r}]", seen)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for index, item in enumerate(value):
            yield from _walk(item, f"{path}[{index}]", seen)
    elif dataclasses.is_dataclass(value):
        for field in dataclasses.fields(value):
            yield from _walk(getattr(value, field.name), f"{path}.{field.name}", seen)
    elif hasattr(value, "_asdict"):
        yield from _walk(value._asdict(), path, seen)
    elif hasattr(value, "__dict__") and not callable(value):
        for name, item in vars(value).items():
            if not name.startswith("_"):
                yield from _walk(item, f"{path}.{name}", seen)


def _results():
    shoe = baccarat.Shoe(decks=1, seed=3)
    burn = shoe.burn()
    yield "shuffle", core.shuffle(52, seed=1)
    yield "roulette.settle", roulette.settle([((17, 20), 10), ("red", 5)], 17)
    yield "roulette.layout_wagers", roulette.layout_wagers()
    yield "roulette.classify", roulette.classify("dozen2")
    yield "roulette.covering", roulette.covering(0)
    yield "roulette.WagerBatch", roulette.WagerBatch([((17,), 1), ("odd", 2)]).settle(17)
    yield "baccarat.coup", baccarat.coup([1, 13, 4, 2, 7, 3])
    yield "baccarat.exact_ways", baccarat.exact_ways(1)
    yield "baccarat.Shoe.burn", burn
    yield "baccarat.Shoe.deal", shoe.deal()
    yield "baccarat.simulate", baccarat.simulate(2, decks=1, seed=1)
    yield "baccarat.settle", baccarat.settle([("banker", 1000), ("tie", 500)], "banker")
    yield "paigow.TILES", paigow.TILES
    yield "paigow.hand", paigow.hand("6-6", "4-5")
    yield "paigow.settings", paigow.settings(["6-6", "1-1", "4-5", "5-6"])
    yield "paigow.deal", paigow.deal(seed=1)
    yield "paigow.settle", paigow.settle([(1000, "win"), (500, "lose")])
    yield "paigow.house_way", paigow.house_way(["6-6", "6-6", "4-5", "5-6"])
    yield "paigow.describe_house_way", paigow.describe_house_way("nz")
    yield "paigow.setting_values", paigow.setting_values(["6-6", "1-1", "4-5", "5-6"])
    yield "paigow.analyze", paigow.analyze("nz")
    yield "baccarat.big_table_role", baccarat.big_table_role([(3, "banker", 500), (5, "banker", 900, True)], "banker")
    yield "baccarat.Card.from_code", baccarat.Card.from_code(7)
    yield "baccarat.shoe_codes", baccarat.shoe_codes(1)
    yield "roulette.paying_steps", roulette.paying_steps()
    yield "roulette.paying_order", roulette.paying_order([(1,), "red"])
    yield "roulette.pay_order_check", roulette.pay_order_check([(1,), "red"])
    yield "commission.table_terms", core.commission.table_terms(5.0, "up", 500)
    yield "commission.basis_points_of_percent", core.commission.basis_points_of_percent(4.5)


def test_public_results_hold_no_cffi_objects():
    leaks = [path.replace("result", name, 1) for name, value in _results() for path in _walk(value)]
    assert leaks == []


def test_public_objects_keep_their_engine_state_private():
    for owner in (core.Rng(1), baccarat.Shoe(seed=1), roulette.WagerBatch([((17,), 1)])):
        public = {name: value for name, value in vars(owner).items() if not name.startswith("_")}
        assert not list(_walk(public)), type(owner).__name__


def test_the_walker_finds_a_planted_cffi_object():
    planted = {"hands": [paigow.hand("6-6", "4-5"), (1, ffi.new("int *"))]}
    assert list(_walk(planted)) == ["result['hands'][1][1]"]
