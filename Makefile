# mongoscan: `make demo` and `make test` do all the set-up on a fresh Debian bookworm machine (root).

SHELL := /bin/bash
JOBS ?= $(shell nproc)
BUILD ?= build
MONGOSCAN := $(BUILD)/mongoscan

# Debian packages the build, the tests and the demo need. Of them, ninja-build runs the build
# (CMake's Ninja generator schedules every target's steps together on all cores) and ccache keeps
# compiled objects between builds in ~/.cache/ccache (CMakeLists.txt). For packaging: dpkg-dev has
# dpkg-shlibdeps, with which CPack derives the .deb's Depends (`make package`); lintian checks that
# .deb in tests/install_test.cpp; pre-commit and git run .pre-commit-hooks.yaml in
# tests/pre_commit_hook_test.cpp; groff-base reads the generated manual page for warnings;
# poppler-utils reads back the reports the browser tests print to PDF; prometheus brings promtool,
# which checks the Prometheus textfile report; python3-bson-ext and python3-pymongo-ext are pymongo's
# own C encoder and decoder, without which the lab encodes every reply in pure Python (the data-model
# lab spent 4.7 CPU s on one scan, 2.1 s with them); python3-uvloop is the lab's event loop (a fifth
# less of its CPU than asyncio's own: tests/lab/lab.py).
PACKAGES := build-essential cmake ninja-build ccache pkg-config libssl-dev openssl libc-ares-dev liburing-dev libcurl4-openssl-dev \
            nlohmann-json3-dev libyaml-cpp-dev libcli11-dev libgtest-dev libicu-dev libsqlite3-dev python3 python3-jsonschema \
            python3-rfc3987 python3-uvloop python3-pymongo python3-bson-ext python3-pymongo-ext python3-snappy python3-zstandard dnsmasq-base chromium time iproute2 util-linux systemd \
            dpkg-dev lintian pre-commit groff-base git poppler-utils zsh fish prometheus

# Debian packages only the benchmarks need, so that they never slow `make test`: ripgrep for
# bench/configscan (GNU time is in PACKAGES already). npm (Debian's nodejs and npm, unless an npm is
# on the PATH already) installs secretlint, which bench/configscan pins and puts outside the repo.
BENCH_PACKAGES := ripgrep

# Debian packages only `make fuzz` needs: clang and its libFuzzer runtime.
FUZZ_PACKAGES := clang libclang-rt-dev
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 600
FUZZ_HARNESSES := $(sort $(basename $(notdir $(wildcard tests/fuzz/*_fuzz.cpp))))

.PHONY: deps bench-deps configure build package test check sanitized-end-to-end demo bench bench-fleet bench-configscan bench-history bench-scaling bench-cloud fuzz clean

# $(call install_missing,PACKAGES): apt-get installs those of PACKAGES not installed yet.
define install_missing
	@missing=$$(for p in $(1); do \
	    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; \
	  done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq && apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	else echo "all packages present"; fi
endef

# nodejs and npm: the lab's Node driver and mongosh tests (tests/lab/test_node_clients.py) install
# their pinned npm packages with them; Debian's, unless an npm is on the PATH already.
deps:
	$(call install_missing,$(PACKAGES) $(if $(shell command -v npm),,nodejs npm))

bench-deps: deps
	$(call install_missing,$(BENCH_PACKAGES) $(if $(shell command -v npm),,nodejs npm))

# The build tree: with Ninja where it is installed, unless the tree exists already (it keeps the
# generator it was made with).
configure_build_tree = generator=; [ -e $(BUILD)/CMakeCache.txt ] || ! command -v ninja >/dev/null || \
  generator="-G Ninja"; cmake -S . -B $(BUILD) $$generator -DCMAKE_BUILD_TYPE=Release >/dev/null

configure: deps
	@$(configure_build_tree)

build: configure
	cmake --build $(BUILD) -j $(JOBS) --target mongoscan

# The Debian package of what `cmake --install` installs: build/mongoscan_<version>-1_<arch>.deb.
package: configure
	cmake --build $(BUILD) -j $(JOBS) --target mongoscan
	cd $(BUILD) && cpack -G DEB

# Every test: the C++ suite against the release build and again, but for the end-to-end scans of
# well-formed labs, against the AddressSanitizer and UBSan build (the test code is compiled once
# and linked to both), the fuzz replays, and the lab's Python and Node tests. Many tests wait on
# labs and subprocesses, so ctest runs three times as many as there are cores. Ends with the time
# of each phase and the totals (tests/support/test_phases.py).
PHASE_LOG = $(BUILD)/test-phases.txt
TEST_TARGETS := mongoscan_tests mongoscan_tests_sanitized mongoscan_fuzz_replays
# $(call timed,PHASE,COMMAND): runs COMMAND and appends "PHASE MILLISECONDS" to $(PHASE_LOG); fails
# as COMMAND fails.
timed = start=$$(date +%s%N); $(2); status=$$?; \
  echo "$(1) $$(( ($$(date +%s%N) - start) / 1000000 ))" >> $(PHASE_LOG); exit $$status
phase_table = /usr/bin/python3 -B tests/support/test_phases.py $(BUILD)

test:
	@mkdir -p $(BUILD) && rm -f $(PHASE_LOG) $(BUILD)/ctest-results.xml
	@$(call timed,packages,$(MAKE) --no-print-directory deps)
	@$(call timed,configure,$(configure_build_tree))
	@{ wc -l < $(BUILD)/.ninja_log || echo 0; } > $(BUILD)/ninja-log-start 2>/dev/null
	@($(call timed,build,cmake --build $(BUILD) -j $(JOBS) --target $(TEST_TARGETS))) || \
	  { $(phase_table); exit 1; }
	@($(call timed,tests,ctest --test-dir $(BUILD) --output-on-failure -j $$(( $(JOBS) * 3 )) \
	    --output-junit ctest-results.xml)); status=$$?; $(phase_table); exit $$status

# The quick loop while changing code: builds the release binary and test binary (only what
# changed), then runs the unit tests of the folders the change touches and a few fast end-to-end
# tests (tests/support/quick_check.py). About a minute after a one-file change; `make test` runs
# everything.
check: configure
	cmake --build $(BUILD) -j $(JOBS) --target mongoscan_tests
	/usr/bin/python3 -B tests/support/quick_check.py $(BUILD) $$(( $(JOBS) * 3 ))

demo: build
	bash fixtures/demo.sh $(MONGOSCAN)

# Every benchmark (bench/README.md), one after the other; fails when one misses a target or
# cannot measure.
bench: build bench-deps
	@status=0; \
	/usr/bin/python3 bench/fleet --mongoscan $(MONGOSCAN) || status=1; \
	/usr/bin/python3 bench/configscan --mongoscan $(MONGOSCAN) || status=1; \
	/usr/bin/python3 bench/history --mongoscan $(MONGOSCAN) || status=1; \
	/usr/bin/python3 bench/scaling --mongoscan $(MONGOSCAN) || status=1; \
	/usr/bin/python3 bench/cloud --mongoscan $(MONGOSCAN) || status=1; \
	exit $$status

# Cloud benchmark (bench/cloud): 1,000 TencentDB instances and 200 Atlas clusters from the lab
# control plane at 50 ms a request: wall time against the ideal, peak RSS.
bench-cloud: build
	/usr/bin/python3 bench/cloud --mongoscan $(MONGOSCAN)

# Fleet benchmark (bench/fleet): scaling with --concurrency, silent addresses, key derivations, RSS;
# the same on a sharded cluster of 307 nodes found from one SRV name.
bench-fleet: build
	/usr/bin/python3 bench/fleet --mongoscan $(MONGOSCAN)

# Config scan benchmark (bench/configscan): MB/s on a generated 1 GB tree against ripgrep and
# secretlint, planted credentials found, RSS. The corpus goes to /tmp and is reused.
bench-configscan: build bench-deps
	/usr/bin/python3 bench/configscan --mongoscan $(MONGOSCAN)

# History benchmark (bench/history): what --history costs on an inventory of 50 lab replica sets of
# 3 nodes, and the history file's growth per run per 1,000 findings.
bench-history: build
	/usr/bin/python3 bench/history --mongoscan $(MONGOSCAN)

# Scaling benchmark (bench/scaling): a 9 MB one-line bundle against the same bytes in short lines;
# rendering 10,000 environments in every format against the checks' time.
bench-scaling: build
	/usr/bin/python3 bench/scaling --mongoscan $(MONGOSCAN)

# The end-to-end tests (MONGOSCAN_END_TO_END_TESTS in CMakeLists.txt) against the AddressSanitizer
# and UBSan build, in one process: `make test` runs them against the release build only, since
# their work is the scanner binary's and they were half of the sanitized suite's time.
sanitized-end-to-end: configure
	cmake --build $(BUILD) -j $(JOBS) --target mongoscan_tests_sanitized
	cd $(BUILD) && MONGOSCAN_BINARY=$$PWD/mongoscan_sanitized ./mongoscan_tests_sanitized \
	  --gtest_filter="$$(cat end-to-end-tests.txt)"

# Every fuzz harness (tests/fuzz/) under libFuzzer, ASan and UBSan, one after the other for
# FUZZ_SECONDS each, from its seed corpus and the corpus earlier runs grew in $(FUZZ_BUILD)/corpus,
# with its dictionary (tests/fuzz/<harness>.dict, or that of the harness sharing its first word).
# Prints each harness's executions; a crash is minimised into tests/fuzz/crashes/<harness>/, where
# `make test` replays it (commit it), and the target fails. Its library is compiled file by file,
# without unity batches or a precompiled header: a source file that does not include what it uses
# fails here (`make test` batches, and would not see it). Runs sanitized-end-to-end first.
fuzz: deps sanitized-end-to-end
	$(call install_missing,$(FUZZ_PACKAGES))
	cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++ \
	  -DMONGOSCAN_FUZZ=ON >/dev/null
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target mongoscan_fuzzers
	/usr/bin/python3 -B tests/fuzz/seed_corpus.py $(FUZZ_BUILD)/seeds
	@status=0; \
	for harness in $(FUZZ_HARNESSES); do \
	  corpus=$(FUZZ_BUILD)/corpus/$$harness; artifacts=$(FUZZ_BUILD)/artifacts/$$harness; \
	  mkdir -p $$corpus $$artifacts; rm -f $$artifacts/*; \
	  outcome="ran $(FUZZ_SECONDS) s"; dict=; \
	  for candidate in tests/fuzz/$$harness.dict tests/fuzz/$${harness%%_*}_fuzz.dict; do \
	    [ -z "$$dict" ] && [ -e $$candidate ] && dict=-dict=$$candidate; \
	  done; \
	  $(FUZZ_BUILD)/$$harness -max_total_time=$(FUZZ_SECONDS) -timeout=30 -rss_limit_mb=2048 $$dict \
	    -print_final_stats=1 -artifact_prefix=$$artifacts/ $$corpus $(FUZZ_BUILD)/seeds/$$harness \
	    > $(FUZZ_BUILD)/$$harness.log 2>&1 || { status=1; outcome="STOPPED by a finding"; }; \
	  echo "$$harness: $$(grep -o 'number_of_executed_units: *[0-9]*' $(FUZZ_BUILD)/$$harness.log \
	    | grep -o '[0-9]*$$') executions, $$outcome (log: $(FUZZ_BUILD)/$$harness.log)"; \
	  for artifact in $$artifacts/crash-* $$artifacts/timeout-* $$artifacts/oom-* $$artifacts/leak-*; do \
	    [ -e "$$artifact" ] || continue; \
	    kept=tests/fuzz/crashes/$$harness/$$(basename $$artifact); mkdir -p $$(dirname $$kept); \
	    case $$(basename $$artifact) in \
	      crash-*) $(FUZZ_BUILD)/$$harness -minimize_crash=1 -max_total_time=60 \
	                 -exact_artifact_path=$$kept $$artifact >/dev/null 2>&1 ;; \
	    esac; \
	    [ -e $$kept ] || cp $$artifact $$kept; \
	    echo "$$harness: FOUND $$kept (crashes minimised, timeouts kept as found; commit it)"; \
	  done; \
	done; \
	exit $$status

clean:
	rm -rf $(BUILD)
