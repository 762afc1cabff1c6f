-- The tutorial's house rule (README.md): disciplined spearmen with shields, under HOLD
-- orders, form a shield wall and take +1 in the Combat Test. The club's booklet page is 1.
return {
  manifest = { name = "shield_wall", version = "1.0.0", kind = "variant", kernel = "^1.0",
               ruleset = "fantasy_warriors", description = "shield wall: +1 Combat Test for disciplined spearmen holding",
               options = { bonus = { type = "integer", default = 1, doc = "what the shield wall adds" } } },
  apply = function(rules, options, context)
    rules.add_modifier("combat_test", { id = "shield_wall", page = 1,
      reason = "a shield wall of disciplined spearmen holds its ground",
      value = function() return options.bonus end,
      when = function(c)
        local u = c.unit
        return u.type == "disciplined" and u.shield and u.weapon == "spear" and u.orders == "hold"
      end })
    -- The situation the rule is for, so `muster rules check` runs it (no sample of the
    -- ruleset has spearmen holding a shield wall).
    rules.add_sample("combat_test", {
      unit = { name = "Dwarf spearmen", figures = 10, quality = "veteran", type = "disciplined",
               armour = "heavy", shield = true, weapon = "spear", orders = "hold" },
      figures_at_start = 10, losses = 4, side_losses = 4, enemy_losses = 2 })
  end,
}
