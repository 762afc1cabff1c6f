// Text between the command line and Lua: a string for Lua source, and the runtime's rendering
// of a string read back. See lua_text.hpp.
#include "lua_text.hpp"

namespace muster::cli {

// Undoes the runtime's rendering of a string ("\"a\\nb\"" -> "a\nb"); other renderings are
// returned as they are. Escapes: \" \\ \n \r \t and \<decimal> for other control bytes.
std::string unquote(std::string_view text) {
  if (text.size() < 2 || text.front() != '"' || text.back() != '"') return std::string(text);
  std::string out;
  for (std::size_t i = 1; i + 1 < text.size(); ++i) {
    const char c = text[i];
    if (c != '\\' || i + 2 >= text.size()) {
      out += c;
      continue;
    }
    const char e = text[++i];
    switch (e) {
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      default:
        if (e >= '0' && e <= '9') {
          int code = e - '0';
          while (i + 2 < text.size() && text[i + 1] >= '0' && text[i + 1] <= '9')
            code = code * 10 + (text[++i] - '0');
          out += static_cast<char>(code);
        } else {
          out += e;
        }
    }
  }
  return out;
}

// A Lua long-bracket literal holding `s` exactly.
std::string lua_literal(std::string_view s) {
  std::string level;
  // The closing bracket must not occur inside, nor be completed by the text's own end
  // ("x]" would close "[[" early).
  const std::string text = std::string(s) + "]";
  while (text.find("]" + level + "]") != std::string::npos) level += '=';
  return "[" + level + "[\n" + std::string(s) + "]" + level + "]";
}

}  // namespace muster::cli
