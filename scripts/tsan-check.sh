#!/usr/bin/env bash
# make tsan-check: the server built with ThreadSanitizer (its own build folder, .build/tsan), put
# under a bounded mixed load (scripts/tsan/load.py, about TSAN_SECONDS seconds, TSAN_ROUNDS times
# against a fresh database), fails on any `WARNING: ThreadSanitizer` and prints the first report.
#   TSAN_SECONDS (default 60)  length of the load
#   TSAN_ROUNDS  (default 1)   rounds; every round must be clean
#   TSAN_BIN                   an already built instrumented binary (skips the build)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SECONDS_OF_LOAD=${TSAN_SECONDS:-60}
ROUNDS=${TSAN_ROUNDS:-1}
BUILD=.build/tsan
started=$(date +%s)
if [ -z "${TSAN_BIN:-}" ]; then
    echo "tsan-check: building with --sanitize=thread into $BUILD"
    swift build -c release --sanitize=thread --build-path "$BUILD" --product guidebook 2>&1 | grep -E "error|warning: unre|Compiling guidebook|Build complete" || true
    TSAN_BIN="$BUILD/release/guidebook"
fi
[ -x "$TSAN_BIN" ] || { echo "tsan-check: no instrumented binary at $TSAN_BIN" >&2; exit 1; }
TSAN_BIN=$(realpath "$TSAN_BIN")
built=$(date +%s)
echo "tsan-check: binary ready after $((built - started)) s"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/guidebook-tsan.XXXXXX")
# On exit (or when stopped), the load driver is stopped first: it stops its server and wrk.
# (`|| true`: with nothing left to stop, a bare `kill` fails, and under `set -e` the trap's failure
# would become the script's exit status.)
trap 'kill $(jobs -p) 2>/dev/null || true; wait; rm -rf "$WORK"' EXIT
# Reports go to the server's stderr; history_size keeps both stacks of a race (the older access too).
export TSAN_OPTIONS="history_size=4 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
status=0
for (( round = 1; round <= ROUNDS; round++ )); do
    echo "tsan-check: round $round/$ROUNDS, ${SECONDS_OF_LOAD}s of mixed load"
    # The load's own lines are kept and repeated after the server's: CI shows only an output's tail.
    python3 scripts/tsan/load.py "$TSAN_BIN" "$WORK/round-$round" "$SECONDS_OF_LOAD" > "$WORK/load-$round.log" 2>&1 &
    if ! wait $!; then
        echo "tsan-check: round $round: the load itself failed; the server's last lines, then the load's:" >&2
        tail -20 "$WORK/round-$round/server.stderr" >&2 || true
        cat "$WORK/load-$round.log" >&2
        status=1
    else
        cat "$WORK/load-$round.log"
    fi
    reports=$(grep -c 'WARNING: ThreadSanitizer' "$WORK/round-$round/server.stderr" || true)
    if [ "$reports" -gt 0 ]; then
        echo "tsan-check: round $round: $reports ThreadSanitizer report(s); the first:" >&2
        awk '/WARNING: ThreadSanitizer/ { on = 1 } on { print } on && /^SUMMARY: ThreadSanitizer/ { exit }' "$WORK/round-$round/server.stderr" > "$WORK/report-$round.txt"
        cat "$WORK/report-$round.txt" >&2
        # CI shows only a tail: the report's accesses and their top frames once more, last and short.
        echo "tsan-check: round $round: the first report in short:" >&2
        # (the two accesses with four frames each; the threads' creation stacks left out)
        awk '/^  [A-Z]/ { keep = ($0 !~ /^  Thread /) } /^WARNING|^SUMMARY/ || (/^  [A-Z]/ && keep) || (keep && /^    #[0-3] /)' "$WORK/report-$round.txt" |
            sed -E 's/ \(BuildId: [0-9a-f]+\)//; s/ \((guidebook|lib[^ )]*)\+0x[0-9a-f]+\)//' >&2
        status=1
    else
        echo "tsan-check: round $round: no ThreadSanitizer report"
    fi
done
# The C side of the index's tokenizing thread, which the Swift build does not instrument (scripts/tsan/ahead.c).
echo "tsan-check: the tokenizing-ahead session in C"
TOOLCHAIN_BIN=$(dirname "$(realpath "$(command -v swift)")")
SWIFT_LIB=$(realpath "$TOOLCHAIN_BIN/../lib/swift/linux")  # the sanitizer's runtime wants libdispatch
"$TOOLCHAIN_BIN/clang" -O1 -g -fsanitize=thread -I Sources/CSQLite scripts/tsan/ahead.c -o "$WORK/ahead" -lsqlite3 \
    -L"$SWIFT_LIB" -ldispatch -lBlocksRuntime -Wl,-rpath,"$SWIFT_LIB"
if ! "$WORK/ahead" > "$WORK/ahead.log" 2>&1; then
    echo "tsan-check: the tokenizing-ahead program failed:" >&2
    cat "$WORK/ahead.log" >&2
    status=1
fi
reports=$(grep -c 'WARNING: ThreadSanitizer' "$WORK/ahead.log" || true)
if [ "$reports" -gt 0 ]; then
    echo "tsan-check: the tokenizing-ahead program: $reports ThreadSanitizer report(s); the first:" >&2
    awk '/WARNING: ThreadSanitizer/ { on = 1 } on { print } on && /^SUMMARY: ThreadSanitizer/ { exit }' "$WORK/ahead.log" >&2
    status=1
else
    grep '^ahead: round\|^ahead: ok' "$WORK/ahead.log"
    echo "tsan-check: the tokenizing-ahead program: no ThreadSanitizer report"
fi
echo "tsan-check: $((  $(date +%s) - started )) s in all"
exit $status
