-- HR-4 Weather loaded by the real loader, as `--variant weather --option weather.season=winter
-- --option weather.weather=winter_storm` loads it (manifest checked, options typed): the
-- worked check 2 of the house-rules digest (a Threat Test score of 5 for a disciplined unit
-- becomes 2: SHAKEN) and its explanation, and the procedure `weather` reporting the result in
-- force. weather_test.lua covers every option value.
local t = require("testing")

local M = { ruleset = "fantasy_warriors", variants = { "weather" },
            options = { "weather.season=winter", "weather.weather=winter_storm" } }

local dwarves = { name = "Dwarf infantry", figures = 10, quality = "average", type = "disciplined", armour = "heavy",
                  leader = true, bad_light = "none", orders = "hold" }
local scouts = { name = "Orc scouts", figures = 2, quality = "average", type = "tribal" }

function M.test_the_variant_is_loaded_with_its_options()
  t.eq(ruleset.rules_report().modules, { "fantasy_warriors@0.1.0", "weather@1.0.0" })
  local r = ruleset.resolve("weather", {})
  t.eq(r.weather, "winter_storm")
  t.eq(r.season, "winter")
  t.eq(r.in_force, true)
  t.eq(r.outcome, "Winter storm: in force (fixed by the option weather)")
  t.eq(r.waits_for, { "undead" })
end

function M.test_worked_2_threat_test_5_becomes_2_shaken()
  muster.dice.set_faces { 5 }
  local r = ruleset.resolve("threat_test", { unit = dwarves, threatener = scouts, time = "day" })
  t.eq(r.score, 2)
  t.eq(r.reaction, "shaken")
  local lines = {}
  for line in ruleset.explain(r):gmatch("([^\n]*)\n") do lines[#lines + 1] = line end
  t.eq(lines[1], "threat_test: shaken")
  t.eq(lines[2], "  threat test, Dwarf infantry: 1D6 rolled 5 = 5")
  t.eq(lines[3], "  -1 your unit is enduring bad light (fantasy_warriors p.20)")
  t.eq(lines[4], "  +1 your unit has a leader (fantasy_warriors p.20)")
  t.eq(lines[5], "  -3 winter storm: -3 on every morale test (weather p.4)")
end

return M
