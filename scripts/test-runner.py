#!/usr/bin/env python3
"""Runs one test runner of `make test` under a time limit of its own, and says what it ran.

    test-runner.py --name NAME --kind KIND --limit 40m -- COMMAND...
    test-runner.py --reset      (a new summary: `make test` starts with it)
    test-runner.py --summary    (every runner's counts, flaky tests, one closing line)

Why it exists: a runner waits for every process that holds its output, so one server left behind
by a test kept `make test` waiting until CI's 90-minute limit, printing nothing. Here:

- The runner and everything it starts carry a marker in their environment (ONESPACE_TEST_RUN), so
  what it leaves behind is found even in a process group or session of its own.
- Past its limit the runner is ended with a message that names it and the processes it was still
  waiting for; then they are stopped (SIGTERM, SIGKILL 10 s later). Exit status 124.
- When the runner has ended, a process it started that still holds its output, or still runs after
  a grace period, is named and stopped, and the run fails: a test stops what it starts.
- Its output is forwarded as it comes and read for the number of tests run (KIND: cargo, vitest,
  playwright, node, or none for a check that runs no tests); a runner that ran no test fails, and
  tests that passed only on a retry (Playwright's flaky) are listed. Each run adds a line to the
  summary file (ONESPACE_TEST_SUMMARY, default target/test-summary.jsonl).

Python's standard library only, like the other support scripts.
"""

import argparse
import json
import os
import re
import select
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

MARKER = "ONESPACE_TEST_RUN"
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SUMMARY = ROOT / "target" / "test-summary.jsonl"
# After the runner exits, how long its output may stay open, and how long what it started may take
# to finish stopping (a server told to stop a moment before the runner's end), before either is a
# leftover.
OUTPUT_GRACE_S = 10
LEFTOVER_GRACE_S = 10
# Between SIGTERM and SIGKILL when stopping what a runner left.
STOP_GRACE_S = 10

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def parse_limit(text):
    """'40m', '90s', '2h' or plain seconds."""
    match = re.fullmatch(r"(\d+(?:\.\d+)?)([smh]?)", text.strip())
    if not match:
        raise argparse.ArgumentTypeError(f"a limit is like 40m, 90s or 2h, not {text!r}")
    return float(match.group(1)) * {"": 1, "s": 1, "m": 60, "h": 3600}[match.group(2)]


def describe_limit(seconds):
    return f"{seconds / 60:g} minutes" if seconds >= 120 else f"{seconds:g} seconds"


# --- what a runner started ----------------------------------------------------------------------


def marked_processes(marker):
    """Live processes whose environment carries this run's marker: {pid: (ppid, command line)}."""
    prefix = f"{MARKER}=".encode()
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            base = Path("/proc", entry)
            values = [item[len(prefix) :] for item in base.joinpath("environ").read_bytes().split(b"\0") if item.startswith(prefix)]
            if not values or marker.encode() not in values[0].split(b":"):
                continue
            stat = base.joinpath("stat").read_text()
            # The fields after the command name, which may itself hold spaces and brackets.
            state, ppid = stat[stat.rindex(")") + 2 :].split()[:2]
            if state == "Z":
                continue
            command = base.joinpath("cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
            found[int(entry)] = (int(ppid), command)
        except (OSError, ValueError):
            continue  # gone meanwhile, or not ours to read
    return found


def listing(processes):
    """One line a process, children indented under their parents."""
    lines = []

    def walk(pid, depth):
        ppid, command = processes[pid]
        shown = command if len(command) <= 240 else command[:237] + "..."
        lines.append(f"    {'  ' * depth}pid {pid}: {shown}")
        for child in sorted(p for p, (parent, _) in processes.items() if parent == pid):
            walk(child, depth + 1)

    for pid in sorted(p for p, (parent, _) in processes.items() if parent not in processes):
        walk(pid, 0)
    return "\n".join(lines)


def stop_all(marker, group):
    """Stops the runner's process group and every marked process: SIGTERM, then SIGKILL."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(group, sig)
        except OSError:
            pass
        for pid in marked_processes(marker):
            try:
                os.kill(pid, sig)
            except OSError:
                pass
        deadline = time.monotonic() + STOP_GRACE_S
        while marked_processes(marker) and time.monotonic() < deadline:
            time.sleep(0.2)
        if not marked_processes(marker):
            return


# --- what a runner ran --------------------------------------------------------------------------


class Counts:
    """Reads a runner's output line by line for its counts."""

    def __init__(self, kind):
        self.kind = kind
        self.passed = self.failed = self.skipped = 0
        self.seen = False
        self.flaky = []
        self.failures = []
        self._listing = None  # which Playwright list the following lines belong to

    def line(self, raw):
        text = ANSI.sub("", raw).rstrip()
        getattr(self, f"_{self.kind}", lambda _: None)(text)

    def _cargo(self, text):
        match = re.match(r"test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored", text)
        if match:
            self.seen = True
            self.passed += int(match.group(1))
            self.failed += int(match.group(2))
            self.skipped += int(match.group(3))

    def _vitest(self, text):
        match = re.match(r"\s*Tests\s+(.*)$", text)
        if match:
            self.seen = True
            for number, word in re.findall(r"(\d+) (passed|failed|skipped|todo)", match.group(1)):
                if word == "passed":
                    self.passed = int(number)
                elif word == "failed":
                    self.failed = int(number)
                else:
                    self.skipped += int(number)

    def _playwright(self, text):
        match = re.match(r"\s+(\d+) (passed|failed|flaky|skipped|did not run|interrupted)\b", text)
        if match:
            self.seen = True
            number, word = int(match.group(1)), match.group(2)
            # Its "passed" leaves out the flaky ones, which passed too (on a retry).
            if word in ("passed", "flaky"):
                self.passed += number
            elif word in ("failed", "interrupted"):
                self.failed += number
            else:
                self.skipped += number
            self._listing = {"flaky": self.flaky, "failed": self.failures}.get(word)
            return
        # Listed under their count, four spaces in: "specs/x.spec.ts:12:3 › title ────".
        test = re.match(r"\s{4,}(\S.*?)[\s─]*$", text)
        if self._listing is not None and test:
            self._listing.append(test.group(1))
        else:
            self._listing = None

    def _node(self, text):
        match = re.match(r"(?:# |ℹ )(tests|pass|fail|cancelled|skipped|todo) (\d+)$", text)
        if match:
            self.seen = True
            word, number = match.group(1), int(match.group(2))
            if word == "pass":
                self.passed = number
            elif word in ("fail", "cancelled"):
                self.failed += number
            elif word in ("skipped", "todo"):
                self.skipped += number


# --- one run ------------------------------------------------------------------------------------


def say(text):
    sys.stdout.write(f"\n==> test-runner: {text}\n")
    sys.stdout.flush()


def run(args):
    marker = uuid.uuid4().hex
    # A runner inside a runner (the self-check of this script) adds its marker to the outer one's,
    # so each finds what it started.
    outer = os.environ.get(MARKER)
    env = dict(os.environ, **{MARKER: f"{outer}:{marker}" if outer else marker})
    began = time.monotonic()
    deadline = began + args.limit
    runner = subprocess.Popen(
        args.command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        # Its own session: a stop reaches everything in it, and the terminal's Ctrl-C comes here
        # first (forwarded below) rather than racing the runner.
        start_new_session=True,
    )

    def interrupted(signum, _frame):
        say(f"{args.name}: stopped by {signal.Signals(signum).name}; stopping what it started")
        stop_all(marker, runner.pid)
        sys.exit(128 + signum)

    signal.signal(signal.SIGINT, interrupted)
    signal.signal(signal.SIGTERM, interrupted)

    counts = Counts(args.kind)
    pending = b""
    output = runner.stdout.fileno()
    out = sys.stdout.buffer
    problem = None
    ended_at = None
    open_output = True
    while True:
        now = time.monotonic()
        if ended_at is None and runner.poll() is not None:
            ended_at = now
        if ended_at is not None and not open_output:
            break
        if now > deadline:
            waiting = marked_processes(marker)
            problem = "timeout"
            say(
                f"{args.name} ran past its limit of {describe_limit(args.limit)} and is stopped. "
                f"It was waiting for:\n{listing(waiting) or '    (nothing still running: its output was held open)'}"
            )
            break
        if ended_at is not None and now - ended_at > OUTPUT_GRACE_S:
            holders = marked_processes(marker)
            problem = "leftover"
            say(
                f"{args.name} ended (exit {runner.returncode}) but what it started still holds its output "
                f"{OUTPUT_GRACE_S} s later; stopping:\n{listing(holders) or '    (none found by marker)'}"
            )
            break
        ready, _, _ = select.select([output], [], [], 0.5)
        if not ready:
            continue
        chunk = os.read(output, 65536)
        if not chunk:
            open_output = False
            # The output closed: wait for the runner itself (within its limit).
            while runner.poll() is None and time.monotonic() < deadline:
                time.sleep(0.1)
            if runner.poll() is None:
                continue  # the deadline branch above reports it
            ended_at = ended_at or time.monotonic()
            break
        out.write(chunk)
        out.flush()
        pending += chunk
        *lines, pending = pending.split(b"\n")
        for line in lines:
            counts.line(line.decode(errors="replace"))
    if pending:
        counts.line(pending.decode(errors="replace"))

    if problem is None:
        settle = time.monotonic() + LEFTOVER_GRACE_S
        while marked_processes(marker) and time.monotonic() < settle:
            time.sleep(0.2)
        left = marked_processes(marker)
        if left:
            problem = "leftover"
            say(f"{args.name} ended but left these running {LEFTOVER_GRACE_S} s later; stopping:\n{listing(left)}")
    if problem is not None or runner.poll() is None:
        stop_all(marker, runner.pid)
    code = runner.wait()
    seconds = time.monotonic() - began

    status = "passed"
    if problem == "timeout":
        status, code = "timed out", 124
    elif problem == "leftover":
        status, code = "left processes running", code or 1
    elif code != 0:
        status = "failed"
    elif args.kind != "none" and (not counts.seen or counts.passed + counts.failed == 0):
        status, code = "ran no test", 1
        say(f"{args.name} exited 0 but ran no test: a runner that runs nothing is a failure")
    record = {
        "name": args.name,
        "kind": args.kind,
        "status": status,
        "passed": counts.passed,
        "failed": counts.failed,
        "skipped": counts.skipped,
        "flaky": counts.flaky,
        "failures": counts.failures,
        "seconds": round(seconds),
    }
    summary = Path(args.summary_file)
    summary.parent.mkdir(parents=True, exist_ok=True)
    with summary.open("a") as file:
        file.write(json.dumps(record) + "\n")
    tally = f"{counts.passed} passed, {counts.failed} failed" if args.kind != "none" else "no tests"
    say(f"{args.name}: {status} ({tally}, {seconds / 60:.1f} min)")
    for test in counts.flaky:
        print(f"    flaky (passed on retry): {test}")
    return code


def print_summary(path):
    path = Path(path)
    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()] if path.exists() else []
    if not records:
        print("test-runner: no runner has reported (summary empty)")
        return 1
    print("\n==> make test summary")
    for record in records:
        counts = "" if record["kind"] == "none" else f"  {record['passed']} passed, {record['failed']} failed, {record['skipped']} skipped"
        print(f"    {record['name']:<28} {record['status']:<22} {record['seconds'] / 60:5.1f} min{counts}")
    flaky = [(record["name"], test) for record in records for test in record["flaky"]]
    if flaky:
        print("\n    Passed only on a retry (defects to fix, not noise):")
        for name, test in flaky:
            print(f"      {name}: {test}")
    passed = sum(record["passed"] for record in records)
    failed = sum(record["failed"] for record in records)
    skipped = sum(record["skipped"] for record in records)
    bad = [record for record in records if record["status"] != "passed"]
    print(f"\nTotal: {passed} passed, {failed} failed, {skipped} skipped")
    return 1 if bad or failed else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--name")
    parser.add_argument("--kind", choices=["cargo", "vitest", "playwright", "node", "none"], default="none")
    parser.add_argument("--limit", type=parse_limit)
    parser.add_argument("--summary-file", default=os.environ.get("ONESPACE_TEST_SUMMARY", str(DEFAULT_SUMMARY)))
    parser.add_argument("--reset", action="store_true")
    parser.add_argument("--summary", action="store_true")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    if args.reset:
        Path(args.summary_file).unlink(missing_ok=True)
        return 0
    if args.summary:
        return print_summary(args.summary_file)
    if args.command[:1] == ["--"]:
        args.command = args.command[1:]
    if not (args.name and args.limit and args.command):
        parser.error("a run needs --name, --limit and a command after --")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
