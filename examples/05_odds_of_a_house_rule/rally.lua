-- The house rule of examples/05_odds_of_a_house_rule (README.md): a unit whose musicians
-- still stand after the volley takes +1 in the Casualty Test. The club's booklet page is 1.
return {
  manifest = { name = "rally", version = "1.0.0", kind = "variant", kernel = "^1.0",
               ruleset = "fantasy_warriors",
               description = "musicians sound the rally: +1 Casualty Test while one stands" },
  apply = function(rules)
    rules.add_modifier("casualty_test", { id = "rally", value = 1, page = 1, reason = "its musicians sound the rally", when = function(c) return c.left.musicians > 0 end })
  end,
}
