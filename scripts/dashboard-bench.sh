#!/usr/bin/env bash
# make bench's dashboard lines (called by server-bench.sh with its cluster): the participants page, a participant's
# page and the overview (its alerts judge every participant) of a site of 1,000 participants × 30 sessions × 33
# trials (≈1,000,000 trial rows) under 32 concurrent clients (wrk), against the same page's SQL statements alone under
# 32 clients (pgbench); median and p95 per page in ms, and the page over its statements as ratios (the goal, issue 40:
# p95 ≤ 1.3).
# Usage: dashboard-bench.sh DATABASE_URL SOUNDSAFARI_SERVER POSTGRES_BIN_DIR SOCKET_DIR WORK_DIR POSTGRES_LOG
# (POSTGRES_LOG: the cluster's log file, where the page's statements are read from; the cluster's superuser
# `postgres` on SOCKET_DIR sets log_statement around one request of each page.)
set -euo pipefail
cd "$(dirname "$0")/.."
url=$1 server=$2 bin=$3 socket=$4 work=$5 log=$6
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

# The page's SQL, one definition: the statements the server ran for one request of the page, as PostgreSQL logged
# them (log_statement = 'all' for that request only: a backend applies a reloaded setting before the next command it
# reads), with their parameters written in (scripts/dashboard-bench-sql.py); so the peer is the page's own SQL, in the
# order it started, whatever the page runs.
page_sql() {
  local path=$1 out=$2 from
  from=$(wc -l <"$log")
  "${psql[@]}" -c "ALTER SYSTEM SET log_statement = 'all'" -c "SELECT pg_reload_conf()" >/dev/null
  sleep 1
  curl -s -o /dev/null -H "Cookie: $cookie" "$base$path"
  "${psql[@]}" -c "ALTER SYSTEM RESET log_statement" -c "SELECT pg_reload_conf()" >/dev/null
  sleep 1
  python3 scripts/dashboard-bench-sql.py "$log" "$from" >"$out"
}

# pgbench_ms CLIENTS SECONDS SQL_FILE [MODE]: each transaction's time in ms, sorted, in $work/sql.ms. MODE is pgbench's
# protocol: simple (the default: each statement sent as text, parsed and planned each time) or prepared (each
# statement parsed once per connection and its plan kept, as the server runs its prepared statements).
pgbench_ms() {
  rm -f "$work"/pgbench.*
  (cd "$work" && "$bin/pgbench" -n -M "${4:-simple}" -h "$socket" -U postgres -c "$1" -j "$(($1 < 2 ? 1 : 2))" -T "$2" \
    -f "$3" -l --log-prefix=pgbench bench >/dev/null 2>&1)
  cat "$work"/pgbench.* | awk '{ print $3 / 1000 }' | sort -n >"$work/sql.ms"
}

# bench NAME PATH: the page under 32 clients (wrk, 20 s) and its SQL alone under 32 clients (pgbench, 20 s), median
# and p95 of each in ms, and the page's time over its SQL's as ratios; with one client, the page and its SQL (the
# server's own time per request is the difference).
bench() {
  local name=$1 path=$2
  local first sql=$work/$name.sql
  first=$(curl -s -o "$work/$name.html" -w '%{http_code}' -H "Cookie: $cookie" "$base$path")
  [ "$first" = 200 ] || { echo "error: $path answered $first" >&2; exit 1; }
  page_sql "$path" "$sql"
  echo "server_dashboard_${name}_page_statements $(grep -c ';$' "$sql") statements"
  # One client: the page's own time without queueing (the median of 5), and its SQL's (the median of 5 s).
  for _ in 1 2 3 4 5; do curl -s -o /dev/null -w '%{time_total}\n' -H "Cookie: $cookie" "$base$path"; done |
    sort -n >"$work/one.s"
  echo "server_dashboard_${name}_page_1_client $(awk 'NR == 3 { printf "%.1f", $1 * 1000 }' "$work/one.s") ms"
  pgbench_ms 1 5 "$sql"
  echo "server_dashboard_${name}_sql_1_client $(sed -n "$((($(wc -l <"$work/sql.ms") + 1) / 2))p" "$work/sql.ms") ms"
  wrk -t2 -c32 -d20s --timeout 10s -s "$work/percentiles.lua" -H "Cookie: $cookie" "$base$path" >"$work/wrk.out"
  if grep -q "Non-2xx\|Socket errors" "$work/wrk.out"; then
    echo "error: wrk saw failed requests on $path:" >&2; cat "$work/wrk.out" >&2; exit 1
  fi
  local p50 p95 n
  read -r p50 p95 n < <(tail -1 "$work/wrk.out")
  [ "$n" -gt 0 ] || { echo "error: no $path completed in 20 s under 32 clients:" >&2; cat "$work/wrk.out" >&2; exit 1; }
  echo "server_dashboard_${name}_page_p50_32_clients $p50 ms"
  echo "server_dashboard_${name}_page_p95_32_clients $p95 ms"
  pgbench_ms 32 20 "$sql"
  local count s50 s95
  count=$(wc -l <"$work/sql.ms")
  s50=$(sed -n "$(((count + 1) / 2))p" "$work/sql.ms")
  s95=$(sed -n "$(((count * 95 + 99) / 100))p" "$work/sql.ms")
  echo "server_dashboard_${name}_sql_p50_32_clients $s50 ms"
  echo "server_dashboard_${name}_sql_p95_32_clients $s95 ms"
  awk -v a="$p50" -v b="$s50" -v n="$name" 'BEGIN { printf "server_dashboard_%s_page_vs_sql_p50 %.2f ratio\n", n, a / b }'
  awk -v a="$p95" -v b="$s95" -v n="$name" 'BEGIN { printf "server_dashboard_%s_page_vs_sql_p95 %.2f ratio\n", n, a / b }'
  # The same statements with every one prepared (the server prepares its most frequent ones, PreparedText): what
  # the page's SQL costs at best, and the page against that.
  pgbench_ms 32 20 "$sql" prepared
  count=$(wc -l <"$work/sql.ms")
  s50=$(sed -n "$(((count + 1) / 2))p" "$work/sql.ms")
  s95=$(sed -n "$(((count * 95 + 99) / 100))p" "$work/sql.ms")
  echo "server_dashboard_${name}_sql_prepared_p50_32_clients $s50 ms"
  echo "server_dashboard_${name}_sql_prepared_p95_32_clients $s95 ms"
  awk -v a="$p95" -v b="$s95" -v n="$name" \
    'BEGIN { printf "server_dashboard_%s_page_vs_sql_prepared_p95 %.2f ratio\n", n, a / b }'
}

bench participants "/participants?site=dash&sort=last&order=desc"
bench participant "/sites/dash/participants/B0001"
bench overview "/"
