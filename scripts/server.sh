#!/usr/bin/env bash
# make server: a PostgreSQL cluster in .server-data/ of the checkout (Unix socket only, no TCP), migrated, a first
# admin (password printed once), then soundsafari-server on http://127.0.0.1:8080. As root PostgreSQL runs as `postgres`.
set -euo pipefail
cd "$(dirname "$0")/.."
data="$(pwd)/.server-data"
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "error: PostgreSQL is not installed: run scripts/install-deps.sh first." >&2; exit 1; }

as_owner=()
mkdir -p "$data"
chmod 700 "$data"
if [ "$(id -u)" -eq 0 ]; then
  # PostgreSQL refuses to run as root: the cluster belongs to the postgres user, who must reach the folder.
  as_owner=(runuser -u postgres --)
  chown postgres:postgres "$data"
  "${as_owner[@]}" test -w "$data" || {
    echo "error: the postgres user cannot reach $data: put the checkout where others may enter, or run as a normal user." >&2
    exit 1
  }
fi

if [ ! -f "$data/pgdata/PG_VERSION" ]; then
  "${as_owner[@]}" "$bin/initdb" -D "$data/pgdata" -U postgres --auth=trust -E UTF8 --locale=C >"$data/initdb.log"
fi
if ! "${as_owner[@]}" "$bin/pg_ctl" -D "$data/pgdata" status >/dev/null 2>&1; then
  # Unix socket in the owner-only folder only: listen_addresses='' opens no TCP port at all.
  "${as_owner[@]}" "$bin/pg_ctl" -D "$data/pgdata" -l "$data/postgresql.log" -w \
    -o "-c listen_addresses='' -c unix_socket_directories='$data'" start >/dev/null
fi

(cd Server && swift build --product soundsafari-server)
server="$(cd Server && swift build --show-bin-path)/soundsafari-server"
# The roles (docs/SERVER.md, "The database's roles") and the database, as PostgreSQL's superuser: soundsafari_migrate
# owns the database and every table and applies the migrations; the server logs in as soundsafari, a member of
# soundsafari_server, which reads and writes the tables but only reads and appends the audit trail. Not being its
# owner, it cannot disable the audit's triggers. A cluster made before (soundsafari owned everything) is handed over.
"$server" set-up --database-url "postgres://postgres@/soundsafari?host=$data"
echo "postgres://soundsafari@/soundsafari?host=$data" >"$data/database-url"
if [ -z "$("$server" user list)" ]; then
  echo "Creating the first admin, named admin:"
  "$server" user add --name admin --role admin
fi
echo "Serving on http://127.0.0.1:8080 (the API under /api/v1/, its description at /api/v1/openapi.json). Ctrl-C stops it;"
echo "the database keeps running (stop it with: ${as_owner[*]} $bin/pg_ctl -D $data/pgdata stop)."
exec "$server" serve --host 127.0.0.1 --port 8080
