-- Fantasy Warriors on a laid-out table (tabletop.lua): the facts the procedures take measured
-- from positions: a unit just out of threat range, a line of sight blocked by a wood (and the
-- wood the seer stands in, and a gap beside it), cover by the bases' centres in a feature,
-- contact and the pairs that fight, terrible creatures within 6in, the ground, the table's
-- edge, and the formation a description stands in.
local t = require("testing")

local M = { ruleset = "fantasy_warriors" }

local function top() return ruleset.modules.tabletop end
local s = muster.state

local orcs = { name = "Orc infantry", figures = 10, quality = "average", type = "tribal", strength = 1, armour = "medium",
               shield = true, leader = true, musicians = 1, bad_light = "day", orders = "attack" }
local dwarves = { name = "Dwarf infantry", figures = 8, quality = "veteran", type = "disciplined", armour = "heavy",
                  leader = true, standard = true, orders = "hold" }

-- The descriptions the view reads, by id.
local described = {}
local function describe(id) return described[id] end

-- Places a description at {x, y, facing, files} on `side`; returns its id.
local function place(id, side, desc, at)
  if not s.get_kind(side) then s.add_side { id = side } end
  local p = top().placement(desc, at)
  s.add_unit { id = id, side = side, name = desc.name, figures = desc.figures, x = p.x, y = p.y, facing = p.facing,
               ranks = p.ranks, files = p.files, base_width = p.base_width, base_depth = p.base_depth }
  described[id] = desc
  return id
end

local function wood(id, x0, y0, x1, y1, props)
  s.add_terrain { id = id, kind = "wood", props = props,
                  polygon = { { x = x0, y = y0 }, { x = x1, y = y0 }, { x = x1, y = y1 }, { x = x0, y = y1 } } }
end

local function view() return top().view(describe) end

function M.test_a_formation_from_a_description()
  local p = top().placement(orcs, { x = 10.3, y = 4, files = 4 })
  -- x is kept to 1/1024in: exact in binary, within half a step of what was asked.
  t.eq({ p.x * 1024 == math.floor(p.x * 1024), math.abs(p.x - 10.3) <= 1 / 2048 }, { true, true })
  p.x = nil
  t.eq(p, { y = 4, facing = 0, ranks = 3, files = 4, base_width = 0.8, base_depth = 0.8 })
  t.eq(top().placement(orcs, { x = 0, y = 0 }).files, 5)
  t.eq(top().placement({ figures = 3 }, { x = 0, y = 0, facing = -90 }), { x = 0, y = 0, facing = 270, ranks = 1, files = 3,
                                                                           base_width = 0.8, base_depth = 0.8 })
  t.eq(top().base_class({ mounted = true }), "mounted")
  t.eq(top().base_class({ terrible = true, mounted = true }), "large")
  t.eq(top().base_class({ weapon = "gun" }), "machine")
  t.fails(function() top().placement(orcs, { x = 0, y = 0, files = 0 }) end, "input: files: a whole number >= 1 expected, got 0")
end

-- A club's bases: a variant patches the table base_sizes, and formations follow.
function M.test_a_variant_changes_the_bases()
  t.rules("bases").set_row("base_sizes", "foot", { width = 1, depth = 1, reason = "our 25mm bases" }, 1)
  t.eq(top().placement(orcs, { x = 0, y = 0 }), { x = 0, y = 0, facing = 0, ranks = 2, files = 5, base_width = 1, base_depth = 1 })
  t.eq(top().placement({ figures = 2, mounted = true }, { x = 0, y = 0 }).base_depth, 2)
end

-- The Orcs' front edge at y = 10 facing +y; the Dwarves facing them, their front edge 12 1/8in
-- and then 12in away. A threat needs the target within 12in (page 19): 12 1/8 is out of range,
-- 12 is in.
function M.test_a_unit_just_out_of_threat_range()
  place("orcs", "red", orcs, { x = 20, y = 10, files = 5 })
  place("dwarves", "blue", dwarves, { x = 20, y = 22.125, facing = 180, files = 4 })
  local v = view()
  t.eq(v:distance("orcs", "dwarves"), 12.125)
  local threat = ruleset.modules.threat
  local checked = ruleset.check_unit(orcs, "unit")
  t.eq(threat.why_not_initiate(checked, v:distance("orcs", "dwarves"), true, false), "the target is 12.125in away, beyond 12in")
  s.set_placement("dwarves", { y = 22 })
  t.eq(view():distance("orcs", "dwarves"), 12)
  t.eq(threat.why_not_initiate(checked, view():distance("orcs", "dwarves"), true, false), nil)
  -- The whole phase refuses the declaration measured out of range.
  s.set_placement("dwarves", { y = 22.125 })
  v = view()
  local sight_input = v:sight("orcs", "dwarves")
  t.fails(function()
    ruleset.resolve("threat_phase", { units = { { unit = orcs, side = "red" }, { unit = dwarves, side = "blue" } },
      threats = { { threatener = "Orc infantry", target = "Dwarf infantry", distance = v:distance("orcs", "dwarves"),
                    sight = sight_input } } })
  end, "input: threats[1].threatener: Orc infantry: the target is 12.125in away, beyond 12in")
end

-- A wood between two units hides each from the other; the wood the seer stands in does not;
-- a line past the wood's end (corner to corner) is clear.
function M.test_a_line_of_sight_blocked_by_a_wood()
  place("orcs", "red", orcs, { x = 20, y = 10, files = 5 })
  place("dwarves", "blue", dwarves, { x = 20, y = 30, facing = 180, files = 4 })
  wood("darkwood", 10, 15, 30, 20)
  local input, line = view():sight("orcs", "dwarves")
  t.eq(input, { between = { "wood" }, distance = view():distance("orcs", "dwarves") })
  t.eq(type(line.from.x), "number")
  local r = ruleset.resolve("line_of_sight", input)
  t.eq({ r.visible, r.why }, { false, "a wood stands in the line (fantasy_warriors p.22)" })
  -- Slide the Dwarves right: 20in along, every corner-to-corner line still meets the wood;
  -- 36in along, the line from the Orcs' rear right corner (22, 8.4) to the Dwarves' nearest
  -- front corner (54.4, 30) passes the wood's end (x 31.9 at y = 15).
  s.set_placement("dwarves", { x = 40 })
  t.eq(view():sight("orcs", "dwarves").between, { "wood" })
  s.set_placement("dwarves", { x = 56 })
  t.eq(view():sight("orcs", "dwarves").between, {})
  -- The seer in the wood: its own wood does not hide the target.
  s.set_placement("dwarves", { x = 20 })
  s.set_placement("orcs", { y = 18 })
  input = view():sight("orcs", "dwarves")
  t.eq({ input.seer_on, input.between }, { "wood", {} })
  t.eq(ruleset.resolve("line_of_sight", input).visible, true)
end

-- Other figures in the line block it (p.22); a river does not.
function M.test_figures_block_and_a_river_does_not()
  place("orcs", "red", orcs, { x = 20, y = 10, files = 5 })
  place("dwarves", "blue", dwarves, { x = 20, y = 30, facing = 180, files = 4 })
  s.add_terrain { id = "river", kind = "river",
                  polygon = { { x = 0, y = 15 }, { x = 60, y = 15 }, { x = 60, y = 17 }, { x = 0, y = 17 } } }
  t.eq(view():sight("orcs", "dwarves").between, {})
  place("goblins", "red", { name = "Goblins", figures = 20 }, { x = 20, y = 22, files = 20 })
  t.eq(view():sight("orcs", "dwarves").between, { "figures" })
  t.eq(ruleset.resolve("line_of_sight", view():sight("orcs", "dwarves")).visible, false)
end

-- Cover by the centre of each figure's base: the Dwarves' left files stand in a wood (soft), a
-- fortification (hard) holds one more; the shooting rules then count what the figures add up to.
function M.test_cover_by_the_centres_in_a_feature()
  place("dwarves", "blue", dwarves, { x = 20, y = 30, facing = 0, files = 4 })  -- x 18.4..21.6, y 29.2..30
  -- Files 1 and 2 (centres x 18.8, 19.6) in the wood; both ranks: 4 figures.
  wood("copse", 10, 25, 20, 35)
  t.eq(view():cover("dwarves"), { soft = 4, hard = 0 })
  local shooting = ruleset.modules.shooting
  t.eq(shooting.check_cover(view():cover("dwarves"), 8, "cover"), "none")  -- half, not more than half: no cover
  s.add_terrain { id = "redoubt", kind = "earthwork", props = { cover = "hard" },
                  polygon = { { x = 20, y = 28 }, { x = 20.5, y = 28 }, { x = 20.5, y = 31 }, { x = 20, y = 31 } } }
  t.eq(view():cover("dwarves"), { soft = 4, hard = 2 })
  t.eq(shooting.check_cover(view():cover("dwarves"), 8, "cover"), "soft")
  -- The scenario's agreement beats the kind's default.
  s.set_prop("copse", "cover", "none")
  t.eq(view():cover("dwarves"), { soft = 0, hard = 2 })
end

-- Only the figures a unit has stand on the table: 7 Dwarves on 4 files leave the last rank's
-- fourth base empty.
function M.test_a_short_last_rank()
  place("dwarves", "blue", t.copy(dwarves, { figures = 7 }), { x = 20, y = 30, files = 4 })
  wood("copse", 21, 28, 25, 29.1)  -- holds the rear rank's fourth base's centre only (21.2, 28.8)
  t.eq(view():cover("dwarves"), { soft = 0, hard = 0 })
  s.add_figure("dwarves")
  described.dwarves = t.copy(dwarves, { figures = 8 })
  t.eq(view():cover("dwarves"), { soft = 1, hard = 0 })
end

function M.test_contact_and_the_pairs_that_fight()
  place("orcs", "red", orcs, { x = 20, y = 10, files = 5 })
  place("dwarves", "blue", dwarves, { x = 20, y = 10.01, facing = 180, files = 4 })
  local v = view()
  t.eq(v:engaged("orcs"), false)
  s.set_placement("dwarves", { y = 10 })
  v = view()
  t.eq(v:engaged("orcs"), true)
  local c = v:contacts("dwarves")
  t.eq({ #c, c[1].piece.id, c[1].edge, c[1].their_edge }, { 1, "orcs", "front", "front" })
  place("goblins", "red", { name = "Goblins", figures = 4 }, { x = 30, y = 10, files = 4 })
  local pairs_ = view():combats()
  t.eq(#pairs_, 1)
  t.eq({ pairs_[1].a.id, pairs_[1].b.id }, { "dwarves", "orcs" })
end

-- A terrible creature within 6in (pages 20, 25): each side's greatest strength and worth.
function M.test_terrible_creatures_within_6in()
  place("orcs", "red", orcs, { x = 20, y = 10, files = 5 })
  place("troll", "blue", { name = "Troll", figures = 1, terrible = true, strength = 3, worth = 4 }, { x = 20, y = 16.125, facing = 180 })
  place("ogre", "red", { name = "Ogre", figures = 1, terrible = true, strength = 2, worth = 6 }, { x = 30, y = 10 })
  local v = view()
  t.eq(v:distance("orcs", "troll"), 6.125)
  t.eq({ v:terrible_near("orcs") }, { nil, { enemy = {}, ally = {} } })
  s.set_placement("troll", { y = 16 })
  s.set_placement("ogre", { x = 26 })  -- its base x 25..27, 3in from the Orcs' right file
  local near, names = view():terrible_near("orcs")
  t.eq(near, { enemy = { strength = 3, worth = 4 }, ally = { strength = 2, worth = 6 } })
  t.eq(names, { enemy = { "Troll" }, ally = { "Ogre" } })
  -- The morale tests take it: the allied ogre's greater worth outweighs the troll in the
  -- Threat Test (worth, as printed), not in the Casualty Test (strength).
  local threat = ruleset.modules.threat
  t.eq(threat.terrible_side(near, "worth"), "ally")
  t.eq(threat.terrible_side(near, "strength"), "enemy")
  -- The troll (x 19..21, y 16..18) and the ogre (x 25..27, y 8..10) are 7.2in apart.
  t.eq(view():terrible_near("troll"), nil)
end

-- The ground: the kind of the feature holding the formation's centre.
function M.test_the_ground_a_unit_stands_on()
  place("orcs", "red", orcs, { x = 20, y = 10, files = 5 })
  t.eq(view():ground("orcs"), "open")
  s.add_terrain { id = "knoll", kind = "hill", polygon = { { x = 15, y = 5 }, { x = 25, y = 5 }, { x = 20, y = 12 } } }
  local kind, feature = view():ground("orcs")
  t.eq({ kind, feature.id }, { "hill", "knoll" })
end

-- The table: its size as a feature, and whether a unit stands wholly on it.
function M.test_the_table_and_its_edge()
  top().set_table(48, 36)
  t.eq({ top().get_table() }, { 48, 36 })
  place("orcs", "red", orcs, { x = 20, y = 1.625, files = 5 })  -- rear edge at y = 0.025
  local v = view()
  t.eq({ v:on_table("orcs"), #v.features }, { true, 0 })
  s.set_placement("orcs", { y = 1.5 })
  t.eq(view():on_table("orcs"), false)
  t.fails(function() top().set_table(6, 36) end, "input: table.width: ")
end

-- A piece not on the table is named.
function M.test_unplaced_pieces_are_named()
  s.add_side { id = "red" }
  s.add_unit { id = "reserve", side = "red", name = "Reserve" }
  t.fails_exactly(function() view():get("reserve") end, "input: unit: \"reserve\" is not on the table (place it first)")
  t.fails_exactly(function() view():get("nobody") end, "input: unit: no unit or individual \"nobody\" on the table")
end

return M
