/* Dealer Drill records: the answers-chain and summary-table scans of `dealerdrill verify`, in C.
 *
 * Not part of the engine (core_c/src): the engine decides outcomes and rules; this reads a SQLite records
 * file and hashes. It exists because checking two million answers row by row in Python costs more than the
 * ten seconds verification may take, and the work is the same for every row: format the answer's canonical
 * content, hash it with the previous row's stored hash (SHA-256 from OpenSSL's libcrypto, never our own),
 * compare, and count the answer into its (session, UTC hour) group.
 *
 * Each scan handles only the values a sound file holds (integers where the program writes integers, text
 * without NUL where it writes text, ASCII timestamps, non-negative times). On anything else it stops with
 * DD_SCAN_UNUSUAL and Python checks the same rows its own, slower, way (gui/records/verify.py), which is the
 * definition of the check: this code is only ever a faster road to the same answer.
 *
 * The text between the cdef markers is read by bindings/_answer_scan_build.py.
 */
#ifndef DD_ANSWER_SCAN_H
#define DD_ANSWER_SCAN_H

#include <stdint.h>

/* --- cdef begin --- */
enum {
    DD_SCAN_OK = 0,
    DD_SCAN_UNUSUAL = 1,       /* a value a sound file never holds: check these rows the slow way */
    DD_SCAN_ERROR = 2          /* the file could not be read (message says why) */
};

enum {
    DD_SCAN_CHANGED = 1,       /* the stored hash is not that of the previous hash and the content */
    DD_SCAN_UNLINKED = 2       /* no stored hash at all */
};

/* One (session, UTC hour) group: the answers, or the answer_facts rows, counted as verify counts them. */
typedef struct dd_scan_group {
    int64_t session_id;
    char hour[16];             /* the first 13 characters of answered_at, NUL-terminated */
    int64_t count;
    int64_t right;
    int64_t millis;            /* the sum of CAST(round(seconds * 1000) AS INTEGER) */
    int64_t id_sum;
    int64_t right_id_sum;
    char last_at[40];          /* the greatest answered_at */
    int64_t trainee_min;       /* answer_facts only: the trainee, drill and mode its rows name */
    int64_t trainee_max;
    char drill_min[72];
    char drill_max[72];
    char mode_min[24];
    char mode_max[24];
} dd_scan_group;

typedef struct dd_scan_result {
    int status;
    char message[256];
    int64_t rows;
    dd_scan_group *groups;
    int64_t group_count;
    int64_t *problem_ids;      /* answers that fail the chain, in id order (at most problem_capacity) */
    int *problem_kinds;        /* DD_SCAN_CHANGED or DD_SCAN_UNLINKED */
    int64_t problem_count;
    int64_t problem_capacity;
} dd_scan_result;

/* The answers with first <= id < end: each one's stored chain_hash against SHA-256 of the previous
 * answer's stored hash (`previous`, 32 bytes, for the first) and its canonical content; and their groups. */
int dd_scan_answers(const char *path, int64_t first, int64_t end, const uint8_t *previous,
                    int64_t problem_capacity, dd_scan_result *out);

/* The answer_facts rows of the answers up to last_answer_id (those the answers scans cover; a desk may be
 * recording while verify runs), grouped by session and hour as the answers are. */
int dd_scan_facts(const char *path, int64_t last_answer_id, dd_scan_result *out);

/* Frees what a scan allocated in *out (safe on a zeroed or already freed result). */
void dd_scan_free(dd_scan_result *out);
/* --- cdef end --- */

#endif
