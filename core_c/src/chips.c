/* Paying in chips and colour chips (dd_chips.h). */
#include <stdlib.h>

#include "dd_chips.h"

static int64_t gcd64(int64_t a, int64_t b)
{
    while (b != 0) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Denominations distinct and in range; the cap one of them when the convention uses it. */
static int check_terms(const int64_t *denominations, size_t n, int32_t convention, int64_t cap)
{
    size_t i, j;
    int cap_found = 0;
    if (n < 1 || n > DD_CHIPS_MAX_DENOMINATIONS)
        return DD_E_RANGE;
    if (convention != DD_CHIPS_FEWEST && convention != DD_CHIPS_LARGEST_CAP)
        return DD_E_RANGE;
    for (i = 0; i < n; i++) {
        if (denominations[i] < 1 || denominations[i] > DD_CHIPS_MAX_VALUE)
            return DD_E_RANGE;
        for (j = 0; j < i; j++)
            if (denominations[j] == denominations[i])
                return DD_E_RANGE;
        if (denominations[i] == cap)
            cap_found = 1;
    }
    if (convention == DD_CHIPS_LARGEST_CAP && !cap_found)
        return DD_E_RANGE;
    return DD_OK;
}

static int allowed(const int64_t *denominations, size_t i, int32_t convention, int64_t cap)
{
    return convention == DD_CHIPS_FEWEST || denominations[i] <= cap;
}

/* The breakdown itself, arguments already checked: see the top of dd_chips.h for why the search is
 * bounded. In units of g (the common divisor of the allowed chips) the largest allowed chip is `top`. */
static int breakdown_checked(int64_t amount, const int64_t *denominations, size_t n, int32_t convention,
                             int64_t cap, int64_t *counts, int64_t *chips)
{
    size_t i, order[DD_CHIPS_MAX_DENOMINATIONS], used = 0;
    int64_t g = 0, top = 0, bound = 0, first = 0, rest, r, total = 0;
    uint32_t *best;
    for (i = 0; i < n; i++) {
        counts[i] = 0;
        if (!allowed(denominations, i, convention, cap))
            continue;
        g = gcd64(denominations[i], g);
        order[used++] = i;
    }
    /* The allowed chips, largest first, so the reconstruction below takes the largest chip it can. */
    for (i = 1; i < used; i++) {
        size_t k = i, moving = order[i];
        while (k > 0 && denominations[order[k - 1]] < denominations[moving]) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = moving;
    }
    if (amount % g != 0)
        return DD_E_NOT_PAYABLE;
    top = denominations[order[0]] / g;
    for (i = 1; i < used; i++) {
        int64_t c = denominations[order[i]] / g;
        bound += (top / gcd64(c, top) - 1) * c;   /* <= 12 * 1e8 * 1e8: no overflow */
        if (bound > DD_CHIPS_MAX_TABLE)
            return DD_E_RANGE;
    }
    rest = amount / g;
    if (rest > bound) {
        first = (rest - bound) / top;
        rest -= first * top;
    }
    if (rest + 1 > DD_CHIPS_MAX_TABLE)
        return DD_E_RANGE;
    best = malloc((size_t)(rest + 1) * sizeof *best);
    if (best == NULL)
        return DD_E_NO_MEMORY;
    best[0] = 0;
    for (r = 1; r <= rest; r++) {
        best[r] = UINT32_MAX;
        for (i = 0; i < used; i++) {
            int64_t c = denominations[order[i]] / g;
            if (c <= r && best[r - c] != UINT32_MAX && best[r - c] + 1 < best[r])
                best[r] = best[r - c] + 1;
        }
    }
    if (best[rest] == UINT32_MAX) {
        free(best);
        return DD_E_NOT_PAYABLE;
    }
    counts[order[0]] = first;
    total = first;
    for (r = rest; r > 0;) {
        for (i = 0; i < used; i++) {
            int64_t c = denominations[order[i]] / g;
            if (c <= r && best[r - c] != UINT32_MAX && best[r - c] + 1 == best[r]) {
                counts[order[i]]++;
                total++;
                r -= c;
                break;
            }
        }
    }
    free(best);
    *chips = total;
    return DD_OK;
}

static int check_amount(int64_t amount)
{
    if (amount < 0)
        return DD_E_BAD_AMOUNT;
    if (amount > DD_CHIPS_MAX_AMOUNT)
        return DD_E_OVERFLOW;
    return DD_OK;
}

int dd_chips_breakdown(int64_t amount, const int64_t *denominations, size_t n, int32_t convention, int64_t cap,
                       int64_t *counts, int64_t *chips)
{
    int status;
    if (denominations == NULL || counts == NULL || chips == NULL)
        return DD_E_NULL;
    if ((status = check_terms(denominations, n, convention, cap)) != DD_OK)
        return status;
    if ((status = check_amount(amount)) != DD_OK)
        return status;
    return breakdown_checked(amount, denominations, n, convention, cap, counts, chips);
}

int dd_chips_check(int64_t amount, const int64_t *denominations, size_t n, int32_t convention, int64_t cap,
                   const int64_t *counts, int32_t *why)
{
    int64_t right[DD_CHIPS_MAX_DENOMINATIONS], fewest = 0, given = 0, sum = 0;
    size_t i;
    int status, too_much = 0, above_cap = 0;
    if (denominations == NULL || counts == NULL || why == NULL)
        return DD_E_NULL;
    if ((status = check_terms(denominations, n, convention, cap)) != DD_OK)
        return status;
    if ((status = check_amount(amount)) != DD_OK)
        return status;
    for (i = 0; i < n; i++) {
        if (counts[i] < 0)
            return DD_E_RANGE;
        /* Summed with a guard: a count worth more than the whole amount already makes the sum wrong. */
        if (too_much || counts[i] > (amount - sum) / denominations[i]) {
            too_much = 1;
        } else {
            sum += counts[i] * denominations[i];
            if (sum > amount)
                too_much = 1;
        }
        given += counts[i] > DD_CHIPS_MAX_AMOUNT ? DD_CHIPS_MAX_AMOUNT : counts[i];
        if (counts[i] > 0 && !allowed(denominations, i, convention, cap))
            above_cap = 1;
    }
    if ((status = breakdown_checked(amount, denominations, n, convention, cap, right, &fewest)) != DD_OK)
        return status;
    if (too_much || sum != amount)
        *why = DD_CHIPS_WRONG_SUM;
    else if (above_cap)
        *why = DD_CHIPS_ABOVE_CAP;
    else if (given > fewest)
        *why = DD_CHIPS_TOO_MANY;
    else
        *why = DD_CHIPS_RIGHT;
    return DD_OK;
}

int dd_chips_colour_in(int64_t cash, int64_t colour_value, int64_t *colour_chips, int64_t *change)
{
    int status;
    if (colour_chips == NULL || change == NULL)
        return DD_E_NULL;
    if (colour_value < 1 || colour_value > DD_CHIPS_MAX_VALUE)
        return DD_E_RANGE;
    if ((status = check_amount(cash)) != DD_OK)
        return status;
    *colour_chips = cash / colour_value;
    *change = cash % colour_value;
    return DD_OK;
}

int dd_chips_colour_out(int64_t colour_chips, int64_t colour_value, int64_t *value)
{
    if (value == NULL)
        return DD_E_NULL;
    if (colour_value < 1 || colour_value > DD_CHIPS_MAX_VALUE)
        return DD_E_RANGE;
    if (colour_chips < 0)
        return DD_E_BAD_AMOUNT;
    if (colour_chips > DD_CHIPS_MAX_AMOUNT / colour_value)
        return DD_E_OVERFLOW;
    *value = colour_chips * colour_value;
    return DD_OK;
}
