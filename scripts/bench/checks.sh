# The quality checks' section of `make bench` (sourced by scripts/bench.sh, whose helpers it uses):
# translation write p50 with the checks on, side by side with the same writes with them off
# (`--checks off`, the reference), on two copies of the benchmark database, served one at a time
# and alternated round by round (off, on, off, on, ...) so both see the same machine; then the
# overall list of findings (the first page and its counts) at this size. Issue 24's target: the
# write p50 with the checks on within 2x of without.
CHECK_WRITES=${BENCH_CHECK_WRITES:-300}
CHECK_ROUNDS=$RUNS
[[ -n "${BENCH_QUICK:-}" ]] && CHECK_WRITES=${BENCH_CHECK_WRITES:-60}
log "checks: $CHECK_WRITES translation writes x $CHECK_ROUNDS rounds with the checks on and off (scripts/bench/translation-writes.py)"
for mode in on off; do
    if [[ -n "$HAVE_SQLITE3" ]]; then sqlite3 "$DB" ".backup '$TMP/checks-$mode.sqlite'" || die "could not copy the database for the checks benchmark"
    else cp "$DB" "$TMP/checks-$mode.sqlite" || die "could not copy the database for the checks benchmark"; fi
done
# Generated guidelines spread over all topics, each written at most once per round.
CHECK_IDS="$TMP/check-ids.txt"
sed 's|^/v1/guidelines/||' "$GUIDELINE_PATHS" >"$CHECK_IDS"
: >"$TMP/check-writes-on"; : >"$TMP/check-writes-off"
for (( round = 0; round < CHECK_ROUNDS; round++ )); do
    for mode in off on; do
        PORT=$(free_port) || die "no free loopback port found"
        start_server "$TMP/checks-$mode.sqlite" "$PORT" --checks "$mode"
        out=$(python3 "$ROOT/scripts/bench/translation-writes.py" "http://127.0.0.1:$PORT" "$GUIDEBOOK_ADMIN_TOKEN" "$CHECK_IDS" "$CHECK_WRITES" $(( round * CHECK_WRITES ))) \
            || die "translation-writes.py failed (checks $mode)"
        (( $(cut -f6 <<<"$out") == 0 )) || log "WARNING: checks $mode: $(cut -f6 <<<"$out") translation writes were not 2xx"
        echo "$out" >>"$TMP/check-writes-$mode"
        if [[ "$mode" == on && $round == 0 ]]; then
            # The overall list at this size: the first page with its counts, timed (10 requests, median).
            # (Each with another limit, so no answer comes from the response cache.)
            for limit in $(seq 91 100); do
                curl -s -o /dev/null -w '%{time_total}\n' -H @"$AUTH_HEADER" "http://127.0.0.1:$PORT/v1/checks?locale=ko&limit=$limit"
            done >"$TMP/check-list-times"
            curl -s -H @"$AUTH_HEADER" "http://127.0.0.1:$PORT/v1/checks?locale=ko&limit=1" >"$TMP/check-list.json"
        fi
        stop_process "$SERVER_PID"
    done
done
rm -f "$TMP"/checks-*.sqlite*
check_p50() { cut -f3 "$TMP/check-writes-$1" | median; }
CHECK_ON=$(check_p50 on); CHECK_OFF=$(check_p50 off)
CHECK_RATIO=$(ratio "$CHECK_ON" "$CHECK_OFF")
rounds() { cut -f3 "$TMP/check-writes-$1" | tr '\n' ' ' | sed 's/ $//'; }
row "Checks" "PUT /v1/guidelines/{id}/translations/ko p50, checks on (the write and its findings in one transaction) vs --checks off; $CHECK_WRITES sequential writes per round on one connection, median of $CHECK_ROUNDS alternated rounds (on: $(rounds on); off: $(rounds off) ms)" \
    "$CHECK_ON ms" "$CHECK_OFF ms with --checks off" "${CHECK_RATIO}x" "< 2x" "$(verdict "$CHECK_RATIO" '<' 2)"
LIST_MS=$(awk '{ print $1 * 1000 }' "$TMP/check-list-times" | median)
LIST_TOTAL=$(grep -o '"total":[0-9]*' "$TMP/check-list.json" | head -1 | cut -d: -f2)
row "Checks" "GET /v1/checks?locale=ko&limit=91..100 (the first page of all findings with their counts by check and severity; $LIST_TOTAL findings in the base), median of 10 at the client" \
    "$(printf '%.2f' "$LIST_MS") ms" "" "" "" ""
