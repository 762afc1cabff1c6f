// muster::one_line (error.hpp): what a message may show of a script's or a user's text.
#include "muster/error.hpp"

#include <fmt/format.h>

namespace muster {
namespace {

// The length of the UTF-8 sequence starting at s[i] (1-4), or 0 when it is not one.
std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  std::size_t n = 0;
  if (c < 0x80) return 1;
  if ((c & 0xe0) == 0xc0 && c >= 0xc2) n = 2;
  else if ((c & 0xf0) == 0xe0) n = 3;
  else if ((c & 0xf8) == 0xf0 && c <= 0xf4) n = 4;
  else return 0;
  if (i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return 0;
  return n;
}

}  // namespace

std::string one_line(std::string_view text, std::size_t max) {
  std::string out;
  out.reserve(std::min(text.size(), max) + 16);
  std::size_t i = 0;
  while (i < text.size()) {
    if (out.size() >= max) break;
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t n = utf8_length(text, i);
    if (n == 1 && c >= 0x20 && c != 0x7f) {
      out += static_cast<char>(c);
    } else if (n > 1) {
      out.append(text.substr(i, n));
    } else {
      switch (c) {
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        case 0x1b: out += "\\e"; break;
        default: out += fmt::format("\\x{:02x}", c); break;
      }
    }
    i += n > 0 ? n : 1;
  }
  if (i < text.size()) out += fmt::format("... ({} more bytes)", text.size() - i);
  return out;
}

}  // namespace muster
