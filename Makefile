# mongoscan: `make demo` and `make test` do all the set-up on a fresh Debian bookworm machine (root).

SHELL := /bin/bash
JOBS ?= $(shell nproc)
BUILD ?= build
MONGOSCAN := $(BUILD)/mongoscan

# Debian packages the build, the tests and the demo need.
PACKAGES := build-essential cmake pkg-config libssl-dev openssl libc-ares-dev nlohmann-json3-dev \
            libcli11-dev libgtest-dev libicu-dev python3 python3-jsonschema python3-rfc3987 \
            python3-pymongo dnsmasq-base chromium time iproute2 util-linux

.PHONY: deps configure build test demo bench clean

deps:
	@missing=$$(for p in $(PACKAGES); do \
	    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; \
	  done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq && apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	else echo "all packages present"; fi

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

# Fleet benchmark (bench/fleet): scaling with --concurrency, silent addresses, key derivations, RSS.
bench: build
	/usr/bin/python3 bench/fleet --mongoscan $(MONGOSCAN)

clean:
	rm -rf $(BUILD)
