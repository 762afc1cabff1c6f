-- Hedgerow's manifest: data only, read by the kernel's loader (no globals, no calls) before
-- init.lua runs; the option reaches init.lua as options.fall_back.
return {
  name = "skirmish",
  version = "1.0.0",
  kind = "ruleset",
  kernel = "^1.0",
  description = "Hedgerow: a tiny two-side skirmish, the kernel's demo ruleset",
  options = {
    fall_back = { type = "number", default = 3, doc = "inches a unit that fails its morale test falls back" },
  },
}
