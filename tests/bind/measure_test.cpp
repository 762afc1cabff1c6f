// muster.measure through the runtime: values as rendered by runtime::eval and the exact
// text of every kind of error (positional argument, named field, service refusal).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace {

struct measure_bind : ::testing::Test {
  muster::kernel k{42};
  muster::runtime rt{k};

  // Runs `code` as the value of a local, not as `return code`: a returned call is a tail
  // call, and a tail call leaves no caller line for the error to name.
  std::string error_of(const std::string& code) {
    try {
      rt.eval("local _ = " + code);
    } catch (const muster::script_error& e) {
      return e.what();
    }
    return "(no error)";
  }
};

struct row {
  const char* code;
  const char* expected;
};

TEST_F(measure_bind, parses_lengths) {
  const std::vector<row> rows = {
      {"muster.measure.parse('12in')", "12"},
      {"muster.measure.parse('12\"')", "12"},
      {"muster.measure.parse('30.48cm')", "12"},
      {"muster.measure.parse('30cm')", "11.811023622047"},
      {"muster.measure.parse('2.5 in')", "2.5"},
      {"muster.measure.parse('12', 'cm')", "4.7244094488189"},
      {"muster.measure.parse('25.4 mm', 'cm')", "1"},
  };
  for (const row& r : rows) EXPECT_EQ(rt.eval(r.code), r.expected) << r.code;
}

TEST_F(measure_bind, formats_and_converts) {
  const std::vector<row> rows = {
      {"muster.measure.fmt(12)", "\"12in\""},
      {"muster.measure.fmt(12, 'cm')", "\"30.48cm\""},
      {"muster.measure.fmt(1/3, 'in', 4)", "\"0.3333in\""},
      {"muster.measure.fmt(muster.measure.parse('30cm'), 'cm')", "\"30cm\""},
      {"muster.measure.get_length(30, 'cm')", "11.811023622047"},
      {"muster.measure.get_length(1, 'in', 'mm')", "25.4"},
      {"muster.measure.get_length(254, 'mm', 'cm')", "25.4"},
      {"muster.measure.tolerance, muster.measure.cm_per_inch", "1e-09, 2.54"},
  };
  for (const row& r : rows) EXPECT_EQ(rt.eval(r.code), r.expected) << r.code;
}

TEST_F(measure_bind, compares_with_a_tolerance) {
  const std::vector<row> rows = {
      {"muster.measure.check_equal(12, 12 + 1e-10)", "true"},
      {"muster.measure.check_equal(12, 12.1)", "false"},
      {"muster.measure.check_equal(12, 12.1, 0.2)", "true"},
      {"muster.measure.check_within(12, 12)", "true"},
      {"muster.measure.check_within(12.01, 12)", "false"},
      {"muster.measure.check_within(12.01, 12, 0.05)", "true"},
      {"muster.measure.check_compare(1, 2), muster.measure.check_compare(2, 2), "
       "muster.measure.check_compare(3, 2)",
       "-1, 0, 1"},
  };
  for (const row& r : rows) EXPECT_EQ(rt.eval(r.code), r.expected) << r.code;
}

TEST_F(measure_bind, finds_range_bands) {
  rt.run("bands = { {name = 'close', max = 6}, {name = 'far', max = 12},"
         " {name = 'extreme', max = 18}, {name = 'max', max = 24} }",
         "setup");
  const std::vector<row> rows = {
      {"muster.measure.check_band(0, bands)", "\"close\", 1"},
      {"muster.measure.check_band(6, bands)", "\"close\", 1"},
      {"muster.measure.check_band(6.0000000001, bands)", "\"close\", 1"},
      {"muster.measure.check_band(6.01, bands)", "\"far\", 2"},
      {"muster.measure.check_band(muster.measure.parse('30.48cm'), bands)", "\"far\", 2"},
      {"muster.measure.check_band(24, bands)", "\"max\", 4"},
      {"muster.measure.check_band(24.01, bands)", "nil"},
  };
  for (const row& r : rows) EXPECT_EQ(rt.eval(r.code), r.expected) << r.code;
}

TEST_F(measure_bind, reports_errors_naming_the_argument_or_field) {
  const std::vector<row> rows = {
      {"muster.measure.parse('12 ft')",
       "eval:1: muster.measure.parse: bad length '12 ft' (unknown unit 'ft': want in, \", cm, mm)"},
      {"muster.measure.parse('12')",
       "eval:1: muster.measure.parse: bad length '12' (missing unit: want in, \", cm, mm)"},
      {"muster.measure.parse('')", "eval:1: muster.measure.parse: bad length '' (empty)"},
      {"muster.measure.parse(12)",
       "eval:1: muster.measure.parse: bad argument #1 (string expected, got number)"},
      {"muster.measure.parse('12', 'ft')",
       "eval:1: muster.measure.parse: bad unit 'ft' (want in, \", cm, mm)"},
      {"muster.measure.fmt('12')",
       "eval:1: muster.measure.fmt: bad argument #1 (number expected, got string)"},
      {"muster.measure.fmt(1, 'yd')",
       "eval:1: muster.measure.fmt: bad unit 'yd' (want in, \", cm, mm)"},
      {"muster.measure.fmt(1, 'in', 1.5)",
       "eval:1: muster.measure.fmt: bad argument #3 (integer expected, got 1.5)"},
      {"muster.measure.fmt(1, 'in', 12)", "eval:1: muster.measure.fmt: decimals must be 0..9, got 12"},
      {"muster.measure.fmt(1/0)",
       "eval:1: muster.measure.fmt: bad argument #1 (finite number expected, got inf)"},
      {"muster.measure.get_length(1)",
       "eval:1: muster.measure.get_length: bad argument #2 (string expected, got no value)"},
      {"muster.measure.check_within(1, 2, -1)",
       "eval:1: muster.measure.check_within: tolerance must be a finite number >= 0, got -1"},
      {"muster.measure.check_band(5, nil)",
       "eval:1: muster.measure.check_band: bad argument #2 (table expected, got nil)"},
      {"muster.measure.check_band(5, {})",
       "eval:1: muster.measure.check_band: bands: at least one band expected"},
      {"muster.measure.check_band(5, {'short'})",
       "eval:1: muster.measure.check_band: field 'bands[1]': table expected, got string"},
      {"muster.measure.check_band(5, { {name = 'short', max = '12'} })",
       "eval:1: muster.measure.check_band: field 'bands[1].max': number expected, got string"},
      {"muster.measure.check_band(5, { {name = 'short', max = 12}, {max = 24} })",
       "eval:1: muster.measure.check_band: field 'bands[2].name': string expected, got nil"},
      {"muster.measure.check_band(5, { {name = 'a', max = 12}, {name = 'b', max = 6} })",
       "eval:1: muster.measure.check_band: band 2 'b': max 6 not greater than the previous max 12"},
      {"muster.measure.check_band(-1, { {name = 'a', max = 12} })",
       "eval:1: muster.measure.check_band: distance must be >= 0, got -1"},
  };
  for (const row& r : rows) EXPECT_EQ(error_of(r.code), r.expected) << r.code;
  // The error names the line of the script that called.
  EXPECT_EQ(error_of("1\nlocal _ = muster.measure.parse('x')"),
            "eval:2: muster.measure.parse: bad length 'x' (want a number then a unit: in, \", cm, mm)");
}

}  // namespace
