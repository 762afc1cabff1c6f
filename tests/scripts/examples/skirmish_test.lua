-- Lua-level tests of the demo ruleset examples/01_skirmish/skirmish (Hedgerow): exact odds of
-- its dice procedures against hand calculations, its geometry against hand-measured
-- distances, hidden orders, and one seeded turn against a fixed report. Run by
-- tests/scripts/lua_test_driver.cpp in a fresh runtime per test (seed 1).
local t = require("testing")
local M = { ruleset_path = "examples/01_skirmish/skirmish", seed = 1 }

-- outcome -> probability, from a roll_exact result
local function odds_of(result)
  local out = {}
  for _, o in ipairs(result) do out[o.outcome] = o.p end
  return out
end

local binomial = t.binomial

local function events(kind)
  local out = {}
  for _, e in ipairs(muster.log.get()) do
    if e.kind == kind then out[#out + 1] = e.fields end
  end
  return out
end

function M.test_hit_throw_odds_are_binomial_at_the_modified_target()
  local mods = { { value = -1, reason = "long range", source = "test" } }  -- 4+ becomes 5+: p = 1/3
  local odds = odds_of(muster.dice.roll_exact(function()
    return ruleset.shooting.hit_throw(4, 4, mods, "t")
  end))
  for k = 0, 4 do t.near(odds[k], binomial(4, k, 1 / 3), 1e-12, k .. " hits") end
end

function M.test_natural_six_always_hits_and_natural_one_always_misses()
  local hopeless = { { value = -5, reason = "x", source = "test" } }  -- needs a 9
  local sure = { { value = 5, reason = "x", source = "test" } }        -- needs a -1
  local function p_hit(mods)
    return odds_of(muster.dice.roll_exact(function() return ruleset.shooting.hit_throw(1, 4, mods, "t") end))[1]
  end
  t.near(p_hit(hopeless), 1 / 6, 1e-12, "only a 6")
  t.near(p_hit(sure), 5 / 6, 1e-12, "all but a 1")
end

function M.test_morale_throw_odds_count_doubles_apart()
  local function odds(nerve, lost)
    return odds_of(muster.dice.roll_exact(function() return (ruleset.morale.throw(nerve, lost, "t")) end))
  end
  -- nerve 7: totals 2..7 are 21 of 36 throws; 1+1 is "steady", 6+6 "panic"
  local o = odds(7, 0)
  t.near(o.steady, 1 / 36, 1e-12, "steady")
  t.near(o.panic, 1 / 36, 1e-12, "panic")
  t.near(o.pass, 20 / 36, 1e-12, "pass")
  t.near(o.fail, 14 / 36, 1e-12, "fail")
  -- 2 lost: the dice must total 5 or less (10 throws, 1+1 among them)
  o = odds(7, 2)
  t.near(o.pass, 9 / 36, 1e-12, "pass with 2 lost")
  t.near(o.fail, 25 / 36, 1e-12, "fail with 2 lost")
end

function M.test_nearest_policy_picks_the_shortest_distance_first_on_ties()
  muster.choice.set_controller("wardens", "policy", "nearest")
  local answer, by = muster.choice.get { side = "wardens", question = "target", options = { "a", "b", "c" },
                                         context = { a = 9, b = 4.5, c = 4.5 } }
  t.eq(answer, "b")
  t.eq(by, "policy:nearest")
  t.eq((muster.choice.get { side = "wardens", question = "order", options = { "fire", "aim" } }), "fire")
end

function M.test_sight_measures_bands_arcs_and_woods()
  muster.turn.run_pre_battle()
  local u = muster.state.get_unit
  local s = ruleset.board.sight(u("w_bows"), u("r_slings"))  -- front edges 22 - 8 apart, files overlap
  t.near(s.distance, 14, 1e-9)
  t.eq({ s.band, s.in_arc, s.why }, { "long", true })
  s = ruleset.board.sight(u("w_bows"), u("r_band"))           -- corners (14, 8) and (26.5, 20)
  t.near(s.distance, math.sqrt(12.5 ^ 2 + 12 ^ 2), 1e-9)
  t.eq(s.why, nil)
  s = ruleset.board.sight(u("w_bombard"), u("r_slings"))
  t.eq({ s.blocked_by, s.why }, { "old_copse", "sight blocked by old_copse" })
  s = ruleset.board.sight(u("r_slings"), u("w_bombard"))      -- corners (16.5, 22) and (29, 6)
  t.near(s.distance, math.sqrt(12.5 ^ 2 + 16 ^ 2), 1e-9)
  t.eq({ s.band, s.why }, { nil, "out of range" })
end

function M.test_blast_cover_splits_figures_by_covered_fraction()
  muster.state.add_side { id = "test" }
  -- three 1 in bases side by side: x -1.5..1.5, y -1..0
  muster.state.add_unit { id = "line", side = "test", files = 3, base_width = 1, base_depth = 1, figures = 3 }
  local figs = muster.state.get_unit("line").figures
  -- a 0.5 in circle inside the middle base (pi/4 of it); the others only touched
  local hit, partly = ruleset.shooting.get_cover({ x = 0, y = -0.5, radius = 0.5 }, muster.state.get_unit("line"))
  t.eq({ hit, partly }, { { figs[2].id }, {} })
  -- the same circle on the edge between the middle and right bases: pi/8 of each
  local bases = ruleset.board.figure_bases(muster.state.get_unit("line"))
  local covered = muster.geometry.get_covered({ x = 0.5, y = -0.5, radius = 0.5 }, bases)
  t.near(covered[1].fraction, math.pi / 8, 1e-9)
  hit, partly = ruleset.shooting.get_cover({ x = 0.5, y = -0.5, radius = 0.5 }, muster.state.get_unit("line"))
  t.eq({ hit, partly }, { {}, { figs[2].id, figs[3].id } })
end

function M.test_orders_stay_hidden_until_the_reveal()
  muster.turn.run_pre_battle()
  muster.choice.set_controller("wardens", "script", { "aim" })
  muster.choice.set_controller("raiders", "script", { "fire" })
  ruleset.orders.write({ turn = 1, at = "write_orders" })
  local secret = muster.state.get_prop("wardens", "order_secret")
  t.fails(function() muster.state.get_secret(secret, "raiders") end, "is hidden from side 'raiders'")
  t.eq(ruleset.orders.get("wardens"), nil)
  ruleset.orders.reveal({ turn = 1, at = "reveal_orders" })
  t.eq(muster.state.get_secret(secret, "raiders").value, "aim")
  t.eq({ ruleset.orders.get("wardens"), ruleset.orders.get("raiders") }, { "aim", "fire" })
  for _, a in ipairs(muster.state.get_audit()) do t.eq(a.match, true, a.secret) end
  local bows = muster.state.get_unit("w_bows")
  t.eq(ruleset.shooting.get_modifiers(bows, { band = "short" }, false),
       { { value = 1, reason = "aimed", source = "skirmish 1.0.0" } })
end

function M.test_aim_forbids_return_fire()
  muster.choice.set_controller("wardens", "policy", "nearest")
  muster.choice.set_controller("raiders", "script", { "aim", "w_bows" })
  muster.turn.run_pre_battle()
  muster.turn.run(1)
  t.eq(events("no_return_fire"), { { unit = "r_slings", firer = "w_bows", why = "order is not fire" } })
  local shots = events("shot")
  t.eq({ shots[2].unit, shots[2].returning, shots[2].modifiers }, { "r_slings", false, "long range -1, pinned -1, aimed +1" })
  t.eq(muster.choice.get_controller("raiders"), "script (0 left)")
end

function M.test_one_seeded_turn_gives_the_fixed_report()
  for _, side in ipairs(ruleset.sides) do muster.choice.set_controller(side, "policy", "nearest") end
  muster.turn.run_pre_battle()
  t.eq(muster.turn.run(1), 1)
  t.eq(table.concat(ruleset.report.get_events(), "\n"), table.concat({
    "raiders reveal their order: fire (secret-1)",
    "wardens reveal their order: fire (secret-2)",
    "Bombard cannot shoot at Raider Slings: sight blocked by old_copse",
    "wardens choose Raider Warband as target (policy:nearest)",
    "Bombard blasts Raider Warband at 14in (35.6cm): 2 under the template, 4 partly: 5 hits",
    "  Raider Warband: figure-18 falls",
    "  Raider Warband: figure-21 falls",
    "  Raider Warband: figure-17 wounded (1)",
    "  Raider Warband: figure-19 falls",
    "  Raider Warband: figure-20 falls",
    "wardens choose Raider Slings as target (policy:nearest)",
    "Warden Bows shoot at Raider Slings at 14in (35.6cm), long range: 4 dice need 5+ (long range -1): 1 hit",
    "  Raider Slings: figure-12 falls",
    "Raider Slings return fire on Warden Bows at 14in (35.6cm), long range: 4 dice need 6+ (long range -1, pinned -1, return fire -1): 3 hits",
    "  Warden Bows: figure-1 falls",
    "  Warden Bows: figure-2 falls",
    "  Warden Bows: figure-3 falls",
    "Raider Warband morale: 2D6 5+4 + 4 lost = 13 against nerve 8: fail",
    "  Raider Warband fall back 3in (7.6cm)",
    "Raider Slings morale: 2D6 6+1 + 1 lost = 8 against nerve 7: fail",
    "  Raider Slings fall back 3in (7.6cm)",
    "Warden Bows morale: 2D6 3+1 + 3 lost = 7 against nerve 7: pass",
  }, "\n"))
  -- the state agrees with the log: every casualty logged is a figure gone
  local lost = {}
  for _, c in ipairs(events("casualty")) do lost[c.unit] = (lost[c.unit] or 0) + 1 end
  for _, unit in ipairs(muster.state.get_units()) do
    t.eq(unit.props.strength - #unit.figures, lost[unit.id] or 0, unit.id)
  end
  t.eq(muster.state.get_unit("r_band").markers, { pinned = true, shaken = true })
  t.eq(muster.state.get_unit("r_band").y, 23)  -- fell back 3 in towards y = 36
end

return M
