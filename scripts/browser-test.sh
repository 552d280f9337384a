#!/usr/bin/env bash
# The web page in a real browser: installs what is missing (Debian's chromium and chromium-driver,
# two font packages so Hangul and Latin text render as people see them, Selenium and
# axe-selenium-python from PyPI into a virtualenv under .build/), builds the release server and
# runs Tests/Browser/browser_test.py: the scenario of issue 13 against live servers on free
# loopback ports with fresh databases and a generated GUIDEBOOK_ADMIN_TOKEN (signing in, read-only
# mode, editing), the axe-core audit in both themes, and the Performance API's numbers. Screenshots and results.json go to .build/browser-test/.
#
# Environment:
#   GUIDEBOOK_BUILD_PATH   SwiftPM build folder (default: .build)
#   BROWSER_TEST_OUT       where screenshots and results go (default: .build/browser-test)
#   BROWSER_TEST_SKIP_100K set to 1 to skip the 100k knowledge-base measurement (about 30 s)
#   SWIFT                  the swift driver (default: swift)
set -Eeuo pipefail

SELENIUM_VERSION=4.51.0
AXE_SELENIUM_VERSION=2.1.6
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_PATH=${GUIDEBOOK_BUILD_PATH:-$ROOT/.build}
OUT=${BROWSER_TEST_OUT:-$ROOT/.build/browser-test}
VENV=$BUILD_PATH/browser-test-venv
SWIFT=${SWIFT:-swift}
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES="chromium chromium-driver fonts-nanum fonts-inter"

log() { printf '== %s\n' "$*" >&2; }

missing=""
python3 -c 'import venv, ensurepip' 2>/dev/null || missing=" python3-venv"
for package in $APT_PACKAGES; do dpkg -s "$package" >/dev/null 2>&1 || missing="$missing $package"; done
if [ -n "$missing" ]; then
    log "installing:$missing"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi

if ! "$VENV/bin/python" -c "import selenium, axe_selenium_python, sys; sys.exit(selenium.__version__ != '$SELENIUM_VERSION')" 2>/dev/null; then
    log "installing selenium $SELENIUM_VERSION and axe-selenium-python $AXE_SELENIUM_VERSION into $VENV"
    rm -rf "$VENV"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check \
        "selenium==$SELENIUM_VERSION" "axe-selenium-python==$AXE_SELENIUM_VERSION"
fi

log "building the server (release)"
make -s -C "$ROOT" deps
(cd "$ROOT" && "$SWIFT" build -c release --build-path "$BUILD_PATH" --product guidebook 2>&1 | tail -n 2)
BINARY=$BUILD_PATH/release/guidebook
[ -x "$BINARY" ] || { echo "no server binary at $BINARY" >&2; exit 1; }

mkdir -p "$OUT"
# The servers under test get a fresh admin token through the environment only (never an argument,
# a file or the output); the test signs in with it through the page.
GUIDEBOOK_ADMIN_TOKEN=$(openssl rand -hex 32)
export GUIDEBOOK_ADMIN_TOKEN
args=(--binary "$BINARY" --out "$OUT" --chromium /usr/bin/chromium --chromedriver /usr/bin/chromedriver
      --fixture "$ROOT/Tests/Fixtures/browser/study-notes.txt")
[ "${BROWSER_TEST_SKIP_100K:-0}" = 1 ] && args+=(--skip-100k)
exec "$VENV/bin/python" "$ROOT/Tests/Browser/browser_test.py" "${args[@]}"
