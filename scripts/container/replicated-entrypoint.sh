#!/bin/sh
# The entrypoint of the `replicated` image (Dockerfile target `replicated`): Guidebook with
# Litestream streaming its databases (config: $LITESTREAM_CONFIG, default /etc/litestream.yml).
#
# 1. On an empty volume, the knowledge base is restored from the replica when there is one
#    (a new host takes over where the old one stopped); with no replica yet, the server seeds it.
# 2. `litestream replicate` runs beside `guidebook` (not `litestream replicate -exec`: in 0.5.17
#    -exec exits 1 whatever the server's exit status, which would make a clean stop look like a
#    crash to the orchestrator). SIGTERM/SIGINT go to guidebook, which stops gracefully; then
#    Litestream gets SIGTERM and ships what is left of the WAL before it exits.
# 3. The container exits with guidebook's own status. If Litestream dies first, guidebook is
#    stopped too and the container exits 1, so that it is restarted with backup running again.
set -eu
. /usr/local/lib/guidebook/beside-litestream.sh
config=${LITESTREAM_CONFIG:-/etc/litestream.yml}
db=${GUIDEBOOK_DB:-/data/guidebook.sqlite}
export GUIDEBOOK_REPLICATION=litestream

if [ ! -e "$db" ]; then
    litestream restore -config "$config" -if-replica-exists -if-db-not-exists "$db"
fi

litestream replicate -config "$config" &
litestream_pid=$!
run_beside_litestream "$litestream_pid" "guidebook-replicated: litestream exited; stopping guidebook so the container restarts with backup" "$@"
