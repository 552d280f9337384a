#!/usr/bin/env bash
# The wiki layouts checked with the wikis' own tools where they run here (make wiki-check):
# - MkDocs: `mkdocs build --strict` (mkdocs + mkdocs-static-i18n, pinned) over the MkDocs layout of
#   the seed and of a generated 2,000-guideline base; the built site has every page in both
#   languages and every link resolves (Tests/Wiki/check_mkdocs_site.py); and over a base of texts
#   made to break Python-Markdown (Tests/Wiki/escaping.json), whose every text must read in the
#   built pages exactly as written, adding no structure (Tests/Wiki/check_mkdocs_text.py).
# - Wiki.js, Docusaurus, BookStack: each layout read as the wiki reads it by
#   Tests/Wiki/check_layouts.py (PyYAML; Docusaurus's build itself is not run: npm is not reachable here).
# - micawber (pinned), an oEmbed consumer, turns Guidebook URLs into embeds against a live server.
# Tools go into .build/wiki-venv on first use. About a minute warm.
set -Eeuo pipefail

MKDOCS_VERSION=1.6.1
MKDOCS_I18N_VERSION=1.3.1
MICAWBER_VERSION=0.8.0
PYYAML_VERSION=6.0.3
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$ROOT/scripts/lib/listening-url.sh"
. "$ROOT/scripts/lib/pinned-venv.sh"
BUILD_PATH=${GUIDEBOOK_BUILD_PATH:-$ROOT/.build}
VENV=$BUILD_PATH/wiki-venv
SWIFT=${SWIFT:-swift}
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
log() { printf '== %s\n' "$*" >&2; }
# Logs what a checker prints; its failure fails the script (inside log's argument it would not:
# a command's status is not that of a command substitution in its arguments).
checked() {  # LABEL COMMAND...
    local label=$1 summary
    shift
    summary=$("$@") || { log "$label: failed"; exit 1; }
    log "$label $summary"
}

pins="mkdocs==$MKDOCS_VERSION mkdocs-static-i18n==$MKDOCS_I18N_VERSION micawber==$MICAWBER_VERSION pyyaml==$PYYAML_VERSION"
pinned_venv "$VENV" "$pins"

log "building guidebook (debug)"
(cd "$ROOT" && "$SWIFT" build --build-path "$BUILD_PATH" --product guidebook 2>&1 | tail -n 3)
BINARY=$BUILD_PATH/debug/guidebook
WORK=$(mktemp -d "${TMPDIR:-/tmp}/guidebook-wiki-check.XXXXXX")
SERVER_PID=
cleanup() {
    [ -n "$SERVER_PID" ] && kill -KILL "$SERVER_PID" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

check_base() {  # NAME DB
    local name=$1 db=$2 out=$WORK/$1
    for layout in mkdocs wikijs docusaurus bookstack; do
        "$BINARY" export --format "$layout" --out "$out/$layout" --db "$db" --resources "$ROOT" >/dev/null 2>"$WORK/export.log" \
            || { cat "$WORK/export.log" >&2; exit 1; }
    done
    log "$name: mkdocs build --strict"
    (cd "$out/mkdocs" && "$VENV/bin/mkdocs" build --strict --site-dir "$out/site" 2>&1 | tail -n 4)
    checked "$name: site" "$VENV/bin/python" "$ROOT/Tests/Wiki/check_mkdocs_site.py" "$out/site" "$out/mkdocs/docs" en ko
    checked "$name: mkdocs layout" "$VENV/bin/python" "$ROOT/Tests/Wiki/check_layouts.py" mkdocs "$out/mkdocs"
    checked "$name: wikijs layout" "$VENV/bin/python" "$ROOT/Tests/Wiki/check_layouts.py" wikijs "$out/wikijs"
    checked "$name: docusaurus layout" "$VENV/bin/python" "$ROOT/Tests/Wiki/check_layouts.py" docusaurus "$out/docusaurus"
    for locale in en ko; do
        checked "$name: bookstack $locale" "$VENV/bin/python" "$ROOT/Tests/Wiki/check_layouts.py" bookstack "$out/bookstack/guidebook-$locale.zip"
    done
}

"$BINARY" migrate --db "$WORK/seed.sqlite" --resources "$ROOT" >/dev/null
"$BINARY" import "$ROOT"/Seed/*.json --db "$WORK/seed.sqlite" --resources "$ROOT" >/dev/null 2>&1
check_base seed "$WORK/seed.sqlite"

log "generating a 2,000-guideline base"
"$BINARY" generate 2000 "$WORK/kb.ndjson" --text realistic >/dev/null 2>&1
"$BINARY" import "$WORK/kb.ndjson" --db "$WORK/generated.sqlite" --no-seed --resources "$ROOT" >/dev/null 2>&1
check_base generated "$WORK/generated.sqlite"

"$BINARY" import "$ROOT/Tests/Wiki/escaping.json" --db "$WORK/escaping.sqlite" --no-seed --resources "$ROOT" >/dev/null 2>&1
check_base escaping "$WORK/escaping.sqlite"
checked "escaping: mkdocs texts" "$VENV/bin/python" "$ROOT/Tests/Wiki/check_mkdocs_text.py" "$WORK/escaping/site" "$ROOT/Tests/Wiki/escaping.json" en ko

log "micawber against a live server"
GUIDEBOOK_ADMIN_TOKEN=gb_wiki_$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n') "$BINARY" serve --host 127.0.0.1 --port 0 --db "$WORK/seed.sqlite" \
    --resources "$ROOT" --threads 2 --log-level info 2>"$WORK/server.log" &
SERVER_PID=$!
GUIDEBOOK_URL=$(listening_url "$WORK/server.log" "$SERVER_PID") || exit 1
status=0
GUIDEBOOK_URL=$GUIDEBOOK_URL "$VENV/bin/python" "$ROOT/Tests/Wiki/check_micawber.py" || status=$?
kill -TERM "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=
exit "$status"
