#!/usr/bin/env bash
# A MariaDB server of its own on 127.0.0.1:3309 for the database fault tests, which kill it
# under load and start it again on the same data. Its data lives under $FAULT_DIR (scripts/lib/mariadb-server.sh starts it).
#
#   scripts/mariadb-fault.sh start   start it (installing its data directory the first time) and
#                                    print FAULT_DATABASE_URL=...
#   scripts/mariadb-fault.sh kill    SIGKILL the server, as a crash or an OOM kill would
#   scripts/mariadb-fault.sh stop    shut it down and remove its data
#   scripts/mariadb-fault.sh hold-commits
#                                    hold MariaDB's backup lock at BLOCK_COMMIT (statements run,
#                                    every COMMIT waits), print "held", and keep it until killed
#   scripts/mariadb-fault.sh commits-waiting
#                                    print how many connections wait in COMMIT
#
# The app connects as calendar/calendar to the database calendar_faults. Run as root (the
# server runs as the mysql user).
set -euo pipefail

dir=${FAULT_DIR:-/tmp/calendar-faults}
port=${FAULT_PORT:-3309}
database=calendar_faults

# shellcheck source=lib/mariadb-server.sh
. "$(dirname "$0")/lib/mariadb-server.sh"
running() { mariadb_running "$dir/server.sock"; }

start() {
  start_mariadb "$dir" server "$port" || return 1
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

root_sql() { mariadb --no-defaults --user=root --socket="$dir/server.sock" "$@"; }

case "${1:-}" in
  start) start ;;
  kill) kill_server ;;
  stop) stop ;;
  hold-commits)
    exec mariadb --no-defaults --user=root --socket="$dir/server.sock" --unbuffered -N -e "
      BACKUP STAGE START; BACKUP STAGE FLUSH; BACKUP STAGE BLOCK_DDL; BACKUP STAGE BLOCK_COMMIT;
      SELECT 'held'; SELECT SLEEP(120); BACKUP STAGE END;"
    ;;
  commits-waiting)
    root_sql -N -e "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO = 'COMMIT'"
    ;;
  *)
    echo "usage: $0 start|kill|stop|hold-commits|commits-waiting" >&2
    exit 2
    ;;
esac
