# Sourced by the checks whose Python tools come from PyPI (translators-check.sh, wiki-check.sh).
#
#   pinned_venv VENV "name==version name==version …"
#
# Makes VENV a virtualenv holding exactly those pins: kept when it was made with the same pins (they
# are written to VENV/pins), otherwise made anew, with Debian's python3-venv installed first when
# Python cannot make one. Uses SUDO and log from the caller.
pinned_venv() {
    local venv=$1 pins=$2
    [ "$(cat "$venv/pins" 2>/dev/null)" = "$pins" ] && return 0
    if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
        log "installing python3-venv"
        $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-venv
    fi
    log "installing $pins into $venv"
    rm -rf "$venv"
    python3 -m venv "$venv"
    # shellcheck disable=SC2086
    "$venv/bin/pip" install --quiet --disable-pip-version-check $pins
    echo "$pins" >"$venv/pins"
}
