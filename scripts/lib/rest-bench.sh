# Shared by scripts/bench-rest and scripts/bench-cpu: a pleat on a managed
# cluster in a temporary PLEAT_DATA_DIR, the data set (2,000 portfolio items
# and a signed-in editor), the requests measured, wrk driving them with a
# client address of their own per request (X-Forwarded-For from a trusted
# proxy), and the CPU time of pleat and of its PostgreSQL read from /proc.
# Source after common.sh; call rest_bench_init first.

# The temporary directory, the settings every pleat of the run gets, and the
# clean-up on exit.
rest_bench_init() {
  WORK="$(mktemp -d /tmp/pleat-bench.XXXXXX)"
  chmod 755 "$WORK"
  export PLEAT_DATA_DIR="$WORK/data" PLEAT_ADDR=127.0.0.1:0 PLEAT_SITE_DIR="$WORK/site" \
    PLEAT_TRUSTED_PROXIES=127.0.0.1 RUST_LOG=warn
  PID=
  trap rest_bench_cleanup EXIT
  SOCK="$PLEAT_DATA_DIR/pg"
  PGBIN="$(pg_bindir)"
  RUN=0
}
rest_bench_cleanup() { [ -n "$PID" ] && kill "$PID" 2>/dev/null && wait "$PID" 2>/dev/null; rm -rf "$WORK"; }

# Start `$1` (default $PLEAT) on the run's data directory; sets PID, URL, PORT.
start_pleat() {
  "${1:-$PLEAT}" serve >"$WORK/out" 2>"$WORK/err" &
  PID=$!
  for _ in $(seq 1 400); do grep -q "serving at" "$WORK/out" 2>/dev/null && break; sleep 0.05; done
  URL="$(sed -n 's/.*serving at \(http[^ ]*\).*/\1/p' "$WORK/out")"
  [ -n "$URL" ] || { cat "$WORK/err"; die "pleat did not start"; }
  PORT="$(sed -n 4p "$PLEAT_DATA_DIR/pg/postmaster.pid")"
}
stop_pleat() {
  kill -TERM "$PID"; wait "$PID" 2>/dev/null || true; PID=
}
pg_run_as() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
psql_() { pg_run_as "$PGBIN/psql" -h "$SOCK" -p "$PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 -qAt "$@"; }

# With pleat running: 2,000 portfolio items, an editor and their access
# token (TOKEN), the anon key (ANON), the id of one item (ID) and a contact
# message (MESSAGE).
rest_bench_seed() {
  ANON="$("$PLEAT" keys | sed -n 's/^anon key: *//p')"
  say "loading 2,000 portfolio items and an editor"
  psql_ -c "INSERT INTO portfolio_items (title, category, description, image_url, images, featured, sort_order)
    SELECT 'Project ' || g, (ARRAY['curtains','blinds','furniture-covers','other'])[1 + g % 4],
           '<p>Made to measure for a client, number ' || g || '.</p>', '/images/portfolio/living-room-curtains-1.svg',
           ARRAY['/images/portfolio/living-room-curtains-1.svg','/images/portfolio/living-room-curtains-2.svg'], g % 7 = 0, g
    FROM generate_series(1, 2000) g; ANALYZE portfolio_items;"
  EMAIL=editor@bench.test PASSWORD=bench-password-123
  printf '%s\n' "$PASSWORD" | "$PLEAT" user add "$EMAIL" >/dev/null
  TOKEN="$(curl -sf "$URL/auth/v1/token?grant_type=password" -H "apikey: $ANON" -H 'content-type: application/json' \
    -d "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')"
  ID="$(psql_ -c "SELECT id FROM portfolio_items WHERE sort_order = 1000")"
  MESSAGE='{"first_name":"Ann","last_name":"Lee","email":"ann@example.com","phone":"555 0100","service_needed":"curtains","message":"Two windows in the living room, about 2 m wide each."}'
}

# name: label | method | path | body | prefer | signed in | path template for wrk
spec() {
  case "$1" in
    one) echo "GET one row (id=eq)|GET|/rest/v1/portfolio_items?id=eq.$ID||||" ;;
    page) echo "GET page (order, limit 20)|GET|/rest/v1/portfolio_items?select=*&order=sort_order&limit=20||||" ;;
    signed) echo "GET one row (signed in)|GET|/rest/v1/portfolio_items?id=eq.$ID|||yes|" ;;
    insert) echo "POST contact message (anon)|POST|/rest/v1/contact_messages|$MESSAGE|return=minimal||" ;;
    patch) echo "PATCH item (signed in)|PATCH|/rest/v1/portfolio_items?sort_order=eq.1000|{\"featured\":true}|return=minimal|yes|/rest/v1/portfolio_items?sort_order=eq.%d" ;;
  esac
}

# CPU ticks (1/100 s) used so far by pleat ($1 = pleat) or by its PostgreSQL
# (the postmaster, which holds the time of the backends it has reaped, and
# its live children). A process gone between listing and reading is skipped.
ticks_of() {
  local pids="$PID"
  if [ "$1" = postgres ]; then
    local pm; pm="$(sed -n 1p "$PLEAT_DATA_DIR/pg/postmaster.pid" 2>/dev/null || true)"
    pids="$pm $( [ -n "$pm" ] && pgrep -P "$pm" || true)"
  fi
  for p in $pids; do cat "/proc/$p/stat" 2>/dev/null || true; done \
    | awk '{ sub(/^[^)]*\) /, ""); t += $12 + $13 + $14 + $15 } END { print t + 0 }'
}
# CPU ticks of the waited-for children of this (sub)shell, into CHILDREN
# (read here: a command substitution would be a process of its own).
children_ticks() {
  local stat f; read -r stat <"/proc/$BASHPID/stat"; read -ra f <<<"${stat##*) }"
  CHILDREN=$((f[13] + f[14]))
}
# µs of CPU per request from a tick difference and a request count.
per_req() { awk -v t="$1" -v n="$2" 'BEGIN { printf "%.0f", (n > 0 ? t * 10000 / n : 0) }'; }

lat() { awk -v q="$1" '$1 == q { v = $2; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 } printf "%.2f", v }'; }
maxlat() { awk '$1 == "Latency" && NF >= 4 { v = $4; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 } printf "%.2f", v; exit }'; }

# wrk (2 threads) sending request `$1` at concurrency `$2` for `$3` to the
# running pleat, in the background (WRK is its pid, its output in
# $WORK/wrk). Each call is a new RUN: its requests come from addresses no
# earlier run used.
wrk_start() {
  local method path body prefer signed template
  IFS='|' read -r _ method path body prefer signed template < <(spec "$1")
  RUN=$((RUN + 1))
  BENCH_METHOD="$method" BENCH_BODY="$body" BENCH_PREFER="$prefer" BENCH_APIKEY="$ANON" \
    BENCH_TOKEN="$([ -n "$signed" ] && echo "$TOKEN" || echo "$ANON")" \
    BENCH_PATH_TEMPLATE="$template" BENCH_PATH_RANGE=2000 BENCH_RUN="$RUN" \
    wrk -t2 -c"$2" -d"$3" --latency -s "$ROOT/scripts/bench/rest.lua" "$URL$path" >"$WORK/wrk" 2>&1 &
  WRK=$!
}
# Requests wrk completed, from its output.
wrk_requests() { awk '/requests in/ {print $1; exit}' "$WORK/wrk"; }
wrk_errors() { local e; e="$(awk '/Non-2xx/ {print $NF}' "$WORK/wrk")"; echo "${e:-0}"; }
wrk_rps() { awk '/Requests\/sec/ {print $2}' "$WORK/wrk"; }
