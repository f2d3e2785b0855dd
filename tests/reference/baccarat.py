"""Pure-Python reference for Baccarat / Mini Baccarat, written from the rules text
(docs/rules/baccarat.md; NZ Gazette 1998 No. 10, Table 2 and rules 9.5-9.9), not from the engine.

Used only by the tests to check the C engine. Deliberately plain and slow: a coup is played by asking
for cards one at a time, the enumeration walks every value sequence card by card, and the shoe is dealt
from a list.
"""
from __future__ import annotations

from dataclasses import dataclass, field


class NeedMoreCards(Exception):
    """The coup asked for a card the sequence does not have."""


def card_value(rank: int) -> int:
    if not 1 <= rank <= 13:
        raise ValueError(f"bad rank {rank}")
    if rank >= 10:          # 10, jack, queen, king count nothing
        return 0
    return rank             # ace counts 1, the others their face


def points(values) -> int:
    return sum(values) % 10


def player_draws(two_card_total: int) -> bool:
    # A natural stands; otherwise the Player draws on 0-5 and stands on 6-7.
    if two_card_total in (8, 9):
        return False
    return two_card_total <= 5


def banker_draws(banker_total: int, player_third_value) -> bool:
    """player_third_value: 0-9, or None when the Player stood."""
    if banker_total >= 8:
        return False                          # natural
    if banker_total == 7:
        return False                          # 7 always stands
    if player_third_value is None:
        return banker_total <= 5              # rule 9.5
    if banker_total <= 2:
        return True
    if banker_total == 3:
        return player_third_value != 8
    if banker_total == 4:
        return player_third_value in (2, 3, 4, 5, 6, 7)
    if banker_total == 5:
        return player_third_value in (4, 5, 6, 7)
    return player_third_value in (6, 7)       # banker_total == 6


@dataclass
class RefCoup:
    player: list = field(default_factory=list)    # values, in the order dealt
    banker: list = field(default_factory=list)
    player_total: int = 0
    banker_total: int = 0
    winner: str = ""
    natural: bool = False
    cards_used: int = 0


def play_values(values) -> RefCoup:
    """Play a coup on point values in dealing order; NeedMoreCards if the sequence runs out."""
    source = iter(values)
    used = 0

    def draw():
        nonlocal used
        try:
            v = next(source)
        except StopIteration:
            raise NeedMoreCards from None
        used += 1
        return v

    coup = RefCoup()
    # Player, Banker, Player, Banker.
    coup.player.append(draw())
    coup.banker.append(draw())
    coup.player.append(draw())
    coup.banker.append(draw())
    player_two, banker_two = points(coup.player), points(coup.banker)
    if player_two >= 8 or banker_two >= 8:
        coup.natural = True
    else:
        third = None
        if player_draws(player_two):
            third = draw()
            coup.player.append(third)
        if banker_draws(banker_two, third):
            coup.banker.append(draw())
    coup.player_total = points(coup.player)
    coup.banker_total = points(coup.banker)
    if coup.player_total > coup.banker_total:
        coup.winner = "player"
    elif coup.banker_total > coup.player_total:
        coup.winner = "banker"
    else:
        coup.winner = "tie"
    coup.cards_used = used
    return coup


def play_ranks(ranks) -> RefCoup:
    return play_values([card_value(r) for r in ranks])


# ---- exact enumeration --------------------------------------------------------------------------------

def value_counts(decks: int) -> list:
    """How many cards of each point value 0-9 a shoe holds: four ranks count 0, one rank each 1-9."""
    counts = [0] * 10
    for rank in range(1, 14):
        counts[card_value(rank)] += 4 * decks
    return counts


def exact_ways(decks: int) -> dict:
    """Ordered ways over six cards drawn without replacement, unused cards counted too."""
    counts = value_counts(decks)
    total_cards = 52 * decks
    tally = {"banker": 0, "player": 0, "tie": 0}

    def falling(n, k):
        out = 1
        for i in range(k):
            out *= n - i
        return out

    def walk(sequence, ways):
        if len(sequence) >= 4:
            try:
                coup = play_values(sequence)
            except NeedMoreCards:
                pass
            else:
                # The coup is over: the cards it did not use up to six are drawn in any way.
                tally[coup.winner] += ways * falling(total_cards - len(sequence), 6 - len(sequence))
                return
        for value in range(10):
            if counts[value]:
                ways_here = ways * counts[value]
                counts[value] -= 1
                sequence.append(value)
                walk(sequence, ways_here)
                sequence.pop()
                counts[value] += 1

    walk([], 1)
    return tally


# ---- the shoe -----------------------------------------------------------------------------------------

@dataclass
class RefRound:
    coup: RefCoup
    codes: list          # the card codes used, in dealing order
    last_coup: bool
    cut_card_out: bool


def deal_shoe(codes, cut_from_end: int, burn: bool):
    """Deal a whole shoe in the given order (codes: (rank - 1) * 4 + suit). Returns (burned codes
    including the exposed card, list of RefRound). The cutting card lies before codes[len - cut]."""
    position = 0
    burned = []
    if burn:
        exposed = codes[0]
        value = card_value(exposed // 4 + 1)
        count = 10 if value == 0 else value
        burned = list(codes[: 1 + count])
        position = 1 + count
    cut_before = len(codes) - cut_from_end
    cut_seen = False
    announce_after_this = False
    rounds = []
    while True:
        this_is_last = announce_after_this
        cut_now = False
        if not cut_seen and position == cut_before:
            # Rule 9.9: the cutting card is the first card out for this round: this round is the last.
            cut_seen = cut_now = True
            this_is_last = True
        ranks = [c // 4 + 1 for c in codes[position: position + 6]]
        coup = play_ranks(ranks)
        end = position + coup.cards_used
        if not cut_seen and position < cut_before < end:
            # Rule 9.8: it came out during the round: finish it, then one more round.
            cut_seen = cut_now = True
            announce_after_this = True
        rounds.append(RefRound(coup, list(codes[position:end]), this_is_last, cut_now))
        position = end
        if this_is_last:
            return burned, rounds


# ---- the big table: who handles the cards (rules 8.8, 8.9, 8.16) --------------------------------------------

def big_table_role(wagers, hand: str):
    """(seat or None for the dealer, the seats offered the role in order) for `hand` ("player" or
    "banker"), from wagers (seat, side, amount, declines). The highest wager on the hand is asked first,
    equal wagers by the lower seat (the project's reading); the first who accepts takes the role; nobody
    betting the hand, or everyone declining, leaves it to the dealer (8.16)."""
    on_hand = [w for w in wagers if w[1] == hand]
    offered = sorted(on_hand, key=lambda w: (-w[2], w[0]))
    takers = [w for w in offered if not w[3]]
    return (takers[0][0] if takers else None), tuple(w[0] for w in offered)
