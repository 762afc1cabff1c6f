// Loading a ruleset and its variants with the command line's `--option NAME=VALUE` items,
// shared by `muster run`, `resolve`, `repl` and `army`. Thin: parses the items and calls
// runtime::load_ruleset / load_variant; every option's meaning belongs to the module.
#pragma once

#include <string>
#include <vector>

#include "muster/runtime.hpp"

namespace muster::cli {

/// The options among `items` ("NAME=VALUE" or "MODULE.NAME=VALUE") that go to `module`: plain
/// names go to the ruleset (`is_ruleset`), dotted ones to the module they name. Throws
/// muster::error "--option 'x': want NAME=VALUE" for an item without a name and '='.
option_values options_for(const std::vector<std::string>& items, const std::string& module, bool is_ruleset);

/// The name a variant given as a bundled name or a path goes by in options, labels and
/// duplicate checks: "weather" for "weather", "drums_a" for "tests/fixtures/drums_a.lua".
std::string variant_name(const std::string& name_or_path);

/// A configuration as one word: "core" without variants, else their names joined by '+'
/// ("weather+signalling"), then any options ("weather+weather.season=winter").
std::string config_label(const std::vector<std::string>& variants, const std::vector<std::string>& options = {});

/// The variants of a configuration word: "core" has none; "weather+signalling" has two.
/// Throws muster::error for an empty name ("weather++x").
std::vector<std::string> config_variants(const std::string& config);

/// Loads `ruleset` (a bundled name or a folder) and then each variant (a bundled name, a file
/// or a folder) in order, each with its options from `items`. An empty ruleset with variants
/// throws "--variant needs --ruleset"; failures of the modules propagate (script_error).
void load_modules(runtime& rt, const std::string& ruleset, const std::vector<std::string>& variants,
                  const std::vector<std::string>& items);

}  // namespace muster::cli
