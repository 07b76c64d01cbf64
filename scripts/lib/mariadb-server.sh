# Shared by scripts/replication.sh and scripts/mariadb-fault.sh (sourced, not run): a MariaDB
# server of a test's own under a folder, as the mysql user, on loopback.

# mariadb_running SOCKET: whether the server on that socket answers.
mariadb_running() { mysqladmin --no-defaults --user=root --socket="$1" --silent ping >/dev/null 2>&1; }

# start_mariadb DIR NAME PORT [extra mariadbd options...]
# Starts the server NAME with its data in DIR/NAME (installed the first time), its socket at
# DIR/NAME.sock, pid file DIR/NAME.pid and error log DIR/NAME.err, and waits up to 30 s for it.
start_mariadb() {
  local dir=$1 name=$2 port=$3
  shift 3
  mariadb_running "$dir/$name.sock" && return 0
  mkdir -p "$dir"
  if [ ! -d "$dir/$name/mysql" ]; then
    mkdir -p "$dir/$name"
    chown mysql:mysql "$dir" "$dir/$name"
    mariadb-install-db --no-defaults --user=mysql --datadir="$dir/$name" >"$dir/$name.install.log" 2>&1
  fi
  setsid /usr/sbin/mariadbd --no-defaults --user=mysql --datadir="$dir/$name" \
    --port="$port" --bind-address=127.0.0.1 --socket="$dir/$name.sock" \
    --pid-file="$dir/$name.pid" --log-error="$dir/$name.err" \
    --skip-name-resolve --character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_ci "$@" \
    </dev/null >/dev/null 2>&1 &
  for _ in $(seq 1 120); do mariadb_running "$dir/$name.sock" && return 0; sleep 0.25; done
  echo "$name did not start; see $dir/$name.err" >&2
  return 1
}
