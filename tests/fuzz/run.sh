#!/usr/bin/env bash
# `make fuzz`: runs each fuzz target of a MUSTER_FUZZ build for a bounded time on its seed
# corpus and dictionary (tests/fuzz/corpus/<name>/, tests/fuzz/<name>.dict), and prints the
# executions each made. What a run finds new goes to BUILD/fuzz/<name>/ (never into the
# repository); a crash, leak or hang is saved as BUILD/fuzz/<name>-crash-* (or -leak-, -timeout-)
# and ends the run with status 1 after every target has run. See docs/fuzzing.md.
#   usage: tests/fuzz/run.sh BUILD SECONDS TARGET...
set -uo pipefail
build=${1:?usage: run.sh BUILD SECONDS TARGET...}
seconds=${2:?usage: run.sh BUILD SECONDS TARGET...}
shift 2
here=$(cd "$(dirname "$0")" && pwd)
out="$build/fuzz"
mkdir -p "$out"
# LeakSanitizer at exit, with the CI's suppressions; undefined behaviour stops with a stack.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$here/../../.ci/lsan.supp}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
failed=()
for name in "$@"; do
  exe="$build/tests/fuzz/muster_${name}_fuzz"
  [ -x "$exe" ] || { echo "fuzz: no $exe (configure with -DMUSTER_FUZZ=ON)" >&2; exit 2; }
  mkdir -p "$out/$name"
  # Each target's bounds: inputs up to 4 KB (the REPL's 2 KB, a session per input), one input
  # at most 20 s (the targets' budgets stop a runaway script well before), standard output
  # closed (the REPL prints every result). Leaks are checked at exit, not after every input:
  # the targets keep one runtime, whose heap grows, and a check per input costs 10x the run.
  max_len=4096 timeout=20
  [ "$name" = repl ] && max_len=2048
  log="$out/$name.log"
  "$exe" "$out/$name" "$here/corpus/$name" -dict="$here/$name.dict" -max_total_time="$seconds" \
    -max_len="$max_len" -timeout="$timeout" -detect_leaks=0 -close_fd_mask=1 -print_final_stats=1 \
    -artifact_prefix="$out/$name-" >"$log" 2>&1
  status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  corpus=$(find "$out/$name" -type f | wc -l)
  if [ "$status" -eq 0 ]; then
    printf 'fuzz %-8s %8s executions in %ss (%s/s), %s inputs in its corpus: no crash\n' \
      "$name" "${runs:-?}" "$seconds" "${rate:-?}" "$corpus"
  else
    failed+=("$name")
    printf 'fuzz %-8s FAILED after %s executions (status %s); the end of %s:\n' "$name" "${runs:-?}" "$status" "$log"
    grep -a -v -E '^(#[0-9]|INFO:|\s+NEW_FUNC|0x[0-9a-f]{2},)' "$log" | tail -40
    for a in "$out/$name"-crash-* "$out/$name"-leak-* "$out/$name"-timeout-* "$out/$name"-oom-*; do
      [ -e "$a" ] && echo "fuzz: reproduce with: $exe $a   (then add it to tests/fuzz/regressions/$name/)"
    done
  fi
done
[ "${#failed[@]}" -eq 0 ] || { echo "fuzz: failed: ${failed[*]}" >&2; exit 1; }
