/* Fuzz harness: the import's answer-line reader (core_c/records/dd_answer_lines.c). Arbitrary bytes are
 * read as the lines of a records file, with the session's item numbers, line limit and output room taken
 * from the input's first bytes; whatever the bytes, the reader must stay inside its buffers and report
 * consistently: whole lines consumed, twelve NUL-ended fields a line, valid UTF-8 out, and a second call
 * on exactly the lines it took taking them all again.
 *
 * Input: a flags byte, a u16 max_line, a u16 output room, then the lines. */
#include "dd_answer_lines.h"
#include "fuzz_input.h"

/* Strict UTF-8, as Python's decoder reads it: no overlong forms, no surrogates, nothing above U+10FFFF. */
static int utf8_ok(const unsigned char *p, size_t n)
{
    size_t k = 0;
    while (k < n) {
        unsigned char b = p[k];
        unsigned long cp;
        size_t need, j;
        if (b < 0x80) {
            k++;
            continue;
        }
        need = b >= 0xC0 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF7 ? 4 : 0;
        if (need == 0 || k + need > n)
            return 0;
        cp = b & (0xFF >> (need + 1));
        for (j = 1; j < need; j++) {
            if ((p[k + j] & 0xC0) != 0x80)
                return 0;
            cp = (cp << 6) | (p[k + j] & 0x3F);
        }
        if ((need == 2 && cp < 0x80) || (need == 3 && cp < 0x800) || (need == 4 && cp < 0x10000)
            || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
            return 0;
        k += need;
    }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char session[] = "10000000-0000-4000-8000-000000000001";
    fuzz_input in = {data, size};
    uint8_t flags = take_u8(&in);
    size_t max_line = take_u16(&in), room = take_u16(&in), nuls = 0, k;
    unsigned char *out, *again_out;
    dd_answer_run run, again;
    int status;

    memset(&run, 0, sizeof run);
    run.session = (const unsigned char *)session;
    run.session_length = sizeof session - 1;
    run.started = (const unsigned char *)"2000-01-01T00:00:00.000000Z";
    run.latest = (const unsigned char *)(flags & 1 ? "2026-12-31T23:59:59.999999Z" : "9999-12-31T23:59:59.999999Z");
    run.next_seq = flags & 2 ? 1 : (int64_t)(flags >> 2);
    run.max_line = max_line ? max_line : 1;
    out = malloc(room + 1);
    status = dd_answer_lines(in.data, in.size, out, room, &run);
    require(status >= DD_LINES_NOT_TAKEN && status <= DD_LINES_OUT_FULL);
    require(run.consumed <= in.size && run.written <= room);
    require((run.lines == 0) == (run.consumed == 0));
    require(run.correct >= 0 && (size_t)run.correct <= run.lines);
    if (run.lines) {
        require(in.data[run.consumed - 1] == '\n');
        for (k = 0; k < run.written; k++)
            nuls += out[k] == 0;
        require(nuls == run.lines * DD_LINES_FIELDS && out[run.written - 1] == 0);
        require(utf8_ok(out, run.written));
        /* the lines taken, on their own, are taken again whole and give the same fields */
        again = run;
        again_out = malloc(room + 1);
        status = dd_answer_lines(in.data, run.consumed, again_out, room, &again);
        require(again.lines == run.lines && again.consumed == run.consumed && again.written == run.written);
        require(memcmp(again_out, out, run.written) == 0 && status == DD_LINES_NEED_MORE);
        free(again_out);
    }
    free(out);
    return 0;
}
