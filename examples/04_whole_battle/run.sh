#!/usr/bin/env bash
# A whole battle of FANTASY WARRIORS, bot against bot, from deployment to victory: the sample
# armies on the sample scenario (examples/scenarios/greystones.lua), then the same armies set
# out on an open field. ctest runs it as example.04_whole_battle with the built muster:
#   bash examples/04_whole_battle/run.sh build/repl/muster
# It checks that a battle ends with a victory result, that two processes given the same seed
# write the same event log byte for byte, that another seed plays another battle, that the
# pictures of every phase are written, that the log replays as the same battle, and that a log
# with a die or an answer changed is caught at the phase it first changes.
set -euo pipefail
muster=${1:-build/repl/muster}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

"$muster" battle --scenario examples/scenarios/greystones.lua --seed 7 --log "$out/a.log" --svg-every phase \
  --svg-dir "$out/svg" > "$out/a.txt"
"$muster" battle --scenario examples/scenarios/greystones.lua --seed 7 --log "$out/b.log" --quiet > "$out/b.txt"
"$muster" battle --scenario examples/scenarios/greystones.lua --seed 8 --log "$out/c.log" --quiet > "$out/c.txt"
cat "$out/a.txt"

outcome=$(tail -n 1 "$out/b.txt")
grep -Eq "^(after [0-9]+ turns: .*|.* wins: the enemy has no unit left on the table|neither side has a unit left)$" <<<"$outcome" \
  || { echo "no victory result: $outcome" >&2; exit 1; }
grep -qF -- "$outcome" "$out/a.txt" || { echo "the two runs of seed 7 end differently" >&2; exit 1; }
a=$(sha256sum < "$out/a.log"); b=$(sha256sum < "$out/b.log"); c=$(sha256sum < "$out/c.log")
[[ "$a" == "$b" ]] || { echo "seed 7 wrote two different logs: $a / $b" >&2; exit 1; }
[[ "$a" != "$c" ]] || { echo "seeds 7 and 8 wrote the same log" >&2; exit 1; }
grep -q "battle_over" "$out/a.log" || { echo "the log does not record the end of the battle" >&2; exit 1; }
n=$(ls "$out/svg" | wc -l)
[[ $n -ge 8 ]] || { echo "only $n pictures" >&2; exit 1; }
head -c 5 "$out/svg/$(ls "$out/svg" | head -n 1)" | grep -q "<svg" || { echo "a picture is not SVG" >&2; exit 1; }

# The log is the replay: played again from its dice and answers, the state checked after every
# phase. A log whose dice or answers were changed is caught at the phase it first changes.
"$muster" battle --scenario examples/scenarios/greystones.lua --seed 7 --log "$out/r.jsonl" --jsonl --quiet > /dev/null
"$muster" replay "$out/r.jsonl" --quiet | tee "$out/replay.txt"
grep -q ": the same battle: " "$out/replay.txt" || { echo "the log does not replay" >&2; exit 1; }
# Every face of the first hit throw of turn 2 turned to a 6: more hits, more kills.
awk 'BEGIN { done = 0 }
     !done && /"turn":2,/ && /"label":"hit throw, / {
       match($0, /"faces":\[[0-9,]*\]/); n = split(substr($0, RSTART + 9, RLENGTH - 10), f, ",");
       s = "\"faces\":["; for (i = 1; i <= n; i++) s = s (i > 1 ? "," : "") "6"; s = s "]";
       $0 = substr($0, 1, RSTART - 1) s substr($0, RSTART + RLENGTH); done = 1 }
     { print }' "$out/r.jsonl" > "$out/rolled.jsonl"
! cmp -s "$out/r.jsonl" "$out/rolled.jsonl" || { echo "no hit throw in turn 2 to change" >&2; exit 1; }
if "$muster" replay "$out/rolled.jsonl" --quiet > "$out/rolled.txt"; then
  echo "a changed roll replayed as the same battle" >&2; exit 1
fi
cat "$out/rolled.txt"
grep -q "replay differs: turn 2, shooting: " "$out/rolled.txt" || { echo "the changed roll was not caught in turn 2's shooting" >&2; exit 1; }
# The Orcs' first threat declared at nobody instead.
awk 'BEGIN { done = 0 }
     !done && /"question":"threat"/ && /"side":"orcs"/ { sub(/"answer":"[^"]*"/, "\"answer\":\"no\""); done = 1 }
     { print }' "$out/r.jsonl" > "$out/chosen.jsonl"
if "$muster" replay "$out/chosen.jsonl" --quiet > "$out/chosen.txt"; then
  echo "a changed answer replayed as the same battle" >&2; exit 1
fi
cat "$out/chosen.txt"
grep -q "replay differs: turn 1, threat: " "$out/chosen.txt" || { echo "the changed answer was not caught in turn 1's threat phase" >&2; exit 1; }

# The same armies set out in line on an open field (no scenario file).
"$muster" battle examples/armies/orcs_1000.lua examples/armies/dwarves_1000.lua --seed 3 --turns 6 > "$out/d.txt"
grep -q "^orcs: The Tuskers writes ATTACK$" "$out/d.txt" || { echo "the open field's orders were not written" >&2; exit 1; }
tail -n 1 "$out/d.txt"
echo "ok: seed 7 twice gives one log ($(wc -l < "$out/a.log") events), $n pictures"
