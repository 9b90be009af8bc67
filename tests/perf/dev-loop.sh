#!/usr/bin/env bash
# `make bench-dev`: the save-and-see loop of `make dev`, measured. Starts `make dev` on a free
# port, then saves a page template three times and an island three times (each save is a text
# change, then put back) and prints, per save, the seconds from the file written to the server
# answering with the change (the open tab asks every 0.25 s, so it shows the change within that
# much more). Aims (docs/performance.md, "The save-and-see loop"): under 10 s for a template,
# under 1 s for an island. Reported, never asserted. The files are restored however the script
# ends.
set -euo pipefail
cd "$(dirname "$0")/../.."

SAVES=${DEV_LOOP_SAVES:-3}
TEMPLATE=crates/site/src/pages/legal.rs
TEMPLATE_TEXT="About these terms"
TEMPLATE_URL=/terms
ISLAND=frontend/src/islands/offer/OfferWatch.tsx
ISLAND_TEXT="btn btn-primary"
ISLAND_URL=/assets/OfferWatch.js

port=$(node -e "import('./tests/support/free-port.mjs').then(async (m) => console.log(await m.freePort()))")
base="http://127.0.0.1:$port"
data=$(mktemp -d)
log=$(mktemp)
cp "$TEMPLATE" "$data/template.orig"
cp "$ISLAND" "$data/island.orig"
setsid make --no-print-directory dev ADDR="127.0.0.1:$port" DATA="$data" \
  ONESPACE_SCHEDULE_API_URL=http://127.0.0.1:9/api/v2 >"$log" 2>&1 &
dev=$!
finish() {
  cp "$data/template.orig" "$TEMPLATE"
  cp "$data/island.orig" "$ISLAND"
  kill -TERM -- "-$dev" 2>/dev/null || true
  wait "$dev" 2>/dev/null || true
  rm -rf "$data" "$log"
}
trap finish EXIT

echo "make dev: starting on $base (the first build can take minutes)"
until curl -sf "$base/healthz" >/dev/null; do
  kill -0 "$dev" 2>/dev/null || { cat "$log"; exit 1; }
  sleep 1
done

# save FILE TEXT URL LABEL: changes TEXT in FILE, waits until URL serves it, puts it back and waits
# until URL no longer serves it (so the next save starts from a settled server).
save() {
  local file=$1 text=$2 url=$3 label=$4
  for i in $(seq "$SAVES"); do
    local marked="$text $RANDOM$RANDOM"
    local started ended
    started=$(date +%s.%N)
    sed -i "s/$text/$marked/" "$file"
    until curl -s "$base$url" | grep -q "$marked"; do sleep 0.05; done
    ended=$(date +%s.%N)
    printf '%s save %d: %.2f s (load average %s)\n' "$label" "$i" "$(echo "$ended - $started" | bc)" \
      "$(cut -d' ' -f1 /proc/loadavg)"
    sed -i "s/$marked/$text/" "$file"
    while curl -s "$base$url" | grep -q "$marked"; do sleep 0.2; done
    sleep 2
  done
}
save "$TEMPLATE" "$TEMPLATE_TEXT" "$TEMPLATE_URL" template
save "$ISLAND" "$ISLAND_TEXT" "$ISLAND_URL" island
