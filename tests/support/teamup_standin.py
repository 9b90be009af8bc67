"""A stand-in for the booking provider (TeamUp API v2 and its widget script) for the tests.

    python3 teamup_standin.py --port PORT [--provider-id N] [--customer-site ID-NAME]
        [--api-key KEY] [--mode MODE] [--lifetime SECONDS]

It answers as TeamUp documents (the "Events: List" and "Providers: Retrieve" reference pages,
an unofficial copy in the public repository rob693/teamup-api-docs, and docs.goteamup.com on
pagination, rate limits and authentication), and is no kinder than the real service:
- `Authorization: Token <key>` (or `Bearer <key>`) is required: 401 without it or with another
  key (documented: the events list needs credentials with an events permission);
- `TeamUp-Provider-ID` must be a number (400 otherwise), of this account (403 otherwise);
- `Teamup-Request-Mode` is required (documented as required when the credentials have both
  modes, which a staff member's key has): 400 without it; listing events in `customer` mode is
  refused (403);
- `GET /api/v2/events`: filters `starts_at_gte`/`starts_at_lte`, `status` (active, cancelled;
  comma-separated), `sort` (start, -start, end, -end; 400 otherwise), `fields` (comma-separated,
  dot notation for nested fields), `expand` (instructors, offering_type), `page` from 1 (404
  past the last, as the provider's "Invalid page."), `page_size` up to 250 (the reference's
  maximum; larger is clamped); other query names are ignored. Answers `{count, next, previous,
  results}` with absolute `next`/`previous` URLs. Sorted by id unless `sort` is given, so a client
  that does not sort sees pages in no useful order;
- events carry the documented fields: id, object, name, description, starts_at, ends_at, status,
  max_occupancy, waitlist_max_override, attending_count, waiting_count, is_appointment,
  small_session_attendances (attendance ids: what a client must never ask for), venue,
  venue_room, registrations_open_at, registrations_close_at, late_cancel_deadline, instructors (a
  related-collection URL unless expanded; expanded `[{id, object, name, picture_url,
  description}]`), offering_type (an id unless expanded; expanded `{id, object, name,
  customer_visibility, waitlist_max, description}`), customer_url, provider_url, category;
- `GET /api/v2/providers/<id>`: `{id, object, name}`, `fields` honoured;
- modes: `ok`; `slow` answers after `delay` seconds; `error` answers 500; `malformed` answers 200
  with broken JSON; `hang` never answers; `ratelimit` answers 429 with `Retry-After`;
  `unavailable` answers 503 with `Retry-After`.
- `GET /teamup.js`: a stand-in of the widget script. It defines the global `teamup.calendar(config)`
  (as the public embeds call it) which draws, inside the element `config.target_element_id`, a
  frame of the customer site's schedule on the frame origin: this server addressed as
  `localhost` (another origin than the script's `127.0.0.1`). `GET /p/<site>/c/schedule` is that
  page.

Default schedule: every day from today (UK date) for 21 days: Hot Yoga 07:00 (Sophie Reid, 14 of
20 booked), Warm Pilates 09:30 (Leanne Brown, full, 2 waiting, waitlist open), a 1-2-1
appointment at 12:00, Members' Mobility 13:00 (members only), Staff Training 14:00 (private),
HYROX 18:00 (Chris Wallace, 45 minutes, no customer_url), Fire & Ice 19:30 (cancelled). Only Hot
Yoga, Warm Pilates and HYROX are public classes.

Control (for tests), JSON bodies:
- `POST /_control/mode {"mode": ..., "delay": seconds, "retry_after": seconds}`;
- `POST /_control/events {"events": [...]}` replaces the schedule; `{"rename": "Old", "to":
  "New"}` renames classes; `{"in_progress": "Name"}` adds a public class that started 15 minutes
  ago and ends in 45;
- `POST /_control/pages {"max_page_size": N, "next_origin": "http://host:port"}`: pages of at
  most N events; `next`/`previous` on another origin;
- `GET /_control/stats`: `{"requests": N (every API request, refused ones too), "served": N
  (event pages answered 200), "queries": [the event list queries], "headers": [{"provider_id",
  "request_mode", "scheme"} of each API request]}`.

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
MAX_PAGE_SIZE = 250
DEFAULT_PAGE_SIZE = 100
SORTS = {"start": ("starts_at", False), "-start": ("starts_at", True),
         "end": ("ends_at", False), "-end": ("ends_at", True)}

# (hour, minute, minutes, name, offering type id, visibility, instructor, capacity, booked,
#  waiting, appointment, status, has customer_url)
DAILY = [
    (7, 0, 60, "Hot Yoga", 1, "public", (11, "Sophie Reid"), 20, 14, 0, False, "active", True),
    (9, 30, 50, "Warm Pilates", 2, "public", (12, "Leanne Brown"), 16, 16, 2, False, "active", True),
    (12, 0, 60, "1-2-1 Personal Training", 3, "private", (13, "Chris Wallace"), 1, 0, 0, True, "active", True),
    (13, 0, 45, "Members' Mobility", 5, "membership_holders", (11, "Sophie Reid"), 10, 2, 0, False, "active", True),
    (14, 0, 60, "Staff Training", 6, "private", (12, "Leanne Brown"), 0, 0, 0, False, "active", True),
    (18, 0, 45, "HYROX", 4, "public", (13, "Chris Wallace"), 12, 5, 0, False, "active", False),
    (19, 30, 30, "Fire & Ice", 7, "public", (12, "Leanne Brown"), 8, 1, 0, False, "cancelled", True),
]


def iso(moment):
    return moment.isoformat(timespec="seconds")


def make_event(number, start, minutes, name, type_id, visibility, coach, capacity, booked, waiting,
               appointment, status, site, with_customer_url=True):
    event_id = 100000 + number
    return {
        "id": event_id,
        "object": "event",
        "name": name,
        "description": f"{name} at the studio.",
        "starts_at": iso(start),
        "ends_at": iso(start + dt.timedelta(minutes=minutes)),
        "status": status,
        "max_occupancy": capacity,
        "waitlist_max_override": None,
        "attending_count": booked,
        "waiting_count": waiting,
        "is_appointment": appointment,
        "small_session_attendances": [900000 + number],
        "venue": 1,
        "venue_room": None,
        "registrations_open_at": iso(start - dt.timedelta(days=14)),
        "registrations_close_at": iso(start),
        "late_cancel_deadline": iso(start - dt.timedelta(hours=3)),
        "instructors": [{"id": coach[0], "object": "instructor", "name": coach[1],
                         "picture_url": "", "description": ""}],
        "offering_type": {"id": type_id, "object": "offering_type", "name": name,
                          "customer_visibility": visibility, "waitlist_max": None,
                          "description": ""},
        "customer_url": (f"https://goteamup.com/p/{site}/c/schedule?e={event_id}"
                         f"&startdate={start.date().isoformat()}") if with_customer_url else None,
        "provider_url": f"https://goteamup.com/provider/events/{event_id}/",
        "category": None,
    }


def default_events(site, days=21):
    today = dt.datetime.now(UK).date()
    events = []
    for day in range(days):
        date = today + dt.timedelta(days=day)
        for n, row in enumerate(DAILY):
            hour, minute, minutes, name, type_id, visibility, coach, cap, booked, waiting, appt, status, url = row
            start = dt.datetime(date.year, date.month, date.day, hour, minute, tzinfo=UK)
            events.append(make_event(day * 10 + n, start, minutes, name, type_id, visibility, coach,
                                     cap, booked, waiting, appt, status, site, url))
    return events


def parse_instant(text):
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def select_fields(event, fields):
    """Keeps the named fields; `a.b` keeps `b` of the object (or each object of the list) `a`."""
    if not fields:
        return event
    chosen = {}
    nested = {}
    for field in fields:
        top, _, inner = field.partition(".")
        if top not in event:
            continue
        if inner:
            nested.setdefault(top, []).append(inner)
        else:
            chosen[top] = event[top]
    for top, inners in nested.items():
        if top in chosen:
            continue
        value = event[top]
        if isinstance(value, dict):
            chosen[top] = {k: v for k, v in value.items() if k in inners}
        elif isinstance(value, list):
            chosen[top] = [{k: v for k, v in item.items() if k in inners} if isinstance(item, dict) else item
                           for item in value]
        else:
            chosen[top] = value
    return chosen


class State:
    def __init__(self, args):
        self.lock = threading.Lock()
        self.provider_id = str(args.provider_id)
        self.site = args.customer_site or f"{args.provider_id}-one-space"
        self.api_key = args.api_key
        self.mode = args.mode
        self.delay = 10.0
        self.retry_after = 30
        self.events = default_events(self.site)
        self.max_page_size = MAX_PAGE_SIZE
        self.next_origin = None
        self.requests = 0
        self.served = 0
        self.queries = []
        self.headers = []


WIDGET = """// Stand-in of TeamUp's widget script: the global the public embeds call.
window.teamup = {
  calendar(config) {
    const target = document.getElementById(config.target_element_id);
    if (!target) throw new Error('teamup: no element ' + config.target_element_id);
    const here = new URL(document.currentScript ? document.currentScript.src : '%(script)s');
    const frame = document.createElement('iframe');
    frame.className = 'teamup-frame';
    frame.title = 'Class schedule';
    frame.src = 'http://localhost:' + here.port + '/p/%(site)s/c/schedule?provider=' + config.provider_id + '&view=' + config.view;
    window.__teamupConfig = config;
    target.append(frame);
  },
};
"""

SCHEDULE_PAGE = """<!doctype html><html><head><title>Schedule</title></head>
<body><h1 id="standin-schedule">Stand-in schedule for %(site)s</h1></body></html>"""


class Handler(BaseHTTPRequestHandler):
    state = None
    protocol_version = "HTTP/1.1"

    def log_message(self, *_):
        pass

    def send_body(self, status, body, content_type, extra=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in extra:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def send_json(self, status, value, raw=None, extra=()):
        body = raw if raw is not None else json.dumps(value).encode()
        self.send_body(status, body, "application/json", extra)

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
                state.retry_after = int(body.get("retry_after", 30))
            elif path == "/_control/events":
                if "events" in body:
                    state.events = body["events"]
                if "rename" in body:
                    for event in state.events:
                        if event["name"] == body["rename"]:
                            event["name"] = body["to"]
                            if isinstance(event.get("offering_type"), dict):
                                event["offering_type"]["name"] = body["to"]
                if "in_progress" in body:
                    now = dt.datetime.now(UK).replace(microsecond=0)
                    midnight = now.replace(hour=0, minute=0, second=0)
                    start = max(now - dt.timedelta(minutes=15), midnight)
                    state.events.append(make_event(
                        9999, start, 60, body["in_progress"], 8, "public", (11, "Sophie Reid"),
                        10, 3, 0, False, "active", state.site))
            elif path == "/_control/pages":
                state.max_page_size = int(body.get("max_page_size", MAX_PAGE_SIZE))
                state.next_origin = body.get("next_origin")
            else:
                return self.send_json(404, {"detail": "Not found."})
        self.send_json(200, {"ok": True})

    def refusal(self):
        """The documented refusals of an API request, or None when it may go on."""
        state = self.state
        auth = self.headers.get("Authorization") or ""
        scheme, _, key = auth.partition(" ")
        provider = self.headers.get("TeamUp-Provider-ID")
        mode = self.headers.get("Teamup-Request-Mode")
        with state.lock:
            state.requests += 1
            state.headers.append({"provider_id": provider, "request_mode": mode, "scheme": scheme or None})
        if not auth:
            return 401, "Authentication credentials were not provided."
        if scheme not in ("Token", "Bearer") or key != state.api_key:
            return 401, "Invalid token."
        if provider is not None and not provider.isdigit():
            return 400, "TeamUp-Provider-ID must be an integer."
        if provider is not None and provider != state.provider_id:
            return 403, "You do not have permission to perform this action."
        if mode not in ("customer", "provider"):
            return 400, "Teamup-Request-Mode is required: these credentials have both modes."
        return None

    def do_GET(self):
        state = self.state
        url = urlsplit(self.path)
        if url.path == "/_control/stats":
            with state.lock:
                return self.send_json(200, {"requests": state.requests, "served": state.served,
                                            "queries": state.queries, "headers": state.headers})
        if url.path == "/teamup.js":
            script = f"http://127.0.0.1:{self.server.server_address[1]}/teamup.js"
            body = (WIDGET % {"site": state.site, "script": script}).encode()
            return self.send_body(200, body, "text/javascript")
        if url.path == f"/p/{state.site}/c/schedule":
            return self.send_body(200, (SCHEDULE_PAGE % {"site": state.site}).encode(), "text/html")
        if not url.path.startswith("/api/v2/"):
            return self.send_json(404, {"detail": "Not found."})
        refused = self.refusal()
        if refused:
            return self.send_json(refused[0], {"detail": refused[1]})
        query = {name: values[-1] for name, values in parse_qs(url.query).items()}
        fields = [f for f in query.get("fields", "").split(",") if f]
        if url.path.rstrip("/") == f"/api/v2/providers/{state.provider_id}":
            provider = {"id": int(state.provider_id), "object": "provider", "name": "One Space"}
            return self.send_json(200, select_fields(provider, fields))
        if url.path.rstrip("/") != "/api/v2/events":
            return self.send_json(404, {"detail": "Not found."})
        if self.headers.get("Teamup-Request-Mode") == "customer":
            return self.send_json(403, {"detail": "You do not have permission to perform this action."})
        with state.lock:
            state.queries.append(query)
            mode, delay, retry_after = state.mode, state.delay, state.retry_after
            events, max_size, next_origin = list(state.events), state.max_page_size, state.next_origin
        if mode == "hang":
            time.sleep(3600)
            return None
        if mode == "slow":
            time.sleep(delay)
        if mode == "error":
            return self.send_json(500, None, b'{"detail": "Internal server error."}')
        if mode == "malformed":
            return self.send_json(200, None, b'{"count": 3, "results": [{"id": 1, "name": ')
        if mode in ("ratelimit", "unavailable"):
            status = 429 if mode == "ratelimit" else 503
            return self.send_json(status, {"detail": "Request was throttled."},
                                  extra=[("Retry-After", str(retry_after))])
        try:
            page = int(query.get("page", "1"))
            size = min(MAX_PAGE_SIZE, max_size, max(1, int(query.get("page_size", DEFAULT_PAGE_SIZE))))
            gte = parse_instant(query["starts_at_gte"]) if "starts_at_gte" in query else None
            lte = parse_instant(query["starts_at_lte"]) if "starts_at_lte" in query else None
        except ValueError as error:
            return self.send_json(400, {"detail": str(error)})
        statuses = [s for s in query.get("status", "").split(",") if s]
        if any(s not in ("active", "cancelled") for s in statuses):
            return self.send_json(400, {"status": ["Select a valid choice."]})
        sort = query.get("sort")
        if sort is not None and sort not in SORTS:
            return self.send_json(400, {"sort": ["Select a valid choice."]})
        expand = set(query.get("expand", "").split(","))
        host = self.headers.get("Host")
        chosen = []
        for event in events:
            start = parse_instant(event["starts_at"])
            if (gte and start < gte) or (lte and start > lte):
                continue
            if statuses and event.get("status") not in statuses:
                continue
            event = json.loads(json.dumps(event))
            if "instructors" not in expand:
                event["instructors"] = f"http://{host}/api/v2/related_collection?event={event['id']}&field=instructors"
            if "offering_type" not in expand and isinstance(event.get("offering_type"), dict):
                event["offering_type"] = event["offering_type"]["id"]
            chosen.append(event)
        if sort:
            key, reverse = SORTS[sort]
            chosen.sort(key=lambda event: parse_instant(event[key]), reverse=reverse)
        else:
            chosen.sort(key=lambda event: -event["id"])
        last = max(1, -(-len(chosen) // size))
        if page < 1 or page > last:
            return self.send_json(404, {"detail": "Invalid page."})
        results = [select_fields(event, fields) for event in chosen[(page - 1) * size: page * size]]
        base = (next_origin or f"http://{host}") + url.path

        def link(number):
            return base + "?" + urlencode({**query, "page": number})

        with state.lock:
            state.served += 1
        self.send_json(200, {
            "count": len(chosen),
            "next": link(page + 1) if page < last else None,
            "previous": link(page - 1) if page > 1 else None,
            "results": results,
        })


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--provider-id", type=int, default=5123456)
    parser.add_argument("--customer-site", default=None)
    parser.add_argument("--api-key", default="standin-key")
    parser.add_argument("--mode", default="ok")
    parser.add_argument("--lifetime", type=float, default=900.0)
    args = parser.parse_args()
    Handler.state = State(args)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"ready {server.server_address[1]}", flush=True)
    wait_until_stopped(args.lifetime)


if __name__ == "__main__":
    main()
