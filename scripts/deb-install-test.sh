#!/usr/bin/env bash
# The packages as a clinic installs them: a clean Debian 12 root made by debootstrap, `apt-get install ./*.deb`
# there, then the game, the analyzer, the man page, the desktop entry, the server package's database set-up with
# Debian's PostgreSQL, `serve` started as the unit starts it, a sync from a game outside the root, and the unit
# checked by systemd-analyze. Usage: scripts/deb-install-test.sh [DEB_DIR] (default .build/deb). Needs root.
# Prints `name value unit` lines for make bench (sizes, times) on stdout; the steps go to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
debs="$(cd "${1:-.build/deb}" && pwd)"
version="$(tr -d '[:space:]' <VERSION)"
game_deb="$debs/soundsafari_${version}_amd64.deb"
server_deb="$debs/soundsafari-server_${version}_amd64.deb"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
for deb in "$game_deb" "$server_deb"; do
    [ -f "$deb" ] || { echo "error: $deb is missing: run make deb first." >&2; exit 1; }
done
[ "$(id -u)" -eq 0 ] || { echo "error: the install test makes a Debian root with debootstrap and chroot: run it as root." >&2; exit 1; }
for tool in debootstrap curl; do
    command -v "$tool" >/dev/null || { echo "error: $tool is missing: run scripts/install-deps.sh --deb first." >&2; exit 1; }
done

step() { echo "== $*" >&2; }
fail() { echo "FAIL: $*" >&2; exit 1; }
now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

work="$(mktemp -d /var/tmp/soundsafari-deb-test.XXXXXX)"
root="$work/root"
server_pid=""
server2_pid=""
nginx_running=""
cleanup() {
    # Every step, whatever the one before answered: `wait` on a server stopped by TERM answers 143, which under
    # `set -e` ended the cleanup there and left PostgreSQL running and the root's mounts in place.
    set +e
    [ -n "$nginx_running" ] && kill "$(cat "$work/nginx/nginx.pid")" 2>/dev/null
    [ -n "$server2_pid" ] && kill "$server2_pid" 2>/dev/null && wait "$server2_pid" 2>/dev/null
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    if [ -d "$root/usr/lib/postgresql" ]; then
        chroot "$root" sh -c 'pg_ctlcluster --mode fast "$(ls /etc/postgresql)" main stop' >/dev/null 2>&1 || true
    fi
    for mount in "$root/dev/pts" "$root/dev" "$root/proc" "$root/sys"; do
        mountpoint -q "$mount" && umount -l "$mount"
    done
    # Never through a mount still there: --one-file-system stops at it.
    rm -rf --one-file-system "$work"
}
trap cleanup EXIT
clean_env=(env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive)
in_root() { chroot "$root" "${clean_env[@]}" "$@"; }

start="$(now)"
if [ -n "${DEB_TEST_BASE:-}" ]; then
    # Reruns while working on the packages only (CI never sets it): a tar of a root this script's debootstrap made.
    step "the Debian 12 root from $DEB_TEST_BASE"
    mkdir -p "$root" && tar -C "$root" -xf "$DEB_TEST_BASE"
else
    step "debootstrap bookworm from $mirror"
    debootstrap --variant=minbase bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 ||
        { tail -n 20 "$work/debootstrap.log" >&2; fail "debootstrap did not make the Debian 12 root"; }
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
mkdir -p "$root/debs" && cp "$game_deb" "$server_deb" "$root/debs/"

step "apt-get install ./soundsafari_${version}_amd64.deb (and man-db, desktop-file-utils, postgresql, systemd to test with)"
in_root apt-get update -qq >"$work/apt.log" 2>&1 || { cat "$work/apt.log" >&2; fail "apt-get update in the root"; }
start="$(now)"
in_root apt-get install -y -qq --no-install-recommends "./debs/$(basename "$game_deb")" >>"$work/apt.log" 2>&1 ||
    { tail -n 30 "$work/apt.log" >&2; fail "apt-get install of the game's package"; }
in_root useradd --create-home player
in_root runuser -u player -- soundsafari simulate --rounds 1 --participant FIRST --logs /home/player/first >/dev/null ||
    fail "the first simulate after installing"
echo "deb.apt_install_to_first_simulate $(seconds "$start" "$(now)") s"
echo "deb.soundsafari_size $(stat -c %s "$game_deb") bytes"
echo "deb.soundsafari_server_size $(stat -c %s "$server_deb") bytes"
in_root apt-get install -y -qq --no-install-recommends man-db desktop-file-utils postgresql systemd >>"$work/apt.log" 2>&1 ||
    { tail -n 30 "$work/apt.log" >&2; fail "apt-get install of the test's tools"; }

step "soundsafari --version"
got="$(in_root soundsafari --version)"
[ "$got" = "$version" ] || fail "soundsafari --version printed '$got', not $version"
step "soundsafari simulate --rounds 2, then soundsafari-analyze describe on its logs"
in_root runuser -u player -- soundsafari simulate --rounds 2 --participant P01 --logs /home/player/logs >"$work/simulate.txt" ||
    fail "simulate --rounds 2"
trials="$(find "$root/home/player/logs" -name trials.csv | head -n 1)"
[ -n "$trials" ] || fail "simulate wrote no trials.csv under /home/player/logs"
rows="$(($(wc -l <"$trials") - 1))"
[ "$rows" -ge 2 ] || fail "trials.csv holds $rows rows after two rounds"
in_root runuser -u player -- soundsafari-analyze describe /home/player/logs >"$work/describe.txt" ||
    fail "soundsafari-analyze describe on the simulated logs"
grep -q . "$work/describe.txt" || fail "soundsafari-analyze describe printed nothing"
step "man soundsafari, man soundsafari-analyze"
for page in soundsafari soundsafari-analyze; do
    in_root man -P cat "$page" 2>/dev/null | grep -q "simulate\|describe" || fail "man $page shows no command list"
done
step "desktop-file-validate, the icon"
in_root desktop-file-validate /usr/share/applications/soundsafari.desktop || fail "desktop-file-validate"
# The applications menu speaks German to a German desktop: the entry carries po/de.po's Name[de] and Comment[de].
for key in 'Name[de]=' 'Comment[de]=' 'Exec=/usr/lib/soundsafari/launch'; do
  in_root grep -qF "$key" /usr/share/applications/soundsafari.desktop || fail "the desktop entry has no $key"
done
[ -f "$root/usr/share/icons/hicolor/256x256/apps/soundsafari.png" ] || fail "the icon is missing"

step "PostgreSQL in the root (Unix socket only: the host's port 5432 is not ours), then the server's package"
cluster="$(ls "$root/etc/postgresql")"
echo "listen_addresses = ''" >>"$root/etc/postgresql/$cluster/main/postgresql.conf"
in_root pg_ctlcluster "$cluster" main start || fail "PostgreSQL $cluster did not start in the root"
in_root apt-get install -y -qq --no-install-recommends "./debs/$(basename "$server_deb")" >"$work/server-install.log" 2>&1 ||
    { cat "$work/server-install.log" >&2; fail "apt-get install of the server's package"; }
grep -q "Created the database soundsafari, owned by soundsafari_migrate" "$work/server-install.log" ||
    { cat "$work/server-install.log" >&2; fail "the server's postinst did not create the database"; }
# The audit trail belongs to the migration role, never to the role the server signs in as.
audit_owner="$(in_root runuser -u postgres -- psql -X -tA -d soundsafari -c "SELECT tableowner FROM pg_tables WHERE tablename = 'audit'")"
[ "$audit_owner" = soundsafari_migrate ] || fail "the audit table belongs to $audit_owner, not soundsafari_migrate"
[ "$(stat -c %a:%U "$root/etc/soundsafari/server.env")" = "600:root" ] || fail "server.env is not root's only (0600)"
in_root getent passwd soundsafari >/dev/null || fail "no system user soundsafari"
# As the unit runs it: the settings read as root (they are root's only), the program run as the system user.
as_server() { in_root sh -c 'set -a; . /etc/soundsafari/server.env; exec runuser -u soundsafari -- soundsafari-server "$@"' sh "$@"; }
as_server migrate | grep -q "up to date" || fail "the database was not migrated by the package's postinst"
step "the maintainer scripts again (dpkg-reconfigure): nothing changes, nothing fails"
in_root dpkg-reconfigure soundsafari-server >"$work/reconfigure.log" 2>&1 || { cat "$work/reconfigure.log" >&2; fail "dpkg-reconfigure"; }
grep -qi "created" "$work/reconfigure.log" && fail "a second configure created something again"

step "soundsafari-server serve as the unit starts it (its user, its settings), on a free port"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
sed -i "s/^SOUNDSAFARI_PORT=.*/SOUNDSAFARI_PORT=$port/" "$root/etc/soundsafari/server.env"
exec_start="$(sed -n 's/^ExecStart=//p' "$root/lib/systemd/system/soundsafari-server.service")"
# chroot itself in the background (not the function), so that $! is the server's runuser, which passes a TERM on.
chroot "$root" "${clean_env[@]}" sh -c 'set -a; . /etc/soundsafari/server.env; cd /var/lib/soundsafari-server; eval "exec runuser -u soundsafari -- $0"' \
    "$(printf '%s' "$exec_start" | sed 's/\${\([A-Z_]*\)}/"$\1"/g')" >"$work/serve.log" 2>&1 &
server_pid=$!
# Up to a minute: on a loaded machine the first start (its catalogs, the database's pool) takes seconds.
for _ in $(seq 1 300); do
    curl -fsS "http://127.0.0.1:$port/api/v1/openapi.json" -o /dev/null 2>/dev/null && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$work/serve.log" >&2; fail "serve exited"; }
    sleep 0.2
done
# Into a file, then read: `curl | grep -q` fails under pipefail once grep stops reading a large answer.
curl -fsS "http://127.0.0.1:$port/api/v1/openapi.json" -o "$work/openapi.json" && grep -q openapi "$work/openapi.json" ||
    { cat "$work/serve.log" >&2; fail "serve does not answer on :$port"; }

step "a game outside the root (the package's own binary) enrols and syncs to it"
as_server site add lab-deb >/dev/null
code="$(as_server device enrol --site lab-deb | sed -n 's/^Enrolment code for site lab-deb: \([^ ]*\) .*/\1/p')"
[ -n "$code" ] || fail "device enrol printed no code"
outside="$work/outside"
mkdir -p "$outside/pkg" "$outside/config" "$outside/data"
dpkg-deb -x "$game_deb" "$outside/pkg"
cp -r "$root/home/player/logs" "$outside/logs"
game() { XDG_CONFIG_HOME="$outside/config" XDG_DATA_HOME="$outside/data" "$outside/pkg/usr/lib/soundsafari/soundsafari" "$@"; }
game sync --server "http://127.0.0.1:$port" --enrol "$code" --name deb-test --logs "$outside/logs" >"$work/sync.txt" ||
    fail "the enrolment and first sync"
game sync --logs "$outside/logs" >>"$work/sync.txt" || fail "the second sync"
held="$(in_root runuser -u postgres -- psql -X -tA -d soundsafari -c 'SELECT count(*) FROM trials')"
[ "$held" -eq "$rows" ] || fail "the server holds $held trial rows, the logs $rows"

step "nginx from docs/SERVER.md in front of two instances: TLS with a certificate made here, two machines sync"
command -v nginx >/dev/null && command -v openssl >/dev/null || fail "nginx or openssl is missing: run scripts/install-deps.sh --deb"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port2="$(free_port)"
tls_port="$(free_port)"
# The second instance as soundsafari-server@PORT starts it: the same settings, its own port.
chroot "$root" "${clean_env[@]}" sh -c 'set -a; . /etc/soundsafari/server.env; cd /var/lib/soundsafari-server; exec runuser -u soundsafari -- soundsafari-server serve --host "$SOUNDSAFARI_HOST" --port "$0"' \
    "$port2" >"$work/serve2.log" 2>&1 &
server2_pid=$!
tls="$work/tls"
mkdir -p "$tls" "$work/nginx"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost -addext subjectAltName=DNS:localhost \
    -keyout "$tls/key.pem" -out "$tls/cert.pem" 2>/dev/null || fail "openssl made no certificate"
# The documented block itself, with this test's certificate and ports.
sed -n '/^```nginx$/,/^```$/p' docs/SERVER.md | sed '1d;$d' |
    sed -e "s|listen 443 ssl;|listen 127.0.0.1:$tls_port ssl;|" -e "s|server_name study.example.org;|server_name localhost;|" \
        -e "s|ssl_certificate .*;|ssl_certificate $tls/cert.pem;|" -e "s|ssl_certificate_key .*;|ssl_certificate_key $tls/key.pem;|" \
        -e "s|127.0.0.1:8080;|127.0.0.1:$port;|" -e "s|127.0.0.1:8081;|127.0.0.1:$port2;|" >"$work/nginx/site.conf"
grep -q "127.0.0.1:$port2" "$work/nginx/site.conf" || fail "docs/SERVER.md's nginx block names no second instance on 8081"
cat >"$work/nginx/nginx.conf" <<CONF
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events {}
http {
    client_body_temp_path $work/nginx/body; proxy_temp_path $work/nginx/proxy;
    include $work/nginx/site.conf;
}
CONF
nginx -c "$work/nginx/nginx.conf" -p "$work/nginx" || fail "nginx refused the documented configuration"
nginx_running=1
for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$port2/api/v1/openapi.json" -o /dev/null 2>/dev/null && break
    sleep 0.2
done
https="https://localhost:$tls_port"
curl -fsS --cacert "$tls/cert.pem" "$https/api/v1/openapi.json" -o /dev/null || fail "nothing answers through nginx"
curl -sS --cacert "$tls/cert.pem" -D "$work/login.headers" -o /dev/null "$https/login"
grep -i '^set-cookie:' "$work/login.headers" | grep -q '; Secure' || { cat "$work/login.headers" >&2; fail "the sign-in cookie is not Secure behind TLS"; }
# The machines are users of the root, where the certificate is trusted as a clinic's own CA would be.
in_root apt-get install -y -qq --no-install-recommends ca-certificates >>"$work/apt.log" 2>&1 || fail "ca-certificates"
cp "$tls/cert.pem" "$root/usr/local/share/ca-certificates/soundsafari-test.crt"
in_root update-ca-certificates >/dev/null 2>&1 || fail "update-ca-certificates"
expected=0
for machine in north south; do
    code="$(as_server device enrol --site lab-deb | sed -n 's/^Enrolment code for site lab-deb: \([^ ]*\) .*/\1/p')"
    in_root useradd --create-home "$machine"
    in_root runuser -u "$machine" -- soundsafari simulate --rounds 2 --participant "P-$machine" --logs "/home/$machine/logs" >/dev/null ||
        fail "simulate on machine $machine"
    in_root runuser -u "$machine" -- soundsafari sync --server "$https" --enrol "$code" --name "$machine" \
        --logs "/home/$machine/logs" >>"$work/sync.txt" 2>&1 || { cat "$work/sync.txt" >&2; fail "machine $machine's sync through nginx"; }
    # Twice more: each instance in turn may take it; nothing may be stored again.
    for _ in 1 2; do
        in_root runuser -u "$machine" -- soundsafari sync --logs "/home/$machine/logs" >>"$work/sync.txt" 2>&1 ||
            { cat "$work/sync.txt" >&2; fail "machine $machine's repeated sync through nginx"; }
    done
    for file in $(find "$root/home/$machine/logs" -name trials.csv); do expected=$((expected + $(wc -l <"$file") - 1)); done
done
sql() { in_root runuser -u postgres -- psql -X -tA -d soundsafari -c "$1"; }
held="$(sql "SELECT count(*) FROM trials")"
[ "$held" -eq $((rows + expected)) ] || fail "the server holds $held trial rows, the three machines' logs $((rows + expected))"
[ "$(sql "SELECT count(*) FROM (SELECT session_id, trial FROM trials GROUP BY 1, 2 HAVING count(*) > 1) t")" -eq 0 ] ||
    fail "a trial is stored twice"
# No client address anywhere: the whole database as text, and both servers' logs (their start lines, "SoundSafari
# server on …" and Hummingbird's "listening on", name their own address, which is not a client's).
in_root runuser -u postgres -- pg_dump --data-only soundsafari >"$work/dump.sql"
grep -n '127\.0\.0\.1\|::1\|localhost' "$work/dump.sql" && fail "the database holds an address"
cat "$work/serve.log" "$work/serve2.log" | grep -v 'listening on\|^SoundSafari server on ' | grep -n '127\.0\.0\.1\|::1' &&
    fail "a server's log holds an address"
kill "$(cat "$work/nginx/nginx.pid")" && nginx_running=""
kill "$server2_pid" && wait "$server2_pid" 2>/dev/null || true
server2_pid=""

step "systemd-analyze verify of the units, as installed"
# Inside the root, where the units' programs, their man page and systemd's own targets are.
in_root systemd-analyze verify /lib/systemd/system/soundsafari-server.service \
    /lib/systemd/system/soundsafari-server@8081.service \
    /lib/systemd/system/soundsafari-server-backup.service /lib/systemd/system/soundsafari-server-backup.timer ||
    fail "systemd-analyze verify refused a unit"

step "purge: the settings, state and user go, the database stays"
kill "$server_pid" && wait "$server_pid" 2>/dev/null || true
server_pid=""
in_root apt-get purge -y -qq soundsafari-server >"$work/purge.log" 2>&1 || { cat "$work/purge.log" >&2; fail "apt-get purge"; }
[ ! -e "$root/etc/soundsafari/server.env" ] && [ ! -e "$root/var/lib/soundsafari-server" ] ||
    fail "purge left the settings or the state folder"
in_root getent passwd soundsafari >/dev/null && fail "purge left the system user"
# Every row the three machines sent (the first sync's and the two behind nginx) is still there.
[ "$(in_root runuser -u postgres -- psql -X -tA -d soundsafari -c 'SELECT count(*) FROM trials')" -eq $((rows + expected)) ] ||
    fail "purge touched the database"
step "all checks passed"
