#!/usr/bin/env bash
# Build and run the plain C tests of the engine (core_c/tests/test_engine.c), replay the fuzz seed
# corpus and regression inputs (core_c/fuzz/{corpus,regressions}/<harness>) through each harness, and run
# the tests of the import's answer-line reader (core_c/records/test_answer_lines.c), of verify's answers scan
# (core_c/records/test_answer_scan.c) and of the CSV export's answer lines (core_c/records/test_csv_answers.c).
#
#   core_c/tests/run_c_tests.sh plain      -O2, as the library ships              (make c-tests)
#   core_c/tests/run_c_tests.sh sanitize   -O1 with ASan + UBSan, any report fails  (make sanitize)
set -euo pipefail
cd "$(dirname "$0")/../.."

MODE=${1:-plain}
CC=${CC:-cc}
WARN="-std=c11 -Wall -Wextra -Wpedantic -Wshadow -Werror"
case "$MODE" in
    plain) FLAGS="-O2 -g" ;;
    sanitize) FLAGS="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" ;;
    *) echo "usage: $0 plain|sanitize" >&2; exit 2 ;;
esac
OUT=build/ctest/$MODE
mkdir -p "$OUT"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# The engine's getrandom() calls go to the test's shim (see test_engine.c), to make the OS source fail.
$CC $WARN $FLAGS -Icore_c/include core_c/tests/test_engine.c core_c/src/*.c -Wl,--wrap=getrandom -lm \
    -o "$OUT/test_engine"
"$OUT/test_engine"

for source in core_c/fuzz/fuzz_*.c; do
    h=$(basename "$source" .c)
    h=${h#fuzz_}
    # The engine's harnesses link the engine; the import's answer-line reader is core_c/records' own.
    if [ "$h" = answer_lines ]; then code="-Icore_c/records core_c/records/dd_answer_lines.c"; else code="core_c/src/*.c"; fi
    $CC $WARN $FLAGS -Icore_c/include -Icore_c/fuzz "$source" core_c/fuzz/standalone_main.c $code \
        -o "$OUT/replay_$h"
    dirs="core_c/fuzz/corpus/$h"
    [ -d "core_c/fuzz/regressions/$h" ] && dirs="$dirs core_c/fuzz/regressions/$h"
    printf 'replay %-9s ' "$h:"
    "$OUT/replay_$h" $dirs
done
# The import's answer-line reader (core_c/records/dd_answer_lines.c): plain C, no library.
$CC $WARN $FLAGS -Icore_c/records core_c/records/test_answer_lines.c core_c/records/dd_answer_lines.c \
    -o "$OUT/test_answer_lines"
"$OUT/test_answer_lines"
# Verify's answers scan (core_c/records), where SQLite's and libcrypto's headers are (the scan is optional
# like that; CI installs them, so there it always runs).
if [ -e /usr/include/sqlite3.h ] && [ -e /usr/include/openssl/evp.h ]; then
    $CC $WARN $FLAGS -Icore_c/records core_c/records/test_answer_scan.c core_c/records/dd_answer_scan.c \
        -lsqlite3 -lcrypto -o "$OUT/test_answer_scan"
    "$OUT/test_answer_scan" "$OUT/answer_scan.sqlite3"
elif [ -n "${DEALERDRILL_REQUIRE_TOOLS:-}" ]; then
    echo "c-tests: SQLite's or libcrypto's headers are missing (libsqlite3-dev, libssl-dev)" >&2
    exit 1
fi
# The CSV export's answer lines (core_c/records/dd_csv_answers.c), where SQLite's header is.
if [ -e /usr/include/sqlite3.h ]; then
    $CC $WARN $FLAGS -Icore_c/records core_c/records/test_csv_answers.c core_c/records/dd_csv_answers.c \
        -lsqlite3 -lm -o "$OUT/test_csv_answers"
    "$OUT/test_csv_answers" "$OUT/csv_answers.sqlite3"
elif [ -n "${DEALERDRILL_REQUIRE_TOOLS:-}" ]; then
    echo "c-tests: SQLite's header is missing (libsqlite3-dev)" >&2
    exit 1
fi
echo "c-tests ($MODE): engine tests, fuzz corpus replays, the answer-line reader's, the answers scan's and the CSV answer lines' tests passed"
