// Tests of muster/measure.hpp: conversion, parsing (and its error text), formatting,
// tolerant comparison and range bands, all with hand-computed expectations.
#include "muster/measure.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "muster/error.hpp"

namespace {

using muster::length_unit;

std::string error_of(auto&& fn) {
  try {
    fn();
  } catch (const muster::error& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(measure, converts_exactly_two_point_five_four_cm_per_inch) {
  EXPECT_DOUBLE_EQ(muster::to_inches(2.54, length_unit::cm), 1.0);
  EXPECT_DOUBLE_EQ(muster::to_inches(25.4, length_unit::mm), 1.0);
  EXPECT_DOUBLE_EQ(muster::to_inches(12, length_unit::in), 12.0);
  EXPECT_DOUBLE_EQ(muster::from_inches(12, length_unit::cm), 30.48);
  EXPECT_DOUBLE_EQ(muster::from_inches(1, length_unit::mm), 25.4);
  EXPECT_DOUBLE_EQ(muster::from_inches(3, length_unit::in), 3.0);
}

TEST(measure, round_trips_cm_and_inches) {
  for (double cm : {0.0, 1.0, 2.54, 20.0, 30.0, 45.72, 150.0}) {
    const double in = muster::to_inches(cm, length_unit::cm);
    EXPECT_NEAR(muster::from_inches(in, length_unit::cm), cm, 1e-12) << cm;
    EXPECT_EQ(muster::fmt_length(in, length_unit::cm, 6),
              muster::fmt_length(cm / 2.54, length_unit::cm, 6));
  }
  EXPECT_EQ(muster::fmt_length(muster::parse_length("30cm"), length_unit::cm), "30cm");
  EXPECT_EQ(muster::fmt_length(muster::parse_length("12in"), length_unit::cm), "30.48cm");
  EXPECT_EQ(muster::fmt_length(muster::parse_length("30.48cm")), "12in");
}

TEST(measure, parses_lengths_with_units) {
  struct row {
    const char* text;
    double inches;
  };
  const std::vector<row> rows = {
      {"12in", 12},       {"12\"", 12},          {"30cm", 30 / 2.54}, {"2.5 in", 2.5},
      {" 7mm ", 7 / 25.4}, {"12 inches", 12},     {"1 inch", 1},       {"3IN", 3},
      {"0.5cm", 0.5 / 2.54}, {"-3in", -3},       {".5in", 0.5},       {"4 \"", 4},
      {"0in", 0},         {"20mm", 20 / 25.4},
  };
  for (const row& r : rows) EXPECT_DOUBLE_EQ(muster::parse_length(r.text), r.inches) << r.text;
}

TEST(measure, parses_a_bare_number_in_the_default_unit) {
  EXPECT_DOUBLE_EQ(muster::parse_length("12", length_unit::in), 12);
  EXPECT_DOUBLE_EQ(muster::parse_length("2.54", length_unit::cm), 1);
  EXPECT_DOUBLE_EQ(muster::parse_length("5cm", length_unit::in), 5 / 2.54);
}

TEST(measure, reports_bad_length_text) {
  struct row {
    const char* text;
    const char* message;
  };
  const std::vector<row> rows = {
      {"", "bad length '' (empty)"},
      {"   ", "bad length '   ' (empty)"},
      {"in", "bad length 'in' (want a number then a unit: in, \", cm, mm)"},
      {"twelve inches", "bad length 'twelve inches' (want a number then a unit: in, \", cm, mm)"},
      {"12", "bad length '12' (missing unit: want in, \", cm, mm)"},
      {"12 ft", "bad length '12 ft' (unknown unit 'ft': want in, \", cm, mm)"},
      {"1e3in", "bad length '1e3in' (unknown unit 'e3in': want in, \", cm, mm)"},
      {"1.2.3in", "bad length '1.2.3in' (unknown unit '.3in': want in, \", cm, mm)"},
      {"1/2in", "bad length '1/2in' (unknown unit '/2in': want in, \", cm, mm)"},
      {"-in", "bad length '-in' (want a number then a unit: in, \", cm, mm)"},
      {"12in in", "bad length '12in in' (unknown unit 'in in': want in, \", cm, mm)"},
  };
  for (const row& r : rows)
    EXPECT_EQ(error_of([&] { muster::parse_length(r.text); }), r.message) << r.text;
}

TEST(measure, parses_unit_names) {
  EXPECT_EQ(muster::parse_unit("in"), length_unit::in);
  EXPECT_EQ(muster::parse_unit("\""), length_unit::in);
  EXPECT_EQ(muster::parse_unit("Inches"), length_unit::in);
  EXPECT_EQ(muster::parse_unit("cm"), length_unit::cm);
  EXPECT_EQ(muster::parse_unit("MM"), length_unit::mm);
  EXPECT_EQ(error_of([] { muster::parse_unit("yd"); }), "bad unit 'yd' (want in, \", cm, mm)");
  EXPECT_EQ(muster::unit_name(length_unit::cm), "cm");
}

TEST(measure, formats_with_trimmed_decimals) {
  EXPECT_EQ(muster::fmt_length(12), "12in");
  EXPECT_EQ(muster::fmt_length(2.5), "2.5in");
  EXPECT_EQ(muster::fmt_length(1.0 / 3), "0.33in");
  EXPECT_EQ(muster::fmt_length(1.0 / 3, length_unit::in, 4), "0.3333in");
  EXPECT_EQ(muster::fmt_length(2.0 / 3, length_unit::in, 0), "1in");
  EXPECT_EQ(muster::fmt_length(1, length_unit::mm), "25.4mm");
  EXPECT_EQ(muster::fmt_length(-0.001), "0in");
  EXPECT_EQ(muster::fmt_length(-2), "-2in");
  EXPECT_EQ(muster::fmt_length(10, length_unit::in, 2), "10in");  // keeps integer zeros
  EXPECT_EQ(error_of([] { muster::fmt_length(1, length_unit::in, 10); }),
            "decimals must be 0..9, got 10");
  EXPECT_EQ(error_of([] { muster::fmt_length(std::nan("")); }),
            "length must be a finite number, got nan");
}

TEST(measure, compares_with_a_tolerance) {
  EXPECT_EQ(muster::compare_length(12, 12 + 1e-10), 0);
  EXPECT_EQ(muster::compare_length(12, 12 + 1e-8), -1);
  EXPECT_EQ(muster::compare_length(12.5, 12), 1);
  EXPECT_EQ(muster::compare_length(12, 12.4, 0.5), 0);
  EXPECT_TRUE(muster::equal_length(muster::parse_length("30.48cm"), 12));
  EXPECT_FALSE(muster::equal_length(11.9, 12));
  EXPECT_TRUE(muster::within(12, 12));
  EXPECT_TRUE(muster::within(12 + 5e-10, 12));
  EXPECT_FALSE(muster::within(12.01, 12));
  EXPECT_TRUE(muster::within(12.01, 12, 0.05));
  EXPECT_EQ(error_of([] { muster::within(1, 2, -1); }),
            "tolerance must be a finite number >= 0, got -1");
}

TEST(measure, finds_range_bands_with_boundaries_in_the_nearer_band) {
  // Battlecry-style close/far/extreme/max bands (numbers chosen for the test).
  const std::vector<muster::range_band> bands = {
      {"close", 6}, {"far", 12}, {"extreme", 18}, {"max", 24}};
  struct row {
    double d;
    std::optional<std::size_t> band;
  };
  const std::vector<row> rows = {
      {0, 0},          {3, 0},           {6, 0},          {6 + 1e-10, 0}, {6 + 1e-8, 1},
      {12, 1},         {12 - 1e-10, 1},  {12.5, 2},       {18, 2},        {23.99, 3},
      {24, 3},         {24 + 5e-10, 3},  {24 + 2e-9, std::nullopt},       {100, std::nullopt},
      {-5e-10, 0},
  };
  for (const row& r : rows) EXPECT_EQ(muster::find_band(r.d, bands), r.band) << r.d;

  // NDW-style short/long: a distance in centimetres on a boundary belongs to "short".
  const std::vector<muster::range_band> ndw = {{"short", 12}, {"long", 24}};
  EXPECT_EQ(muster::find_band(muster::parse_length("30.48cm"), ndw), 0u);
  EXPECT_EQ(muster::find_band(muster::parse_length("30.49cm"), ndw), 1u);
}

TEST(measure, rejects_bad_bands_and_distances) {
  using bands = std::vector<muster::range_band>;
  struct row {
    bands list;
    const char* message;
  };
  const std::vector<row> rows = {
      {{}, "bands: at least one band expected"},
      {{{"", 3}}, "band 1: empty name"},
      {{{"short", 12}, {"short", 24}}, "band 2 'short': duplicate name"},
      {{{"short", 12}, {"long", 10}}, "band 2 'long': max 10 not greater than the previous max 12"},
      {{{"short", 12}, {"long", 12}}, "band 2 'long': max 12 not greater than the previous max 12"},
      {{{"short", -1}}, "band 1 'short': max must be a finite number >= 0, got -1"},
  };
  for (const row& r : rows) {
    EXPECT_EQ(error_of([&] { muster::check_bands(r.list); }), r.message);
    EXPECT_EQ(error_of([&] { muster::find_band(1, r.list); }), r.message);
  }
  const bands ok = {{"short", 12}};
  EXPECT_EQ(error_of([&] { muster::check_bands(ok); }), "(no error)");
  EXPECT_EQ(error_of([&] { muster::find_band(-1, ok); }), "distance must be >= 0, got -1");
  EXPECT_EQ(error_of([&] { muster::find_band(std::nan(""), ok); }),
            "distance must be a finite number, got nan");
}

}  // namespace
