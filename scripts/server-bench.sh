#!/usr/bin/env bash
# make bench's study-server lines: sync ingest of 1,000,000 trial rows (1,000 sessions) through the API against
# PostgreSQL's COPY of the same rows, the export of those rows (rows/s, peak memory), and a home machine offline for
# 30 days (100 sessions) syncing with the root package's `soundsafari`, and (last) the dashboard's participants page (wrk) against
# its SQL (pgbench): scripts/dashboard-bench.sh. A throwaway cluster (Unix socket only, fsync on).
# SERVER_BENCH_SESSIONS=N makes the ingest smaller (N sessions of 1,000 rows); SERVER_BENCH_CONFIG=debug uses debug builds.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$(pwd)
config=${SERVER_BENCH_CONFIG:-release}
(cd Server && swift build -c "$config" --product soundsafari-server >/dev/null &&
  swift build -c "$config" --product soundsafari-server-bench >/dev/null)
release="$(cd Server && swift build -c "$config" --show-bin-path)"
server="$release/soundsafari-server"
bench="$release/soundsafari-server-bench"
sample=$(ls -d "$checkout"/Examples/sample-session/P07/*/ | head -1)
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "error: PostgreSQL is not installed: run scripts/install-deps.sh first." >&2; exit 1; }

work=$(mktemp -d)
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  as_owner=(runuser -u postgres --)
  chmod 755 "$work"
  mkdir -m 700 "$work/pg" && chown postgres:postgres "$work/pg"
else
  mkdir -m 700 "$work/pg"
fi
served=""
stop() {
  [ -n "$served" ] && kill "$served" 2>/dev/null
  "${as_owner[@]}" "$bin/pg_ctl" -D "$work/pg/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap stop EXIT
"${as_owner[@]}" "$bin/initdb" -D "$work/pg/data" -U postgres --auth=trust -E UTF8 --locale=C >/dev/null
"${as_owner[@]}" "$bin/pg_ctl" -D "$work/pg/data" -l "$work/pg/log" -w \
  -o "-c listen_addresses='' -c unix_socket_directories='$work/pg'" start >/dev/null
"$bin/psql" -X -q -h "$work/pg" -U postgres -c "CREATE DATABASE bench"
url="postgres://postgres@/bench?host=$work/pg"

"$bench" --sample-session "$sample" --database-url "$url" --psql "$bin/psql" \
  --sessions "${SERVER_BENCH_SESSIONS:-1000}" --trials 1000 2>"$work/bench.log" ||
  { echo "error: soundsafari-server-bench failed; its log:" >&2; cat "$work/bench.log" >&2; exit 1; }

/usr/bin/time -f "%e %M" -o "$work/export.time" "$server" export --out "$work/export" --database-url "$url" >/dev/null
read -r seconds kib <"$work/export.time"
rows=$(($(wc -l <"$work/export/trials.csv") - 1))
awk -v r="$rows" -v s="$seconds" 'BEGIN { printf "server_export_trial_rows %.0f rows/s\n", r / (s > 0 ? s : 0.01) }'
echo "server_export_peak_rss $((kib / 1024)) MiB"

# The home machine syncs with the game's own `soundsafari` of the same configuration (`make bench` built the root
# package in release already, so this build only checks that it is current).
swift build -c "$config" --product soundsafari >/dev/null
game="$(swift build -c "$config" --show-bin-path)/soundsafari"
"$bench" --sample-session "$sample" --write-logs "$work/home" --sessions 100
"$server" site add home --database-url "$url" >/dev/null
"$server" serve --host 127.0.0.1 --port 18181 --database-url "$url" >"$work/serve.log" 2>&1 &
served=$!
# Ready once the port accepts a connection (bash's /dev/tcp: no curl needed).
for _ in $(seq 100); do (exec 3<>/dev/tcp/127.0.0.1/18181) 2>/dev/null && break; sleep 0.1; done
code=$("$server" device enrol --site home --database-url "$url" | sed -n 's/.*: \([A-Z0-9-]*\) (valid.*/\1/p')
export XDG_CONFIG_HOME="$work/home-config"
"$game" sync --server http://127.0.0.1:18181 --enrol "$code" --name home >/dev/null
start=$(date +%s.%N)
summary=$("$game" sync --logs "$work/home")
end=$(date +%s.%N)
echo "$summary" >&2
awk -v a="$start" -v b="$end" 'BEGIN { printf "server_sync_home_30_days_100_sessions %.2f s\n", b - a }'
kill "$served" && wait "$served" 2>/dev/null || true
served=""

# Last, as its lines are the dashboard's: it adds its own site of 1,000 participants to the same cluster.
bash scripts/dashboard-bench.sh "$url" "$server" "$bin" "$work/pg" "$work" "$work/pg/log"
