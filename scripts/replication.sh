#!/usr/bin/env bash
# Two MariaDB servers on loopback for the read-replica tests, replicating with MariaDB's own
# replication: a primary on 127.0.0.1:3307 (binary log) and a read-only replica on
# 127.0.0.1:3308 following it by GTID. Both keep their data under $REPLICATION_DIR.
#
#   scripts/replication.sh start    start both (if not running) and print the URLs to use
#   scripts/replication.sh stop     stop both
#
# The app connects as calendar/calendar to the database calendar_replicas; the tests pause and
# resume the replica as calendar_admin. Run as root (the servers run as the mysql user).
set -euo pipefail

dir=${REPLICATION_DIR:-/tmp/calendar-replication}
primary_port=${REPLICATION_PRIMARY_PORT:-3307}
replica_port=${REPLICATION_REPLICA_PORT:-3308}
database=calendar_replicas

sql() { mariadb --no-defaults --user=root --socket="$dir/$1.sock" --batch --skip-column-names -e "$2"; }
running() { mariadb_running "$dir/$1.sock"; }
# shellcheck source=lib/mariadb-server.sh
. "$(dirname "$0")/lib/mariadb-server.sh"

# start_server NAME PORT SERVER_ID [extra mariadbd options...]
start_server() {
  local name=$1 port=$2 id=$3
  shift 3
  start_mariadb "$dir" "$name" "$port" --server-id="$id" "$@"
}

start() {
  mkdir -p "$dir"
  start_server primary "$primary_port" 1 --log-bin=primary-bin --binlog-format=ROW
  sql primary "
    DROP USER IF EXISTS ''@'localhost';
    DROP USER IF EXISTS ''@'$(hostname)';
    CREATE DATABASE IF NOT EXISTS $database CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
    CREATE USER IF NOT EXISTS 'calendar'@'%' IDENTIFIED BY 'calendar';
    GRANT ALL PRIVILEGES ON $database.* TO 'calendar'@'%';
    CREATE USER IF NOT EXISTS 'calendar_admin'@'%' IDENTIFIED BY 'calendar_admin';
    GRANT ALL PRIVILEGES ON *.* TO 'calendar_admin'@'%';
    CREATE USER IF NOT EXISTS 'repl'@'%' IDENTIFIED BY 'repl';
    GRANT REPLICATION SLAVE ON *.* TO 'repl'@'%';"
  start_server replica "$replica_port" 2 --read-only=ON --relay-log=replica-relay
  if [ -z "$(sql replica "SHOW SLAVE STATUS")" ]; then
    # Everything the primary logged since it first started (users, database) replays here.
    sql replica "
      CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=$primary_port,
        MASTER_USER='repl', MASTER_PASSWORD='repl', MASTER_USE_GTID=slave_pos;
      START SLAVE;"
  fi
  sql replica "START SLAVE" >/dev/null 2>&1 || true
  local position
  position=$(sql primary "SELECT @@gtid_binlog_pos")
  if [ "$(sql replica "SELECT MASTER_GTID_WAIT('$position', 30)")" != "0" ]; then
    echo "replication: the replica did not catch up; see SHOW SLAVE STATUS on $dir/replica.sock" >&2
    return 1
  fi
  echo "REPLICATION_PRIMARY_URL=mysql://calendar:calendar@127.0.0.1:$primary_port/$database"
  echo "REPLICATION_REPLICA_URL=mysql://calendar:calendar@127.0.0.1:$replica_port/$database"
  echo "REPLICATION_ADMIN_URL=mysql://calendar_admin:calendar_admin@127.0.0.1:$replica_port/$database"
}

stop() {
  for name in replica primary; do
    if running "$name"; then
      mysqladmin --no-defaults --user=root --socket="$dir/$name.sock" shutdown
    fi
  done
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
