"""A real SMTP server for the enquiry tests: stores every message it accepts as a file.

    python smtp_sink.py --port PORT --dir FOLDER [--lifetime SECONDS]

Listens on 127.0.0.1 only. Each accepted message is written to FOLDER as
`<sequence>-<pid>.eml` (written to a temporary name, then renamed), with `X-Sink-Rcpt` and
`X-Sink-From` lines before the message recording the envelope. Prints `ready` when listening.
Stops when standard input closes (the test that started it has gone), on SIGTERM, or after
--lifetime seconds (default 900), so it never outlives a test run.
"""

import argparse
import asyncio
import itertools
import os

from aiosmtpd.controller import Controller
from lifetime import wait_until_stopped


class Store:
    def __init__(self, folder):
        self.folder = folder
        self.counter = itertools.count(1)

    async def handle_DATA(self, server, session, envelope):
        number = next(self.counter)
        name = f"{number:06d}-{os.getpid()}.eml"
        partial = os.path.join(self.folder, "." + name + ".partial")
        head = "".join(f"X-Sink-Rcpt: {rcpt}\r\n" for rcpt in envelope.rcpt_tos)
        head += f"X-Sink-From: {envelope.mail_from}\r\n"
        with open(partial, "wb") as file:
            file.write(head.encode())
            file.write(envelope.original_content or envelope.content)
        os.rename(partial, os.path.join(self.folder, name))
        return "250 Message accepted for delivery"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--lifetime", type=float, default=900.0)
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    controller = Controller(Store(args.dir), hostname="127.0.0.1", port=args.port)
    controller.start()
    print("ready", flush=True)
    wait_until_stopped(args.lifetime)
    controller.stop()


if __name__ == "__main__":
    main()
