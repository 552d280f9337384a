# The typing section of `make bench` (issue 23 item 8), sourced by scripts/bench.sh when
# BENCH_SECTIONS names `typing`: it uses that script's helpers (start_server, wrk_once, row, …).
#
# Its database is the other sections' ($DB: $GUIDELINES guidelines of the generator's short text
# and the seed), which the search mix was written for. What typing costs also depends on the
# vocabulary completion, typo and layout correction look words up in, and short text has a few
# thousand words at any size: BENCH_TYPING_TEXT=realistic generates and imports $GUIDELINES
# guidelines of realistic text for this section instead (invented words: its vocabulary grows with
# the size, as a Korean one with its particles does).
#
#   states     every state of every query of the search mix as a user types it, from
#              `guidebook-bench typing-states`: English a letter at a time (`p`, `pr`, `pro`, …),
#              Korean as a 2-set IME composes it (`ㅈ`, `지`, `진`, `짆`, `진해`, `진행`, …);
#   cold pass  each state once, in typing order, on a server just started (its search cache holds
#              nothing but the row directory): what the first user after a start or a bulk change
#              meets, the vocabulary's build included;
#   steady     the states rotated by wrk: c1 (sequential) and c16, $RUNS runs of $DURATION s, medians;
#   full-word  the search mix as typed (the last word completed, typos corrected) against the same
#              mix with the typing features off (`q=word ` — a trailing space ends the last word —
#              and `typos=false`), sequential, runs alternated: search as you type must cost the
#              full-word mix at most 1.2x in p99;
#   sizes      the vocabulary and its initials index (`guidebook-bench vocabulary`);
#   bad input  the issue's bad input, each sent 20 times in a row: status, p50, max.
#
# Every server runs with the response cache off (--response-cache 0), so every request searches.

TYPING_DB=$DB
TYPING_TEXT=${BENCH_TYPING_TEXT:-short}
if [[ "$TYPING_TEXT" != short ]]; then
    TYPING_DB="$TMP/typing.sqlite"
    cp "$SEED_DB" "$TYPING_DB"
    log "typing: generating and importing $GUIDELINES guidelines of $TYPING_TEXT text"
    "$BIN/guidebook" generate "$GUIDELINES" "$TMP/typing.ndjson" --text "$TYPING_TEXT" || die "generate --text $TYPING_TEXT failed"
    TIMEFORMAT='%R'
    { time "$BIN/guidebook" import "$TMP/typing.ndjson" --db "$TYPING_DB" --resources "$ROOT" >"$TMP/typing-import.log" 2>&1; } 2>"$TMP/typing-import.time" \
        || { tail "$TMP/typing-import.log" >&2; die "importing the typing section's data failed"; }
    rm -f "$TMP/typing.ndjson"
    row "Typing" "data: $GUIDELINES guidelines of $TYPING_TEXT text + seed (\`guidebook generate --text $TYPING_TEXT\`, \`guidebook import\`); database file" \
        "imported in $(cat "$TMP/typing-import.time") s; $(calc '%.1f' "$(stat -c %s "$TYPING_DB") / 1048576") MB" "" "" "" ""
fi

TYPING_STATES="$TMP/typing-states.tsv"
"$BIN/guidebook-bench" typing-states --queries "$QUERIES_TSV" >"$TYPING_STATES" || die "guidebook-bench typing-states failed"
TYPING_PATHS="$TMP/typing.paths"
cut -f2 "$TYPING_STATES" | while IFS= read -r state; do echo "/v1/search?q=$(urlencode "$state")&limit=10"; done >"$TYPING_PATHS"
TYPING_N=$(wc -l <"$TYPING_PATHS")
TYPING_QUERIES=$(grep -vc '^#' "$QUERIES_TSV")

log "typing: the vocabulary and its initials index (guidebook-bench vocabulary)"
VOCAB=$("$BIN/guidebook-bench" vocabulary --db "$TYPING_DB" --migrations "$ROOT/Migrations") || die "guidebook-bench vocabulary failed"

# time_each FILE_OF_PATHS BASE_URL OUT: requests each path once, in order, on one keep-alive
# connection (one curl), and writes "ms<TAB>status" lines to OUT.
time_each() {
    local paths=$1 base=$2 out=$3 config="$TMP/curl-$RANDOM.config"
    : >"$config"
    while IFS= read -r path; do printf 'url = "%s%s"\noutput = /dev/null\n' "$base" "$path" >>"$config"; done <"$paths"
    curl -s --config "$config" -w '%{time_total}\t%{http_code}\n' | awk -F'\t' '{ printf "%.2f\t%s\n", $1 * 1000, $2 }' >"$out"
}
# percentile P FILE: the P-th percentile (nearest rank) of the first column.
percentile() { cut -f1 "$2" | sort -g | awk -v p="$1" '{ a[NR] = $1 } END { if (NR == 0) { print "nan"; exit } i = int(p / 100 * NR + 0.999999); if (i < 1) i = 1; print a[i] }'; }

PORT=$(free_port) || die "no free loopback port found"
start_server "$TYPING_DB" "$PORT" --response-cache 0
TYPING_PID=$SERVER_PID
GB="http://127.0.0.1:$PORT"
# The row directory first (any first search loads it, the typing or not): the pass below then
# starts where a user typing after a start finds the server.
curl -s -o /dev/null "$GB/v1/search?q=sheet%20&typos=false&limit=10"

log "typing: cold pass over $TYPING_N states of $TYPING_QUERIES queries (each once, in typing order)"
time_each "$TYPING_PATHS" "$GB" "$TMP/typing-cold.tsv"
COLD_FIRST=$(head -1 "$TMP/typing-cold.tsv" | cut -f1)
paste "$TMP/typing-cold.tsv" <(cut -f2 "$TYPING_STATES") | tail -n +2 >"$TMP/typing-cold-rest.tsv"
COLD_WORST=$(sort -t$'\t' -k1,1 -g -r "$TMP/typing-cold-rest.tsv" | head -3 | awk -F'\t' '{ printf "%s`%s` %s ms", (NR > 1 ? ", " : ""), $3, $1 }')
COLD_BAD=$(awk -F'\t' '$2 != 200' "$TMP/typing-cold.tsv" | wc -l)
row "Typing" "cold pass: the $TYPING_N states of the mix's $TYPING_QUERIES queries as typed (\`p\`, \`pr\`, …; \`ㅈ\`, \`지\`, \`진\`, \`짆\`, …), each once in typing order on a server just started: p50 / p99 / max ms after the first (the first, which builds the vocabulary: $COLD_FIRST ms; slowest: $COLD_WORST; non-200: $COLD_BAD)" \
    "$(percentile 50 "$TMP/typing-cold-rest.tsv") / $(percentile 99 "$TMP/typing-cold-rest.tsv") / $(percentile 100 "$TMP/typing-cold-rest.tsv")" "" "" "" ""

declare -A T=()
for (( run = 1; run <= RUNS; run++ )); do
    log "typing: states rotated, c1 then c16, ${DURATION}s each (run $run/$RUNS)"
    T[seq-$run]=$(CPU_PIDS=$TYPING_PID wrk_once "$GB" "$TYPING_PATHS" 1 "$DURATION" $((run * 11)))
    T[c16-$run]=$(CPU_PIDS=$TYPING_PID wrk_once "$GB" "$TYPING_PATHS" 16 "$DURATION" $((run * 13)))
done
for kind in seq c16; do
    for m in rps p50_us p99_us max_us; do T[$kind-$m]=$(for (( run = 1; run <= RUNS; run++ )); do field "${T[$kind-$run]}" "$m"; done | median); done
done
TYPING_TARGET=10; (( GUIDELINES > 100000 )) && TYPING_TARGET=30
seq99=$(us_to_ms "${T[seq-p99_us]}")
row "Typing" "every state as typed, sequential (wrk c1, states rotated; median of $RUNS runs of ${DURATION}s): p50 / p99 / max ms; req/s" \
    "$(us_to_ms "${T[seq-p50_us]}") / $seq99 / $(us_to_ms "${T[seq-max_us]}"); $(printf '%.0f' "${T[seq-rps]}")/s" "" "" "p99 < $TYPING_TARGET ms" "$(verdict "$seq99" '<' "$TYPING_TARGET")"
row "Typing" "every state as typed, 16 connections (wrk c16): p50 / p99 / max ms; req/s" \
    "$(us_to_ms "${T[c16-p50_us]}") / $(us_to_ms "${T[c16-p99_us]}") / $(us_to_ms "${T[c16-max_us]}"); $(printf '%.0f' "${T[c16-rps]}")/s" "" "" "" ""

# After an edit: the first typing search reads the vocabulary again (it is kept per generation of
# the index) and patches the row directory; the second finds both kept.
log "typing: the first and the second typing search after an edit (3 edits)"
: >"$TMP/after-edit.tsv"
for (( edit = 1; edit <= 3; edit++ )); do
    curl -s -o /dev/null -w '%{http_code}' -X PATCH -H @"$AUTH_HEADER" -H 'Content-Type: application/merge-patch+json' \
        --data "{\"text\": \"Edited by the typing benchmark, $edit: zorbulating progress.\"}" "$GB/v1/guidelines/gen-topic-00000.g-00$edit" >"$TMP/edit.status"
    [[ "$(cat "$TMP/edit.status")" == 200 ]] || log "WARNING: the benchmark's edit answered $(cat "$TMP/edit.status")"
    printf '/v1/search?q=%s&limit=10\n/v1/search?q=%s&limit=10\n' "$(urlencode "prog")" "$(urlencode "진행ㄹ")" >"$TMP/after-edit.paths"
    time_each "$TMP/after-edit.paths" "$GB" "$TMP/after-edit-one.tsv"
    paste -s "$TMP/after-edit-one.tsv" >>"$TMP/after-edit.tsv"
done
row "Typing" "after an edit (PATCH of one guideline, 3 times): the first typing search (\`prog\`: reads the vocabulary again, patches the row directory) / the next one (\`진행ㄹ\`), ms, median" \
    "$(cut -f1 "$TMP/after-edit.tsv" | median) / $(cut -f3 "$TMP/after-edit.tsv" | median)" "" "" "" ""

# The full-word mix with the typing features on (as the page sends it) and off (as before them).
ON_PATHS="$TMP/fullword-on.paths"; OFF_PATHS="$TMP/fullword-off.paths"
: >"$ON_PATHS"; : >"$OFF_PATHS"
while IFS=$'\t' read -r class query; do
    [[ -z "$class" || "$class" == \#* ]] && continue
    echo "/v1/search?q=$(urlencode "$query")&limit=10" >>"$ON_PATHS"
    echo "/v1/search?q=$(urlencode "$query ")&limit=10&typos=false" >>"$OFF_PATHS"
done <"$QUERIES_TSV"
declare -A F=()
for (( run = 1; run <= RUNS; run++ )); do
    log "typing: the full-word mix with the typing features off, then on (run $run/$RUNS)"
    F[off-$run]=$(CPU_PIDS=$TYPING_PID wrk_once "$GB" "$OFF_PATHS" 1 "$DURATION" $((run * 3)))
    F[on-$run]=$(CPU_PIDS=$TYPING_PID wrk_once "$GB" "$ON_PATHS" 1 "$DURATION" $((run * 3)))
done
for kind in on off; do
    for m in p50_us p99_us; do F[$kind-$m]=$(for (( run = 1; run <= RUNS; run++ )); do field "${F[$kind-$run]}" "$m"; done | median); done
done
fr=$(ratio "${F[on-p99_us]}" "${F[off-p99_us]}")
row "Typing" "the full-word mix ($TYPING_QUERIES queries) sequential p50 / p99 ms, as typed (last word completed, typos on) vs with the typing features off (\`q=word \` and \`typos=false\`: the search as it was before them); median of $RUNS alternated runs of ${DURATION}s" \
    "$(us_to_ms "${F[on-p50_us]}") / $(us_to_ms "${F[on-p99_us]}")" "$(us_to_ms "${F[off-p50_us]}") / $(us_to_ms "${F[off-p99_us]}") (off)" "${fr}x" "p99 <= 1.2x" "$(verdict "$fr" '<=' 1.2)"

IFS=$'\t' read -r _ vlatin vkorean vbytes vinitials vms <<<"$VOCAB"
row "Typing" "the vocabulary (words as written: English / Korean, with each Korean word's noun) and its initials index, as the search cache holds them; one build (best of 3)" \
    "$vlatin / $vkorean words; $(calc '%.1f' "$vbytes / 1048576") MB, of which the initials index $(calc '%.2f' "$vinitials / 1048576") MB; built in $vms ms" "" "" "" ""

# Bad input (the issue's list): each sent 20 times in a row.
log "typing: bad input"
BAD="$TMP/bad-input.tsv"; : >"$BAD"
jamo200=$(for (( i = 0; i < 100; i++ )); do printf 'ㅈㅏ'; done)
typos32="prgoress indicatr popvoer shete modla navigaiton contnet peopel aplication buton contorl seleciton remvoe delte docuemnt windwo toolbra sidbear menue tabel colro imgae devcie acount pasword serach filtre pgae scrren shetes alrets lsit"
typos50="$typos32 labl swtich sldier stpeper pciker genrate reaed wriet opne clsoe shaer prnit cehck chnage manaeg dlete craete updaet"
mixed="tlxm시트 vkqdhqj팝오버 ㅈㅎㄹsheet 새ㅐㅣㅠㅁㄱ진행 progressㅈㅎ 팝ㅇpopover 시ㅌtlx 모달modal"
long500=$(printf 'progress %.0s' $(seq 60) | head -c 500)
# 32 unknown words of 14 letters and more (two typos allowed from 9): the typo lookup's longest work.
words500=$(for word in $typos32; do printf '%s%s ' "$word" "$word"; done | head -c 500)
combining=$(printf '\xcc\x81\xcc\x82\xcc\x83\xcc\x88\xcc\xa7')
for entry in "one letter|p" "one jamo|ㅈ" "one vowel jamo|ㅏ" "200 jamo|$jamo200" "mixed layouts and scripts in every word|$mixed" "vowel jamo only|ㅏㅏㅏ" \
             "32 typo words (the most a query holds)|$typos32" "50 typo words (over the 32-term limit: a 400)|$typos50" "combining marks alone|$combining" \
             "500 characters of $(wc -w <<<"$words500") unknown long words|$words500" "500 characters (56 words: over the term limit)|$long500" \
             "500 characters, one word|$(printf 'a%.0s' $(seq 500))"; do
    label=${entry%%|*}; text=${entry#*|}
    path="/v1/search?q=$(urlencode "$text")&limit=10"
    for _ in $(seq 20); do echo "$path"; done >"$TMP/bad.paths"
    time_each "$TMP/bad.paths" "$GB" "$TMP/bad-one.tsv"
    printf '%s\t%s\t%s\t%s\t%s\n' "$label" "$(cut -f2 "$TMP/bad-one.tsv" | sort -u | tr '\n' ' ' | sed 's/ $//')" \
        "$(percentile 50 "$TMP/bad-one.tsv")" "$(percentile 100 "$TMP/bad-one.tsv")" "$(head -1 "$TMP/bad-one.tsv" | cut -f1)" >>"$BAD"
done
{
    echo
    echo "Bad input at $GUIDELINES guidelines of $TYPING_TEXT text (each sent 20 times in a row, sequential, response cache off; ms):"
    echo
    echo "| input | status | p50 | max | first |"
    echo "|---|---|---:|---:|---:|"
    awk -F'\t' '{ printf "| %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5 }' "$BAD"
} >>"$DETAIL"
worst=$(sort -t$'\t' -k4,4 -g -r "$BAD" | head -1)
bad5xx=$(cut -f2 "$BAD" | tr ' ' '\n' | grep -c '^5' || true)
row "Typing" "bad input (the issue's list, each 20 times; table below): the worst max ms; 5xx answers" "$(cut -f4 <<<"$worst") ms ($(cut -f1 <<<"$worst")); $bad5xx 5xx" "" "" "no 5xx; bounded" "$( (( bad5xx == 0 )) && echo met || echo '**missed**')"
stop_process "$TYPING_PID"
