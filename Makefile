# Muster: set-up, build, run and test in one place. `make run` and `make test` are the two
# commands the README starts with; both install what is missing (Debian packages) first.
BUILD   ?= build
ASAN    ?= build-asan
BENCH   ?= build-bench
JOBS    ?= 2
SEED    ?= 1
# chromium-headless-shell: the replay viewer's tests open its page in a real browser
# (tests/cli/viewer_test.cpp; without it they fail under CI=true, else they are skipped).
PACKAGES = build-essential dpkg-dev cmake pkg-config libfmt-dev librange-v3-dev \
           nlohmann-json3-dev libcli11-dev libgtest-dev libgmock-dev libbenchmark-dev \
           libedit-dev chromium-headless-shell
# The sanitizer build ($(ASAN)) is clang's, for libFuzzer: `make test-asan` and `make fuzz`
# share it (docs/fuzzing.md). LuaJIT stays gcc's, from .deps/, uninstrumented.
CLANG_PACKAGES = clang libclang-rt-14-dev llvm-14
# The sanitizers' settings for its tests and fuzz runs: leaks checked at exit (suppressions in
# .ci/lsan.supp), a stack on undefined behaviour, reports symbolized by LLVM's symbolizer.
SAN_ENV = ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
          LSAN_OPTIONS=suppressions=$(CURDIR)/.ci/lsan.supp \
          ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-14/bin/llvm-symbolizer
# Seconds each fuzz target runs in `make fuzz`, and the targets (tests/fuzz/<name>_fuzz.cpp).
FUZZ_SECONDS ?= 30
FUZZ_TARGETS ?= resolve dice army state repl
# Tests that check statistics over many seeded runs, not memory: `make test` runs them; under
# the sanitizers they would only triple the CI time (their code paths run under the sanitizers
# in the smaller odds, matrix and REPL tests). The same for the ruleset's own rule tests
# (fantasy_warriors.*, several hundred, Lua rules): the kernel code they drive runs under the
# sanitizers in the binding, CLI, REPL and example tests and in the fuzzers. Whole battles by
# the dozen (example 04, the sweeps) too: their C++ (battle, replay, sweep) runs under the
# sanitizers in cli_battle and cli_replay. The browser's page loads (cli_viewer_browser) too: the
# C++ that writes the page runs under the sanitizers in cli_viewer.
ASAN_SKIP = ^fantasy_warriors\.|statistics_test|example.04_|cli_sweep|cli_odds.the_user_guide|cli_odds_matrix.the_user_guide|cli_docs.every_example|cli_odds.monte_carlo_recovers|cli_odds.the_number_of_threads|repl.odds_compare_a_variant|cli_odds.monte_carlo_intervals_cover|cli_odds_combat.exact_round|cli_odds_matrix.the_same_seed|cli_odds_matrix.monte_carlo_cells|example.05_|example.06_|repl.sampled_odds|^cli_viewer_browser\.
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps deps-clang configure build run test asan-build test-asan fuzz bench clean

# Installs the Debian packages of $(1) that are missing (one apt-get update, only if needed).
define install_missing
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | \
	  grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing: $$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call install_missing,$(PACKAGES))

deps-clang: deps
	$(call install_missing,$(CLANG_PACKAGES))

# Extra cmake arguments for $(BUILD), e.g. CMAKE_ARGS=-DMUSTER_DEBUG_INFO=OFF (what CI does).
CMAKE_ARGS ?=
$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_ARGS)

configure: $(BUILD)/CMakeCache.txt

build: deps configure
	cmake --build $(BUILD) -j$(JOBS)

# The REPL on its sample units (docs/repl.md). Without a terminal on stdin it reads commands
# from stdin and ends at EOF, so `make run < /dev/null` finishes.
run: build
	$(BUILD)/repl/muster repl --seed $(SEED)

test: build
	ctest --test-dir $(BUILD) -j$(JOBS) --output-on-failure

# One clang build with AddressSanitizer + UndefinedBehaviorSanitizer for the tests and the fuzz
# targets (-DMUSTER_FUZZ=ON): -O1 and line tables only, to build and run fast. A folder left by
# the older gcc configuration is removed first: cmake cannot switch compilers in place.
asan-build: deps-clang
	@if [ -f $(ASAN)/CMakeCache.txt ] && ! grep -q '^CMAKE_CXX_COMPILER:.*clang' $(ASAN)/CMakeCache.txt; then \
	  echo "$(ASAN)/ was configured with another compiler: removing it to configure it with clang"; \
	  rm -rf $(ASAN); \
	fi
	cmake -S . -B $(ASAN) -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
	  -DCMAKE_CXX_FLAGS_DEBUG="-O1 -gline-tables-only" -DMUSTER_FUZZ=ON
	cmake --build $(ASAN) -j$(JOBS)

test-asan: asan-build
	$(SAN_ENV) ctest --test-dir $(ASAN) -j$(JOBS) --output-on-failure -E '$(ASAN_SKIP)'

# Each fuzz target for FUZZ_SECONDS on its seed corpus, JOBS at a time; prints the executions
# of each. A crash, leak or hang is saved under $(ASAN)/fuzz/ and fails the target
# (docs/fuzzing.md).
fuzz: asan-build
	$(SAN_ENV) bash tests/fuzz/run.sh $(ASAN) $(FUZZ_SECONDS) $(JOBS) $(FUZZ_TARGETS)

bench: deps
	cmake -S . -B $(BENCH) -DCMAKE_BUILD_TYPE=Release -DMUSTER_BUILD_BENCH=ON \
	  -DMUSTER_BUILD_TESTS=OFF -DMUSTER_BUILD_EXAMPLES=OFF
	cmake --build $(BENCH) -j$(JOBS)
	for b in $(BENCH)/bench/muster_*_bench; do $$b; done

clean:
	rm -rf $(BUILD) $(ASAN) $(BENCH)
