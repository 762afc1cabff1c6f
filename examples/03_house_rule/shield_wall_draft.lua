-- The first draft of the tutorial's house rule (README.md, step 2): its condition asks the
-- situation for `orders`, which the Combat Test does not give. `muster rules check` says so.
return {
  manifest = { name = "shield_wall", version = "0.1.0", kind = "variant", kernel = "^1.0",
               ruleset = "fantasy_warriors", description = "draft: shield wall" },
  apply = function(rules, options, context)
    rules.add_modifier("combat_test", { id = "shield_wall", value = 1, page = 1,
      reason = "a shield wall of disciplined spearmen holds its ground",
      when = function(c) return c.orders == "hold" end })
  end,
}
