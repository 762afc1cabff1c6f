#!/usr/bin/env bash
# examples/06_balance_matrix as a test: every command of README.md, run from the repository
# root with the muster binary given as $1, and what each must print. Any mismatch fails the test.
set -euo pipefail
muster=${1:?usage: run.sh MUSTER_EXE}
dir=examples/06_balance_matrix
drums=tests/fixtures/variants/drums_a.lua
fail() { echo "06_balance_matrix: $*" >&2; exit 1; }
expect() {  # expect TEXT OUTPUT: OUTPUT must hold TEXT (several lines, in one piece)
  [[ "$2" == *"$1"* ]] || fail "missing: $1"$'\n'"in:"$'\n'"$2"
}
svg=$(mktemp --suffix=.svg)
trap 'rm -f "$svg"' EXIT

# Step 1: the README shows the real table.
out=$("$muster" odds threat_test --matrix "$dir/races.json")
expect "$out" "$(cat "$dir/README.md")"
expect "Goblin infantry   33.3%   16.7%     50.0%" "$out"

# Step 2: the drums' change per cell, as CSV, and its heat map.
out=$("$muster" odds threat_test --matrix "$dir/races.json" --measure reaction=rout --compare-variant "$drums" \
      --csv --svg "$svg")
expect "Goblin infantry,Goblins,reaction=rout,0.5,0.5,0.5,0.33333333333333337," "$out"
[ "$(grep -c ',exact,0$' <<<"$out")" = 25 ] || fail "not 25 exact cells: $out"
[ "$(grep -c '<rect class="cell"' "$svg")" = 25 ] || fail "not 25 cells in the heat map"
expect ">threat_test: P(reaction=rout), change drums_a − core</text>" "$(cat "$svg")"

# Step 3: one unit against a range of targets.
out=$("$muster" odds shoot --matrix "$dir/archers.json")
expect "$out" "$(cat "$dir/README.md")"
out=$("$muster" odds shoot --matrix "$dir/archers.json" --measure at_least:kills=2)
expect "shoot: P(kills ≥ 2); rows target, columns range" "$out"
echo "06_balance_matrix: every step as documented"
