#!/bin/sh
# Container health probe (the image's HEALTHCHECK): succeeds when the server answers 200 on
# /readyz (or the path given as $1, e.g. /livez) at the address and port it is configured with.
host=${GUIDEBOOK_HOST:-127.0.0.1}
case "$host" in
    0.0.0.0 | :: | "[::]") host=127.0.0.1 ;;
    \[*) ;;
    *:*) host="[$host]" ;;
esac
scheme=http
# The server's certificate is usually not issued for 127.0.0.1: -k only skips that check.
[ -n "${GUIDEBOOK_TLS_CERT:-}" ] && scheme=https
exec curl --fail --silent --show-error --insecure --max-time 4 --output /dev/null \
    "$scheme://$host:${GUIDEBOOK_PORT:-8080}${1:-/readyz}"
