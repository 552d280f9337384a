#!/usr/bin/env bash
# Rewrites the options table of docs/configuration.md from the binary's own option list
# (`guidebook --help-markdown`, the same list `--help` prints). Only the lines between the
# BEGIN OPTIONS and END OPTIONS markers change; the prose around them is kept.
#   scripts/docs-config.sh [BINARY]   (default .build/debug/guidebook; `make docs-config` builds it)
set -euo pipefail
cd "$(dirname "$0")/.."
BINARY=${1:-.build/debug/guidebook}
PAGE=docs/configuration.md
[ -x "$BINARY" ] || { echo "docs-config: no executable $BINARY; build it first (swift build --product guidebook)" >&2; exit 1; }
grep -q '^<!-- BEGIN OPTIONS' "$PAGE" && grep -q '^<!-- END OPTIONS' "$PAGE" \
    || { echo "docs-config: $PAGE lacks its BEGIN OPTIONS / END OPTIONS markers" >&2; exit 1; }
TABLE=$(mktemp)
trap 'rm -f "$TABLE" "$PAGE.new"' EXIT
"$BINARY" --help-markdown > "$TABLE"
awk -v table="$TABLE" '
    /^<!-- END OPTIONS/ { skipping = 0 }
    !skipping { print }
    /^<!-- BEGIN OPTIONS/ { while ((getline line < table) > 0) print line; skipping = 1 }
' "$PAGE" > "$PAGE.new"
mv "$PAGE.new" "$PAGE"
echo "docs-config: $PAGE written from $BINARY --help-markdown"
