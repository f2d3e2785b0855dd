/* Dealer Drill records: the answer lines of a records file being imported (see dd_answer_lines.h).
 *
 * Every function here answers "taken or not" and never guesses: a byte sequence it is not sure Python's
 * json module reads the same way (or at all) makes the line not taken, and Python reads it instead. The
 * rules followed are those of CPython's C JSON scanner with strict=True (Modules/_json.c), which the import
 * uses: JSON whitespace is space, tab, newline and carriage return; strings hold no raw byte below 0x20;
 * escapes are \" \\ \/ \b \f \n \r \t and \u with four hex digits; numbers are -?(0|[1-9][0-9]*)(.[0-9]+)?
 * ([eE][+-]?[0-9]+)?; NaN and Infinity, which Python also reads, are simply not taken here, and neither is a
 * whole number of more digits than Python's int() converts (it raises ValueError, so json.loads refuses it).
 */
#include "dd_answer_lines.h"

#include <string.h>

/* Deeper than anything Dealer Drill writes, and far below where Python's scanner gives up (RecursionError),
 * so a text taken here is always one Python reads. */
#define MAX_DEPTH 64
#define TIME_LENGTH 27
/* The most digits of a whole number in an item or answer taken here: Python's smallest limit on the digits
 * int() converts (sys.int_info.str_digits_check_threshold), whatever sys.set_int_max_str_digits says. */
#define MAX_INT_DIGITS 640

typedef struct cursor {
    const unsigned char *p;
    const unsigned char *end;
} cursor;

/* What a string held, once unescaped. */
typedef struct text {
    size_t bytes;        /* UTF-8 bytes written */
    size_t chars;        /* code points (Python's len) */
    int plain;           /* every character printable ASCII (0x20 to 0x7E): Python's isprintable() holds */
    int blank;           /* no character other than a space: with `plain`, Python's isspace() holds */
} text;

static void skip_space(cursor *c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\r' || *c->p == '\n'))
        c->p++;
}

static int take_byte(cursor *c, unsigned char wanted)
{
    if (c->p < c->end && *c->p == wanted) {
        c->p++;
        return 1;
    }
    return 0;
}

static int take_word(cursor *c, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(c->end - c->p) >= n && memcmp(c->p, word, n) == 0) {
        c->p += n;
        return 1;
    }
    return 0;
}

static int hex_value(unsigned char h)
{
    if (h >= '0' && h <= '9')
        return h - '0';
    if (h >= 'a' && h <= 'f')
        return h - 'a' + 10;
    if (h >= 'A' && h <= 'F')
        return h - 'A' + 10;
    return -1;
}

/* Four hex digits at c->p (after "\u"), or -1. */
static long take_hex4(cursor *c)
{
    long value = 0;
    int k;
    if (c->end - c->p < 4)
        return -1;
    for (k = 0; k < 4; k++) {
        int digit = hex_value(c->p[k]);
        if (digit < 0)
            return -1;
        value = value * 16 + digit;
    }
    c->p += 4;
    return value;
}

/* The escape after a backslash (c->p just past the backslash): the code unit it stands for in *unit, for
 * \u its four hex digits' value, whatever it is (a surrogate, a NUL: what a caller accepts is its own
 * rule). 0 for an escape JSON does not have. */
static int take_escape(cursor *c, long *unit)
{
    if (c->p >= c->end)
        return 0;
    switch (*c->p++) {
    case '"': *unit = '"'; return 1;
    case '\\': *unit = '\\'; return 1;
    case '/': *unit = '/'; return 1;
    case 'b': *unit = '\b'; return 1;
    case 'f': *unit = '\f'; return 1;
    case 'n': *unit = '\n'; return 1;
    case 'r': *unit = '\r'; return 1;
    case 't': *unit = '\t'; return 1;
    case 'u': *unit = take_hex4(c); return *unit >= 0;
    default: return 0;
    }
}

/* The length of the well-formed UTF-8 sequence at p (Unicode's table 3-7: no overlong forms, no
 * surrogates, nothing above U+10FFFF), or 0. */
static size_t utf8_sequence(const unsigned char *p, const unsigned char *end)
{
    size_t left = (size_t)(end - p), n, k;
    unsigned char b = p[0], low = 0x80, high = 0xBF;
    if (b < 0x80)
        return 1;
    if (b >= 0xC2 && b <= 0xDF)
        n = 2;
    else if (b >= 0xE0 && b <= 0xEF) {
        n = 3;
        if (b == 0xE0)
            low = 0xA0;
        else if (b == 0xED)
            high = 0x9F;
    } else if (b >= 0xF0 && b <= 0xF4) {
        n = 4;
        if (b == 0xF0)
            low = 0x90;
        else if (b == 0xF4)
            high = 0x8F;
    } else
        return 0;
    if (left < n || p[1] < low || p[1] > high)
        return 0;
    for (k = 2; k < n; k++)
        if (p[k] < 0x80 || p[k] > 0xBF)
            return 0;
    return n;
}

static size_t put_utf8(unsigned char *dst, unsigned long cp)
{
    if (cp < 0x80) {
        dst[0] = (unsigned char)cp;
        return 1;
    }
    if (cp < 0x800) {
        dst[0] = (unsigned char)(0xC0 | (cp >> 6));
        dst[1] = (unsigned char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        dst[0] = (unsigned char)(0xE0 | (cp >> 12));
        dst[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        dst[2] = (unsigned char)(0x80 | (cp & 0x3F));
        return 3;
    }
    dst[0] = (unsigned char)(0xF0 | (cp >> 18));
    dst[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
    dst[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
    dst[3] = (unsigned char)(0x80 | (cp & 0x3F));
    return 4;
}

/* The JSON string at c->p (its opening quote), unescaped into dst, which has room for as many bytes as the
 * string takes in the line (unescaping never lengthens). Not taken: a raw byte below 0x20, a bad escape,
 * bytes that are not UTF-8, a NUL or a lone surrogate (text the records refuse), no closing quote. */
static int take_string(cursor *c, unsigned char *dst, text *t)
{
    size_t w = 0;
    t->chars = 0;
    t->plain = 1;
    t->blank = 1;
    if (!take_byte(c, '"'))
        return 0;
    for (;;) {
        unsigned long cp;
        unsigned char b;
        if (c->p >= c->end)
            return 0;
        b = *c->p;
        if (b >= 0x20 && b <= 0x7E && b != '"' && b != '\\') {
            /* Most of a line: a run of printable ASCII, copied at once. */
            const unsigned char *run = c->p;
            while (c->p < c->end && *c->p >= 0x20 && *c->p <= 0x7E && *c->p != '"' && *c->p != '\\') {
                if (*c->p != ' ')
                    t->blank = 0;
                c->p++;
            }
            memcpy(dst + w, run, (size_t)(c->p - run));
            w += (size_t)(c->p - run);
            t->chars += (size_t)(c->p - run);
            continue;
        }
        if (b == '"') {
            c->p++;
            t->bytes = w;
            return 1;
        }
        if (b < 0x20)
            return 0;
        if (b == '\\') {
            long unit, second;
            c->p++;
            if (!take_escape(c, &unit) || unit == 0)           /* a bad escape, or a NUL */
                return 0;
            if (unit >= 0xDC00 && unit <= 0xDFFF)              /* a low surrogate on its own */
                return 0;
            if (unit >= 0xD800 && unit <= 0xDBFF) {            /* a pair, or a lone high surrogate */
                if (!take_byte(c, '\\') || !take_escape(c, &second) || second < 0xDC00 || second > 0xDFFF)
                    return 0;
                cp = 0x10000 + (((unsigned long)unit - 0xD800) << 10) + ((unsigned long)second - 0xDC00);
            } else
                cp = (unsigned long)unit;
            w += put_utf8(dst + w, cp);
        } else {
            size_t n = utf8_sequence(c->p, c->end);
            if (n == 0)
                return 0;
            memcpy(dst + w, c->p, n);
            w += n;
            c->p += n;
            cp = b < 0x80 ? b : 0x80;                      /* only whether it is plain ASCII matters below */
        }
        t->chars++;
        if (cp < 0x20 || cp > 0x7E)
            t->plain = 0;
        if (cp != ' ')
            t->blank = 0;
    }
}

/* ------------------------------------------------------------------------ a JSON text, as Python reads it */

static int valid_value(cursor *c, int depth);

/* A string inside a JSON text: only checked (any \u escape is fine here, as for Python). */
static int valid_string(cursor *c)
{
    if (!take_byte(c, '"'))
        return 0;
    for (;;) {
        unsigned char b;
        if (c->p >= c->end)
            return 0;
        b = *c->p;
        if (b == '"') {
            c->p++;
            return 1;
        }
        if (b < 0x20)
            return 0;
        if (b == '\\') {
            long unit;
            c->p++;
            if (!take_escape(c, &unit))
                return 0;
        } else {
            size_t n = utf8_sequence(c->p, c->end);
            if (n == 0)
                return 0;
            c->p += n;
        }
    }
}

static int take_digits(cursor *c)
{
    const unsigned char *start = c->p;
    while (c->p < c->end && *c->p >= '0' && *c->p <= '9')
        c->p++;
    return c->p > start;
}

static int valid_number(cursor *c)
{
    const unsigned char *digits;
    int whole = 1;
    take_byte(c, '-');
    if (c->p >= c->end)
        return 0;
    digits = c->p;
    if (*c->p == '0')
        c->p++;
    else if (*c->p >= '1' && *c->p <= '9')
        take_digits(c);
    else
        return 0;
    if (take_byte(c, '.')) {
        if (!take_digits(c))
            return 0;
        whole = 0;
    }
    if (c->p < c->end && (*c->p == 'e' || *c->p == 'E')) {
        c->p++;
        if (c->p < c->end && (*c->p == '+' || *c->p == '-'))
            c->p++;
        if (!take_digits(c))
            return 0;
        whole = 0;
    }
    /* A whole number Python reads as an int: past sys.get_int_max_str_digits() digits (4300 unless set; never
     * set lower than 640) int() raises ValueError, so json.loads refuses the text. Not taken from 641. */
    if (whole && c->p - digits > MAX_INT_DIGITS)
        return 0;
    return 1;
}

static int valid_value(cursor *c, int depth)
{
    if (c->p >= c->end)
        return 0;
    switch (*c->p) {
    case '{':
        if (depth >= MAX_DEPTH)
            return 0;
        c->p++;
        skip_space(c);
        if (take_byte(c, '}'))
            return 1;
        for (;;) {
            if (!valid_string(c))
                return 0;
            skip_space(c);
            if (!take_byte(c, ':'))
                return 0;
            skip_space(c);
            if (!valid_value(c, depth + 1))
                return 0;
            skip_space(c);
            if (take_byte(c, '}'))
                return 1;
            if (!take_byte(c, ','))
                return 0;
            skip_space(c);
        }
    case '[':
        if (depth >= MAX_DEPTH)
            return 0;
        c->p++;
        skip_space(c);
        if (take_byte(c, ']'))
            return 1;
        for (;;) {
            if (!valid_value(c, depth + 1))
                return 0;
            skip_space(c);
            if (take_byte(c, ']'))
                return 1;
            if (!take_byte(c, ','))
                return 0;
            skip_space(c);
        }
    case '"':
        return valid_string(c);
    case 't':
        return take_word(c, "true");
    case 'f':
        return take_word(c, "false");
    case 'n':
        return take_word(c, "null");
    default:
        return valid_number(c);
    }
}

/* Whether the bytes are one JSON value from the first byte to the last (Python: the scanner at 0 ends at
 * the text's end, so no space around it). */
static int is_json(const unsigned char *s, size_t n)
{
    cursor c = {s, s + n};
    return valid_value(&c, 0) && c.p == c.end;
}

/* ------------------------------------------------------------------------ one answer line */

static int days_in_month(int year, int month)
{
    static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (month == 2 && year % 4 == 0 && (year % 100 != 0 || year % 400 == 0))
        return 29;
    return days[month - 1];
}

/* A time in the stored form, YYYY-MM-DDTHH:MM:SS.ffffffZ (hours 00 to 23, minutes and seconds 00 to 59), on
 * a real calendar day (Python's date.fromisoformat: years 1 to 9999). */
static int stored_time(const unsigned char *t, size_t n)
{
    static const char form[] = "9999-99-99T99:99:99.999999Z";    /* 9: a digit; anything else: itself */
    int year, month, day;
    size_t k;
    if (n != TIME_LENGTH)
        return 0;
    for (k = 0; k < TIME_LENGTH; k++) {
        if (form[k] == '9' ? (t[k] < '0' || t[k] > '9') : t[k] != (unsigned char)form[k])
            return 0;
    }
    if (t[11] > '2' || (t[11] == '2' && t[12] > '3') || t[14] > '5' || t[17] > '5')
        return 0;
    year = (t[0] - '0') * 1000 + (t[1] - '0') * 100 + (t[2] - '0') * 10 + (t[3] - '0');
    month = (t[5] - '0') * 10 + (t[6] - '0');
    day = (t[8] - '0') * 10 + (t[9] - '0');
    return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= days_in_month(year, month);
}

/* `"name"` then a colon, with JSON whitespace around the colon and after it. */
static int take_key(cursor *c, const char *name)
{
    size_t n = strlen(name);
    if ((size_t)(c->end - c->p) < n + 2 || c->p[0] != '"' || memcmp(c->p + 1, name, n) != 0 || c->p[n + 1] != '"')
        return 0;
    c->p += n + 2;
    skip_space(c);
    if (!take_byte(c, ':'))
        return 0;
    skip_space(c);
    return 1;
}

/* A comma between fields, with whitespace around it. */
static int take_comma(cursor *c)
{
    skip_space(c);
    if (!take_byte(c, ','))
        return 0;
    skip_space(c);
    return 1;
}

typedef struct writer {
    unsigned char *out;
    size_t w;
} writer;

static void end_field(writer *o)
{
    o->out[o->w++] = 0;
}

/* A string field written as it is: at most `most` characters, at least `least`; a label (`label` set) is
 * printable ASCII and not blank. */
static int string_field(cursor *c, writer *o, size_t least, size_t most, int label)
{
    text t;
    if (!take_string(c, o->out + o->w, &t) || t.chars < least || t.chars > most)
        return 0;
    if (label && (!t.plain || t.blank))
        return 0;
    o->w += t.bytes;
    end_field(o);
    return 1;
}

/* A string field that must be a whole JSON text (an item, an answer): 1 to 65536 characters. */
static int json_field(cursor *c, writer *o)
{
    text t;
    if (!take_string(c, o->out + o->w, &t) || t.chars < 1 || t.chars > 65536 || !is_json(o->out + o->w, t.bytes))
        return 0;
    o->w += t.bytes;
    end_field(o);
    return 1;
}

/* true or false, written as "1" or "0". */
static int flag_field(cursor *c, writer *o, int *value)
{
    if (take_word(c, "true"))
        *value = 1;
    else if (take_word(c, "false"))
        *value = 0;
    else
        return 0;
    o->out[o->w++] = (unsigned char)('0' + *value);
    end_field(o);
    return 1;
}

/* A whole number without sign, fraction or exponent, equal to `wanted` (item numbers run 1 to 1,000,000). */
static int seq_field(cursor *c, int64_t wanted)
{
    int64_t value = 0;
    const unsigned char *start = c->p;
    if (c->p >= c->end || *c->p < '1' || *c->p > '9')
        return 0;
    while (c->p < c->end && *c->p >= '0' && *c->p <= '9') {
        if (c->p - start >= 7)
            return 0;
        value = value * 10 + (*c->p++ - '0');
    }
    if (c->p < c->end && (*c->p == '.' || *c->p == 'e' || *c->p == 'E'))
        return 0;
    return value >= 1 && value <= 1000000 && value == wanted;
}

/* Seconds: a number from 0 to 86400 written plainly (no sign, no exponent), copied as its text. */
static int seconds_field(cursor *c, writer *o)
{
    const unsigned char *start = c->p;
    long whole = 0;
    int fraction = 0;
    if (c->p >= c->end)
        return 0;
    if (*c->p == '0')
        c->p++;
    else if (*c->p >= '1' && *c->p <= '9') {
        while (c->p < c->end && *c->p >= '0' && *c->p <= '9') {
            if (c->p - start >= 5)
                return 0;
            whole = whole * 10 + (*c->p++ - '0');
        }
    } else
        return 0;
    if (take_byte(c, '.')) {
        const unsigned char *digits = c->p;
        if (!take_digits(c))
            return 0;
        for (; digits < c->p; digits++)
            fraction |= *digits != '0';
    }
    if (c->p < c->end && (*c->p == 'e' || *c->p == 'E'))
        return 0;
    if (whole > 86400 || (whole == 86400 && fraction))
        return 0;
    memcpy(o->out + o->w, start, (size_t)(c->p - start));
    o->w += (size_t)(c->p - start);
    end_field(o);
    return 1;
}

/* One line (without its newline) into out at *written; 1 when taken. */
static int take_line(const unsigned char *line, size_t n, unsigned char *out, size_t *written,
                     const dd_answer_run *run, int64_t seq, int *right)
{
    cursor c = {line, line + n};
    writer o = {out, *written};
    text session;
    int timed_out;

    if (!take_byte(&c, '{'))
        return 0;
    skip_space(&c);
    if (!take_key(&c, "answer") || !take_byte(&c, '{'))
        return 0;
    skip_space(&c);
    /* The session: unescaped where the next field will go, compared, not kept. */
    if (!take_key(&c, "session") || !take_string(&c, o.out + o.w, &session)
        || session.bytes != run->session_length || memcmp(o.out + o.w, run->session, session.bytes) != 0)
        return 0;
    if (!take_comma(&c) || !take_key(&c, "uuid") || !string_field(&c, &o, 1, 64, 1))
        return 0;
    if (!take_comma(&c) || !take_key(&c, "seq") || !seq_field(&c, seq))
        return 0;
    if (!take_comma(&c) || !take_key(&c, "family") || !string_field(&c, &o, 1, 300, 1))
        return 0;
    if (!take_comma(&c) || !take_key(&c, "item") || !json_field(&c, &o))
        return 0;
    if (!take_comma(&c) || !take_key(&c, "answer") || !json_field(&c, &o))
        return 0;
    if (!take_comma(&c) || !take_key(&c, "expected") || !string_field(&c, &o, 0, 4096, 0))
        return 0;
    if (!take_comma(&c) || !take_key(&c, "given") || !string_field(&c, &o, 0, 4096, 0))
        return 0;
    if (!take_comma(&c) || !take_key(&c, "correct") || !flag_field(&c, &o, right))
        return 0;
    if (!take_comma(&c) || !take_key(&c, "category"))
        return 0;
    if (take_word(&c, "null"))
        end_field(&o);                                     /* empty: null (an empty category is not taken) */
    else if (!string_field(&c, &o, 1, 100, 1))
        return 0;
    if (!take_comma(&c) || !take_key(&c, "rule") || !string_field(&c, &o, 0, 300, 0))
        return 0;
    if (!take_comma(&c) || !take_key(&c, "seconds") || !seconds_field(&c, &o))
        return 0;
    if (!take_comma(&c) || !take_key(&c, "timed_out") || !flag_field(&c, &o, &timed_out))
        return 0;
    if (!take_comma(&c) || !take_key(&c, "answered_at"))
        return 0;
    {
        text at;
        const unsigned char *value = o.out + o.w;
        if (!take_string(&c, o.out + o.w, &at) || !stored_time(value, at.bytes)
            || memcmp(value, run->started, TIME_LENGTH) < 0 || memcmp(value, run->latest, TIME_LENGTH) > 0)
            return 0;
        o.w += at.bytes;
        end_field(&o);
    }
    skip_space(&c);
    if (!take_byte(&c, '}'))
        return 0;
    skip_space(&c);
    if (!take_byte(&c, '}'))
        return 0;
    while (c.p < c.end && (*c.p == ' ' || *c.p == '\t' || *c.p == '\r'))
        c.p++;
    if (c.p != c.end)
        return 0;
    *written = o.w;
    return 1;
}

int dd_answer_lines(const unsigned char *in, size_t length, unsigned char *out, size_t capacity,
                    dd_answer_run *run)
{
    size_t pos = 0;
    if (run == NULL)
        return DD_LINES_NOT_TAKEN;
    run->lines = run->consumed = run->written = 0;
    run->correct = 0;
    if (in == NULL || out == NULL || run->session == NULL || run->started == NULL || run->latest == NULL
        || run->max_line == 0)
        return DD_LINES_NOT_TAKEN;
    for (;;) {
        size_t remaining = length - pos, look = remaining < run->max_line ? remaining : run->max_line, n;
        const unsigned char *newline = look ? memchr(in + pos, '\n', look) : NULL;
        int right = 0;
        if (newline == NULL)
            return remaining >= run->max_line ? DD_LINES_NOT_TAKEN : DD_LINES_NEED_MORE;
        n = (size_t)(newline - (in + pos));
        if (capacity - run->written < n + DD_LINES_FIELDS + 1)
            return DD_LINES_OUT_FULL;
        if (run->next_seq > INT64_MAX - (int64_t)run->lines
            || !take_line(in + pos, n, out, &run->written, run, run->next_seq + (int64_t)run->lines, &right))
            return DD_LINES_NOT_TAKEN;
        pos += n + 1;
        run->lines++;
        run->consumed = pos;
        run->correct += right;
    }
}
