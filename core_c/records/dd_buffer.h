/* A growing byte buffer, shared by the records' C scans (dd_answer_scan.c, dd_csv_answers.c): internal, not
 * part of either module's interface. A failed growth leaves the buffer as it was; the caller frees data. */
#ifndef DD_BUFFER_H
#define DD_BUFFER_H

#include <stdlib.h>
#include <string.h>

typedef struct {
    unsigned char *data;
    size_t length;
    size_t capacity;
} buffer;

/* Room for `more` bytes after length: 1, or 0 out of memory (or a size past what size_t holds). */
static inline int buffer_reserve(buffer *b, size_t more) {
    if (more > (size_t)-1 - b->length) return 0;
    if (b->length + more <= b->capacity) return 1;
    size_t wanted = b->capacity ? b->capacity : 1024;
    while (wanted < b->length + more) {
        if (wanted > (size_t)-1 / 2) return 0;
        wanted *= 2;
    }
    unsigned char *grown = realloc(b->data, wanted);
    if (grown == NULL) return 0;
    b->data = grown;
    b->capacity = wanted;
    return 1;
}

static inline int buffer_add(buffer *b, const void *bytes, size_t n) {
    if (!buffer_reserve(b, n)) return 0;
    if (n) memcpy(b->data + b->length, bytes, n);
    b->length += n;
    return 1;
}

#endif
