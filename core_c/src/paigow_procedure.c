/* Where the pai gow bank sits and the order boxes are settled in (dd_paigow_procedure.h). */
#include "dd_paigow.h"
#include "dd_paigow_procedure.h"

int dd_pg_chung_box(int banker_box, int *box, const char **rule)
{
    if (box == NULL || rule == NULL)
        return DD_E_NULL;
    if (banker_box < 0 || banker_box > DD_PG_BOXES)
        return DD_E_RANGE;
    *box = banker_box == 0 ? 1 : banker_box;
    *rule = banker_box == 0 ? "11.1(a)" : "11.2(a)";
    return DD_OK;
}

int dd_pg_dice_count_start(int reading, int banker_box, int *box)
{
    if (box == NULL)
        return DD_E_NULL;
    if (banker_box < 0 || banker_box > DD_PG_BOXES)
        return DD_E_RANGE;
    switch (reading) {
    case DD_PG_COUNT_FROM_BANKER:
        *box = banker_box == 0 ? 1 : banker_box;   /* the chung's box (dd_pg_chung_box) */
        return DD_OK;
    case DD_PG_COUNT_FROM_BOX_1:
        *box = 1;
        return DD_OK;
    default:
        return DD_E_RANGE;
    }
}

int dd_pg_settling_order(int banker_box, uint8_t *order, size_t capacity, size_t *count)
{
    int start, i;
    if (order == NULL || count == NULL)
        return DD_E_NULL;
    if (banker_box < 0 || banker_box > DD_PG_BOXES || capacity < DD_PG_BOXES - 1)
        return DD_E_RANGE;
    start = banker_box == 0 ? 1 : banker_box;
    for (i = 1; i < DD_PG_BOXES; i++)
        order[i - 1] = (uint8_t)((start - 1 + i) % DD_PG_BOXES + 1);
    *count = DD_PG_BOXES - 1;
    return DD_OK;
}
