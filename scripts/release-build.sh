#!/usr/bin/env bash
# The release binary as it ships (`make run`, the container image, `make bench` with BENCH_STATIC):
#
#   swift build -c release --static-swift-stdlib --product guidebook --scratch-path DIR \
#       --toolset TOOLSET   (lld with -z pack-relative-relocs, when the toolchain has ld.lld)
#
# Why (docs/benchmarks.md, "Where the memory goes"): most of the idle RSS is pages of mapped code,
# and most of those are the dynamic linker's work, not ours. Linking the Swift runtime and Foundation
# statically drops their symbol tables and symbol relocations (-5 MB); packing the binary's 80,000
# relative relocations as RELR (glibc 2.36+) instead of 24-byte RELA entries drops 1.9 MB more that
# ld.so reads at every start. gold (SwiftPM's default linker here) cannot pack them; lld can.
#
#   scripts/release-build.sh [SCRATCH_PATH]     default .build/static-stdlib; prints the binary's path last
set -euo pipefail
SWIFT=${SWIFT:-swift}
SCRATCH=${1:-.build/static-stdlib}
mkdir -p "$SCRATCH"
ARGS=(-c release --static-swift-stdlib --product guidebook --scratch-path "$SCRATCH")
LLD="$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/ld.lld"
if [[ -x "$LLD" ]]; then
    # A toolset's linker path must be absolute (or relative to the file), so it is written per machine.
    TOOLSET="$(cd "$SCRATCH" && pwd)/release-toolset.json"
    printf '{ "schemaVersion": "1.0", "linker": { "path": "%s", "extraCLIOptions": ["-z", "pack-relative-relocs"] } }\n' "$LLD" >"$TOOLSET"
    ARGS+=(--toolset "$TOOLSET")
else
    echo "release-build: no ld.lld beside $SWIFT: linking with the default linker (relative relocations not packed)" >&2
fi
"$SWIFT" build "${ARGS[@]}" >&2
echo "$("$SWIFT" build "${ARGS[@]}" --show-bin-path)/guidebook"
