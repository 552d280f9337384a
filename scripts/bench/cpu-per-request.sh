#!/usr/bin/env bash
# Server CPU per request of two `guidebook` binaries, in one run, rounds interleaved: a guideline
# by id (response cache on and off), a topic of 50 guidelines (cache off) and the search mix
# (cache off), the same wrk load on each.
# CPU is the server's utime + stime from /proc/PID/stat around the wrk run, divided by the
# requests wrk completed. With WORKLOAD=edits, `PATCH /v1/guidelines/{id}` instead (every PATCH
# changes its text, so every one commits), four connections, the admin token set for both servers.
#
#   [WORKLOAD=edits] scripts/bench/cpu-per-request.sh BEFORE_BINARY AFTER_BINARY [GUIDELINES] [SECONDS] [ROUNDS]
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BEFORE=$1 AFTER=$2 GUIDELINES=${3:-20000} SECONDS_PER_RUN=${4:-5} ROUNDS=${5:-3} WORKLOAD=${WORKLOAD:-reads}
if [[ $WORKLOAD == edits ]]; then
    export GUIDEBOOK_ADMIN_TOKEN="gb_$(head -c 32 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n')"
    export BENCH_TOKEN=$GUIDEBOOK_ADMIN_TOKEN
fi
TMP=$(mktemp -d /tmp/cpu-per-request.XXXXXX)
HZ=$(getconf CLK_TCK)
# shellcheck source=../lib/free-port.sh
source "$ROOT/scripts/lib/free-port.sh"
PORT=$(free_port) || { echo "no free loopback port found" >&2; exit 1; }
SERVER=""
trap '[[ -n "$SERVER" ]] && kill "$SERVER" 2>/dev/null; rm -rf "$TMP"' EXIT

serve() { # BINARY ARGS...: starts a server on $PORT, waits for /livez
    local bin=$1; shift
    "$bin" serve --db "$TMP/db.sqlite" --port "$PORT" --log-level warning --resources "$ROOT" "$@" >"$TMP/server.log" 2>&1 &
    SERVER=$!
    for _ in $(seq 600); do curl -s -o /dev/null --max-time 1 "http://127.0.0.1:$PORT/livez" && return 0; sleep 0.05; done
    echo "server did not start" >&2; cat "$TMP/server.log" >&2; exit 1
}
stop() { kill -TERM "$SERVER"; wait "$SERVER" 2>/dev/null; SERVER=""; }
ticks() { awk '{ print $14 + $15 }' "/proc/$SERVER/stat"; }

"$AFTER" generate "$GUIDELINES" "$TMP/kb.ndjson" >/dev/null
serve "$BEFORE"; stop                      # the seed, loaded on first start
"$AFTER" import "$TMP/kb.ndjson" --db "$TMP/db.sqlite" --resources "$ROOT" >/dev/null 2>&1 || { echo "import failed" >&2; exit 1; }
TOPICS=$(( (GUIDELINES + 49) / 50 ))
for (( k = 0; k < 1000; k++ )); do
    t=$(( (k * 37) % TOPICS )); g=$(( (k * 13) % 50 ))
    (( t * 50 + g < GUIDELINES )) && printf '/v1/guidelines/gen-topic-%05d.g-%03d\n' "$t" "$g"
done >"$TMP/guidelines.paths"
for (( k = 0; k < 200; k++ )); do
    t=$(( (k * 37) % TOPICS )); (( t * 50 + 50 <= GUIDELINES )) && printf '/v1/topics/gen-topic-%05d\n' "$t"
done >"$TMP/topics.paths"
grep -v '^#' "$ROOT/scripts/bench/queries.tsv" | cut -f2 | python3 -c '
import sys, urllib.parse
for q in sys.stdin:
    q = q.strip()
    if q: print("/v1/search?q=" + urllib.parse.quote(q) + "&limit=10")' >"$TMP/search.paths"

# measure NAME BINARY PATHS HEADER SERVER-ARGS...: prints "NAME binary µs-per-request requests"
measure() {
    local name=$1 label=$2 bin=$3 paths=$4 header=$5; shift 5
    serve "$bin" "$@"
    local headers=()
    [[ -n "$header" ]] && headers=(-H "$header")
    BENCH_PATHS=$paths wrk -t1 -c"${CONNECTIONS:-16}" -d1s "${headers[@]}" -s "$ROOT/scripts/bench/rotate.lua" "http://127.0.0.1:$PORT" >/dev/null 2>&1
    local before; before=$(ticks)
    local line; line=$(BENCH_PATHS=$paths wrk -t1 -c"${CONNECTIONS:-16}" -d"${SECONDS_PER_RUN}s" "${headers[@]}" -s "$ROOT/scripts/bench/rotate.lua" "http://127.0.0.1:$PORT" 2>&1 | grep '^BENCH')
    local after; after=$(ticks)
    stop
    local requests; requests=$(tr ' ' '\n' <<<"$line" | awk -F= '$1 == "requests" { print $2 }')
    local non2xx; non2xx=$(tr ' ' '\n' <<<"$line" | awk -F= '$1 == "non2xx" { print $2 }')
    awk -v n="$name" -v l="$label" -v t=$(( after - before )) -v r="$requests" -v hz="$HZ" -v e="$non2xx" \
        'BEGIN { printf "%s\t%s\t%.1f\t%d\t%s\n", n, l, t / hz * 1e6 / r, r, e }'
}

printf 'workload\tbinary\tserver_cpu_us_per_request\trequests\tnon2xx\n'
for (( round = 1; round <= ROUNDS; round++ )); do
    for pair in "before:$BEFORE" "after:$AFTER"; do
        label=${pair%%:*} bin=${pair#*:}
        if [[ $WORKLOAD == edits ]]; then
            BENCH_METHOD=PATCH CONNECTIONS=4 measure guideline-patch "$label" "$bin" "$TMP/guidelines.paths" ""
            continue
        fi
        measure guideline-cached "$label" "$bin" "$TMP/guidelines.paths" ""
        measure guideline-cached-gzip "$label" "$bin" "$TMP/guidelines.paths" "Accept-Encoding: gzip"
        measure guideline-uncached "$label" "$bin" "$TMP/guidelines.paths" "" --response-cache 0
        measure topic50-uncached "$label" "$bin" "$TMP/topics.paths" "" --response-cache 0
        measure search-uncached "$label" "$bin" "$TMP/search.paths" "" --response-cache 0
    done
done
