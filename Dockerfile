# Guidebook container image.
#
#   docker build -t guidebook .
#   openssl rand -base64 32 | tr -d '\n' > admin-token
#   docker run -d -p 8080:8080 -v guidebook-data:/data -e GUIDEBOOK_ADMIN_TOKEN="$(cat admin-token)" \
#       --stop-timeout 30 guidebook
#
# Configuration is by environment only (GUIDEBOOK_*; see `docker run --rm guidebook --help`).
# The server listens on 0.0.0.0, but nothing can be changed without a token: imports, jobs and
# tokens need an admin token. Set it with GUIDEBOOK_ADMIN_TOKEN (at least 32 characters), or
# mount it as a secret and name the file in GUIDEBOOK_ADMIN_TOKEN_FILE (e.g.
# /run/secrets/guidebook_admin_token). Without either, the first start on an empty volume makes an
# admin token and prints it once in the log (`docker logs`): keep it. Reads are public unless
# GUIDEBOOK_AUTH_READS=true.
# Data lives in the /data volume (owned by uid 10001: chown a bind-mounted folder to it).
# A graceful stop (SIGTERM) can take up to ~20 s while an import finishes or is canceled:
# give `docker stop` / compose `stop_grace_period` more than the default 10 s.
#
# Needs BuildKit (the default builder since Docker 23) or podman/buildah; with podman, build with
# `--format docker`, or the OCI image format drops the HEALTHCHECK.
# Base images are arguments so a local mirror can stand in for Docker Hub.
# The test (`make container-test`, scripts/container-test.sh) builds only the `runtime` stage,
# with --build-arg BINARY=prebuilt and a host-built binary at prebuilt/guidebook in the context.

ARG SWIFT_IMAGE=swift:6.3-bookworm
ARG RUNTIME_IMAGE=debian:bookworm-slim
# Where the binary comes from: `build` (compiled below, the default) or `prebuilt`.
# (No `=build` default here: buildah/podman 4.x ignore ARG defaults when picking the stages to
# build, so the default is written as ${BINARY:-build} where it is used.)
ARG BINARY

# --- build: a static-stdlib release binary -----------------------------------------------------
FROM ${SWIFT_IMAGE} AS build
# libcurl4-openssl-dev is already in the official image; it is listed because webhook deliveries
# (the CCurl module) and FoundationNetworking (used by `guidebook import --server`) link libcurl.
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get update -q \
    && apt-get install -y -q --no-install-recommends \
        libmicrohttpd-dev libsqlite3-dev zlib1g-dev libbrotli-dev libcurl4-openssl-dev libcmark-dev pkg-config binutils \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
# The manifest declares the test targets, so their folders must exist to build anything.
COPY Tests ./Tests
COPY scripts/release-build.sh ./scripts/
# scripts/release-build.sh: static Swift runtime and Foundation, relocations packed by lld (RELR),
# ~10 MB less idle RSS than a dynamically linked binary (docs/benchmarks.md, "Where the memory goes").
RUN mkdir -p /out \
    && cp "$(bash scripts/release-build.sh /src/.build | tail -1)" /out/guidebook \
    && strip /out/guidebook \
    && /out/guidebook --version

# --- prebuilt: a binary built elsewhere with the same command (used by the container test) ------
FROM scratch AS prebuilt
COPY prebuilt/guidebook /out/guidebook

# --- the binary the runtime stage copies: one of the two stages above ---------------------------
FROM ${BINARY:-build} AS binary

# --- runtime -------------------------------------------------------------------------------------
FROM ${RUNTIME_IMAGE} AS runtime
# libmicrohttpd12, libsqlite3-0, libbrotli1 (br answers) and libcmark0.30.2 (comments) are the server's libraries; libcurl4 is needed by the
# binary (webhook deliveries, FoundationNetworking), so curl for the health probe costs only ~0.5 MB more.
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get update -q \
    && apt-get install -y -q --no-install-recommends libmicrohttpd12 libsqlite3-0 libbrotli1 libcmark0.30.2 libcurl4 curl \
    && apt-get clean \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --gid 10001 guidebook \
    && useradd --uid 10001 --gid guidebook --no-log-init --no-create-home --home-dir /data \
        --shell /usr/sbin/nologin guidebook \
    && mkdir -p /data \
    && chown guidebook:guidebook /data

# Installed layout: the binary finds its resources at <bin>/../share/guidebook.
COPY Migrations /usr/local/share/guidebook/Migrations
COPY Seed /usr/local/share/guidebook/Seed
COPY --chmod=0755 scripts/container/healthcheck.sh /usr/local/bin/guidebook-healthcheck
COPY --from=binary /out/guidebook /usr/local/bin/guidebook
# Fails the build here if a runtime library is missing.
RUN guidebook --version

# GUIDEBOOK_RESOURCES: the binary looks for <bin>/../share/guidebook from argv[0], which is a bare
# `guidebook` when started through PATH (ENTRYPOINT, `docker exec ... guidebook`), so say it here.
ENV GUIDEBOOK_HOST=0.0.0.0 \
    GUIDEBOOK_PORT=8080 \
    GUIDEBOOK_DB=/data/guidebook.sqlite \
    GUIDEBOOK_RESOURCES=/usr/local/share/guidebook
VOLUME /data
WORKDIR /data
EXPOSE 8080
# Healthy = /readyz answers 200: the server is up and its knowledge base is loaded.
HEALTHCHECK --interval=10s --timeout=5s --start-period=5s --retries=3 CMD ["guidebook-healthcheck"]
STOPSIGNAL SIGTERM
USER guidebook:guidebook
ENTRYPOINT ["guidebook"]
CMD ["serve"]
