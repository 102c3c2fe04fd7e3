# mongoscan: `make demo` and `make test` do all the set-up on a fresh Debian bookworm machine (root).

SHELL := /bin/bash
JOBS ?= $(shell nproc)
BUILD ?= build
MONGOSCAN := $(BUILD)/mongoscan

# Debian packages the build, the tests and the demo need.
PACKAGES := build-essential cmake pkg-config libssl-dev openssl libc-ares-dev liburing-dev \
            nlohmann-json3-dev libcli11-dev libgtest-dev libicu-dev python3 python3-jsonschema \
            python3-rfc3987 python3-pymongo dnsmasq-base chromium time iproute2 util-linux

# Debian packages only the benchmarks need, so that they never slow `make test`: ripgrep for
# bench/configscan (GNU time is in PACKAGES already). npm (Debian's nodejs and npm, unless an npm is
# on the PATH already) installs secretlint, which bench/configscan pins and puts outside the repo.
BENCH_PACKAGES := ripgrep

.PHONY: deps bench-deps configure build test demo bench bench-fleet bench-configscan clean

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

deps:
	$(call install_missing,$(PACKAGES))

bench-deps: deps
	$(call install_missing,$(BENCH_PACKAGES) $(if $(shell command -v npm),,nodejs npm))

configure: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null

build: configure
	cmake --build $(BUILD) -j $(JOBS) --target mongoscan

# Every test: the C++ suite against the release build and again against the AddressSanitizer and
# UBSan build (the test code is compiled once and linked to both), and the lab's Python tests.
# Most tests wait on labs and subprocesses, so ctest runs twice as many as there are cores.
test: configure
	cmake --build $(BUILD) -j $(JOBS) --target mongoscan_tests mongoscan_tests_sanitized
	cd $(BUILD) && ctest --output-on-failure -j $$(( $(JOBS) * 2 ))

demo: build
	bash fixtures/demo.sh $(MONGOSCAN)

# Both benchmarks (bench/README.md), one after the other; fails when either misses a target or
# cannot measure.
bench: build bench-deps
	@status=0; \
	/usr/bin/python3 bench/fleet --mongoscan $(MONGOSCAN) || status=1; \
	/usr/bin/python3 bench/configscan --mongoscan $(MONGOSCAN) || status=1; \
	exit $$status

# Fleet benchmark (bench/fleet): scaling with --concurrency, silent addresses, key derivations, RSS.
bench-fleet: build
	/usr/bin/python3 bench/fleet --mongoscan $(MONGOSCAN)

# Config scan benchmark (bench/configscan): MB/s on a generated 1 GB tree against ripgrep and
# secretlint, planted credentials found, RSS. The corpus goes to /tmp and is reused.
bench-configscan: build bench-deps
	/usr/bin/python3 bench/configscan --mongoscan $(MONGOSCAN)

clean:
	rm -rf $(BUILD)
