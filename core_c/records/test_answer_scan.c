/* Tests of verify's answers scan (dd_answer_scan.c) on files it must survive: sound ones, tampered ones and
 * hostile ones (NULs, blobs, huge texts, over-long hashes and timestamps, garbage, missing files, many
 * groups). Run plain and under AddressSanitizer + UBSan by core_c/tests/run_c_tests.sh; that the scan's
 * answers equal the Python check's is tests/records/test_answer_scan.py's job. */
#include "dd_answer_scan.h"

#include <openssl/evp.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
#define CHECK(condition) do { if (!(condition)) { failures++; \
    fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); } } while (0)

static const char *SCHEMA =
    "CREATE TABLE answers (id INTEGER PRIMARY KEY, uuid TEXT, session_id INTEGER, seq INTEGER, family TEXT,"
    " item TEXT, answer TEXT, expected TEXT, given TEXT, correct INTEGER, category TEXT, rule TEXT,"
    " seconds REAL, timed_out INTEGER, answered_at TEXT, chain_hash BLOB);"
    "CREATE TABLE answer_facts (trainee_id INTEGER, drill TEXT, seconds REAL, answer_id INTEGER, game TEXT,"
    " mode TEXT, correct INTEGER, answered_at TEXT, session_id INTEGER);";

/* The content definition of gui/records/chain.py, in SQL, so these tests hash what the program hashes. */
static const char *CONTENT =
    "SELECT CAST(printf('%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s',"
    " id, uuid, session_id, seq, family, item, answer, expected, given, correct, quote(category), rule, seconds,"
    " timed_out, answered_at) AS BLOB) FROM answers WHERE id = ?1";

static void run(sqlite3 *db, const char *sql) {
    char *error = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &error) != SQLITE_OK) {
        fprintf(stderr, "setup failed: %s\n%s\n", error, sql);
        exit(2);
    }
}

/* Link every answer into the chain as the program does: SHA-256 of the previous hash and the content. */
static void link_chain(sqlite3 *db) {
    unsigned char previous[32] = {0};
    sqlite3_stmt *ids, *content, *update;
    sqlite3_prepare_v2(db, "SELECT id FROM answers ORDER BY id", -1, &ids, NULL);
    sqlite3_prepare_v2(db, CONTENT, -1, &content, NULL);
    sqlite3_prepare_v2(db, "UPDATE answers SET chain_hash = ?1 WHERE id = ?2", -1, &update, NULL);
    while (sqlite3_step(ids) == SQLITE_ROW) {
        sqlite3_int64 id = sqlite3_column_int64(ids, 0);
        sqlite3_bind_int64(content, 1, id);
        if (sqlite3_step(content) != SQLITE_ROW) exit(2);
        int n = sqlite3_column_bytes(content, 0);
        unsigned char *joined = malloc(32 + (size_t)n);
        memcpy(joined, previous, 32);
        memcpy(joined + 32, sqlite3_column_blob(content, 0), (size_t)n);
        unsigned int length = 0;
        EVP_Digest(joined, 32 + (size_t)n, previous, &length, EVP_sha256(), NULL);
        free(joined);
        sqlite3_reset(content);
        sqlite3_bind_blob(update, 1, previous, 32, SQLITE_TRANSIENT);
        sqlite3_bind_int64(update, 2, id);
        sqlite3_step(update);
        sqlite3_reset(update);
    }
    sqlite3_finalize(ids);
    sqlite3_finalize(content);
    sqlite3_finalize(update);
}

static sqlite3 *sound_file(const char *path, int sessions) {
    remove(path);
    sqlite3 *db;
    if (sqlite3_open(path, &db) != SQLITE_OK) exit(2);
    run(db, SCHEMA);
    run(db, "BEGIN");
    char sql[1024];
    for (int k = 1; k <= sessions * 3; k++) {
        snprintf(sql, sizeof sql,
                 "INSERT INTO answers VALUES (%d, 'u%d', %d, %d, 'f', '{\"n\": %d}', 'A', 'it''s', 'B', %d, %s, "
                 "'rule 1', %d.25, 0, '2025-01-06T%02d:00:15.000000Z', NULL);"
                 "INSERT INTO answer_facts VALUES (1, 'baccarat.shoe', %d.25, %d, 'baccarat', 'test', %d, "
                 "'2025-01-06T%02d:00:15.000000Z', %d);",
                 k, k, 1 + k / 3, k % 3, k, k % 2, k % 2 ? "NULL" : "'arithmetic'", k, k % 24,
                 k, k, k % 2, k % 24, 1 + k / 3);
        run(db, sql);
    }
    run(db, "COMMIT");
    link_chain(db);
    return db;
}

static int scan(const char *path, dd_scan_result *out) {
    unsigned char none[32] = {0};
    return dd_scan_answers(path, 1, (int64_t)1 << 62, none, 10, out);
}

static void test_sound_then_tampered(const char *path) {
    sqlite3 *db = sound_file(path, 4);
    dd_scan_result out;
    CHECK(scan(path, &out) == DD_SCAN_OK && out.rows == 12 && out.problem_count == 0 && out.group_count > 0);
    dd_scan_free(&out);
    CHECK(dd_scan_facts(path, 1000, &out) == DD_SCAN_OK && out.rows == 12 && out.group_count > 0);
    dd_scan_free(&out);
    run(db, "UPDATE answers SET given = 'C' WHERE id = 5; UPDATE answers SET chain_hash = NULL WHERE id = 8;"
            "UPDATE answers SET chain_hash = x'' WHERE id = 10");
    CHECK(scan(path, &out) == DD_SCAN_OK);
    CHECK(out.problem_count >= 3 && out.problem_ids[0] == 5 && out.problem_kinds[0] == DD_SCAN_CHANGED);
    int unlinked = 0;
    for (int64_t k = 0; k < out.problem_count && k < out.problem_capacity; k++)
        unlinked += out.problem_ids[k] == 8 && out.problem_kinds[k] == DD_SCAN_UNLINKED;
    CHECK(unlinked == 1);
    dd_scan_free(&out);
    dd_scan_free(&out);                                    /* twice is harmless */
    sqlite3_close(db);
}

/* Each statement puts into one answer (or fact) a value no sound file holds: the scan declines, never crashes. */
static void test_hostile_values(const char *path) {
    static const char *answers[] = {
        "UPDATE answers SET given = 'a' || char(0) || 'b' WHERE id = 2",
        "UPDATE answers SET item = x'00ff00' WHERE id = 2",
        "UPDATE answers SET session_id = 'one' WHERE id = 2",
        "UPDATE answers SET seconds = -1 WHERE id = 2",
        "UPDATE answers SET seconds = 1e300 WHERE id = 2",
        "UPDATE answers SET seconds = NULL WHERE id = 2",
        "UPDATE answers SET answered_at = printf('%.200c', 'x') WHERE id = 2",
        "UPDATE answers SET answered_at = '2025-01-06T08:00:15.000000Z' || char(233) WHERE id = 2",
        "UPDATE answers SET answered_at = NULL WHERE id = 2",
        "UPDATE answers SET chain_hash = zeroblob(100) WHERE id = 2",
        "UPDATE answers SET chain_hash = 'text' WHERE id = 2",
        "UPDATE answers SET correct = 7 WHERE id = 2",
        "UPDATE answers SET id = 2199023255552 WHERE id = 2",         /* beyond where id sums stay exact */
        "UPDATE answers SET category = x'41' WHERE id = 2",
    };
    for (size_t k = 0; k < sizeof answers / sizeof *answers; k++) {
        sqlite3 *db = sound_file(path, 2);
        run(db, answers[k]);
        dd_scan_result out;
        int status = scan(path, &out);
        CHECK(status == DD_SCAN_UNUSUAL);
        if (status != DD_SCAN_UNUSUAL) fprintf(stderr, "  after: %s\n", answers[k]);
        dd_scan_free(&out);
        sqlite3_close(db);
    }
    static const char *facts[] = {
        "UPDATE answer_facts SET drill = printf('%.100c', 'd') WHERE answer_id = 2",
        "UPDATE answer_facts SET mode = NULL WHERE answer_id = 2",
        "UPDATE answer_facts SET trainee_id = 1.5 WHERE answer_id = 2",
        "UPDATE answer_facts SET answered_at = x'00' WHERE answer_id = 2",
    };
    for (size_t k = 0; k < sizeof facts / sizeof *facts; k++) {
        sqlite3 *db = sound_file(path, 2);
        run(db, facts[k]);
        dd_scan_result out;
        CHECK(dd_scan_facts(path, 1000, &out) == DD_SCAN_UNUSUAL);
        dd_scan_free(&out);
        sqlite3_close(db);
    }
}

static void test_large_values_and_many_groups(const char *path) {
    sqlite3 *db = sound_file(path, 3000);                  /* 3,000 sessions: the group table grows */
    run(db, "UPDATE answers SET answer = printf('%.1000000c', 'a') WHERE id = 7");   /* a megabyte of text */
    dd_scan_result out;
    CHECK(scan(path, &out) == DD_SCAN_OK && out.rows == 9000 && out.group_count >= 3000);
    CHECK(out.problem_count == 1 && out.problem_ids[0] == 7);
    dd_scan_free(&out);
    link_chain(db);
    CHECK(scan(path, &out) == DD_SCAN_OK && out.problem_count == 0);
    dd_scan_free(&out);
    unsigned char none[32] = {0};
    CHECK(dd_scan_answers(path, 50, 10, none, 0, &out) == DD_SCAN_OK && out.rows == 0);   /* an empty range */
    dd_scan_free(&out);
    CHECK(dd_scan_answers(path, 1, 1000000, none, 0, &out) == DD_SCAN_OK && out.problem_count == 0);
    dd_scan_free(&out);
    sqlite3_close(db);
}

static void test_files_that_cannot_be_read(const char *path) {
    dd_scan_result out;
    unsigned char none[32] = {0};
    FILE *garbage = fopen(path, "wb");
    fputs("SQLite format 3", garbage);
    for (int k = 0; k < 5000; k++) fputc((k * 7919) & 0xff, garbage);
    fclose(garbage);
    CHECK(scan(path, &out) == DD_SCAN_ERROR && out.message[0] != 0);
    dd_scan_free(&out);
    CHECK(dd_scan_facts(path, 10, &out) == DD_SCAN_ERROR);
    dd_scan_free(&out);
    remove(path);
    CHECK(scan(path, &out) == DD_SCAN_ERROR);
    dd_scan_free(&out);
    CHECK(dd_scan_answers(NULL, 1, 2, none, 1, &out) == DD_SCAN_ERROR);
    dd_scan_free(&out);
    CHECK(dd_scan_answers(path, 1, 2, NULL, 1, &out) == DD_SCAN_ERROR);
    dd_scan_free(&out);
    CHECK(dd_scan_facts(NULL, 1, &out) == DD_SCAN_ERROR);
    dd_scan_free(&out);
    CHECK(dd_scan_answers(path, 1, 2, none, 1, NULL) == DD_SCAN_ERROR);
    dd_scan_free(NULL);
}

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "build/ctest/answer_scan.sqlite3";
    test_sound_then_tampered(path);
    test_hostile_values(path);
    test_large_values_and_many_groups(path);
    test_files_that_cannot_be_read(path);
    remove(path);
    if (failures) {
        fprintf(stderr, "answer scan tests: %d failed\n", failures);
        return 1;
    }
    printf("answer scan tests passed\n");
    return 0;
}
