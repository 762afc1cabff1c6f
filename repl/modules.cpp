// See modules.hpp.
#include "modules.hpp"

#include <filesystem>

#include "muster/error.hpp"

namespace muster::cli {

option_values options_for(const std::vector<std::string>& items, const std::string& module, bool is_ruleset) {
  option_values out;
  for (const auto& item : items) {
    const auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0) fail("--option '{}': want NAME=VALUE", item);
    const std::string key = item.substr(0, eq);
    const auto dot = key.find('.');
    if (dot == std::string::npos) {
      if (is_ruleset) out[key] = item.substr(eq + 1);
    } else if (key.substr(0, dot) == module) {
      out[key.substr(dot + 1)] = item.substr(eq + 1);
    }
  }
  return out;
}

void load_modules(runtime& rt, const std::string& ruleset, const std::vector<std::string>& variants,
                  const std::vector<std::string>& items) {
  if (ruleset.empty()) {
    if (!variants.empty()) fail("--variant needs --ruleset");
    return;
  }
  rt.load_ruleset(ruleset, options_for(items, ruleset, true));
  for (const auto& v : variants) rt.load_variant(v, options_for(items, std::filesystem::path(v).stem().string(), false));
}

}  // namespace muster::cli
