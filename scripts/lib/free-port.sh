# Sourced by the scripts that give a server or a container a port of their own (bench.sh,
# bench/cpu-per-request.sh, container-test.sh and, through it, replica-pod-test.sh).
#
#   PORT=$(free_port) || die "no free loopback port"
#
# Prints a random loopback port that nothing holds: below the kernel's ephemeral range, so no
# client socket of another process can be given it between this choice and the bind; held by no
# socket in /proc/net/tcp{,6}, in any state (a TIME_WAIT socket also makes a bind fail); nothing
# answering a connect. (It runs in a command substitution, so it cannot remember what it printed:
# two calls before either port is bound agree with a chance of one in about 20,000.)
FREE_PORT_EPHEMERAL_LOW=$(awk '{ print $1 }' /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)
free_port() {
    local port hex span=$((FREE_PORT_EPHEMERAL_LOW > 12000 ? FREE_PORT_EPHEMERAL_LOW - 10000 : 20000))
    for _ in $(seq 200); do
        port=$((10000 + (RANDOM * 32768 + RANDOM) % span))
        hex=$(printf ':%04X' "$port")
        # awk reads every line (an early exit could fail the pipe under pipefail and hide a match).
        { cat /proc/net/tcp /proc/net/tcp6 2>/dev/null || true; } \
            | awk -v end="$hex" 'substr($2, length($2) - 4) == end { held = 1 } END { exit !held }' && continue
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "$port"
            return 0
        fi
    done
    return 1
}
