/* The answers-chain and summary-table scans of `dealerdrill verify` (see dd_answer_scan.h for why in C).
 *
 * The canonical content of an answer is defined in SQL (gui/records/chain.py, ANSWER_CONTENT_SQL):
 * printf('%s<US>%s...', id, uuid, ..., quote(category), ..., answered_at). For the values a sound file holds
 * this code writes the same bytes: printf's %s takes each value's text as sqlite3_value_text gives it, which
 * is what sqlite3_column_text returns here (for a REAL, SQLite's own "%!.15g"; integers in decimal); quote()
 * of a text is the text in single quotes with each quote doubled, of NULL the word NULL. Anything else
 * (a NUL inside a text, a blob where text belongs, a number where text belongs, ...) is left to the SQL
 * definition: the scan reports DD_SCAN_UNUSUAL and Python checks those rows itself.
 */
#include "dd_answer_scan.h"
#include "dd_buffer.h"

#include <openssl/evp.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEPARATOR 0x1f
#define MAX_STORED_HASH 64     /* a stored hash longer than this is not one the program wrote */

/* ------------------------------------------------------------------ groups: (session, hour) -> counts */

typedef struct {
    dd_scan_group *slots;
    unsigned char *used;
    size_t capacity;           /* a power of two */
    size_t count;
} group_table;

static uint64_t group_hash(int64_t session_id, const char *hour) {
    uint64_t h = (uint64_t)session_id * 0x9E3779B97F4A7C15ULL;
    for (const unsigned char *p = (const unsigned char *)hour; *p; p++) h = (h ^ *p) * 0x100000001B3ULL;
    return h ^ (h >> 29);
}

static int table_grow(group_table *t) {
    size_t capacity = t->capacity ? t->capacity * 2 : 4096;
    dd_scan_group *slots = calloc(capacity, sizeof *slots);
    unsigned char *used = calloc(capacity, 1);
    if (slots == NULL || used == NULL) {
        free(slots);
        free(used);
        return 0;
    }
    for (size_t i = 0; i < t->capacity; i++) {
        if (!t->used[i]) continue;
        size_t j = group_hash(t->slots[i].session_id, t->slots[i].hour) & (capacity - 1);
        while (used[j]) j = (j + 1) & (capacity - 1);
        slots[j] = t->slots[i];
        used[j] = 1;
    }
    free(t->slots);
    free(t->used);
    t->slots = slots;
    t->used = used;
    t->capacity = capacity;
    return 1;
}

/* The group of (session_id, hour), made empty when new; NULL when memory runs out. */
static dd_scan_group *table_find(group_table *t, int64_t session_id, const char *hour, int *is_new) {
    if ((t->count + 1) * 2 > t->capacity && !table_grow(t)) return NULL;
    size_t j = group_hash(session_id, hour) & (t->capacity - 1);
    while (t->used[j]) {
        if (t->slots[j].session_id == session_id && strcmp(t->slots[j].hour, hour) == 0) {
            *is_new = 0;
            return &t->slots[j];
        }
        j = (j + 1) & (t->capacity - 1);
    }
    t->used[j] = 1;
    t->count++;
    memset(&t->slots[j], 0, sizeof t->slots[j]);
    t->slots[j].session_id = session_id;
    strcpy(t->slots[j].hour, hour);
    *is_new = 1;
    return &t->slots[j];
}

static int table_export(group_table *t, dd_scan_result *out) {
    out->groups = malloc((t->count ? t->count : 1) * sizeof *out->groups);
    if (out->groups == NULL) return 0;
    size_t k = 0;
    for (size_t i = 0; i < t->capacity; i++)
        if (t->used[i]) out->groups[k++] = t->slots[i];
    out->group_count = (int64_t)k;
    return 1;
}

static void table_free(group_table *t) {
    free(t->slots);
    free(t->used);
    memset(t, 0, sizeof *t);
}

/* ------------------------------------------------------------------ values as a sound file holds them */

/* One column of the current row, read once: each sqlite3_column_* call costs about as much as the work done
 * with its value. A text's (or blob's) pointer stays valid until the next step, or until that column is
 * converted (only the slow road's REAL-to-text does that, to its own column). */
typedef struct {
    int type;
    int64_t integer;
    double real;
    const unsigned char *bytes;
    int length;
} cell;

static void read_cell(sqlite3_stmt *st, int column, cell *v) {
    v->type = sqlite3_column_type(st, column);
    v->bytes = NULL;
    v->length = 0;
    switch (v->type) {
    case SQLITE_INTEGER:
        v->integer = sqlite3_column_int64(st, column);
        break;
    case SQLITE_FLOAT:
        v->real = sqlite3_column_double(st, column);
        break;
    case SQLITE_TEXT:
        v->bytes = sqlite3_column_text(st, column);
        v->length = sqlite3_column_bytes(st, column);
        break;
    case SQLITE_BLOB:
        v->bytes = sqlite3_column_blob(st, column);
        v->length = sqlite3_column_bytes(st, column);
        break;
    default:
        break;
    }
}

/* An ASCII text without NUL, shorter than `room`, copied NUL-terminated into `to`; 0 when it is not. */
static int ascii_cell(const cell *v, char *to, size_t room) {
    if (v->type != SQLITE_TEXT || v->bytes == NULL || v->length < 0 || (size_t)v->length >= room) return 0;
    for (int i = 0; i < v->length; i++)
        if (v->bytes[i] == 0 || v->bytes[i] >= 0x80) return 0;
    memcpy(to, v->bytes, (size_t)v->length);
    to[v->length] = 0;
    return 1;
}

static int small_integer_cell(const cell *v, int64_t limit, int64_t *value) {
    if (v->type != SQLITE_INTEGER) return 0;
    *value = v->integer;
    return *value >= -limit && *value <= limit;
}

/* CAST(round(seconds * 1000) AS INTEGER) for a non-negative time; 0 for a value a sound file never holds. */
static int millis_cell(const cell *v, int64_t *millis) {
    if (v->type == SQLITE_INTEGER) {
        if (v->integer < 0 || v->integer > 1000000000000LL) return 0;
        *millis = v->integer * 1000;
        return 1;
    }
    if (v->type != SQLITE_FLOAT) return 0;
    double r = v->real * 1000.0;
    if (!(r >= 0.0 && r < 1e15)) return 0;                 /* also refuses NaN */
    *millis = (int64_t)(r + 0.5);                          /* SQLite's round() of a non-negative value */
    return 1;
}

/* substr(answered_at, 1, 13) of an ASCII timestamp. */
static void hour_of(const char *answered_at, char hour[16]) {
    size_t n = strlen(answered_at);
    if (n > 13) n = 13;
    memcpy(hour, answered_at, n);
    hour[n] = 0;
}

/* ------------------------------------------------------------------ the answers' canonical content */

/* Column order of chain.ANSWER_COLUMNS; what a sound file holds in each. */
enum kind { INTEGER_VALUE, TEXT_VALUE, QUOTED_TEXT_OR_NULL, TIME_VALUE };
static const enum kind COLUMN_KINDS[15] = {
    INTEGER_VALUE,        /* id */
    TEXT_VALUE,           /* uuid */
    INTEGER_VALUE,        /* session_id */
    INTEGER_VALUE,        /* seq */
    TEXT_VALUE,           /* family */
    TEXT_VALUE,           /* item */
    TEXT_VALUE,           /* answer */
    TEXT_VALUE,           /* expected */
    TEXT_VALUE,           /* given */
    INTEGER_VALUE,        /* correct */
    QUOTED_TEXT_OR_NULL,  /* category */
    TEXT_VALUE,           /* rule */
    TIME_VALUE,           /* seconds */
    INTEGER_VALUE,        /* timed_out */
    TEXT_VALUE,           /* answered_at */
};

/* Decimal, as SQLite writes an integer's text (snprintf costs more than the rest of a row). */
static int add_integer(buffer *b, int64_t v) {
    char digits[24];
    int n = 0;
    uint64_t magnitude = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do {
        digits[sizeof digits - 1 - n++] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude);
    if (v < 0) digits[sizeof digits - 1 - n++] = '-';
    return buffer_add(b, digits + sizeof digits - n, (size_t)n);
}

/* A REAL as SQLite's "%!.15g" writes it, by the C library's printf: 15 significant digits, and the "!"
 * form's ".0" where printf would leave no decimal point ("2.0", "1.0e+20"). SQLite's own conversion costs
 * more than everything else in a row together; the two agree except, rarely, in the last digit, and a row
 * whose hash does not match is hashed again with SQLite's text before it is called changed (see
 * check_row), so the result is always SQLite's. */
static int add_real(buffer *b, double value) {
    char text[40];
    int n = snprintf(text, sizeof text - 3, "%.15g", value);
    if (n <= 0 || (size_t)n >= sizeof text - 3) return -1;
    if (strpbrk(text, "ni") != NULL) return -1;            /* inf, nan: SQLite's words differ */
    char *exponent = strchr(text, 'e');
    if (strchr(text, '.') == NULL) {
        if (exponent == NULL) {
            memcpy(text + n, ".0", 3);
        } else {
            memmove(exponent + 2, exponent, (size_t)(text + n - exponent) + 1);
            memcpy(exponent, ".0", 2);
        }
        n += 2;
    }
    return buffer_add(b, text, (size_t)n);
}

/* 1 written, 0 out of memory, -1 a value the SQL definition must format. */
static int add_column(buffer *b, sqlite3_stmt *st, int column, const cell *v, int fast_reals) {
    const unsigned char *text = v->bytes;
    int n = v->length;
    switch (COLUMN_KINDS[column]) {
    case INTEGER_VALUE:
        if (v->type != SQLITE_INTEGER) return -1;
        return add_integer(b, v->integer);
    case TIME_VALUE:
        if (v->type == SQLITE_INTEGER) return add_integer(b, v->integer);
        if (v->type != SQLITE_FLOAT) return -1;
        if (fast_reals) return add_real(b, v->real);
        text = sqlite3_column_text(st, column);             /* SQLite's own text of the REAL */
        n = sqlite3_column_bytes(st, column);
        break;
    case TEXT_VALUE:
        if (v->type != SQLITE_TEXT) return -1;
        break;
    case QUOTED_TEXT_OR_NULL:
        if (v->type == SQLITE_NULL) return buffer_add(b, "NULL", 4);
        if (v->type != SQLITE_TEXT) return -1;
        if (text == NULL || memchr(text, 0, (size_t)n) != NULL) return -1;
        if (!buffer_reserve(b, 2 * (size_t)n + 2)) return 0;
        b->data[b->length++] = '\'';
        for (int i = 0; i < n; i++) {
            if (text[i] == '\'') b->data[b->length++] = '\'';
            b->data[b->length++] = text[i];
        }
        b->data[b->length++] = '\'';
        return 1;
    }
    if (text == NULL || memchr(text, 0, (size_t)n) != NULL) return -1;
    return buffer_add(b, text, (size_t)n);
}

/* The previous stored hash and the row's canonical content, in *b: 1, or 0 out of memory, or -1 a value
 * the SQL definition must format. The time's text by add_real when fast_reals, else by SQLite (which
 * turns the column into text: read every number of the row before). */
static int canonical_content(buffer *b, sqlite3_stmt *st, const cell *row, const unsigned char *before,
                             size_t before_length, int fast_reals) {
    b->length = 0;
    if (!buffer_add(b, before, before_length)) return 0;
    for (int column = 0; column < 15; column++) {
        if (column > 0) {
            unsigned char separator = SEPARATOR;
            if (!buffer_add(b, &separator, 1)) return 0;
        }
        int added = add_column(b, st, column, &row[column], fast_reals);
        if (added <= 0) return added;
    }
    return 1;
}

/* ------------------------------------------------------------------ result plumbing */

static int fail(dd_scan_result *out, int status, const char *what, sqlite3 *db) {
    snprintf(out->message, sizeof out->message, "%s%s%s", what, db ? ": " : "", db ? sqlite3_errmsg(db) : "");
    out->status = status;
    return status;
}

static int add_problem(dd_scan_result *out, int64_t id, int kind) {
    if (out->problem_count < out->problem_capacity) {
        out->problem_ids[out->problem_count] = id;
        out->problem_kinds[out->problem_count] = kind;
    }
    out->problem_count++;
    return 1;
}

static sqlite3 *open_read_only(const char *path, dd_scan_result *out) {
    sqlite3 *db = NULL;
    /* One thread uses this connection: no mutex around every column read. */
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
        fail(out, DD_SCAN_ERROR, "cannot open the records file", db);
        sqlite3_close(db);
        return NULL;
    }
    sqlite3_busy_timeout(db, 30000);
    return db;
}

void dd_scan_free(dd_scan_result *out) {
    if (out == NULL) return;
    free(out->groups);
    free(out->problem_ids);
    free(out->problem_kinds);
    out->groups = NULL;
    out->problem_ids = NULL;
    out->problem_kinds = NULL;
    out->group_count = out->problem_count = 0;
}

static void start_result(dd_scan_result *out, int64_t problem_capacity) {
    memset(out, 0, sizeof *out);
    out->problem_capacity = problem_capacity > 0 ? problem_capacity : 0;
}

/* ------------------------------------------------------------------ the scans */

int dd_scan_answers(const char *path, int64_t first, int64_t end, const uint8_t *previous,
                    int64_t problem_capacity, dd_scan_result *out) {
    if (out == NULL) return DD_SCAN_ERROR;
    start_result(out, problem_capacity);
    if (path == NULL || previous == NULL) return fail(out, DD_SCAN_ERROR, "no file or no previous hash", NULL);
    out->problem_ids = malloc(((size_t)out->problem_capacity + 1) * sizeof *out->problem_ids);
    out->problem_kinds = malloc(((size_t)out->problem_capacity + 1) * sizeof *out->problem_kinds);
    if (out->problem_ids == NULL || out->problem_kinds == NULL) return fail(out, DD_SCAN_ERROR, "out of memory", NULL);

    sqlite3 *db = open_read_only(path, out);
    if (db == NULL) return out->status;
    sqlite3_stmt *st = NULL;
    group_table groups = {0};
    buffer content = {0};
    EVP_MD_CTX *digest = EVP_MD_CTX_new();
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
    /* Fetched once: handing EVP_sha256() to every init makes OpenSSL 3 look the algorithm up per row. */
    EVP_MD *sha256 = EVP_MD_fetch(NULL, "SHA256", NULL);
#else
    const EVP_MD *sha256 = EVP_sha256();
#endif
    int status = DD_SCAN_OK;
    unsigned char before[MAX_STORED_HASH];
    size_t before_length = 32;
    memcpy(before, previous, 32);

    if (digest == NULL || sha256 == NULL) {
        status = fail(out, DD_SCAN_ERROR, "SHA-256 is not available from OpenSSL", NULL);
        goto done;
    }
    if (sqlite3_prepare_v2(db, "SELECT id, uuid, session_id, seq, family, item, answer, expected, given, correct, "
                               "category, rule, seconds, timed_out, answered_at, chain_hash FROM answers "
                               "WHERE id >= ?1 AND id < ?2 ORDER BY id", -1, &st, NULL) != SQLITE_OK) {
        status = fail(out, DD_SCAN_ERROR, "cannot read the answers", db);
        goto done;
    }
    sqlite3_bind_int64(st, 1, first);
    sqlite3_bind_int64(st, 2, end);
    int step;
    while ((step = sqlite3_step(st)) == SQLITE_ROW) {
        out->rows++;
        int64_t id, session_id, right, millis;
        char answered_at[40], hour[16];
        cell row[16];
        for (int column = 0; column < 16; column++) read_cell(st, column, &row[column]);
        if (!small_integer_cell(&row[0], (int64_t)1 << 40, &id) ||
                !small_integer_cell(&row[2], INT64_MAX, &session_id) || !small_integer_cell(&row[9], 1, &right) ||
                !ascii_cell(&row[14], answered_at, sizeof answered_at) || !millis_cell(&row[12], &millis)) {
            status = fail(out, DD_SCAN_UNUSUAL, "an answer holds a value a sound file never holds", NULL);
            goto done;
        }
        int stored_type = row[15].type;
        if (stored_type == SQLITE_NULL) {
            add_problem(out, id, DD_SCAN_UNLINKED);
            memset(before, 0, 32);
            before_length = 32;
        } else if (stored_type == SQLITE_BLOB && row[15].length <= MAX_STORED_HASH) {
            const unsigned char *stored = row[15].bytes;
            size_t stored_length = (size_t)row[15].length;
            unsigned char stored_copy[MAX_STORED_HASH];
            if (stored_length) memcpy(stored_copy, stored, stored_length);   /* column reads below move it */
            /* With the C library's text of the time first; on a mismatch with SQLite's own (see add_real). */
            int matches = 0;
            for (int fast_reals = 1; fast_reals >= 0 && !matches; fast_reals--) {
                int built = canonical_content(&content, st, row, before, before_length, fast_reals);
                if (built == 0) goto out_of_memory;
                if (built < 0) {
                    status = fail(out, DD_SCAN_UNUSUAL, "an answer holds a value a sound file never holds", NULL);
                    goto done;
                }
                unsigned char computed[EVP_MAX_MD_SIZE];
                unsigned int computed_length = 0;
                if (!EVP_DigestInit_ex(digest, sha256, NULL) ||
                        !EVP_DigestUpdate(digest, content.data, content.length) ||
                        !EVP_DigestFinal_ex(digest, computed, &computed_length)) {
                    status = fail(out, DD_SCAN_ERROR, "SHA-256 failed", NULL);
                    goto done;
                }
                matches = stored_length == computed_length && memcmp(stored_copy, computed, computed_length) == 0;
            }
            if (!matches) add_problem(out, id, DD_SCAN_CHANGED);
            if (stored_length) memcpy(before, stored_copy, stored_length);
            before_length = stored_length;
        } else {
            status = fail(out, DD_SCAN_UNUSUAL, "an answer's stored hash is not a hash", NULL);
            goto done;
        }
        hour_of(answered_at, hour);
        int is_new;
        dd_scan_group *group = table_find(&groups, session_id, hour, &is_new);
        if (group == NULL) goto out_of_memory;
        group->count++;
        group->right += right;
        group->millis += millis;
        group->id_sum += id;
        group->right_id_sum += id * right;
        if (is_new || strcmp(answered_at, group->last_at) > 0) strcpy(group->last_at, answered_at);
    }
    if (step != SQLITE_DONE) {
        status = fail(out, DD_SCAN_ERROR, "reading the answers failed", db);
        goto done;
    }
    if (!table_export(&groups, out)) goto out_of_memory;
    goto done;

out_of_memory:
    status = fail(out, DD_SCAN_ERROR, "out of memory", NULL);
done:
    EVP_MD_CTX_free(digest);
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
    EVP_MD_free(sha256);
#endif
    free(content.data);
    table_free(&groups);
    sqlite3_finalize(st);
    sqlite3_close(db);
    out->status = status;
    return status;
}

/* SQLite's BINARY order of two texts (memcmp, then the shorter first), as MIN() and MAX() compare them. */
static int binary_order(const char *a, const char *b) {
    size_t na = strlen(a), nb = strlen(b);
    int c = memcmp(a, b, na < nb ? na : nb);
    return c ? c : (na > nb) - (na < nb);
}

int dd_scan_facts(const char *path, int64_t last_answer_id, dd_scan_result *out) {
    if (out == NULL) return DD_SCAN_ERROR;
    start_result(out, 0);
    if (path == NULL) return fail(out, DD_SCAN_ERROR, "no file", NULL);
    sqlite3 *db = open_read_only(path, out);
    if (db == NULL) return out->status;
    sqlite3_stmt *st = NULL;
    group_table groups = {0};
    int status = DD_SCAN_OK;
    if (sqlite3_prepare_v2(db, "SELECT session_id, answered_at, correct, seconds, answer_id, trainee_id, drill, mode "
                               "FROM answer_facts WHERE answer_id <= ?1", -1, &st, NULL) != SQLITE_OK) {
        status = fail(out, DD_SCAN_ERROR, "cannot read answer_facts", db);
        goto done;
    }
    sqlite3_bind_int64(st, 1, last_answer_id);
    int step;
    while ((step = sqlite3_step(st)) == SQLITE_ROW) {
        out->rows++;
        int64_t session_id, right, millis, answer_id, trainee_id;
        char answered_at[40], hour[16], drill[72], mode[24];
        cell row[8];
        for (int column = 0; column < 8; column++) read_cell(st, column, &row[column]);
        if (!small_integer_cell(&row[0], INT64_MAX, &session_id) ||
                !ascii_cell(&row[1], answered_at, sizeof answered_at) || !small_integer_cell(&row[2], 1, &right) ||
                !millis_cell(&row[3], &millis) || !small_integer_cell(&row[4], (int64_t)1 << 40, &answer_id) ||
                !small_integer_cell(&row[5], INT64_MAX, &trainee_id) || !ascii_cell(&row[6], drill, sizeof drill) ||
                !ascii_cell(&row[7], mode, sizeof mode)) {
            status = fail(out, DD_SCAN_UNUSUAL, "answer_facts holds a value a sound file never holds", NULL);
            goto done;
        }
        hour_of(answered_at, hour);
        int is_new;
        dd_scan_group *group = table_find(&groups, session_id, hour, &is_new);
        if (group == NULL) {
            status = fail(out, DD_SCAN_ERROR, "out of memory", NULL);
            goto done;
        }
        group->count++;
        group->right += right;
        group->millis += millis;
        group->id_sum += answer_id;
        group->right_id_sum += answer_id * right;
        if (is_new) {
            strcpy(group->last_at, answered_at);
            group->trainee_min = group->trainee_max = trainee_id;
            strcpy(group->drill_min, drill);
            strcpy(group->drill_max, drill);
            strcpy(group->mode_min, mode);
            strcpy(group->mode_max, mode);
            continue;
        }
        if (strcmp(answered_at, group->last_at) > 0) strcpy(group->last_at, answered_at);
        if (trainee_id < group->trainee_min) group->trainee_min = trainee_id;
        if (trainee_id > group->trainee_max) group->trainee_max = trainee_id;
        if (strcmp(drill, group->drill_min) != 0 || strcmp(drill, group->drill_max) != 0) {   /* rarely */
            if (binary_order(drill, group->drill_min) < 0) strcpy(group->drill_min, drill);
            if (binary_order(drill, group->drill_max) > 0) strcpy(group->drill_max, drill);
        }
        if (strcmp(mode, group->mode_min) != 0 || strcmp(mode, group->mode_max) != 0) {
            if (binary_order(mode, group->mode_min) < 0) strcpy(group->mode_min, mode);
            if (binary_order(mode, group->mode_max) > 0) strcpy(group->mode_max, mode);
        }
    }
    if (step != SQLITE_DONE) {
        status = fail(out, DD_SCAN_ERROR, "reading answer_facts failed", db);
        goto done;
    }
    if (!table_export(&groups, out)) status = fail(out, DD_SCAN_ERROR, "out of memory", NULL);
done:
    table_free(&groups);
    sqlite3_finalize(st);
    sqlite3_close(db);
    out->status = status;
    return status;
}
