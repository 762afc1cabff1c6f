// Semantic versions and manifest requirements.
#include "muster/version.hpp"

#include <gtest/gtest.h>

#include "muster/error.hpp"

namespace {

using muster::version;
using muster::version_requirement;

bool allows(const char* req, const char* v) {
  return version_requirement::parse(req).allows(version::parse(v));
}

TEST(version, parses_and_orders) {
  EXPECT_EQ(version::parse("1.2.3").str(), "1.2.3");
  EXPECT_EQ(version::parse("1.2").str(), "1.2.0");
  EXPECT_LT(version::parse("1.2.3"), version::parse("1.10.0"));
}

TEST(version, refuses_malformed_text) {
  for (const char* bad : {"", "1", "1.", "1.x", "a.b.c", "1.2.3.4", "1.2.-3", "-1.0"}) {
    try {
      (void)version::parse(bad);
      ADD_FAILURE() << bad;
    } catch (const muster::error& e) {
      EXPECT_EQ(std::string(e.what()),
                std::string("bad version '") + bad + "' (want MAJOR.MINOR.PATCH, e.g. 1.0.0)");
    }
  }
}

TEST(version_requirement, caret_tilde_at_least_exact_any) {
  EXPECT_TRUE(allows("^1.2", "1.2.0"));
  EXPECT_TRUE(allows("^1.2", "1.9.9"));
  EXPECT_FALSE(allows("^1.2", "1.1.9"));
  EXPECT_FALSE(allows("^1.2", "2.0.0"));
  EXPECT_TRUE(allows("^0.3", "0.3.7"));
  EXPECT_FALSE(allows("^0.3", "0.4.0"));
  EXPECT_TRUE(allows("~1.2", "1.2.9"));
  EXPECT_FALSE(allows("~1.2", "1.3.0"));
  EXPECT_TRUE(allows(">=1.0", "7.0.0"));
  EXPECT_FALSE(allows(">=1.0", "0.9.0"));
  EXPECT_TRUE(allows("1.2.3", "1.2.3"));
  EXPECT_TRUE(allows("=1.2.3", "1.2.3"));
  EXPECT_FALSE(allows("1.2.3", "1.2.4"));
  EXPECT_TRUE(allows("*", "0.0.1"));
}

TEST(version_requirement, refuses_malformed_requirements) {
  try {
    (void)version_requirement::parse("^one");
    FAIL();
  } catch (const muster::error& e) {
    EXPECT_EQ(std::string(e.what()),
              "bad version requirement '^one' (want *, 1.2.3, >=1.2, ^1.2 or ~1.2)");
  }
}

}  // namespace
