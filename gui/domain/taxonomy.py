"""The fixed taxonomy of dealer errors that records count and managers filter on.

Each member's value is a stable id (stored in the database, so never renamed); `.label` is what a
manager reads. Drills pick the most specific category that explains a wrong answer.
"""
from __future__ import annotations

from enum import Enum


class ErrorCategory(Enum):
    label: str
    game: str

    def __new__(cls, value: str, game: str, label: str) -> ErrorCategory:
        member = object.__new__(cls)
        member._value_ = value
        member.game = game
        member.label = label
        return member

    # any game
    TIMEOUT = ("timeout", "any", "ran out of time")
    ARITHMETIC = ("arithmetic", "any", "right method, wrong arithmetic")
    WRONG_ORDER = ("wrong_order", "any", "did the steps in the wrong order")
    FALSE_ALARM = ("false_alarm", "any", "marked a correct settlement as a mistake")
    CHIP_BREAKDOWN = ("chip_breakdown", "any", "paid the right amount in the wrong chips (not the fewest, or "
                      "above the house breakdown's largest chip)")
    # A wrong answer that matches no recognised mistake (not a slip in the arithmetic, not a known error).
    OTHER = ("other", "any", "another mistake (no recognised pattern)")

    # roulette
    WRONG_ODDS = ("roulette_wrong_odds", "roulette", "paid a wager at another wager's odds (e.g. a split as a corner)")
    PAID_A_LOSER = ("roulette_paid_loser", "roulette", "paid a losing wager")
    MISSED_A_WINNER = ("roulette_missed_winner", "roulette", "missed a winning wager")
    ZERO_RULE = ("roulette_zero_rule", "roulette", "misapplied the zero rule (5.2-5.3)")
    STAKE_INCLUDED = ("roulette_stake_included", "roulette", "added the stake to the winnings")
    COMPLETE_MISSED_BET = ("roulette_complete_missed", "roulette", "left a wager out of a complete or picture")
    COMPLETE_EXTRA_BET = ("roulette_complete_extra", "roulette", "added a wager that is not in the complete or picture")
    COLOUR_CHIP_VALUE = ("roulette_colour_value", "roulette", "counted colour chips at the wrong value")
    COMPLETE_MISCOUNT = ("roulette_complete_miscount", "roulette", "let a complete paid at the wrong total stand")
    ROULETTE_PROCEDURE = ("roulette_procedure", "roulette",
                          "wrong ruling on a spin or on touching wagers (rules 6.1, 4.8-4.9)")
    MARKED_A_LOSER = ("roulette_marked_loser", "roulette", "marked a losing wager as a winner")
    CLEARED_A_WINNER = ("roulette_cleared_winner", "roulette", "cleared a winning wager from the layout")
    LEFT_A_LOSER = ("roulette_left_loser", "roulette", "left a losing wager on the layout")

    # baccarat
    PLAYER_DRAW = ("baccarat_player_draw", "baccarat", "wrong draw/stand decision for the Player")
    BANKER_DRAW = ("baccarat_banker_draw", "baccarat", "wrong draw/stand decision for the Banker")
    NATURAL_MISSED = ("baccarat_natural", "baccarat", "drew a card to a natural, or missed one")
    WRONG_WINNER = ("baccarat_wrong_winner", "baccarat", "named the wrong winner")
    FORGOT_COMMISSION = ("baccarat_forgot_commission", "baccarat", "forgot commission on a Banker win")
    COMMISSION_AMOUNT = ("baccarat_commission_amount", "baccarat", "wrong commission amount or rounding")
    TIE_PAYOUT = ("baccarat_tie_payout", "baccarat", "paid a Tie at the wrong odds")
    TIE_PUSH = ("baccarat_tie_push", "baccarat", "took or paid Player/Banker wagers on a tie (they push)")
    PAID_WRONG_SIDE = ("baccarat_wrong_side", "baccarat", "paid the losing side or took the winning side")
    PUSHED_A_WINNER = ("baccarat_pushed_winner", "baccarat", "left a winning wager unpaid, as if it pushed")
    PROCEDURE = ("baccarat_procedure", "baccarat", "wrong big-table procedure (rules 8.8-8.16)")
    SHOE_PROCEDURE = ("baccarat_shoe_procedure", "baccarat", "wrong burn, cutting-card or last-coup procedure")

    # pai gow
    TILE_IDENTITY = ("paigow_tile_identity", "paigow", "misnamed a tile or its rank or points")
    HAND_COMPARISON = ("paigow_hand_comparison", "paigow", "compared two hands wrongly")
    PAIR_NAME = ("paigow_pair_name", "paigow", "misnamed a pair")
    SPLIT_A_KEPT_PAIR = ("paigow_split_kept_pair", "paigow", "split a pair the house way keeps")
    KEPT_A_SPLIT_PAIR = ("paigow_kept_split_pair", "paigow", "kept a pair the house way splits")
    WONG_GONG_NINE = ("paigow_wong_gong_nine", "paigow", "missed or mis-chose a Wong, Gong or High Nine")
    HOUSE_WAY_SETTING = ("paigow_house_way", "paigow", "set the hand another way than the house way")
    HIGH_BELOW_LOW = ("paigow_high_below_low", "paigow", "set the high hand below the low hand")
    COPY_TO_BANK = ("paigow_copy_to_bank", "paigow", "forgot that copies (and 0 against 0) go to the bank")
    WRONG_OUTCOME = ("paigow_wrong_outcome", "paigow", "called win, lose or push wrongly")
    PAIGOW_COMMISSION = ("paigow_commission", "paigow", "wrong commission on a winning wager")
    PAID_A_PUSH = ("paigow_paid_push", "paigow", "paid or took a wager that pushes")
    CO_BANKER_SPLIT = ("paigow_co_banker_split", "paigow", "divided the co-banking result wrongly (rules (j)-(k))")
    SHORTFALL = ("paigow_shortfall", "paigow", "handled a losing-wager-area shortfall wrongly (rule (l))")
    PAIGOW_PROCEDURE = ("paigow_procedure", "paigow",
                        "wrong ruling on exposed tiles, the bank's hand or wagers on a box (12.1-12.2, (e), 6.5)")
    DELIVERY = ("paigow_delivery", "paigow", "put the chung, or the first stack, on the wrong box, or "
                "delivered the stacks out of order")

    @classmethod
    def for_game(cls, game: str) -> list[ErrorCategory]:
        return [c for c in cls if c.game in (game, "any")]
