--- Fantasy Warriors victory and defeat (page 11): the game types (Bitter End, Restricted
--- Turns) and the scoring system's pre- and post-battle values and result bands. Owns tables
--- `victory_values`, `victory_bands` and the procedure `victory`. No dice.
local core = require("core")

local M = {}
--- The rule data this file declares (registry handles), for procedures and other areas.
local data = {}
M.data = data

-- ---------------------------------------------------------------------------------------
-- Victory and defeat (page 11): the game types and the scoring system
-- ---------------------------------------------------------------------------------------

--- Value of each scoring item (page 11): `own` counted for a side's own army before and
--- after the battle, `enemy` for each enemy one lost (killed, routed, wrecked, defiled...).
data.victory_values = core.define_table("victory_values", {
  warchief = { own = 2, enemy = 2 },            -- [inferred] Scoring example
  army_standard = { own = 2, enemy = 2 },       -- own [inferred]; enemy wrecked [unknown], mirrors
  sacred_item = { own = 2, enemy = 2 },
  beloved_personage = { own = 2, enemy = 2 },
  battle_leader = { own = 1, enemy = 1 },       -- own [inferred] Scoring example
  individual = { own = 1, enemy = 1 },          -- enemy [unknown], mirrors
  unit = { own = 1, enemy = 1 },
}, 11)

--- The result bands of D = post-battle value - pre-battle value (page 11), lowest D first.
data.victory_bands = core.define_table("victory_bands", {
  { from = 0, result = "stalemate" },
  { from = 1, result = "minor_victory" },
  { from = 4, result = "decisive_victory" },
  { from = 7, result = "major_victory" },
  { from = 9, result = "crushing_victory" },
}, 11)

M.victory_items = { "warchief", "army_standard", "sacred_item", "beloved_personage", "battle_leader", "individual", "unit" }

--- The grade of a difference D >= 0.
function M.victory_band(d)
  local result
  for _, b in ipairs(data.victory_bands.rows) do
    if d >= b.from then result = b.result end
  end
  return result
end

local function value(res, counts, column, label)
  local values = data.victory_values.rows
  local total, lines = 0, {}
  for _, item in ipairs(M.victory_items) do
    local n = counts[item] or 0
    if n > 0 then
      local v = n * values[item][column]
      lines[#lines + 1] = { item = item, count = n, value = v, source = data.victory_values:source(item) }
      total = total + v
    end
  end
  res[label] = lines
  return total
end

--- Scores a side: pre-battle value, post-battle value (survivors plus enemy losses), D and
--- the result band; D below 0 is the opponent's victory of the grade -D gives.
function M.score(a)
  local res = { procedure = "victory", game = a.game }
  if a.game == "restricted_turns" and a.turn < a.turns then
    res.over, res.outcome = false, string.format("turn %d of %d: the game goes on", a.turn, a.turns)
    return res
  end
  if a.game == "bitter_end" then
    if a.capitulated then
      res.over, res.winner = true, a.capitulated == "own" and "enemy" or "own"
    elseif a.own_units_left == 0 or a.enemy_units_left == 0 then
      res.over = true
      if a.own_units_left == a.enemy_units_left then res.winner = "none"
      else res.winner = a.own_units_left > 0 and "own" or "enemy" end
    else
      res.over, res.outcome = false, "both sides have units left: the game goes on"
      return res
    end
    res.outcome = res.winner == "none" and "no side has units left" or (res.winner .. " side wins")
    return res  -- Bitter End is won on the field; the scoring is Restricted Turns' (page 11)
  end
  res.over = true
  res.pre_value = value(res, a.pre, "own", "pre_lines")
  local own_left = value(res, a.post, "own", "post_lines")
  local gained = value(res, a.enemy_lost, "enemy", "enemy_lost_lines")
  res.post_value = own_left + gained
  res.difference = res.post_value - res.pre_value
  if res.difference >= 0 then
    res.result = M.victory_band(res.difference)
    res.winner = res.difference > 0 and "own" or "none"
  else
    res.result = M.victory_band(-res.difference)
    res.winner = "enemy"
  end
  res.result_source = core.source_text({ source = core.ruleset, page = 11 })
  res.outcome = res.result == "stalemate" and "stalemate" or (res.winner .. " side: " .. res.result)
  return res
end

local function check_counts(t, path, pre)
  t = t or {}  -- nothing given: none of each
  local fields = {}
  for _, i in ipairs(M.victory_items) do fields[#fields + 1] = i end
  core.check_fields(t, fields, path)
  local out = {}
  for _, item in ipairs(M.victory_items) do
    local max = (item == "warchief" or item == "army_standard") and 1 or 1000
    out[item] = core.check_int(t[item], path .. "." .. item, 0, max, 0)
  end
  return out
end

M.procedures = {
  victory = {
    doc = "victory and defeat: Bitter End or Restricted Turns, and the scoring system's pre- and post-battle values and result bands (p.11)",
    fields = { "game", "turns", "turn", "own_units_left", "enemy_units_left", "capitulated", "pre", "post", "enemy_lost" },
    run = function(input, options)
      local game = core.check_enum(input.game or "restricted_turns", { "restricted_turns", "bitter_end" }, "game")
      local a = { game = game, options = options }
      if game == "restricted_turns" then
        a.turns = core.check_int(input.turns, "turns", 1, 1000)
        a.turn = core.check_int(input.turn, "turn", 0, 1000, a.turns)
        if input.pre == nil then core.fail("pre", "missing: the pre-battle counts are needed to score") end
      else
        a.own_units_left = core.check_int(input.own_units_left, "own_units_left", 0, 1000)
        a.enemy_units_left = core.check_int(input.enemy_units_left, "enemy_units_left", 0, 1000)
        if input.capitulated ~= nil then a.capitulated = core.check_enum(input.capitulated, { "own", "enemy" }, "capitulated") end
        for _, f in ipairs({ "pre", "post", "enemy_lost" }) do
          if input[f] ~= nil then core.fail(f, "a Bitter End game is not scored (only Restricted Turns, p.11)") end
        end
      end
      if input.pre ~= nil then
        a.pre = check_counts(input.pre, "pre")
        a.post = check_counts(input.post, "post")
        a.enemy_lost = check_counts(input.enemy_lost, "enemy_lost")
        for _, item in ipairs(M.victory_items) do
          if a.post[item] > a.pre[item] then
            core.fail("post." .. item, string.format("%d survive but only %d were there before the battle", a.post[item], a.pre[item]))
          end
        end
      end
      return M.score(a)
    end,
  },
}

return M
