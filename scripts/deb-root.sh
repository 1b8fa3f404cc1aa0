# shellcheck shell=bash
# Sourced by scripts/deb-install-test.sh and scripts/deb-upgrade-test.sh: a clean Debian 12 root made by debootstrap
# (or unpacked from DEB_TEST_BASE), its mounts, its PostgreSQL, the server started as its unit starts it, and one
# cleanup that undoes all of it whatever failed. Needs root.

mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
step() { echo "== $*" >&2; }
# One sentence naming the failed check; the caller's EXIT trap cleans up.
fail() { echo "FAIL: $*" >&2; exit 1; }
now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

# The one package of NAME in DIR (soundsafari or soundsafari-server), whatever its version.
deb_in() { # DIR NAME
    local found=("$1/$2"_*_amd64.deb)
    [ -f "${found[0]}" ] || fail "$1 holds no $2_*_amd64.deb: build the packages first (make deb)."
    [ "${#found[@]}" -eq 1 ] || fail "$1 holds ${#found[@]} $2 packages; keep one version there."
    echo "${found[0]}"
}
deb_version() { dpkg-deb -f "$1" Version; }

deb_root_check_host() {
    [ "$(id -u)" -eq 0 ] || fail "the package tests make a Debian root with debootstrap and chroot: run them as root."
    local tool
    for tool in debootstrap curl dpkg-deb python3; do
        command -v "$tool" >/dev/null || fail "$tool is missing: run scripts/install-deps.sh --deb first."
    done
}

work="$(mktemp -d /var/tmp/soundsafari-deb-test.XXXXXX)"
root="$work/root"
root_pids=()     # servers started in the root, stopped by the cleanup
nginx_pid_file="" # set while the test's nginx runs
deb_root_cleanup() {
    # Every step, whatever the one before answered: `wait` on a server stopped by TERM answers 143, which under
    # `set -e` ended the cleanup there and left PostgreSQL running and the root's mounts in place.
    set +e
    [ -n "$nginx_pid_file" ] && [ -f "$nginx_pid_file" ] && kill "$(cat "$nginx_pid_file")" 2>/dev/null
    local pid mount
    for pid in "${root_pids[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; done
    if [ -d "$root/usr/lib/postgresql" ]; then
        chroot "$root" sh -c 'pg_ctlcluster --mode fast "$(ls /etc/postgresql)" main stop' >/dev/null 2>&1 || true
    fi
    for mount in "$root/dev/pts" "$root/dev" "$root/proc" "$root/sys"; do
        mountpoint -q "$mount" && umount -l "$mount"
    done
    # Never through a mount still there: --one-file-system stops at it.
    rm -rf --one-file-system "$work"
}
trap deb_root_cleanup EXIT

clean_env=(env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive)
in_root() { chroot "$root" "${clean_env[@]}" "$@"; }
# As the unit runs it: the settings read as root (they are root's only), the program run as the system user.
as_server() { in_root sh -c 'set -a; . /etc/soundsafari/server.env; exec runuser -u soundsafari -- soundsafari-server "$@"' sh "$@"; }
sql() { in_root runuser -u postgres -- psql -X -tA -d soundsafari -c "$1"; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

deb_root_make() {
    local start
    start="$(now)"
    if [ -n "${DEB_TEST_BASE:-}" ]; then
        # Reruns while working on the packages only (CI never sets it): a tar of a root this script's debootstrap made.
        step "the Debian 12 root from $DEB_TEST_BASE"
        mkdir -p "$root" && tar -C "$root" -xf "$DEB_TEST_BASE"
    else
        step "debootstrap bookworm from $mirror"
        debootstrap --variant=minbase bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 ||
            { tail -n 20 "$work/debootstrap.log" >&2; fail "debootstrap did not make the Debian 12 root from $mirror."; }
        echo "deb.debootstrap $(seconds "$start" "$(now)") s"
    fi
    mount -t proc proc "$root/proc"
    mount -t sysfs sys "$root/sys"
    mount --bind /dev "$root/dev"
    mount --bind /dev/pts "$root/dev/pts"
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    # No service starts by itself in the root (there is no init); the test starts PostgreSQL and the server itself.
    printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d" && chmod 755 "$root/usr/sbin/policy-rc.d"
    echo "deb $mirror bookworm main" >"$root/etc/apt/sources.list"
    mkdir -p "$root/debs"
    in_root apt-get update -qq >"$work/apt.log" 2>&1 || { cat "$work/apt.log" >&2; fail "apt-get update in the root."; }
}

# apt-get install in the root; its output goes to LOG (shown when it fails).
root_install() { # LOG WHAT PACKAGE...
    local log="$1" what="$2"
    shift 2
    in_root apt-get install -y -qq --no-install-recommends "$@" >>"$log" 2>&1 ||
        { tail -n 30 "$log" >&2; fail "apt-get install of $what in the root."; }
}

# Debian's PostgreSQL in the root, on its Unix socket only: the host's port 5432 is not ours.
root_postgres_start() {
    local cluster
    cluster="$(ls "$root/etc/postgresql")"
    echo "listen_addresses = ''" >>"$root/etc/postgresql/$cluster/main/postgresql.conf"
    in_root pg_ctlcluster "$cluster" main start || fail "PostgreSQL $cluster did not start in the root."
}

# `soundsafari-server serve` as the unit starts it (its user, its settings, its folder) on PORT, logging to LOG;
# returns once it answers. Its pid (chroot in the background, not a function, so that a TERM reaches runuser) goes
# into last_server_pid and root_pids.
root_serve() { # PORT LOG
    local exec_start pid
    sed -i "s/^SOUNDSAFARI_PORT=.*/SOUNDSAFARI_PORT=$1/" "$root/etc/soundsafari/server.env"
    exec_start="$(sed -n 's/^ExecStart=//p' "$root/lib/systemd/system/soundsafari-server.service")"
    chroot "$root" "${clean_env[@]}" sh -c 'set -a; . /etc/soundsafari/server.env; cd /var/lib/soundsafari-server; eval "exec runuser -u soundsafari -- $0"' \
        "$(printf '%s' "$exec_start" | sed 's/\${\([A-Z_]*\)}/"$\1"/g')" >"$2" 2>&1 &
    pid=$!
    root_pids+=("$pid")
    root_wait_for "$1" "$pid" "$2"
    last_server_pid="$pid"
}

# Up to a minute: on a loaded machine the first start (its catalogs, the database's pool) takes seconds.
root_wait_for() { # PORT PID LOG
    for _ in $(seq 1 300); do
        curl -fsS "http://127.0.0.1:$1/api/v1/openapi.json" -o /dev/null 2>/dev/null && break
        kill -0 "$2" 2>/dev/null || { cat "$3" >&2; fail "soundsafari-server serve exited before answering on :$1."; }
        sleep 0.2
    done
    # Into a file, then read: `curl | grep -q` fails under pipefail once grep stops reading a large answer.
    curl -fsS "http://127.0.0.1:$1/api/v1/openapi.json" -o "$work/openapi.json" && grep -q openapi "$work/openapi.json" ||
        { cat "$3" >&2; fail "soundsafari-server serve does not answer on :$1."; }
}

# Stops a server root_serve started (as systemd stops the unit: TERM), and forgets it.
root_stop() { # PID
    local pid kept=()
    kill "$1" 2>/dev/null && wait "$1" 2>/dev/null || true
    for pid in "${root_pids[@]}"; do [ "$pid" = "$1" ] || kept+=("$pid"); done
    root_pids=("${kept[@]}")
}

# The rows of every trials.csv under DIR (each file's header not counted).
trial_rows() { # DIR
    find "$1" -name trials.csv -exec awk 'FNR > 1 { n++ } END { print n + 0 }' {} +
}

enrol_code() { # SITE
    as_server device enrol --site "$1" | sed -n "s/^Enrolment code for site $1: \([^ ]*\) .*/\1/p"
}
