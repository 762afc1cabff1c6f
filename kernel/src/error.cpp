// Error texts (muster/error.hpp): what a message may show of a script's or a user's text
// (one_line), cutting what a message echoes of the input (cut_echo). No JSON library here;
// json_error_text only reads the shape of its messages.
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

std::string terminal_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == 0x1b && i + 1 < text.size() && text[i + 1] == '[') {  // a colour: ESC [ 1;31 m
      std::size_t j = i + 2;
      while (j < text.size() && ((text[j] >= '0' && text[j] <= '9') || text[j] == ';')) ++j;
      if (j < text.size() && text[j] == 'm') {
        out.append(text.substr(i, j + 1 - i));
        i = j + 1;
        continue;
      }
    }
    const std::size_t n = utf8_length(text, i);
    if (n == 1 && (c >= 0x20 || c == '\n' || c == '\t') && c != 0x7f) {
      out += static_cast<char>(c);
    } else if (n > 1) {
      out.append(text.substr(i, n));
    } else {
      switch (c) {
        case '\r': out += "\\r"; break;
        case 0x1b: out += "\\e"; break;
        default: out += fmt::format("\\x{:02x}", c); break;
      }
    }
    i += n > 0 ? n : 1;
  }
  return out;
}

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


std::string cut_echo(std::string_view value, std::size_t max) {
  std::size_t n = value.size();
  if (n > max) {
    n = max;
    while (n > 0 && (static_cast<unsigned char>(value[n]) & 0xC0) == 0x80) --n;  // a UTF-8 continuation
  }
  std::string out;
  out.reserve(n + 3);
  for (const char ch : value.substr(0, n)) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7F) out += fmt::format("\\x{:02x}", c);  // a message is one line
    else out += ch;
  }
  if (n < value.size()) out += "…";
  return out;
}

std::string json_error_text(std::string_view what) {
  if (what.starts_with("[json.exception.")) {
    if (const auto at = what.find("] "); at != std::string_view::npos) what.remove_prefix(at + 2);
  }
  // The quoted input runs from after the marker to the quote that ends the message, or that
  // comes before "; expected <token>" (one of the parser's token names): the input itself may
  // hold quotes and "; expected".
  for (const std::string_view marker : {"last read: '", "parsing '"}) {
    const auto open = what.find(marker);
    if (open == std::string_view::npos) continue;
    const auto from = open + marker.size();
    std::size_t close = what.ends_with('\'') ? what.size() - 1 : std::string_view::npos;
    for (const std::string_view expected :
         {"true literal", "false literal", "null literal", "string literal", "number literal", "'['", "'{'", "']'",
          "'}'", "':'", "','", "end of input", "'[', '{', or a literal"}) {
      const std::string suffix = "'; expected " + std::string(expected);
      if (what.ends_with(suffix)) close = what.size() - suffix.size();
    }
    if (close == std::string_view::npos || close < from) break;
    // The input read so far ends where the parser stopped: keep its end.
    std::string_view read = what.substr(from, close - from);
    std::string shown(read);
    if (read.size() > max_echo) {
      std::size_t start = read.size() - max_echo;
      while (start < read.size() && (static_cast<unsigned char>(read[start]) & 0xC0) == 0x80) ++start;
      shown = "…" + std::string(read.substr(start));
    }
    return std::string(what.substr(0, from)) + shown + std::string(what.substr(close));
  }
  return std::string(what);
}

}  // namespace muster
