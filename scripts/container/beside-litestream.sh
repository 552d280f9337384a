# Sourced by the replicated image's entrypoints (guidebook-replicated, guidebook-replica): runs
# `guidebook ARGS` beside a Litestream process that is already running, and ends as one unit.
# SIGTERM/SIGINT go to guidebook, which stops gracefully; then Litestream gets SIGTERM and is
# waited for. The container exits with guidebook's own status; if Litestream dies first, guidebook
# is stopped too and the container exits 1, so that the orchestrator restarts both.
#
#   run_beside_litestream LITESTREAM_PID "what to say if it dies" ARGS...
run_beside_litestream() {
    litestream_pid=$1
    litestream_died=$2
    shift 2
    guidebook "$@" &
    guidebook_pid=$!
    trap 'kill -TERM "$guidebook_pid" 2>/dev/null || true' TERM INT

    status=0
    while :; do
        if ! kill -0 "$guidebook_pid" 2>/dev/null; then
            wait "$guidebook_pid" || status=$?
            break
        fi
        if ! kill -0 "$litestream_pid" 2>/dev/null; then
            echo "$litestream_died" >&2
            kill -TERM "$guidebook_pid" 2>/dev/null || true
            wait "$guidebook_pid" || true
            exit 1
        fi
        sleep 1
    done
    kill -TERM "$litestream_pid" 2>/dev/null || true
    wait "$litestream_pid" || true
    exit "$status"
}
