-- HR-7 Signalling new orders (the club's house-rules booklet, page 7): the warchief's herald or
-- banner bearer switches a battle leader to a pre-agreed order from a distance.
return {
  name = "signalling",
  version = "1.0.0",
  kind = "variant",
  kernel = "^1.0",
  ruleset = "fantasy_warriors",
  description = "HR-7: a herald's music or a waved banner signals a battle leader a pre-agreed order (procedure signal)",
  source = "FANTASY WARRIORS club house rules, page 7 (Signalling new orders)",
  options = {
    list_penalty = {
      type = "string", default = "herald_only", values = { "herald_only", "both" },
      doc = "the -1 per entry of the signal list: herald signals only (proposed), or banner signals too (a banner list has one entry, so -1)",
    },
  },
}
