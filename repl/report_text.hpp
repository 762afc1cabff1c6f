// Text helpers shared by the command line's reports (odds, the scenario matrix): widths on
// screen, rows aligned in columns, XML escaping for SVG, UTF-8 checks and JSON errors for people.
#pragma once

#include <cstddef>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

namespace muster::cli {

/// Characters on screen of UTF-8 text ("±" is two bytes, one character).
std::size_t text_width(const std::string& s);

/// The rows as lines, each column as wide as its widest cell plus 3 spaces, trailing spaces
/// trimmed. A row of one cell (a heading) stands alone and does not widen the first column.
std::string aligned_columns(const std::vector<std::vector<std::string>>& rows);

/// Where `text` stops being UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing past
/// U+10FFFF), or npos when it is UTF-8 throughout: JSON text must be.
std::size_t utf8_error_at(std::string_view text);

/// A JSON library error's message without its "[json.exception.parse_error.101] " prefix, the
/// input it quotes cut (muster::json_error_text).
std::string json_error_text(const std::exception& e);

/// `text` with &, <, > and " escaped for XML text and attributes.
std::string xml_escape(const std::string& text);

}  // namespace muster::cli
