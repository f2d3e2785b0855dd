"""dealerdrill.core: the Python face of the C engine (core_c/).

Every game outcome in Dealer Drill is decided here, by the C library; Python values go in and come out
and no cffi object ever leaves this package.

    from dealerdrill.core import roulette, baccarat, paigow, shuffle
"""
from . import baccarat, baccarat_check, chips, commission, irregularity, paigow, paigow_procedure, roulette
from ._errors import (
    BankShort,
    EngineError,
    EntropyUnavailable,
    IllegalSetting,
    InvalidCard,
    InvalidInput,
    InvalidTile,
    InvalidWager,
    NotPayable,
    ShoeFinished,
)
from ._rng import Rng, shuffle
from .commission import percent_supported as commission_percent_supported, rate_supported as commission_rate_supported

__all__ = [
    "BankShort",
    "EngineError",
    "EntropyUnavailable",
    "IllegalSetting",
    "InvalidCard",
    "InvalidInput",
    "InvalidTile",
    "InvalidWager",
    "NotPayable",
    "Rng",
    "ShoeFinished",
    "baccarat",
    "baccarat_check",
    "chips",
    "commission",
    "commission_percent_supported",
    "commission_rate_supported",
    "irregularity",
    "paigow",
    "paigow_procedure",
    "roulette",
    "shuffle",
]
