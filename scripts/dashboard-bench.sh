#!/usr/bin/env bash
# make bench's dashboard lines (called by server-bench.sh with its cluster): the participants page and a participant's
# page of a site of 1,000 participants × 30 sessions × 33 trials (≈1,000,000 trial rows) under 32 concurrent clients
# (wrk), against the same page's SQL queries alone under 32 clients (pgbench); median and p95 per page in ms, and
# the page over its queries as ratios (the goal: ≤ 2).
# Usage: dashboard-bench.sh DATABASE_URL SOUNDSAFARI_SERVER POSTGRES_BIN_DIR SOCKET_DIR WORK_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
url=$1 server=$2 bin=$3 socket=$4 work=$5
command -v wrk >/dev/null || { echo "error: wrk is missing: run scripts/install-deps.sh --bench (make bench does)." >&2; exit 1; }
psql=("$bin/psql" -X -q -h "$socket" -U postgres -d bench)
port=18182
participants=${DASHBOARD_BENCH_PARTICIPANTS:-1000}
sample=$(ls -d Examples/sample-session/P07/*/ | head -1)

"$server" migrate --database-url "$url" >/dev/null
"$server" site add dash --database-url "$url" >/dev/null
password=$(head -c 18 /dev/urandom | base64)
printf '%s\n' "$password" | "$server" user add --name dash-bench --role admin --password-stdin --database-url "$url" >/dev/null
"${psql[@]}" -v site=dash -v participants="$participants" -v sessions=30 -v trials=33 \
  -v plan="$(cat Examples/training-plan.json)" -v state="$(cat "$sample/session.json")" -f scripts/dashboard-bench.sql

"$server" serve --host 127.0.0.1 --port $port --database-url "$url" >"$work/dashboard-serve.log" 2>&1 &
served=$!
trap 'kill $served 2>/dev/null || true' EXIT
for _ in $(seq 100); do (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.1; done
base=http://127.0.0.1:$port
# Signs in as a browser does: the sign-in page's CSRF cookie and field, then the form.
csrf=$(curl -s -c "$work/jar" $base/login | sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' | head -1)
curl -s -b "$work/jar" -c "$work/jar" --data-urlencode "csrf=$csrf" --data-urlencode "name=dash-bench" \
  --data-urlencode "password=$password" -o /dev/null $base/login
cookie="ss_session=$(awk '$6 == "ss_session" { print $7 }' "$work/jar")"
page="$base/participants?site=dash"

# The bench's rows were written straight into the tables, around ingest: their summaries (which ingest keeps, in the
# transaction of each batch) are computed once, as migration 62's backfill computes them.
start=$(date +%s.%N)
"$server" summaries --site dash --database-url "$url" >/dev/null
end=$(date +%s.%N)
awk -v a="$start" -v b="$end" -v n="$participants" \
  'BEGIN { printf "server_dashboard_summaries_rebuild_%d_participants %.2f s\n", n, b - a }'

cat >"$work/percentiles.lua" <<'LUA'
done = function(summary, latency, requests)
  io.write(string.format("%.1f %.1f %d\n", latency:percentile(50) / 1000, latency:percentile(95) / 1000, summary.requests))
end
LUA
site_id=$("${psql[@]}" -At -c "SELECT id FROM sites WHERE name = 'dash'")
now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
one=B0001

# bench NAME PATH SQL_FILE: the page under 32 clients (wrk, 20 s) and its SQL queries alone under 32 clients
# (pgbench, 20 s), median and p95 of each in ms, and the page's time over its queries' as ratios.
bench() {
  local name=$1 path=$2 sql=$3
  local first
  first=$(curl -s -o "$work/$name.html" -w '%{http_code}' -H "Cookie: $cookie" "$base$path")
  [ "$first" = 200 ] || { echo "error: $path answered $first" >&2; exit 1; }
  # One client: the page's own time without queueing (the median of 5).
  for _ in 1 2 3 4 5; do curl -s -o /dev/null -w '%{time_total}\n' -H "Cookie: $cookie" "$base$path"; done |
    sort -n >"$work/one.s"
  echo "server_dashboard_${name}_page_1_client $(awk 'NR == 3 { printf "%.1f", $1 * 1000 }' "$work/one.s") ms"
  wrk -t2 -c32 -d20s --timeout 10s -s "$work/percentiles.lua" -H "Cookie: $cookie" "$base$path" >"$work/wrk.out"
  if grep -q "Non-2xx\|Socket errors" "$work/wrk.out"; then
    echo "error: wrk saw failed requests on $path:" >&2; cat "$work/wrk.out" >&2; exit 1
  fi
  local p50 p95 n
  read -r p50 p95 n < <(tail -1 "$work/wrk.out")
  [ "$n" -gt 0 ] || { echo "error: no $path completed in 20 s under 32 clients:" >&2; cat "$work/wrk.out" >&2; exit 1; }
  echo "server_dashboard_${name}_page_p50_32_clients $p50 ms"
  echo "server_dashboard_${name}_page_p95_32_clients $p95 ms"
  rm -f "$work"/pgbench.*
  (cd "$work" && "$bin/pgbench" -n -h "$socket" -U postgres -c 32 -j 2 -T 20 -f "$sql" -l --log-prefix=pgbench bench \
    >/dev/null 2>&1)
  cat "$work"/pgbench.* | awk '{ print $3 / 1000 }' | sort -n >"$work/sql.ms"
  local count s50 s95
  count=$(wc -l <"$work/sql.ms")
  s50=$(sed -n "$(((count + 1) / 2))p" "$work/sql.ms")
  s95=$(sed -n "$(((count * 95 + 99) / 100))p" "$work/sql.ms")
  echo "server_dashboard_${name}_sql_p50_32_clients $s50 ms"
  echo "server_dashboard_${name}_sql_p95_32_clients $s95 ms"
  awk -v a="$p50" -v b="$s50" -v n="$name" 'BEGIN { printf "server_dashboard_%s_page_vs_sql_p50 %.2f ratio\n", n, a / b }'
  awk -v a="$p95" -v b="$s95" -v n="$name" 'BEGIN { printf "server_dashboard_%s_page_vs_sql_p95 %.2f ratio\n", n, a / b }'
}

# Every page's first statement: the session of the cookie with its account and sites (StudyDatabase.webSession).
token=${cookie#ss_session=}
session="SELECT u.id, u.name, u.role, coalesce(array_agg(s.name ORDER BY s.name) FILTER (WHERE s.name IS NOT NULL), '{}'), encode(sha256(convert_to('csrf:' || '$token', 'UTF8')), 'hex'), w.expires_at FROM web_sessions w JOIN users u ON u.id = w.user_id AND u.disabled_at IS NULL LEFT JOIN user_sites us ON us.user_id = u.id LEFT JOIN sites s ON s.id = us.site_id WHERE w.token_hash = encode(sha256(convert_to('$token', 'UTF8')), 'hex') AND w.expires_at > now() GROUP BY u.id, w.token_hash;"

# The participants page's SQL, in its order (the session, the route's sites, then StudyDatabase.participantsPage:
# the page's 50 rows sorted by the last session, newest first, each with the count and the sites' plan names; the
# view's audit row).
listed="WITH chosen AS (SELECT id, name FROM sites WHERE name = ANY('{dash}')), listed AS NOT MATERIALIZED (SELECT p.*, c.name AS site, CASE WHEN p.plan_name IS NULL THEN p.completed ELSE p.plan_done END AS done, CASE WHEN p.plan_name IS NOT NULL THEN greatest(0, least(plan_sessions_opened(p.plan_assigned_at, p.plan_per_week, p.plan_total, '$now') - 1, p.plan_total) - p.plan_done) END AS missed, (SELECT max(d.last_sync_at) FROM devices d WHERE d.id = ANY(p.devices)) AS last_sync FROM participant_summaries p JOIN chosen c ON c.id = p.site_id WHERE NULL::text IS NULL OR p.plan_name = NULL::text)"
cat >"$work/participants.sql" <<SQL
$session
SELECT name FROM sites ORDER BY name;
$listed SELECT (SELECT count(*)::int FROM listed WHERE true), array(SELECT plan_name FROM participant_summaries WHERE site_id IN (SELECT id FROM chosen) AND plan_name IS NOT NULL GROUP BY plan_name ORDER BY plan_name COLLATE "C"), site, participant, done, sessions, last_session_at, plan_done, plan_in_progress, first_week_deviation, last_week_deviation, threshold, first_loudness, last_loudness, last_sync, (SELECT ARRAY[p.version::text, p.source, p.plan::text, p.file] FROM plans p WHERE p.device_id = listed.plan_device AND p.file = listed.plan_file), (SELECT p.assigned_at FROM plans p WHERE p.device_id = listed.plan_device AND p.file = listed.plan_file) FROM listed WHERE true ORDER BY last_session_at DESC NULLS LAST, site COLLATE "C", participant COLLATE "C" LIMIT 50 OFFSET 0;
INSERT INTO audit (actor, role, action, site, participant, before, after, request_id) VALUES ('dash-bench', 'admin', 'participants.view', 'dash', NULL, NULL, '{"page": "1", "sites": "dash"}'::jsonb, 'bench');
SQL
bench participants "/participants?site=dash&sort=last&order=desc" participants.sql

# A participant's page's SQL, in its order (the session, WebParticipantRoutes: the site, whether the participant is known, then
# PostgresParticipantPages: sessions, their kept summaries, ratings, profiles, prescriptions, the patient's
# record, the plan, the sessions as the plan and the dose rule count them; the view's audit row).
cat >"$work/participant.sql" <<SQL
$session
SELECT id FROM sites WHERE name = 'dash';
SELECT EXISTS (SELECT 1 FROM participants p JOIN sites s ON s.id = p.site_id WHERE s.name = 'dash' AND p.participant = '$one') OR EXISTS (SELECT 1 FROM sessions p JOIN sites s ON s.id = p.site_id WHERE s.name = 'dash' AND p.participant = '$one') OR EXISTS (SELECT 1 FROM profiles p JOIN sites s ON s.id = p.site_id WHERE s.name = 'dash' AND p.participant = '$one') OR EXISTS (SELECT 1 FROM prescriptions p JOIN sites s ON s.id = p.site_id WHERE s.name = 'dash' AND p.participant = '$one') OR EXISTS (SELECT 1 FROM sync_files f JOIN devices d ON d.id = f.device_id JOIN sites s ON s.id = d.site_id WHERE s.name = 'dash' AND f.file LIKE '$one/%');
SELECT x.session_id, x.session_index, d.name, x.started_at, x.ended_at, x.completed, x.ended_by, x.protocol, x.input, x.plan_name, x.plan_session, x.plan_total_sessions, x.profile_version, x.headphone_check, x.week_dose_fraction, x.dose_fraction, x.trial_count, x.played_s, x.device_id FROM sessions x JOIN sites s ON s.id = x.site_id JOIN devices d ON d.id = x.device_id WHERE s.name = 'dash' AND x.participant = '$one' ORDER BY x.session_index, x.started_at, x.session_id;
SELECT m.session_id, m.photos, m.median_abs_deviation_deg, m.median_time_s, m.reversal_rate, m.staircase_threshold, m.plan, m.skipped FROM session_summaries m JOIN sessions x ON x.session_id = m.session_id JOIN sites s ON s.id = x.site_id WHERE s.name = 'dash' AND x.participant = '$one' AND m.trial_count = x.trial_count AND m.skipped IS NOT NULL;
SELECT r.item, r.value, r.answered_at, r.moment, r.skipped FROM ratings r JOIN sites s ON s.id = r.site_id WHERE s.name = 'dash' AND r.participant = '$one' ORDER BY r.answered_at, r.device_id, r.record;
SELECT p.device_id, d.name, p.profile::text FROM profiles p JOIN sites s ON s.id = p.site_id JOIN devices d ON d.id = p.device_id WHERE s.name = 'dash' AND p.participant = '$one' ORDER BY p.created_at NULLS FIRST, p.device_id, p.version;
SELECT p.id, p.created_at, p.created_by, p.content FROM prescriptions p JOIN sites s ON s.id = p.site_id WHERE s.name = 'dash' AND p.participant = '$one' AND p.kind = 'profile' ORDER BY p.id;
SELECT p.id, p.created_at, p.created_by, p.content FROM prescriptions p JOIN sites s ON s.id = p.site_id WHERE s.name = 'dash' AND p.participant = '$one' AND p.kind = 'plan' ORDER BY p.id;
SELECT f.device_id, d.name, f.file, f.kind FROM sync_files f JOIN devices d ON d.id = f.device_id JOIN sites s ON s.id = d.site_id WHERE s.name = 'dash' AND f.file IN ('$one/questionnaires.csv', '$one/diary.csv') ORDER BY d.name, f.file;
SELECT p.version, p.assigned_at, p.source, p.plan::text, p.file FROM plans p JOIN sites s ON s.id = p.site_id WHERE s.name = 'dash' AND p.participant = '$one' ORDER BY p.assigned_at DESC, p.version DESC LIMIT 1;
SELECT x.session_id, x.completed, x.ended_by, x.plan_name, x.plan_version, x.plan_session, x.plan_total_sessions, x.input, x.started_at, x.dose_fraction FROM sessions x JOIN sites s ON s.id = x.site_id WHERE s.name = 'dash' AND x.participant = '$one' ORDER BY x.started_at, x.session_id;
INSERT INTO audit (actor, role, action, site, participant, before, after, request_id) VALUES ('dash-bench', 'admin', 'participant.view', 'dash', '$one', NULL, NULL, 'bench');
SQL
bench participant "/sites/dash/participants/$one" participant.sql
