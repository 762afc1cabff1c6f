// See modules.hpp.
#include "modules.hpp"

#include <algorithm>
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

std::string variant_name(const std::string& name_or_path) {
  return std::filesystem::path(name_or_path).stem().string();
}

std::string config_label(const std::vector<std::string>& variants, const std::vector<std::string>& options) {
  std::string out;
  for (const auto& v : variants) out += (out.empty() ? "" : "+") + variant_name(v);
  for (const auto& o : options) out += (out.empty() ? "" : "+") + o;
  return out.empty() ? "core" : out;
}

std::vector<std::string> config_variants(const std::string& config) {
  std::vector<std::string> out;
  if (config == "core" || config.empty()) return out;
  std::size_t start = 0;
  while (start <= config.size()) {
    const auto end = std::min(config.find('+', start), config.size());
    if (end == start) fail("configuration '{}': an empty variant name (want \"core\" or v1+v2)", config);
    out.push_back(config.substr(start, end - start));
    start = end + 1;
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
  for (const auto& v : rt.variant_order(variants))
    rt.load_variant(v, options_for(items, variant_name(v), false));
  // An option for a module that is not loaded would otherwise be ignored without a word.
  for (const auto& item : items) {
    const auto eq = item.find('=');
    const auto dot = item.substr(0, eq).find('.');
    if (dot == std::string::npos) continue;
    const std::string module = item.substr(0, dot);
    const bool known = module == ruleset || std::any_of(variants.begin(), variants.end(), [&](const std::string& v) {
      return variant_name(v) == module;
    });
    if (!known) fail("--option '{}': no loaded module '{}' (the ruleset {} and the variants given)", item, module, ruleset);
  }
}

}  // namespace muster::cli
