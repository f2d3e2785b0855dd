"""Trainee names may hold the zero-width joiners (U+200C ZWNJ, U+200D ZWJ): Persian names are written with
ZWNJ and emoji sequences with ZWJ. Every other character that does not print (controls, bidi overrides, the
zero-width space, the byte-order mark) is still refused, and so is a name made only of joiners."""
from __future__ import annotations

import pytest

from dealerdrill.records.store import clean_name

PERSIAN = "علی\u200cرضا محمدی\u200cنیا"           # Alireza Mohammadi-Nia, with ZWNJ inside both names
EMOJI = "Aroha \U0001F469\u200D\U0001F467\u200D\U0001F466"   # a family emoji: three people joined by ZWJ


@pytest.mark.parametrize("name", [PERSIAN, EMOJI, "Hemi\u200dTe Ao"])
def test_names_with_joiners_are_kept_as_written(records, name):
    assert clean_name(name) == name
    created = records.create_trainee(name)
    assert created.name == name
    assert [trainee.name for trainee in records.trainees()] == [name]
    assert records.trainee(name).name == name


@pytest.mark.parametrize("name", [
    "Mere\x07Smith",          # a control character
    "Mere\u202eSmith",        # a right-to-left override, which would show the name reversed
    "Mere\u200bSmith",        # a zero-width space
    "Mere\ufeffSmith",        # a byte-order mark
    "Mere\u2066Smith",        # a bidi isolate
])
def test_other_invisible_characters_are_still_refused(records, name):
    with pytest.raises(ValueError, match="cannot contain control characters"):
        clean_name(name)
    with pytest.raises(ValueError, match="cannot contain control characters"):
        records.create_trainee(name)
    assert records.trainees() == []


@pytest.mark.parametrize("name", ["\u200d", "\u200c\u200d", "\u200d \u200c"])
def test_a_name_of_joiners_alone_is_no_name(name):
    with pytest.raises(ValueError, match="needs a name"):
        clean_name(name)
