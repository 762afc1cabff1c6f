-- The Hedgerow demo: one battle, one turn, every kernel service. From the repository root:
--   build/repl/muster run examples/01_skirmish/run.lua --ruleset examples/01_skirmish/skirmish --seed 1
-- This is the host's side: it picks who answers for each side, attaches a house rule, asks
-- for exact odds, runs the turn and prints a report. The rules live in skirmish/.
assert(ruleset, "run with --ruleset examples/01_skirmish/skirmish")

-- Who answers each side's questions: the ruleset's policy "nearest" (a person at the table
-- would be "interactive", a replay "script").
for _, side in ipairs(ruleset.sides) do muster.choice.set_controller(side, "policy", "nearest") end

-- A house rule attaches as a plain hook with its own source, as a club's variant would in
-- its apply(): after morale, a pinned unit that is not shaken and stands within 8in of a
-- friendly unit rallies.
muster.turn.add_hook("after", "morale", function(ctx)
  for _, unit in ipairs(muster.state.get_units()) do
    if unit.markers.pinned and not unit.markers.shaken then
      for _, friend in ipairs(muster.state.get_units { side = unit.side }) do
        local d = muster.geometry.measure(ruleset.board.formation(unit), ruleset.board.formation(friend))
        if friend.id ~= unit.id and muster.measure.check_within(d, 8) then
          muster.state.del_marker(unit.id, "pinned")
          muster.log.add("rally", { unit = unit.id, near = friend.id, source = "house:rally" })
          break
        end
      end
    end
  end
end, { id = "house.rally", source = "house:rally" })

muster.turn.run_pre_battle()

-- Exact odds from the same code the turn runs: the bows' hit throw at the slings.
local bows, slings = muster.state.get_unit("w_bows"), muster.state.get_unit("r_slings")
local sight = ruleset.board.sight(bows, slings)
local mods = ruleset.shooting.get_modifiers(bows, sight, false)
local odds = muster.dice.roll_exact(function()
  return ruleset.shooting.hit_throw(#bows.figures, bows.props.shoot, mods, "odds") >= 2
end)
local p = 0
for _, o in ipairs(odds) do
  if o.outcome == true then p = o.p end
end
print(string.format("Hedgerow, turn 1. Odds of %s scoring 2+ hits on %s at %s (%s range): %.1f%%",
  bows.name, slings.name, muster.measure.fmt(sight.distance), sight.band, 100 * p))

muster.turn.run(1)

for _, line in ipairs(ruleset.report.get_events()) do print(line) end
print("-- after turn 1")
for _, line in ipairs(ruleset.report.get_units()) do print(line) end
for _, line in ipairs(ruleset.report.get_audit()) do print(line) end
