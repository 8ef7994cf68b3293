# Thin wrapper around CMake. `make demo` and `make check` install what is
# missing first (scripts/bootstrap), so they work on a fresh Debian machine.
#
#   make demo                           build, then explore the demo app offline
#   make check                          build with -Werror, run every test
#   make check SANITIZE=address,undefined   same, in build/sanitize-address-undefined
#   make check SANITIZE=thread              same, in build/sanitize-thread, without
#                                       the held-out oracle scenarios and the two
#                                       full-length real-device tests (labels
#                                       heldout, no_tsan)
#   make bench                          build and run the benchmarks
#   make fuzz                           build the libFuzzer harnesses with clang
#   make fuzz-check [FUZZ_RUNS=2000]    build them, run each from its seeds (CI does)
#   make install [PREFIX=/usr/local] [DESTDIR=...]
#                                       install trident, trident-simd, prompts, configs

comma := ,
SANITIZE ?=
PREFIX ?= /usr/local
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
ifeq ($(SANITIZE),)
BUILD_DIR := build
BUILD_TYPE := RelWithDebInfo
else
BUILD_DIR := build/sanitize-$(subst $(comma),-,$(SANITIZE))
BUILD_TYPE := Debug
endif


.PHONY: all bootstrap configure build check demo bench fuzz fuzz-check install clean

all: build

bootstrap:
	@scripts/bootstrap

configure:
	@cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
		-DTRIDENT_WERROR=ON -DTRIDENT_SANITIZE=$(SANITIZE) >/dev/null

build: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS)

# The thread sanitizer build leaves out the held-out oracle scenarios (label
# `heldout`: they repeat the threads the other tests run, one oracle each,
# at 4-8x their plain cost) and the two full-length real-device tests
# (label `no_tsan`, tests/CMakeLists.txt). Plain and ASan builds run every test.
ifeq ($(SANITIZE),thread)
CTEST_SELECT := -LE 'heldout|no_tsan'
endif

check: bootstrap build
	@cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS) $(CTEST_SELECT)

demo: bootstrap build
	@scripts/demo $(BUILD_DIR)

install: build
	@DESTDIR="$(DESTDIR)" cmake --install $(BUILD_DIR) --prefix "$(PREFIX)"

bench: bootstrap build
	@scripts/bench $(BUILD_DIR)

fuzz: bootstrap
	@CC=clang cmake -S . -B build/fuzz -DTRIDENT_FUZZ=ON -DTRIDENT_WERROR=ON \
		-DTRIDENT_SANITIZE=address,undefined >/dev/null
	@cmake --build build/fuzz -j $(JOBS) --target fuzzers
	@echo "harnesses in build/fuzz/tests/: run e.g. build/fuzz/tests/fuzz_uixml tests/fuzz/corpus/uixml"

FUZZ_RUNS ?= 2000
fuzz-check: fuzz
	@scripts/fuzz-check build/fuzz $(FUZZ_RUNS)

clean:
	rm -rf build
