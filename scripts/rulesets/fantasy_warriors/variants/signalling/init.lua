--- HR-7 Signalling new orders (house-rules booklet page 7): applies the variant. Adds the
--- house modifiers to the ruleset's `battle_leaders_test` list (each applies only when the
--- test runs for a signal: ctx.extra.signal), the distances to the `leader_range` table (row
--- `signal`), and the procedure `signal` (signal.lua). Changes nothing a carried order does.
local signal = require("signal")

local M = {}

--- The booklet page every change of this variant cites.
local PAGE = 7

--- Adds the house lines, the distances and the procedure `signal`.
---@param rules table the variant's patch functions (registry patcher)
---@param options table {list_penalty}
---@param context table {name, version, kind, source}
function M.apply(rules, options, context)
  local units = rules.modules.units
  local range = rules.modules.command.data.leader_range

  -- The distances of HR-7.2 item 3 and 7: a herald's music carries 24in; beyond 12in from
  -- the herald (or the banner) the battle leader hears (or sees) it badly; a banner list
  -- has one entry; two heralds playing sound better.
  rules.set_row("leader_range", "signal", { herald_reach = 24, far = 12, banner_entries = 1, heralds = 2 }, PAGE)

  local function row() return range.rows.signal end
  local function sig(c) return c.extra and c.extra.signal end

  rules.add_modifier("battle_leaders_test", { id = "signal_music_far", value = -1, page = PAGE,
    reason = "a long way to hear the music: more than 12in from the herald",
    when = function(c) local s = sig(c) return s and s.by == "herald" and s.distance > row().far end })
  rules.add_modifier("battle_leaders_test", { id = "signal_waving_far", value = -1, page = PAGE,
    reason = "a long way to see the waving: more than 12in from the banner",
    when = function(c) local s = sig(c) return s and s.by == "banner_bearer" and s.distance > row().far end })
  rules.add_modifier("battle_leaders_test", { id = "signal_hard_to_see", value = -1, page = PAGE,
    reason = "hard to see the banner: the battle leader is enduring bad light (proposed)",
    when = function(c) local s = sig(c) return s and s.by == "banner_bearer" and units.bad_light(c.leader, c.time) end })
  rules.add_modifier("battle_leaders_test", { id = "signal_list_entries", page = PAGE,
    reason = "hard to tell the signals apart: each entry of his signal list (proposed)",
    value = function(c)
      local s = sig(c)
      if not s then return nil end
      if s.by == "herald" or options.list_penalty == "both" then return -s.entries end
      return nil
    end })
  rules.add_modifier("battle_leaders_test", { id = "signal_two_heralds", value = 1, page = PAGE,
    reason = "two heralds play the music",
    when = function(c) local s = sig(c) return s and s.by == "herald" and s.heralds >= row().heralds end })
  rules.add_modifier("battle_leaders_test", { id = "signal_fanatic_hold", value = -1, page = PAGE,
    reason = "a fanatic battle leader is signalled HOLD",
    when = function(c) return sig(c) ~= nil and c.leader.type == "fanatic" and c.order == "hold" end })

  rules.add_procedure("signal", signal.procedure(rules, PAGE))
end

return M
