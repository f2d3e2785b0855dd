/* The answers' lines of the CSV export (see dd_csv_answers.h for why in C and what is left to Python).
 *
 * Each row is looked at whole before a byte of it is written: a value to decline can come after values
 * already formatted, and the semicolon rule quotes every text field of the row, before and after the one
 * that holds it.
 */
#include "dd_csv_answers.h"
#include "dd_buffer.h"

#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One field of the current row, as looked at before the row is written. */
typedef struct {
    int type;                  /* SQLITE_NULL, SQLITE_TEXT, or SQLITE_INTEGER / SQLITE_FLOAT as number text */
    const unsigned char *bytes;
    int length;
    int needs_quotes;          /* a comma, a quote or a line break: the csv module quotes it */
    int quotes;                /* how many '"' it holds (each written twice) */
    int formula;               /* begins with = + - @ tab or CR: cells.neutralise puts an apostrophe first */
    char number[40];           /* a number's text, or a local time's */
} field;

struct dd_csv_answers {
    sqlite3 *db;
    sqlite3_stmt *statement;
    char *kinds;
    int field_count;
    field *fields;
    buffer out;
    buffer scratch;                 /* a question decoded from its JSON escapes */
    int finished;
    sqlite3_stmt *local_time;       /* SELECT datetime(?1, 'localtime'), datetime(?2, 'localtime') */
    char hour_key[14];              /* the UTC hour ("YYYY-MM-DDTHH") whose local hour is known... */
    char local_hour[15];            /* ...as "YYYY-MM-DD HH:", when hour_shifts_whole */
    int hour_shifts_whole;          /* that UTC hour maps onto one local hour, minutes and seconds kept */
};

static void set_message(dd_csv_batch *out, const char *what, sqlite3 *db) {
    snprintf(out->message, sizeof out->message, "%s%s%s", what, db ? ": " : "", db ? sqlite3_errmsg(db) : "");
}

static void start_batch(dd_csv_batch *out) {
    out->status = DD_CSV_ERROR;
    out->data = NULL;
    out->length = 0;
    out->rows = 0;
    out->declined_id = 0;
    out->message[0] = 0;
}

/* ------------------------------------------------------------------ numbers as Python prints them */

int dd_csv_python_float(double value, char *text) {
    if (!isfinite(value)) return -1;
    if (value == 0.0) {
        memcpy(text, signbit(value) ? "-0.0" : "0.0", signbit(value) ? 4 : 3);
        return signbit(value) ? 4 : 3;
    }
    double magnitude = fabs(value);
    if (magnitude < 1e-4 || magnitude >= 1e16) return -1;     /* repr writes these with an exponent */
    /* repr's digits are the fewest that read back as the same double; of those, printf's correctly rounded
     * ones are the nearest, which is the set repr chooses from. The round trip goes through the C library
     * in the same locale both ways (a decimal comma is skipped below, never assumed). */
    char scientific[40];
    int precision = 1;
    for (; precision <= 17; precision++) {
        snprintf(scientific, sizeof scientific, "%.*e", precision - 1, magnitude);
        if (strtod(scientific, NULL) == magnitude) break;
    }
    if (precision > 17) return -1;
    char digits[24];
    int digit_count = 0;
    const char *p = scientific;
    for (; *p && *p != 'e'; p++)
        if (*p >= '0' && *p <= '9') digits[digit_count++] = *p;
    if (*p != 'e' || digit_count == 0 || digit_count > 17) return -1;
    int exponent = atoi(p + 1);
    while (digit_count > 1 && digits[digit_count - 1] == '0') digit_count--;
    if (exponent < -4 || exponent > 15) return -1;
    int n = 0;
    if (value < 0) text[n++] = '-';
    if (exponent < 0) {
        text[n++] = '0';
        text[n++] = '.';
        for (int k = 0; k < -exponent - 1; k++) text[n++] = '0';
        memcpy(text + n, digits, (size_t)digit_count);
        n += digit_count;
        return n;
    }
    for (int k = 0; k <= exponent; k++) text[n++] = k < digit_count ? digits[k] : '0';
    text[n++] = '.';
    if (digit_count > exponent + 1) {
        memcpy(text + n, digits + exponent + 1, (size_t)(digit_count - exponent - 1));
        n += digit_count - exponent - 1;
    } else {
        text[n++] = '0';
    }
    return n;
}

static int integer_text(sqlite3_int64 v, char *text) {
    char digits[24];
    int n = 0;
    uint64_t magnitude = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do {
        digits[n++] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude);
    int length = 0;
    if (v < 0) text[length++] = '-';
    while (n) text[length++] = digits[--n];
    return length;
}

/* ------------------------------------------------------------------ text as the Python road writes it */

/* The length of the UTF-8 sequence at s (n bytes left) of a character every export writes as it is, or 0:
 * not UTF-8 (Python could not even read it), or a character cells.utf8_for_export looks at one by one. Like
 * that function, every 0xED lead (the surrogates, and some Hangul) and every EF BF sequence (U+FFFE, U+FFFF
 * and their neighbours) is left to Python, which replaces exactly the forbidden ones. */
static int plain_character(const unsigned char *s, int n) {
    unsigned char c = s[0];
    if (c < 0x80) return (c >= 0x20 || c == '\t' || c == '\n' || c == '\r') ? 1 : 0;
    if (c >= 0xC2 && c <= 0xDF) return n >= 2 && (s[1] & 0xC0) == 0x80 ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        if (c == 0xED || n < 3 || (s[1] & 0xC0) != 0x80 || (s[2] & 0xC0) != 0x80) return 0;
        if (c == 0xE0 && s[1] < 0xA0) return 0;                    /* over-long */
        if (c == 0xEF && s[1] == 0xBF) return 0;
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (n < 4 || (s[1] & 0xC0) != 0x80 || (s[2] & 0xC0) != 0x80 || (s[3] & 0xC0) != 0x80) return 0;
        if (c == 0xF0 && s[1] < 0x90) return 0;                    /* over-long */
        if (c == 0xF4 && s[1] > 0x8F) return 0;                    /* past U+10FFFF */
        return 4;
    }
    return 0;
}

/* Looks at a text field: 1, with f's flags set, or 0 when Python must write the row. *semicolon is set
 * when the text holds one. */
static int look_at_text(field *f, int *semicolon) {
    const unsigned char *s = f->bytes;
    int n = f->length;
    if (n > 0 && s == NULL) return 0;
    f->needs_quotes = 0;
    f->quotes = 0;
    f->formula = n > 0 && s[0] != 0 && strchr("=+-@\t\r", s[0]) != NULL;
    for (int i = 0; i < n;) {
        unsigned char c = s[i];
        if (c >= 0x80) {
            int step = plain_character(s + i, n - i);
            if (step == 0) return 0;
            i += step;
            continue;
        }
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') return 0;
        if (c == ',' || c == '\n' || c == '\r') f->needs_quotes = 1;
        else if (c == '"') {
            f->needs_quotes = 1;
            f->quotes++;
        } else if (c == ';') *semicolon = 1;
        i++;
    }
    return 1;
}

/* ------------------------------------------------------------------ questions and answers from their JSON */

/* A reader of strict RFC 8259 JSON, stricter still where SQLite and Python might differ: a \u escape, a
 * control character, a character cells.utf8_for_export looks at or nesting past MAX_DEPTH refuse the
 * text, and the row goes to the Python road. So whatever this accepts, SQLite's json_valid() accepts too,
 * and the SQL of the Python road takes the branch that returns SQLite's own values. */
#define MAX_DEPTH 64

typedef struct {
    const unsigned char *s;
    int n;
    int i;
} json_reader;

static void json_space(json_reader *r) {
    while (r->i < r->n && (r->s[r->i] == ' ' || r->s[r->i] == '\t' || r->s[r->i] == '\n' || r->s[r->i] == '\r'))
        r->i++;
}

/* A string at r->i (its opening quote): 1, with its content's bytes between *start and *end and whether it
 * holds an escape, or 0. */
static int json_string(json_reader *r, int *start, int *end, int *escaped) {
    if (r->i >= r->n || r->s[r->i] != '"') return 0;
    *start = ++r->i;
    *escaped = 0;
    while (r->i < r->n) {
        unsigned char c = r->s[r->i];
        if (c == '"') {
            *end = r->i++;
            return 1;
        }
        if (c == '\\') {
            if (r->i + 1 >= r->n || strchr("\"\\/nrt", r->s[r->i + 1]) == NULL || r->s[r->i + 1] == 0) return 0;
            *escaped = 1;
            r->i += 2;
            continue;
        }
        if (c < 0x20) return 0;
        int step = c < 0x80 ? 1 : plain_character(r->s + r->i, r->n - r->i);
        if (step == 0) return 0;
        r->i += step;
    }
    return 0;
}

static int json_digits(json_reader *r) {
    int first = r->i;
    while (r->i < r->n && r->s[r->i] >= '0' && r->s[r->i] <= '9') r->i++;
    return r->i > first;
}

static int json_number(json_reader *r) {
    if (r->i < r->n && r->s[r->i] == '-') r->i++;
    if (r->i < r->n && r->s[r->i] == '0') r->i++;
    else if (!(r->i < r->n && r->s[r->i] >= '1' && r->s[r->i] <= '9') || !json_digits(r)) return 0;
    if (r->i < r->n && r->s[r->i] == '.') {
        r->i++;
        if (!json_digits(r)) return 0;
    }
    if (r->i < r->n && (r->s[r->i] == 'e' || r->s[r->i] == 'E')) {
        r->i++;
        if (r->i < r->n && (r->s[r->i] == '+' || r->s[r->i] == '-')) r->i++;
        if (!json_digits(r)) return 0;
    }
    return 1;
}

static int json_word(json_reader *r, const char *word) {
    size_t n = strlen(word);
    if ((size_t)(r->n - r->i) < n || memcmp(r->s + r->i, word, n) != 0) return 0;
    r->i += (int)n;
    return 1;
}

static int json_value(json_reader *r, int depth);

/* An object or array at r->i. For the top-level object (text_start non-NULL) the first member "text" is
 * noted: *text_kind 1 a string (its content's span and escapes in the rest), 2 any other value. */
static int json_container(json_reader *r, int depth, int *text_kind, int *text_start, int *text_end,
                          int *text_escaped) {
    unsigned char close = r->s[r->i] == '{' ? '}' : ']';
    if (depth > MAX_DEPTH) return 0;
    r->i++;
    json_space(r);
    if (r->i < r->n && r->s[r->i] == close) {
        r->i++;
        return 1;
    }
    for (;;) {
        int is_text = 0;
        if (close == '}') {
            int start, end, escaped;
            if (!json_string(r, &start, &end, &escaped)) return 0;
            is_text = text_kind && *text_kind == 0 && !escaped && end - start == 4
                      && memcmp(r->s + start, "text", 4) == 0;
            json_space(r);
            if (r->i >= r->n || r->s[r->i] != ':') return 0;
            r->i++;
            json_space(r);
        }
        if (is_text && r->i < r->n && r->s[r->i] == '"') {
            if (!json_string(r, text_start, text_end, text_escaped)) return 0;
            *text_kind = 1;
        } else {
            if (!json_value(r, depth + 1)) return 0;
            if (is_text) *text_kind = 2;
        }
        json_space(r);
        if (r->i < r->n && r->s[r->i] == ',') {
            r->i++;
            json_space(r);
            continue;
        }
        if (r->i < r->n && r->s[r->i] == close) {
            r->i++;
            return 1;
        }
        return 0;
    }
}

static int json_value(json_reader *r, int depth) {
    if (r->i >= r->n) return 0;
    unsigned char c = r->s[r->i];
    if (c == '{' || c == '[') return json_container(r, depth, NULL, NULL, NULL, NULL);
    if (c == '"') {
        int start, end, escaped;
        return json_string(r, &start, &end, &escaped);
    }
    if (c == 't') return json_word(r, "true");
    if (c == 'f') return json_word(r, "false");
    if (c == 'n') return json_word(r, "null");
    return json_number(r);
}

/* The whole text is one JSON value (with white space around it). */
static int json_document(json_reader *r, int *text_kind, int *text_start, int *text_end, int *text_escaped) {
    json_space(r);
    int ok;
    if (text_kind && r->i < r->n && r->s[r->i] == '{')
        ok = json_container(r, 1, text_kind, text_start, text_end, text_escaped);
    else
        ok = json_value(r, 1);
    json_space(r);
    return ok && r->i == r->n;
}

/* The question of an item's JSON as the Python road's SQL gives it: the top-level "text" string, '' when
 * the item is no object or has no "text"; into f (decoded into w's scratch when it holds escapes). 1, or
 * 0 for a row the Python road must write. */
static int question_of(dd_csv_answers *w, field *f, const unsigned char *s, int n) {
    json_reader r = {s, n, 0};
    int kind = 0, start = 0, end = 0, escaped = 0;
    if (!json_document(&r, &kind, &start, &end, &escaped) || kind == 2) return 0;
    if (kind == 0) {
        f->bytes = (const unsigned char *)"";
        f->length = 0;
        return 1;
    }
    if (!escaped) {
        f->bytes = s + start;
        f->length = end - start;
        return 1;
    }
    if (!buffer_reserve(&w->scratch, (size_t)(end - start))) return 0;
    unsigned char *to = w->scratch.data;
    for (int i = start; i < end; i++) {
        unsigned char c = s[i];
        if (c == '\\') {
            c = s[++i];
            c = c == 'n' ? '\n' : c == 'r' ? '\r' : c == 't' ? '\t' : c;
        }
        *to++ = c;
    }
    f->bytes = w->scratch.data;
    f->length = (int)(to - w->scratch.data);
    return 1;
}

/* ------------------------------------------------------------------ times as SQLite's datetime(x, 'localtime') */

/* SQLite's datetime(t1, 'localtime') and datetime(t2, 'localtime') (t2 may be NULL) into a and b (40 bytes
 * each, "" for NULL): 1, or 0 when SQLite fails or gives more than fits. */
static int sqlite_local_times(dd_csv_answers *w, const char *t1, int n1, const char *t2, char *a, char *b) {
    sqlite3_stmt *st = w->local_time;
    int ok = sqlite3_bind_text(st, 1, t1, n1, SQLITE_TRANSIENT) == SQLITE_OK
             && (t2 ? sqlite3_bind_text(st, 2, t2, -1, SQLITE_TRANSIENT) : sqlite3_bind_null(st, 2)) == SQLITE_OK
             && sqlite3_step(st) == SQLITE_ROW;
    for (int column = 0; ok && column < 2; column++) {
        char *to = column == 0 ? a : b;
        const unsigned char *text = sqlite3_column_text(st, column);
        int n = sqlite3_column_bytes(st, column);
        if (n >= 40) ok = 0;
        else {
            if (n && text) memcpy(to, text, (size_t)n);
            to[text ? n : 0] = 0;
        }
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return ok;
}

static int digits_at(const unsigned char *s, const char *pattern) {
    for (int i = 0; pattern[i]; i++)
        if (pattern[i] == 'd' ? !(s[i] >= '0' && s[i] <= '9') : s[i] != (unsigned char)pattern[i]) return 0;
    return 1;
}

/* Whether t (27 bytes, the program's "YYYY-MM-DDTHH:MM:SS.ffffffZ") names a real moment whose fraction of a
 * second SQLite cannot round up: SQLite moves a day past the month's end into the next month, and rounds
 * to the millisecond on the way to local time (so .9995 can become the next second). */
static int plain_moment(const unsigned char *t) {
    if (!digits_at(t, "dddd-dd-ddTdd:dd:dd.ddddddZ")) return 0;
    int year = (t[0] - '0') * 1000 + (t[1] - '0') * 100 + (t[2] - '0') * 10 + (t[3] - '0');
    int month = (t[5] - '0') * 10 + (t[6] - '0');
    int day = (t[8] - '0') * 10 + (t[9] - '0');
    int hour = (t[11] - '0') * 10 + (t[12] - '0');
    static const int DAYS[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (year < 1 || month < 1 || month > 12 || day < 1 || hour > 23 || t[14] > '5' || t[17] > '5') return 0;
    int leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    if (day > DAYS[month - 1] + (month == 2 && leap)) return 0;
    return !(t[20] == '9' && t[21] == '9' && t[22] == '9');
}

/* The local time of a stored UTC time, as datetime(text, 'localtime') gives it, into f->number (f->bytes
 * and f->length point there; length 0 for SQLite's NULL): 1, or 0 when SQLite could not say.
 *
 * Rows come in time order, so SQLite is asked once per UTC hour for the local times of its first and last
 * second; where those are one local hour apart by exactly 59:59 (the offset is whole hours and does not
 * change within the hour) every plain_moment in it is that local hour with the stored minutes and seconds.
 * Any other time, or an hour a change of offset or a part-hour zone touches, is given
 * to SQLite as it is. */
static int local_time(dd_csv_answers *w, const unsigned char *t, int n, field *f) {
    char first[40], last[40];
    f->bytes = (const unsigned char *)f->number;
    if (n == 27 && plain_moment(t)) {
        if (memcmp(w->hour_key, t, 13) != 0) {
            char start[20], end[20];
            memcpy(start, t, 13);
            memcpy(start + 13, ":00:00", 7);
            memcpy(end, t, 13);
            memcpy(end + 13, ":59:59", 7);
            memcpy(w->hour_key, t, 13);
            w->hour_shifts_whole = 0;
            if (!sqlite_local_times(w, start, -1, end, first, last)) {
                w->hour_key[0] = 0;
                return 0;
            }
            if (strlen(first) == 19 && strlen(last) == 19 && memcmp(first, last, 14) == 0
                    && strcmp(first + 14, "00:00") == 0 && strcmp(last + 14, "59:59") == 0) {
                memcpy(w->local_hour, first, 14);
                w->hour_shifts_whole = 1;
            }
        }
        if (w->hour_shifts_whole) {
            memcpy(f->number, w->local_hour, 14);
            memcpy(f->number + 14, t + 14, 5);
            f->length = 19;
            return 1;
        }
    }
    if (!sqlite_local_times(w, (const char *)t, n, NULL, first, last)) return 0;
    f->length = (int)strlen(first);
    memcpy(f->number, first, (size_t)f->length);
    return 1;
}

/* Python's round(value, 3) as repr writes it, into `text`: its length, or -1 where Python must write it.
 * Python rounds the exact binary value to the nearest millisecond (ties, which only an exact binary tie such
 * as 0.0625 can be, to even) and returns the double nearest that decimal; printf's "%.3f" is that same
 * correctly rounded decimal, and strtod gives the double nearest it (SQLite's round() is not exact: it
 * gives 1.001 for 1.0005, whose stored double lies below the tie). */
static int python_milliseconds(double value, char *text) {
    if (!isfinite(value) || fabs(value) >= 1e15) return -1;
    char fixed[40];
    snprintf(fixed, sizeof fixed, "%.3f", value);
    return dd_csv_python_float(strtod(fixed, NULL), text);
}

/* Reads field `column` of the row (statement column column + 1): 1, or 0 when Python must write the row. */
static int look_at_field(dd_csv_answers *w, int column, int *semicolon) {
    field *f = &w->fields[column];
    char kind = w->kinds[column];
    int type = sqlite3_column_type(w->statement, column + 1);
    f->type = type;
    f->bytes = NULL;
    f->length = 0;
    switch (type) {
    case SQLITE_NULL:
        return kind != 'r' && kind != 'q' && kind != 'a';
    case SQLITE_TEXT:
        if (kind == 'n' || kind == 's') return 0;
        f->bytes = sqlite3_column_text(w->statement, column + 1);
        f->length = sqlite3_column_bytes(w->statement, column + 1);
        if (kind == 'q' || kind == 'a') {
            json_reader r = {f->bytes, f->length, 0};
            if (f->bytes == NULL) return 0;
            if (kind == 'q' && !question_of(w, f, f->bytes, f->length)) return 0;
            if (kind == 'a' && !json_document(&r, NULL, NULL, NULL, NULL)) return 0;
        }
        if (kind == 'u') {
            if (f->bytes == NULL || !local_time(w, f->bytes, f->length, f)) return 0;
            if (f->length == 0) {          /* not a time SQLite reads: NULL, an empty field */
                f->type = SQLITE_NULL;
                return 1;
            }
        }
        if (!look_at_text(f, semicolon)) return 0;
        if (kind == 'm' || kind == 'u') f->formula = 0;
        return 1;
    case SQLITE_INTEGER:
        if (kind == 's') {
            f->type = SQLITE_FLOAT;
            f->length = python_milliseconds((double)sqlite3_column_int64(w->statement, column + 1), f->number);
            return f->length > 0;
        }
        if (kind != 'n') return 0;
        f->length = integer_text(sqlite3_column_int64(w->statement, column + 1), f->number);
        return 1;
    case SQLITE_FLOAT:
        if (kind == 's') {
            f->length = python_milliseconds(sqlite3_column_double(w->statement, column + 1), f->number);
            return f->length > 0;
        }
        if (kind != 'n') return 0;
        f->length = dd_csv_python_float(sqlite3_column_double(w->statement, column + 1), f->number);
        return f->length > 0;
    default:
        return 0;
    }
}

/* Appends the looked-at row to w->out: 1, or 0 out of memory. */
static int write_row(dd_csv_answers *w, int quote_all_text) {
    size_t most = 2;
    for (int k = 0; k < w->field_count; k++) most += (size_t)w->fields[k].length + (size_t)w->fields[k].quotes + 4;
    if (!buffer_reserve(&w->out, most)) return 0;
    unsigned char *to = w->out.data + w->out.length;
    for (int k = 0; k < w->field_count; k++) {
        const field *f = &w->fields[k];
        if (k > 0) *to++ = ',';
        if (f->type == SQLITE_INTEGER || f->type == SQLITE_FLOAT) {
            memcpy(to, f->number, (size_t)f->length);
            to += f->length;
            continue;
        }
        int quoted = quote_all_text || (f->type == SQLITE_TEXT && f->needs_quotes);
        if (quoted) *to++ = '"';
        if (f->formula) *to++ = '\'';
        if (f->quotes == 0) {
            if (f->length) memcpy(to, f->bytes, (size_t)f->length);
            to += f->length;
        } else {
            for (int i = 0; i < f->length; i++) {
                if (f->bytes[i] == '"') *to++ = '"';
                *to++ = f->bytes[i];
            }
        }
        if (quoted) *to++ = '"';
    }
    *to++ = '\r';
    *to++ = '\n';
    w->out.length = (size_t)(to - w->out.data);
    return 1;
}

/* ------------------------------------------------------------------ the writer */

dd_csv_answers *dd_csv_answers_open(const char *path, const char *sql, const char *const *parameters,
                                    int parameter_count, const char *kinds, dd_csv_batch *out) {
    if (out == NULL) return NULL;
    start_batch(out);
    if (path == NULL || sql == NULL || kinds == NULL || parameter_count < 0 || (parameter_count && !parameters)) {
        set_message(out, "no file, query or kinds", NULL);
        return NULL;
    }
    size_t field_count = strlen(kinds);
    if (field_count < 2 || field_count > 1000 || strspn(kinds, "trmunsqa") != field_count) {
        set_message(out, "the kinds must be two or more of the letters t, r, m, u, n, s, q and a", NULL);
        return NULL;
    }
    if (strchr(kinds, 'q') != strrchr(kinds, 'q')) {        /* one scratch buffer, for one question */
        set_message(out, "at most one question field", NULL);
        return NULL;
    }
    dd_csv_answers *w = calloc(1, sizeof *w);
    if (w == NULL) {
        set_message(out, "out of memory", NULL);
        return NULL;
    }
    w->field_count = (int)field_count;
    w->kinds = malloc(field_count + 1);
    w->fields = calloc(field_count, sizeof *w->fields);
    if (w->kinds == NULL || w->fields == NULL) {
        set_message(out, "out of memory", NULL);
        dd_csv_answers_close(w);
        return NULL;
    }
    memcpy(w->kinds, kinds, field_count + 1);
    /* One thread uses this connection: no mutex around every column read. */
    if (sqlite3_open_v2(path, &w->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
        set_message(out, "cannot open the records file", w->db);
        dd_csv_answers_close(w);
        return NULL;
    }
    sqlite3_busy_timeout(w->db, 30000);
    const char *rest = NULL;
    if (sqlite3_prepare_v2(w->db, "SELECT datetime(?1, 'localtime'), datetime(?2, 'localtime')", -1,
                           &w->local_time, NULL) != SQLITE_OK
            || sqlite3_prepare_v2(w->db, sql, -1, &w->statement, &rest) != SQLITE_OK || w->statement == NULL) {
        set_message(out, "cannot read the answers", w->db);
        dd_csv_answers_close(w);
        return NULL;
    }
    if (rest != NULL && rest[strspn(rest, " \t\r\n;")] != 0) {
        set_message(out, "more than one statement", NULL);
        dd_csv_answers_close(w);
        return NULL;
    }
    if (!sqlite3_stmt_readonly(w->statement) || sqlite3_column_count(w->statement) != w->field_count + 1
            || sqlite3_bind_parameter_count(w->statement) != parameter_count) {
        set_message(out, "the query is not a read of an answer id and one column per kind, with every parameter",
                    NULL);
        dd_csv_answers_close(w);
        return NULL;
    }
    for (int k = 0; k < parameter_count; k++) {
        if (parameters[k] == NULL || sqlite3_bind_text(w->statement, k + 1, parameters[k], -1, SQLITE_TRANSIENT)
                != SQLITE_OK) {
            set_message(out, "cannot bind a parameter", w->db);
            dd_csv_answers_close(w);
            return NULL;
        }
    }
    out->status = DD_CSV_MORE;
    return w;
}

int dd_csv_answers_next(dd_csv_answers *w, int64_t max_rows, dd_csv_batch *out) {
    if (out == NULL) return DD_CSV_ERROR;
    start_batch(out);
    if (w == NULL) {
        set_message(out, "no writer", NULL);
        return DD_CSV_ERROR;
    }
    w->out.length = 0;
    if (w->finished) {
        out->status = DD_CSV_DONE;
        return out->status;
    }
    while (out->rows < max_rows) {
        int stepped = sqlite3_step(w->statement);
        if (stepped == SQLITE_DONE) {
            w->finished = 1;
            out->status = DD_CSV_DONE;
            break;
        }
        if (stepped != SQLITE_ROW) {
            set_message(out, "cannot read the answers", w->db);
            w->finished = 1;
            out->status = DD_CSV_ERROR;
            break;
        }
        if (sqlite3_column_type(w->statement, 0) != SQLITE_INTEGER) {
            set_message(out, "an answer without an integer id", NULL);
            w->finished = 1;
            out->status = DD_CSV_ERROR;
            break;
        }
        int semicolon = 0, plain = 1;
        for (int k = 0; k < w->field_count && plain; k++) plain = look_at_field(w, k, &semicolon);
        if (!plain) {
            out->declined_id = sqlite3_column_int64(w->statement, 0);
            out->status = DD_CSV_DECLINED;
            break;
        }
        if (!write_row(w, semicolon)) {
            set_message(out, "out of memory", NULL);
            w->finished = 1;
            out->status = DD_CSV_ERROR;
            break;
        }
        out->rows++;
        out->status = DD_CSV_MORE;
    }
    if (out->status == DD_CSV_ERROR) {
        out->rows = 0;
        w->out.length = 0;
    }
    out->data = w->out.data;
    out->length = w->out.length;
    return out->status;
}

void dd_csv_answers_close(dd_csv_answers *w) {
    if (w == NULL) return;
    sqlite3_finalize(w->statement);
    sqlite3_finalize(w->local_time);
    sqlite3_close(w->db);
    free(w->out.data);
    free(w->scratch.data);
    free(w->fields);
    free(w->kinds);
    free(w);
}
