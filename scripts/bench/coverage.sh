# The coverage section of `make bench` (sourced by scripts/bench.sh, whose helpers it uses): issue
# 24's "coverage call at 1M under 50 ms". GET /v1/translations/coverage on a knowledge base of
# BENCH_COVERAGE_SIZE guidelines (1,000,000 by default; the benchmark's own database when it is that
# size, else one generated and imported here, ~3 min at 1M), side by side with the reference: the
# same counts made on demand by one aggregate query over the text tables of the same file
# (scripts/bench/coverage.py). A translation is written before each round, so no answer is cached.
COVERAGE_SIZE=${BENCH_COVERAGE_SIZE:-1000000}
COVERAGE_ROUNDS=${BENCH_COVERAGE_ROUNDS:-21}
[[ -n "${BENCH_QUICK:-}" ]] && { COVERAGE_SIZE=${BENCH_COVERAGE_SIZE:-$GUIDELINES}; COVERAGE_ROUNDS=${BENCH_COVERAGE_ROUNDS:-7}; }
COVERAGE_DB=$DB
if (( COVERAGE_SIZE != GUIDELINES )); then
    COVERAGE_DB="$TMP/coverage.sqlite"
    log "coverage: generating and importing $COVERAGE_SIZE guidelines"
    "$BIN/guidebook" generate "$COVERAGE_SIZE" "$TMP/coverage.ndjson" >/dev/null || die "generate failed (coverage)"
    "$BIN/guidebook" import "$TMP/coverage.ndjson" --db "$COVERAGE_DB" --resources "$ROOT" >"$TMP/coverage-import.log" 2>&1 \
        || { tail "$TMP/coverage-import.log" >&2; die "import failed (coverage)"; }
    rm -f "$TMP/coverage.ndjson"
fi
COVERAGE_TOPICS=$(( (COVERAGE_SIZE + 49) / 50 ))
for (( k = 0; k < COVERAGE_ROUNDS; k++ )); do
    printf 'gen-topic-%05d.g-%03d\n' $(( (k * 7919) % COVERAGE_TOPICS )) $(( (k * 13) % 50 ))
done >"$TMP/coverage-ids.txt"
PORT=$(free_port) || die "no free loopback port found"
start_server "$COVERAGE_DB" "$PORT"
log "coverage: $COVERAGE_ROUNDS rounds on $COVERAGE_SIZE guidelines (scripts/bench/coverage.py)"
COVERAGE=$(python3 "$ROOT/scripts/bench/coverage.py" "http://127.0.0.1:$PORT" "$GUIDEBOOK_ADMIN_TOKEN" "$COVERAGE_DB" "$TMP/coverage-ids.txt" "$COVERAGE_ROUNDS") \
    || die "coverage.py failed"
stop_process "$SERVER_PID"
[[ "$COVERAGE_DB" != "$DB" ]] && rm -f "$COVERAGE_DB"*
cov() { cut -f"$1" <<<"$COVERAGE"; }
(( $(cov 11) == 0 )) || log "WARNING: coverage: $(cov 11) answers were not 2xx"
[[ "$(cov 12)" == 1 ]] || log "WARNING: coverage: the API's counts differ from the aggregate query's"
COVERAGE_RATIO=$(ratio "$(cov 3)" "$(cov 7)")
row "Coverage" "GET /v1/translations/coverage at $COVERAGE_SIZE guidelines (every locale, $(cov 9) topics, every state; $(calc '%.1f' "$(cov 5) / 1048576") MB of JSON) p50 at the client, one connection, median of $COVERAGE_ROUNDS rounds each after a translation write (p90 $(cov 4) ms); counts equal to the reference's: $([[ "$(cov 12)" == 1 ]] && echo yes || echo **no**)" \
    "$(cov 3) ms" "$(cov 7) ms: the same counts by one aggregate query over the text tables (sqlite3, same file, p90 $(cov 8) ms)" "${COVERAGE_RATIO}x" "< 50 ms" "$(verdict "$(cov 3)" '<' 50)"
row "Coverage" "GET /v1/translations/coverage?topic=SLUG at $COVERAGE_SIZE guidelines, p50 (same rounds)" "$(cov 6) ms" "" "" "" ""
