# The translators' files and the translation memory (issue 25), sourced by scripts/bench.sh
# (`make bench BENCH_SECTIONS=translators`, with N=100000 or N=1000000), on its database $DB of
# $GUIDELINES generated guidelines + the seed, with its helpers (row, verdict, calc, log, die,
# free_port, start_server, stop_process):
#
#   export   `guidebook translations export` of every Korean unit, XLIFF 2.0 and PO: time and peak
#            RSS (GNU time) vs `guidebook export` of the whole base as a JSON bundle, every text
#            of every locale (the base's other full export)
#   import   a PO file of every unit with 10,000 guideline translations changed, applied by
#            `guidebook translations import` on a copy of the database vs the same 10,000
#            translations sent as one PUT each over one keep-alive connection (what a team does
#            without files), on another copy; both end states are checked
#   memory   `guidebook-bench memory`: the lookup's p50/p99 over 1,000 guidelines (target p99 <
#            20 ms at 1,000,000) vs a brute-force comparison with every current translation, which
#            also checks the lookup's matches

TRANSLATORS_TMP="$TMP/translators"
mkdir -p "$TRANSLATORS_TMP"
# GNU time: "elapsed-seconds peak-RSS-KiB".
timed() { /usr/bin/time -f '%e %M' -o "$TRANSLATORS_TMP/time" "$@" >"$TRANSLATORS_TMP/out" 2>"$TRANSLATORS_TMP/err" || { tail -5 "$TRANSLATORS_TMP/err" >&2; return 1; }; cat "$TRANSLATORS_TMP/time"; }
mib() { calc '%.0f' "$1 / 1024"; }

# --- export ---
read -r ref_s ref_kb <<<"$(timed "$BIN/guidebook" export "$TRANSLATORS_TMP/bundle.json" --db "$DB" --resources "$ROOT")" || die "guidebook export failed"
for format in xliff2 po; do
    read -r exp_s exp_kb <<<"$(timed "$BIN/guidebook" translations export --locale ko --format "$format" --out "$TRANSLATORS_TMP/all-ko.$format" --db "$DB" --resources "$ROOT")" \
        || die "guidebook translations export --format $format failed"
    units=$(grep -o 'exported [0-9]* units' "$TRANSLATORS_TMP/err" | grep -o '[0-9]*')
    row "Translators" "export of every Korean unit ($units units, $format, $(calc '%.0f' "$(stat -c %s "$TRANSLATORS_TMP/all-ko.$format") / 1048576") MB) by \`guidebook translations export\`: time, peak RSS; reference: \`guidebook export\` of the whole base as a JSON bundle ($(calc '%.0f' "$(stat -c %s "$TRANSLATORS_TMP/bundle.json") / 1048576") MB)" \
        "$exp_s s, $(mib "$exp_kb") MiB" "$ref_s s, $(mib "$ref_kb") MiB" "$(calc '%.2f' "$exp_s / $ref_s")x time, $(calc '%.2f' "$exp_kb / $ref_kb")x RSS" "" ""
done
rm -f "$TRANSLATORS_TMP/bundle.json" "$TRANSLATORS_TMP/all-ko.xliff2"

# --- import of 10,000 changed units ---
cp "$DB" "$TRANSLATORS_TMP/import.sqlite"
cp "$DB" "$TRANSLATORS_TMP/puts.sqlite"
python3 "$ROOT/scripts/bench/translators_edit.py" --po "$TRANSLATORS_TMP/all-ko.po" --changes 10000 --out "$TRANSLATORS_TMP/changed.po" \
    --puts "$TRANSLATORS_TMP/puts.tsv" || die "could not make the changed PO file"
read -r imp_s imp_kb <<<"$(timed "$BIN/guidebook" translations import "$TRANSLATORS_TMP/changed.po" --db "$TRANSLATORS_TMP/import.sqlite" --resources "$ROOT")" \
    || die "guidebook translations import failed"
written=$(grep -o '[0-9]* written,' "$TRANSLATORS_TMP/err" | head -1 | grep -o '[0-9]*')
[[ "$written" == 10000 ]] || die "the import wrote $written units, not 10000: $(tail -2 "$TRANSLATORS_TMP/err")"
PORT=$(free_port) || die "no free loopback port found"
start_server "$TRANSLATORS_TMP/puts.sqlite" "$PORT"
puts_s=$(python3 "$ROOT/scripts/bench/translators_edit.py" --send "$TRANSLATORS_TMP/puts.tsv" --port "$PORT" --token "$GUIDEBOOK_ADMIN_TOKEN") || die "the PUTs failed"
stop_process "$SERVER_PID"
if [[ -n "$HAVE_SQLITE3" ]]; then
    attach="ATTACH '$TRANSLATORS_TMP/puts.sqlite' AS puts"
    differing=$(sqlite3 "$TRANSLATORS_TMP/import.sqlite" "$attach; SELECT count(*) FROM guideline_texts a JOIN puts.guideline_texts b USING (guideline_id, locale) WHERE a.locale = 'ko' AND a.text != b.text")
    [[ "$differing" == 0 ]] || die "the import and the PUTs left $differing translations different"
fi
row "Translators" "import of a PO file of every unit with 10,000 translations changed (\`guidebook translations import\`, one transaction): time, peak RSS; reference: the same 10,000 as one PUT each over one keep-alive connection (end states compared)" \
    "$imp_s s, $(mib "$imp_kb") MiB" "$puts_s s" "$(calc '%.2f' "$imp_s / $puts_s")x" "" ""
rm -f "$TRANSLATORS_TMP"/*.sqlite* "$TRANSLATORS_TMP"/*.po "$TRANSLATORS_TMP/puts.tsv"

# --- memory lookups ---
MEMORY=$("$BIN/guidebook-bench" memory --db "$DB" --migrations "$ROOT/Migrations" --samples 1000 --reference 5) || die "guidebook-bench memory failed"
lookup=$(grep '^lookup' <<<"$MEMORY"); brute=$(grep '^brute-force' <<<"$MEMORY")
p99=$(cut -f4 <<<"$lookup")
row "Translators" "memory lookup (\`GET …/translations/ko/memory\`'s work, no HTTP) over $(cut -f2 <<<"$lookup") guidelines, p50 / p99 (max $(cut -f5 <<<"$lookup") ms; $(cut -f6 <<<"$lookup") matches each); reference: brute force over every current translation, $(cut -f2 <<<"$brute") lookups (p50), agreeing with the lookup on $(cut -f5 <<<"$brute")" \
    "$(cut -f3 <<<"$lookup") / $p99 ms" "$(cut -f3 <<<"$brute") ms" "$(calc '%.0f' "$(cut -f3 <<<"$brute") / $(cut -f3 <<<"$lookup")")x faster" "p99 < 20 ms at 1M" "$( [[ "$GUIDELINES" -ge 1000000 ]] && verdict "$p99" '<' 20 || echo "– (at 1M)")"
