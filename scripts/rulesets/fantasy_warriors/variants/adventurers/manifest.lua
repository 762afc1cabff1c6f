-- HR-9 Adventurers (the club's house-rules booklet, pages 9-10): individuals built from an
-- ordinary soldier, with a class granting abilities; creation, classes, and the abilities
-- that can be resolved on typed-in facts.
return {
  name = "adventurers",
  version = "1.0.0",
  kind = "variant",
  kernel = "^1.0",
  ruleset = "fantasy_warriors",
  description = "HR-9: adventurers (procedures adventurer, heal, enthuse, control, steal_item, practiced_combat, killing_blow; combat rows Strike First, Killing Blow, Unarmed; shooting row Hide; threat_test modifier adventurer_presence; role adventurer)",
  source = "FANTASY WARRIORS club house rules, pages 9-10 (Adventurers)",
  options = {},
}
