# mongoscan: `make demo` and `make test` do all the set-up on a fresh Debian bookworm machine (root).

SHELL := /bin/bash
JOBS ?= $(shell nproc)
BUILD ?= build
ASAN_BUILD ?= build-asan
MONGOSCAN := $(BUILD)/mongoscan

# Debian packages the build, the tests and the demo need.
PACKAGES := build-essential cmake pkg-config libssl-dev openssl libc-ares-dev nlohmann-json3-dev \
            libcli11-dev libgtest-dev libicu-dev python3 python3-jsonschema python3-pymongo \
            dnsmasq-base chromium time

.PHONY: deps build build-asan test demo bench clean

deps:
	@missing=$$(for p in $(PACKAGES); do \
	    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; \
	  done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq && apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	else echo "all packages present"; fi

build: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	cmake --build $(BUILD) -j $(JOBS)

build-asan: deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DMONGOSCAN_SANITIZE=ON >/dev/null
	cmake --build $(ASAN_BUILD) -j $(JOBS) --target mongoscan_tests mongoscan

# Every test on the release build, then the C++ suite again under AddressSanitizer and UBSan.
test: build build-asan
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
	cd $(ASAN_BUILD) && ctest --output-on-failure -j $(JOBS) -LE integration

demo: build
	bash fixtures/demo.sh $(MONGOSCAN)

# Fleet benchmark (bench/fleet): scaling with --concurrency, silent addresses, key derivations, RSS.
bench: build
	/usr/bin/python3 bench/fleet --mongoscan $(MONGOSCAN)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
