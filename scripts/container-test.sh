#!/usr/bin/env bash
# `make container-test`: builds the container image with podman and checks it end to end.
#
# There is no Docker engine and no Swift builder image offline, so the release binary is built on
# this host with the Dockerfile's own build command, and only the Dockerfile's `runtime` stage is
# built, with `--build-arg BINARY=prebuilt` (the binary enters through prebuilt/guidebook in the
# build context: a snapshot of the working tree) and RUNTIME_IMAGE set to a local bookworm base
# made with debootstrap.
# Then: health check, non-root process, seed over HTTP, writes refused without a token, an import
# job with the admin token (GUIDEBOOK_ADMIN_TOKEN), graceful stop on SIGTERM
# (exit 0), data surviving a restart on the same volume, image size. Prints PASS/FAIL lines and
# exits non-zero on any failure. Everything but the cache is removed on exit.
#
# Needs root (installs podman, buildah, runc, uidmap, debootstrap, jq, curl and the build's
# libraries when missing) and a reachable Debian mirror. Cold run (debootstrap ~45 s, full release
# build ~1-2 min): ~2 minutes here, plus ~30 s of package installs on a fresh machine; warm: ~30 s.
#
# Environment:
#   GUIDEBOOK_CONTAINER_CACHE  cache folder (default ${XDG_CACHE_HOME:-$HOME/.cache}/guidebook-container):
#                              the local base image as a rootfs tarball, the source snapshot and
#                              the incremental release build. Delete it to start cold.
#   DEBIAN_MIRROR              default http://deb.debian.org/debian
#   DEBIAN_SECURITY_MIRROR     default http://deb.debian.org/debian-security
#   SWIFT                      the swift driver (default: swift in PATH, else /opt/swift/usr/bin/swift)
#   KEEP=1                     keep the podman storage (and the image) for inspection
#   FULL=1                     build the whole Dockerfile instead (build stage included, default
#                              BINARY), with a stand-in for swift:*-bookworm made from the host's
#                              toolchain (scripts/container/swift-builder.Containerfile; +3.3 GB,
#                              ~5 more minutes), then run the same checks on that image
set -Eeuo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${GUIDEBOOK_CONTAINER_CACHE:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/guidebook-container}
DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
DEBIAN_SECURITY_MIRROR=${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
SWIFT=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
# Bump when the base recipe in make_base changes, so cached tarballs are not reused.
BASE_RECIPE=1
BASE_TAR=$CACHE/bookworm-base-r$BASE_RECIPE.tar
BASE_IMAGE=localhost/guidebook-test-base:bookworm
# shellcheck source=lib/free-port.sh
source "$ROOT/scripts/lib/free-port.sh"
IMAGE=localhost/guidebook:container-test
# What the image's runtime stage needs from the build context besides the binary.
SNAPSHOT=(Package.swift Sources Tests Migrations Seed scripts/container scripts/release-build.sh .dockerignore)

RUN_ID=$$-$RANDOM
# The containers' admin token (GUIDEBOOK_ADMIN_TOKEN), made for the run.
ADMIN_TOKEN=gb_containertest_$(openssl rand -hex 32)
VOLUME=guidebook-test-data-$RUN_ID
CONTAINERS=()
RESULTS=()
FAILED=0
WORK=""
STARTED=$SECONDS
declare -A TIMES=()

log() { printf '\n==> %s\n' "$*"; }
pass() { RESULTS+=("PASS  $*"); printf 'PASS  %s\n' "$*"; }
fail() { RESULTS+=("FAIL  $*"); printf 'FAIL  %s\n' "$*"; FAILED=1; }
# A known product issue the image works around: reported, not failed.
warn() { RESULTS+=("WARN  $*"); printf 'WARN  %s\n' "$*"; }
# check DESCRIPTION COMMAND...: PASS when the command succeeds.
check() { local what=$1; shift; if "$@"; then pass "$what"; else fail "$what"; fi; }
# A failure the rest of the test cannot go on without.
die() { fail "$*"; exit 1; }
timed() { local name=$1; shift; local t=$SECONDS; "$@"; TIMES[$name]=$((SECONDS - t)); }

# podman with its own storage and state under $WORK (no systemd, hybrid cgroups on these hosts).
pod() {
    podman --root "$WORK/storage" --runroot "$WORK/run" --tmpdir "$WORK/tmp" \
        --cgroup-manager cgroupfs --events-backend file --runtime runc "$@"
}

# The closing lines of a run (this test's, or the replica pod test's, which sources this file):
# each check's result, the phases' times and PASS or FAIL. Exits with the run's status, or 1 when
# a check failed in a run that otherwise ended well.
finish_run() {
    local title=$1 status=$2 phase
    printf '\n==================== %s summary ====================\n' "$title"
    printf '%s\n' "${RESULTS[@]}"
    [ -n "${SIZE_LINE:-}" ] && printf '%s\n' "$SIZE_LINE"
    [ -n "${LOGS_KEPT:-}" ] && printf 'logs  %s\n' "$LOGS_KEPT"
    for phase in tools base binary image checks; do
        [ -n "${TIMES[$phase]:-}" ] && printf 'time  %-8s %4ss\n' "$phase" "${TIMES[$phase]}"
    done
    printf 'time  total    %4ss\n' $((SECONDS - STARTED))
    if [ "$FAILED" = 0 ] && [ "$status" = 0 ]; then
        printf 'RESULT: PASS (%d checks)\n' "${#RESULTS[@]}"
    else
        printf 'RESULT: FAIL\n'
        [ "$status" = 0 ] && status=1
    fi
    exit "$status"
}

cleanup() {
    local status=$?
    set +e
    trap - ERR
    if [ -n "$WORK" ] && [ -d "$WORK" ]; then
        if [ "$FAILED" != 0 ] || [ "$status" != 0 ]; then
            # Logs of a failed run (builds, podman, containers) outlive the work folder.
            rm -rf "$CACHE/last-failure" && mkdir -p "$CACHE/last-failure"
            cp "$WORK"/*.log "$WORK"/*.err "$CACHE/last-failure/" 2>/dev/null
            for c in "${CONTAINERS[@]}"; do pod logs "$c" >"$CACHE/last-failure/$c.log" 2>&1; done
            LOGS_KEPT="$CACHE/last-failure"
        fi
        for c in "${CONTAINERS[@]}"; do pod rm -f -t 5 "$c" >/dev/null 2>&1; done
        pod volume rm -f "$VOLUME" >/dev/null 2>&1
        if [ "${KEEP:-0}" = 1 ]; then
            printf '\nKEEP=1: storage kept; inspect with: podman --root %s/storage --runroot %s/run --tmpdir %s/tmp images\n' "$WORK" "$WORK" "$WORK"
        else
            pod rmi -a -f >/dev/null 2>&1
            # Anything podman left mounted under $WORK goes before the folder does.
            grep -F " $WORK/" /proc/mounts | awk '{print $2}' | sort -r | xargs -r -n1 umount -l 2>/dev/null
            rm -rf "$WORK"
        fi
    fi
    [ -n "${LOCK_FD:-}" ] && flock -u "$LOCK_FD"
    finish_run "container test" "$status"
}
# Sourced (scripts/replica-pod-test.sh reuses the helpers below): the caller sets its own traps.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    trap cleanup EXIT
    trap 'exit 130' INT TERM
    trap 'fail "unexpected error (exit $?) at line $LINENO: $BASH_COMMAND"' ERR
fi

# --- tools -------------------------------------------------------------------------------------
install_tools() {
    local missing=() p
    # podman stack; jq/curl for the checks; the libraries the static release build links.
    for p in podman buildah runc uidmap debootstrap jq curl openssl binutils pkg-config \
        libmicrohttpd-dev libsqlite3-dev libbrotli-dev libcurl4-openssl-dev; do
        dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        [ "$(id -u)" = 0 ] || die "missing packages (${missing[*]}); run as root or install them"
        echo "installing: ${missing[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
    [ "$(id -u)" = 0 ] || die "podman here runs as root (rootless podman is not set up on these hosts)"
    command -v "$SWIFT" >/dev/null || die "no swift toolchain found (set SWIFT=/path/to/swift)"
    echo "podman $(podman version --format '{{.Client.Version}}'), runc $(runc --version | awk 'NR==1{print $3}'), $("$SWIFT" --version 2>/dev/null | head -1)"
}

# --- local base image: debootstrap minbase made to look like debian:bookworm-slim ---------------
make_base() {
    if [ -s "$BASE_TAR" ]; then
        echo "reusing $BASE_TAR"
    else
        local rootfs="$WORK/rootfs"
        echo "debootstrap --variant=minbase bookworm (a minute or two)..."
        debootstrap --variant=minbase bookworm "$rootfs" "$DEBIAN_MIRROR" >"$WORK/debootstrap.log" 2>&1 \
            || { tail -20 "$WORK/debootstrap.log"; die "debootstrap failed (log above)"; }
        # The apt sources and container settings of the official image (debuerreotype's "slim").
        rm -f "$rootfs/etc/apt/sources.list"
        cat >"$rootfs/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $DEBIAN_MIRROR
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $DEBIAN_SECURITY_MIRROR
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
        cat >"$rootfs/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/lintian/overrides/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/man/*
EOF
        cat >"$rootfs/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
        echo 'Acquire::Languages "none";' >"$rootfs/etc/apt/apt.conf.d/docker-no-languages"
        echo 'Acquire::GzipIndexes "true";' >"$rootfs/etc/apt/apt.conf.d/docker-gzip-indexes"
        echo 'Apt::AutoRemove::SuggestsImportant "false";' >"$rootfs/etc/apt/apt.conf.d/docker-autoremove-suggests"
        printf '#!/bin/sh\nexit 101\n' >"$rootfs/usr/sbin/policy-rc.d" && chmod 755 "$rootfs/usr/sbin/policy-rc.d"
        find "$rootfs/usr/share/doc" -mindepth 1 -not -type d -not -name copyright -delete
        find "$rootfs/usr/share/doc" -mindepth 1 -type d -empty -delete
        rm -rf "$rootfs"/usr/share/{groff,info,linda,locale,man}/* "$rootfs"/usr/share/lintian/overrides/*
        rm -rf "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
        rm -f "$rootfs"/var/log/*.log "$rootfs"/var/log/apt/* "$rootfs/etc/hostname" "$rootfs/etc/resolv.conf"
        mkdir -p "$CACHE"
        tar --numeric-owner -C "$rootfs" -cf "$BASE_TAR.tmp" . && mv "$BASE_TAR.tmp" "$BASE_TAR"
        rm -rf "$rootfs"
        echo "cached $BASE_TAR ($(du -m "$BASE_TAR" | cut -f1) MB)"
    fi
    pod import --quiet "$BASE_TAR" "$BASE_IMAGE" >/dev/null || die "podman import of the base image failed"
}

# --- the build context: a snapshot of the working tree --------------------------------------------
snapshot_sources() {
    # Others may be editing the sources: the binary and the image's resources come from one
    # moment. The path is stable so the release build below is incremental.
    CONTEXT="$CACHE/src"
    rm -rf "$CONTEXT" && mkdir -p "$CONTEXT"
    (cd "$ROOT" && tar -c "${SNAPSHOT[@]}") | tar -x -C "$CONTEXT"
}

# --- the release binary, built like the Dockerfile's build stage -------------------------------
build_binary() {
    local src="$CONTEXT"
    echo "scripts/release-build.sh (swift build -c release --static-swift-stdlib --product guidebook, lld with RELR; log: $WORK/swift-build.log)"
    local bin
    if ! bin=$(cd "$src" && SWIFT="$SWIFT" bash scripts/release-build.sh "$CACHE/swift-build" 2>"$WORK/swift-build.log" | tail -1) || [[ ! -x "$bin" ]]; then
        grep -E 'error:' "$WORK/swift-build.log" | head -20
        die "release build of the working tree failed (swift-build.log is kept, see 'logs' below)"
    fi
    mkdir -p "$src/prebuilt"
    strip -o "$src/prebuilt/guidebook" "$bin"
    chmod 0755 "$src/prebuilt/guidebook"
    echo "binary: $(du -m "$src/prebuilt/guidebook" | cut -f1) MB stripped ($("$src/prebuilt/guidebook" --version))"
}

build_image() {
    echo "podman build --target runtime --build-arg BINARY=prebuilt (log: $WORK/podman-build.log)"
    if ! pod build --isolation chroot --network host --format docker --pull=never \
            -f "$ROOT/Dockerfile" --target runtime \
            --build-arg RUNTIME_IMAGE="$BASE_IMAGE" --build-arg BINARY=prebuilt \
            -t "$IMAGE" "$CONTEXT" >"$WORK/podman-build.log" 2>&1; then
        tail -30 "$WORK/podman-build.log"
        die "podman build of the runtime stage failed"
    fi
    pass "image builds from the Dockerfile's runtime stage (BINARY=prebuilt, RUNTIME_IMAGE=$BASE_IMAGE)"
}

# FULL=1: the whole Dockerfile with its defaults, only the two base images replaced.
build_full() {
    local toolchain builder=localhost/swift:host-toolchain-bookworm
    toolchain=$(cd "$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/../.." && pwd)
    [ -x "$toolchain/usr/bin/swift" ] || die "no toolchain folder with usr/bin/swift found from $SWIFT"
    echo "Swift builder stand-in from $toolchain (log: $WORK/builder-build.log)"
    pod build --isolation chroot --network host --format docker --pull=never --build-arg BASE="$BASE_IMAGE" \
        -f "$ROOT/scripts/container/swift-builder.Containerfile" -t "$builder" "$toolchain" \
        >"$WORK/builder-build.log" 2>&1 || { tail -30 "$WORK/builder-build.log"; die "building the Swift builder stand-in failed"; }
    echo "podman build (all stages, default BINARY) (log: $WORK/podman-build.log)"
    if ! pod build --isolation chroot --network host --format docker --pull=never -f "$ROOT/Dockerfile" \
            --build-arg SWIFT_IMAGE="$builder" --build-arg RUNTIME_IMAGE="$BASE_IMAGE" \
            -t "$IMAGE" "$CONTEXT" >"$WORK/podman-build.log" 2>&1; then
        tail -30 "$WORK/podman-build.log"
        die "podman build of the whole Dockerfile failed"
    fi
    pod rmi -f "$builder" >/dev/null 2>&1 || true
    pass "image builds from the whole Dockerfile (build stage in SWIFT_IMAGE=$builder, RUNTIME_IMAGE=$BASE_IMAGE)"
}

# --- helpers for the checks ---------------------------------------------------------------------
start_container() {
    local name=$1
    CONTAINERS+=("$name")
    pod run -d --name "$name" --network host --ulimit nofile=1024:1024 --ulimit nproc=4096:4096 \
        --log-driver k8s-file -e GUIDEBOOK_HOST=127.0.0.1 -e GUIDEBOOK_PORT="$PORT" -e GUIDEBOOK_ADMIN_TOKEN="$ADMIN_TOKEN" \
        -v "$VOLUME:/data" "$IMAGE" >/dev/null 2>"$WORK/$name.run.err" \
        || { cat "$WORK/$name.run.err"; die "podman run $name failed"; }
}

# pod_run_once [OPTION...] IMAGE [ARG...]: a throwaway container (its own anonymous /data);
# stdout passes through, stderr is kept in run-once.err and shown on failure.
pod_run_once() {
    pod run --rm --network host --ulimit nofile=1024:1024 --ulimit nproc=4096:4096 "$@" 2>"$WORK/run-once.err" ||
        { local s=$?; cat "$WORK/run-once.err" >&2; return $s; }
}

running() { [ "$(pod inspect -f '{{.State.Running}}' "$1" 2>/dev/null)" = true ]; }

# Runs the image's HEALTHCHECK (podman healthcheck run) until it reports healthy. Podman's own
# timer needs systemd, which these hosts lack, so the check is driven from here.
wait_healthy() {
    local name=$1 deadline=$((SECONDS + 60)) out=""
    while [ $SECONDS -lt $deadline ]; do
        running "$name" || { pod logs "$name" 2>&1 | tail -20; return 1; }
        if out=$(pod healthcheck run "$name" 2>&1); then
            echo "$name healthy after $((SECONDS - CONTAINER_STARTED))s"
            return 0
        fi
        sleep 0.5
    done
    echo "last healthcheck output: $out"
    pod logs "$name" 2>&1 | tail -20
    return 1
}

http() { curl -sS --max-time 10 "$@"; }
url() { echo "http://127.0.0.1:$PORT$1"; }
topic_count() { http "$(url /v1/topics)" | jq '.items | length' 2>/dev/null || echo '?'; }
status_of() { http -o /dev/null -w '%{http_code}' "$(url "$1")" || true; }

# podman stop sends the image's STOPSIGNAL (SIGTERM); the server must exit 0 on its own.
stop_gracefully() {
    local name=$1 t=$SECONDS code logs
    # (podman also complains here that it cannot remove a systemd timer it never made.)
    pod stop -t 30 "$name" >/dev/null 2>"$WORK/$name.stop.err"
    code=$(pod inspect -f '{{.State.ExitCode}}' "$name")
    logs=$(pod logs "$name" 2>&1)
    check "$name: podman stop (SIGTERM) -> exit code $code in $((SECONDS - t))s" [ "$code" = 0 ]
    check "$name: logs show a clean stop (stopping on signal 15, then stopped)" \
        bash -c 'grep -q "\"msg\":\"stopping\",\"signal\":15" <<<"$1" && grep -q "\"msg\":\"stopped\"" <<<"$1"' _ "$logs"
}

# --- the checks -----------------------------------------------------------------------------------
run_checks() {
    local inspect
    inspect=$(pod image inspect "$IMAGE")
    check "image config: USER guidebook, ENTRYPOINT [guidebook], CMD [serve], STOPSIGNAL SIGTERM, VOLUME /data, EXPOSE 8080" \
        jq -e '.[0].Config | .User == "guidebook:guidebook" and .Entrypoint == ["guidebook"] and .Cmd == ["serve"]
               and .StopSignal == "SIGTERM" and (.Volumes | has("/data")) and (.ExposedPorts | has("8080/tcp"))' <<<"$inspect" >/dev/null
    check "image config: GUIDEBOOK_HOST=0.0.0.0 GUIDEBOOK_PORT=8080 GUIDEBOOK_DB=/data/guidebook.sqlite" \
        jq -e '.[0].Config.Env | contains(["GUIDEBOOK_HOST=0.0.0.0", "GUIDEBOOK_PORT=8080", "GUIDEBOOK_DB=/data/guidebook.sqlite"])' <<<"$inspect" >/dev/null
    check "image config: HEALTHCHECK kept (docker format): $(jq -c '.[0].Healthcheck.Test' <<<"$inspect")" \
        jq -e '.[0].Healthcheck.Test | length > 0' <<<"$inspect" >/dev/null

    local version
    version=$(pod_run_once "$IMAGE" --version 2>/dev/null)
    check "guidebook --version in the image: $version" grep -q '^guidebook ' <<<"$version"
    check "guidebook migrate in the image finds Migrations/ (as configured by the image)" \
        pod_run_once -e GUIDEBOOK_DB=/tmp/probe.sqlite "$IMAGE" migrate
    # An empty value is ignored by the binary: this exercises its own <bin>/../share lookup.
    if pod_run_once -e GUIDEBOOK_RESOURCES= -e GUIDEBOOK_DB=/tmp/probe.sqlite "$IMAGE" migrate >/dev/null 2>&1; then
        pass "without GUIDEBOOK_RESOURCES the binary finds /usr/local/share/guidebook by itself"
    else
        warn "without GUIDEBOOK_RESOURCES the binary does not find /usr/local/share/guidebook when started through PATH (argv[0] = 'guidebook'): product issue; the image sets GUIDEBOOK_RESOURCES"
    fi
    # podman starts healthcheck timers through systemd; none here, so wait_healthy drives them.
    if grep -q 'systemd connection' "$WORK/run-once.err"; then
        echo "note: podman cannot schedule the HEALTHCHECK itself without systemd (\"$(grep -m1 -o 'unable to get systemd connection[^"]*' "$WORK/run-once.err")\"); the test runs 'podman healthcheck run'"
    fi

    PORT=$(free_port) || die "no free loopback port found"
    pod volume create "$VOLUME" >/dev/null
    echo "port $PORT, volume $VOLUME"

    # First container: empty volume, the seed loads.
    CONTAINER_STARTED=$SECONDS
    start_container "gb1-$RUN_ID"
    local c1="gb1-$RUN_ID"
    wait_healthy "$c1" || die "$c1 never became healthy"
    pass "$c1: healthy (podman healthcheck run -> /readyz 200)"
    check "$c1: health status in podman inspect is healthy" \
        [ "$(pod inspect -f '{{.State.Health.Status}}' "$c1")" = healthy ]

    local pid uid
    pid=$(pod inspect -f '{{.State.Pid}}' "$c1")
    uid=$(awk '/^Uid:/{print $2}' "/proc/$pid/status")
    check "$c1: server process (host pid $pid) runs as uid $uid, not root" [ "$uid" = 10001 ]
    check "$c1: /data is owned by the non-root user in the volume" \
        [ "$(pod exec "$c1" stat -c %U /data)" = guidebook ]
    check "$c1: GET /livez -> 200" [ "$(status_of /livez)" = 200 ]

    local topics hits
    topics=$(topic_count)
    check "$c1: seed over HTTP: GET /v1/topics has $topics topics (want 12)" [ "$topics" = 12 ]
    hits=$(http -G --data-urlencode 'q=시트' "$(url /v1/search)" | jq '.items | length')
    check "$c1: Korean search GET /v1/search?q=시트 returns $hits hits" [ "${hits:-0}" -gt 0 ]

    # Import through the job API: a small NDJSON knowledge base made by the image itself.
    pod_run_once "$IMAGE" generate 20 >"$WORK/import.ndjson"
    [ -s "$WORK/import.ndjson" ] || fail "guidebook generate 20 in the image wrote nothing"
    local code location job status deadline
    code=$(http -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/x-ndjson' --data-binary "@$WORK/import.ndjson" \
        "$(url '/v1/imports?format=ndjson&name=container-test.ndjson')")
    check "$c1: POST /v1/imports without a token -> $code (want 401: the container takes no write without a token)" [ "$code" = 401 ]
    code=$(http -o "$WORK/import.json" -D "$WORK/import.headers" -w '%{http_code}' -X POST \
        -H 'Content-Type: application/x-ndjson' -H "Authorization: Bearer $ADMIN_TOKEN" --data-binary "@$WORK/import.ndjson" \
        "$(url '/v1/imports?format=ndjson&name=container-test.ndjson')")
    location=$(awk 'tolower($1) == "location:" {print $2}' "$WORK/import.headers" | tr -d '\r')
    check "$c1: POST /v1/imports?format=ndjson ($(wc -l <"$WORK/import.ndjson") records) -> $code, Location $location" \
        [ "$code" = 202 -a -n "$location" ]
    deadline=$((SECONDS + 60))
    status=""
    while [ -n "$location" ] && [ $SECONDS -lt $deadline ]; do
        job=$(http -H "Authorization: Bearer $ADMIN_TOKEN" "$(url "$location")")  # jobs need a reader token
        status=$(jq -r .status <<<"$job")
        case "$status" in succeeded | failed | canceled) break ;; esac
        sleep 0.3
    done
    check "$c1: import job $location -> $status ($(jq -r .message <<<"${job:-null}" 2>/dev/null))" [ "$status" = succeeded ]
    topics=$(topic_count)
    check "$c1: imported topic is served (topics now $topics, GET /v1/topics/gen-topic-00000 -> $(status_of /v1/topics/gen-topic-00000))" \
        [ "$topics" = 13 -a "$(status_of /v1/topics/gen-topic-00000)" = 200 ]

    check "$c1: the admin token is not in the container's log" bash -c '! grep -qF "$1" <<<"$2"' _ "$ADMIN_TOKEN" "$(pod logs "$c1" 2>&1)"
    stop_gracefully "$c1"

    # Second container on the same volume: nothing reloaded, the import survived.
    CONTAINER_STARTED=$SECONDS
    start_container "gb2-$RUN_ID"
    local c2="gb2-$RUN_ID"
    wait_healthy "$c2" || die "$c2 (same volume) never became healthy"
    pass "$c2: healthy on the same volume"
    topics=$(topic_count)
    check "$c2: data survived the restart: $topics topics, GET /v1/topics/gen-topic-00000 -> $(status_of /v1/topics/gen-topic-00000)" \
        [ "$topics" = 13 -a "$(status_of /v1/topics/gen-topic-00000)" = 200 ]
    check "$c2: the import job's record survived: GET $location -> $(http -H "Authorization: Bearer $ADMIN_TOKEN" "$(url "$location")" | jq -r .status)" \
        [ "$(http -H "Authorization: Bearer $ADMIN_TOKEN" "$(url "$location")" | jq -r .status)" = succeeded ]
    check "$c2: the seed was not loaded again" bash -c '! grep -q "\"msg\":\"seed loaded\"" <<<"$1"' _ "$(pod logs "$c2" 2>&1)"
    stop_gracefully "$c2"

    local size base_size
    size=$(pod image inspect "$IMAGE" --format '{{.Size}}')
    base_size=$(pod image inspect "$BASE_IMAGE" --format '{{.Size}}')
    SIZE_LINE=$(printf 'size  image %s MB (local bookworm base %s MB + %s MB added by the Dockerfile)' \
        $((size / 1000000)) $((base_size / 1000000)) $(((size - base_size) / 1000000)))
    echo "$SIZE_LINE"
    pod images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | sed 's/^/      /'
}

main() {
    mkdir -p "$CACHE"
    exec {LOCK_FD}>"$CACHE/lock"
    flock -w 1200 "$LOCK_FD" || die "another container test holds $CACHE/lock"
    WORK=$(mktemp -d "${TMPDIR:-/var/tmp}/guidebook-container.XXXXXX")
    mkdir -p "$WORK/storage" "$WORK/run" "$WORK/tmp"

    log "tools";                     timed tools install_tools
    log "local bookworm base image"; timed base make_base
    snapshot_sources
    if [ "${FULL:-0}" = 1 ]; then
        log "image (whole Dockerfile)"; timed image build_full
    else
        log "release binary (host)"; timed binary build_binary
        log "image (runtime stage)";  timed image build_image
    fi
    log "checks";                    timed checks run_checks
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then main "$@"; fi
