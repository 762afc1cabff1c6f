#!/usr/bin/env bash
# `make fuzz`: runs each fuzz target of a MUSTER_FUZZ build for a bounded time on its seed
# corpus and dictionary (tests/fuzz/corpus/<name>/, tests/fuzz/<name>.dict), JOBS targets at a
# time, and prints the executions each made. What a run finds new goes to BUILD/fuzz/<name>/
# (never into the repository); a crash, leak or hang is saved as BUILD/fuzz/<name>-crash-* (or
# -leak-, -timeout-) and ends the run with status 1 after every target has run. See
# docs/fuzzing.md.
#   usage: tests/fuzz/run.sh BUILD SECONDS JOBS TARGET...
set -uo pipefail
usage="usage: run.sh BUILD SECONDS JOBS TARGET..."
build=${1:?$usage}
seconds=${2:?$usage}
jobs=${3:?$usage}
shift 3
here=$(cd "$(dirname "$0")" && pwd)
out="$build/fuzz"
mkdir -p "$out"
# LeakSanitizer at exit, with the CI's suppressions; undefined behaviour stops with a stack.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$here/../../.ci/lsan.supp}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

# Runs one target; its log is BUILD/fuzz/<name>.log, its exit status BUILD/fuzz/<name>.status.
run_one() {
  local name=$1 exe="$build/tests/fuzz/muster_$1_fuzz"
  # Inputs up to 4 KB (the REPL's 2 KB, a session per input), one input at most 20 s (the
  # targets' budgets stop a runaway script well before), standard output closed (the REPL
  # prints every result). Leaks are checked at exit, not after every input: the targets keep
  # one runtime, whose heap grows, and a check per input costs ten times the run.
  local max_len=4096
  [ "$name" = repl ] && max_len=2048
  mkdir -p "$out/$name"
  "$exe" "$out/$name" "$here/corpus/$name" -dict="$here/$name.dict" -max_total_time="$seconds" \
    -max_len="$max_len" -timeout=20 -detect_leaks=0 -close_fd_mask=1 -print_final_stats=1 \
    -artifact_prefix="$out/$name-" >"$out/$name.log" 2>&1
  echo $? >"$out/$name.status"
}

for name in "$@"; do
  [ -x "$build/tests/fuzz/muster_${name}_fuzz" ] || {
    echo "fuzz: no $build/tests/fuzz/muster_${name}_fuzz (configure with -DMUSTER_FUZZ=ON)" >&2
    exit 2
  }
done
running=0
for name in "$@"; do
  run_one "$name" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n
    running=$((running - 1))
  fi
done
wait

failed=()
for name in "$@"; do
  log="$out/$name.log"
  status=$(cat "$out/$name.status")
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  if [ "$status" -eq 0 ]; then
    printf 'fuzz %-8s %8s executions in %ss (%s/s), %s inputs in its corpus: no crash\n' \
      "$name" "${runs:-?}" "$seconds" "${rate:-?}" "$(find "$out/$name" -type f | wc -l)"
  else
    failed+=("$name")
    printf 'fuzz %-8s FAILED after %s executions (status %s); the end of %s:\n' "$name" "${runs:-?}" "$status" "$log"
    grep -a -v -E '^(#[0-9]|INFO:|\s+NEW_FUNC|0x[0-9a-f]{2},)' "$log" | tail -40
    for a in "$out/$name"-crash-* "$out/$name"-leak-* "$out/$name"-timeout-* "$out/$name"-oom-*; do
      [ -e "$a" ] && echo "fuzz: reproduce with: $build/tests/fuzz/muster_${name}_fuzz $a   (then add it to tests/fuzz/regressions/$name/)"
    done
  fi
done
[ "${#failed[@]}" -eq 0 ] || { echo "fuzz: failed: ${failed[*]}" >&2; exit 1; }
