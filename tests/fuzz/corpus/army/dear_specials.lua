-- A club's house rule for `muster army`: specials cost what the option `special` says.
return {
  manifest = { name = "dear_specials", version = "1.0.0", kind = "variant", kernel = "^1.0",
               ruleset = "fantasy_warriors",
               options = { special = { type = "integer", default = 10, doc = "points per special" } } },
  apply = function(rules, options, context)
    rules.set_row("army_costs", "special", { value = options.special, reason = "house price of a special",
      page = 47, provenance = "book" })
  end,
}
