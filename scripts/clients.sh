#!/usr/bin/env bash
# Typed clients generated from the OpenAPI document (Sources/GuidebookAPI/OpenAPI/openapi.json,
# the bytes the server serves at /openapi.json), with the generators people use.
#
#   scripts/clients.sh generate   writes them to .build/clients/ (`make clients`):
#       python/                    openapi-python-client 0.29.1 (package guidebook_client)
#       python-openapi-generator/  openapi-generator 7.26.0, -g python (package guidebook_openapi)
#       typescript/                openapi-generator 7.26.0, -g typescript-fetch
#   scripts/clients.sh check      generates them, then runs the smoke tests of Tests/Clients/ (pytest;
#                                 `make client-check`): each client against a real `guidebook serve`
#                                 on a free loopback port with a temporary database (the seed and an
#                                 edge-case bundle) and a generated admin token; the TypeScript client
#                                 compiled by tsc (Debian's node-typescript) and run by node.
#
# Generation fails on any warning: openapi-python-client must print none, and openapi-generator
# none but two that any 3.1 document gets (named in ALLOWED below, with why). The document is
# first validated by `openapi-generator-cli validate`.
#
# Installs what is missing: python3-venv, a Java runtime (openapi-generator-cli from PyPI carries
# the generator's jar and needs only `java` on PATH, so nothing else is downloaded), and for
# `check` nodejs and node-typescript; the PyPI packages, every one pinned in
# scripts/clients/requirements.txt, go into the virtualenv .build/clients-venv.
# Run time here: about 1 minute for `check` once installed (generation ~25 s, the smoke tests ~15 s).
#
# Environment:
#   GUIDEBOOK_BUILD_PATH   SwiftPM build folder (default: .build)
#   CLIENTS_OUT            where the clients go (default: .build/clients)
#   SWIFT                  the swift driver (default: swift)
set -Eeuo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_PATH=${GUIDEBOOK_BUILD_PATH:-$ROOT/.build}
OUT=${CLIENTS_OUT:-$BUILD_PATH/clients}
VENV=$BUILD_PATH/clients-venv
REQUIREMENTS=$ROOT/scripts/clients/requirements.txt
DOCUMENT=$ROOT/Sources/GuidebookAPI/OpenAPI/openapi.json
SWIFT=${SWIFT:-swift}
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
# openapi-generator's warnings that say nothing about this document: the first is printed for
# every OpenAPI 3.1 document, the second for any document with a schema at all (a lookup of a
# null reference inside the generator; a one-schema document shows it too).
ALLOWED=(
    'WARN  o.o.codegen.DefaultCodegen - OpenAPI 3.1 support is still in beta.'
    'WARN  o.o.codegen.utils.ModelUtils - Failed to get the schema name: null'
)

mode=${1:-}
case "$mode" in
    generate|check) ;;
    *) echo "usage: scripts/clients.sh generate|check" >&2; exit 2 ;;
esac
started=$(date +%s)
log() { printf '== %s\n' "$*" >&2; }

# --- What the generators need ------------------------------------------------------------------
apt_packages=""
python3 -c 'import venv, ensurepip' 2>/dev/null || apt_packages="python3-venv"
command -v java >/dev/null || apt_packages="$apt_packages openjdk-17-jre-headless"
if [ "$mode" = check ]; then
    command -v node >/dev/null || apt_packages="$apt_packages nodejs"
    dpkg -s node-typescript >/dev/null 2>&1 || apt_packages="$apt_packages node-typescript"
fi
if [ -n "$apt_packages" ]; then
    log "installing:$apt_packages"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $apt_packages >/dev/null
fi

# The virtualenv is made again whenever the pinned list changes.
stamp=$(sha256sum "$REQUIREMENTS" | cut -c1-16)
if [ "$(cat "$VENV/.requirements" 2>/dev/null)" != "$stamp" ]; then
    log "installing the pinned generators into $VENV"
    rm -rf "$VENV"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$REQUIREMENTS"
    "$VENV/bin/pip" check >/dev/null
    echo "$stamp" > "$VENV/.requirements"
fi
# openapi-python-client formats its output with ruff, which it finds on PATH.
export PATH=$VENV/bin:$PATH

# --- Generation, failing on warnings ----------------------------------------------------------
# Runs a generator with its output in a log; fails, showing the log, when it fails or warns.
# $1: a name, $2: a grep pattern for warning lines; the rest: the command.
generate() {
    local name=$1 pattern=$2 output
    shift 2
    output=$("$@" 2>&1) || { printf '%s\n' "$output" >&2; echo "FAIL: $name failed" >&2; exit 1; }
    local warnings
    warnings=$(printf '%s\n' "$output" | grep -E "$pattern" || true)
    for allowed in "${ALLOWED[@]}"; do
        warnings=$(printf '%s\n' "$warnings" | grep -vF "$allowed" || true)
    done
    if [ -n "$warnings" ]; then
        printf '%s\n' "$output" >&2
        echo "FAIL: $name warned:" >&2
        printf '%s\n' "$warnings" >&2
        exit 1
    fi
    log "$name: no warnings"
}

mkdir -p "$OUT"
validation=$(openapi-generator-cli validate -i "$DOCUMENT" 2>&1) || { printf '%s\n' "$validation" >&2; exit 1; }
printf '%s\n' "$validation" | grep -qF 'No validation issues detected.' \
    || { printf '%s\n' "$validation" >&2; echo "FAIL: openapi-generator found issues in the document" >&2; exit 1; }
log "openapi-generator validate: no validation issues"

rm -rf "$OUT/python" "$OUT/python-openapi-generator" "$OUT/typescript"
# openapi-python-client marks every problem with "Warning", "WARNING", "Unable to" or "Error".
generate "openapi-python-client" 'Warning|WARNING|Unable to|Error' \
    openapi-python-client generate --path "$DOCUMENT" --output-path "$OUT/python" --meta setup \
    --config "$ROOT/scripts/clients/openapi-python-client.yaml"
generate "openapi-generator python" ' WARN |ERROR' \
    openapi-generator-cli generate -g python -i "$DOCUMENT" -o "$OUT/python-openapi-generator" \
    --package-name guidebook_openapi --additional-properties=projectName=guidebook-openapi
generate "openapi-generator typescript-fetch" ' WARN |ERROR' \
    openapi-generator-cli generate -g typescript-fetch -i "$DOCUMENT" -o "$OUT/typescript" \
    --additional-properties=npmName=guidebook-client,supportsES6=true
log "clients in $OUT: python, python-openapi-generator, typescript ($(( $(date +%s) - started ))s)"
[ "$mode" = generate ] && exit 0

# --- The smoke tests --------------------------------------------------------------------------
log "building the server (debug)"
make -s -C "$ROOT" deps
(cd "$ROOT" && "$SWIFT" build --build-path "$BUILD_PATH" --product guidebook 2>&1 | tail -n 1)
BINARY=$BUILD_PATH/debug/guidebook
[ -x "$BINARY" ] || { echo "no server binary at $BINARY" >&2; exit 1; }

log "smoke tests: the clients against live servers"
result=0
GUIDEBOOK_BINARY=$BINARY GUIDEBOOK_RESOURCES=$ROOT CLIENTS_OUT=$OUT \
    "$VENV/bin/python" -m pytest -p no:cacheprovider -q "$ROOT/Tests/Clients" || result=$?
log "client-check took $(( $(date +%s) - started ))s"
exit "$result"
