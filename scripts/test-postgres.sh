#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on loopback for the API tests and prints its URL.
# Installs Debian's postgresql package when missing (as root). Usage: eval "$(scripts/test-postgres.sh)"
set -euo pipefail
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  if [[ $(id -u) -ne 0 ]]; then
    echo "PostgreSQL is missing: sudo apt-get install -y postgresql" >&2
    exit 1
  fi
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
dir=$(mktemp -d /tmp/storefront-pg.XXXXXX)
port=${TEST_PG_PORT:-54329}
# Take the next port when that one is busy (for example a cluster left over from an earlier run).
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
run=()
if [[ $(id -u) -eq 0 ]]; then
  chown postgres:postgres "$dir"
  run=(runuser -u postgres --)
fi
"${run[@]}" "$bin/initdb" -D "$dir/data" -U storefront --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
"${run[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" -w start >/dev/null
"${run[@]}" "$bin/createdb" -h 127.0.0.1 -p "$port" -U storefront storefront_test
echo "export TEST_DATABASE_URL=postgres://storefront@127.0.0.1:$port/storefront_test"
echo "export TEST_PG_DIR=$dir"
echo "export TEST_PG_BIN=$bin"
