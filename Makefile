# One Space website. `make run` builds everything and serves http://127.0.0.1:8080;
# `make test` runs every test. Both install what the machine lacks (scripts/ensure-tools.sh).

SHELL := /bin/bash
.DEFAULT_GOAL := run
# A recipe that fails half-way (wasm-opt after wasm-bindgen wrote the module) leaves no output
# that would look up to date to the next run.
.DELETE_ON_ERROR:

ADDR ?= 127.0.0.1:8080
DATA ?= ./data
WASM_PKG := frontend/src/wasm-pkg
EDITOR_WASM_PKG := frontend/src/backoffice/wasm-pkg
CHAT_WASM_PKG := frontend/src/islands/chat/wasm-pkg

.PHONY: run dev build tools browser test-services wasm editor-wasm chat-wasm frontend server test lint test-lint test-compile test-rust test-frontend test-e2e test-tooling

run: build
	./target/release/onespace serve --addr $(ADDR) --data $(DATA)

build: server

# The save-and-see loop (scripts/dev.mjs): the debug server with live reload and the frontend
# rebuilt by `vite build --watch`; a Rust change rebuilds and restarts the server, and the open
# tab reloads itself. Nothing to install beyond what `make run` needs.
dev: wasm chat-wasm
	node scripts/dev.mjs --addr $(ADDR) --data $(DATA)

tools:
	bash scripts/ensure-tools.sh

# After `tools`, and `test-services` after `browser`: each may run apt-get, which takes one lock.
browser: tools
	bash scripts/ensure-tools.sh --browser

# PostgreSQL server binaries and a Python with aiosmtpd (target/test-venv) for the enquiry tests,
# which start and stop their own PostgreSQL and SMTP servers on 127.0.0.1.
test-services: browser
	bash scripts/ensure-tools.sh --test-services

# The WebAssembly module and the frontend build are files made from their sources, so a `make run`
# with nothing changed rebuilds neither; the release server, which embeds the frontend build, then
# finds nothing to recompile and starts in seconds. The stylesheet reads the server's templates
# (Tailwind's @source), so they are frontend sources too.
WASM_MODULE := $(WASM_PKG)/onespace_wasm_bg.wasm
WASM_SOURCES := $(shell find crates/core crates/wasm -type f) Cargo.toml Cargo.lock scripts/wasm.sh
# The staff editor's own module (the content check and schemas), never loaded by public pages.
EDITOR_WASM_MODULE := $(EDITOR_WASM_PKG)/onespace_editor_wasm_bg.wasm
EDITOR_WASM_SOURCES := $(shell find crates/core crates/editor-wasm -type f) Cargo.toml Cargo.lock scripts/wasm.sh
# The chat's own module (its replies), loaded when the chat panel opens.
CHAT_WASM_MODULE := $(CHAT_WASM_PKG)/onespace_chat_wasm_bg.wasm
CHAT_WASM_SOURCES := $(shell find crates/core crates/chat-wasm -type f) Cargo.toml Cargo.lock scripts/wasm.sh
FRONTEND_MANIFEST := frontend/dist/.vite/manifest.json
# The folders the stylesheet reads for class names (frontend/src/styles.css, @source).
TEMPLATE_SOURCES := crates/site/src crates/backoffice/src
FRONTEND_SOURCES := $(shell find frontend/src frontend/public frontend/build $(TEMPLATE_SOURCES) -type f -not -path '$(WASM_PKG)/*' -not -path '$(EDITOR_WASM_PKG)/*' -not -path '$(CHAT_WASM_PKG)/*') \
	frontend/vite.config.ts frontend/tsconfig.json frontend/package.json package-lock.json

wasm: $(WASM_MODULE)

$(WASM_MODULE): $(WASM_SOURCES) | tools
	$(UNLINTED) bash scripts/wasm.sh $(WASM_PKG)

editor-wasm: $(EDITOR_WASM_MODULE)

# One module after another (public, chat, editor; `make dev` needs the first two): they build in
# one cargo target folder, which cargo locks.
$(EDITOR_WASM_MODULE): $(EDITOR_WASM_SOURCES) | tools $(CHAT_WASM_MODULE)
	$(UNLINTED) bash scripts/wasm.sh $(EDITOR_WASM_PKG) onespace-editor-wasm

chat-wasm: $(CHAT_WASM_MODULE)

$(CHAT_WASM_MODULE): $(CHAT_WASM_SOURCES) | tools $(WASM_MODULE)
	$(UNLINTED) bash scripts/wasm.sh $(CHAT_WASM_PKG) onespace-chat-wasm

frontend: $(FRONTEND_MANIFEST)

# The staff editor's module too: the frontend's type check covers its tests.
$(FRONTEND_MANIFEST): $(FRONTEND_SOURCES) $(WASM_MODULE) $(EDITOR_WASM_MODULE) $(CHAT_WASM_MODULE)
	npm run build -w frontend

server: frontend
	$(UNLINTED) cargo build --release -p onespace-server

# Every test runner runs under scripts/test-runner.py: a time limit of its own (about twice its
# time on a fresh clone of a quiet two-core machine) after which it is stopped with a message
# naming what it was waiting for; a process a test leaves behind fails the run; a runner that ran
# no test fails; the counts and any test that passed only on a retry are summed up at the end.
RUNNER := python3 scripts/test-runner.py

# `make test` compiles on two lines at once (make -j2), so that each keeps a core busy while the
# other waits on a link, one large crate or wasm-opt:
#   - the build: tools, the three WebAssembly modules, the frontend, the release server;
#   - the checks, from the start: lint, then the Rust tests' compile. Neither needs the frontend
#     build: only the release binary embeds it (crates/site/build.rs), the others read it from
#     disk when they run.
# Vitest runs beside the release build's last crates; the other test runners then run one after
# another: Playwright, the Rust tests, the tooling tests. Run side by side, Playwright and the Rust tests loaded two cores to 30, and a browser
# test that measures layout once the page has settled met a font still swapping in.
# Cargo takes its parallel jobs from make's two slots (the jobserver), so two cargo builds at once
# still use two cores in all. Each target's output is printed whole when it ends
# (--output-sync), not interleaved. The first failure stops the run: make waits for what is
# running, starts nothing new, and the summary is not printed.
# Without incremental compilation: a test run builds each debug crate once, so the incremental
# state (gigabytes on a fresh clone) is written for nothing. Exported to everything the run starts,
# `make dev` in the tooling tests too, so its server is the one `test-compile` built.
test:
	@$(RUNNER) --reset
	@CARGO_INCREMENTAL=0 $(MAKE) --no-print-directory -j2 --output-sync=target test-e2e test-tooling
	@$(RUNNER) --summary

# The frontend's TypeScript is checked by its build (`npm run build -w frontend` runs tsc first).
lint: tools
	$(RUNNER) --name lint --kind none --limit 30m -- bash -c '\
	  cargo fmt --all --check && \
	  cargo clippy --workspace --all-targets -- -D warnings && \
	  cargo clippy -p onespace-server --features dev -- -D warnings && \
	  $(LINT_REST)'

# What `make lint` checks beyond clippy on the workspace: the bench's reference server and the
# tests' TypeScript.
LINT_REST := cargo fmt --check --manifest-path tests/perf/floor/Cargo.toml && \
	  cargo clippy --manifest-path tests/perf/floor/Cargo.toml --target-dir target/bench-floor -- -D warnings && \
	  npm run typecheck -w tests

# `make test` lints our crates as it compiles them: clippy's driver as rustc's wrapper for the
# workspace's crates (what `cargo clippy` sets up), warnings as errors. So it lints the tests and
# `make dev`'s server while building them, instead of checking every dependency a third time as
# `cargo clippy` would. Every debug build of the run has the same setting, or cargo would compile
# our crates again; the release build and the WebAssembly modules never have it, so a `make run`
# after a test run finds its server built.
LINTING := RUSTC_WORKSPACE_WRAPPER=clippy-driver CLIPPY_ARGS=-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__
UNLINTED := env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS

# rustfmt, clippy on the WebAssembly crates (the test build does not compile them) and the rest of
# `make lint`; clippy on the other crates runs in `test-compile`.
test-lint: tools
	$(RUNNER) --name lint --kind none --limit 30m -- bash -c '\
	  cargo fmt --all --check && \
	  cargo clippy -p onespace-wasm -p onespace-chat-wasm -p onespace-editor-wasm --all-targets -- -D warnings && \
	  $(LINT_REST)'

# The test binaries, and the debug server `make dev` (the tooling tests) runs, which shares their
# compiled dependencies, linted as they compile: while the WebAssembly modules, the frontend and
# the release server build.
test-compile: test-lint
	$(LINTING) $(RUNNER) --name "Rust tests' compile (and clippy)" --kind none --limit 30m -- bash -c '\
	  cargo test --workspace --no-run && \
	  cargo build -p onespace-server --features dev --bin onespace'

# The enquiry tests drive the release binary that `build` made (ONESPACE_TEST_RELEASE=1).
# Four tests at a time on two cores: the tests that wait (on a timeout they provoke, a server
# starting, a change reaching a node) leave room for those that compute (the photo encodings, the
# HTML checker, the sign-in bursts), which would otherwise leave a core idle at the end.
RUST_TEST_THREADS ?= 4
test-rust: build test-services test-compile test-e2e
	ONESPACE_TEST_RELEASE=1 $(LINTING) $(RUNNER) --name "Rust tests" --kind cargo --limit 40m -- cargo test --workspace -- --test-threads=$(RUST_TEST_THREADS)

# Vitest needs the WebAssembly modules only: it runs once the tests' compile is done, beside the
# release build's last crates, which compile one after another and leave a core idle.
test-frontend: frontend test-compile
	$(RUNNER) --name Vitest --kind vitest --limit 15m -- npm test -w frontend

test-e2e: build browser test-compile
	$(RUNNER) --name Playwright --kind playwright --limit 45m -- npm test -w tests

# `make dev` serves with live reload and stops for good (even right after a save), `make build`
# with nothing changed builds nothing, the runner wrapper ends hangs and leftovers, and the README
# and the guides in docs/ keep their links whole (tests/tooling). One file at a time: the make
# tests share the checkout's build outputs.
test-tooling: test-rust test-frontend build
	$(LINTING) $(RUNNER) --name "make dev and tooling" --kind node --limit 40m -- node --test --test-concurrency=1 tests/tooling/

# Speed and quality, reported as ratios and scores (never asserted in the test suite).
.PHONY: bench bench-dev audit
bench: build
	bash tests/perf/bench.sh

# The save-and-see loop of `make dev`: seconds from saving a template or an island to the page.
bench-dev: wasm chat-wasm
	bash tests/perf/dev-loop.sh

# The public pages are measured through Caddy (tests/support/caddy.mjs), which test-services
# installs with the certificate tool (certutil) the audit's browser profile is made with.
audit: build test-services
	node tests/perf/audit.mjs
