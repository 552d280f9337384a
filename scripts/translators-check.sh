#!/usr/bin/env bash
# The translators' files checked by tools nobody here wrote (Tests/Translators): builds the server
# (debug), starts it on the seed in a temporary folder on a free loopback port with a scratch admin
# token, and runs the Python test, which exports XLIFF 2.0, XLIFF 1.2 and PO and reads them with
# translate-toolkit and polib (pinned, installed into .build/translators-venv on first use), gettext's
# `msgfmt --check` and libxml2's `xmllint` (Debian gettext and libxml2-utils, installed by
# `make translators-check` when missing); then the round trips (test_round_trip.py): ten units
# changed by translate-toolkit (PO, XLIFF 1.2) or ElementTree (XLIFF 2.0) and imported back; and the
# translation memory's TMX read and written by translate-toolkit's tmx store (test_memory.py); and
# one round trip through OmegaT in console mode with our TMX as its memory (test_omegat.py).
# Fails when a test fails, when the server logged an error, or when it did not stop on SIGTERM.
# About 20 s warm.
set -Eeuo pipefail

TRANSLATE_TOOLKIT_VERSION=3.20.4
POLIB_VERSION=1.2.0
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$ROOT/scripts/lib/listening-url.sh"
. "$ROOT/scripts/lib/pinned-venv.sh"
BUILD_PATH=${GUIDEBOOK_BUILD_PATH:-$ROOT/.build}
VENV=$BUILD_PATH/translators-venv
SWIFT=${SWIFT:-swift}
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
log() { printf '== %s\n' "$*" >&2; }

pins="translate-toolkit==$TRANSLATE_TOOLKIT_VERSION polib==$POLIB_VERSION"
pinned_venv "$VENV" "$pins"

log "building the server (debug)"
(cd "$ROOT" && "$SWIFT" build --build-path "$BUILD_PATH" --product guidebook 2>&1 | tail -n 3)
BINARY=$BUILD_PATH/debug/guidebook
[ -x "$BINARY" ] || { echo "no server binary at $BINARY" >&2; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/guidebook-translators.XXXXXX")
SERVER_PID=
cleanup() {
    [ -n "$SERVER_PID" ] && kill -KILL "$SERVER_PID" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

GUIDEBOOK_TOKEN=gb_translators_$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')
export GUIDEBOOK_TOKEN
GUIDEBOOK_ADMIN_TOKEN=$GUIDEBOOK_TOKEN "$BINARY" serve --host 127.0.0.1 --port 0 --db "$WORK/guidebook.sqlite" --resources "$ROOT" \
    --threads 2 --log-level info 2>"$WORK/server.log" &
SERVER_PID=$!
GUIDEBOOK_URL=$(listening_url "$WORK/server.log" "$SERVER_PID") || exit 1
export GUIDEBOOK_URL
log "server at $GUIDEBOOK_URL"

status=0
"$VENV/bin/python" "$ROOT/Tests/Translators/test_translation_files.py" || status=$?
# The round trips write translations: after the reading tests, which count the seed's states.
"$VENV/bin/python" "$ROOT/Tests/Translators/test_round_trip.py" || status=$?
"$VENV/bin/python" "$ROOT/Tests/Translators/test_memory.py" || status=$?
# OmegaT (Debian omegat, installed by make translators-check) headless in console mode.
OMEGAT_JAR=${OMEGAT_JAR:-/usr/share/omegat/OmegaT.jar}
if [ -f "$OMEGAT_JAR" ]; then
    OMEGAT_JAR=$OMEGAT_JAR "$VENV/bin/python" "$ROOT/Tests/Translators/test_omegat.py" || status=$?
else
    echo "OmegaT is not installed ($OMEGAT_JAR): install Debian's omegat (make translators-check does)" >&2
    status=1
fi

kill -TERM "$SERVER_PID"
for _ in $(seq 150); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$SERVER_PID" 2>/dev/null; then echo "the server did not stop within 15 s of SIGTERM" >&2; status=1; fi
wait "$SERVER_PID" 2>/dev/null || status=1
SERVER_PID=
if grep -E '"level":"(error|critical)"' "$WORK/server.log" >&2; then echo "the server logged errors" >&2; status=1; fi
exit "$status"
