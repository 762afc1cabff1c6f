// Text between the command line and Lua: a C++ string written into Lua source exactly, and
// the runtime's rendering of a Lua string (runtime::eval) read back into the string itself.
#pragma once

#include <string>
#include <string_view>

namespace muster::cli {

/// Undoes the runtime's rendering of a string ("\"a\\nb\"" -> "a\nb"); other renderings
/// are returned as they are.
std::string unquote(std::string_view text);

/// A Lua long-bracket literal holding `s` exactly ("[[\n...]]", with as many '=' as needed).
std::string lua_literal(std::string_view s);

}  // namespace muster::cli
