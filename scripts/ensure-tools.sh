#!/usr/bin/env bash
# Installs whatever the build and the tests need and this machine lacks, so `make run` and
# `make test` work on a fresh Debian machine with Rust (rustup), Node and npm:
#   - rustup's rustfmt and clippy, and the wasm32-unknown-unknown target;
#   - wasm-bindgen-cli at exactly the wasm-bindgen version locked in Cargo.lock;
#   - npm packages from package-lock.json;
#   - with --browser, Debian's chromium and chromium-headless-shell for the end-to-end tests;
#   - with --test-services, Debian's PostgreSQL server binaries and a Python virtual environment
#     in target/test-venv with aiosmtpd, for the enquiry tests (they start and stop their own
#     PostgreSQL and SMTP servers on 127.0.0.1), and Debian's avifdec (libavif-bin), with which
#     the photo tests decode every AVIF variant, openssl for the relay tests' certificates, and
#     Debian's Java runtime (default-jre-headless) when no `java` is on PATH, which runs the W3C
#     HTML checker (the npm package vnu-jar) of the validity test, and Debian's caddy, which the
#     reverse-proxy test and `make audit` start in front of the server (its package brings
#     certutil, with which the audit's browser trusts Caddy's local authority).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '==> %s\n' "$*"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

apt_updated=0
apt_install() {
  if [ "$apt_updated" -eq 0 ]; then
    as_root apt-get update -q
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -q --no-install-recommends "$@"
}

# rustfmt and clippy check every test run (a minimal rustup profile lacks them).
for component in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$component"; then
    say "adding the $component component"
    rustup component add "$component"
  fi
done

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

locked=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ -z "$locked" ]; then
  echo "Cargo.lock does not lock wasm-bindgen" >&2
  exit 1
fi
installed=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$installed" != "$locked" ]; then
  say "installing wasm-bindgen-cli $locked (found: ${installed:-none})"
  # Not --locked: the registry copy lacks one of the CLI's locked dependencies.
  cargo install wasm-bindgen-cli --version "=$locked"
fi

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm packages from package-lock.json"
  npm ci --no-audit --no-fund
fi

browser=0
services=0
for arg in "$@"; do
  case "$arg" in
    --browser) browser=1 ;;
    --test-services) services=1 ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done

# Both from one source package, so installed together at one version: the end-to-end tests run
# in the headless shell, `make audit` (Lighthouse) and the screenshot tool in the full browser.
if [ "$browser" -eq 1 ] && { [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromium-headless-shell ]; }; then
  say "installing Debian's chromium and its headless shell for the browser tests"
  apt_install chromium chromium-headless-shell fonts-dejavu-core
fi

if [ "$services" -eq 1 ]; then
  if ! compgen -G "/usr/lib/postgresql/*/bin/postgres" >/dev/null; then
    say "installing Debian's PostgreSQL server for the enquiry tests"
    # The package may try to start its own cluster; the tests never use it.
    apt_install postgresql postgresql-client
  fi
  if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
    say "adding the postgres user (PostgreSQL refuses to run as root)"
    useradd --system --home-dir /var/lib/postgresql --shell /bin/sh postgres
  fi
  if ! command -v openssl >/dev/null; then
    say "installing Debian's openssl for the relay tests' certificates"
    apt_install openssl
  fi
  if ! command -v java >/dev/null; then
    say "installing Debian's Java runtime for the W3C HTML checker (vnu-jar)"
    apt_install default-jre-headless
  fi
  if ! command -v caddy >/dev/null; then
    say "installing Debian's caddy for the reverse-proxy tests and make audit"
    # The package may try to start its own service on :80; the tests start their own on
    # free loopback ports.
    apt_install caddy
  fi
  if ! command -v avifdec >/dev/null; then
    say "installing Debian's avifdec for the photo tests"
    apt_install libavif-bin
  fi
  venv=target/test-venv
  if [ ! -x "$venv/bin/python" ]; then
    say "creating $venv for the SMTP test server"
    if ! python3 -m venv "$venv" 2>/dev/null; then
      rm -rf "$venv"
      apt_install python3-venv
      python3 -m venv "$venv"
    fi
  fi
  if ! "$venv/bin/python" -c 'import aiosmtpd' 2>/dev/null; then
    say "installing aiosmtpd into $venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check 'aiosmtpd==1.4.6'
  fi
fi
