"""How the test support servers end: when standard input closes (the test that started them has
gone), on SIGTERM, or after a lifetime in seconds, so none outlives a test run."""

import signal
import sys
import threading


def wait_until_stopped(lifetime):
    """Blocks until standard input closes, SIGTERM arrives or `lifetime` seconds pass."""
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())

    def watch_stdin():
        sys.stdin.read()
        stop.set()

    threading.Thread(target=watch_stdin, daemon=True).start()
    stop.wait(lifetime)
