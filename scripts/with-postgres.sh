#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL 15 cluster on loopback, and always stops the cluster.
# Usage: scripts/with-postgres.sh <command...>   (the command sees TEST_DATABASE_URL)
set -euo pipefail
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
PORT=${PG_PORT:-54329}
if [ ! -x "$PG_BIN/initdb" ]; then
  echo "PostgreSQL 15 binaries not found in $PG_BIN. Install them: apt-get install -y postgresql-15" >&2
  exit 1
fi
DIR=$(mktemp -d /tmp/zg-pg.XXXXXX)
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$DIR"; fi
cleanup() {
  as_pg "$PG_BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT
as_pg "$PG_BIN/initdb" -D "$DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
as_pg "$PG_BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$DIR -c fsync=off -c max_connections=200" start >/dev/null
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
"$@"
