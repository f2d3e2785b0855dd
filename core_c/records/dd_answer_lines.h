/* Dealer Drill records: the answer lines of a records file being imported, read in C.
 *
 * Not part of the engine (core_c/src): this reads the JSON Lines file `dealerdrill export --format json`
 * writes. It exists because an import of two million answers spent half its time in Python reading and
 * checking answer lines one field at a time (issue 13: at least 30,000 answers a second), and every answer
 * line of a file Dealer Drill wrote has the same shape.
 *
 * What it takes: answer lines exactly as Dealer Drill writes them, one after another, each
 *   {"answer":{"session":S,"uuid":U,"seq":N,"family":F,"item":I,"answer":A,"expected":E,"given":G,
 *              "correct":B,"category":C,"rule":R,"seconds":X,"timed_out":B,"answered_at":T}}
 * (JSON whitespace allowed between the tokens, none before the first brace; spaces, tabs and carriage
 * returns before the newline), of the open session S, numbered on from run->next_seq, within the limits
 * and rules of the import's quick checks (gui/records/transfer.py, _quick_answer): labels (U, F, C) of
 * printable ASCII, not blank and not too long; I and A non-empty JSON texts the Python json module reads
 * whole; no NUL and no lone surrogate anywhere; X a plain number from 0 to 86400; T a time in the stored
 * form, a real calendar day, from the session's start to the latest time allowed; the line strict UTF-8,
 * at most run->max_line bytes with its newline. It may take less than the Python checks take, never more,
 * and for what it takes it gives the values the json module would: the first line it does not take (or
 * cannot see whole) ends the run, and Python reads that line its own way, which accepts it or names what is
 * wrong.
 *
 * What it gives: for each line taken, twelve text fields into `out`, each followed by a NUL byte (no field
 * holds one): uuid, family, item, answer, expected, given, correct ("1" or "0"), category (empty for null;
 * an empty category is never taken), rule, seconds (the number's text, for Python's float()), timed_out
 * ("1" or "0"), answered_at. Strings are unescaped, UTF-8. The item numbers are run->next_seq onwards.
 *
 * The text between the cdef markers is read by bindings/_answer_lines_build.py.
 */
#ifndef DD_ANSWER_LINES_H
#define DD_ANSWER_LINES_H

#include <stddef.h>
#include <stdint.h>

/* --- cdef begin --- */
enum {
    DD_LINES_FIELDS = 12,        /* text fields written for each line taken */
    DD_LINES_NOT_TAKEN = 0,      /* the run ends before a line this reader does not take: Python reads it */
    DD_LINES_NEED_MORE = 1,      /* the run ends where the input ends before the next line's newline */
    DD_LINES_OUT_FULL = 2        /* the run ends because `out` has no room for the next line */
};

typedef struct dd_answer_run {
    /* what the lines must match (set by the caller) */
    const unsigned char *session;    /* the open session's uuid as UTF-8, session_length bytes */
    size_t session_length;
    const unsigned char *started;    /* the session's start and the latest time taken: 27-byte stored times */
    const unsigned char *latest;
    int64_t next_seq;                /* the item number the first line must carry, each next line one more */
    size_t max_line;                 /* the longest line taken, in bytes with its newline */
    /* what was taken (set by dd_answer_lines) */
    size_t lines;
    size_t consumed;                 /* bytes of the input those lines take, newlines included */
    size_t written;                  /* bytes of out used */
    int64_t correct;                 /* how many of them are marked right */
} dd_answer_run;

/* Take the answer lines at the start of in[0 .. length) (see above), writing their fields to
 * out[0 .. capacity); returns why the run ended (DD_LINES_*). Never reads or writes outside the two
 * buffers, whatever their bytes. */
int dd_answer_lines(const unsigned char *in, size_t length, unsigned char *out, size_t capacity,
                    dd_answer_run *run);
/* --- cdef end --- */

#endif
