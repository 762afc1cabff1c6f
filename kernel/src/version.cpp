// Semantic version parsing and requirement matching for module manifests.
#include "muster/version.hpp"

#include <charconv>

#include "muster/error.hpp"

namespace muster {
namespace {

bool parse_number(std::string_view& text, int& out) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  if (ec != std::errc() || ptr == text.data() || out < 0) return false;
  text.remove_prefix(static_cast<std::size_t>(ptr - text.data()));
  return true;
}

}  // namespace

version version::parse(std::string_view text) {
  std::string_view rest = text;
  version v;
  bool ok = parse_number(rest, v.major) && !rest.empty() && rest.front() == '.';
  if (ok) {
    rest.remove_prefix(1);
    ok = parse_number(rest, v.minor);
  }
  if (ok && !rest.empty()) {
    ok = rest.front() == '.';
    if (ok) {
      rest.remove_prefix(1);
      ok = parse_number(rest, v.patch) && rest.empty();
    }
  }
  if (!ok) fail("bad version '{}' (want MAJOR.MINOR.PATCH, e.g. 1.0.0)", text);
  return v;
}

std::string version::str() const { return fmt::format("{}.{}.{}", major, minor, patch); }

version_requirement version_requirement::parse(std::string_view text) {
  version_requirement r;
  r.text_ = std::string(text);
  std::string_view rest = text;
  while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
  if (rest == "*") {
    r.any_ = true;
    return r;
  }
  try {
    if (rest.starts_with(">=")) {
      r.low_ = version::parse(rest.substr(2));
    } else if (rest.starts_with("^")) {
      r.low_ = version::parse(rest.substr(1));
      r.bounded_ = true;
      r.high_ = r.low_.major > 0 ? version{r.low_.major + 1, 0, 0}
                                 : version{0, r.low_.minor + 1, 0};
    } else if (rest.starts_with("~")) {
      r.low_ = version::parse(rest.substr(1));
      r.bounded_ = true;
      r.high_ = version{r.low_.major, r.low_.minor + 1, 0};
    } else {
      if (rest.starts_with("=")) rest.remove_prefix(1);
      r.low_ = version::parse(rest);
      r.bounded_ = true;
      r.high_ = version{r.low_.major, r.low_.minor, r.low_.patch + 1};
    }
  } catch (const error&) {
    fail("bad version requirement '{}' (want *, 1.2.3, >=1.2, ^1.2 or ~1.2)", text);
  }
  return r;
}

bool version_requirement::allows(const version& v) const {
  if (any_) return true;
  if (v < low_) return false;
  return !bounded_ || v < high_;
}

}  // namespace muster
