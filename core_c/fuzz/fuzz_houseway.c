/* Fuzz harness: the house-way interpreter. Arbitrary int32 programs go to dd_hw_build, which must
 * refuse malformed ones with a diagnosis and never crash or hang; a built table (perhaps corrupted
 * afterwards) is then used to set hands, value settings and, rarely, run the full analysis.
 *
 * Input: u16 program length in words, a flags byte, the program's words, then operation bytes. */
#include "dd_houseway.h"
#include "fuzz_input.h"

static void take_tiles(fuzz_input *in, uint8_t tiles[4])
{
    int k;
    for (k = 0; k < 4; k++) {
        uint8_t b = take_u8(in);
        tiles[k] = (b & 0xE0) == 0xE0 ? b : (uint8_t)(b & 31);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int32_t program[4096];
    static dd_hw_table table, other;
    fuzz_input in = {data, size};
    dd_hw_diagnosis diagnosis;
    size_t length = take_u16(&in) % 4097, bad = 0, i;
    uint8_t flags = take_u8(&in), tiles[4 * 8], settings[4 * 8];
    int16_t rules[8];
    int status, built, rule = -1, index = -1, ops = 0;

    take_bytes(&in, program, length * sizeof *program);
    if ((flags & 1) && length >= 1)
        program[0] = DD_HW_MAGIC; /* get past the first check more often */
    memset(&diagnosis, 0x5A, sizeof diagnosis);
    status = dd_hw_build(program, length, &table, &diagnosis);
    built = status == DD_OK;
    if (built) {
        require(diagnosis.reason == DD_HW_FINE);
        require(table.rule_count >= 1 && table.rule_count <= DD_HW_MAX_RULES);
    } else {
        require(status == DD_E_HOUSE_WAY);
        require(diagnosis.reason >= DD_HW_MALFORMED && diagnosis.reason <= DD_HW_NO_SETTING);
        require(diagnosis.rule >= -1 && diagnosis.rule < DD_HW_MAX_RULES);
        require(diagnosis.offset >= -1 && (size_t)(diagnosis.offset + 1) <= length + 1);
        if (diagnosis.reason == DD_HW_NO_SETTING)
            require(diagnosis.hand >= 0 && diagnosis.hand < DD_HW_HANDS);
        memset(&table, 0, sizeof table);
    }
    require(dd_hw_build(NULL, length, &table, &diagnosis) == DD_E_NULL);
    require(dd_hw_build(program, length, &table, NULL) == DD_E_NULL);
    require(dd_hw_build(program, (size_t)DD_HW_MAX_PROGRAM + 1 + take_u8(&in), &other, &diagnosis) ==
            DD_E_HOUSE_WAY);

    while (remaining(&in) && ops++ < 24) {
        switch (take_u8(&in) % 8) {
        case 0:
            take_tiles(&in, tiles);
            status = dd_hw_set(&table, tiles, settings, &rule);
            if (status == DD_OK) {
                int high = 0, low = 0;
                require(rule >= 0 && rule < table.rule_count);
                require(dd_pg_hand_value(settings[0], settings[1], &high) == DD_OK);
                require(dd_pg_hand_value(settings[2], settings[3], &low) == DD_OK && high >= low);
            }
            break;
        case 1: {
            size_t n = take_u8(&in) % 9;
            for (i = 0; i < n; i++)
                take_tiles(&in, tiles + 4 * i);
            status = dd_hw_set_many(&table, tiles, n, settings, rules, &bad);
            require(status == DD_OK ? bad == n : bad <= n);
            /* bad == n on an error is a fault of the whole call (e.g. the table), not of a hand */
            for (i = 0; i < (status == DD_OK || bad < n ? bad : 0); i++) {
                uint8_t one[4];
                require(dd_hw_set(&table, tiles + 4 * i, one, &rule) == DD_OK);
                require(memcmp(one, settings + 4 * i, 4) == 0 && rule == rules[i]);
            }
            break;
        }
        case 2: {
            uint8_t kinds[4];
            int wanted = take_int_in(&in, 0, DD_HW_HANDS - 1);
            if (dd_hw_hand_kinds(wanted, kinds) == DD_OK) {
                /* Two tiles of each kind: kind k is ids 2k-2 and 2k-1; a kind twice uses both. */
                for (i = 0; i < 4; i++)
                    tiles[i] = (uint8_t)(2 * (kinds[i] - 1) + (i > 0 && kinds[i - 1] == kinds[i]));
                require(dd_hw_hand_index(tiles, &index) == DD_OK && index == wanted);
            } else {
                require(wanted < 0 || wanted >= DD_HW_HANDS);
            }
            take_tiles(&in, tiles);
            status = dd_hw_hand_index(tiles, &index);
            require(status != DD_OK || (index >= 0 && index < DD_HW_HANDS));
            break;
        }
        case 3: {
            /* Corrupt a few bytes of the table. */
            size_t edits = take_u8(&in) % 4 + 1;
            for (i = 0; i < edits; i++)
                ((uint8_t *)&table)[take_u32(&in) % sizeof table] = take_u8(&in);
            break;
        }
        case 4: {
            dd_hw_setting_value values[3];
            double commission = (take_u8(&in) & 3) == 3 ? (double)(int32_t)take_u32(&in) / 7.0 : 0.05;
            take_tiles(&in, tiles);
            status = dd_hw_setting_values(&table, tiles, commission, values);
            if (status == DD_OK)
                for (i = 0; i < 3; i++)
                    require(values[i].deals > 0 && values[i].wins + values[i].losses <= values[i].deals);
            status = dd_hw_bank_setting_values(&table, tiles, commission, values);
            if (status == DD_OK)
                for (i = 0; i < 3; i++)
                    require(values[i].deals > 0 && values[i].wins + values[i].losses <= values[i].deals);
            break;
        }
        case 5:
            /* The full analysis takes milliseconds: only on one selector value in 256. */
            if (take_u8(&in) == 0xA5) {
                dd_hw_analysis analysis;
                status = dd_hw_analyze(&table, &table, 0.05, &analysis);
                if (status == DD_OK)
                    require(analysis.deals > 0 && analysis.wins + analysis.losses <= analysis.deals);
            }
            break;
        case 6: {
            /* Thresholds as a program writer makes them: valid ones pass the program check's rules. */
            int32_t threshold = -1;
            int points = take_int_in(&in, 0, 9), kind = take_int_in(&in, 1, 16), category = take_int_in(&in, 0, 4);
            status = dd_hw_points_threshold(points, kind, &threshold);
            require(status == DD_OK ? threshold >= 0 && threshold < DD_HW_NAMED_THRESHOLD : status == DD_E_RANGE);
            status = dd_hw_named_threshold(category, &threshold);
            require(status == DD_OK ? threshold > DD_HW_NAMED_THRESHOLD &&
                                          threshold <= DD_HW_NAMED_THRESHOLD + DD_PG_NAMED_RANKS
                                    : status == DD_E_RANGE);
            require(dd_hw_points_threshold(1, 1, NULL) == DD_E_NULL);
            require(dd_hw_named_threshold(DD_PG_PAIR, NULL) == DD_E_NULL);
            break;
        }
        default:
            require(dd_hw_set(NULL, tiles, settings, &rule) == DD_E_NULL);
            require(dd_hw_set(&table, tiles, settings, NULL) == DD_E_NULL);
            require(dd_hw_set_many(&table, NULL, 3, settings, rules, &bad) == DD_E_NULL);
            require(dd_hw_hand_kinds(0, NULL) == DD_E_NULL && dd_hw_hand_index(NULL, &index) == DD_E_NULL);
            require(dd_hw_analyze(&table, NULL, 0.05, NULL) == DD_E_NULL);
            require(dd_hw_setting_values(&table, tiles, 0.05, NULL) == DD_E_NULL);
            require(dd_hw_bank_setting_values(NULL, tiles, 0.05, NULL) == DD_E_NULL);
            break;
        }
    }
    (void)built;
    return 0;
}
