/* Tests of the import's answer-line reader in C (dd_answer_lines.c): lines it takes and the fields it writes,
 * lines it leaves to Python, where runs end (a line not taken, input that ends before a newline, a full
 * output buffer, a line too long) and hostile arguments. Run plain and under AddressSanitizer + UBSan by
 * core_c/tests/run_c_tests.sh; that what it takes Python takes too, with the same values, is
 * tests/records/test_answer_lines.py's job. */
#include "dd_answer_lines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
#define CHECK(condition) do { if (!(condition)) { failures++; \
    fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); } } while (0)

static const char *SESSION = "10000000-0000-4000-8000-000000000001";
static const char *STARTED = "2026-01-01T00:00:00.000000Z";
static const char *LATEST = "2026-06-02T12:00:00.000000Z";

/* An answer line as Dealer Drill writes it, with item number `seq` and the given item text and time. */
static size_t line(char *buffer, size_t size, int seq, const char *item, const char *at) {
    int n = snprintf(buffer, size,
                     "{\"answer\":{\"session\":\"%s\",\"uuid\":\"u-%d\",\"seq\":%d,\"family\":\"banker0.third1\","
                     "\"item\":\"%s\",\"answer\":\"\\\"A\\\"\",\"expected\":\"A\",\"given\":\"B\\u00e9\","
                     "\"correct\":%s,\"category\":%s,\"rule\":\"rule 9.5\",\"seconds\":1.53,\"timed_out\":false,"
                     "\"answered_at\":\"%s\"}}\n",
                     SESSION, seq, seq, item, seq % 2 ? "true" : "false", seq % 2 ? "null" : "\"odds\"", at);
    return n > 0 ? (size_t)n : 0;
}

static dd_answer_run run_for(int64_t next_seq) {
    dd_answer_run run;
    memset(&run, 0, sizeof run);
    run.session = (const unsigned char *)SESSION;
    run.session_length = strlen(SESSION);
    run.started = (const unsigned char *)STARTED;
    run.latest = (const unsigned char *)LATEST;
    run.next_seq = next_seq;
    run.max_line = 1 << 20;
    return run;
}

static unsigned char one_out[32768];       /* the fields of the line one_line read last */

/* What the reader says of one line, item 1 of the session, with this item text and time (run says how
 * much it took). */
static int one_line(const char *item, const char *at, dd_answer_run *run) {
    static char in[16384];
    size_t length = line(in, sizeof in, 1, item, at);
    *run = run_for(1);
    return dd_answer_lines((const unsigned char *)in, length, one_out, sizeof one_out, run);
}

static int count_nuls(const unsigned char *out, size_t n) {
    int nuls = 0;
    size_t k;
    for (k = 0; k < n; k++)
        nuls += out[k] == 0;
    return nuls;
}

static void test_a_run_of_lines_is_taken_with_its_fields(void) {
    char in[4096];
    unsigned char out[8192];
    size_t length = 0;
    int seq;
    dd_answer_run run = run_for(1);
    for (seq = 1; seq <= 3; seq++)
        length += line(in + length, sizeof in - length, seq, "{\\\"text\\\": \\\"Q\\\", \\\"n\\\": [1, 2.5e3]}",
                       "2026-03-04T05:06:07.123456Z");
    CHECK(dd_answer_lines((const unsigned char *)in, length, out, sizeof out, &run) == DD_LINES_NEED_MORE);
    CHECK(run.lines == 3 && run.consumed == length && run.correct == 2);
    CHECK(count_nuls(out, run.written) == 3 * DD_LINES_FIELDS);
    {
        static const char first[] = "u-1\0banker0.third1\0{\"text\": \"Q\", \"n\": [1, 2.5e3]}\0\"A\"\0A\0B\xc3\xa9\0"
                                    "1\0\0rule 9.5\0" "1.53\0" "0\0" "2026-03-04T05:06:07.123456Z";
        CHECK(run.written > sizeof first && memcmp(out, first, sizeof first) == 0);
    }
}

static void test_a_run_ends_before_a_line_it_does_not_take(void) {
    char in[4096];
    unsigned char out[8192];
    size_t one, length;
    dd_answer_run run = run_for(1);
    one = line(in, sizeof in, 1, "{}", "2026-03-04T05:06:07.123456Z");
    length = one + line(in + one, sizeof in - one, 2, "{not json", "2026-03-04T05:06:07.123456Z");
    CHECK(dd_answer_lines((const unsigned char *)in, length, out, sizeof out, &run) == DD_LINES_NOT_TAKEN);
    CHECK(run.lines == 1 && run.consumed == one);
    /* the wrong item number, a day that does not exist, a time before the session, another kind of line */
    run = run_for(2);
    CHECK(dd_answer_lines((const unsigned char *)in, one, out, sizeof out, &run) == DD_LINES_NOT_TAKEN && !run.lines);
    CHECK(one_line("{}", "2026-02-29T05:06:07.123456Z", &run) == DD_LINES_NOT_TAKEN);
    CHECK(one_line("{}", "2025-12-31T23:59:59.999999Z", &run) == DD_LINES_NOT_TAKEN);
    strcpy(in, "{\"session\":{}}\n");
    CHECK(dd_answer_lines((const unsigned char *)in, strlen(in), out, sizeof out, &run) == DD_LINES_NOT_TAKEN);
}

static void test_escapes_are_read_as_python_reads_them(void) {
    dd_answer_run run;
    /* a surrogate pair in the item's text is one character; a lone surrogate or a NUL is never taken */
    CHECK(one_line("\\\"\\ud83c\\udca1\\\"", "2026-03-04T05:06:07.123456Z", &run) == DD_LINES_NEED_MORE);
    CHECK(run.lines == 1 && memcmp(one_out + strlen("u-1") + 1 + strlen("banker0.third1") + 1, "\"\xf0\x9f\x82\xa1\"", 6)
          == 0);
    CHECK(one_line("\\\"\\ud83c\\\"", "2026-03-04T05:06:07.123456Z", &run) == DD_LINES_NOT_TAKEN);
    CHECK(one_line("\\\"\\u0000\\\"", "2026-03-04T05:06:07.123456Z", &run) == DD_LINES_NOT_TAKEN);
    /* inside the item's own JSON any \u escape is JSON, as Python reads it */
    CHECK(one_line("\\\"\\\\ud800\\\\u0000\\\"", "2026-03-04T05:06:07.123456Z", &run) == DD_LINES_NEED_MORE);
    /* bytes that are not UTF-8 (an encoded surrogate, an overlong slash) */
    CHECK(one_line("\\\"\xed\xa0\x80\\\"", "2026-03-04T05:06:07.123456Z", &run) == DD_LINES_NOT_TAKEN);
    CHECK(one_line("\\\"\xc0\xaf\\\"", "2026-03-04T05:06:07.123456Z", &run) == DD_LINES_NOT_TAKEN);
}

/* A whole number of more digits than Python's int() converts (4300 by default, never fewer than 640) makes
 * json.loads refuse the item: from 641 digits it is not taken; a fraction or an exponent makes it a float,
 * which Python reads at any length. */
static void test_whole_numbers_python_cannot_read_are_not_taken(void) {
    char item[8192];
    dd_answer_run run;
    memset(item, 0, sizeof item);
    item[0] = '[';
    memset(item + 1, '7', 640);
    item[641] = ']';
    CHECK(one_line(item, "2026-03-04T05:06:07.123456Z", &run) == DD_LINES_NEED_MORE);
    CHECK(run.lines == 1);
    memset(item + 1, '7', 641);               /* 641 digits */
    item[642] = ']';
    CHECK(one_line(item, "2026-03-04T05:06:07.123456Z", &run) == DD_LINES_NOT_TAKEN);
    item[0] = '-';                            /* a sign is not a digit: still 641 digits */
    item[642] = 0;
    CHECK(one_line(item, "2026-03-04T05:06:07.123456Z", &run) == DD_LINES_NOT_TAKEN);
    memset(item, '1', 4301);                  /* Python's default limit and past it */
    item[4301] = 0;
    CHECK(one_line(item, "2026-03-04T05:06:07.123456Z", &run) == DD_LINES_NOT_TAKEN);
    memcpy(item + 4301, ".5", 3);             /* a float: Python reads it */
    CHECK(one_line(item, "2026-03-04T05:06:07.123456Z", &run) == DD_LINES_NEED_MORE);
    memcpy(item + 4301, "e5", 3);
    CHECK(one_line(item, "2026-03-04T05:06:07.123456Z", &run) == DD_LINES_NEED_MORE);
}

static void test_runs_end_where_the_buffers_end(void) {
    char in[4096];
    unsigned char out[8192];
    size_t one, length;
    dd_answer_run run = run_for(1);
    one = line(in, sizeof in, 1, "{}", "2026-03-04T05:06:07.123456Z");
    length = one + line(in + one, sizeof in - one, 2, "{}", "2026-03-04T05:06:07.123456Z");
    /* the second line without its newline: the input ends before it can be seen whole */
    CHECK(dd_answer_lines((const unsigned char *)in, length - 1, out, sizeof out, &run) == DD_LINES_NEED_MORE);
    CHECK(run.lines == 1 && run.consumed == one);
    /* room for one line's fields only */
    CHECK(dd_answer_lines((const unsigned char *)in, length, out, one + DD_LINES_FIELDS + 1, &run)
          == DD_LINES_OUT_FULL);
    CHECK(run.lines == 1);
    /* a line longer than max_line is not taken (Python says it is too long) */
    run.max_line = one - 1;
    CHECK(dd_answer_lines((const unsigned char *)in, length, out, sizeof out, &run) == DD_LINES_NOT_TAKEN);
    CHECK(run.lines == 0);
    run.max_line = one;                       /* the first line exactly; the second (marked wrong) is longer */
    CHECK(dd_answer_lines((const unsigned char *)in, length, out, sizeof out, &run) == DD_LINES_NOT_TAKEN);
    CHECK(run.lines == 1);
    run.max_line = length - one;
    CHECK(dd_answer_lines((const unsigned char *)in, length, out, sizeof out, &run) == DD_LINES_NEED_MORE);
    CHECK(run.lines == 2);
}

static void test_hostile_arguments_take_nothing(void) {
    unsigned char out[64];
    dd_answer_run run = run_for(1);
    CHECK(dd_answer_lines(NULL, 10, out, sizeof out, &run) == DD_LINES_NOT_TAKEN && run.lines == 0);
    CHECK(dd_answer_lines((const unsigned char *)"\n", 1, NULL, 0, &run) == DD_LINES_NOT_TAKEN);
    CHECK(dd_answer_lines((const unsigned char *)"\n", 1, out, sizeof out, NULL) == DD_LINES_NOT_TAKEN);
    run.session = NULL;
    CHECK(dd_answer_lines((const unsigned char *)"\n", 1, out, sizeof out, &run) == DD_LINES_NOT_TAKEN);
    run = run_for(INT64_MAX);
    CHECK(dd_answer_lines((const unsigned char *)"\n", 1, out, sizeof out, &run) == DD_LINES_NOT_TAKEN);
    run = run_for(1);
    CHECK(dd_answer_lines((const unsigned char *)"", 0, out, sizeof out, &run) == DD_LINES_NEED_MORE);
}

int main(void) {
    test_a_run_of_lines_is_taken_with_its_fields();
    test_a_run_ends_before_a_line_it_does_not_take();
    test_escapes_are_read_as_python_reads_them();
    test_whole_numbers_python_cannot_read_are_not_taken();
    test_runs_end_where_the_buffers_end();
    test_hostile_arguments_take_nothing();
    if (failures) {
        fprintf(stderr, "test_answer_lines: %d checks failed\n", failures);
        return 1;
    }
    printf("test_answer_lines: all checks passed\n");
    return 0;
}
