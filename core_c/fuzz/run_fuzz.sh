#!/usr/bin/env bash
# Build and run the fuzz harnesses (core_c/fuzz/fuzz_*.c) with AddressSanitizer and UBSan.
#
#   core_c/fuzz/run_fuzz.sh [TOTAL_SECONDS]      time-bounded: TOTAL_SECONDS split evenly over the harnesses
#   FUZZ_RUNS=N core_c/fuzz/run_fuzz.sh          count-bounded: N inputs per harness (the long campaign)
#   FUZZ_HARNESSES="rng paigow" ...              only those harnesses
#
# With clang (Debian: apt-get install clang libclang-rt-14-dev) the harnesses are libFuzzer targets:
# coverage-guided, growing a working corpus in build/fuzz/corpus/<harness> from the committed seeds in
# core_c/fuzz/corpus/<harness>. Without clang they are built with gcc and standalone_main.c, a replay
# driver plus a blind mutational loop (much weaker; printed as such). Either way the committed
# regression inputs (core_c/fuzz/regressions/<harness>) are replayed first. Exits non-zero on any crash,
# hang (> 10 s on one input), leak or sanitizer report; the failing input is kept in build/fuzz/artifacts.
set -euo pipefail
cd "$(dirname "$0")/../.."

TOTAL_SECONDS=${1:-${FUZZ_SECONDS:-60}}
HARNESSES=${FUZZ_HARNESSES:-"rng roulette baccarat paigow houseway commission chips procedure answer_lines"}
OUT=${FUZZ_OUT:-build/fuzz}
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
CFLAGS="-std=c11 -g -O1 -Icore_c/include -Icore_c/fuzz"
mkdir -p "$OUT/artifacts"
OUT=$(cd "$OUT" && pwd)

set -- $HARNESSES
COUNT=$#
PER_HARNESS=$(( TOTAL_SECONDS / COUNT ))
[ "$PER_HARNESS" -ge 1 ] || PER_HARNESS=1

if command -v clang >/dev/null 2>&1; then
    ENGINE=libfuzzer
else
    ENGINE=standalone
    echo "fuzz: clang not found; using the gcc standalone driver (replay + blind mutation, no coverage guidance)"
fi

TOTAL_RUNS=0
for h in $HARNESSES; do
    exe="$OUT/fuzz_$h"
    regressions="core_c/fuzz/regressions/$h"
    seeds="core_c/fuzz/corpus/$h"
    work="$OUT/corpus/$h"
    mkdir -p "$work" "$regressions"
    max_len=4096
    [ "$h" = houseway ] && max_len=20000
    # The engine's harnesses link the engine; the import's answer-line reader is core_c/records' own.
    code="core_c/src/*.c"
    [ "$h" = answer_lines ] && code="-Icore_c/records core_c/records/dd_answer_lines.c"
    if [ "$ENGINE" = libfuzzer ]; then
        clang $CFLAGS -fsanitize=fuzzer $SAN "core_c/fuzz/fuzz_$h.c" $code -o "$exe"
        if [ -n "${FUZZ_RUNS:-}" ]; then limit="-runs=$FUZZ_RUNS"; else limit="-max_total_time=$PER_HARNESS"; fi
        log="$OUT/fuzz_$h.log"
        # The first directory is the working corpus (written to); the others are only read.
        if ! ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 "$exe" $limit -timeout=10 -rss_limit_mb=2048 \
                -max_len=$max_len -print_final_stats=1 -artifact_prefix="$OUT/artifacts/$h-" \
                "$work" "$seeds" "$regressions" >"$log" 2>&1; then
            tail -n 60 "$log"
            echo "fuzz: $h FAILED (input saved under $OUT/artifacts/)"
            exit 1
        fi
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
        cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 || true)
        echo "fuzz: $h libFuzzer+ASan+UBSan: ${runs:-0} inputs, $cov, corpus $(ls "$work" | wc -l) files"
    else
        gcc $CFLAGS $SAN "core_c/fuzz/fuzz_$h.c" core_c/fuzz/standalone_main.c $code -o "$exe"
        if [ -n "${FUZZ_RUNS:-}" ]; then limit="-runs=$FUZZ_RUNS"; else limit="-max_total_time=$PER_HARNESS"; fi
        root=$PWD
        if ! (cd "$OUT/artifacts" && ASAN_OPTIONS=detect_leaks=1 "$exe" $limit -max_len=$max_len \
                "$root/$seeds" "$root/$regressions" >"$OUT/fuzz_$h.log" 2>&1); then
            tail -n 60 "$OUT/fuzz_$h.log"
            echo "fuzz: $h FAILED (input saved as $OUT/artifacts/standalone-crash-input)"
            exit 1
        fi
        runs=$(sed -n 's/.*ran \([0-9]*\) mutated.*/\1/p' "$OUT/fuzz_$h.log")
        echo "fuzz: $h gcc standalone+ASan+UBSan: ${runs:-0} inputs"
    fi
    TOTAL_RUNS=$(( TOTAL_RUNS + ${runs:-0} ))
done
echo "fuzz: $ENGINE, $COUNT harnesses, $TOTAL_RUNS inputs in all, no crash, hang or sanitizer report"
