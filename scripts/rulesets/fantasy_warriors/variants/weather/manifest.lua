-- HR-4 Weather (the club's house-rules booklet, page 4): one weather result for the whole battle,
-- thrown on a season's column before the battle or fixed by an option.
return {
  name = "weather",
  version = "1.0.0",
  kind = "variant",
  kernel = "^1.0",
  ruleset = "fantasy_warriors",
  description = "HR-4: the weather (thrown by procedure weather, or fixed) limits sight, shortens bows, brings or lifts bad light, lowers morale, handgun strength and spell costs",
  source = "FANTASY WARRIORS club house rules, page 4 (Weather)",
  options = {
    season = {
      type = "string", default = "spring", values = { "spring", "summer", "autumn", "winter" },
      doc = "the season the players agreed: the column the weather is thrown on (summer and autumn use the spring column)",
    },
    weather = {
      type = "string", default = "rolled",
      values = { "rolled", "clear", "overcast", "haze", "fog", "rain", "snow", "heavy_rain", "heavy_snow", "storm",
                 "winter_storm" },
      doc = "the weather in force; rolled: none yet, procedure weather throws it, then reload with the result",
    },
  },
}
