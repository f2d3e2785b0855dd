/* Exhaustive pai gow analysis over built house ways (dd_houseway.h).
 *
 * Every tile kind has exactly two interchangeable tiles, so instead of the 35,960 x 20,475 tile-disjoint
 * (player, bank) deals we walk the 3,620 x 3,620 pairs of distinct hands and weight each by how many
 * deals it stands for: per kind, C(2, p) ways for the player's p tiles times C(2 - p, b) for the bank's
 * b tiles, zero when p + b > 2. That product is 2 for every kind held once by exactly one side or once
 * by each, 1 otherwise, which the bit masks below compute with a shift. */
#include "dd_houseway.h"

#include <string.h>

typedef struct hand_masks {
    uint16_t present;   /* kinds held */
    uint16_t pair;      /* kinds held twice */
    uint16_t single;    /* kinds held once */
    uint8_t singles;    /* popcount(single) */
    uint8_t high_value;
    uint8_t low_value;
} hand_masks;

static int popcount16(unsigned x)
{
    x = x - ((x >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    return (int)((x + (x >> 8)) & 0x1Fu);
}

static void masks_of_kinds(const uint8_t kinds[4], hand_masks *m)
{
    int i;
    m->present = m->pair = 0;
    for (i = 0; i < 4; i++) {
        uint16_t bit = (uint16_t)(1u << (kinds[i] - 1));
        if (m->present & bit)
            m->pair |= bit;
        m->present |= bit;
    }
    m->single = (uint16_t)(m->present & ~m->pair);
    m->singles = (uint8_t)popcount16(m->single);
}

/* Per distinct hand masks and the values the way plays; DD_E_STATE for a table not made by
 * dd_hw_build. Its keys must be the canonical hand order, or the weights would be wrong: keys that are
 * well formed (kinds ascending, none three times) and strictly increasing can only be that order, since
 * there are exactly DD_HW_HANDS such keys. */
static int load_masks(const dd_hw_table *t, hand_masks out[DD_HW_HANDS])
{
    int h;
    if (t->rule_count < 1 || t->rule_count > DD_HW_MAX_RULES)
        return DD_E_STATE;
    for (h = 0; h < DD_HW_HANDS; h++) {
        uint16_t key = t->key[h];
        uint8_t kinds[4];
        kinds[0] = (uint8_t)((key >> 12 & 15) + 1);
        kinds[1] = (uint8_t)((key >> 8 & 15) + 1);
        kinds[2] = (uint8_t)((key >> 4 & 15) + 1);
        kinds[3] = (uint8_t)((key & 15) + 1);
        if ((h > 0 && key <= t->key[h - 1]) || kinds[0] > kinds[1] || kinds[1] > kinds[2] ||
            kinds[2] > kinds[3] || (kinds[0] == kinds[2]) || (kinds[1] == kinds[3]))
            return DD_E_STATE;
        masks_of_kinds(kinds, &out[h]);
        out[h].high_value = t->high_value[h];
        out[h].low_value = t->low_value[h];
    }
    return DD_OK;
}

static int valid_commission(double commission)
{
    return commission >= 0.0 && commission <= 1.0; /* false for NaN too */
}

static void side_stats(int64_t won, int64_t lost, int64_t deals, double commission, dd_hw_side *s)
{
    double total = (double)deals;
    s->win = (double)won / total;
    s->lose = (double)lost / total;
    s->push = (double)(deals - won - lost) / total;
    s->house_edge = -(s->win * (1.0 - commission) - s->lose);
}

int dd_hw_analyze(const dd_hw_table *player_way, const dd_hw_table *bank_way, double commission,
                  dd_hw_analysis *out)
{
    hand_masks players[DD_HW_HANDS], banks[DD_HW_HANDS]; /* 58 KB: fine on any thread's stack */
    int64_t wins = 0, losses = 0, deals = 0;
    int p, b, status;
    if (player_way == NULL || bank_way == NULL || out == NULL)
        return DD_E_NULL;
    if (!valid_commission(commission))
        return DD_E_RANGE;
    if ((status = load_masks(player_way, players)) != DD_OK || (status = load_masks(bank_way, banks)) != DD_OK)
        return status;
    for (p = 0; p < DD_HW_HANDS; p++) {
        const hand_masks me = players[p];
        int64_t w_sum = 0, win_sum = 0, lose_sum = 0;
        for (b = 0; b < DD_HW_HANDS; b++) {
            const hand_masks *bank = &banks[b];
            int64_t weight;
            if ((me.pair & bank->present) | (bank->pair & me.present))
                continue;
            weight = (int64_t)1 << (me.singles + bank->singles - popcount16(me.single & bank->single));
            w_sum += weight;
            win_sum += weight & -(int64_t)(me.high_value > bank->high_value && me.low_value > bank->low_value);
            lose_sum +=
                weight & -(int64_t)(bank->high_value >= me.high_value && bank->low_value >= me.low_value);
        }
        deals += w_sum;
        wins += win_sum;
        losses += lose_sum;
    }
    memset(out, 0, sizeof *out);
    out->wins = wins;
    out->losses = losses;
    out->pushes = deals - wins - losses;
    out->deals = deals;
    side_stats(wins, losses, deals, commission, &out->player);
    /* The banking side wins what the player loses and pays the commission on those wins. */
    side_stats(losses, wins, deals, commission, &out->banker);
    return DD_OK;
}

/* The three settings of `tiles`, each against every hand of the other 28 tiles set by `other_way`.
 * as_bank = 0: the tiles are a player's, the other hands the bank's; as_bank = 1: the tiles are the
 * bank's, the other hands players'. Counts are from the tiles' owner's side: it wins when both of its
 * hands outrank the other side's as a player, or when both rank at least as high as a bank (the bank
 * takes copies, rule 4.6); commission comes off the owner's wins either way, as in dd_hw_analyze. */
static int values_of_settings(const dd_hw_table *other_way, const uint8_t tiles[4], double commission,
                              int as_bank, dd_hw_setting_value out[3])
{
    hand_masks others[DD_HW_HANDS];
    dd_pg_setting settings[3];
    hand_masks me;
    uint8_t kinds[4];
    int high[3], low[3], i, o, status;
    int64_t wins[3] = {0, 0, 0}, losses[3] = {0, 0, 0}, deals = 0;
    if (other_way == NULL || tiles == NULL || out == NULL)
        return DD_E_NULL;
    if (!valid_commission(commission))
        return DD_E_RANGE;
    if ((status = dd_pg_settings(tiles, settings)) != DD_OK)
        return status;
    if ((status = load_masks(other_way, others)) != DD_OK)
        return status;
    for (i = 0; i < 4; i++)
        kinds[i] = (uint8_t)(tiles[i] / 2 + 1);
    masks_of_kinds(kinds, &me);
    for (i = 0; i < 3; i++) {
        high[i] = dd_pg_value_unchecked(settings[i].high[0], settings[i].high[1]);
        low[i] = dd_pg_value_unchecked(settings[i].low[0], settings[i].low[1]);
    }
    for (o = 0; o < DD_HW_HANDS; o++) {
        const hand_masks *other = &others[o];
        int64_t weight;
        if ((me.pair & other->present) | (other->pair & me.present))
            continue;
        /* the other hand's single tiles of kinds we do not hold could be either of two tiles */
        weight = (int64_t)1 << popcount16(other->single & (unsigned)~me.present);
        deals += weight;
        for (i = 0; i < 3; i++) {
            int mine_higher = high[i] > other->high_value && low[i] > other->low_value;
            int other_higher = other->high_value > high[i] && other->low_value > low[i];
            int mine_at_least = high[i] >= other->high_value && low[i] >= other->low_value;
            int other_at_least = other->high_value >= high[i] && other->low_value >= low[i];
            if (as_bank ? mine_at_least : mine_higher)
                wins[i] += weight;
            else if (as_bank ? other_higher : other_at_least)
                losses[i] += weight;
        }
    }
    for (i = 0; i < 3; i++) {
        memcpy(out[i].high, settings[i].high, 2);
        memcpy(out[i].low, settings[i].low, 2);
        out[i].wins = wins[i];
        out[i].losses = losses[i];
        out[i].pushes = deals - wins[i] - losses[i];
        out[i].deals = deals;
        out[i].ev = ((double)wins[i] * (1.0 - commission) - (double)losses[i]) / (double)deals;
    }
    return DD_OK;
}

int dd_hw_setting_values(const dd_hw_table *bank_way, const uint8_t tiles[4], double commission,
                         dd_hw_setting_value out[3])
{
    return values_of_settings(bank_way, tiles, commission, 0, out);
}

int dd_hw_bank_setting_values(const dd_hw_table *player_way, const uint8_t tiles[4], double commission,
                              dd_hw_setting_value out[3])
{
    return values_of_settings(player_way, tiles, commission, 1, out);
}
