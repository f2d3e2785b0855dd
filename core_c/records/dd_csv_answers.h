/* Dealer Drill records: the answers' lines of the CSV export, written in C.
 *
 * Not part of the engine (core_c/src): this reads a SQLite records file and formats text. It exists because
 * handing two million answers' values to Python and through the csv module costs most of an export's
 * minute, and the work is the same for every row. The query is Python's (gui/exports/answers_csv.py builds
 * it from the same filter, order and SQL expressions as the Python road); this code steps it and writes the
 * bytes the Python road writes for the same values: the csv module's "excel" dialect (fields quoted only
 * when they hold a comma, a quote or a line break; quotes doubled; CRLF), every text field of a row quoted
 * when one holds a semicolon (csv.QUOTE_NONNUMERIC, which quotes an empty value too), a leading apostrophe
 * before text that could start a formula (cells.neutralise), numbers as Python prints them, NULL as nothing.
 *
 * A value it is not sure to write exactly as Python would (a character XML 1.0 forbids or text that is not
 * UTF-8, a blob, a number where text belongs or text where a number belongs, a float whose repr takes an
 * exponent, a question or answer whose JSON the Python road's SQL leaves to Python, a NULL where the kinds
 * say 'r') is never guessed:
 * the batch ends at that row with DD_CSV_DECLINED and its answer id, Python writes that one row its own way
 * and asks for the next batch of the same statement.
 *
 * The text between the cdef markers is read by bindings/_csv_answers_build.py.
 */
#ifndef DD_CSV_ANSWERS_H
#define DD_CSV_ANSWERS_H

#include <stddef.h>
#include <stdint.h>

/* --- cdef begin --- */
enum {
    DD_CSV_MORE = 0,           /* the batch holds max_rows rows; more may follow */
    DD_CSV_DECLINED = 1,       /* the batch ends before the row of declined_id, which Python writes */
    DD_CSV_DONE = 2,           /* the batch holds the last rows */
    DD_CSV_ERROR = 3           /* the file could not be read (message says why) */
};

typedef struct dd_csv_answers dd_csv_answers;

typedef struct dd_csv_batch {
    int status;
    const unsigned char *data; /* the batch's CSV bytes, valid until the next call on the same writer */
    size_t length;
    int64_t rows;              /* rows in data */
    int64_t declined_id;       /* DD_CSV_DECLINED: the answer id of the row left to Python (already read) */
    char message[256];
} dd_csv_batch;

/* Open `path` read-only and prepare `sql`, whose first column is the answer id and whose other columns are
 * the CSV fields, one per letter of `kinds`: 't' text (neutralised; NULL is empty), 'r' the same but NULL
 * means "Python's to write", 'm' text written as it is, 'u' a stored UTC time written as SQLite's
 * datetime(value, 'localtime') gives it (NULL, or a time SQLite cannot read, is empty), 'n' a number,
 * 's' a number rounded to 3 decimals as Python's round(value, 3) rounds it (a text is Python's to write),
 * 'q' an item's JSON written as its question (the top-level "text" string; empty when there is none), 'a'
 * an answer's JSON written as it is stored: both only when strict JSON without a \u escape (at most one
 * 'q'). The parameters are bound as text, in order. NULL on failure, with out->status DD_CSV_ERROR and the reason in out->message. */
dd_csv_answers *dd_csv_answers_open(const char *path, const char *sql, const char *const *parameters,
                                    int parameter_count, const char *kinds, dd_csv_batch *out);

/* The next rows of the statement as CSV bytes, at most max_rows of them (see the statuses above). */
int dd_csv_answers_next(dd_csv_answers *writer, int64_t max_rows, dd_csv_batch *out);

/* Finalises the statement, closes the file and frees the writer (safe on NULL). */
void dd_csv_answers_close(dd_csv_answers *writer);
/* --- cdef end --- */

/* Python's repr() of a finite double whose repr has no exponent (1e-4 <= |value| < 1e16, or zero), written
 * to `text` (at least 32 bytes) without a NUL: the length, or -1 for a value the caller must not guess. */
int dd_csv_python_float(double value, char *text);

#endif
