# One Space website. `make run` builds everything and serves http://127.0.0.1:8080;
# `make test` runs every test. Both install what the machine lacks (scripts/ensure-tools.sh).

SHELL := /bin/bash
.DEFAULT_GOAL := run

ADDR ?= 127.0.0.1:8080
DATA ?= ./data
WASM_PKG := frontend/src/wasm-pkg

.PHONY: run build tools browser wasm frontend server test lint test-rust test-frontend test-e2e

run: build
	./target/release/onespace serve --addr $(ADDR) --data $(DATA)

build: server

tools:
	bash scripts/ensure-tools.sh

browser:
	bash scripts/ensure-tools.sh --browser

wasm: tools
	bash scripts/wasm.sh $(WASM_PKG)

frontend: wasm
	npm run build -w frontend

server: frontend
	cargo build --release -p onespace-server

test: build browser lint test-rust test-frontend test-e2e

lint:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings
	npm run typecheck -w frontend
	npm run typecheck -w tests

test-rust:
	cargo test --workspace
	node --test crates/wasm/tests/vectors.test.mjs

test-frontend:
	npm test -w frontend

test-e2e:
	npm test -w tests

# Speed and quality, reported as ratios and scores (never asserted in the test suite).
.PHONY: bench audit
bench: build
	bash tests/perf/bench.sh

audit: build browser
	node tests/perf/audit.mjs
