#include "dd_common.h"

const char *dd_status_name(int status)
{
    switch (status) {
    case DD_OK: return "DD_OK";
    case DD_E_NULL: return "DD_E_NULL";
    case DD_E_RANGE: return "DD_E_RANGE";
    case DD_E_ENTROPY: return "DD_E_ENTROPY";
    case DD_E_OVERFLOW: return "DD_E_OVERFLOW";
    case DD_E_NO_MEMORY: return "DD_E_NO_MEMORY";
    case DD_E_STATE: return "DD_E_STATE";
    case DD_E_BAD_NUMBER: return "DD_E_BAD_NUMBER";
    case DD_E_NOT_A_WAGER: return "DD_E_NOT_A_WAGER";
    case DD_E_BAD_AMOUNT: return "DD_E_BAD_AMOUNT";
    case DD_E_NOT_OFFERED: return "DD_E_NOT_OFFERED";
    case DD_E_BAD_CARD: return "DD_E_BAD_CARD";
    case DD_E_SHORT_SEQUENCE: return "DD_E_SHORT_SEQUENCE";
    case DD_E_SHOE_FINISHED: return "DD_E_SHOE_FINISHED";
    case DD_E_CUT_POSITION: return "DD_E_CUT_POSITION";
    case DD_E_BAD_TILE: return "DD_E_BAD_TILE";
    case DD_E_DUPLICATE_TILE: return "DD_E_DUPLICATE_TILE";
    case DD_E_ILLEGAL_SETTING: return "DD_E_ILLEGAL_SETTING";
    case DD_E_BANK_SHORT: return "DD_E_BANK_SHORT";
    case DD_E_BAD_OUTCOME: return "DD_E_BAD_OUTCOME";
    case DD_E_HOUSE_WAY: return "DD_E_HOUSE_WAY";
    case DD_E_NOT_PAYABLE: return "DD_E_NOT_PAYABLE";
    default: return "DD_E_UNKNOWN";
    }
}
