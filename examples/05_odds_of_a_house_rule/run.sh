#!/usr/bin/env bash
# examples/05_odds_of_a_house_rule as a test, run from the repository root with the muster
# binary given as $1. Every `$ build/repl/muster ...` command of README.md must print what the
# page shows; the one-line rule, the hand calculation and the chart are checked against the
# files and the binary. Any mismatch fails the test. Writes only to a temporary folder.
set -euo pipefail
muster=${1:?usage: run.sh MUSTER_EXE}
dir=examples/05_odds_of_a_house_rule
readme=$dir/README.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "05_odds_of_a_house_rule: $*" >&2; exit 1; }
expect() {  # expect TEXT OUTPUT: OUTPUT must hold TEXT
  grep -qF -- "$1" <<<"$2" || fail "missing: $1"$'\n'"in:"$'\n'"$2"
}

# Runs one documented command and compares its standard output with the page's. The command
# runs with the binary from $1, and writes the chart to the temporary folder, not over the
# committed chart.svg. A last documented line "..." means the page shows only the beginning.
commands=0
check_documented() {  # check_documented COMMAND EXPECTED
  local cmd=$1 expected=$2 actual
  cmd=${cmd//build\/repl\/muster/\"\$muster\"}
  cmd=${cmd//$dir\/chart.svg/\"\$tmp\"/chart.svg}
  actual=$(eval "$cmd" 2>"$tmp/stderr") || fail "exit status $? from: $1"$'\n'"$(cat "$tmp/stderr")"
  if [ "$(tail -n 1 <<<"$expected")" = "..." ]; then
    expected=$(sed '$d' <<<"$expected")
    actual=$(head -n "$(wc -l <<<"$expected")" <<<"$actual")
  fi
  [ "$actual" = "$expected" ] ||
    fail "$1"$'\n'"printed other than README.md shows:"$'\n'"$(diff <(echo "$expected") <(echo "$actual") || true)"
  commands=$((commands + 1))
}

# 1. Every command of the page. In a fenced block, "$ " starts a command (a line ending in
# " \" continues on the next), and the lines up to the next command or the fence's end are
# its output.
in_block=false cmd="" out="" continued=false
flush() {
  if [ -n "$cmd" ]; then check_documented "$cmd" "$out"; fi
  cmd="" out=""
}
while IFS= read -r line; do
  if [[ $line == '```'* ]]; then
    if $in_block; then flush; in_block=false; else in_block=true; fi
  elif ! $in_block; then
    continue
  elif $continued; then
    line=${line#"${line%%[![:space:]]*}"}
    cmd+=" ${line%\\}"; cmd=${cmd% }
    [[ $line == *' \' ]] || continued=false
  elif [[ $line == '$ '* ]]; then
    flush
    line=${line#\$ }
    cmd=${line%\\}; cmd=${cmd% }
    [[ $line == *' \' ]] && continued=true
  elif [ -n "$cmd" ]; then
    out+=${out:+$'\n'}$line
  fi
done <"$readme"
[ "$commands" = 8 ] || fail "README.md has $commands commands, this test knows of 8: check the page's blocks"

# 2. The rule is the line the page shows, and that line is the whole of apply's body.
rule=$(sed -n '/^```lua$/,/^```$/p' "$readme" | sed '1d;$d')
[ "$(wc -l <<<"$rule")" = 1 ] || fail "README.md's rule is not one line: $rule"
grep -qxF "    $rule" "$dir/rally.lua" || fail "rally.lua does not hold README.md's line: $rule"
body=$(awk '/^  apply = function/ { inside = 1; next } inside && /^  end,$/ { exit } inside { n++ } END { print n + 0 }' "$dir/rally.lua")
[ "$body" = 1 ] || fail "apply's body in rally.lua is $body lines, not one"

# 3. The check found the rule and ran it.
out=$("$muster" rules check "$dir/rally.lua") || fail "rules check failed: $out"
expect "ok: casualty_test.rally when: 45 calls" "$out"
expect "0 error(s), 0 warning(s)" "$out"

# 4. The hand calculation, row by row: each die replayed under both rules. A row of the
# page's table is "| die | score, core | reaction, core | score, rally | reaction, rally |".
has_line() {  # has_line LINE OUTPUT: OUTPUT has LINE as a whole line
  grep -qxF -- "$1" <<<"$2" || fail "no line: $1"$'\n'"in:"$'\n'"$2"
}
rows=0
while IFS='|' read -r _ die core_score core_reaction rally_score rally_reaction _; do
  read -r die <<<"$die"
  [[ $die =~ ^[1-6]$ ]] || continue
  out=$("$muster" resolve casualty_test --input "$dir/orcs_shot.json" --dice "$die" --explain)
  has_line "  score: $(echo $core_score)" "$out"
  has_line "  reaction: $(echo $core_reaction)" "$out"
  out=$("$muster" resolve casualty_test --variant "$dir/rally.lua" --input "$dir/orcs_shot.json" --dice "$die" --explain)
  has_line "  score: $(echo $rally_score)" "$out"
  has_line "  reaction: $(echo $rally_reaction)" "$out"
  rows=$((rows + 1))
done <"$readme"
[ "$rows" = 6 ] || fail "README.md's hand calculation has $rows rows, not one per face"

# 5. What the page says of the odds: the two ends move by one face, the middle not at all.
out=$("$muster" odds casualty_test --input "$dir/orcs_shot.json" --compare-variant "$dir/rally.lua")
expect "  bloodlust   0.0%    16.7%   +16.7" "$out"
expect "  rout        16.7%   0.0%    -16.7" "$out"
[ "$(grep -c '(none)$' <<<"$out")" = 2 ] || fail "not exactly two unchanged reactions: $out"
out=$("$muster" odds casualty_test --input "$dir/orcs_shot_musician_killed.json" --compare-variant "$dir/rally.lua")
[ "$(grep -c '(none)$' <<<"$out")" = 3 ] || fail "the rule changed something with its musician dead: $out"
out=$("$muster" odds casualty_test --input "$dir/orcs_shot.json" --compare-variant "$dir/rally.lua" --monte-carlo)
[ "$(grep -c '(distinguishable)' <<<"$out")" = 2 ] || fail "not exactly two distinguishable changes: $out"

# 6. The chart: the command of step 1 rebuilt it in $tmp; it must be the committed file,
# byte for byte, shown by the page, and well-formed.
cmp "$tmp/chart.svg" "$dir/chart.svg" || fail "chart.svg is not what the documented command writes now"
grep -qF '](chart.svg)' "$readme" || fail "README.md does not show chart.svg"
if python3 -c 'pass' 2>/dev/null; then
  python3 - "$dir/chart.svg" <<'EOF' || fail "chart.svg is not well-formed SVG"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "{http://www.w3.org/2000/svg}svg", root.tag
bars = [r for r in root.iter("{http://www.w3.org/2000/svg}rect") if r.get("class") == "bar"]
assert len(bars) == 8, len(bars)  # 4 reactions x 2 configurations
EOF
elif command -v xmllint >/dev/null; then
  xmllint --noout "$dir/chart.svg" || fail "chart.svg is not well-formed XML"
else
  head -n 1 "$dir/chart.svg" | grep -q '^<svg xmlns="http://www.w3.org/2000/svg"' || fail "chart.svg does not open with <svg>"
  [ "$(tail -n 1 "$dir/chart.svg")" = "</svg>" ] || fail "chart.svg does not end with </svg>"
fi
echo "05_odds_of_a_house_rule: $commands documented commands, 6 dice by hand and the chart as documented"
