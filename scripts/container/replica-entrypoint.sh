#!/bin/sh
# guidebook-replica: a read replica in the `replicated` image (deploy/Containerfile.replicated).
#
#   docker run --entrypoint guidebook-replica -e GUIDEBOOK_REPLICA_URL=file:///backup/guidebook \
#       -e GUIDEBOOK_PRIMARY_URL=https://guidebook.example.com -v backup:/backup:ro guidebook-replicated serve
#
# `litestream restore -f` keeps $GUIDEBOOK_REPLICA_DB (default /replica/guidebook.sqlite; the
# image's GUIDEBOOK_DB names the primary's file) current from the replica URL, and `guidebook serve --replica` serves it (read-only; writes get 503 naming the primary).
# The copy starts empty on every start: a follower that was stopped cannot resume in Litestream
# 0.5.17 ("saved TXID … is ahead of latest snapshot"). The server waits for the first restore and
# says so in /readyz. SIGTERM/SIGINT go to guidebook, then to the follower; the container exits
# with guidebook's own status, or 1 if the follower dies first (so that it is restarted).
# LITESTREAM_FOLLOW_INTERVAL (default 500ms): how often the follower looks for new transactions.
# Half of Litestream's 1 s monitor and sync intervals, so that an edit shows within 2 s.
set -eu
. /usr/local/lib/guidebook/beside-litestream.sh
url=${GUIDEBOOK_REPLICA_URL:?"guidebook-replica: set GUIDEBOOK_REPLICA_URL to the replica (file:///backup/guidebook or s3://bucket/guidebook?endpoint=…)"}
db=${GUIDEBOOK_REPLICA_DB:-/replica/guidebook.sqlite}
export GUIDEBOOK_REPLICA=true GUIDEBOOK_DB="$db"
unset GUIDEBOOK_REPLICATION

rm -f "$db" "$db-wal" "$db-shm" "$db-txid"
litestream restore -f -follow-interval "${LITESTREAM_FOLLOW_INTERVAL:-500ms}" -o "$db" "$url" &
follower_pid=$!
run_beside_litestream "$follower_pid" "guidebook-replica: the litestream follower exited; stopping guidebook so the container restarts" "$@"
