"""A stand-in for the booking provider's public events API (TeamUp v2) for the timetable tests.

    python3 teamup_standin.py --port PORT [--provider-id ID] [--mode MODE] [--lifetime SECONDS]

Speaks what the provider documents for `GET /api/v2/events`:
- the `Teamup-Provider-ID` header is required (400 without it, 404 for another provider);
- list answers in the envelope `{count, next, previous, results}`, `page_size` up to 100
  (default 20), `page` from 1, `next`/`previous` as absolute URLs or null;
- `starts_at_gte` / `starts_at_lte` (ISO 8601 instants) filter by start; other query names are
  ignored, as the provider ignores them;
- events carry `id`, `type` (`class`, `appointment` or `course`), `name`, `description`,
  `starts_at`, `ends_at` (ISO 8601 with the studio's UK offset), `duration` (minutes), `status`,
  `max_occupancy`, `attending_count`, `waiting_count`, `venue` and, expanded on request with
  `expand=instructors,offering_type`, `instructors` (`[{id, first_name, last_name}]`) and
  `offering_type` (`{id, name}`); not expanded they are ids, as the provider answers.

Default schedule: every day from today (UK date) for 21 days, Hot Yoga 07:00 (Sophie), Warm
Pilates 09:30 (Leanne), HYROX 18:00 (Chris, 45 minutes) and a 1-2-1 appointment at 12:00 that the
site must skip.

Control (for tests), JSON bodies:
- `POST /_control/mode {"mode": "ok"|"slow"|"error"|"malformed"|"hang", "delay": seconds}`:
  `slow` answers after `delay` (default 10) seconds, `error` answers 500, `malformed` answers 200
  with broken JSON, `hang` accepts the connection and never answers.
- `POST /_control/events {"events": [...]}` replaces the schedule; `{"rename": "Old", "to":
  "New"}` renames classes.
- `GET /_control/stats` answers `{"requests": N}`: event list requests served so far.

Listens on 127.0.0.1 only; prints `ready PORT` when listening. Stops when standard input closes,
on SIGTERM, or after --lifetime seconds (default 900), so it never outlives a test run.
"""

import argparse
import datetime as dt
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlencode, urlsplit
from zoneinfo import ZoneInfo

from lifetime import wait_until_stopped

UK = ZoneInfo("Europe/London")
MAX_PAGE_SIZE = 100
DEFAULT_PAGE_SIZE = 20

DAILY = [
    ("class", 7, 0, 60, "Hot Yoga", 1, ("Sophie", "Reid"), 20, 14),
    ("class", 9, 30, 50, "Warm Pilates", 2, ("Leanne", "Brown"), 16, 16),
    ("appointment", 12, 0, 60, "1-2-1 Personal Training", 3, ("Chris", "Wallace"), 1, 0),
    ("class", 18, 0, 45, "HYROX", 4, ("Chris", "Wallace"), 12, 5),
]


def iso(moment):
    return moment.isoformat(timespec="seconds")


def default_events(days=21):
    today = dt.datetime.now(UK).date()
    events = []
    for day in range(days):
        date = today + dt.timedelta(days=day)
        for n, (kind, hour, minute, length, name, type_id, coach, capacity, booked) in enumerate(DAILY):
            start = dt.datetime(date.year, date.month, date.day, hour, minute, tzinfo=UK)
            events.append({
                "id": 100000 + day * 10 + n,
                "type": kind,
                "name": name,
                "description": "",
                "starts_at": iso(start),
                "ends_at": iso(start + dt.timedelta(minutes=length)),
                "duration": length,
                "status": "active",
                "max_occupancy": capacity,
                "attending_count": booked,
                "waiting_count": 0,
                "venue": 1,
                "instructors": [{"id": type_id, "first_name": coach[0], "last_name": coach[1]}],
                "offering_type": {"id": type_id, "name": name},
            })
    return events


def parse_instant(text):
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


class State:
    def __init__(self, provider_id, mode):
        self.lock = threading.Lock()
        self.provider_id = provider_id
        self.mode = mode
        self.delay = 10.0
        self.events = default_events()
        self.requests = 0


class Handler(BaseHTTPRequestHandler):
    state = None
    protocol_version = "HTTP/1.1"

    def log_message(self, *_):
        pass

    def send_json(self, status, value, raw=None):
        body = raw if raw is not None else json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def read_json(self):
        length = int(self.headers.get("Content-Length") or 0)
        return json.loads(self.rfile.read(length) or b"{}")

    def do_POST(self):
        state = self.state
        path = urlsplit(self.path).path
        body = self.read_json()
        with state.lock:
            if path == "/_control/mode":
                state.mode = body.get("mode", "ok")
                state.delay = float(body.get("delay", 10))
            elif path == "/_control/events":
                if "events" in body:
                    state.events = body["events"]
                if "rename" in body:
                    for event in state.events:
                        if event["name"] == body["rename"]:
                            event["name"] = body["to"]
                            if isinstance(event.get("offering_type"), dict):
                                event["offering_type"]["name"] = body["to"]
            else:
                return self.send_json(404, {"detail": "Not found."})
        self.send_json(200, {"ok": True})

    def do_GET(self):
        state = self.state
        url = urlsplit(self.path)
        if url.path == "/_control/stats":
            with state.lock:
                return self.send_json(200, {"requests": state.requests})
        if url.path.rstrip("/") != "/api/v2/events":
            return self.send_json(404, {"detail": "Not found."})
        provider = self.headers.get("Teamup-Provider-ID")
        if not provider:
            return self.send_json(400, {"detail": "Teamup-Provider-ID header is required."})
        if provider != state.provider_id:
            return self.send_json(404, {"detail": "Provider not found."})
        with state.lock:
            state.requests += 1
            mode, delay, events = state.mode, state.delay, list(state.events)
        if mode == "hang":
            time.sleep(3600)
            return None
        if mode == "slow":
            time.sleep(delay)
        if mode == "error":
            return self.send_json(500, None, b'{"detail": "Internal server error."}')
        if mode == "malformed":
            return self.send_json(200, None, b'{"count": 3, "results": [{"id": 1, "name": ')
        query = {name: values[-1] for name, values in parse_qs(url.query).items()}
        try:
            page = max(1, int(query.get("page", "1")))
            size = min(MAX_PAGE_SIZE, max(1, int(query.get("page_size", DEFAULT_PAGE_SIZE))))
            gte = parse_instant(query["starts_at_gte"]) if "starts_at_gte" in query else None
            lte = parse_instant(query["starts_at_lte"]) if "starts_at_lte" in query else None
        except ValueError as error:
            return self.send_json(400, {"detail": str(error)})
        expand = set(query.get("expand", "").split(","))
        chosen = []
        for event in events:
            start = parse_instant(event["starts_at"])
            if (gte and start < gte) or (lte and start > lte):
                continue
            event = dict(event)
            if "instructors" not in expand:
                event["instructors"] = [i["id"] if isinstance(i, dict) else i for i in event.get("instructors", [])]
            if "offering_type" not in expand and isinstance(event.get("offering_type"), dict):
                event["offering_type"] = event["offering_type"]["id"]
            chosen.append(event)
        chosen.sort(key=lambda event: parse_instant(event["starts_at"]))
        results = chosen[(page - 1) * size: page * size]
        base = f"http://{self.headers.get('Host')}{url.path}"

        def link(number):
            return base + "?" + urlencode({**query, "page": number})

        self.send_json(200, {
            "count": len(chosen),
            "next": link(page + 1) if page * size < len(chosen) else None,
            "previous": link(page - 1) if page > 1 else None,
            "results": results,
        })


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--provider-id", default="one-space-livingston")
    parser.add_argument("--mode", default="ok")
    parser.add_argument("--lifetime", type=float, default=900.0)
    args = parser.parse_args()
    Handler.state = State(args.provider_id, args.mode)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"ready {server.server_address[1]}", flush=True)
    wait_until_stopped(args.lifetime)


if __name__ == "__main__":
    main()
