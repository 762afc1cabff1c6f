--- The procedure `galloper_hitch` of HR-12 (house-rules booklet page ~13, note 4): hitching
--- the galloper gun to its wolf, or unhitching it, takes a turn. Read (proposed): a Movement
--- phase in which the gun does not move; after it the gun switches between its two rows, the
--- Goblin list's entry (unhitched: it shoots, it cannot move) and its `alternate` (hitched: it
--- moves like an Orc Chariot, 10in, and fights with the wolf's tooth and claw, but cannot shoot).
--- The rows come from the ruleset's `artillery_modes` and the army list, never typed here.
local M = {}

--- The procedure spec {doc, fields, run, samples} for rules.add_procedure.
---@param rules table the variant's rules handle
---@param page integer the booklet page
function M.procedure(rules, page)
  local core = rules.modules.core
  local armies = rules.modules.armies
  local modes_table = rules.modules.artillery.data.modes
  local fields = rules.copy(rules.modules.units.profile_fields)

  -- The profile of one mode, read from the army list entry (or its `alternate`).
  local function profile(row, mode)
    local entry = armies.load_list(row.list).entries[row.entry]
    local from = row.modes[mode].from == "alternate" and entry.alternate or entry
    local out = { label = row.modes[mode].label }
    for _, f in ipairs(fields) do
      if from[f] ~= nil then out[f] = from[f] end
    end
    return out
  end

  return {
    doc = "HR-12 (house rules p.13): the galloper gun hitched to its wolf or unhitched; the switch takes the Movement phase (the gun does not move) and gives the other row of its profile",
    fields = { "mode", "moved" },
    samples = { { mode = "unhitched" }, { mode = "hitched", moved = false } },
    run = function(input)
      local row = rules.get_table("artillery_modes").galloper_gun  -- a plain copy of the row in force
      local names = {}
      for name in pairs(row.modes) do names[#names + 1] = name end
      table.sort(names)
      local res = core.result("galloper_hitch")
      local before = core.check_enum(input.mode, names, "mode")
      local after = names[1] == before and names[2] or names[1]  -- the other of its two modes
      if core.check_bool(input.moved, "moved", false) then
        core.fail("moved", string.format("the gun moved this turn: %s it takes a Movement phase in which it does not move (HR-12 note 4, galloper_gun p.%d)",
          after == "hitched" and "hitching" or "unhitching", page))
      end
      res.mode_before, res.mode_after, res.turns = before, after, row.turns
      res.profile = profile(row, after)
      res.shoots = after == row.fires
      res.source = modes_table:source("galloper_gun")
      res.outcome = string.format("%s: from the next turn it %s", row.modes[after].label,
        res.shoots and "can shoot (artillery_shot) but not move"
          or string.format("moves like an Orc Chariot (%din) but cannot shoot", res.profile.movement))
      return res
    end,
  }
end

return M
