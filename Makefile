# One Space website. `make run` builds everything and serves http://127.0.0.1:8080;
# `make test` runs every test. Both install what the machine lacks (scripts/ensure-tools.sh).

SHELL := /bin/bash
.DEFAULT_GOAL := run

ADDR ?= 127.0.0.1:8080
DATA ?= ./data
WASM_PKG := frontend/src/wasm-pkg

.PHONY: run dev build tools browser test-services wasm frontend server test lint test-rust test-frontend test-e2e test-dev

run: build
	./target/release/onespace serve --addr $(ADDR) --data $(DATA)

build: server

# The save-and-see loop (scripts/dev.mjs): the debug server with live reload and the frontend
# rebuilt by `vite build --watch`; a Rust change rebuilds and restarts the server, and the open
# tab reloads itself. Nothing to install beyond what `make run` needs.
dev: wasm
	node scripts/dev.mjs --addr $(ADDR) --data $(DATA)

tools:
	bash scripts/ensure-tools.sh

browser:
	bash scripts/ensure-tools.sh --browser

# PostgreSQL server binaries and a Python with aiosmtpd (target/test-venv) for the enquiry tests,
# which start and stop their own PostgreSQL and SMTP servers on 127.0.0.1.
test-services:
	bash scripts/ensure-tools.sh --test-services

wasm: tools
	bash scripts/wasm.sh $(WASM_PKG)

frontend: wasm
	npm run build -w frontend

server: frontend
	cargo build --release -p onespace-server

test: build browser test-services lint test-rust test-frontend test-e2e test-dev

lint:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings
	npm run typecheck -w frontend
	npm run typecheck -w tests

# The enquiry tests drive the release binary that `build` made (ONESPACE_TEST_RELEASE=1).
test-rust: test-services
	ONESPACE_TEST_RELEASE=1 cargo test --workspace

test-frontend:
	npm test -w frontend

test-e2e:
	npm test -w tests

# `make dev` starts and serves a page with live reload, then stops (tests/dev).
test-dev:
	node --test tests/dev/

# Speed and quality, reported as ratios and scores (never asserted in the test suite).
.PHONY: bench bench-dev audit
bench: build
	bash tests/perf/bench.sh

# The save-and-see loop of `make dev`: seconds from saving a template or an island to the page.
bench-dev: wasm
	bash tests/perf/dev-loop.sh

audit: build browser
	node tests/perf/audit.mjs
