#!/usr/bin/env bash
# Start Debian's PostgreSQL (as root) with a test database, and print its URL.
# Prints nothing, and fails, where PostgreSQL is not installed or we are not root.
set -euo pipefail
command -v pg_lsclusters >/dev/null || { echo "PostgreSQL is not installed" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "Starting PostgreSQL here needs root" >&2; exit 1; }
cluster=$(pg_lsclusters --no-header | head -n 1)
if [ -z "$cluster" ]; then
  version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
  pg_createcluster "$version" main >/dev/null
  cluster=$(pg_lsclusters --no-header | head -n 1)
fi
read -r version name port status _ <<<"$cluster"
# Only the URL may go to stdout: pg_ctlcluster prints notes such as "Removed
# stale pid file." that would otherwise end up inside TEST_DATABASE_URL.
[ "$status" = online ] || pg_ctlcluster "$version" "$name" start >&2
psql_() { su postgres -c "psql -p $port -qtAX -c \"$1\"" ; }
for _ in $(seq 1 30); do psql_ "select 1" >/dev/null 2>&1 && break; sleep 1; done
[ "$(psql_ "select 1 from pg_roles where rolname='companion'")" = 1 ] ||
  psql_ "create role companion login password 'companion'" >/dev/null
[ "$(psql_ "select 1 from pg_database where datname='companion_test'")" = 1 ] ||
  psql_ "create database companion_test owner companion" >/dev/null
echo "postgresql://companion:companion@127.0.0.1:$port/companion_test"
