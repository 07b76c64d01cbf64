#!/usr/bin/env bash
# Replays docker/Dockerfile on this machine, which has no Docker engine: the build stage in a
# scratch copy of the sources (npm ci, build, prune to production dependencies), the runtime
# stage's files and user (tini, the unprivileged node user), then runs what the image and
# docker-compose.yml run: the migration job against MariaDB, the service under tini with the
# HEALTHCHECK command, and a SIGTERM. Needs root (apt-get, useradd, setpriv) and MariaDB on
# 127.0.0.1:3306. Exits non-zero at the first step that fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
port=${SMOKE_PORT:-3998}
database=calendar_container
service_pid=
# A step that fails leaves the service running: stop it as `docker stop` would (SIGTERM to tini,
# which passes it on), then kill what is left, tini's child first (a SIGKILL to tini alone would
# leave the service holding the port for the next run).
cleanup() {
  if [ -n "$service_pid" ]; then
    kill -TERM "$service_pid" 2>/dev/null || true
    for _ in $(seq 1 20); do
      kill -0 "$service_pid" 2>/dev/null || break
      sleep 0.25
    done
    pkill -KILL -P "$service_pid" 2>/dev/null || true
    kill -KILL "$service_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
step() { echo "-- $*"; }
die() {
  echo "container smoke: $*" >&2
  exit 1
}

# The image's Node: the base image brings Node 24; here the project's own copy of the same
# major (the `node` development dependency) stands in for it, first on PATH for every step.
[ -x "$root/node_modules/node/bin/node" ] || die "no Node 24 in node_modules (run npm ci first)"
mkdir "$work/node-bin"
cp "$root/node_modules/node/bin/node" "$work/node-bin/node"
chmod 755 "$work" "$work/node-bin"
export PATH="$work/node-bin:$PATH"
step "image Node $(node --version)"

step "build stage: npm ci, npm run build, npm prune --omit=dev"
mkdir "$work/build"
cp "$root"/{package.json,package-lock.json,tsconfig.json,tsconfig.build.json,nest-cli.json} "$work/build/"
cp -r "$root/src" "$work/build/src"
(
  cd "$work/build"
  npm ci --no-audit --no-fund >"$work/npm-ci.log" 2>&1 || die "npm ci (see the log above)"
  npm run build >/dev/null
  npm prune --omit=dev --no-audit --no-fund >/dev/null
)

step "runtime stage: tini, the node user, package.json + node_modules + dist, a writable data/"
command -v tini >/dev/null ||
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends tini >/dev/null
id node >/dev/null 2>&1 || useradd --system --user-group --no-create-home node
app="$work/app"
mkdir -p "$app/data"
cp -a "$work/build/package.json" "$work/build/node_modules" "$work/build/dist" "$app/"
chown -R node:node "$app"
chmod 755 "$work"
# (typescript and ts-node stay: npm keeps an optional peer of typeorm that is installed.)
for dev in jest @nestjs/cli eslint prettier playwright-core @redocly/cli openapi-typescript; do
  [ ! -e "$app/node_modules/$dev" ] || die "development dependency $dev is in the runtime image"
done

# The image's user and environment: setpriv and env exec, so what they run keeps their PID.
as_image=(setpriv --reuid=node --regid=node --init-groups env -i PATH="$PATH" NODE_ENV=production
  PORT="$port" SQLITE_PATH="$app/data/calendar.sqlite" SHUTDOWN_GRACE_MS=500
  NODE_OPTIONS="--max-semi-space-size=8 --max-old-space-size=512"
  MALLOC_MMAP_THRESHOLD_=131072 MALLOC_ARENA_MAX=2)

# Runs a command in the image's working directory, as its user, with its environment.
as_image() { (cd "$app" && exec "${as_image[@]}" "$@"); }

# Starts the service under tini as the image's ENTRYPOINT and CMD do (this shell's child is
# tini itself, as PID 1 is in the container), and waits until the HEALTHCHECK command passes.
start_service() {
  if curl -s -o /dev/null "http://127.0.0.1:$port/"; then die "port $port is taken already"; fi
  (cd "$app" && exec "${as_image[@]}" "$@" /usr/bin/tini -- node dist/main.js) \
    >"$work/service.log" 2>&1 &
  service_pid=$!
  for _ in $(seq 1 60); do
    if as_image node dist/health/probe.js /health/live; then return 0; fi
    kill -0 "$service_pid" 2>/dev/null || break
    sleep 0.5
  done
  cat "$work/service.log" >&2
  die "the HEALTHCHECK command never passed"
}

# Sends SIGTERM to tini (as `docker stop` does) and expects the service to stop by it.
stop_service() {
  kill -TERM "$service_pid"
  local status=0
  wait "$service_pid" || status=$?
  service_pid=
  [ "$status" -eq 143 ] || die "stopping with SIGTERM ended with $status, not 143 (128 + SIGTERM)"
}

expect_status() {
  local expected=$1 url=$2 got
  got=$(curl -s -o /dev/null -w '%{http_code}' "$url")
  [ "$got" = "$expected" ] || die "$url answered $got, not $expected"
}

step "migration job (docker-compose.yml's migrate) against MariaDB"
mysql --user=root -e "DROP DATABASE IF EXISTS $database;
  CREATE DATABASE $database CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;"
mysql_url="mysql://root@127.0.0.1:3306/$database"
migrations=$(find "$root/src/database/migrations/mysql" -name '*.ts' | wc -l)
as_image DATABASE_URL="$mysql_url" node dist/database/migrate.js | grep -q "\"applied $migrations migration(s)\"" ||
  die "the migration job did not apply the migrations"
as_image DATABASE_URL="$mysql_url" node dist/database/migrate.js | grep -q 'the schema is current' ||
  die "the migration job is not idempotent"

step "service on MySQL under tini: HEALTHCHECK, readiness, a read, a refused write, SIGTERM"
start_service DATABASE_URL="$mysql_url"
expect_status 200 "http://127.0.0.1:$port/health/ready"
expect_status 200 "http://127.0.0.1:$port/calendar/events/v1/events"
# The image's memory settings (the Dockerfile's ENV, replayed above) reach V8.
grep -q '"heapLimitMiB":536' "$work/service.log" || die "the service does not run with a 536 MiB heap limit"
grep -q 'NODE_OPTIONS="--max-semi-space-size=8 --max-old-space-size=512"' "$root/docker/Dockerfile" ||
  die "the Dockerfile's NODE_OPTIONS differ from the ones replayed here"
got=$(curl -s -o /dev/null -w '%{http_code}' -X POST -d 'title=x&start_date=tomorrow&end_date=tomorrow' \
  "http://127.0.0.1:$port/calendar/events/v1/events")
[ "$got" = 401 ] || die "a write without a token answered $got, not 401"
stop_service

step "service on the image's default SQLite file in data/"
start_service
expect_status 200 "http://127.0.0.1:$port/calendar/events/v1/events"
[ -e "$app/data/calendar.sqlite" ] || die "no SQLite file in data/"
stop_service

mysql --user=root -e "DROP DATABASE IF EXISTS $database;"
echo "container smoke: every step of docker/Dockerfile and docker-compose.yml ran"
