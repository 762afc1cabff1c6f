// muster.geometry through the runtime: plain tables in and out (points, bases, formations,
// polygons), values as rendered by runtime::eval, and the exact text of errors, which name
// the argument or the field at fault.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace {

struct geometry_bind : ::testing::Test {
  muster::kernel k{42};
  muster::runtime rt{k};

  geometry_bind() {
    rt.run("g = muster.geometry\n"
           "A = {x = 0, y = 0, width = 2, depth = 1}\n"  // front corners (-1,0) and (1,0)
           "wood = {id = 'wood', {x = 4, y = 4}, {x = 6, y = 4}, {x = 6, y = 6}, {x = 4, y = 6}}",
           "setup");
  }

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

void expect_rows(muster::runtime& rt, const std::vector<row>& rows) {
  for (const row& r : rows) EXPECT_EQ(rt.eval(r.code), r.expected) << r.code;
}

TEST_F(geometry_bind, measures_edge_to_edge) {
  expect_rows(rt, {
      // Two 20 mm square bases facing each other with 1 in between their fronts.
      {"local w = 20 / 25.4 return g.measure({x = 0, y = 0, width = w, depth = w},"
       " {x = 0, y = 1, width = w, depth = w, facing = 180})",
       "1"},
      {"g.measure({x = 0, y = 5}, A)", "5"},
      {"g.measure({x = 4, y = 4}, A)", "5"},  // to the corner (1, 0)
      {"g.measure(A, {x = 0, y = -0.5, width = 1, depth = 1, facing = 30})", "0"},
      {"g.measure({x = 0, y = 0}, wood)", "5.6568542494924"},
      {"g.measure({x = 0, y = 0, ranks = 2, files = 3, base_width = 1, base_depth = 1},"
       " {x = 1, y = 5, facing = 180, ranks = 3, files = 2, base_width = 1, base_depth = 1})",
       "5"},
      {"g.measure({x = 0, y = 0, width = 2, depth = 2, anchor = 'centre'},"
       " {x = 3, y = 0, width = 2, depth = 2, anchor = 'centre', facing = 90})",
       "1"},
  });
}

TEST_F(geometry_bind, checks_contact_and_edges) {
  expect_rows(rt, {
      {"g.check_contact(A, {x = 0, y = 0, width = 2, depth = 1, facing = 180})",
       "true, \"front\", \"front\""},
      {"g.check_contact(A, {x = -1, y = -0.5, width = 1, depth = 1, facing = 90})",
       "true, \"left\", \"front\""},
      {"g.check_contact(A, {x = 0, y = -1, width = 2, depth = 1})", "true, \"rear\", \"front\""},
      {"g.check_contact(A, {x = 0, y = 0.5, width = 2, depth = 1, facing = 180})", "false"},
      {"g.check_contact(A, {x = 0, y = 0.5, width = 2, depth = 1, facing = 180}, 0.5)",
       "true, \"front\", \"front\""},
  });
}

TEST_F(geometry_bind, checks_arcs_and_zones) {
  expect_rows(rt, {
      {"g.check_arc(A, {x = 4, y = 3})", "true, true"},  // exactly on the 45-degree line
      {"g.check_arc(A, {x = 4.001, y = 3})", "false, false"},
      {"g.check_arc(A, {x = 0, y = -0.001})", "false, false"},
      {"g.check_arc(A, {x = 4, y = 3, width = 1, depth = 1, anchor = 'centre'})",
       "true, false"},
      {"g.check_arc(A, {x = 0, y = 5.5, width = 1, depth = 1})", "true, true"},
      {"g.check_arc(A, {x = 100, y = 0}, 90)", "true, true"},
      {"g.check_arc(A, {x = 0, y = -1.5}, 135)", "false, false"},
      {"g.check_arc(A, {x = 1, y = 0.5}, 45, 'centre')", "true, true"},
      {"g.check_arc(A, {x = 1.01, y = 0.5}, 45, 'centre')", "false, false"},
      {"g.get_zone(A, {x = 0, y = 5}), g.get_zone(A, {x = -5, y = -0.5}),"
       " g.get_zone(A, {x = 5, y = -0.5}), g.get_zone(A, {x = 0, y = -5})",
       "\"front\", \"left\", \"right\", \"rear\""},
  });
}

TEST_F(geometry_bind, handles_polygons) {
  rt.run("ell = { {x = 0, y = 0}, {x = 2, y = 0}, {x = 2, y = 1}, {x = 1, y = 1},"
         " {x = 1, y = 2}, {x = 0, y = 2} }",
         "setup");
  expect_rows(rt, {
      {"g.get_area(ell)", "3"},
      {"g.check_inside(ell, {x = 0.5, y = 1.5}), g.check_inside(ell, {x = 1.5, y = 1.5}),"
       " g.check_inside(ell, {x = 2, y = 0.5})",
       "true, false, true"},
      {"g.check_segment({x = -1, y = 0.5}, {x = 3, y = 0.5}, ell)", "true, true"},
      {"g.check_segment({x = -1, y = 0}, {x = 3, y = 0}, ell)", "true, false"},
      {"g.check_segment({x = 1.5, y = 1.5}, {x = 1.9, y = 1.9}, ell)", "false, false"},
  });
}

TEST_F(geometry_bind, finds_where_a_segment_enters_a_polygon) {
  // sq: a 4 in square. cup: a U, its notch x 2..4, y 1..4 open at the top (no edge there).
  rt.run("sq = { {x = 0, y = 0}, {x = 4, y = 0}, {x = 4, y = 4}, {x = 0, y = 4} }\n"
         "cup = { {x = 0, y = 0}, {x = 6, y = 0}, {x = 6, y = 4}, {x = 4, y = 4},"
         " {x = 4, y = 1}, {x = 2, y = 1}, {x = 2, y = 4}, {x = 0, y = 4} }",
         "setup");
  expect_rows(rt, {
      {"g.get_crossing({x = -2, y = 1}, {x = 10, y = 1}, sq)", "2"},
      {"g.get_crossing({x = -1, y = -1}, {x = 3, y = 3}, sq)", "1.4142135623731"},  // via a corner
      {"g.get_crossing({x = 10, y = 3}, {x = -2, y = 3}, sq)", "6"},  // either direction
      // a inside, or on the boundary heading in: 0
      {"g.get_crossing({x = 2, y = 2}, {x = 10, y = 2}, sq)", "0"},
      {"g.get_crossing({x = 0, y = 2}, {x = 3, y = 2}, sq)", "0"},
      {"g.get_crossing({x = 2.2, y = 1.8}, {x = 0.3, y = 0.1},"
       " { {x = 0, y = 0}, {x = 4, y = 0}, {x = 0, y = 4} })",
       "0"},  // from a slanted edge: within the tolerance of 0 is 0
      {"g.get_crossing({x = 2, y = 2}, {x = 2, y = 2}, sq)", "0"},  // a point inside
      // touching is not entering: a vertex, an edge run along, an end on the boundary
      {"g.get_crossing({x = -2, y = 2}, {x = 2, y = -2}, sq)", "nil"},
      {"g.get_crossing({x = -2, y = 0}, {x = 10, y = 0}, sq)", "nil"},
      {"g.get_crossing({x = -2, y = 2}, {x = 0, y = 2}, sq)", "nil"},
      {"g.get_crossing({x = 0, y = 2}, {x = -3, y = 2}, sq)", "nil"},  // leaving from the edge
      {"g.get_crossing({x = 4, y = 4}, {x = 4, y = 4}, sq)", "nil"},    // a point on the boundary
      // missing: passing by, or stopping short
      {"g.get_crossing({x = -2, y = 5}, {x = 10, y = 5}, sq)", "nil"},
      {"g.get_crossing({x = -2, y = 2}, {x = -0.5, y = 2}, sq)", "nil"},
      // concave: the first entry counts; the notch is outside
      {"g.get_crossing({x = -1, y = 3}, {x = 7, y = 3}, cup)", "1"},
      {"g.get_crossing({x = 3, y = 3}, {x = 7, y = 3}, cup)", "1"},    // from the notch
      {"g.get_crossing({x = 3, y = 5}, {x = 3, y = -1}, cup)", "4"},   // down into its floor
      {"g.get_crossing({x = 3, y = 5}, {x = 3, y = 1}, cup)", "nil"},  // stops on the floor
      {"g.get_crossing({x = -1, y = 4}, {x = 7, y = 4}, cup)", "nil"},  // along the rims
      // grazing the corner (2, 4), then over the notch into the right arm at (4, 2)
      {"g.get_crossing({x = 1, y = 5}, {x = 3, y = 3}, cup)", "nil"},
      {"g.get_crossing({x = 1, y = 5}, {x = 5, y = 1}, cup)", "4.2426406871193"},
  });
}

TEST_F(geometry_bind, checks_line_of_sight_against_chosen_blockers) {
  expect_rows(rt, {
      {"g.check_los({x = 0, y = 5}, {x = 10, y = 5}, {wood})",
       "true, {\"wood\"}, {from = {x = 0, y = 5}, to = {x = 10, y = 5}}"},
      // Grazing the corner (4, 4) does not block; cutting it does.
      {"g.check_los({x = 0, y = 8}, {x = 8, y = 0}, {wood})",
       "false, {}, {from = {x = 0, y = 8}, to = {x = 8, y = 0}}"},
      {"(g.check_los({x = 0, y = 8.1}, {x = 8.1, y = 0}, {wood}))", "true"},
      // Ids come back in order along the line, as the caller gave them.
      {"(select(2, g.check_los({x = 0, y = 5}, {x = 20, y = 5}, {"
       " {id = 'hill', {x = 10, y = 0}, {x = 12, y = 0}, {x = 12, y = 10}},"
       " {id = 7, x = 8, y = 5.5, width = 1, depth = 1}, wood })))",
       "{\"wood\", 7, \"hill\"}"},
      // Base to base: the centre line hits the post, a corner line passes it.
      {"local a = {x = 0, y = 0.5, width = 1, depth = 1}\n"
       "local b = {x = 9.5, y = 0, width = 1, depth = 1, facing = 270}\n"
       "local post = {id = 'post', {x = 4.9, y = -0.2}, {x = 5.1, y = -0.2},"
       " {x = 5.1, y = 0.2}, {x = 4.9, y = 0.2}}\n"
       "local c = g.check_los(a, b, {post})\n"
       "local d, _, line = g.check_los(a, b, {post}, 'corners')\n"
       "return c, d, line",
       "true, false, {from = {x = -0.5, y = 0.5}, to = {x = 9.5, y = 0.5}}"},
  });
}

TEST_F(geometry_bind, lists_bases_under_a_template) {
  expect_rows(rt, {
      // A 1.5 in radius centred on the corner of a 4 in square covers a quarter circle:
      // (pi * 1.5^2 / 4) / 16.
      {"g.get_covered({x = 0, y = 0, radius = 1.5}, {"
       " {id = 'far', x = 10, y = 10, width = 1, depth = 1},"
       " {id = 'big', x = 2, y = 4, width = 4, depth = 4},"
       " {x = 0, y = -0.5, width = 0.5, depth = 0.5} })",
       "{{fraction = 0.11044661672777, id = \"big\", index = 2}, {fraction = 1, index = 3}}"},
      {"g.get_covered({x = 0, y = 0, width = 2, depth = 2, anchor = 'centre'},"
       " { {x = 1, y = 1, width = 2, depth = 2, anchor = 'centre'} })",
       "{{fraction = 0.25, index = 1}}"},
  });
}

TEST_F(geometry_bind, scatters_and_moves) {
  expect_rows(rt, {
      {"g.get_bearing({x = 0, y = 0}, {x = 1, y = 0}), g.get_bearing({x = 1, y = 1}, {x = 0, y = 0})",
       "90, 225"},
      {"g.get_clock(12), g.get_clock(3), g.get_clock(6, 90), g.get_clock(1, 350)",
       "0, 90, 270, 20"},
      {"g.get_scatter({x = 1, y = 1}, g.get_clock(3), 2)", "{x = 3, y = 1}"},
      {"g.get_scatter({x = 0, y = 0}, 30, 2)", "{x = 1, y = 1.7320508075689}"},
      {"g.get_toward({x = 0, y = 0}, {x = 3, y = 4}, 2)", "{x = 1.2, y = 1.6}, false"},
      {"g.get_toward({x = 0, y = 0}, {x = 3, y = 4}, 7)", "{x = 3, y = 4}, true"},
      {"g.get_toward_line({x = 2, y = 3}, {x = 0, y = 0}, {x = 48, y = 0}, 2)",
       "{x = 2, y = 1}, false"},
      {"g.get_toward_line({x = 2, y = 3}, {x = 0, y = 0}, {x = 48, y = 0}, 3)",
       "{x = 2, y = 0}, true"},
      {"g.get_nearest(A, { {x = 0, y = 9}, {x = 3, y = 0, width = 1, depth = 1},"
       " {x = -3, y = 0, width = 1, depth = 1} })",
       "2, 1.5"},
      {"g.get_nearest(A, {})", "nil"},
  });
}

TEST_F(geometry_bind, lays_out_formations_and_bases) {
  expect_rows(rt, {
      {"g.get_bases({x = 0, y = 0, ranks = 2, files = 2, base_width = 1, base_depth = 2})",
       "{{depth = 2, facing = 0, file = 1, rank = 1, width = 1, x = -0.5, y = 0}, "
       "{depth = 2, facing = 0, file = 2, rank = 1, width = 1, x = 0.5, y = 0}, "
       "{depth = 2, facing = 0, file = 1, rank = 2, width = 1, x = -0.5, y = -2}, "
       "{depth = 2, facing = 0, file = 2, rank = 2, width = 1, x = 0.5, y = -2}}"},
      {"g.get_footprint({x = 0, y = 0, facing = -90, ranks = 2, files = 3, base_width = 1,"
       " base_depth = 2})",
       "{depth = 4, facing = 270, width = 3, x = 0, y = 0}"},
      {"g.get_centre(A), g.get_centre({x = 0, y = 0, width = 2, depth = 2, anchor = 'centre'})",
       "{x = 0, y = -0.5}, {x = 0, y = 0}"},
      {"g.get_corners({x = 0, y = 0, width = 2, depth = 1, facing = 90})",
       "{{x = 0, y = 1}, {x = 0, y = -1}, {x = -1, y = -1}, {x = -1, y = 1}}"},
      {"g.tolerance", "1e-09"},
  });
}

TEST_F(geometry_bind, reports_errors_naming_the_field) {
  const std::vector<row> rows = {
      {"g.measure({x = 0, y = 0, width = '2', depth = 1}, {x = 1, y = 1})",
       "eval:1: muster.geometry.measure: field 'a.width': number expected, got string"},
      {"g.measure(nil, A)",
       "eval:1: muster.geometry.measure: bad argument #1 (table expected, got nil)"},
      {"g.measure({x = 0}, A)",
       "eval:1: muster.geometry.measure: field 'a.y': number expected, got nil"},
      {"g.measure(A, {x = 1/0, y = 0})",
       "eval:1: muster.geometry.measure: field 'b.x': finite number expected, got inf"},
      {"g.measure(A, {x = 0, y = 0, width = -1, depth = 1})",
       "eval:1: muster.geometry.measure: field 'b.width': number > 0 expected, got -1"},
      {"g.measure(A, {x = 0, y = 0, width = 1, depth = 1, anchor = 'middle'})",
       "eval:1: muster.geometry.measure: field 'b.anchor': bad value 'middle' (want front, centre)"},
      {"g.measure(A, {x = 0, y = 0, ranks = 0, files = 2, base_width = 1, base_depth = 1})",
       "eval:1: muster.geometry.measure: field 'b.ranks': integer 1..100000 expected, got 0"},
      {"g.measure(A, {x = 0, y = 0, ranks = 1.5, files = 2, base_width = 1, base_depth = 1})",
       "eval:1: muster.geometry.measure: field 'b.ranks': integer expected, got 1.5"},
      {"g.get_area({ {x = 0, y = 0}, {x = 1, y = 1} })",
       "eval:1: muster.geometry.get_area: field 'polygon': polygon of at least 3 points "
       "expected, got 2 points"},
      {"g.get_area({ {x = 0, y = 0}, {x = 1}, {x = 2, y = 2} })",
       "eval:1: muster.geometry.get_area: field 'polygon[2].y': number expected, got nil"},
      {"g.get_area({ {x = 0, y = 0}, 5, {x = 2, y = 2} })",
       "eval:1: muster.geometry.get_area: field 'polygon[2]': table expected, got number"},
      {"g.check_contact({x = 0, y = 0}, A)",
       "eval:1: muster.geometry.check_contact: field 'a': base or formation expected, got point"},
      {"g.check_contact(A, A, -1)",
       "eval:1: muster.geometry.check_contact: tolerance must be a finite number >= 0, got -1"},
      {"g.check_arc(A, wood)",
       "eval:1: muster.geometry.check_arc: field 'target': point, base or formation expected, "
       "got polygon"},
      {"g.check_arc(A, {x = 0, y = 1}, 200)",
       "eval:1: muster.geometry.check_arc: half_angle must be 0..180 degrees, got 200"},
      {"g.check_arc(A, {x = 0, y = 1}, 45, 'rear')",
       "eval:1: muster.geometry.check_arc: bad argument #4 (bad value 'rear' (want front, centre))"},
      {"g.check_los({x = 0, y = 0}, {x = 1, y = 1}, { {x = 0, y = 0} })",
       "eval:1: muster.geometry.check_los: field 'blockers[1]': base, formation or polygon "
       "expected, got point"},
      {"g.check_los({x = 0, y = 0}, {x = 1, y = 1}, { wood, {x = 0, y = 0, width = 1, depth = 1} })",
       "eval:1: muster.geometry.check_los: field 'blockers[2].id': string or number expected, "
       "got nil"},
      {"g.check_los(wood, {x = 1, y = 1}, {})",
       "eval:1: muster.geometry.check_los: field 'a': point, base or formation expected, got polygon"},
      {"g.check_los({x = 0, y = 0}, {x = 1, y = 1}, {}, 'eyes')",
       "eval:1: muster.geometry.check_los: bad argument #4 (bad value 'eyes' (want centre, corners))"},
      {"g.get_covered({x = 0, y = 0, radius = 0}, {A})",
       "eval:1: muster.geometry.get_covered: field 'template.radius': number > 0 expected, got 0"},
      {"g.get_covered({x = 0, y = 0, radius = 1}, { A, {x = 1, y = 1} })",
       "eval:1: muster.geometry.get_covered: field 'bases[2]': base or formation expected, got point"},
      {"g.get_bearing({x = 1, y = 2}, {x = 1, y = 2})",
       "eval:1: muster.geometry.get_bearing: bearing: the points coincide (1, 2)"},
      {"g.get_clock(13)", "eval:1: muster.geometry.get_clock: clock hour must be 1..12, got 13"},
      {"g.get_clock(2.5)",
       "eval:1: muster.geometry.get_clock: bad argument #1 (integer expected, got 2.5)"},
      {"g.get_scatter({x = 0, y = 0}, 0/0, 1)",
       "eval:1: muster.geometry.get_scatter: bad argument #2 (finite number expected, got nan)"},
      {"g.get_toward({x = 0, y = 0}, {x = 1, y = 1}, -1)",
       "eval:1: muster.geometry.get_toward: distance must be a finite number >= 0, got -1"},
      {"g.get_toward_line({x = 0, y = 0}, {x = 1, y = 1}, {x = 1, y = 1}, 1)",
       "eval:1: muster.geometry.get_toward_line: line: the points coincide (1, 1)"},
      {"g.get_bases(A)",
       "eval:1: muster.geometry.get_bases: field 'formation': formation expected, got base"},
      {"g.get_crossing({x = 0}, {x = 1, y = 1}, wood)",
       "eval:1: muster.geometry.get_crossing: field 'a.y': number expected, got nil"},
      {"g.get_crossing({x = 0, y = 0}, {x = 0/0, y = 1}, wood)",
       "eval:1: muster.geometry.get_crossing: field 'b.x': finite number expected, got nan"},
      {"g.get_crossing({x = 0, y = 0}, {x = 1, y = 1}, { {x = 0, y = 0}, {x = 1, y = 0} })",
       "eval:1: muster.geometry.get_crossing: field 'polygon': polygon of at least 3 points "
       "expected, got 2 points"},
      {"g.get_crossing({x = 0, y = 0}, {x = 1, y = 1}, { {x = 0, y = 0}, {x = 1, y = 0}, {y = 1} })",
       "eval:1: muster.geometry.get_crossing: field 'polygon[3].x': number expected, got nil"},
      {"g.get_crossing({x = 0, y = 0}, {x = 1, y = 1})",
       "eval:1: muster.geometry.get_crossing: bad argument #3 (table expected, got no value)"},
      {"g.get_nearest(A, { {x = 0, y = 'n'} })",
       "eval:1: muster.geometry.get_nearest: field 'candidates[1].y': number expected, got string"},
  };
  for (const row& r : rows) EXPECT_EQ(error_of(r.code), r.expected) << r.code;
  EXPECT_EQ(error_of("{x = 0, y = 0}\nlocal _ = g.get_zone(A, _, nil) .. g.get_zone(_, A)"),
            "eval:2: muster.geometry.get_zone: field 'base': base or formation expected, got point");
}

}  // namespace
