#!/usr/bin/env bash
# A whole deployment on one machine, each part as it would run on its own machine:
#
#   HAProxy (CLUSTER_LB_PORT, health check GET /api/readyz)
#     -> CLUSTER_API_COUNT API servers (apps/server/dist/server.js, ports CLUSTER_API_PORT_BASE + i)
#       -> PostgreSQL primary + hot standby, kept by pg_auto_failover (keepers and a monitor),
#          synchronous commit to the standby, automatic failover.
#
#   npm run cluster            start (build, install missing packages, initialise, seed once)
#   npm run cluster -- stop    stop everything (the data stays in CLUSTER_DIR)
#   npm run cluster -- status  pg_auto_failover's view of the nodes and the processes' ids
#   npm run cluster -- destroy stop, then delete CLUSTER_DIR
#
# The API servers find the writer themselves from a multi-host DATABASE_URL
# (postgres://...@node1,node2/restaurant?target_session_attrs=read-write, apps/server/src/db/multi-host.ts),
# so a failover needs no restart of theirs. docs/scaling.md "Several machines" maps each part onto
# its own host. Environment (defaults in brackets):
#   CLUSTER_DIR [/tmp/ra-cluster]  CLUSTER_LB_PORT [8080]  CLUSTER_API_COUNT [3]
#   CLUSTER_API_PORT_BASE [8081]   CLUSTER_PG_PORT_BASE [5440: monitor, +1 and +2 the nodes]
#   CLUSTER_SEED_DAYS [7] (demo data on first start; 0 for none)  CLUSTER_BUILD [1]
#   CLUSTER_FAST_FAILOVER [1]: the monitor's health checks every second instead of every 5 s.
#   CLUSTER_REPLICA_READS [1]: report reads from the standby (DATABASE_REPLICA_URL); 0 for none.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

DIR=${CLUSTER_DIR:-/tmp/ra-cluster}
LB_PORT=${CLUSTER_LB_PORT:-8080}
API_COUNT=${CLUSTER_API_COUNT:-3}
API_BASE=${CLUSTER_API_PORT_BASE:-8081}
PG_BASE=${CLUSTER_PG_PORT_BASE:-5440}
MON_PORT=$PG_BASE
NODE_PORTS=($((PG_BASE + 1)) $((PG_BASE + 2)))
SEED_DAYS=${CLUSTER_SEED_DAYS:-7}
DB=restaurant
PGUSER_RUN=postgres

# In CLUSTER_DIR (the postgres user's), not the checkout, which that user may not be allowed to read
# (a clone under /root): pg_autoctl and PostgreSQL's tools stop in a working folder they cannot open.
as_pg() { runuser -u "$PGUSER_RUN" -- env -C "$DIR" XDG_CONFIG_HOME="$DIR/xdg/config" XDG_DATA_HOME="$DIR/xdg/data" \
  XDG_RUNTIME_DIR="$DIR/xdg/run" PATH="$PGBIN:$PATH" "$@"; }
pid_alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }
database_url() {
  local hosts=""
  for p in "${NODE_PORTS[@]}"; do hosts+="${hosts:+,}127.0.0.1:$p"; done
  echo "postgres://postgres@$hosts/$DB?target_session_attrs=${1:-read-write}"
}

install_missing() {
  # The PostgreSQL whose pg_auto_failover extension is installed; else the newest PostgreSQL installed
  # (Debian builds postgresql-N-auto-failover for its own N: 15 in Debian 12); else 15.
  local major
  major=$(ls /usr/share/postgresql/*/extension/pgautofailover.control 2>/dev/null | sed -E 's|.*/postgresql/([0-9]+)/.*|\1|' | sort -n | tail -n 1)
  [ -n "$major" ] || major=$(ls -d /usr/lib/postgresql/*/bin/postgres 2>/dev/null | sed -E 's|.*/postgresql/([0-9]+)/.*|\1|' | sort -n | tail -n 1)
  [ -n "$major" ] || major=15
  local need=()
  command -v haproxy >/dev/null 2>&1 || need+=(haproxy)
  [ -x "/usr/lib/postgresql/$major/bin/postgres" ] || need+=("postgresql-$major")
  { command -v pg_autoctl >/dev/null 2>&1 && [ -f "/usr/share/postgresql/$major/extension/pgautofailover.control" ]; } ||
    need+=("postgresql-$major-auto-failover")
  if [ ${#need[@]} -gt 0 ]; then
    echo "cluster: installing ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${need[@]}" >/dev/null
  fi
  PGBIN=/usr/lib/postgresql/$major/bin
}

stop_all() {
  for f in "$DIR"/run/haproxy.pid "$DIR"/run/api-*.pid; do
    [ -f "$f" ] || continue
    # Only if it is still ours: the drill kills API servers with -9, so a pid file may be stale.
    ps -o args= -p "$(cat "$f")" 2>/dev/null | grep -qE 'haproxy|server\.js' && kill "$(cat "$f")" 2>/dev/null || true
    rm -f "$f"
  done
  # Standbys first, then the primary, then the monitor: pg_autoctl stops its own PostgreSQL.
  for name in node2 node1 monitor; do
    [ -d "$DIR/$name" ] || continue
    as_pg pg_autoctl stop --pgdata "$DIR/$name" >/dev/null 2>&1 || true
  done
  for name in node2 node1 monitor; do
    for _ in $(seq 1 40); do
      [ -f "$DIR/$name/postmaster.pid" ] || break
      sleep 0.25
    done
    rm -f "$DIR/run/keeper-$name.pid"
  done
  echo "cluster: stopped (data kept in $DIR)"
}

start_keeper() { # name: runs `pg_autoctl run` for an initialised node or monitor, in the background
  local name=$1
  pid_alive "$DIR/run/keeper-$name.pid" && return 0
  as_pg bash -c "nohup pg_autoctl run --pgdata '$DIR/$name' >>'$DIR/log/$name.log' 2>&1 & echo \$! >'$DIR/run/keeper-$name.pid'"
}

monitor_sql() { "$PGBIN/psql" -qAtX "postgres://autoctl_node@127.0.0.1:$MON_PORT/pg_auto_failover" -c "$1"; }
monitor_admin() { "$PGBIN/psql" -qAtX "postgres://postgres@127.0.0.1:$MON_PORT/pg_auto_failover" -c "$1"; }

wait_for() { # seconds description command...
  local seconds=$1 what=$2
  shift 2
  for _ in $(seq 1 $((seconds * 4))); do
    "$@" >/dev/null 2>&1 && return 0
    sleep 0.25
  done
  echo "cluster: $what did not happen within $seconds s (logs in $DIR/log)" >&2
  return 1
}

start_database() {
  mkdir -p "$DIR"/{run,log,xdg/config,xdg/data,xdg/run}
  touch "$DIR"/log/{monitor,node1,node2}.log
  chown -R "$PGUSER_RUN" "$DIR"
  chmod 700 "$DIR/xdg/run"
  local monitor_uri="postgres://autoctl_node@127.0.0.1:$MON_PORT/pg_auto_failover?sslmode=disable"
  if [ ! -f "$DIR/monitor/PG_VERSION" ]; then
    echo "cluster: creating the pg_auto_failover monitor on port $MON_PORT"
    as_pg pg_autoctl create monitor --pgdata "$DIR/monitor" --pgport "$MON_PORT" --hostname 127.0.0.1 \
      --auth trust --no-ssl --pgctl "$PGBIN/pg_ctl" >>"$DIR/log/monitor.log" 2>&1
  fi
  start_keeper monitor
  wait_for 60 "the monitor starting" monitor_sql 'select 1'
  if [ "${CLUSTER_FAST_FAILOVER:-1}" = 1 ]; then
    # Defaults: a check every 5 s, unhealthy after 20 s. The drill's write gap is mostly this wait.
    monitor_admin "alter system set pgautofailover.health_check_period = 1000" || true
    monitor_admin "alter system set pgautofailover.health_check_timeout = 1000" || true
    monitor_admin "alter system set pgautofailover.health_check_retry_delay = 500" || true
    monitor_admin "alter system set pgautofailover.health_check_max_retries = 1" || true
    monitor_admin "alter system set pgautofailover.node_considered_unhealthy_timeout = 4000" || true
    monitor_admin "select pg_reload_conf()" >/dev/null || true
  fi
  local i=0
  for port in "${NODE_PORTS[@]}"; do
    i=$((i + 1))
    local name="node$i"
    if [ ! -f "$DIR/$name/PG_VERSION" ]; then
      echo "cluster: creating PostgreSQL $name on port $port"
      as_pg pg_autoctl create postgres --pgdata "$DIR/$name" --pgport "$port" --hostname 127.0.0.1 \
        --name "$name" --dbname "$DB" --auth trust --no-ssl --pgctl "$PGBIN/pg_ctl" \
        --monitor "$monitor_uri" >>"$DIR/log/$name.log" 2>&1
    fi
    start_keeper "$name"
    if [ "$i" = 1 ]; then
      wait_for 120 "a node becoming primary" bash -c \
        "[ \"\$($PGBIN/psql -qAtX '$monitor_uri' -c \"select count(*) from pgautofailover.node where reportedstate in ('single', 'wait_primary', 'primary')\")\" -ge 1 ]"
    fi
  done
  # Settled: a primary and a synchronous standby, every node in the state the monitor assigned it.
  wait_for 300 "a primary and a standby in step (pg_autoctl show state)" bash -c \
    "[ \"\$($PGBIN/psql -qAtX '$monitor_uri' -c \"select count(*) from pgautofailover.node where reportedstate = goalstate and reportedstate in ('primary', 'secondary')\")\" -ge ${#NODE_PORTS[@]} ]"
  # Applications connect as postgres from the local network, like the monitor does.
  for i in 1 2; do
    local hba="$DIR/node$i/pg_hba.conf"
    grep -q 'ra-cluster app' "$hba" || {
      echo "host $DB postgres 127.0.0.1/32 trust # ra-cluster app" >>"$hba"
      "$PGBIN/psql" -qAtX "postgres://postgres@127.0.0.1:${NODE_PORTS[$((i - 1))]}/$DB" -c 'select pg_reload_conf()' \
        >/dev/null 2>&1 || true
    }
  done
}

write_haproxy_config() {
  {
    cat <<EOF
# Generated by deploy/cluster.sh from deploy/haproxy.cfg.in; see that file.
EOF
    sed -e "s|@LB_PORT@|$LB_PORT|g" -e "s|@DIR@|$DIR|g" deploy/haproxy.cfg.in
    for i in $(seq 1 "$API_COUNT"); do
      echo "    server api$i 127.0.0.1:$((API_BASE + i - 1)) check"
    done
  } >"$DIR/haproxy.cfg"
}

start_api() {
  [ -f "$DIR/jwt-secret" ] || head -c 48 /dev/urandom | base64 | tr -d '\n/+=' >"$DIR/jwt-secret"
  local url
  url=$(database_url)
  if [ "$SEED_DAYS" != 0 ] && [ ! -f "$DIR/seeded" ]; then
    echo "cluster: adding the demo data ($SEED_DAYS days of orders)"
    # the servers' key: the demo bank account number is stored encrypted with it, as the servers store one
    DATABASE_URL="$url" JWT_SECRET="$(cat "$DIR/jwt-secret")" npm run -s db:seed -- --days "$SEED_DAYS" --seed 1 >>"$DIR/log/seed.log" 2>&1
    touch "$DIR/seeded"
  fi
  for i in $(seq 1 "$API_COUNT"); do
    local port=$((API_BASE + i - 1))
    pid_alive "$DIR/run/api-$i.pid" && continue
    # One DATA_DIR for all: uploaded files must be visible to every server (S3 on real machines).
    # Report, analytics, calendar and export reads go to whichever node is the standby now, within their
    # staleness bounds and after the reader's own writes (apps/server/src/plugins/replica-reads.ts);
    # CLUSTER_REPLICA_READS=0 sends every read to the primary.
    local replica_env=()
    [ "${CLUSTER_REPLICA_READS:-1}" = 1 ] && replica_env=(DATABASE_REPLICA_URL="$(database_url standby)")
    env "${replica_env[@]}" PORT=$port HOST=127.0.0.1 DATABASE_URL="$url" JWT_SECRET="$(cat "$DIR/jwt-secret")" TRUST_PROXY=127.0.0.1 \
      DATA_DIR="$DIR/shared-data" DATABASE_POOL_SIZE="${CLUSTER_POOL_SIZE:-10}" \
      nohup node --enable-source-maps apps/server/dist/server.js >>"$DIR/log/api-$i.log" 2>&1 &
    echo $! >"$DIR/run/api-$i.pid"
  done
  for i in $(seq 1 "$API_COUNT"); do
    wait_for 120 "API server $i answering /api/readyz" curl -fsS "http://127.0.0.1:$((API_BASE + i - 1))/api/readyz"
  done
}

start_lb() {
  write_haproxy_config
  haproxy -c -q -f "$DIR/haproxy.cfg"
  # Already running: leave it (a reload would close its open connections); stop and start to change it.
  pid_alive "$DIR/run/haproxy.pid" || haproxy -D -f "$DIR/haproxy.cfg" -p "$DIR/run/haproxy.pid"
  wait_for 30 "the load balancer answering" curl -fsS "http://127.0.0.1:$LB_PORT/api/readyz"
}

status() {
  [ -d "$DIR/monitor" ] && as_pg pg_autoctl show state --pgdata "$DIR/monitor" || echo "cluster: no monitor in $DIR"
  for f in "$DIR"/run/*.pid; do
    [ -f "$f" ] || continue
    printf '%-22s %s\n' "$(basename "$f" .pid)" "$(pid_alive "$f" && cat "$f" || echo dead)"
  done
}

install_missing
case "${1:-start}" in
stop) stop_all ;;
destroy)
  stop_all
  rm -rf "$DIR"
  echo "cluster: removed $DIR"
  ;;
status) status ;;
start)
  if [ "${CLUSTER_BUILD:-1}" = 1 ] || [ ! -f apps/server/dist/server.js ]; then
    mkdir -p "$DIR"
    echo "cluster: building (npm run build; CLUSTER_BUILD=0 skips when dist/ is current)"
    npm run -s build >"$DIR.build.log" 2>&1 || {
      tail -20 "$DIR.build.log"
      exit 1
    }
  fi
  start_database
  start_api
  start_lb
  echo "cluster: PostgreSQL nodes $(database_url)"
  echo "cluster: $API_COUNT API servers on ports $API_BASE-$((API_BASE + API_COUNT - 1)); logs in $DIR/log"
  echo "cluster: ready at http://127.0.0.1:$LB_PORT/  (stop: npm run cluster -- stop)"
  ;;
*)
  echo "usage: npm run cluster [-- start|stop|status|destroy]" >&2
  exit 2
  ;;
esac
