"""C status codes -> Python exceptions a person can read.

Every call into the engine goes through `check`, which turns a non-zero status into an exception.
Callers pass the message for the codes they expect (they know which bet, card or tile it was);
anything unexpected still gets a plain description rather than a number.
"""
from __future__ import annotations

import math
import operator

from ._engine import ffi, lib


class EngineError(Exception):
    """Base class for every error raised by dealerdrill.core."""


class InvalidInput(EngineError, ValueError):
    """The caller gave the engine something it cannot accept (a bad number, card, tile or amount)."""


class InvalidWager(InvalidInput):
    """A roulette wager that is not on the layout, or a bad amount."""


class InvalidCard(InvalidInput):
    """A baccarat card rank outside 1-13, or too few cards for a coup."""


class InvalidTile(InvalidInput):
    """A pai gow tile that does not exist, or a tile used more times than the set has it."""


class IllegalSetting(InvalidInput):
    """A pai gow setting whose high hand ranks below its low hand."""


class ShoeFinished(EngineError):
    """The shoe's last coup has been dealt; it must be reshuffled before dealing again."""


class NotPayable(InvalidInput):
    """No combination of the chips allowed makes the amount exactly."""


class BankShort(EngineError):
    """The banking wager cannot cover the winning wagers."""


class EntropyUnavailable(EngineError, OSError):
    """The operating system's random source could not be read."""


for _exception in (EngineError, InvalidInput, InvalidWager, InvalidCard, InvalidTile, IllegalSetting, ShoeFinished,
                   BankShort, EntropyUnavailable, NotPayable):
    _exception.__module__ = "dealerdrill.core"  # tracebacks and reprs name the public package

_GENERIC = {
    lib.DD_E_NULL: (EngineError, "internal error: the engine was called without a required buffer"),
    lib.DD_E_RANGE: (InvalidInput, "a value is outside its allowed range"),
    lib.DD_E_ENTROPY: (EntropyUnavailable, "the operating system's random source could not be read"),
    lib.DD_E_OVERFLOW: (InvalidInput, "an amount is too large to settle exactly"),
    lib.DD_E_NO_MEMORY: (MemoryError, "the engine ran out of memory"),
    lib.DD_E_STATE: (EngineError, "that is not allowed at this point"),
    lib.DD_E_BAD_NUMBER: (InvalidWager, "a roulette number must be 0 to 36"),
    lib.DD_E_NOT_A_WAGER: (InvalidWager, "those numbers are not a wager on the layout"),
    lib.DD_E_BAD_AMOUNT: (InvalidInput, "an amount cannot be negative"),
    lib.DD_E_NOT_OFFERED: (InvalidWager, "that wager is not offered at this table"),
    lib.DD_E_BAD_CARD: (InvalidCard, "a card rank must be 1 (ace) to 13 (king)"),
    lib.DD_E_SHORT_SEQUENCE: (InvalidCard, "there are too few cards to finish the coup"),
    lib.DD_E_SHOE_FINISHED: (ShoeFinished, "the last coup has been dealt: reshuffle the shoe"),
    lib.DD_E_CUT_POSITION: (InvalidInput, "the cutting card cannot be placed there"),
    lib.DD_E_BAD_TILE: (InvalidTile, "that is not a pai gow tile"),
    lib.DD_E_DUPLICATE_TILE: (InvalidTile, "the same tile is used twice"),
    lib.DD_E_ILLEGAL_SETTING: (IllegalSetting, "the high hand may not rank below the low hand"),
    lib.DD_E_BANK_SHORT: (BankShort, "the banking wager cannot cover the winning wagers"),
    lib.DD_E_BAD_OUTCOME: (InvalidInput, "an outcome must be win, lose or push"),
    lib.DD_E_HOUSE_WAY: (InvalidInput, "the house way is malformed"),
    lib.DD_E_NOT_PAYABLE: (NotPayable, "no combination of the chips allowed makes that amount"),
}


def status_name(status: int) -> str:
    return ffi.string(lib.dd_status_name(status)).decode("ascii")


def check(status: int, messages: dict[int, str] | None = None) -> None:
    """Raise the exception for a non-zero engine status; `messages` overrides the text per code."""
    if status == lib.DD_OK:
        return
    kind, text = _GENERIC.get(status, (EngineError, f"engine error {status_name(status)}"))
    if messages and status in messages:
        text = messages[status]
    raise kind(text)


# How much of a wrong value a message repeats: enough to recognise it, never a wall of text (or an integer
# too long for Python to print).
SHOWN_CHARACTERS = 60


def shown(value) -> str:
    """A wrong value as a message repeats it: its repr, shortened when long; never raises."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**SHOWN_CHARACTERS:
        # At least this many digits, worked out from the bits: Python refuses to print very long integers.
        digits = int((value.bit_length() - 1) * math.log10(2)) + 1
        return f"a whole number of {digits:,} or more digits"
    try:
        text = repr(value)
    except Exception:  # a repr that fails (or is too long to make) still leaves a message
        return f"a {type(value).__name__}"
    if len(text) > SHOWN_CHARACTERS:
        text = f"{text[:SHOWN_CHARACTERS - 20]}... (a {type(value).__name__} too long to show)"
    return text


def shown_path(path) -> str:
    """A file name as a message repeats it: in full unless absurdly long, then its end."""
    try:
        text = str(path)
    except Exception:
        return "the file"
    if not text.isprintable():   # a control character would break the message's line
        text = repr(text)[1:-1]
    return text if len(text) <= 300 else f"...{text[-200:]}"


def require_int(value, what: str, low: int | None = None, high: int | None = None) -> int:
    """Accept a real integer (not a bool, float or string) within [low, high], else InvalidInput."""
    if isinstance(value, bool):
        raise InvalidInput(f"{what} must be a whole number, not {shown(value)}")
    if not isinstance(value, int):
        try:
            value = operator.index(value)  # numpy integers and the like
        except TypeError:
            raise InvalidInput(f"{what} must be a whole number, not {shown(value)}") from None
    if low is not None and value < low:
        raise InvalidInput(f"{what} must be at least {low}, not {shown(value)}")
    if high is not None and value > high:
        raise InvalidInput(f"{what} must be at most {high}, not {shown(value)}")
    return value


def require_items(value, what: str, most: int | None = None) -> list:
    """The items of a list-like argument (a list, tuple or other iterable, never a text or bytes, which
    would pass as a run of characters) as a list, else InvalidInput; with `most`, more items are refused
    before they are all taken."""
    if isinstance(value, (str, bytes, bytearray, memoryview, dict)):
        raise InvalidInput(f"{what} must be a list, not {shown(value)}")
    try:
        iterator = iter(value)
    except TypeError:
        raise InvalidInput(f"{what} must be a list, not {shown(value)}") from None
    items = []
    for item in iterator:
        items.append(item)
        if most is not None and len(items) > most:
            raise InvalidInput(f"{what} may hold at most {most:,} items")
    return items
