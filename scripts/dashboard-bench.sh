#!/usr/bin/env bash
# make bench's dashboard lines (called by server-bench.sh with its cluster): the participants page of a site of 1,000
# participants × 30 sessions × 33 trials (≈1,000,000 trial rows) under 32 concurrent clients (wrk), against the
# same page's SQL queries alone under 32 clients (pgbench); median and p95 per page, in ms.
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

# The first load computes every session's summary (SessionSummary over its trials) and keeps it; later loads read it.
first=$(curl -s -o "$work/first.html" -w '%{http_code} %{time_total}' -H "Cookie: $cookie" "$page")
[ "${first%% *}" = 200 ] || { echo "error: the participants page answered ${first%% *}" >&2; exit 1; }
echo "server_dashboard_participants_first_load ${first#* } s"

# One client, the summaries kept: the page's own time without queueing (the median of 3).
for _ in 1 2 3; do curl -s -o /dev/null -w '%{time_total}\n' -H "Cookie: $cookie" "$page"; done | sort -n >"$work/one.s"
echo "server_dashboard_participants_page_1_client $(awk 'NR == 2 { printf "%.1f", $1 * 1000 }' "$work/one.s") ms"

cat >"$work/percentiles.lua" <<'LUA'
done = function(summary, latency, requests)
  io.write(string.format("%.1f %.1f %d\n", latency:percentile(50) / 1000, latency:percentile(95) / 1000, summary.requests))
end
LUA
wrk -t2 -c32 -d20s --timeout 10s -s "$work/percentiles.lua" -H "Cookie: $cookie" "$page" >"$work/wrk.out"
if grep -q "Non-2xx\|Socket errors" "$work/wrk.out"; then
  echo "error: wrk saw failed requests:" >&2; cat "$work/wrk.out" >&2; exit 1
fi
read -r p50 p95 n < <(tail -1 "$work/wrk.out")
[ "$n" -gt 0 ] || { echo "error: no page completed in 20 s under 32 clients:" >&2; cat "$work/wrk.out" >&2; exit 1; }
echo "server_dashboard_participants_page_p50_32_clients $p50 ms"
echo "server_dashboard_participants_page_p95_32_clients $p95 ms"

# The page's SQL alone: the queries the participants page runs for one site, in its order (StudyDatabase's
# participantTable: site, stale summaries, current plans, machines' last sync, sessions, ratings, registrations).
site_id=$("${psql[@]}" -At -c "SELECT id FROM sites WHERE name = 'dash'")
cat >"$work/page.sql" <<SQL
SELECT id FROM sites WHERE name = 'dash';
SELECT s.session_id, s.trial_count FROM sessions s LEFT JOIN session_summaries m ON m.session_id = s.session_id WHERE s.site_id = $site_id AND (m.session_id IS NULL OR m.trial_count <> s.trial_count);
SELECT DISTINCT ON (participant) participant, file, version, assigned_at, source, plan::text FROM plans WHERE site_id = $site_id ORDER BY participant, assigned_at DESC, version DESC;
SELECT d.id, (SELECT max(i.received_at) FROM sync_items i WHERE i.device_id = d.id) FROM devices d JOIN sites s ON s.id = d.site_id WHERE s.name = 'dash';
SELECT d.id, d.name, d.enrolled_at, d.revoked_at FROM devices d JOIN sites s ON s.id = d.site_id WHERE s.name = 'dash';
SELECT s.participant, s.session_id, s.started_at, s.completed, s.ended_by, s.plan_name, s.plan_version, s.plan_session, s.plan_total_sessions, s.device_id, m.median_abs_deviation_deg, m.staircase_threshold FROM sessions s LEFT JOIN session_summaries m ON m.session_id = s.session_id WHERE s.site_id = $site_id ORDER BY s.participant, s.started_at, s.session_id;
SELECT participant, item, (array_agg(value ORDER BY answered_at, file, record))[1], (array_agg(value ORDER BY answered_at DESC, file DESC, record DESC))[1], min(answered_at), max(answered_at) FROM ratings WHERE site_id = $site_id AND item = ANY('{tinnitus_loudness}') AND NOT skipped AND value IS NOT NULL GROUP BY participant, item ORDER BY participant, item;
SELECT participant FROM participants WHERE site_id = $site_id;
SQL
(cd "$work" && "$bin/pgbench" -n -h "$socket" -U postgres -c 32 -j 2 -T 20 -f page.sql -l --log-prefix=pgbench bench >/dev/null 2>&1)
cat "$work"/pgbench.* | awk '{ print $3 / 1000 }' | sort -n >"$work/sql.ms"
count=$(wc -l <"$work/sql.ms")
echo "server_dashboard_participants_sql_p50_32_clients $(sed -n "$(((count + 1) / 2))p" "$work/sql.ms") ms"
echo "server_dashboard_participants_sql_p95_32_clients $(sed -n "$(((count * 95 + 99) / 100))p" "$work/sql.ms") ms"
