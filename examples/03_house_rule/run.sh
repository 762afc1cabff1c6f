#!/usr/bin/env bash
# examples/03_house_rule as a test: every command of README.md, run from the repository root
# with the muster binary given as $1, and what each must print. Any mismatch fails the test.
set -euo pipefail
muster=${1:?usage: run.sh MUSTER_EXE}
dir=examples/03_house_rule
fail() { echo "03_house_rule: $*" >&2; exit 1; }
expect() {  # expect TEXT OUTPUT: OUTPUT must hold TEXT
  grep -qF -- "$1" <<<"$2" || fail "missing: $1"$'\n'"in:"$'\n'"$2"
}

# Step 2: the draft's condition reads a field the Combat Test does not give.
if out=$("$muster" rules check "$dir/shield_wall_draft.lua"); then fail "the draft passed rules check"; fi
expect "reads ctx.orders, which combat_test does not give" "$out"
expect "1 error(s), 0 warning(s)" "$out"

# Step 3: the corrected rule passes, every function of it reached.
out=$("$muster" rules check "$dir/shield_wall.lua") || fail "rules check failed: $out"
expect "ok: combat_test.shield_wall value: 20 calls" "$out"
expect "0 error(s), 0 warning(s)" "$out"

# Step 4: what it changed, and nothing else.
out=$("$muster" rules show --only-changed --variant "$dir/shield_wall.lua")
expect "  * shield_wall            f(ctx) a shield wall of disciplined spearmen holds its ground (p.1) [shield_wall@1.0.0]" "$out"
[ "$(grep -c '^  [*-] ' <<<"$out")" = 1 ] || fail "more than one change shown: $out"

# Step 5: the rule at work, and its option.
out=$("$muster" resolve combat_test --variant "$dir/shield_wall.lua" --input "$dir/spearmen.json" --dice 3 --explain)
expect "+1 a shield wall of disciplined spearmen holds its ground (shield_wall p.1)" "$out"
expect "  score: 5" "$out"
out=$("$muster" resolve combat_test --variant "$dir/shield_wall.lua" --option shield_wall.bonus=2 \
      --input "$dir/spearmen.json" --dice 3 --explain)
expect "+2 a shield wall of disciplined spearmen holds its ground (shield_wall p.1)" "$out"
expect "  score: 6" "$out"
out=$("$muster" resolve combat_test --input "$dir/spearmen.json" --dice 3 --explain)
expect "  score: 4" "$out"

# Step 6: the difference against the core rules, for the club's notes.
if out=$("$muster" rules diff core "$dir/shield_wall.lua"); then fail "rules diff found no difference"; fi
expect "  + shield_wall: function a shield wall of disciplined spearmen holds its ground (p.1) [shield_wall@1.0.0]" "$out"
echo "03_house_rule: every step as documented"
