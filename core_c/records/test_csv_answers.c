/* Tests of the CSV export's answer lines in C (dd_csv_answers.c) on files it must survive: sound ones, ones
 * with values it must leave to Python, and hostile ones (garbage, missing files, queries that write, wrong
 * kinds, huge texts, tiny batches). Run plain and under AddressSanitizer + UBSan by core_c/tests/run_c_tests.sh;
 * that its bytes equal the Python road's is tests/records/test_csv_export_c_road.py's job. */
#define _POSIX_C_SOURCE 200809L      /* setenv */
#include "dd_csv_answers.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
#define CHECK(condition) do { if (!(condition)) { failures++; \
    fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); } } while (0)

static void run(sqlite3 *db, const char *sql) {
    char *error = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &error) != SQLITE_OK) {
        fprintf(stderr, "setup failed: %s\n%s\n", error, sql);
        exit(2);
    }
}

static void check_float(double value, const char *expected) {
    char text[40];
    int n = dd_csv_python_float(value, text);
    if (expected == NULL) {
        CHECK(n == -1);
        return;
    }
    CHECK(n == (int)strlen(expected) && memcmp(text, expected, (size_t)n) == 0);
    if (!(n == (int)strlen(expected) && memcmp(text, expected, (size_t)n) == 0))
        fprintf(stderr, "  %.17g gave %.*s, not %s\n", value, n > 0 ? n : 0, text, expected);
}

static void test_floats_print_as_python_repr(void) {
    check_float(2.0, "2.0");
    check_float(0.1, "0.1");
    check_float(0.1 + 0.2, "0.30000000000000004");
    check_float(-0.0, "-0.0");
    check_float(0.0, "0.0");
    check_float(0.0001, "0.0001");
    check_float(123456789.123, "123456789.123");
    check_float(1e15, "1000000000000000.0");
    check_float(9999999999999998.0, "9999999999999998.0");
    check_float(-12.345, "-12.345");
    check_float(86399.9995, "86399.9995");
    check_float(1.5e-4, "0.00015");
    check_float(1e16, NULL);                  /* repr: 1e+16 */
    check_float(1e-05, NULL);                 /* repr: 1e-05 */
    check_float(5e-324, NULL);
    check_float(1e300, NULL);
}

/* Everything the writer gives for `sql` over the file, batches of max_rows joined; declined ids in *declined. */
static char *read_all(const char *path, const char *sql, const char *kinds, int64_t max_rows, int64_t *declined,
                      int *declined_count, int *final_status) {
    dd_csv_batch batch;
    dd_csv_answers *w = dd_csv_answers_open(path, sql, NULL, 0, kinds, &batch);
    *declined_count = 0;
    *final_status = batch.status;
    if (w == NULL) return NULL;
    size_t length = 0;
    char *all = malloc(1);
    int status;
    do {
        status = dd_csv_answers_next(w, max_rows, &batch);
        all = realloc(all, length + batch.length + 1);
        if (batch.length) memcpy(all + length, batch.data, batch.length);
        length += batch.length;
        if (status == DD_CSV_DECLINED) declined[(*declined_count)++] = batch.declined_id;
    } while (status == DD_CSV_MORE || status == DD_CSV_DECLINED);
    all[length] = 0;
    *final_status = status;
    dd_csv_answers_close(w);
    return all;
}

static void test_rows_are_written_as_the_csv_module_writes_them(const char *path) {
    sqlite3 *db;
    remove(path);
    sqlite3_open(path, &db);
    run(db, "CREATE TABLE answers (id INTEGER PRIMARY KEY, a, b, n, at);"
            "INSERT INTO answers VALUES (1, 'plain', 'comma, \"quote\"', 3, '2026-03-02T09:00:03.000000Z');"
            "INSERT INTO answers VALUES (2, '=formula', NULL, 2.5, NULL);"
            "INSERT INTO answers VALUES (3, 'semi;colon', '', NULL, 'not a time');"
            "INSERT INTO answers VALUES (4, 'ctrl' || char(1), 'x', 1, NULL);"           /* left to Python */
            "INSERT INTO answers VALUES (5, 'line\nfeed', '-minus', -9223372036854775808, NULL);"
            "INSERT INTO answers VALUES (6, 'n', 'x', 'seven', NULL);"                   /* text as a number */
            "INSERT INTO answers VALUES (7, x'00ff', 'x', 1, NULL);"                     /* a blob */
            "INSERT INTO answers VALUES (8, 'T' || char(0xFFFE), 'x', 1, NULL);"         /* U+FFFE */
            "INSERT INTO answers VALUES (9, 'Tāne 🎲', NULL, 1e16, NULL);"               /* repr: 1e+16 */
            "INSERT INTO answers VALUES (10, 'end', 'r', 0, '2026-02-31T10:59:59.999999Z');");
    sqlite3_close(db);
    const char *expected =
        "plain,\"comma, \"\"quote\"\"\",3,2026-03-02 09:00:03\r\n"
        "'=formula,,2.5,\r\n"
        "\"semi;colon\",\"\",\"\",\"\"\r\n"
        "\"line\nfeed\",'-minus,-9223372036854775808,\r\n"
        "end,r,0,2026-03-03 11:00:00\r\n";
    int64_t declined[16];
    int declined_count, status;
    for (int64_t max_rows = 1; max_rows <= 100; max_rows += 99) {
        char *all = read_all(path, "SELECT id, a, b, n, datetime(at, 'localtime') FROM answers ORDER BY id", "ttnm",
                             max_rows, declined, &declined_count, &status);
        CHECK(all != NULL && status == DD_CSV_DONE);
        CHECK(all != NULL && strcmp(all, expected) == 0);
        CHECK(declined_count == 5 && declined[0] == 4 && declined[1] == 6 && declined[2] == 7 && declined[3] == 8
              && declined[4] == 9);
        free(all);
    }
    /* 'u': SQLite's local time of the stored text, asked once per hour or row by row; 'r': NULL is Python's. */
    setenv("TZ", "UTC", 1);
    char *all = read_all(path, "SELECT id, at, b FROM answers WHERE id IN (1, 3, 10) ORDER BY id", "ur", 100,
                         declined, &declined_count, &status);
    CHECK(all != NULL && strcmp(all, "2026-03-02 09:00:03,\"comma, \"\"quote\"\"\"\r\n,\r\n"
                                     "2026-03-03 11:00:00,r\r\n") == 0);
    CHECK(declined_count == 0 && status == DD_CSV_DONE);
    free(all);
    all = read_all(path, "SELECT id, b, b FROM answers WHERE id = 2", "tr", 100, declined, &declined_count, &status);
    CHECK(all != NULL && strcmp(all, "") == 0 && declined_count == 1 && declined[0] == 2);
    free(all);
}

/* 'q' and 'a': the question and the answer from their JSON, or the row declined where it is not strict JSON. */
static void test_questions_and_answers_come_from_strict_json(const char *path) {
    sqlite3 *db;
    remove(path);
    sqlite3_open(path, &db);
    run(db, "CREATE TABLE answers (id INTEGER PRIMARY KEY, item, answer);"
            "INSERT INTO answers VALUES (1, '{\"text\": \"Q, \\\"one\\\"\\n\", \"text\": 2}', '{\"b\": [1, -0.5e3]}');"
            "INSERT INTO answers VALUES (2, '[1, 2]', ' \"=x\" ');"
            "INSERT INTO answers VALUES (3, '{\"other\": {\"text\": \"inner\"}}', 'null');"
            "INSERT INTO answers VALUES (4, '{\"text\": 5}', '1');"                   /* not a string */
            "INSERT INTO answers VALUES (5, '{\"text\": \"\\u0041\"}', '1');"       /* a \\u escape */
            "INSERT INTO answers VALUES (6, '{\"text\": \"a\"', '1');"               /* cut short */
            "INSERT INTO answers VALUES (7, '{\"text\": \"a\"}', '[1,]');"           /* not strict */
            "INSERT INTO answers VALUES (8, '{\"text\": \"a\"}', NULL);"
            "INSERT INTO answers VALUES (9, '{\"text\": \"a\"}', '01');"
            "INSERT INTO answers VALUES (10, '{\"text\": \"=;\"}', '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
            "[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]');"
            "INSERT INTO answers VALUES (11, '{\"text\": \"last\"}', '\"ok\"');");
    sqlite3_close(db);
    int64_t declined[16];
    int declined_count, status;
    char *all = read_all(path, "SELECT id, item, answer FROM answers ORDER BY id", "qa", 3, declined, &declined_count,
                         &status);
    CHECK(all != NULL && status == DD_CSV_DONE);
    CHECK(all != NULL && strcmp(all, "\"Q, \"\"one\"\"\n\",\"{\"\"b\"\": [1, -0.5e3]}\"\r\n"
                                     ",\" \"\"=x\"\" \"\r\n"
                                     ",null\r\n"
                                     "last,\"\"\"ok\"\"\"\r\n") == 0);
    CHECK(declined_count == 7 && declined[0] == 4 && declined[6] == 10);
    free(all);
    dd_csv_batch batch;
    CHECK(dd_csv_answers_open(path, "SELECT id, item, item FROM answers", NULL, 0, "qq", &batch) == NULL);
}

static void test_hostile_files_and_queries_stop_cleanly(const char *path) {
    dd_csv_batch batch;
    const char *sql = "SELECT id, a, b FROM answers";
    CHECK(dd_csv_answers_open(NULL, sql, NULL, 0, "tt", &batch) == NULL && batch.status == DD_CSV_ERROR);
    CHECK(dd_csv_answers_open(path, NULL, NULL, 0, "tt", &batch) == NULL);
    CHECK(dd_csv_answers_open(path, sql, NULL, 0, NULL, &batch) == NULL);
    CHECK(dd_csv_answers_open(path, sql, NULL, 0, "tt", NULL) == NULL);
    CHECK(dd_csv_answers_open(path, sql, NULL, 1, "tt", &batch) == NULL);         /* parameters missing */
    CHECK(dd_csv_answers_open(path, sql, NULL, -1, "tt", &batch) == NULL);
    CHECK(dd_csv_answers_open(path, sql, NULL, 0, "t", &batch) == NULL);           /* one field */
    CHECK(dd_csv_answers_open(path, sql, NULL, 0, "tz", &batch) == NULL);          /* not a kind */
    CHECK(dd_csv_answers_open(path, sql, NULL, 0, "ttt", &batch) == NULL);         /* a column short */
    CHECK(dd_csv_answers_open(path, "DELETE FROM answers", NULL, 0, "tt", &batch) == NULL);
    CHECK(dd_csv_answers_open(path, "SELECT id, a, b FROM answers; DELETE FROM answers", NULL, 0, "tt", &batch)
          == NULL);
    CHECK(dd_csv_answers_open(path, "SELECT id, a, ? FROM answers", NULL, 0, "tt", &batch) == NULL);
    CHECK(dd_csv_answers_open(path, "SELECT nonsense", NULL, 0, "tt", &batch) == NULL && batch.message[0]);
    CHECK(dd_csv_answers_open("/nonexistent/folder/records.sqlite3", sql, NULL, 0, "tt", &batch) == NULL);
    CHECK(dd_csv_answers_next(NULL, 10, &batch) == DD_CSV_ERROR);
    CHECK(dd_csv_answers_next(NULL, 10, NULL) == DD_CSV_ERROR);
    dd_csv_answers_close(NULL);

    /* Garbage with SQLite's header: refused when prepared (or, at the latest, when stepped). */
    char garbage[256];
    snprintf(garbage, sizeof garbage, "%s.garbage", path);
    FILE *file = fopen(garbage, "wb");
    fwrite("SQLite format 3", 1, 16, file);
    for (int k = 0; k < 8192; k++) fputc((k * 7919) & 0xff, file);
    fclose(file);
    dd_csv_answers *w = dd_csv_answers_open(garbage, sql, NULL, 0, "tt", &batch);
    if (w != NULL) {
        CHECK(dd_csv_answers_next(w, 10, &batch) == DD_CSV_ERROR && batch.length == 0);
        dd_csv_answers_close(w);
    }
    remove(garbage);

    /* A huge text, a parameter, and a batch of one row after another until the end. */
    sqlite3 *db;
    sqlite3_open(path, &db);
    run(db, "INSERT INTO answers VALUES (100, replace(hex(zeroblob(500000)), '0', '\"'), 'x', 1, NULL)");
    sqlite3_close(db);
    const char *parameters[1] = {"100"};
    w = dd_csv_answers_open(path, "SELECT id, a, b FROM answers WHERE id = CAST(?1 AS INTEGER)", parameters, 1,
                            "tt", &batch);
    CHECK(w != NULL);
    if (w != NULL) {
        CHECK(dd_csv_answers_next(w, 1, &batch) == DD_CSV_MORE && batch.rows == 1 && batch.length == 2000000 + 6);
        CHECK(dd_csv_answers_next(w, 1, &batch) == DD_CSV_DONE && batch.rows == 0 && batch.length == 0);
        CHECK(dd_csv_answers_next(w, 1, &batch) == DD_CSV_DONE);
        dd_csv_answers_close(w);
    }
}

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "csv_answers.sqlite3";
    setenv("TZ", "UTC", 1);
    test_floats_print_as_python_repr();
    test_rows_are_written_as_the_csv_module_writes_them(path);
    test_hostile_files_and_queries_stop_cleanly(path);       /* on the file of the test before */
    test_questions_and_answers_come_from_strict_json(path);
    remove(path);
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    printf("csv answers tests passed\n");
    return 0;
}
