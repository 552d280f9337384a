# Sourced by the checks that start `guidebook serve --port 0` (schemathesis.sh, translators-check.sh, wiki-check.sh).
#
#   URL=$(listening_url SERVER_LOG SERVER_PID) || exit 1
#
# Prints the URL the server's log says it listens on, once it says so (the port is the kernel's
# choice). Fails, printing the log, when the server exits first or says nothing within 30 s.
listening_url() {
    local log=$1 pid=$2 url
    for _ in $(seq 300); do
        # The log may not exist yet: the server's shell makes it as it starts.
        url=$(sed -n 's/.*"msg":"listening".*"url":"\(http:[^"]*\)".*/\1/p' "$log" 2>/dev/null | head -n 1 || true)
        if [ -n "$url" ]; then
            printf '%s\n' "$url"
            return 0
        fi
        kill -0 "$pid" 2>/dev/null || { cat "$log" >&2; echo "the server did not start" >&2; return 1; }
        sleep 0.1
    done
    cat "$log" >&2
    echo "the server did not say where it listens" >&2
    return 1
}
