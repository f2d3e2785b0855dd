/* A main() for the fuzz harnesses without libFuzzer (any C compiler, e.g. gcc with its sanitizers).
 *
 *   harness [-runs=N] [-max_total_time=SECONDS] [-seed=S] [-max_len=L] PATH...
 *
 * Every file given (or found directly inside a directory given) is run through the harness once: that
 * replays the seed corpus and the regression inputs of past findings. With -runs=N (or for
 * -max_total_time seconds, whichever ends first) it then runs more inputs made by a deterministic mutational loop (bit flips, byte and integer overwrites, inserts,
 * erases, copies and splices of the files read). That loop has no coverage feedback, so it is far weaker
 * than libFuzzer; it exists so that the harnesses still run where clang is not installed. A crash or a
 * sanitizer report ends the process (the sanitizers abort); each mutated input is written first to
 * ./standalone-crash-input so that the one that killed it can be replayed. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct blob {
    uint8_t *data;
    size_t size;
} blob;

static blob *corpus;
static size_t corpus_count, corpus_capacity;

static void add_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    blob b = {NULL, 0};
    long length;
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        exit(2);
    }
    fseek(f, 0, SEEK_END);
    length = ftell(f);
    fseek(f, 0, SEEK_SET);
    b.size = length > 0 ? (size_t)length : 0;
    b.data = malloc(b.size + 1);
    if (!b.data || fread(b.data, 1, b.size, f) != b.size) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(2);
    }
    fclose(f);
    if (corpus_count == corpus_capacity) {
        corpus_capacity = corpus_capacity ? 2 * corpus_capacity : 64;
        corpus = realloc(corpus, corpus_capacity * sizeof *corpus);
        if (!corpus)
            exit(2);
    }
    corpus[corpus_count++] = b;
}

static void add_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "no such file or directory: %s\n", path);
        exit(2);
    }
    if (S_ISDIR(st.st_mode)) {
        DIR *dir = opendir(path);
        struct dirent *entry;
        char full[4096];
        if (!dir)
            exit(2);
        while ((entry = readdir(dir)) != NULL) {
            if (entry->d_name[0] == '.')
                continue;
            snprintf(full, sizeof full, "%s/%s", path, entry->d_name);
            if (stat(full, &st) == 0 && S_ISREG(st.st_mode))
                add_file(full);
        }
        closedir(dir);
    } else {
        add_file(path);
    }
}

/* xorshift64*: a fixed, seedable stream for the mutations (not the engine's generator on purpose). */
static uint64_t state = 0x9E3779B97F4A7C15ull;

static uint64_t next_random(void)
{
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 0x2545F4914F6CDD1Dull;
}

static size_t below(size_t n)
{
    return n ? (size_t)(next_random() % n) : 0;
}

static size_t mutate(uint8_t *buf, size_t size, size_t max_len)
{
    static const int64_t interesting[] = {0, 1, -1, 2, 7, 8, 9, 10, 13, 16, 31, 32, 36, 37, 52, 127, 128, 255,
                                          256, 416, 1024, 65535, 65536, 0x7FFFFFFF, -0x7FFFFFFF - 1,
                                          1213661953};
    size_t rounds = 1 + below(4), r;
    for (r = 0; r < rounds; r++) {
        switch (below(7)) {
        case 0:
            if (size)
                buf[below(size)] ^= (uint8_t)(1u << below(8));
            break;
        case 1:
            if (size)
                buf[below(size)] = (uint8_t)next_random();
            break;
        case 2:
            if (size >= 4) {
                int64_t v = interesting[below(sizeof interesting / sizeof interesting[0])];
                size_t width = (size_t)1 << below(4), at;
                if (width > size)
                    width = size;
                at = below(size - width + 1);
                memcpy(buf + at, &v, width);
            }
            break;
        case 3:
            if (size < max_len) {
                size_t at = below(size + 1), n = 1 + below(8), j;
                if (n > max_len - size)
                    n = max_len - size;
                memmove(buf + at + n, buf + at, size - at);
                for (j = 0; j < n; j++)
                    buf[at + j] = (uint8_t)next_random();
                size += n;
            }
            break;
        case 4:
            if (size) {
                size_t at = below(size), n = 1 + below(size - at);
                memmove(buf + at, buf + at + n, size - at - n);
                size -= n;
            }
            break;
        case 5:
            if (size >= 2) {
                size_t from = below(size), to = below(size), n = 1 + below(16);
                if (n > size - from)
                    n = size - from;
                if (n > size - to)
                    n = size - to;
                memmove(buf + to, buf + from, n);
            }
            break;
        default:
            if (corpus_count) {
                const blob *other = &corpus[below(corpus_count)];
                size_t at = below(size + 1), n = other->size;
                if (at + n > max_len)
                    n = max_len - at;
                memcpy(buf + at, other->data, n);
                if (at + n > size)
                    size = at + n;
            }
            break;
        }
    }
    return size;
}

static void run_one(const uint8_t *data, size_t size, int save)
{
    if (save) {
        /* Written before the call: if the harness dies, the file holds the input that killed it. */
        FILE *f = fopen("standalone-crash-input", "wb");
        if (f) {
            fwrite(data, 1, size, f);
            fclose(f);
        }
    }
    LLVMFuzzerTestOneInput(data, size);
}

int main(int argc, char **argv)
{
    unsigned long long runs = 0, i;
    double seconds = 0;
    time_t start = time(NULL);
    size_t max_len = 4096;
    int a;
    uint8_t *buf;
    for (a = 1; a < argc; a++) {
        if (strncmp(argv[a], "-runs=", 6) == 0)
            runs = strtoull(argv[a] + 6, NULL, 10);
        else if (strncmp(argv[a], "-max_total_time=", 16) == 0)
            seconds = strtod(argv[a] + 16, NULL);
        else if (strncmp(argv[a], "-seed=", 6) == 0)
            state ^= strtoull(argv[a] + 6, NULL, 10) * 0xD1B54A32D192ED03ull;
        else if (strncmp(argv[a], "-max_len=", 9) == 0)
            max_len = (size_t)strtoull(argv[a] + 9, NULL, 10);
        else if (argv[a][0] == '-')
            fprintf(stderr, "ignoring option %s\n", argv[a]);
        else
            add_path(argv[a]);
    }
    if (max_len < 16)
        max_len = 16;
    if (seconds > 0 && runs == 0)
        runs = ~0ull; /* bounded by the time alone */
    for (i = 0; i < corpus_count; i++)
        run_one(corpus[i].data, corpus[i].size, 0);
    buf = malloc(max_len + 1);
    if (!buf)
        return 2;
    for (i = 0; i < runs; i++) {
        size_t size = 0;
        if (seconds > 0 && (i & 1023) == 0 && difftime(time(NULL), start) >= seconds)
            break;
        if (corpus_count) {
            const blob *b = &corpus[below(corpus_count)];
            size = b->size < max_len ? b->size : max_len;
            memcpy(buf, b->data, size);
        }
        size = mutate(buf, size, max_len);
        run_one(buf, size, 1);
    }
    remove("standalone-crash-input");
    free(buf);
    for (a = 0; (size_t)a < corpus_count; a++)
        free(corpus[a].data);
    free(corpus);
    printf("replayed %zu inputs, ran %llu mutated inputs: no crash\n", corpus_count, i);
    return 0;
}
