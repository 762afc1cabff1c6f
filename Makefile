# Muster: set-up, build, run and test in one place. `make run` and `make test` are the two
# commands the README starts with; both install what is missing (Debian packages) first.
BUILD   ?= build
ASAN    ?= build-asan
BENCH   ?= build-bench
JOBS    ?= 2
SEED    ?= 1
PACKAGES = build-essential dpkg-dev cmake pkg-config libfmt-dev librange-v3-dev \
           nlohmann-json3-dev libcli11-dev libgtest-dev libgmock-dev libbenchmark-dev \
           libedit-dev
# Tests that check statistics over many seeded runs, not memory: `make test` runs them; under
# the sanitizers they would only triple the CI time (their code paths run under the sanitizers
# in the smaller odds, matrix and REPL tests).
ASAN_SKIP = statistics_test|cli_odds.monte_carlo_intervals_cover|cli_odds_combat.exact_round|cli_odds_matrix.the_same_seed|cli_odds_matrix.monte_carlo_cells|example.05_|example.06_|repl.sampled_odds
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps configure build run test test-asan bench clean

deps:
	@missing=$$(for p in $(PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | \
	  grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing: $$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo

configure: $(BUILD)/CMakeCache.txt

build: deps configure
	cmake --build $(BUILD) -j$(JOBS)

# The REPL on its sample units (docs/repl.md). Without a terminal on stdin it reads commands
# from stdin and ends at EOF, so `make run < /dev/null` finishes.
run: build
	$(BUILD)/repl/muster repl --seed $(SEED)

test: build
	ctest --test-dir $(BUILD) -j$(JOBS) --output-on-failure

test-asan: deps
	cmake -S . -B $(ASAN) -DCMAKE_BUILD_TYPE=Debug -DMUSTER_SANITIZE=ON
	cmake --build $(ASAN) -j$(JOBS)
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/.ci/lsan.supp \
	  ctest --test-dir $(ASAN) -j$(JOBS) --output-on-failure -E '$(ASAN_SKIP)'

bench: deps
	cmake -S . -B $(BENCH) -DCMAKE_BUILD_TYPE=Release -DMUSTER_BUILD_BENCH=ON \
	  -DMUSTER_BUILD_TESTS=OFF -DMUSTER_BUILD_EXAMPLES=OFF
	cmake --build $(BENCH) -j$(JOBS)
	for b in $(BENCH)/bench/muster_*_bench; do $$b; done

clean:
	rm -rf $(BUILD) $(ASAN) $(BENCH)
