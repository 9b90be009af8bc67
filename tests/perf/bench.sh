#!/usr/bin/env bash
# `make bench`: first the cold start: the release server is started 10 times (BENCH_STARTS) and the
# time from launch to its first 200 answer on / is measured; the median is printed (target under
# 200 ms). Then the release server against nginx serving the same pre-rendered pages from disk
# (`onespace render`, with brotli_static/gzip_static and open_file_cache, as production nginx
# runs), both on 127.0.0.1, driven by wrk over the same routes (tests/perf/routes.lua), in
# alternating rounds (ours, nginx, ours, nginx, ...; BENCH_ROUNDS of BENCH_DURATION each) so that
# a noisy neighbour does not favour whichever runs second. A third server takes its turn in each
# round: the floor (tests/perf/floor), which replays our server's captured answers without doing
# any HTTP work, so its figures are the most any server could reach on this machine and client.
# Prints the median requests per second and p99 latency of each, the ratios ours/nginx of those
# medians and the floor's, and, when the servers are pinned, how busy the server's and wrk's
# cores were in each round (a round wrk's core paced says so). Aims: throughput ratio >= 1.5
# and p99 ratio <= 0.8.
# What each server spent, which wrk's core does not cap: the CPU time (user + system, from
# /proc/<pid>/stat) of every process of each server (ours; nginx's master and workers; the floor)
# over each round, divided by the requests that round completed, in microseconds per request.
# Prints the medians and `cpu per request ratio ours/nginx: X` (aim <= 0.67, what 1.5x the
# throughput means where the server's core is the limit), with the floor's beside.
# Then the latency at a fixed offered rate below every server's capacity: BENCH_RATE requests/s (by
# default BENCH_RATE_FRACTION, a half, of nginx's median throughput above), held by h2load (--rps
# per connection, at most 100/s each, the same routes in turn) for the same number of requests per
# round, in alternating rounds. Every request's latency is read from h2load's log; prints
# p50/p90/p99/p99.9 of each server (medians of the rounds) and `p99 at fixed rate ratio ours/nginx:
# Y` (aim <= 0.8). Why h2load and what its rate means: docs/performance.md.
# Then the POST path, ours only (nginx has no equivalent): a second server with a fresh SQLite data
# folder, its public URL set to its own address (the posts' Origin) and the rate limit raised out of
# the way, takes contact-form enquiries on POST /api/enquiries from wrk (tests/perf/enquiry.lua,
# every payload different). Prints enquiries stored per second (201 answers), p99 latency and the
# non-201 count, then checks the stored rows against the answers: every enquiry answered 201 must
# be stored, and the only other rows allowed are the posts still in flight when wrk stopped (at
# most one per connection), and the SQLite writer's account of its group commits. Aim: at least
# 3,000 stored/s with a p99 under 50 ms. No SMTP server is set, so the mail worker writes .eml
# files into the data folder as it goes.
# Every round also measures our server with visitor counting off (ONESPACE_COUNT_VISITORS=false,
# "uncounted"), wrk's requests carrying a browser's headers so that the counted server counts each
# page (docs/visitors.md), and prints the ratio counted/uncounted (aim: >= 0.95).
# Figures are reported, never asserted: they depend on the machine. The script fails only when the
# two servers serve different bytes or the stored enquiries do not match the answers.
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=${BENCH_DURATION:-5s}
ROUNDS=${BENCH_ROUNDS:-5}
STARTS=${BENCH_STARTS:-10}
CONNECTIONS=${BENCH_CONNECTIONS:-64}
THREADS=${BENCH_THREADS:-}
# The fixed rate's share of nginx's measured maximum, unless BENCH_RATE gives the rate itself.
RATE_FRACTION=${BENCH_RATE_FRACTION:-0.5}
ROUTES=${BENCH_ROUTES:-"/ /memberships /about /faq /contact /timetable /hot-yoga /intro-offer"}
POST_CONNECTIONS=${BENCH_POST_CONNECTIONS:-$CONNECTIONS}
# Posts a client may make per minute on the POST server: far above anything wrk can send, so no
# post is refused, while the limiter still runs as it does in production.
POST_RATE_LIMIT=1000000000
BINARY=target/release/onespace
# Measured as the server runs once settled: its pages compressed at brotli's best setting, which
# it otherwise does half a minute after start (ONESPACE_BEST_COMPRESSION_AFTER), within the rounds.
export ONESPACE_BEST_COMPRESSION_AFTER=0

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
need=()
command -v wrk >/dev/null || need+=(wrk)
command -v h2load >/dev/null || need+=(nghttp2-client)
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

# The figures mean something only next to how busy the machine was: printed at the start and end.
load() { echo "machine load (1, 5, 15 min averages, $(nproc) cores): $(cut -d' ' -f1-3 /proc/loadavg)"; }
load

# --- cold start -------------------------------------------------------------------------------
echo "==> cold start: launch to the first 200 on /, $STARTS starts"
python3 - "$BINARY" "$work/start-data" "$STARTS" <<'PY'
import http.client, socket, statistics, subprocess, sys, time
binary, data, starts = sys.argv[1], sys.argv[2], int(sys.argv[3])
def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
def first_200(port):
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        connection.request("GET", "/", headers={"Accept-Encoding": "br, gzip"})
        response = connection.getresponse()
        response.read()
        return response.status == 200
    except OSError:
        return False
times = []
for _ in range(starts):
    port = free_port()
    began = time.perf_counter()
    server = subprocess.Popen([binary, "serve", "--addr", f"127.0.0.1:{port}", "--data", data],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while not first_200(port):
        if server.poll() is not None:
            sys.exit(f"bench: the server exited ({server.returncode}) before answering")
        if time.perf_counter() - began > 30:
            sys.exit("bench: no 200 on / within 30 s of launch")
        time.sleep(0.001)
    times.append((time.perf_counter() - began) * 1000)
    server.terminate()
    server.wait()
print(f"start to first 200 on /: median {statistics.median(times):.0f} ms"
      f" (min {min(times):.0f}, max {max(times):.0f}; target < 200 ms)")
PY
echo

"$BINARY" render --out "$work/site" >/dev/null
ours_port=$(free_port)
# With two or more cores, each server gets core 0 to itself (one worker; actix sizes its pool
# from the affinity) and wrk gets every other core, one thread each (BENCH_THREADS overrides), so
# the load generator does not steal the servers' CPU.
server_cpu=(); client_cpu=()
last_core=$(( $(nproc) - 1 ))
if [ "$last_core" -ge 1 ] && command -v taskset >/dev/null; then
  server_cpu=(taskset -c 0); client_cpu=(taskset -c "1-$last_core")
  THREADS=${THREADS:-$last_core}
fi
THREADS=${THREADS:-1}
"${server_cpu[@]}" "$BINARY" serve --addr "127.0.0.1:$ours_port" --data "$work/data" 2>"$work/ours.log" &
pids+=($!)
# Each server's first process, by the name its files and lines use: its CPU time is read from
# there and from its children's (taskset execs the server, so the pid is the server's own).
declare -A server_pid=([ours]=$!)
uncounted_port=$(free_port)
"${server_cpu[@]}" env ONESPACE_COUNT_VISITORS=false \
  "$BINARY" serve --addr "127.0.0.1:$uncounted_port" --data "$work/uncounted-data" 2>"$work/uncounted.log" &
pids+=($!)
server_pid[uncounted]=$!

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
  # File descriptors and metadata cached, as production nginx serving static files runs.
  open_file_cache max=1000 inactive=60s;
  open_file_cache_valid 60s;
  open_file_cache_min_uses 1;
  open_file_cache_errors on;
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
server_pid[nginx]=$!

wait_for() {
  for _ in $(seq 1 100); do
    curl -fs -o /dev/null "$1" && return 0
    sleep 0.1
  done
  echo "no answer from $1" >&2
  exit 1
}
wait_for "http://127.0.0.1:$ours_port/"
wait_for "http://127.0.0.1:$uncounted_port/"
wait_for "http://127.0.0.1:$nginx_port/"

# The CPU time a server has used so far, in clock ticks (user + system, fields 14 and 15 of
# /proc/<pid>/stat; a process's line counts all its threads), summed over its first process and
# every descendant: nginx's master and its workers. A child's time reaches its parent's line only
# once it has been reaped, and none is reaped during the bench, so nothing is counted twice.
cpu_ticks() { # pid
  python3 - "$1" <<'PY'
import os, sys
root = int(sys.argv[1])
stats = {}
for entry in os.listdir("/proc"):
    if entry.isdigit():
        try:
            with open(f"/proc/{entry}/stat") as f:
                # The command name, in parentheses, may hold spaces: split after its last ')'.
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended since listed
        stats[int(entry)] = (int(fields[1]), int(fields[11]) + int(fields[12]))
family, grew = {root}, True
while grew:
    grew = False
    for pid, (ppid, _) in stats.items():
        if ppid in family and pid not in family:
            family.add(pid)
            grew = True
print(sum(stats[pid][1] for pid in family if pid in stats))
PY
}
# Ours (counted and uncounted) compresses its pages at the best brotli setting on a background thread after start (some
# seconds of CPU, longer on a busy machine). The floor captures its answers, and the rounds count
# its CPU time, only once that is done: until its CPU time stands still (a tick at most in half a
# second; the mail worker's polls cost far less), at most a minute.
idle_since=$SECONDS
for name in ours uncounted; do
  until idle_ticks=$(cpu_ticks "${server_pid[$name]}") && sleep 0.5 && [ $(( $(cpu_ticks "${server_pid[$name]}") - idle_ticks )) -le 1 ]; do
    if [ $((SECONDS - idle_since)) -ge 60 ]; then
      echo "bench: onespace ($name) was still busy a minute after it answered; its CPU figures include that work" >&2
      break
    fi
  done
done
echo "onespace idle (its background compression done) $((SECONDS - idle_since)) s after its first answer"

# Both must serve the same bytes for the comparison to mean anything.
for path in $ROUTES; do
  if ! cmp -s <(curl -fs "http://127.0.0.1:$ours_port$path") <(curl -fs "http://127.0.0.1:$nginx_port$path"); then
    echo "bench: $path differs between the server and the rendered files" >&2
    exit 1
  fi
done

# The floor (tests/perf/floor): our server's answers captured byte for byte, replayed by a server
# that does no HTTP work, on the same core. What it reaches is the ceiling of any server on this
# machine, loopback and load generator, so the ratios above it read against what is possible.
answers="$work/answers"
mkdir -p "$answers"
for path in $ROUTES; do
  name=${path#/}
  case "$name" in
    "") name=index ;;
    */*) echo "bench: the floor answers one-segment paths only, not $path" >&2; exit 1 ;;
  esac
  curl -fs --raw -i -H 'Accept-Encoding: br, gzip' "http://127.0.0.1:$ours_port$path" >"$answers/$name"
done
cargo build --release -q --manifest-path tests/perf/floor/Cargo.toml --target-dir target/bench-floor
floor_port=$(free_port)
"${server_cpu[@]}" target/bench-floor/release/bench-floor "$answers" "$floor_port" &
pids+=($!)
server_pid[floor]=$!
first_route=${ROUTES%% *}
wait_for "http://127.0.0.1:$floor_port$first_route"

run_wrk() {
  ROUTES="$ROUTES" "${client_cpu[@]}" wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s tests/perf/routes.lua "$1"
}
# wrk prints e.g. "Requests/sec:  51234.56" and "     99%    2.10ms".
rps() { awk '/^Requests\/sec:/ { print $2 }' "$1"; }
p99_ms() {
  awk '$1 == "99%" { v = $2; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 }; print v }' "$1"
}

# How busy each core was during a round, from /proc/stat's counters before and after it: the
# ratios mean "server against server" only while the servers' core, not wrk's, is the one that
# runs out. On two cores wrk has one core, and a fast enough server saturates it first.
cpu_counters() { grep -E '^cpu[0-9]+ ' /proc/stat; }
busy_percent() { # first-core last-core before-file after-file: the cores' busy share together
  awk -v first="$1" -v last="$2" '{ core = substr($1, 4) + 0 }
    core >= first && core <= last {
      total = 0; for (i = 2; i <= NF; i++) total += $i
      if (FNR == NR) { t0 += total; i0 += $5 + $6 } else { t1 += total; i1 += $5 + $6 }
    }
    END { printf "%.0f\n", 100 * ((t1 - t0) - (i1 - i0)) / (t1 - t0) }' "$3" "$4"
}
# wrk prints e.g. "  297120 requests in 5.00s, 1.23GB read".
completed() { awk '$2 == "requests" && $3 == "in" { print $1 }' "$1"; }
CLOCK_TICKS=$(getconf CLK_TCK)
us_per_request() { # ticks requests: the server's CPU microseconds per request
  python3 -c 'import sys; t, n, hz = map(int, sys.argv[1:]); print(f"{t / hz * 1e6 / n:.2f}")' "$1" "$2" "$CLOCK_TICKS"
}
measure_round() { # server round
  local ticks_before
  ticks_before=$(cpu_ticks "${server_pid[$1]}")
  cpu_counters >"$work/cpu-before"
  run_wrk "${url[$1]}" >"$work/$1-$2.txt"
  cpu_counters >"$work/cpu-after"
  us_per_request $(( $(cpu_ticks "${server_pid[$1]}") - ticks_before )) "$(completed "$work/$1-$2.txt")" \
    >"$work/$1-$2.cpu-us"
  if [ ${#server_cpu[@]} -gt 0 ]; then
    echo "$(busy_percent 0 0 "$work/cpu-before" "$work/cpu-after")" \
      "$(busy_percent 1 "$last_core" "$work/cpu-before" "$work/cpu-after")" >"$work/$1-$2.cpu"
  fi
}
cores_of() { # server round: "(server core S%, wrk C%)" when pinned
  [ -s "$work/$1-$2.cpu" ] || return 0
  read -r server client <"$work/$1-$2.cpu"
  printf ' (server core %s%%, wrk %s%%)' "$server" "$client"
}

# The servers in the order each round measures them, by the name their files and lines use.
servers=(ours uncounted nginx floor)
declare -A url=([ours]="http://127.0.0.1:$ours_port" [uncounted]="http://127.0.0.1:$uncounted_port"
  [nginx]="http://127.0.0.1:$nginx_port" [floor]="http://127.0.0.1:$floor_port")
declare -A label=([ours]=onespace [uncounted]="onespace uncounted" [nginx]=nginx [floor]=floor)
echo "==> warming up"
for server in "${servers[@]}"; do
  ROUTES="$ROUTES" wrk -t1 -c8 -d2s -s tests/perf/routes.lua "${url[$server]}" >/dev/null
done
echo "==> wrk -t$THREADS -c$CONNECTIONS -d$DURATION over: $ROUTES"
echo "    $ROUNDS alternating rounds (${servers[*]}, ${servers[*]}, ...)"
for round in $(seq 1 "$ROUNDS"); do
  line="    round $round:"
  for server in "${servers[@]}"; do
    measure_round "$server" "$round"
    line="$line ${label[$server]} $(rps "$work/$server-$round.txt") req/s$(cores_of "$server" "$round")"
    line="$line $(cat "$work/$server-$round.cpu-us") us CPU/req,"
  done
  echo "${line%,}"
done

figures() { # server: prints "rps p99 [server-core% wrk-core%]" per round
  for round in $(seq 1 "$ROUNDS"); do
    echo "$(rps "$work/$1-$round.txt") $(p99_ms "$work/$1-$round.txt") $(cat "$work/$1-$round.cpu" 2>/dev/null || true)"
  done
}
python3 - "$(figures ours)" "$(figures nginx)" "$(figures floor)" "$(figures uncounted)" <<'PY'
import statistics, sys
def medians(text):
    rounds = [tuple(map(float, line.split()[:2])) for line in text.splitlines() if line.strip()]
    return statistics.median(r[0] for r in rounds), statistics.median(r[1] for r in rounds)
(ours_rps, ours_p99), (nginx_rps, nginx_p99), (floor_rps, floor_p99) = (
    medians(sys.argv[1]), medians(sys.argv[2]), medians(sys.argv[3]))
print(f"medians of the rounds:")
print(f"{'':10} {'req/s':>12} {'p99 ms':>10}")
print(f"{'onespace':10} {ours_rps:>12,.0f} {ours_p99:>10.2f}")
print(f"{'nginx':10} {nginx_rps:>12,.0f} {nginx_p99:>10.2f}")
print(f"{'floor':10} {floor_rps:>12,.0f} {floor_p99:>10.2f}   (no HTTP work: the ceiling here)")
uncounted_rps, uncounted_p99 = medians(sys.argv[4])
print(f"{'uncounted':10} {uncounted_rps:>12,.0f} {uncounted_p99:>10.2f}   (onespace with visitor counting off)")
print(f"visitor counting, throughput on/off: {ours_rps / uncounted_rps:.2f} (aim >= 0.95);"
      f" p99 on/off: {ours_p99 / uncounted_p99:.2f}")
print(f"throughput ratio ours/nginx: {ours_rps / nginx_rps:.2f} (aim >= 1.50;"
      f" the floor reaches {floor_rps / nginx_rps:.2f})")
print(f"p99 ratio ours/nginx:        {ours_p99 / nginx_p99:.2f} (aim <= 0.80;"
      f" the floor reaches {floor_p99 / nginx_p99:.2f})")
# A round where wrk's core was (nearly) full and the server's was not was paced by wrk: the
# server could have answered more, so its throughput and the ratio are lower bounds.
def paced_by_wrk(text):
    rounds = [line.split() for line in text.splitlines() if len(line.split()) == 4]
    return [r for r in rounds if float(r[3]) >= 95 and float(r[2]) < 95], len(rounds)
for name, text in (("onespace", sys.argv[1]), ("nginx", sys.argv[2]), ("floor", sys.argv[3])):
    paced, measured = paced_by_wrk(text)
    if paced:
        print(f"note: in {len(paced)} of {measured} rounds wrk's cores were at 95% or more while"
              f" {name}'s core was not: wrk, not {name}, set the pace, so {name}'s figure is a lower"
              f" bound")
PY
cpu_figures() { for round in $(seq 1 "$ROUNDS"); do cat "$work/$1-$round.cpu-us"; done; }
python3 - "$(cpu_figures ours)" "$(cpu_figures nginx)" "$(cpu_figures floor)" <<'PY'
import statistics, sys
ours, nginx, floor = (statistics.median(map(float, text.split())) for text in sys.argv[1:4])
print("CPU time per request (user + system of every process of the server, medians of the rounds):")
print(f"{'onespace':10} {ours:>8.2f} us")
print(f"{'nginx':10} {nginx:>8.2f} us")
print(f"{'floor':10} {floor:>8.2f} us   (no HTTP work: the kernel's share of a request and little else)")
print(f"cpu per request ratio ours/nginx: {ours / nginx:.2f} (aim <= 0.67; the floor reaches {floor / nginx:.2f})")
PY

# --- latency at a fixed rate ----------------------------------------------------------------------
# wrk sends as fast as answers come back, so its latencies are those of a full queue. Here h2load
# holds an offered rate below every server's capacity (BENCH_RATE, or BENCH_RATE_FRACTION of nginx's
# median throughput above): each of its connections is paced to its share (--rps), one request at a
# time, over the same routes in turn, for the same number of requests in every round. A request that
# falls due while its connection still waits for an answer is sent as soon as the answer arrives, so
# the rate holds, but its latency counts from its sending, not from when it fell due
# (docs/performance.md says what follows).
nginx_max=$(for round in $(seq 1 "$ROUNDS"); do rps "$work/nginx-$round.txt"; done |
  python3 -c 'import statistics, sys; print(statistics.median(float(line) for line in sys.stdin))')
RATE=${BENCH_RATE:-$(python3 -c 'import sys; print(int(float(sys.argv[1]) * float(sys.argv[2])))' "$nginx_max" "$RATE_FRACTION")}
# wrk's duration (5s, 1m, ...) in seconds: each fixed-rate round lasts as long at the rate.
rate_seconds=$(python3 -c 'import sys; d = sys.argv[1]; units = {"s": 1, "m": 60, "h": 3600}
print(float(d[:-1]) * units[d[-1]] if d[-1] in units else float(d))' "$DURATION")
# h2load's pacing timer fires at most 100 times a second (max(0.01 s, 1/rps) in nghttp2's
# h2load.cc; its manual is silent on it): a connection paced faster sends what fell due in a
# burst each 10 ms. So the rate is spread over enough connections for each to send one request
# a tick at most: BENCH_CONNECTIONS, or more when the rate needs them (BENCH_RATE_CONNECTIONS
# overrides).
H2LOAD_TICKS_PER_SECOND=100
RATE_CONNECTIONS=${BENCH_RATE_CONNECTIONS:-$(python3 -c 'import math, sys; r, c, t = map(float, sys.argv[1:]); print(int(max(c, math.ceil(r / t))))' \
  "$RATE" "$CONNECTIONS" "$H2LOAD_TICKS_PER_SECOND")}
# h2load shares -n among its connections: a multiple of them, so each sends as many.
rate_requests=$(python3 -c 'import math, sys; r, s, c = map(float, sys.argv[1:]); print(int(max(1, math.ceil(r * s / c)) * c))' \
  "$RATE" "$rate_seconds" "$RATE_CONNECTIONS")
per_connection=$(python3 -c 'import sys; print(f"{float(sys.argv[1]) / float(sys.argv[2]):.3f}")' "$RATE" "$RATE_CONNECTIONS")
uris_of() { for path in $ROUTES; do printf '%s%s\n' "$1" "$path"; done; }
rate_round() { # server round
  local ticks_before uris
  mapfile -t uris < <(uris_of "${url[$1]}")
  ticks_before=$(cpu_ticks "${server_pid[$1]}")
  "${client_cpu[@]}" h2load --h1 -t "$THREADS" -c "$RATE_CONNECTIONS" -n "$rate_requests" --rps "$per_connection" \
    -H 'Accept-Encoding: br, gzip' --log-file "$work/$1-rate-$2.log" "${uris[@]}" >"$work/$1-rate-$2.txt"
  us_per_request $(( $(cpu_ticks "${server_pid[$1]}") - ticks_before )) "$rate_requests" \
    >"$work/$1-rate-$2.cpu-us"
}
echo
echo "==> latency at a fixed rate: $RATE requests/s offered ($RATE_FRACTION of nginx's median" \
  "$nginx_max/s unless BENCH_RATE), h2load --h1 -c$RATE_CONNECTIONS --rps $per_connection each," \
  "$rate_requests requests a round over: $ROUTES"
echo "    $ROUNDS alternating rounds (${servers[*]}, ${servers[*]}, ...)"
for round in $(seq 1 "$ROUNDS"); do
  for server in "${servers[@]}"; do rate_round "$server" "$round"; done
done
python3 - "$work" "$ROUNDS" "$RATE" "$rate_requests" "${servers[@]}" <<'PY'
import math, statistics, sys
work, rounds, rate, requests = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
servers = sys.argv[5:]
label = {"ours": "onespace", "uncounted": "uncounted", "nginx": "nginx", "floor": "floor"}
QUANTILES = (50, 90, 99, 99.9)
def quantile(ordered, q):
    """Nearest rank: the smallest latency with at least q% of the requests at or under it."""
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]
failures, figures = [], {server: [] for server in servers}
for round in range(1, rounds + 1):
    line = f"    round {round}:"
    for server in servers:
        # h2load's log: start (us since the epoch), status, microseconds to the end of the answer.
        rows = [entry.split("\t") for entry in open(f"{work}/{server}-rate-{round}.log") if entry.strip()]
        bad = [row for row in rows if row[1] != "200"]
        if len(rows) != requests or bad:
            failures.append(f"{label[server]}, round {round}: {len(rows)} of {requests} requests logged,"
                            f" {len(bad)} not 200")
            continue
        ordered = sorted(int(row[2]) / 1000 for row in rows)
        ends = [int(row[0]) + int(row[2]) for row in rows]
        held = len(rows) / ((max(ends) - min(int(row[0]) for row in rows)) / 1e6)
        cpu = float(open(f"{work}/{server}-rate-{round}.cpu-us").read())
        figures[server].append((*(quantile(ordered, q) for q in QUANTILES), held, cpu))
        line += f" {label[server]} p99 {quantile(ordered, 99):.2f} ms at {held:,.0f}/s, {cpu:.2f} us CPU/req,"
    print(line.rstrip(","))
if failures:
    for failure in failures:
        print(f"bench: {failure}", file=sys.stderr)
    sys.exit(1)
medians = {server: [statistics.median(column) for column in zip(*figures[server])] for server in servers}
print("medians of the rounds:")
print(f"{'':10} {'p50 ms':>8} {'p90 ms':>8} {'p99 ms':>8} {'p99.9 ms':>9} {'held/s':>10} {'us CPU/req':>11}")
for server in servers:
    p50, p90, p99, p999, held, cpu = medians[server]
    print(f"{label[server]:10} {p50:>8.2f} {p90:>8.2f} {p99:>8.2f} {p999:>9.2f} {held:>10,.0f} {cpu:>11.2f}")
print(f"p99 at fixed rate ratio ours/nginx: {medians['ours'][2] / medians['nginx'][2]:.2f}"
      f" (aim <= 0.80; the floor reaches {medians['floor'][2] / medians['nginx'][2]:.2f})")
# The client paces itself: where it fell behind the offered rate (its core full, or answers slow
# enough to hold its connections), the latencies are of a lower rate than the one offered.
for server in servers:
    if medians[server][4] < 0.95 * rate:
        print(f"note: {label[server]} was sent {medians[server][4]:,.0f}/s, under 95% of the {rate:,.0f}/s"
              f" offered: h2load or the server could not hold the rate, so its figures are of a lower one")
PY

# --- POST /api/enquiries ----------------------------------------------------------------------
post_port=$(free_port)
post_origin="http://127.0.0.1:$post_port"
post_data="$work/post-data"
# The SQLite file in a fresh data folder, whatever DATABASE_URL says, and no mail server: mail
# goes to .eml files in the data folder (never to the studio's real inbox).
"${server_cpu[@]}" env -u DATABASE_URL -u ONESPACE_SMTP_URL -u ONESPACE_TRUST_PROXY \
  "$BINARY" serve --addr "127.0.0.1:$post_port" --data "$post_data" --public-url "$post_origin" \
  --rate-limit-per-minute "$POST_RATE_LIMIT" 2>"$work/post.log" &
post_pid=$!
pids+=("$post_pid")
wait_for "$post_origin/healthz"

# Posts queue on SQLite's one writer: a long timeout keeps slow answers in the latency figures
# instead of counting them as socket timeouts.
post_wrk() { # label threads connections duration [file for the acknowledged ids]
  BENCH_RUN="$1" BENCH_ORIGIN="$post_origin" BENCH_ACKED="${5:-}" \
    "${client_cpu[@]}" wrk -t"$2" -c"$3" -d"$4" --timeout 30s -s tests/perf/enquiry.lua \
    "$post_origin"
}
echo
echo "==> warming up POST /api/enquiries"
post_wrk warmup 1 8 2s >/dev/null
echo "==> POST /api/enquiries, ours only (nginx has no equivalent):" \
  "wrk -t$THREADS -c$POST_CONNECTIONS -d$DURATION, contact enquiries into a fresh SQLite file"
post_wrk measure "$THREADS" "$POST_CONNECTIONS" "$DURATION" "$work/acked.txt" >"$work/post.txt"

# Stop the server (it finishes the posts in flight) before reading what it stored.
kill -TERM "$post_pid" 2>/dev/null || true
wait "$post_pid" 2>/dev/null || true
"$BINARY" enquiries export --format json --data "$post_data" >"$work/stored.json"
# The SQLite writer's own account of the run: how many writes each commit carried.
writer=$(grep -o 'SQLite group-commit writer stopped.*' "$work/post.log" | tail -1 || true)
emls=$( (find "$post_data/outbox" -name '*.eml' 2>/dev/null || true) | wc -l)

python3 - "$work/post.txt" "$work/acked.txt" "$work/stored.json" "$POST_CONNECTIONS" "$emls" "$writer" <<'PY'
import json, re, sys
summary_path, acked_path, stored_path, connections, emls, writer = sys.argv[1:]
connections, emls = int(connections), int(emls)
line = next((l for l in open(summary_path) if l.startswith("enquiries: ")), None)
if line is None:
    sys.exit("bench: wrk printed no enquiry summary (tests/perf/enquiry.lua)")
figures = dict(part.split("=", 1) for part in line.split()[1:])
created, other, errors = (int(figures[name]) for name in ("created", "other", "errors"))
seconds = int(figures["duration_us"]) / 1e6
p99_ms = int(figures["p99_us"]) / 1000
by_status = f" ({figures['statuses']} as status:count)" if figures["statuses"] else ""
acked = set(open(acked_path).read().split())
rows = json.load(open(stored_path))
def run_of(row):
    m = re.match(r"visitor\+(\w+)-\d+-\d+@example\.com$", row["enquiry"].get("email", ""))
    return m.group(1) if m else None
measured = [row for row in rows if run_of(row) == "measure"]
stored = {row["id"] for row in measured}
mailed = sum(1 for row in rows if row.get("mailedAt"))
emails = {row["enquiry"]["email"] for row in measured}

print(f"{'':10} {'stored/s':>12} {'p99 ms':>10}")
print(f"{'onespace':10} {created / seconds:>12,.0f} {p99_ms:>10.2f}   (aim: >= 3,000/s, p99 < 50 ms)")
print(f"answers: {created:,} x 201 in {seconds:.1f} s;"
      f" non-201: {other:,}{by_status};"
      f" socket errors: {errors:,}")
missing = acked - stored
unanswered = stored - acked
print(f"rows stored vs acknowledged: {len(stored):,} stored, {created:,} acknowledged (201)",
      end="")
print(f"; the {len(unanswered)} more were in flight when wrk stopped and stored after it hung up"
      f" (at most {connections}: one per connection)" if unanswered else "")
failures = []
if created == 0:
    failures.append("no enquiry was answered 201")
if len(acked) != created:
    failures.append(f"{created} answers 201 but {len(acked)} ids read from them")
if missing:
    failures.append(f"{len(missing)} enquiries answered 201 are not stored,"
                    f" e.g. {sorted(missing)[0]}")
if len(unanswered) > connections + errors:
    failures.append(f"{len(unanswered)} stored enquiries were never answered 201"
                    f" (more than the {connections} connections could have in flight)")
if len(emails) != len(measured):
    failures.append(f"{len(measured)} rows but {len(emails)} distinct payloads")
if writer:
    print("writer (warm-up included): " + writer.replace("SQLite group-commit writer stopped", "").strip())
print(f"mail: no SMTP server set, so the mail worker wrote .eml files into the data folder,"
      f" on the server's core, during the run: {emls:,} files; {mailed:,} of the {len(rows):,}"
      f" stored enquiries (warm-up included) marked mailed when the server stopped")
if failures:
    for failure in failures:
        print(f"bench: {failure}", file=sys.stderr)
    sys.exit(1)
print("check: every acknowledged enquiry is stored, each row distinct")
PY
load
