#!/usr/bin/env bash
# `make bench`: the release server against nginx serving the same pre-rendered pages from disk
# (`onespace render`, with brotli_static/gzip_static), both on 127.0.0.1, driven by wrk over the
# same routes. Prints requests per second and p99 latency for each and the ratios ours/nginx.
# Targets: throughput ratio >= 1.0 and p99 no worse than nginx. Figures are reported, never
# asserted: they depend on the machine.
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=${BENCH_DURATION:-10s}
CONNECTIONS=${BENCH_CONNECTIONS:-64}
THREADS=${BENCH_THREADS:-1}
ROUTES=${BENCH_ROUTES:-"/ /memberships /about /faq /contact /timetable /hot-yoga /intro-offer"}
BINARY=target/release/onespace

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
need=()
command -v wrk >/dev/null || need+=(wrk)
[ -x /usr/sbin/nginx ] || need+=(nginx)
[ -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || need+=(libnginx-mod-http-brotli-static)
if [ ${#need[@]} -gt 0 ]; then
  echo "==> installing ${need[*]}"
  as_root apt-get update -q
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -q --no-install-recommends "${need[@]}"
fi

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

"$BINARY" render --out "$work/site" >/dev/null
ours_port=$(free_port)
# With two or more cores, each server gets core 0 to itself (one worker; actix sizes its pool
# from the affinity) and wrk gets core 1, so the load generator does not steal the servers' CPU.
server_cpu=(); client_cpu=()
if [ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null; then
  server_cpu=(taskset -c 0); client_cpu=(taskset -c 1)
fi
"${server_cpu[@]}" "$BINARY" serve --addr "127.0.0.1:$ours_port" --data "$work/data" 2>"$work/ours.log" &
pids+=($!)

nginx_port=$(free_port)
workers=1
[ ${#server_cpu[@]} -eq 0 ] && workers=$(nproc)
# Run as root, nginx would hand its workers to 'nobody', who cannot read the private temp dir.
user_line=""
[ "$(id -u)" -eq 0 ] && user_line="user root;"
cat >"$work/nginx.conf" <<CONF
load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;
$user_line
worker_processes $workers;
daemon off;
pid $work/nginx.pid;
error_log $work/nginx-error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path $work/nginx-body;
  proxy_temp_path $work/nginx-proxy;
  fastcgi_temp_path $work/nginx-fastcgi;
  uwsgi_temp_path $work/nginx-uwsgi;
  scgi_temp_path $work/nginx-scgi;
  server {
    listen 127.0.0.1:$nginx_port;
    root $work/site;
    gzip_static on;
    brotli_static on;
    etag on;
    location / { try_files \$uri \$uri.html \$uri/index.html =404; }
  }
}
CONF
"${server_cpu[@]}" /usr/sbin/nginx -c "$work/nginx.conf" &
pids+=($!)

wait_for() {
  for _ in $(seq 1 100); do
    curl -fs -o /dev/null "$1" && return 0
    sleep 0.1
  done
  echo "no answer from $1" >&2
  exit 1
}
wait_for "http://127.0.0.1:$ours_port/"
wait_for "http://127.0.0.1:$nginx_port/"

# Both must serve the same bytes for the comparison to mean anything.
for path in $ROUTES; do
  if ! cmp -s <(curl -fs "http://127.0.0.1:$ours_port$path") <(curl -fs "http://127.0.0.1:$nginx_port$path"); then
    echo "bench: $path differs between the server and the rendered files" >&2
    exit 1
  fi
done

run_wrk() {
  ROUTES="$ROUTES" "${client_cpu[@]}" wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s tests/perf/routes.lua "$1"
}
# wrk prints e.g. "Requests/sec:  51234.56" and "     99%    2.10ms".
rps() { awk '/^Requests\/sec:/ { print $2 }' "$1"; }
p99_ms() {
  awk '$1 == "99%" { v = $2; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 }; print v }' "$1"
}

echo "==> warming up"
ROUTES="$ROUTES" wrk -t1 -c8 -d2s -s tests/perf/routes.lua "http://127.0.0.1:$ours_port" >/dev/null
ROUTES="$ROUTES" wrk -t1 -c8 -d2s -s tests/perf/routes.lua "http://127.0.0.1:$nginx_port" >/dev/null
echo "==> wrk -t$THREADS -c$CONNECTIONS -d$DURATION over: $ROUTES"
run_wrk "http://127.0.0.1:$ours_port" >"$work/ours.txt"
run_wrk "http://127.0.0.1:$nginx_port" >"$work/nginx.txt"

ours_rps=$(rps "$work/ours.txt"); nginx_rps=$(rps "$work/nginx.txt")
ours_p99=$(p99_ms "$work/ours.txt"); nginx_p99=$(p99_ms "$work/nginx.txt")
python3 - "$ours_rps" "$nginx_rps" "$ours_p99" "$nginx_p99" <<'PY'
import sys
ours_rps, nginx_rps, ours_p99, nginx_p99 = map(float, sys.argv[1:])
print(f"{'':10} {'req/s':>12} {'p99 ms':>10}")
print(f"{'onespace':10} {ours_rps:>12,.0f} {ours_p99:>10.2f}")
print(f"{'nginx':10} {nginx_rps:>12,.0f} {nginx_p99:>10.2f}")
print(f"throughput ratio ours/nginx: {ours_rps / nginx_rps:.2f} (target >= 1.00)")
print(f"p99 ratio ours/nginx:        {ours_p99 / nginx_p99:.2f} (target <= 1.00)")
PY
