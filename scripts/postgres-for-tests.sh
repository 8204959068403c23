#!/usr/bin/env bash
# Starts a PostgreSQL server of its own for the class hub's tests, from Debian's package as an
# admin would run one: a new cluster in /tmp/eartrainer-postgres-PORT (initdb; trust, for
# connections from this machine only), listening on 127.0.0.1:PORT, as the postgres user (the
# server refuses root). Prints the address the tests take in ET_HUB_POSTGRES
# (`postgresql://postgres@127.0.0.1:PORT`); `stop` stops it and removes the cluster.
#
#   scripts/postgres-for-tests.sh start [PORT]     (default port 55432)
#   scripts/postgres-for-tests.sh stop [PORT]
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "postgres-for-tests: no /usr/lib/postgresql/*/bin: install Debian's postgresql (scripts/install-deps.sh)" >&2; exit 1; }
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
port=${2:-55432}
dir=/tmp/eartrainer-postgres-$port
case ${1:-} in
  start)
    [ -f "$dir/data/postmaster.pid" ] && as_postgres "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$dir" && mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_postgres "$bin/initdb" -D "$dir/data" -A trust -U postgres --no-sync >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    # The tests make and drop a database each; durability is not what they test.
    as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
      start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    echo "postgresql://postgres@127.0.0.1:$port"
    ;;
  stop)
    as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start [PORT] | stop [PORT]" >&2
    exit 64
    ;;
esac
