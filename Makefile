# mcp-contract: the same targets on every machine.
#   make build   wasm module into pkg/ and js/pkg/, the CLI bundle js/dist/cli.cjs: the npm package ready to run
#   make demo    build, then diff the bundled example pair and print the report
#   make test    every test suite (fmt, clippy native + wasm, Rust, wasm-in-node, the wasm size budget, JS, tsc, npm pack)
#   make bench   benchmarks that print figures (the witness tallies among them), and the wasm size
#   make fuzz    each fuzz target, native (libFuzzer) and through the wasm build, for FUZZ_SECONDS;
#                writes fuzz/LOG.md (nightly + cargo-fuzz)
#   make new-rule RULE=<id> [FROM=<id>] [SEVERITY=<S>]   scaffold a rule (scripts/new-rule.mjs);
#                 then make new-rule RULE=<id> SNAPSHOT=1 once its fixture pair reports it
# Each target installs what it lacks (rust wasm target, the pinned wasm-bindgen CLI, npm
# packages) and is quick when everything is already in place.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := build
.DELETE_ON_ERROR:

CARGO ?= cargo
NPM ?= npm
NODE ?= node
WASM_TARGET := wasm32-unknown-unknown
CRATE := mcp_contract
# Where cargo writes: CARGO_TARGET_DIR, a build.target-dir in a .cargo/config.toml, else target/
# (a shared target folder is a common CI cache setting). cargo metadata knows all three.
TARGET_DIR := $(or $(shell $(CARGO) metadata --format-version 1 --no-deps 2>/dev/null | $(NODE) -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => { try { process.stdout.write(JSON.parse(s).target_directory) } catch {} })' 2>/dev/null),$(CURDIR)/target)
export MCP_CONTRACT_TARGET_DIR := $(TARGET_DIR)
WASM_RELEASE := $(TARGET_DIR)/$(WASM_TARGET)/release/$(CRATE).wasm
# The CLI must match the crate exactly; Cargo.lock is the single source of that version.
WASM_BINDGEN_VERSION := $(shell awk '/^name = "wasm-bindgen"$$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
JS_DEPS_STAMP := js/node_modules/.package-lock.json
# The local npm registry (verdaccio) the release tests publish their fixture servers to.
REGISTRY_DEPS_STAMP := tests/registries/node_modules/.package-lock.json

.PHONY: build build-www demo new-rule test test-suites setup-chrome test-action test-rust test-wasm test-size test-js test-pack test-www bench wasm-size fuzz \
	setup setup-rust setup-wasm-bindgen

# ---- setup: install only what is missing ----
setup: setup-rust setup-wasm-bindgen $(JS_DEPS_STAMP)

setup-rust:
	@rustup target list --installed | grep -qx '$(WASM_TARGET)' || rustup target add $(WASM_TARGET)

setup-wasm-bindgen:
	@test -n '$(WASM_BINDGEN_VERSION)' || { echo "wasm-bindgen not found in Cargo.lock" >&2; exit 1; }
	@if [ "$$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $(WASM_BINDGEN_VERSION)" ] \
	    || ! command -v wasm-bindgen-test-runner >/dev/null; then \
	  echo "installing wasm-bindgen-cli $(WASM_BINDGEN_VERSION) (a few minutes, once)"; \
	  $(CARGO) install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION); \
	fi

# npm ci rewrites node_modules/.package-lock.json, so this reruns only when the manifest or
# the lockfile changed (or node_modules is missing).
$(JS_DEPS_STAMP): js/package.json js/package-lock.json
	cd js && $(NPM) ci --no-audit --no-fund --loglevel=error

$(REGISTRY_DEPS_STAMP): tests/registries/package.json tests/registries/package-lock.json
	cd tests/registries && $(NPM) ci --no-audit --no-fund --loglevel=error

# ---- build ----
build: setup-rust setup-wasm-bindgen $(JS_DEPS_STAMP)
	$(CARGO) build --release --target $(WASM_TARGET) --lib
	wasm-bindgen --target web --remove-name-section --out-dir pkg $(WASM_RELEASE)
	$(NODE) scripts/compile-hints.mjs pkg/$(CRATE)_bg.wasm
	rm -rf js/pkg && mkdir -p js/pkg && cp pkg/$(CRATE).js pkg/$(CRATE)_bg.wasm pkg/$(CRATE).d.ts js/pkg/
	cd js && $(NODE) build-cli.mjs
	@if [ -f www/package.json ]; then $(MAKE) --no-print-directory build-www; fi

# ---- playground hook: www/ owns this target's recipe; it runs only when www/package.json exists ----
build-www:
	@if [ -f www/package.json ]; then \
	  [ www/node_modules/.package-lock.json -nt www/package-lock.json ] || (cd www && $(NPM) ci --no-audit --no-fund --loglevel=error); \
	  if grep -q '"build"' www/package.json; then (cd www && $(NPM) run --silent build); fi; \
	fi

# ---- demo: exit code 1 (BREAKING found) is the expected outcome, not a failure ----
demo: build
	@echo "== mcp-contract diff old.json new.json   (in examples/demo, config found by discovery)"
	@cd examples/demo && status=0 && { $(NODE) ../../js/bin/mcp-contract.js diff old.json new.json || status=$$?; }; \
	  echo "== exit code $$status (1: the fail threshold was reached)"; \
	  [ $$status -le 1 ]

# ---- test ----
# One temp folder per run: every suite makes its temp files under TMPDIR=<cargo's target folder>/test-tmp/run-PID
# (JS tests through scratchDir() in js/test/helpers.mjs, Rust tests through common::Scratch),
# the folder is removed pass or fail, and a run that leaves an mcp-contract-* folder in it fails.
TEST_TMP_ROOT := $(TARGET_DIR)/test-tmp
test:
	@run='$(TEST_TMP_ROOT)'/run-$$$$; rm -rf "$$run"; mkdir -p "$$run"; \
	  trap 'rm -rf "$$run"' EXIT; \
	  TMPDIR="$$run" $(MAKE) --no-print-directory -f $(firstword $(MAKEFILE_LIST)) test-suites; \
	  left=$$(find "$$run" -mindepth 1 -maxdepth 1 -name 'mcp-contract-*' | sort); \
	  if [ -n "$$left" ]; then \
	    printf 'make test: the tests left these temp folders behind (use scratchDir() or common::Scratch, which remove them):\n%s\n' "$$left" >&2; \
	    exit 1; \
	  fi; \
	  echo "make test: every suite passed and removed its temp folders"

test-suites: setup-chrome test-rust test-wasm build test-size test-js test-pack test-action test-www

test-rust: setup-rust
	$(CARGO) fmt --check
	$(CARGO) clippy --all-targets -- -D warnings
	$(CARGO) clippy --target $(WASM_TARGET) --lib --tests -- -D warnings
	$(CARGO) test

# No -q: wasm-bindgen-test-runner rejects --quiet.
test-wasm: setup-rust setup-wasm-bindgen
	CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner $(CARGO) test --target $(WASM_TARGET)

# The module's size budget (scripts/wasm-budget.mjs): deterministic, so a failing check, not a bench.
test-size: build
	$(NODE) scripts/wasm-budget.mjs

test-js: build $(JS_DEPS_STAMP) $(REGISTRY_DEPS_STAMP)
	cd js && $(NODE) --test test/*.test.mjs
	cd js && npx --no-install tsc -p test/types/tsconfig.json

test-pack: build $(JS_DEPS_STAMP)
	bash scripts/test-pack.sh

# The GitHub Action's steps under GitHub's shell against the packed package (tests/action.rs;
# its runs are #[ignore]d in a bare `cargo test` because they need this build).
test-action: build $(JS_DEPS_STAMP)
	$(CARGO) test --test action -- --include-ignored

# The playground's browser tests need a Chromium or Chrome: scripts/find-chrome.sh finds one
# (CHROME_PATH, the usual locations, PATH) or installs Debian's chromium with apt-get when it can,
# else stops with one line naming what to install. make test checks this first, not after the
# Rust suites.
setup-chrome:
	@if [ -f www/package.json ] && grep -q '"test"' www/package.json; then \
	  chrome=$$(bash scripts/find-chrome.sh --install); echo "browser for the playground tests: $$chrome"; \
	fi

test-www:
	@if [ -f www/package.json ] && grep -q '"test"' www/package.json; then \
	  chrome=$$(bash scripts/find-chrome.sh --install); \
	  [ www/node_modules/.package-lock.json -nt www/package-lock.json ] || (cd www && $(NPM) ci --no-audit --no-fund --loglevel=error); \
	  cd www && CHROME_PATH="$$chrome" $(NPM) test; \
	fi

# ---- bench ----
bench: build
	$(CARGO) bench --benches
	@echo "== witnesses: BREAKING schema findings that carry one, and why the others do not (tests/witness.rs)"
	@$(CARGO) test --quiet --release --test witness -- --nocapture --test-threads=1 2>&1 | grep -E '^(rule fixtures|real corpus|random pairs|reverse check|  unavailable)'
	$(NODE) scripts/bench-wasm.mjs
	$(NODE) scripts/bench-stress.mjs
	@$(MAKE) --no-print-directory wasm-size
	@$(NODE) scripts/bench-cli.mjs
	@bash scripts/bench-install.sh
	@if [ -f www/package.json ] && grep -q '"bench"' www/package.json; then cd www && $(NPM) run --silent bench; fi

wasm-size:
	@raw=$$(wc -c < pkg/$(CRATE)_bg.wasm); gz=$$(gzip -9c pkg/$(CRATE)_bg.wasm | wc -c); \
	  printf 'wasm module pkg/%s_bg.wasm: %d bytes raw, %d bytes by gzip -9\n' '$(CRATE)' $$raw $$gz
	@$(NODE) scripts/wasm-budget.mjs || true
	@$(NODE) scripts/wasm-size.mjs

# ---- new-rule: registry or family-table entry, fixture pair, then its report snapshot ----
new-rule:
	@test -n '$(RULE)' || { echo "usage: make new-rule RULE=<id> [FROM=<id>] [SEVERITY=<S>] [SNAPSHOT=1]" >&2; exit 2; }
	$(NODE) scripts/new-rule.mjs '$(RULE)' $(if $(FROM),--from '$(FROM)') $(if $(SEVERITY),--severity '$(SEVERITY)') $(if $(SNAPSHOT),--snapshot)

# ---- fuzz: one target at a time, one core each; the wasm harness needs the build ----
FUZZ_SECONDS ?= 60
FUZZ_RUNS ?=
fuzz: build
	@rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
	@$(CARGO) +nightly fuzz --version >/dev/null 2>&1 || $(CARGO) install cargo-fuzz
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_RUNS=$(FUZZ_RUNS) bash fuzz/run.sh
