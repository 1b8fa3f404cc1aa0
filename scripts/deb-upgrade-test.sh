#!/usr/bin/env bash
# The next version installed over the previous one, as a clinic upgrades: in a clean Debian 12 root, the previous
# packages installed and used (a session with ratings, an audiogram, a diary entry, a sync to the previous server),
# then `apt-get install` of the new packages over them. Checked: the new server's postinst migrated the database
# before anything served, every row the previous version stored is still there as it was (in the columns it had),
# the logs folder is untouched by the upgrade, the new game and analyzer read what the previous version wrote, a new
# session is added beside the old one and syncs to the new server, and nothing is stored twice.
# Usage: scripts/deb-upgrade-test.sh OLD_DEB_DIR NEW_DEB_DIR (`make deb-upgrade-test OLD_DEBS=DIR`). Needs root.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deb-root.sh
[ $# -eq 2 ] || fail "give the previous packages' folder and the new packages' folder (make deb-upgrade-test OLD_DEBS=DIR)."
[ -d "$1" ] || fail "$1, the previous packages' folder, does not exist."
[ -d "$2" ] || fail "$2, the new packages' folder, does not exist."
old_game="$(deb_in "$1" soundsafari)"
old_server="$(deb_in "$1" soundsafari-server)"
new_game="$(deb_in "$2" soundsafari)"
new_server="$(deb_in "$2" soundsafari-server)"
old_version="$(deb_version "$old_game")"
new_version="$(deb_version "$new_game")"
[ "$(deb_version "$old_server")" = "$old_version" ] && [ "$(deb_version "$new_server")" = "$new_version" ] ||
    fail "each folder must hold a game and a server package of one version."
dpkg --compare-versions "$new_version" gt "$old_version" ||
    fail "the new packages' version $new_version is not above the previous $old_version, so apt would not install them over it: raise VERSION, or build test packages with DEB_BUILD=debug."
deb_root_check_host
deb_root_make
mkdir -p "$root/debs/old" "$root/debs/new"
cp "$old_game" "$old_server" "$root/debs/old/"
cp "$new_game" "$new_server" "$root/debs/new/"
logs=/home/player/logs
player() { in_root runuser -u player -- "$@"; }

step "the previous version, $old_version: PostgreSQL, then apt-get install of both packages"
root_install "$work/apt.log" "PostgreSQL" postgresql
root_postgres_start
root_install "$work/old-install.log" "the previous packages ($old_version)" \
    "./debs/old/$(basename "$old_game")" "./debs/old/$(basename "$old_server")"
as_server migrate | grep -q "up to date" || fail "the previous server's postinst left the database unmigrated."
migrations_before="$(sql 'SELECT count(*) FROM schema_migrations')"

step "the previous version in use: a session with ratings, an audiogram, a diary entry, a sync to its server"
in_root useradd --create-home player
player soundsafari simulate --rounds 2 --answer-ratings --participant P01 --logs "$logs" >/dev/null ||
    fail "the previous version's simulate."
printf 'frequency_hz,left_db_hl,right_db_hl\n1000,15,20\n4000,45,50\n' >"$root/home/player/audiogram.csv"
player soundsafari profile set-audiogram --participant P01 /home/player/audiogram.csv --logs "$logs" >/dev/null ||
    fail "the previous version's profile set-audiogram."
player soundsafari diary add --participant P01 --logs "$logs" --kind event --name "Loud concert" --date 2026-11-01 \
    --type noise-exposure >/dev/null || fail "the previous version's diary add."
port="$(free_port)"
root_serve "$port" "$work/old-serve.log"
as_server site add lab-upgrade >/dev/null
code="$(enrol_code lab-upgrade)"
[ -n "$code" ] || fail "the previous server's device enrol printed no code."
# Enrolling is a step of its own; the sync after it sends.
player soundsafari sync --server "http://127.0.0.1:$port" --enrol "$code" --name home --logs "$logs" >"$work/sync.txt" 2>&1 ||
    { cat "$work/sync.txt" >&2; fail "the previous game's enrolment at the previous server."; }
player soundsafari sync --logs "$logs" >>"$work/sync.txt" 2>&1 ||
    { cat "$work/sync.txt" >&2; fail "the previous game's sync to the previous server."; }
for table in trials sessions ratings profiles; do
    [ "$(sql "SELECT count(*) FROM $table")" -gt 0 ] ||
        { cat "$work/sync.txt" >&2; fail "the previous version's sync stored no $table rows."; }
done
old_trials="$(sql 'SELECT count(*) FROM trials')"
old_session="$(basename "$(dirname "$(find "$root$logs/P01" -name trials.csv | head -n 1)")")"
player soundsafari-analyze describe "$logs" >"$work/describe-old.txt" || fail "the previous analyzer's describe."

# What the upgrade must keep: the logs folder byte for byte, and every table's rows in the columns it has now.
cp -a "$root$logs" "$work/logs-before"
mkdir -p "$work/before" "$work/after"
tables="$(sql "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")"
for table in $tables; do
    sql "SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) FROM pg_attribute
         WHERE attrelid = 'public.$table'::regclass AND attnum > 0 AND NOT attisdropped" >"$work/before/$table.columns"
    sql "COPY (SELECT $(cat "$work/before/$table.columns") FROM public.$table) TO STDOUT" >"$work/before/$table.raw"
    LC_ALL=C sort "$work/before/$table.raw" >"$work/before/$table.rows"
done

step "the new version, $new_version: apt-get install of both packages over the previous ones"
# As the unit's prerm does on upgrade: the previous server stops before the new one migrates.
root_stop "$last_server_pid"
start="$(now)"
root_install "$work/upgrade.log" "the new packages over the previous ones ($old_version to $new_version)" \
    "./debs/new/$(basename "$new_game")" "./debs/new/$(basename "$new_server")"
echo "deb.upgrade_apt_install $(seconds "$start" "$(now)") s"
for package in soundsafari soundsafari-server; do
    got="$(in_root dpkg-query -W -f '${Version}' "$package")"
    [ "$got" = "$new_version" ] || fail "$package is at $got after the upgrade, not $new_version."
done

step "the new server's postinst migrated the database before anything served"
migrations_after="$(sql 'SELECT count(*) FROM schema_migrations')"
# Nothing served since the previous server stopped: only the postinst can have migrated.
as_server migrate | grep -q "up to date" || fail "the new server's postinst did not migrate the previous database."
echo "deb.upgrade_migrations_applied $((migrations_after - migrations_before)) migrations" >&2
for table in $tables; do
    [ "$(sql "SELECT to_regclass('public.$table') IS NOT NULL")" = t ] || fail "the table $table is gone after the upgrade."
    sql "COPY (SELECT $(cat "$work/before/$table.columns") FROM public.$table) TO STDOUT" >"$work/after/$table.raw" ||
        fail "a column the previous version had in $table is gone after the upgrade."
    LC_ALL=C sort "$work/after/$table.raw" >"$work/after/$table.rows"
    lost="$(LC_ALL=C comm -23 "$work/before/$table.rows" "$work/after/$table.rows" | wc -l)"
    [ "$lost" -eq 0 ] || fail "$lost of the previous version's rows in $table are gone or changed after the upgrade."
done
diff -r "$work/logs-before" "$root$logs" >/dev/null || fail "the upgrade changed the player's logs folder."

step "the new game and analyzer read what the previous version wrote"
got="$(in_root soundsafari --version)"
[ "$got" = "$(tr -d '[:space:]' <VERSION)" ] || fail "the new soundsafari --version printed '$got', not VERSION's."
player soundsafari-analyze describe "$logs" >"$work/describe-new.txt" || fail "the new analyzer's describe on the previous logs."
grep -q . "$work/describe-new.txt" || fail "the new analyzer's describe printed nothing on the previous logs."
player soundsafari profile show --participant P01 --logs "$logs" >"$work/profile.txt" ||
    fail "the new game's profile show on the previous version's profile."
grep -q 4000 "$work/profile.txt" && grep -q 45 "$work/profile.txt" ||
    fail "the new game's profile show does not show the audiogram the previous version stored."
player soundsafari diary list --participant P01 --logs "$logs" | grep -q "Loud concert" ||
    fail "the new game's diary list does not show the previous version's entry."
done_column() { # the status table's `done` for P01
    player soundsafari status --logs "$logs" --format csv |
        python3 -c 'import csv, sys; print(next(r["done"] for r in csv.DictReader(sys.stdin) if r["participant"] == "P01"))'
}
[ "$(done_column)" = 1 ] || fail "the new game's status does not count the previous version's session as done."

step "the new version in use: a second session beside the first, synced to the new server"
player soundsafari simulate --rounds 2 --answer-ratings --participant P01 --logs "$logs" >/dev/null 2>&1 ||
    fail "the new version's simulate in the previous logs folder."
[ "$(done_column)" = 2 ] || fail "the new game's status does not count both sessions."
diff -r "$work/logs-before/P01/$old_session" "$root$logs/P01/$old_session" >/dev/null ||
    fail "the new game changed the previous version's session folder $old_session."
# Logs are only appended to: each CSV file the previous version wrote begins with what it wrote.
while IFS= read -r -d '' file; do
    cmp -s -n "$(stat -c %s "$file")" "$file" "$root$logs/${file#"$work/logs-before/"}" ||
        fail "the new game rewrote ${file#"$work/logs-before/"} instead of appending to it."
done < <(find "$work/logs-before" -name '*.csv' -print0)
# On the port the previous one served (the same server.env, as the unit restarts it): the game's enrolment names it.
root_serve "$port" "$work/new-serve.log"
# The enrolment the previous game kept in sync.json, read by the new one.
player soundsafari sync --logs "$logs" >>"$work/sync.txt" 2>&1 ||
    { cat "$work/sync.txt" >&2; fail "the new game's sync, with the previous version's enrolment, to the new server."; }
expected="$(trial_rows "$root$logs")"
held="$(sql 'SELECT count(*) FROM trials')"
[ "$held" -gt "$old_trials" ] && [ "$held" -eq "$expected" ] ||
    fail "the new server holds $held trial rows after the new sync; the logs hold $expected (the previous sync stored $old_trials)."
[ "$(sql "SELECT count(*) FROM (SELECT session_id, trial FROM trials GROUP BY 1, 2 HAVING count(*) > 1) t")" -eq 0 ] ||
    fail "a trial is stored twice after the upgrade."
[ "$(sql 'SELECT count(DISTINCT session_id) FROM trials')" -eq 2 ] || fail "the server does not hold both sessions' trials."
root_stop "$last_server_pid"
step "all upgrade checks passed ($old_version to $new_version)"
