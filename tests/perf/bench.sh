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
ROUTES=${BENCH_ROUTES:-"/ /memberships /about /faq /contact /timetable /hot-yoga /intro-offer"}
POST_CONNECTIONS=${BENCH_POST_CONNECTIONS:-$CONNECTIONS}
# Posts a client may make per minute on the POST server: far above anything wrk can send, so no
# post is refused, while the limiter still runs as it does in production.
POST_RATE_LIMIT=1000000000
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
uncounted_port=$(free_port)
"${server_cpu[@]}" env ONESPACE_COUNT_VISITORS=false \
  "$BINARY" serve --addr "127.0.0.1:$uncounted_port" --data "$work/uncounted-data" 2>"$work/uncounted.log" &
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
measure_round() { # server round
  cpu_counters >"$work/cpu-before"
  run_wrk "${url[$1]}" >"$work/$1-$2.txt"
  cpu_counters >"$work/cpu-after"
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
    line="$line ${label[$server]} $(rps "$work/$server-$round.txt") req/s$(cores_of "$server" "$round"),"
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
