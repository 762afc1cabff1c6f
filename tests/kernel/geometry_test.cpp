// Tests of muster/geometry.hpp with hand-computed expectations: angles, bases, formations,
// edge-to-edge distance, contact, arcs, zones, polygons, line of sight, template coverage,
// scatter and forced movement, and the error text of bad input.
#include "muster/geometry.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "muster/error.hpp"

namespace {

using muster::arc_origin;
using muster::base;
using muster::edge;
using muster::vec2;

constexpr double pi = 3.14159265358979323846;
constexpr double tight = 1e-12;
const double r2 = std::sqrt(2.0);

std::string error_of(auto&& fn) {
  try {
    fn();
  } catch (const muster::error& e) {
    return e.what();
  }
  return "(no error)";
}

#define EXPECT_VEC_NEAR(actual, ex, ey)          \
  do {                                           \
    const vec2 v_ = (actual);                    \
    EXPECT_NEAR(v_.x, (ex), 1e-12) << #actual;   \
    EXPECT_NEAR(v_.y, (ey), 1e-12) << #actual;   \
  } while (0)

// ---- angles ---------------------------------------------------------------------------

TEST(geometry, normalizes_degrees_to_0_360) {
  const std::vector<std::pair<double, double>> rows = {
      {0, 0}, {360, 0}, {-90, 270}, {725, 5}, {-0.0, 0}, {-1e-20, 0}, {359.5, 359.5}, {-720, 0}};
  for (const auto& [in, out] : rows) {
    const double got = muster::normalize_degrees(in);
    EXPECT_EQ(got, out) << in;
    EXPECT_FALSE(std::signbit(got)) << in;
  }
  EXPECT_EQ(error_of([] { muster::normalize_degrees(INFINITY); }),
            "angle must be a finite number, got inf");
}

TEST(geometry, headings_are_clockwise_from_up_the_table) {
  struct row {
    double deg;
    vec2 v;
  };
  const double h = std::sqrt(0.5);
  const std::vector<row> rows = {{0, {0, 1}},  {90, {1, 0}},  {180, {0, -1}}, {270, {-1, 0}},
                                 {-90, {-1, 0}}, {45, {h, h}}, {135, {h, -h}}, {450, {1, 0}}};
  for (const row& r : rows) {
    const vec2 v = muster::heading(r.deg);
    EXPECT_EQ(v.x, r.v.x) << r.deg;  // exact at multiples of 45 degrees
    EXPECT_EQ(v.y, r.v.y) << r.deg;
  }
  EXPECT_VEC_NEAR(muster::heading(30), 0.5, std::sqrt(3.0) / 2);
}

TEST(geometry, measures_bearings) {
  struct row {
    vec2 from, to;
    double deg;
  };
  const std::vector<row> rows = {
      {{0, 0}, {0, 5}, 0},          {{0, 0}, {3, 0}, 90},  {{0, 0}, {0, -1}, 180},
      {{0, 0}, {-1, 0}, 270},       {{0, 0}, {1, 1}, 45},  {{2, 2}, {1, 1}, 225},
      {{0, 0}, {1, std::sqrt(3.0)}, 30}, {{0, 0}, {-1, std::sqrt(3.0)}, 330},
  };
  for (const row& r : rows) EXPECT_NEAR(muster::bearing(r.from, r.to), r.deg, 1e-12) << r.deg;
  EXPECT_EQ(error_of([] { muster::bearing({1, 2}, {1, 2}); }),
            "bearing: the points coincide (1, 2)");
}

TEST(geometry, turns_clock_hours_into_bearings) {
  EXPECT_EQ(muster::clock_bearing(12), 0);
  EXPECT_EQ(muster::clock_bearing(3), 90);
  EXPECT_EQ(muster::clock_bearing(6), 180);
  EXPECT_EQ(muster::clock_bearing(9), 270);
  EXPECT_EQ(muster::clock_bearing(1, 350), 20);   // 12 o'clock points along the reference
  EXPECT_EQ(muster::clock_bearing(6, 90), 270);   // 6 o'clock: back towards the firer
  EXPECT_EQ(error_of([] { muster::clock_bearing(0); }), "clock hour must be 1..12, got 0");
  EXPECT_EQ(error_of([] { muster::clock_bearing(13); }), "clock hour must be 1..12, got 13");
}

// ---- bases and formations -------------------------------------------------------------

TEST(geometry, places_a_base_by_its_front_edge_or_its_centre) {
  const base a = base::at_front({0, 0}, 2, 1, 0);
  const auto c = a.corners();  // front-left, front-right, rear-right, rear-left
  EXPECT_VEC_NEAR(c[0], -1, 0);
  EXPECT_VEC_NEAR(c[1], 1, 0);
  EXPECT_VEC_NEAR(c[2], 1, -1);
  EXPECT_VEC_NEAR(c[3], -1, -1);
  EXPECT_VEC_NEAR(a.centre(), 0, -0.5);

  const base b = base::at_centre({0, 0}, 2, 1, 0);
  EXPECT_VEC_NEAR(b.front_centre(), 0, 0.5);

  // Facing 90 (towards +x): its left is +y.
  const base e = base::at_front({0, 0}, 2, 1, 90);
  const auto ce = e.corners();
  EXPECT_VEC_NEAR(ce[0], 0, 1);
  EXPECT_VEC_NEAR(ce[1], 0, -1);
  EXPECT_VEC_NEAR(ce[2], -1, -1);
  EXPECT_VEC_NEAR(ce[3], -1, 1);
  EXPECT_VEC_NEAR(e.right(), 0, -1);
  EXPECT_EQ(base::at_front({0, 0}, 1, 1, -90).facing(), 270);

  const auto left = e.edge_points(edge::left);
  EXPECT_VEC_NEAR(left[0], -1, 1);
  EXPECT_VEC_NEAR(left[1], 0, 1);
}

TEST(geometry, rejects_bad_bases) {
  EXPECT_EQ(error_of([] { base::at_front({0, 0}, 0, 1, 0); }),
            "base: width must be a finite number > 0, got 0");
  EXPECT_EQ(error_of([] { base::at_centre({0, 0}, 1, -1, 0); }),
            "base: depth must be a finite number > 0, got -1");
  EXPECT_EQ(error_of([] { base::at_front({0, NAN}, 1, 1, 0); }),
            "base: y must be a finite number, got nan");
  EXPECT_EQ(error_of([] { base::at_front({0, 0}, 1, 1, INFINITY); }),
            "base: facing must be a finite number, got inf");
}

TEST(geometry, lays_out_formations_rank_by_rank) {
  // 2 ranks x 3 files of 1 x 2 bases, front centre at the origin, facing up the table.
  const auto f = muster::formation::at_front({0, 0}, 0, 2, 3, 1, 2);
  const auto bases = f.bases();
  ASSERT_EQ(bases.size(), 6u);
  EXPECT_VEC_NEAR(bases[0].front_centre(), -1, 0);  // rank 0, file 0: front left
  EXPECT_VEC_NEAR(bases[2].front_centre(), 1, 0);
  EXPECT_VEC_NEAR(bases[4].front_centre(), 0, -2);  // rank 1, file 1
  EXPECT_EQ(bases[4].width(), 1);
  EXPECT_EQ(bases[4].depth(), 2);
  const base fp = f.footprint();
  EXPECT_EQ(fp.width(), 3);
  EXPECT_EQ(fp.depth(), 4);
  EXPECT_VEC_NEAR(fp.centre(), 0, -2);

  // Facing 90: the unit's left file lies towards +y.
  const auto g = muster::formation::at_front({0, 0}, 90, 1, 3, 1, 1);
  EXPECT_VEC_NEAR(g.base_at(0, 0).front_centre(), 0, 1);
  EXPECT_VEC_NEAR(g.base_at(0, 2).front_centre(), 0, -1);

  EXPECT_EQ(error_of([] { muster::formation::at_front({0, 0}, 0, 0, 3, 1, 1); }),
            "formation: ranks must be >= 1, got 0");
  EXPECT_EQ(error_of([] { muster::formation::at_front({0, 0}, 0, 1, 3, 0, 1); }),
            "formation: base_width must be a finite number > 0, got 0");
  EXPECT_EQ(error_of([&] { f.base_at(2, 0); }), "formation: rank 2 out of range 0..1");
  EXPECT_EQ(error_of([&] { f.base_at(0, -1); }), "formation: file -1 out of range 0..2");
}

// ---- distance -------------------------------------------------------------------------

TEST(geometry, measures_edge_to_edge_between_bases) {
  const double mm20 = 20 / 25.4;
  struct row {
    const char* what;
    base a, b;
    double d;
  };
  const std::vector<row> rows = {
      {"20 mm bases 1 in apart", base::at_centre({0, 0}, mm20, mm20, 0),
       base::at_centre({mm20 + 1, 0}, mm20, mm20, 0), 1},
      {"20 mm bases 1 in apart, one facing back", base::at_centre({0, 0}, mm20, mm20, 0),
       base::at_centre({0, mm20 + 1}, mm20, mm20, 180), 1},
      {"diagonal corners", base::at_centre({0, 0}, 2, 2, 0), base::at_centre({5, 6}, 2, 2, 0),
       5},  // corners (1,1) and (4,5)
      {"45 degree square, corner towards a flat edge", base::at_centre({0, 0}, 2, 2, 45),
       base::at_centre({r2 + 2, 0}, 2, 2, 0), 1},
      {"two 45 degree squares corner to corner", base::at_centre({0, 0}, 2, 2, 45),
       base::at_centre({2 * r2 + 3, 0}, 2, 2, 315), 3},
      {"touching", base::at_front({0, 0}, 2, 1, 0), base::at_front({0, 0}, 2, 1, 180), 0},
      {"overlapping", base::at_centre({0, 0}, 2, 2, 0), base::at_centre({0.5, 0.5}, 2, 2, 30),
       0},
      {"one inside the other", base::at_centre({0, 0}, 4, 4, 0),
       base::at_centre({0.2, 0}, 1, 1, 10), 0},
  };
  for (const row& r : rows) {
    EXPECT_NEAR(muster::distance(r.a, r.b), r.d, 1e-12) << r.what;
    EXPECT_NEAR(muster::distance(r.b, r.a), r.d, 1e-12) << r.what;
  }
  EXPECT_EQ(muster::distance(rows[5].a, rows[5].b), 0);  // exactly 0, not 1e-17
}

TEST(geometry, measures_points_segments_and_units) {
  const muster::polygon sq = muster::to_polygon(base::at_centre({0, 0}, 2, 2, 0));
  const vec2 p1[1] = {{0, 5}};
  const vec2 p2[1] = {{3, 3}};
  const vec2 p3[1] = {{0.5, 0}};
  const vec2 seg[2] = {{-5, 3}, {5, 3}};
  EXPECT_NEAR(muster::distance(p1, sq), 4, tight);
  EXPECT_NEAR(muster::distance(p2, sq), std::sqrt(8.0), tight);
  EXPECT_EQ(muster::distance(p3, sq), 0);  // inside
  EXPECT_NEAR(muster::distance(seg, sq), 2, tight);
  EXPECT_NEAR(muster::distance(seg, p1), 2, tight);
  EXPECT_EQ(error_of([&] { muster::distance(std::span<const vec2>{}, sq); }),
            "shape: at least 1 point expected, got 0");

  // Two units of 1 in bases face each other 5 in apart, front to front.
  const auto a = muster::formation::at_front({0, 0}, 0, 2, 3, 1, 1);
  const auto b = muster::formation::at_front({1, 5}, 180, 3, 2, 1, 1);
  EXPECT_NEAR(muster::distance(a, b), 5, tight);
  // Side by side: a's right flank x = 1.5, c's left file starts at x = 4.
  const auto c = muster::formation::at_front({5, 0}, 0, 1, 2, 1, 1);
  EXPECT_NEAR(muster::distance(a, c), 2.5, tight);
}

// ---- contact --------------------------------------------------------------------------

TEST(geometry, finds_contact_and_the_touched_edges) {
  struct row {
    const char* what;
    base a, b;
    bool touching;
    edge ea, eb;
  };
  const base a = base::at_front({0, 0}, 2, 1, 0);
  const std::vector<row> rows = {
      {"front to front", a, base::at_front({0, 0}, 2, 1, 180), true, edge::front, edge::front},
      {"front offset by half", a, base::at_front({1, 0}, 2, 1, 180), true, edge::front,
       edge::front},
      {"b's front on a's left flank", a, base::at_front({-1, -0.5}, 1, 1, 90), true, edge::left,
       edge::front},
      {"b's front on a's right flank", a, base::at_front({1, -0.5}, 1, 1, 270), true,
       edge::right, edge::front},
      {"b's front on a's rear", a, base::at_front({0, -1}, 2, 1, 0), true, edge::rear,
       edge::front},
      {"side by side, same facing", a, base::at_front({2, 0}, 2, 1, 0), true, edge::right,
       edge::left},
      {"overlapping fronts", a, base::at_front({0, -0.1}, 2, 1, 180), true, edge::front,
       edge::front},
      {"corner to corner", base::at_centre({0, 0}, 2, 2, 0), base::at_centre({2, 2}, 2, 2, 0),
       true, edge::front, edge::left},
      {"45 degree corner on the front edge", a, base::at_centre({0, std::sqrt(0.5)}, 1, 1, 45),
       true, edge::front, edge::right},
      {"half an inch apart", a, base::at_front({0, 0.5}, 2, 1, 180), false, edge::front,
       edge::front},
      // Wholly inside: no edge of the big base is near, so the zones decide.
      {"small base inside a big one", base::at_centre({0, 0}, 4, 4, 0),
       base::at_centre({0, 1}, 1, 1, 0), true, edge::front, edge::rear},
  };
  for (const row& r : rows) {
    const muster::contact c = muster::check_contact(r.a, r.b);
    EXPECT_EQ(c.touching, r.touching) << r.what;
    if (!r.touching) continue;
    EXPECT_EQ(muster::edge_name(c.edge_a), muster::edge_name(r.ea)) << r.what;
    EXPECT_EQ(muster::edge_name(c.edge_b), muster::edge_name(r.eb)) << r.what;
  }
  const muster::contact loose = muster::check_contact(a, base::at_front({0, 0.5}, 2, 1, 180), 0.6);
  EXPECT_TRUE(loose.touching);
  EXPECT_EQ(loose.edge_a, edge::front);
  EXPECT_EQ(loose.edge_b, edge::front);
  EXPECT_EQ(error_of([&] { muster::check_contact(a, a, -1); }),
            "tolerance must be a finite number >= 0, got -1");
}

// ---- arcs -----------------------------------------------------------------------------

TEST(geometry, front_arc_runs_from_the_front_corners_at_45_degrees) {
  const base a = base::at_front({0, 0}, 2, 1, 0);  // front corners (-1, 0) and (1, 0)
  struct row {
    vec2 p;
    bool in;
  };
  const std::vector<row> rows = {
      {{0, 5}, true},        {{4, 3}, true},   // exactly on the 45-degree line
      {{4.001, 3}, false},   {{-4, 3}, true},    {{-4.001, 3}, false},
      {{0.5, 0}, true},      {{1, 0}, true},     // on the front edge and its corner
      {{1.001, 0}, false},   {{0, -0.001}, false}, {{0, -5}, false},
      {{100, 99}, true},     {{100, 99.01 - 0.02}, false},
  };
  for (const row& r : rows) EXPECT_EQ(muster::in_arc(a, r.p), r.in) << r.p.x << "," << r.p.y;

  // Rotated to face +x: forward is +x, the arc opens to the right of the table.
  const base e = base::at_front({0, 0}, 2, 1, 90);
  EXPECT_TRUE(muster::in_arc(e, {3, 4}));
  EXPECT_FALSE(muster::in_arc(e, {3, 4.01}));
  EXPECT_TRUE(muster::in_arc(e, {3, -4}));
  EXPECT_FALSE(muster::in_arc(e, {-0.01, 0}));
  // Rotated 45 degrees: the arc's right line runs along +x from the front-right corner.
  const base d = base::at_front({0, 0}, 2, 1, 45);
  const vec2 fr = d.corners()[1];
  EXPECT_TRUE(muster::in_arc(d, {fr.x + 5, fr.y}));
  EXPECT_FALSE(muster::in_arc(d, {fr.x + 5, fr.y - 0.001}));
}

TEST(geometry, generic_arcs_take_any_half_angle) {
  const base a = base::at_front({0, 0}, 2, 1, 0);
  struct row {
    double half_angle;
    vec2 p;
    bool in;
  };
  const std::vector<row> rows = {
      {90, {100, 0}, true},    {90, {100, -0.001}, false},  {0, {1, 5}, true},
      {0, {1.001, 5}, false},  {0, {-1, 50}, true},         // straight-ahead corridor
      {135, {0, -1}, true},    {135, {0, -1.5}, false},     // wedge apex 1 in behind
      {135, {0, -0.5}, true},  {135, {3, -5}, false},       {135, {4.5, -5}, true},
      {135, {4, -5}, true},    // on the wedge's edge
      {180, {0, -100}, true},  {30, {1 + 5 / std::sqrt(3.0), 5}, true},
      {30, {1.01 + 5 / std::sqrt(3.0), 5}, false},
  };
  for (const row& r : rows)
    EXPECT_EQ(muster::in_arc(a, r.p, r.half_angle), r.in)
        << r.half_angle << ": " << r.p.x << "," << r.p.y;

  // Measured from the centre (0, -0.5): a point apex.
  EXPECT_TRUE(muster::in_arc(a, {0, 0}, 45, arc_origin::centre));
  EXPECT_TRUE(muster::in_arc(a, {1, 0.5}, 45, arc_origin::centre));
  EXPECT_FALSE(muster::in_arc(a, {1.01, 0.5}, 45, arc_origin::centre));
  EXPECT_TRUE(muster::in_arc(a, {0, -100}, 180, arc_origin::centre));
  EXPECT_FALSE(muster::in_arc(a, {0.01, -100}, 179, arc_origin::centre));

  EXPECT_EQ(error_of([&] { muster::in_arc(a, {0, 1}, 181); }),
            "half_angle must be 0..180 degrees, got 181");
  EXPECT_EQ(error_of([&] { muster::in_arc(a, {0, 1}, -1); }),
            "half_angle must be 0..180 degrees, got -1");
}

TEST(geometry, tells_whether_a_base_is_partly_or_wholly_in_an_arc) {
  const base a = base::at_front({0, 0}, 2, 1, 0);
  struct row {
    const char* what;
    double half_angle;
    base target;
    bool any, whole;
  };
  const std::vector<row> rows = {
      {"ahead", 45, base::at_centre({0, 5}, 1, 1, 0), true, true},
      {"straddling the line", 45, base::at_centre({4, 3}, 1, 1, 0), true, false},
      {"corner on the line", 45, base::at_centre({4.5, 2.5}, 1, 1, 0), true, false},
      {"outside", 45, base::at_centre({10, 0}, 1, 1, 0), false, false},
      {"behind", 45, base::at_centre({0, -3}, 1, 1, 0), false, false},
      {"inside the rear wedge", 135, base::at_centre({0, -3}, 1, 1, 0), false, false},
      {"ahead, wide arc", 135, base::at_centre({0, 2}, 1, 1, 0), true, true},
      {"across the wedge's edge", 135, base::at_centre({3, -4}, 1, 1, 0), true, false},
      {"alongside, wide arc", 135, base::at_centre({5, -1}, 1, 1, 0), true, true},
  };
  for (const row& r : rows) {
    const muster::arc_overlap o = muster::in_arc(a, r.target, r.half_angle);
    EXPECT_EQ(o.any, r.any) << r.what;
    EXPECT_EQ(o.whole, r.whole) << r.what;
  }
}

// ---- zones ----------------------------------------------------------------------------

TEST(geometry, splits_zones_along_the_diagonals) {
  struct row {
    base b;
    vec2 p;
    edge z;
  };
  const base sq = base::at_centre({0, 0}, 2, 2, 0);
  const base wide = base::at_centre({0, 0}, 4, 2, 0);  // diagonals with slope 1/2
  const std::vector<row> rows = {
      {sq, {0, 5}, edge::front},    {sq, {5, 0}, edge::right},     {sq, {-5, 0}, edge::left},
      {sq, {0, -5}, edge::rear},    {sq, {3, 3}, edge::front},     // front diagonal
      {sq, {3, -3}, edge::right},   {sq, {-3, -3}, edge::left},    // rear diagonals: flank
      {sq, {0, 0}, edge::front},    {wide, {4, 2}, edge::front},   {wide, {4, 1.9}, edge::right},
      {wide, {0.1, -1}, edge::rear}, {wide, {-4, -1.9}, edge::left},
      {base::at_centre({0, 0}, 2, 2, 90), {5, 0}, edge::front},
      {base::at_centre({0, 0}, 2, 2, 90), {0, 5}, edge::left},
  };
  for (const row& r : rows)
    EXPECT_EQ(muster::edge_name(muster::zone(r.b, r.p)), muster::edge_name(r.z))
        << r.p.x << "," << r.p.y;
}

// ---- polygons -------------------------------------------------------------------------

TEST(geometry, measures_polygon_area_and_containment) {
  const muster::polygon square = {{0, 0}, {2, 0}, {2, 2}, {0, 2}};
  const muster::polygon cw = {{0, 0}, {0, 3}, {4, 0}};
  const muster::polygon ell = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
  EXPECT_EQ(muster::area(square), 4);
  EXPECT_EQ(muster::area(cw), 6);
  EXPECT_EQ(muster::area(ell), 3);
  struct row {
    const muster::polygon* poly;
    vec2 p;
    bool in;
  };
  const std::vector<row> rows = {
      {&square, {1, 1}, true},   {&square, {2, 1}, true},  {&square, {2, 2}, true},
      {&square, {2.001, 1}, false}, {&ell, {0.5, 1.5}, true}, {&ell, {1.5, 1.5}, false},
      {&ell, {1.5, 1}, true},    {&ell, {1.5, 0.5}, true},
  };
  for (const row& r : rows)
    EXPECT_EQ(muster::contains(*r.poly, r.p), r.in) << r.p.x << "," << r.p.y;
  const muster::polygon two = {{0, 0}, {1, 1}};
  EXPECT_EQ(error_of([&] { muster::area(two); }),
            "polygon: at least 3 vertices expected, got 2");
  EXPECT_EQ(error_of([&] { muster::contains(two, {0, 0}); }),
            "polygon: at least 3 vertices expected, got 2");
}

TEST(geometry, intersects_segments_with_polygons) {
  const muster::polygon square = {{0, 0}, {2, 0}, {2, 2}, {0, 2}};
  const muster::polygon ell = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
  struct row {
    const char* what;
    const muster::polygon* poly;
    vec2 a, b;
    bool touches;
    std::optional<double> crossing;
  };
  const std::vector<row> rows = {
      {"straight through", &square, {-1, 1}, {3, 1}, true, 0.25},
      {"through the corner only", &square, {-1, 1}, {1, -1}, true, std::nullopt},
      {"along an edge", &square, {-1, 0}, {3, 0}, true, std::nullopt},
      {"from inside", &square, {1, 1}, {5, 1}, true, 0.0},
      {"ending on the boundary", &square, {-2, 1}, {0, 1}, true, std::nullopt},
      {"missing", &square, {-1, 3}, {3, 3}, false, std::nullopt},
      {"inside the notch", &ell, {1.5, 1.5}, {1.9, 1.9}, false, std::nullopt},
      {"down the upper arm", &ell, {0.5, 3}, {0.5, -1}, true, 0.25},
      {"across the notch", &ell, {1.5, 3}, {1.5, -1}, true, 0.5},
  };
  for (const row& r : rows) {
    EXPECT_EQ(muster::segment_intersects(r.a, r.b, *r.poly), r.touches) << r.what;
    const auto t = muster::segment_crossing(r.a, r.b, *r.poly);
    ASSERT_EQ(t.has_value(), r.crossing.has_value()) << r.what;
    if (t) {
      EXPECT_NEAR(*t, *r.crossing, tight) << r.what;
    }
  }
}

// ---- line of sight --------------------------------------------------------------------

TEST(geometry, blocks_sight_through_a_wood_but_not_past_its_corner) {
  const std::vector<muster::blocker> wood = {{"wood", {{4, 4}, {6, 4}, {6, 6}, {4, 6}}}};
  struct row {
    const char* what;
    vec2 a, b;
    bool blocked;
  };
  const std::vector<row> rows = {
      {"through the middle", {0, 5}, {10, 5}, true},
      {"diagonally corner to corner", {0, 0}, {10, 10}, true},
      {"grazing the corner (4,4)", {0, 8}, {8, 0}, false},
      {"clipping the corner", {0, 8.1}, {8.1, 0}, true},
      {"passing the corner", {0, 7.9}, {7.9, 0}, false},
      {"along the edge", {0, 4}, {10, 4}, false},
      {"stopping short", {0, 5}, {3.9, 5}, false},
  };
  for (const row& r : rows) {
    const muster::los_result los = muster::check_los(r.a, r.b, wood);
    EXPECT_EQ(los.blocked, r.blocked) << r.what;
    EXPECT_EQ(los.hits.size(), r.blocked ? 1u : 0u) << r.what;
  }
  const auto los = muster::check_los({0, 5}, {10, 5}, wood);
  EXPECT_EQ(los.hits[0].id, "wood");
  EXPECT_NEAR(los.hits[0].entry, 4, tight);
}

TEST(geometry, lists_blockers_in_order_along_the_line) {
  const std::vector<muster::blocker> blockers = {
      {"hill", {{10, 0}, {12, 0}, {12, 10}, {10, 10}}},
      muster::make_blocker("unit7", base::at_centre({7, 5}, 1, 1, 30)),
      {"wood", {{2, 4}, {4, 4}, {4, 6}, {2, 6}}},
      {"pond", {{2, 20}, {4, 20}, {4, 22}}},
  };
  const muster::los_result los = muster::check_los({0, 5}, {20, 5}, blockers);
  EXPECT_TRUE(los.blocked);
  ASSERT_EQ(los.hits.size(), 3u);
  EXPECT_EQ(los.hits[0].id, "wood");
  EXPECT_EQ(los.hits[0].index, 2u);
  EXPECT_EQ(los.hits[1].id, "unit7");
  EXPECT_EQ(los.hits[2].id, "hill");
  EXPECT_NEAR(los.hits[2].entry, 10, tight);

  const std::vector<muster::blocker> bad = {{"wall", {{0, 0}, {1, 0}}}};
  EXPECT_EQ(error_of([&] { muster::check_los({0, 0}, {1, 1}, bad); }),
            "blocker 1 'wall': at least 3 vertices expected, got 2");
}

TEST(geometry, checks_sight_base_to_base_by_centres_or_corners) {
  const base a = base::at_centre({0, 0}, 1, 1, 0);
  const base b = base::at_centre({10, 0}, 1, 1, 270);
  const std::vector<muster::blocker> post = {{"post", {{4.9, -0.2}, {5.1, -0.2}, {5.1, 0.2}, {4.9, 0.2}}}};

  const auto centre = muster::check_los(a, b, post);
  EXPECT_TRUE(centre.blocked);
  EXPECT_VEC_NEAR(centre.from, 0, 0);
  EXPECT_VEC_NEAR(centre.to, 10, 0);

  // Corners: a's front-left (-0.5, 0.5) to b's front-left (9.5, -0.5) crosses the post; the
  // next line, to b's front-right (9.5, 0.5), is clear.
  const auto corners = muster::check_los(a, b, post, muster::los_mode::corners);
  EXPECT_FALSE(corners.blocked);
  EXPECT_VEC_NEAR(corners.from, -0.5, 0.5);
  EXPECT_VEC_NEAR(corners.to, 9.5, 0.5);

  // A wall wider than both bases blocks every line; the first line crossing the fewest
  // blockers is reported.
  const std::vector<muster::blocker> walls = {
      {"wall", {{4, -3}, {5, -3}, {5, 3}, {4, 3}}},
      {"hedge", {{6, 0.4}, {7, 0.4}, {7, 3}, {6, 3}}},
  };
  const auto all = muster::check_los(a, b, walls, muster::los_mode::corners);
  EXPECT_TRUE(all.blocked);
  ASSERT_EQ(all.hits.size(), 1u);
  EXPECT_EQ(all.hits[0].id, "wall");
  EXPECT_VEC_NEAR(all.from, -0.5, 0.5);
  EXPECT_VEC_NEAR(all.to, 9.5, -0.5);

  // From an observer point to any corner of b.
  const vec2 eye[1] = {{0, 0.3}};
  const auto any = muster::check_los_any(eye, b.corners(), post);
  EXPECT_FALSE(any.blocked);
  EXPECT_VEC_NEAR(any.to, 9.5, 0.5);  // the line to (9.5, -0.5) meets the post at y = -0.12
  EXPECT_EQ(error_of([&] { muster::check_los_any(eye, std::span<const vec2>{}, post); }),
            "line of sight: at least 1 point expected at each end");
}

// ---- templates ------------------------------------------------------------------------

TEST(geometry, computes_exact_circle_coverage) {
  const base big = base::at_front({2, 4}, 4, 4, 0);  // the square (0,0)-(4,4)
  struct row {
    const char* what;
    muster::circle c;
    double area;
  };
  const std::vector<row> rows = {
      {"1.5 in radius on a corner: a quarter circle", {{0, 0}, 1.5}, pi * 2.25 / 4},
      {"1.5 in radius on the far corner", {{4, 4}, 1.5}, pi * 2.25 / 4},
      {"inside", {{2, 2}, 1}, pi},
      {"centred on an edge: half", {{2, 0}, 1}, pi / 2},
      {"covering everything", {{2, 2}, 10}, 16},
      {"a segment 0.5 in deep from outside", {{-0.5, 2}, 1},
       std::acos(0.5) - 0.5 * std::sqrt(0.75)},
      {"missing", {{-3, -3}, 1}, 0},
      // Tangent at an edge's midpoint: the edge only touches the circle (exactly 0 crossings).
      {"touching an edge at its midpoint from outside", {{2, -1}, 1}, 0},
      {"inscribed: touching all four edges", {{2, 2}, 2}, pi * 4},
  };
  const muster::polygon sq = muster::to_polygon(big);
  for (const row& r : rows)
    EXPECT_NEAR(muster::intersection_area(r.c, sq), r.area, 1e-12) << r.what;
  // A rotated base: the circle inside it covers pi r^2 regardless of the rotation.
  EXPECT_NEAR(muster::intersection_area({{0, 0}, 0.5},
                                        muster::to_polygon(base::at_centre({0, 0}, 2, 2, 33))),
              pi * 0.25, 1e-12);
  EXPECT_EQ(error_of([&] { muster::intersection_area({{0, 0}, 0}, sq); }),
            "circle: radius must be a finite number > 0, got 0");
}

TEST(geometry, lists_bases_under_a_template_with_their_fractions) {
  const std::vector<base> bases = {
      base::at_front({2, 4}, 4, 4, 0),       // (0,0)-(4,4), corner under the centre
      base::at_centre({10, 10}, 1, 1, 0),    // far away
      base::at_centre({-2, 0.5}, 1, 1, 0),   // its right edge x = -1.5 touches the circle
      base::at_centre({0, -0.5}, 0.5, 0.5, 45),  // wholly inside
  };
  const auto cov = muster::covered(muster::circle{{0, 0}, 1.5}, bases);
  ASSERT_EQ(cov.size(), 3u);
  EXPECT_EQ(cov[0].index, 0u);
  EXPECT_NEAR(cov[0].fraction, pi * 2.25 / 4 / 16, 1e-12);
  EXPECT_EQ(cov[1].index, 2u);
  EXPECT_NEAR(cov[1].fraction, 0, 1e-12);
  EXPECT_EQ(cov[2].index, 3u);
  EXPECT_NEAR(cov[2].fraction, 1, 1e-12);
  EXPECT_EQ(error_of([] { muster::covered(muster::circle{{0, 0}, -1}, std::vector<base>{}); }),
            "circle: radius must be a finite number > 0, got -1");

  // Three 1 in bases in a row under a circle inscribed in the middle one: the outer two are
  // merely touched (at their edges' midpoints), so their fraction is exactly 0, not rounding
  // noise, and "partly covered" (> 0) leaves them out.
  const std::vector<base> row = {base::at_front({-1, 0}, 1, 1, 0), base::at_front({0, 0}, 1, 1, 0),
                                 base::at_front({1, 0}, 1, 1, 0)};
  const auto inscribed = muster::covered(muster::circle{{0, -0.5}, 0.5}, row);
  ASSERT_EQ(inscribed.size(), 3u);
  EXPECT_EQ(inscribed[0].fraction, 0.0);
  EXPECT_NEAR(inscribed[1].fraction, pi / 4, 1e-12);
  EXPECT_EQ(inscribed[2].fraction, 0.0);

  // A rectangular template (a 2 x 2 area) over half of one base and all of a rotated one.
  const base area = base::at_centre({0, 0}, 2, 2, 0);
  const std::vector<base> under = {base::at_centre({1, 0}, 2, 2, 0),
                                   base::at_centre({0, 0}, 1, 1, 45),
                                   base::at_centre({5, 0}, 1, 1, 0)};
  const auto rect = muster::covered(area, under);
  ASSERT_EQ(rect.size(), 2u);
  EXPECT_NEAR(rect[0].fraction, 0.5, 1e-12);
  EXPECT_NEAR(rect[1].fraction, 1, 1e-12);
}

// ---- movement -------------------------------------------------------------------------

TEST(geometry, scatters_by_bearing_or_clock) {
  EXPECT_VEC_NEAR(muster::scatter({0, 0}, 90, 3), 3, 0);
  EXPECT_VEC_NEAR(muster::scatter({1, 1}, muster::clock_bearing(6), 2), 1, -1);
  // 3 o'clock with 12 o'clock pointing along bearing 90: due "south" (-y).
  EXPECT_VEC_NEAR(muster::scatter({0, 0}, muster::clock_bearing(3, 90), 4), 0, -4);
  EXPECT_VEC_NEAR(muster::scatter({0, 0}, 30, 2), 1, std::sqrt(3.0));
  EXPECT_VEC_NEAR(muster::scatter({5, 5}, 0, 0), 5, 5);
  EXPECT_EQ(error_of([] { muster::scatter({0, 0}, 0, -1); }),
            "distance must be a finite number >= 0, got -1");
}

TEST(geometry, moves_towards_a_point_or_a_table_edge) {
  auto m = muster::move_toward({0, 0}, {3, 4}, 2);
  EXPECT_VEC_NEAR(m.at, 1.2, 1.6);
  EXPECT_FALSE(m.reached);
  m = muster::move_toward({0, 0}, {3, 4}, 5);
  EXPECT_VEC_NEAR(m.at, 3, 4);
  EXPECT_TRUE(m.reached);
  m = muster::move_toward({0, 0}, {3, 4}, 6);  // never overshoots
  EXPECT_VEC_NEAR(m.at, 3, 4);
  EXPECT_TRUE(m.reached);

  // The near table edge y = 0.
  m = muster::move_toward_line({2, 3}, {0, 0}, {48, 0}, 2);
  EXPECT_VEC_NEAR(m.at, 2, 1);
  EXPECT_FALSE(m.reached);
  m = muster::move_toward_line({2, 3}, {0, 0}, {48, 0}, 5);
  EXPECT_VEC_NEAR(m.at, 2, 0);
  EXPECT_TRUE(m.reached);
  // A diagonal line x + y = 4 from (1, 1): the foot is (2, 2), sqrt(2) away.
  m = muster::move_toward_line({1, 1}, {4, 0}, {0, 4}, 1);
  EXPECT_VEC_NEAR(m.at, 1 + 1 / r2, 1 + 1 / r2);
  EXPECT_EQ(error_of([] { muster::move_toward_line({1, 1}, {4, 0}, {4, 0}, 1); }),
            "line: the points coincide (4, 0)");
  EXPECT_EQ(error_of([] { muster::move_toward({0, 0}, {1, 1}, NAN); }),
            "distance must be a finite number >= 0, got nan");
  EXPECT_EQ(error_of([] { muster::move_toward({0, 0}, {1, 1}, -NAN); }),
            "distance must be a finite number >= 0, got nan");  // no platform-dependent sign
}

TEST(geometry, finds_the_nearest_base_or_unit) {
  const base from = base::at_centre({0, 0}, 2, 2, 0);
  const std::vector<base> others = {
      base::at_centre({0, 8}, 2, 2, 0),    // 6 away
      base::at_centre({4, 0}, 2, 2, 0),    // 2 away
      base::at_centre({-4, 0}, 2, 2, 90),  // 2 away too: the earlier one wins
      base::at_centre({0, -6}, 2, 2, 0),   // 4 away
  };
  const auto n = muster::nearest(from, others);
  ASSERT_TRUE(n.has_value());
  EXPECT_EQ(n->index, 1u);
  EXPECT_NEAR(n->distance, 2, tight);
  EXPECT_FALSE(muster::nearest(from, std::vector<base>{}).has_value());

  const std::vector<muster::formation> units = {
      muster::formation::at_front({0, 10}, 180, 2, 4, 1, 1),  // front edge y = 10: 9 away
      muster::formation::at_front({8, 0}, 270, 3, 2, 1, 1),   // front edge x = 8: 7 away
  };
  const auto u = muster::nearest(from, units);
  ASSERT_TRUE(u.has_value());
  EXPECT_EQ(u->index, 1u);
  EXPECT_NEAR(u->distance, 7, tight);
}

}  // namespace
