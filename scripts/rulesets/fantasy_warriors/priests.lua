--- Fantasy Warriors priests (pages 40-41): calling on the gods to change an event (the roll
--- it changes thrown again) or to attack an enemy wizard, and the priests the gods take. Owns
--- table `priests` and the procedure `priests`. Saving throws through casualties.lua.
--- Randomness only through muster.dice.
local core = require("core")
local casualties = require("casualties")
local shooting = require("shooting")  -- the saving throw's dice (table shooting_throws)

local M = {}
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- ---------------------------------------------------------------------------------------
-- Priests (pages 40-41): calling on the gods to change an event (1D per priest, total 6 or
-- more: a re-roll) or to attack an enemy wizard (total 12 or more: 1D per living priest off
-- his power); each priest whose die shows a natural 1 is taken by the gods unless he saves.
-- ---------------------------------------------------------------------------------------
data.priests = core.define_table("priests", {
  change_event = { granted_at = 6 },
  attack_wizard = { granted_at = 12, survivor_power = 1 },
  taken = { face = 1 },
}, 41)
data.priests:set_page("change_event", 40)

local function check_priests(v)
  if type(v) ~= "table" or #v == 0 then core.fail("priests", "missing (a list of priests {name, save?, race?})") end
  local out, race = {}, nil
  for i, pr in ipairs(v) do
    local path = "priests[" .. i .. "]"
    if type(pr) ~= "table" then core.fail(path, "a priest {name, save?, race?} expected") end
    core.check_fields(pr, { "name", "save", "race" }, path)
    if pr.race ~= nil then
      if race ~= nil and pr.race ~= race then core.fail(path .. ".race", "every priest calling together must be of one race") end
      race = pr.race
    end
    out[i] = { name = type(pr.name) == "string" and pr.name or ("priest " .. i),
               save = pr.save ~= nil and core.check_int(pr.save, path .. ".save", 0, 12) or nil }
  end
  return out
end

-- The priests' 1D each, totalled; those showing the taken face save or die.
local function call_on_the_gods(res, priests, label)
  local total, faces = core.sum(res, #priests .. "d6", label)
  res.total, res.priest_dice, res.saves, res.taken = total, faces, {}, {}
  local face = data.priests.rows.taken.face
  for i, pr in ipairs(priests) do
    pr.alive = true
    if faces[i] == face then
      local saved = pr.save and casualties.saving_throw(res, res, pr.name, pr.save, "taken by the gods", shooting.data.shooting_throws)
      res.taken[#res.taken + 1] = { priest = pr.name, saved = saved or false }
      if not saved then
        pr.alive = false
        res.command_test_markers[#res.command_test_markers + 1] = { name = pr.name, role = "priest", event = "killed" }
      end
    end
  end
  return total
end

-- The roll a granted call changes, at `path`: {dice = "NdM", faces = {...}, label?} (nil: none
-- given). A "dice roll" is the whole throw made at once (digest part 2, 29.4): every die of it.
local function check_roll(v, path)
  if v == nil then return nil end
  if type(v) ~= "table" then core.fail(path, "a roll {dice = \"2d6\", faces = {...}, label?} expected") end
  core.check_fields(v, { "dice", "faces", "label" }, path)
  local n, sides = nil, nil
  if type(v.dice) == "string" then n, sides = v.dice:lower():match("^(%d+)d(%d+)$") end
  n, sides = tonumber(n), tonumber(sides)
  if not n or n < 1 or n > 200 or sides < 2 or sides > 100 then
    core.fail(path .. ".dice", string.format("%s is not a throw such as \"2d6\" (1 to 200 dice)", core.show(v.dice)))
  end
  if type(v.faces) ~= "table" or #v.faces ~= n then
    core.fail(path .. ".faces", string.format("the %d faces the %s showed expected", n, v.dice))
  end
  local faces, total = {}, 0
  for i = 1, n do
    faces[i] = core.check_int(v.faces[i], path .. ".faces[" .. i .. "]", 1, sides)
    total = total + faces[i]
  end
  if v.label ~= nil and (type(v.label) ~= "string" or v.label == "") then core.fail(path .. ".label", "a short text expected") end
  return { dice = string.format("%dd%d", n, sides), faces = faces, total = total, label = v.label or ("the " .. v.dice) }
end

--- Priests call on the gods. args = {call ("change_event" | "attack_wizard"), priests, in_combat?,
--- reroll? (change_event, 2+ priests: "own" | "opponent", else asked), own_roll?, opponent_roll?
--- (change_event: the rolls that may be re-rolled, {dice, faces, label?}: the chosen one is
--- thrown again), wizard? {name, power, save?} (attack_wizard), side?}.
function M.priests(input)
  local call = core.check_enum(input.call, { "change_event", "attack_wizard" }, "call")
  local priests = check_priests(input.priests)
  local rolls = { own = check_roll(input.own_roll, "own_roll"), opponent = check_roll(input.opponent_roll, "opponent_roll") }
  if call ~= "change_event" then
    for _, f in ipairs({ "own_roll", "opponent_roll", "reroll" }) do
      if input[f] ~= nil then core.fail(f, "only a call to change an event re-rolls") end
    end
  end
  if rolls.opponent and #priests == 1 then
    core.fail("opponent_roll", "one priest re-rolls his own side's last roll only: the opponent's needs two or more (p.40)")
  end
  if core.check_bool(input.in_combat, "in_combat", false) then
    core.fail("in_combat", "no priest calling on the gods may be in combat")
  end
  local row = data.priests.rows[call]
  local res = core.result("priests")
  res.call, res.source, res.command_test_markers, res.choices = call, data.priests:source(call), {}, {}
  local w
  if call == "attack_wizard" then
    w = input.wizard
    if type(w) ~= "table" then core.fail("wizard", "missing (the enemy wizard {name, power, save?})") end
    core.check_fields(w, { "name", "power", "save" }, "wizard")
    w = { name = w.name or "wizard", power = core.check_int(w.power, "wizard.power", 0),
          save = w.save ~= nil and core.check_int(w.save, "wizard.save", 0, 12) or nil }
  end
  local total = call_on_the_gods(res, priests, call == "change_event" and "calling on the gods" or "priests against a wizard")
  res.granted = total >= row.granted_at
  res.granted_at = row.granted_at
  if call == "change_event" then
    if res.granted then
      if #priests == 1 then res.reroll, res.reroll_chosen_by = "own", "rule"
      else
        local given = input.reroll ~= nil and core.check_enum(input.reroll, { "own", "opponent" }, "reroll") or nil
        res.reroll, res.reroll_chosen_by = casualties.choose(res, "priests", { side = input.side or "priests",
          question = "priest_reroll", prompt = "the gods grant a re-roll: your own last roll or the opponent's?",
          options = { "own", "opponent" } }, given)
      end
    end
    -- The roll chosen is thrown again at once, and the new throw stands (p.40).
    local roll = res.granted and rolls[res.reroll]
    if roll then
      local total, faces = core.sum(res, roll.dice, "re-roll, " .. roll.label)
      res.rerolled = { whose = res.reroll, label = roll.label, dice = roll.dice,
                       replaced = { faces = roll.faces, total = roll.total }, faces = faces, total = total }
    end
    res.outcome = not res.granted and "not granted"
      or (roll and string.format("re-roll %s last roll: %s %d -> %d", res.reroll, roll.label, roll.total, res.rerolled.total))
      or ("re-roll " .. res.reroll .. " last roll")
  else
    res.wizard, res.power_before = w.name, w.power
    res.power_after = w.power
    if res.granted then
      local living = 0
      for _, pr in ipairs(priests) do if pr.alive then living = living + 1 end end
      res.living_priests = living
      res.power_lost = living > 0 and core.sum(res, living .. "d6", "power taken from " .. w.name) or 0
      res.power_after = w.power - res.power_lost
      if res.power_after < 0 then
        res.wizard_saves = {}
        local saved = w.save and casualties.saving_throw(res, { saves = res.wizard_saves }, w.name, w.save, "overdrawn by priests", shooting.data.shooting_throws)
        res.wizard_killed = not saved
        if saved then res.power_after = row.survivor_power
        else
          res.power_after = 0
          res.command_test_markers[#res.command_test_markers + 1] = { name = w.name, role = "wizard", event = "killed" }
        end
      end
    end
    res.outcome = not res.granted and "not granted"
      or (res.wizard_killed and "wizard killed" or string.format("wizard's power %d -> %d", w.power, res.power_after))
  end
  return res
end

M.procedures = {
  priests = {
    doc = "priests call on the gods: change an event (1D each, total 6+: the roll given in own_roll or opponent_roll thrown again) or attack an enemy wizard (12+: 1D per living priest off his power); natural 1s are taken by the gods (p.40-41)",
    fields = { "call", "priests", "in_combat", "reroll", "own_roll", "opponent_roll", "wizard", "side" },
    run = function(input) return M.priests(input) end,
  },
}

return M
