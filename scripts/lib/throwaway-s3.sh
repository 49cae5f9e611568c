# A throwaway S3-compatible server (moto, see ensure_s3_server) for one test
# run: start_throwaway_s3 exports TEST_S3_ENDPOINT and TEST_S3_BUCKET (an
# empty bucket; tests take a prefix of their own in it) and stop_throwaway_s3
# ends it. Moto keeps everything in memory, so nothing is left behind.
S3_PID=
S3_LOG=

start_throwaway_s3() {
  local port i
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
  S3_LOG="$(mktemp /tmp/pleat-test-s3.XXXXXX)"
  "$S3_SERVER_DIR/bin/moto_server" -H 127.0.0.1 -p "$port" >"$S3_LOG" 2>&1 &
  S3_PID=$!
  for i in $(seq 1 300); do
    curl -sf -o /dev/null "http://127.0.0.1:$port/" && break
    kill -0 "$S3_PID" 2>/dev/null || { cat "$S3_LOG"; die "the S3 test server exited"; }
    sleep 0.1
  done
  curl -sf -o /dev/null -X PUT "http://127.0.0.1:$port/pleat-test" \
    || { cat "$S3_LOG"; die "the S3 test server did not start"; }
  export TEST_S3_ENDPOINT="http://127.0.0.1:$port" TEST_S3_BUCKET=pleat-test
  say "test S3 server (moto) on port $port"
}

stop_throwaway_s3() {
  [ -n "$S3_PID" ] || return 0
  kill "$S3_PID" 2>/dev/null || true
  wait "$S3_PID" 2>/dev/null || true
  rm -f "$S3_LOG"
  S3_PID=
}
