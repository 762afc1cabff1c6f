// Semantic versions of modules and of the kernel API, and the requirements manifests state
// ("^1.2", "~1.2.0", ">=1.0", "1.2.3", "*"). Pure functions; errors are muster::error.
#pragma once

#include <compare>
#include <string>
#include <string_view>

namespace muster {

struct version {
  int major = 0;
  int minor = 0;
  int patch = 0;

  /// Parses "MAJOR.MINOR.PATCH" ("MAJOR.MINOR" means patch 0). Throws on anything else.
  static version parse(std::string_view text);
  std::string str() const;
  auto operator<=>(const version&) const = default;
};

/// A version requirement. Forms: "*" (any), "1.2.3" or "=1.2.3" (exactly), ">=1.2" (at
/// least), "^1.2" (at least 1.2.0 and below 2.0.0; for 0.x below 0.(x+1)), "~1.2" (at least
/// 1.2.0 and below 1.3.0).
class version_requirement {
 public:
  /// Throws muster::error naming the text when it is not one of the forms above.
  static version_requirement parse(std::string_view text);
  bool allows(const version& v) const;
  const std::string& text() const noexcept { return text_; }

 private:
  std::string text_;
  version low_;
  version high_;         ///< exclusive upper bound when bounded_
  bool bounded_ = false;
  bool any_ = false;
};

}  // namespace muster
