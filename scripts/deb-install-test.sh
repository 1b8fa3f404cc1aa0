#!/usr/bin/env bash
# The packages as a clinic installs them: a clean Debian 12 root made by debootstrap, `apt-get install ./*.deb`
# there, then the game, the analyzer, the man page, the desktop entry, the server package's database set-up with
# Debian's PostgreSQL, `serve` started as the unit starts it, a sync from a game outside the root, and the unit
# checked by systemd-analyze. Usage: scripts/deb-install-test.sh [DEB_DIR] (default .build/deb). Needs root.
# Prints `name value unit` lines for make bench (sizes, times) on stdout; the steps go to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deb-root.sh
debs="$(cd "${1:-.build/deb}" && pwd)"
version="$(tr -d '[:space:]' <VERSION)"
game_deb="$(deb_in "$debs" soundsafari)"
server_deb="$(deb_in "$debs" soundsafari-server)"
deb_root_check_host
deb_root_make
cp "$game_deb" "$server_deb" "$root/debs/"

step "apt-get install ./$(basename "$game_deb") (and man-db, desktop-file-utils, postgresql, systemd to test with)"
start="$(now)"
root_install "$work/apt.log" "the game's package" "./debs/$(basename "$game_deb")"
in_root useradd --create-home player
in_root runuser -u player -- soundsafari simulate --rounds 1 --participant FIRST --logs /home/player/first >/dev/null ||
    fail "the first simulate after installing"
echo "deb.apt_install_to_first_simulate $(seconds "$start" "$(now)") s"
echo "deb.soundsafari_size $(stat -c %s "$game_deb") bytes"
echo "deb.soundsafari_server_size $(stat -c %s "$server_deb") bytes"
root_install "$work/apt.log" "the test's tools" man-db desktop-file-utils postgresql systemd

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
root_postgres_start
in_root apt-get install -y -qq --no-install-recommends "./debs/$(basename "$server_deb")" >"$work/server-install.log" 2>&1 ||
    { cat "$work/server-install.log" >&2; fail "apt-get install of the server's package"; }
grep -q "Created the database soundsafari, owned by soundsafari_migrate" "$work/server-install.log" ||
    { cat "$work/server-install.log" >&2; fail "the server's postinst did not create the database"; }
# The audit trail belongs to the migration role, never to the role the server signs in as.
audit_owner="$(sql "SELECT tableowner FROM pg_tables WHERE tablename = 'audit'")"
[ "$audit_owner" = soundsafari_migrate ] || fail "the audit table belongs to $audit_owner, not soundsafari_migrate"
[ "$(stat -c %a:%U "$root/etc/soundsafari/server.env")" = "600:root" ] || fail "server.env is not root's only (0600)"
in_root getent passwd soundsafari >/dev/null || fail "no system user soundsafari"
as_server migrate | grep -q "up to date" || fail "the database was not migrated by the package's postinst"
step "the maintainer scripts again (dpkg-reconfigure): nothing changes, nothing fails"
in_root dpkg-reconfigure soundsafari-server >"$work/reconfigure.log" 2>&1 || { cat "$work/reconfigure.log" >&2; fail "dpkg-reconfigure"; }
grep -qi "created" "$work/reconfigure.log" && fail "a second configure created something again"

step "soundsafari-server serve as the unit starts it (its user, its settings), on a free port"
port="$(free_port)"
root_serve "$port" "$work/serve.log"
server_pid="$last_server_pid"

step "a game outside the root (the package's own binary) enrols and syncs to it"
as_server site add lab-deb >/dev/null
code="$(enrol_code lab-deb)"
[ -n "$code" ] || fail "device enrol printed no code"
outside="$work/outside"
mkdir -p "$outside/pkg" "$outside/config" "$outside/data"
dpkg-deb -x "$game_deb" "$outside/pkg"
cp -r "$root/home/player/logs" "$outside/logs"
game() { XDG_CONFIG_HOME="$outside/config" XDG_DATA_HOME="$outside/data" "$outside/pkg/usr/lib/soundsafari/soundsafari" "$@"; }
game sync --server "http://127.0.0.1:$port" --enrol "$code" --name deb-test --logs "$outside/logs" >"$work/sync.txt" ||
    fail "the enrolment and first sync"
game sync --logs "$outside/logs" >>"$work/sync.txt" || fail "the second sync"
held="$(sql 'SELECT count(*) FROM trials')"
[ "$held" -eq "$rows" ] || fail "the server holds $held trial rows, the logs $rows"

step "nginx from docs/SERVER.md in front of two instances: TLS with a certificate made here, two machines sync"
command -v nginx >/dev/null && command -v openssl >/dev/null || fail "nginx or openssl is missing: run scripts/install-deps.sh --deb"
port2="$(free_port)"
tls_port="$(free_port)"
# The second instance as soundsafari-server@PORT starts it: the same settings, its own port.
chroot "$root" "${clean_env[@]}" sh -c 'set -a; . /etc/soundsafari/server.env; cd /var/lib/soundsafari-server; exec runuser -u soundsafari -- soundsafari-server serve --host "$SOUNDSAFARI_HOST" --port "$0"' \
    "$port2" >"$work/serve2.log" 2>&1 &
server2_pid=$!
root_pids+=("$server2_pid")
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
nginx_pid_file="$work/nginx/nginx.pid"
root_wait_for "$port2" "$server2_pid" "$work/serve2.log"
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
    code="$(enrol_code lab-deb)"
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
    expected=$((expected + $(trial_rows "$root/home/$machine/logs")))
done
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
kill "$(cat "$nginx_pid_file")" && nginx_pid_file=""
root_stop "$server2_pid"

step "systemd-analyze verify of the units, as installed"
# Inside the root, where the units' programs, their man page and systemd's own targets are.
in_root systemd-analyze verify /lib/systemd/system/soundsafari-server.service \
    /lib/systemd/system/soundsafari-server@8081.service \
    /lib/systemd/system/soundsafari-server-backup.service /lib/systemd/system/soundsafari-server-backup.timer ||
    fail "systemd-analyze verify refused a unit"

step "purge: the settings, state and user go, the database stays"
root_stop "$server_pid"
in_root apt-get purge -y -qq soundsafari-server >"$work/purge.log" 2>&1 || { cat "$work/purge.log" >&2; fail "apt-get purge"; }
[ ! -e "$root/etc/soundsafari/server.env" ] && [ ! -e "$root/var/lib/soundsafari-server" ] ||
    fail "purge left the settings or the state folder"
in_root getent passwd soundsafari >/dev/null && fail "purge left the system user"
# Every row the three machines sent (the first sync's and the two behind nginx) is still there.
[ "$(sql 'SELECT count(*) FROM trials')" -eq $((rows + expected)) ] ||
    fail "purge touched the database"
step "all checks passed"
