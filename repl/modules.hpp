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

/// Loads `ruleset` (a bundled name or a folder) and then each variant (a bundled name, a file
/// or a folder) in order, each with its options from `items`. An empty ruleset with variants
/// throws "--variant needs --ruleset"; failures of the modules propagate (script_error).
void load_modules(runtime& rt, const std::string& ruleset, const std::vector<std::string>& variants,
                  const std::vector<std::string>& items);

}  // namespace muster::cli
