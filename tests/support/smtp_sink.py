"""A real SMTP server for the enquiry tests: stores every message it accepts as a file.

    python smtp_sink.py --port PORT --dir FOLDER [--lifetime SECONDS]
        [--tls starttls|implicit --cert PEM --key PEM]
        [--user NAME --password SECRET [--mechanism LOGIN|PLAIN]]
        [--hang-after-data]

Listens on 127.0.0.1 only. Each accepted message is written to FOLDER as
`<sequence>-<pid>.eml` (written to a temporary name, then renamed), with `X-Sink-Rcpt`,
`X-Sink-From`, `X-Sink-Tls` (yes/no: whether the message came over TLS) and `X-Sink-Login` (the
user name that logged in, or -) lines before the message recording the envelope. Prints `ready`
when listening.

The options make it behave like the relays a studio would use:
- `--tls starttls`: offers STARTTLS and refuses MAIL before it (as a submission port, 587);
  `--tls implicit`: TLS from the first byte (465). The certificate and its key are files the
  test made (never committed).
- `--user`/`--password`: AUTH is required (over TLS only); a wrong login is answered 535.
  `--mechanism` offers only LOGIN or only PLAIN.
- `--hang-after-data`: takes the whole message, then never answers it (a relay that hangs
  mid-conversation); it writes `hung-<sequence>.marker` in FOLDER when a message arrives.

Stops when standard input closes (the test that started it has gone), on SIGTERM, or after
--lifetime seconds (default 900), so it never outlives a test run.
"""

import argparse
import asyncio
import itertools
import logging
import os
import ssl
import warnings

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult
from lifetime import wait_until_stopped


class Store:
    def __init__(self, folder, hang):
        self.folder = folder
        self.hang = hang
        self.counter = itertools.count(1)

    async def handle_DATA(self, server, session, envelope):
        number = next(self.counter)
        if self.hang:
            marker = os.path.join(self.folder, f"hung-{number:06d}.marker")
            with open(marker, "w") as file:
                file.write("message received, never answered\n")
            await asyncio.Event().wait()
        name = f"{number:06d}-{os.getpid()}.eml"
        partial = os.path.join(self.folder, "." + name + ".partial")
        head = "".join(f"X-Sink-Rcpt: {rcpt}\r\n" for rcpt in envelope.rcpt_tos)
        head += f"X-Sink-From: {envelope.mail_from}\r\n"
        encrypted = server.transport.get_extra_info("ssl_object") is not None
        head += f"X-Sink-Tls: {'yes' if encrypted else 'no'}\r\n"
        login = session.auth_data.login.decode() if session.authenticated else "-"
        head += f"X-Sink-Login: {login}\r\n"
        with open(partial, "wb") as file:
            file.write(head.encode())
            file.write(envelope.original_content or envelope.content)
        os.rename(partial, os.path.join(self.folder, name))
        return "250 Message accepted for delivery"


def authenticator(user, password):
    def check(server, session, envelope, mechanism, auth_data):
        right = auth_data.login == user.encode() and auth_data.password == password.encode()
        # handled=False: aiosmtpd answers 235 or 535 itself.
        return AuthResult(success=right, handled=False, auth_data=auth_data)

    return check


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--lifetime", type=float, default=900.0)
    parser.add_argument("--tls", choices=["none", "starttls", "implicit"], default="none")
    parser.add_argument("--cert")
    parser.add_argument("--key")
    parser.add_argument("--user")
    parser.add_argument("--password")
    parser.add_argument("--mechanism", choices=["LOGIN", "PLAIN"])
    parser.add_argument("--hang-after-data", action="store_true")
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    # aiosmtpd warns about AUTH without STARTTLS, which implicit TLS is not, and about its own
    # deprecations; the tests read what the sink stored, not its chatter.
    warnings.simplefilter("ignore")
    logging.getLogger("mail.log").setLevel(logging.ERROR)

    options = {}
    if args.tls != "none":
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(args.cert, args.key)
        if args.tls == "starttls":
            options.update(tls_context=context, require_starttls=True)
        else:
            options.update(ssl_context=context)
    if args.user is not None:
        options.update(
            authenticator=authenticator(args.user, args.password or ""),
            auth_required=True,
            # aiosmtpd counts only STARTTLS as TLS; with implicit TLS every byte is encrypted.
            auth_require_tls=args.tls == "starttls",
        )
        if args.mechanism:
            others = {"LOGIN", "PLAIN"} - {args.mechanism}
            options.update(auth_exclude_mechanism=others)
    handler = Store(args.dir, args.hang_after_data)
    controller = Controller(handler, hostname="127.0.0.1", port=args.port, **options)
    controller.start()
    print("ready", flush=True)
    wait_until_stopped(args.lifetime)
    controller.stop()


if __name__ == "__main__":
    main()
