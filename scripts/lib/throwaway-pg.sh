# A throwaway PostgreSQL cluster for one test run: start_throwaway_pg exports
# TEST_DATABASE_URL (superuser, trust on loopback) and stop_throwaway_pg removes
# it all. As root the server runs as the postgres user, as it must.
PG_TMP=
PG_BIN=

pg_run() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_throwaway_pg() {
  PG_BIN="$(pg_bindir)"
  [ -n "$PG_BIN" ] || die "PostgreSQL server binaries not found"
  PG_TMP="$(mktemp -d /tmp/pleat-test-pg.XXXXXX)"
  chmod 755 "$PG_TMP"
  [ "$(id -u)" = 0 ] && chown postgres: "$PG_TMP"
  local port
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
  pg_run "$PG_BIN/initdb" -D "$PG_TMP/data" -U postgres -E UTF8 --locale=C --auth=trust >"$PG_TMP/initdb.log" 2>&1 \
    || { cat "$PG_TMP/initdb.log"; die "initdb failed"; }
  pg_run "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -l "$PG_TMP/server.log" -w -t 60 \
    -o "-p $port -k $PG_TMP -c listen_addresses=127.0.0.1 -c max_connections=300 -c wal_level=logical -c max_replication_slots=100 -c max_wal_senders=100 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null || { cat "$PG_TMP/server.log"; die "the test PostgreSQL did not start"; }
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  say "test PostgreSQL on port $port ($PG_TMP)"
}

stop_throwaway_pg() {
  [ -n "$PG_TMP" ] || return 0
  pg_run "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$PG_TMP"
  PG_TMP=
}
