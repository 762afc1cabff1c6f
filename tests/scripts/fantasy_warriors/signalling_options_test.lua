-- HR-7 Signalling (variant `signalling`) with its option list_penalty = both: the -1 per entry
-- of the signal list reaches banner signals too (a banner list has one entry: -1).
local t = require("testing")

local M = { ruleset = "fantasy_warriors", variants = { "signalling" }, options = { "signalling.list_penalty=both" } }

local ids = t.modifier_ids

function M.test_banner_list_entry_costs_one()
  muster.dice.set_faces { 4 }
  local r = ruleset.resolve("signal", {
    signaller = { role = "banner_bearer", with_warchief = true }, line_of_sight = true, distance = 8,
    leader = { name = "Snaga", quality = "average", type = "disciplined", leadership = 2 },
    signals = { "attack" }, order = "attack", in_range = true })
  t.eq(ids(r), "leadership=2 signal_list_entries=-1")
  t.eq(r.score, 5)
  t.eq(r.result, "ok_confusion")
end

function M.test_herald_signal_as_with_the_default()
  muster.dice.set_faces { 4 }
  local r = ruleset.resolve("signal", {
    signaller = { role = "herald", with_warchief = true }, heralds = 2, distance = 16,
    leader = { name = "Grukk", quality = "veteran", type = "disciplined", leadership = 3 },
    signals = { "attack", "hold" }, order = "attack", in_range = true })
  t.eq(r.score, 5, "worked check 6 does not change")
end

return M
