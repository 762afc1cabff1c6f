// Small text helpers shared by the services (internal; not part of the public API).
#pragma once

#include <string_view>

namespace muster::text {

/// Whether s is an identifier: a letter or '_', then letters, digits or '_'. Event kinds,
/// field names, policy names and phase ids must be identifiers.
inline bool is_identifier(std::string_view s) {
  if (s.empty()) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    const bool digit = c >= '0' && c <= '9';
    if (!alpha && !(digit && i > 0)) return false;
  }
  return true;
}

}  // namespace muster::text
