#!/usr/bin/env bash
# A MariaDB server of its own on 127.0.0.1:3309 for the database fault tests, which kill it
# under load and start it again on the same data. Its data lives under $FAULT_DIR.
#
#   scripts/mariadb-fault.sh start   start it (installing its data directory the first time) and
#                                    print FAULT_DATABASE_URL=...
#   scripts/mariadb-fault.sh kill    SIGKILL the server, as a crash or an OOM kill would
#   scripts/mariadb-fault.sh stop    shut it down and remove its data
#
# The app connects as calendar/calendar to the database calendar_faults. Run as root (the
# server runs as the mysql user).
set -euo pipefail

dir=${FAULT_DIR:-/tmp/calendar-faults}
port=${FAULT_PORT:-3309}
database=calendar_faults

running() { mysqladmin --no-defaults --user=root --socket="$dir/server.sock" --silent ping >/dev/null 2>&1; }

start() {
  mkdir -p "$dir"
  if ! running; then
    if [ ! -d "$dir/data/mysql" ]; then
      mkdir -p "$dir/data"
      chown mysql:mysql "$dir" "$dir/data"
      mariadb-install-db --no-defaults --user=mysql --datadir="$dir/data" >"$dir/install.log" 2>&1
    fi
    setsid /usr/sbin/mariadbd --no-defaults --user=mysql --datadir="$dir/data" \
      --port="$port" --bind-address=127.0.0.1 --socket="$dir/server.sock" \
      --pid-file="$dir/server.pid" --log-error="$dir/server.err" \
      --skip-name-resolve --character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_ci \
      </dev/null >/dev/null 2>&1 &
    for _ in $(seq 1 120); do running && break; sleep 0.25; done
    running || { echo "mariadb-fault: the server did not start; see $dir/server.err" >&2; return 1; }
  fi
  mariadb --no-defaults --user=root --socket="$dir/server.sock" -e "
    CREATE DATABASE IF NOT EXISTS $database CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
    CREATE USER IF NOT EXISTS 'calendar'@'%' IDENTIFIED BY 'calendar';
    GRANT ALL PRIVILEGES ON $database.* TO 'calendar'@'%';"
  echo "FAULT_DATABASE_URL=mysql://calendar:calendar@127.0.0.1:$port/$database"
}

kill_server() {
  if [ -f "$dir/server.pid" ]; then
    kill -KILL "$(cat "$dir/server.pid")" 2>/dev/null || true
    for _ in $(seq 1 40); do running || break; sleep 0.05; done
    rm -f "$dir/server.pid"
  fi
}

stop() {
  if running; then mysqladmin --no-defaults --user=root --socket="$dir/server.sock" shutdown || kill_server; fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  kill) kill_server ;;
  stop) stop ;;
  *)
    echo "usage: $0 start|kill|stop" >&2
    exit 2
    ;;
esac
