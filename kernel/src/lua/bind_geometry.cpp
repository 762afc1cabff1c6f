// Lua binding of muster.geometry (muster/geometry.hpp). Values cross as plain tables in
// inches and degrees: point {x=, y=}; base {x=, y=, width=, depth=, facing=0, anchor="front"}
// (x, y = centre of the front edge, or of the base with anchor = "centre"); formation
// {x=, y=, facing=0, ranks=, files=, base_width=, base_depth=}; polygon { {x=, y=}, ... }.
// Only translates: checks every argument (errors name the field), calls the service, pushes.
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "lua/bindings.hpp"
#include "lua/host.hpp"
#include "lua/stack.hpp"
#include "muster/geometry.hpp"

namespace muster::lua {
namespace {

/// A number as error text shows it: NaN without its sign bit, which varies by platform.
double shown(double v) { return std::isnan(v) ? std::fabs(v) : v; }

// ---- reading values -------------------------------------------------------------------

enum class shape_kind { point, base, formation, polygon };

const char* kind_name(shape_kind k) {
  switch (k) {
    case shape_kind::point: return "point";
    case shape_kind::base: return "base";
    case shape_kind::formation: return "formation";
    case shape_kind::polygon: return "polygon";
  }
  return "point";
}

/// A table read as one of the four shapes.
struct shape {
  shape_kind kind = shape_kind::point;
  polygon outline;                    ///< 1 point, or the polygon/rectangle's vertices
  std::optional<muster::base> rect;   ///< a base, or a formation's footprint
  std::optional<formation> unit;      ///< a formation
};

double finite_number(const field_reader& r, const char* key) {
  const double v = r.number(key);
  if (!std::isfinite(v)) fail("field '{}': finite number expected, got {}", r.name(key), shown(v));
  return v;
}

double opt_finite_number(const field_reader& r, const char* key, double fallback) {
  return r.has(key) ? finite_number(r, key) : fallback;
}

double positive_number(const field_reader& r, const char* key) {
  const double v = r.number(key);
  if (!std::isfinite(v) || v <= 0) fail("field '{}': number > 0 expected, got {}", r.name(key), shown(v));
  return v;
}

int count_number(const field_reader& r, const char* key) {
  const std::int64_t v = r.integer(key);
  if (v < 1 || v > 100000) fail("field '{}': integer 1..100000 expected, got {}", r.name(key), v);
  return static_cast<int>(v);
}

/// What reading one item of a list (a point, a base) costs, in VM instructions' worth: the
/// budgets count it before the list is read.
constexpr std::uint64_t read_cost = 8;

/// The most bases get_bases lists (ranks x files).
constexpr std::uint64_t max_listed_bases = 1'000'000;

/// The work of comparing every edge of one outline with every edge of another.
std::uint64_t pairs_of(const polygon& a, const polygon& b) {
  return static_cast<std::uint64_t>(a.size()) * static_cast<std::uint64_t>(b.size());
}

/// Throws unless the value at index is a table.
void expect_table(lua_State* L, int index, const std::string& path) {
  if (lua_type(L, index) != LUA_TTABLE)
    fail("field '{}': table expected, got {}", path, type_name(L, index));
}

/// The point in the table at index (fields x, y).
vec2 read_point_fields(lua_State* L, int index, const std::string& path) {
  const field_reader r(L, index, path);
  return {finite_number(r, "x"), finite_number(r, "y")};
}

polygon read_polygon_items(lua_State* L, int index, const std::string& path) {
  index = abs_index(L, index);
  const int n = static_cast<int>(lua_objlen(L, index));
  if (n < 3) fail("field '{}': polygon of at least 3 points expected, got {} points", path, n);
  charge(L, static_cast<std::uint64_t>(n) * read_cost);
  polygon out;
  out.reserve(static_cast<std::size_t>(n));
  for (int i = 1; i <= n; ++i) {
    lua_rawgeti(L, index, i);  // stack: ..., poly[i]
    const std::string item = fmt::format("{}[{}]", path, i);
    expect_table(L, -1, item);
    out.push_back(read_point_fields(L, -1, item));
    lua_pop(L, 1);
  }
  return out;
}

muster::base read_base_fields(const field_reader& r) {
  const vec2 at{finite_number(r, "x"), finite_number(r, "y")};
  const double width = positive_number(r, "width");
  const double depth = positive_number(r, "depth");
  const double facing = opt_finite_number(r, "facing", 0);
  const std::string anchor = r.string("anchor", "front");
  if (anchor == "front") return muster::base::at_front(at, width, depth, facing);
  if (anchor == "centre") return muster::base::at_centre(at, width, depth, facing);
  fail("field '{}': bad value '{}' (want front, centre)", r.name("anchor"), anchor);
}

formation read_formation_fields(const field_reader& r) {
  const vec2 at{finite_number(r, "x"), finite_number(r, "y")};
  const double facing = opt_finite_number(r, "facing", 0);
  const int ranks = count_number(r, "ranks");
  const int files = count_number(r, "files");
  const double width = positive_number(r, "base_width");
  const double depth = positive_number(r, "base_depth");
  return formation::at_front(at, facing, ranks, files, width, depth);
}

/// Reads the table at index as a polygon (an array), a formation (has ranks or files), a
/// base (has width or depth) or else a point.
shape read_shape(lua_State* L, int index, const std::string& path) {
  index = abs_index(L, index);
  expect_table(L, index, path);
  shape s;
  lua_rawgeti(L, index, 1);
  const bool array = !lua_isnil(L, -1);
  lua_pop(L, 1);
  if (array) {
    s.kind = shape_kind::polygon;
    s.outline = read_polygon_items(L, index, path);
    return s;
  }
  const field_reader r(L, index, path);
  if (r.has("ranks") || r.has("files")) {
    s.kind = shape_kind::formation;
    s.unit = read_formation_fields(r);
    s.rect = s.unit->footprint();
    s.outline = to_polygon(*s.rect);
  } else if (r.has("width") || r.has("depth")) {
    s.kind = shape_kind::base;
    s.rect = read_base_fields(r);
    s.outline = to_polygon(*s.rect);
  } else {
    s.kind = shape_kind::point;
    s.outline = {read_point_fields(L, index, path)};
  }
  return s;
}

vec2 read_point(lua_State* L, int index, const std::string& path) {
  expect_table(L, index, path);
  return read_point_fields(L, index, path);
}

polygon read_polygon(lua_State* L, int index, const std::string& path) {
  expect_table(L, index, path);
  return read_polygon_items(L, index, path);
}

/// A base, or a formation standing for its footprint.
muster::base read_rect(lua_State* L, int index, const std::string& path) {
  const shape s = read_shape(L, index, path);
  if (!s.rect) fail("field '{}': base or formation expected, got {}", path, kind_name(s.kind));
  return *s.rect;
}

formation read_formation(lua_State* L, int index, const std::string& path) {
  const shape s = read_shape(L, index, path);
  if (!s.unit) fail("field '{}': formation expected, got {}", path, kind_name(s.kind));
  return *s.unit;
}

/// Calls fn(i, path) with list[i] pushed, for every item of the array at index.
template <typename Fn>
void for_each_item(lua_State* L, int index, const char* name, Fn&& fn) {
  index = abs_index(L, index);
  const int n = static_cast<int>(lua_objlen(L, index));
  charge(L, static_cast<std::uint64_t>(n) * read_cost);
  for (int i = 1; i <= n; ++i) {
    lua_rawgeti(L, index, i);  // stack: ..., list[i]
    fn(i, fmt::format("{}[{}]", name, i));
    lua_pop(L, 1);
  }
}

double number_arg(lua_State* L, int arg, const char* what) {
  const double v = check_number(L, arg);
  if (!std::isfinite(v)) throw arg_error(arg, fmt::format("finite {} expected, got {}", what, shown(v)));
  return v;
}

// ---- pushing values -------------------------------------------------------------------

/// [-0, +1, m] Pushes {x=, y=}.
void push_point(lua_State* L, vec2 p) {
  lua_createtable(L, 0, 2);
  set_field(L, -1, "x", p.x);
  set_field(L, -1, "y", p.y);
}

/// [-0, +1, m] Pushes {x=, y=, width=, depth=, facing=} positioned by the front edge.
void push_base(lua_State* L, const muster::base& b) {
  lua_createtable(L, 0, 5);
  set_field(L, -1, "x", b.front_centre().x);
  set_field(L, -1, "y", b.front_centre().y);
  set_field(L, -1, "width", b.width());
  set_field(L, -1, "depth", b.depth());
  set_field(L, -1, "facing", b.facing());
}

// ---- bindings -------------------------------------------------------------------------

// muster.geometry.measure(a: shape, b: shape) -> inches: number
// (shape: point, base, formation or polygon; edge to edge, 0 when touching or overlapping)
int l_geometry_measure(lua_State* L) {
  check_table(L, 1);
  check_table(L, 2);
  const shape a = read_shape(L, 1, "a");
  const shape b = read_shape(L, 2, "b");
  charge(L, pairs_of(a.outline, b.outline));
  lua_pushnumber(L, distance(a.outline, b.outline));
  return 1;
}

// muster.geometry.check_contact(a: base|formation, b: base|formation, tolerance?: number)
//   -> touching: boolean, edge_a: string|nil, edge_b: string|nil
int l_geometry_check_contact(lua_State* L) {
  check_table(L, 1);
  check_table(L, 2);
  const muster::base a = read_rect(L, 1, "a");
  const muster::base b = read_rect(L, 2, "b");
  const double tolerance = lua_isnoneornil(L, 3) ? geometry_tolerance : check_number(L, 3);
  const contact c = check_contact(a, b, tolerance);
  lua_pushboolean(L, c.touching ? 1 : 0);
  if (!c.touching) return 1;
  push_string(L, edge_name(c.edge_a));
  push_string(L, edge_name(c.edge_b));
  return 3;
}

// muster.geometry.check_arc(base: base|formation, target: point|base|formation,
//   half_angle?: number = 45, from?: "front"|"centre" = "front") -> any: boolean, whole: boolean
int l_geometry_check_arc(lua_State* L) {
  check_table(L, 1);
  check_table(L, 2);
  const muster::base b = read_rect(L, 1, "base");
  const shape target = read_shape(L, 2, "target");
  if (target.kind == shape_kind::polygon)
    fail("field 'target': point, base or formation expected, got polygon");
  const double half_angle = lua_isnoneornil(L, 3) ? 45.0 : number_arg(L, 3, "half_angle");
  arc_origin origin = arc_origin::front_edge;
  if (!lua_isnoneornil(L, 4)) {
    const std::string_view from = check_string(L, 4);
    if (from == "centre") {
      origin = arc_origin::centre;
    } else if (from != "front") {
      throw arg_error(4, fmt::format("bad value '{}' (want front, centre)", from));
    }
  }
  arc_overlap o;
  if (target.rect) {
    o = in_arc(b, *target.rect, half_angle, origin);
  } else {
    o.any = o.whole = in_arc(b, target.outline[0], half_angle, origin);
  }
  lua_pushboolean(L, o.any ? 1 : 0);
  lua_pushboolean(L, o.whole ? 1 : 0);
  return 2;
}

// muster.geometry.get_zone(base: base|formation, point: point) -> "front"|"left"|"right"|"rear"
int l_geometry_get_zone(lua_State* L) {
  check_table(L, 1);
  check_table(L, 2);
  const muster::base b = read_rect(L, 1, "base");
  const vec2 p = read_point(L, 2, "point");
  push_string(L, edge_name(zone(b, p)));
  return 1;
}

// muster.geometry.check_inside(polygon: polygon, point: point) -> boolean (boundary counts)
int l_geometry_check_inside(lua_State* L) {
  check_table(L, 1);
  check_table(L, 2);
  const polygon poly = read_polygon(L, 1, "polygon");
  const vec2 p = read_point(L, 2, "point");
  lua_pushboolean(L, contains(poly, p) ? 1 : 0);
  return 1;
}

// muster.geometry.get_area(polygon: polygon) -> square inches: number
int l_geometry_get_area(lua_State* L) {
  check_table(L, 1);
  const polygon poly = read_polygon(L, 1, "polygon");
  lua_pushnumber(L, area(poly));
  return 1;
}

// The arguments (a: point, b: point, polygon: polygon) of the segment queries.
struct segment_args {
  vec2 a;
  vec2 b;
  polygon poly;
};

segment_args read_segment_args(lua_State* L) {
  check_table(L, 1);
  check_table(L, 2);
  check_table(L, 3);
  return {read_point(L, 1, "a"), read_point(L, 2, "b"), read_polygon(L, 3, "polygon")};
}

// muster.geometry.check_segment(a: point, b: point, polygon: polygon)
//   -> touches: boolean, crosses: boolean (crosses: runs through the interior)
int l_geometry_check_segment(lua_State* L) {
  const segment_args s = read_segment_args(L);
  lua_pushboolean(L, segment_intersects(s.a, s.b, s.poly) ? 1 : 0);
  lua_pushboolean(L, segment_crossing(s.a, s.b, s.poly).has_value() ? 1 : 0);
  return 2;
}

// muster.geometry.get_crossing(a: point, b: point, polygon: polygon) -> inches: number|nil
// (from a along the segment to where it first enters the interior: 0 when a is inside, or on
// the boundary heading in; nil when no stretch of positive length runs inside)
int l_geometry_get_crossing(lua_State* L) {
  const segment_args s = read_segment_args(L);
  const std::optional<double> t = segment_crossing(s.a, s.b, s.poly);
  if (!t) {
    lua_pushnil(L);
    return 1;
  }
  // Like every distance here, one within the tolerance is exactly 0 (docs/geometry.md): a
  // start on a slanted edge heading in gives a fraction of about 1e-16, not 0.
  const double at = *t * distance(s.a, s.b);
  lua_pushnumber(L, at <= geometry_tolerance ? 0.0 : at);
  return 1;
}

/// The ends of a line of sight: a point itself, a rectangle's centre or corners.
polygon los_end(const shape& s, const std::string& path, los_mode mode) {
  if (s.kind == shape_kind::polygon)
    fail("field '{}': point, base or formation expected, got polygon", path);
  if (!s.rect) return s.outline;
  if (mode == los_mode::centre) return {s.rect->centre()};
  return s.outline;  // the corners
}

// muster.geometry.check_los(a: point|base|formation, b: point|base|formation,
//   blockers: ({id: string|number} & (base|formation|polygon))[], mode?: "centre"|"corners")
//   -> blocked: boolean, ids: (string|number)[], line: {from: point, to: point}
int l_geometry_check_los(lua_State* L) {
  check_table(L, 1);
  check_table(L, 2);
  check_table(L, 3);
  los_mode mode = los_mode::centre;
  if (!lua_isnoneornil(L, 4)) {
    const std::string_view m = check_string(L, 4);
    if (m == "corners") {
      mode = los_mode::corners;
    } else if (m != "centre") {
      throw arg_error(4, fmt::format("bad value '{}' (want centre, corners)", m));
    }
  }
  const polygon from = los_end(read_shape(L, 1, "a"), "a", mode);
  const polygon to = los_end(read_shape(L, 2, "b"), "b", mode);
  std::vector<blocker> blockers;
  for_each_item(L, 3, "blockers", [&](int, const std::string& path) {
    const shape s = read_shape(L, -1, path);
    if (s.kind == shape_kind::point)
      fail("field '{}': base, formation or polygon expected, got point", path);
    lua_getfield(L, -1, "id");  // stack: ..., blocker, id
    std::string id;
    if (lua_type(L, -1) == LUA_TSTRING) {
      id = text_at(L, -1, "field 'id'");
    } else if (lua_type(L, -1) == LUA_TNUMBER) {
      id = fmt::format("{}", lua_tonumber(L, -1));
    } else {
      const std::string got = type_name(L, -1);
      lua_pop(L, 1);
      fail("field '{}.id': string or number expected, got {}", path, got);
    }
    lua_pop(L, 1);
    blockers.push_back({std::move(id), s.outline});
  });
  std::uint64_t edges = 0;
  for (const blocker& b : blockers) edges += b.shape.size();
  charge(L, pairs_of(from, to) * (1 + edges));
  const los_result r = check_los_any(from, to, blockers);
  lua_pushboolean(L, r.blocked ? 1 : 0);
  lua_createtable(L, static_cast<int>(r.hits.size()), 0);  // stack: blocked, ids
  for (std::size_t i = 0; i < r.hits.size(); ++i) {
    lua_rawgeti(L, 3, static_cast<int>(r.hits[i].index) + 1);
    lua_getfield(L, -1, "id");  // the caller's own id value, string or number
    lua_rawseti(L, -3, static_cast<int>(i) + 1);
    lua_pop(L, 1);
  }
  lua_createtable(L, 0, 2);  // stack: blocked, ids, line
  push_point(L, r.from);
  lua_setfield(L, -2, "from");
  push_point(L, r.to);
  lua_setfield(L, -2, "to");
  return 3;
}

// muster.geometry.get_covered(template: {x, y, radius}|base|formation,
//   bases: (base|formation)[]) -> {index: integer, fraction: number, id: any}[]
// (every base the template touches, in list order; id copied when the base has one)
int l_geometry_get_covered(lua_State* L) {
  check_table(L, 1);
  check_table(L, 2);
  std::optional<circle> round;
  std::optional<muster::base> rect;
  if (field_reader(L, 1, "template").has("radius")) {
    const field_reader r(L, 1, "template");
    round = circle{{finite_number(r, "x"), finite_number(r, "y")}, positive_number(r, "radius")};
  } else {
    rect = read_rect(L, 1, "template");
  }
  std::vector<muster::base> bases;
  for_each_item(L, 2, "bases", [&](int, const std::string& path) {
    bases.push_back(read_rect(L, -1, path));
  });
  const std::vector<coverage> cov = round ? covered(*round, bases) : covered(*rect, bases);
  lua_createtable(L, static_cast<int>(cov.size()), 0);  // stack: result
  for (std::size_t i = 0; i < cov.size(); ++i) {
    lua_createtable(L, 0, 3);  // stack: result, entry
    set_field(L, -1, "index", static_cast<double>(cov[i].index + 1));
    set_field(L, -1, "fraction", cov[i].fraction);
    lua_rawgeti(L, 2, static_cast<int>(cov[i].index) + 1);
    lua_getfield(L, -1, "id");  // stack: result, entry, base, id
    lua_setfield(L, -3, "id");
    lua_pop(L, 1);
    lua_rawseti(L, -2, static_cast<int>(i) + 1);
  }
  return 1;
}

// muster.geometry.get_bearing(from: point, to: point) -> degrees: number (0 = +y, clockwise)
int l_geometry_get_bearing(lua_State* L) {
  check_table(L, 1);
  check_table(L, 2);
  const vec2 a = read_point(L, 1, "from");
  const vec2 b = read_point(L, 2, "to");
  lua_pushnumber(L, bearing(a, b));
  return 1;
}

// muster.geometry.get_clock(hour: integer, reference?: number = 0) -> degrees: number
// (12 o'clock points along reference, 3 o'clock is reference + 90)
int l_geometry_get_clock(lua_State* L) {
  const std::int64_t hour = check_integer(L, 1);
  const double reference = lua_isnoneornil(L, 2) ? 0.0 : number_arg(L, 2, "number");
  if (hour < 1 || hour > 12) fail("clock hour must be 1..12, got {}", hour);
  lua_pushnumber(L, clock_bearing(static_cast<int>(hour), reference));
  return 1;
}

// muster.geometry.get_scatter(point: point, bearing: number, distance: number) -> point
int l_geometry_get_scatter(lua_State* L) {
  check_table(L, 1);
  const vec2 p = read_point(L, 1, "point");
  const double deg = number_arg(L, 2, "number");
  const double dist = check_number(L, 3);
  push_point(L, scatter(p, deg, dist));
  return 1;
}

// muster.geometry.get_toward(point: point, target: point, distance: number)
//   -> point, reached: boolean (never overshoots the target)
int l_geometry_get_toward(lua_State* L) {
  check_table(L, 1);
  check_table(L, 2);
  const vec2 p = read_point(L, 1, "point");
  const vec2 target = read_point(L, 2, "target");
  const double dist = check_number(L, 3);
  const move_result m = move_toward(p, target, dist);
  push_point(L, m.at);
  lua_pushboolean(L, m.reached ? 1 : 0);
  return 2;
}

// muster.geometry.get_toward_line(point: point, a: point, b: point, distance: number)
//   -> point, reached: boolean (straight at the nearest point of the line through a and b)
int l_geometry_get_toward_line(lua_State* L) {
  check_table(L, 1);
  check_table(L, 2);
  check_table(L, 3);
  const vec2 p = read_point(L, 1, "point");
  const vec2 a = read_point(L, 2, "a");
  const vec2 b = read_point(L, 3, "b");
  const double dist = check_number(L, 4);
  const move_result m = move_toward_line(p, a, b, dist);
  push_point(L, m.at);
  lua_pushboolean(L, m.reached ? 1 : 0);
  return 2;
}

// muster.geometry.get_nearest(from: shape, candidates: shape[])
//   -> index: integer, distance: number | nil (no candidates; ties go to the earlier)
int l_geometry_get_nearest(lua_State* L) {
  check_table(L, 1);
  check_table(L, 2);
  const shape from = read_shape(L, 1, "from");
  std::vector<polygon> candidates;
  for_each_item(L, 2, "candidates", [&](int, const std::string& path) {
    candidates.push_back(read_shape(L, -1, path).outline);
  });
  for (const polygon& c : candidates) charge(L, pairs_of(from.outline, c));
  const std::optional<nearest_result> n = nearest(from.outline, candidates);
  if (!n) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushinteger(L, static_cast<lua_Integer>(n->index + 1));
  lua_pushnumber(L, n->distance);
  return 2;
}

// muster.geometry.get_bases(formation: formation)
//   -> (base & {rank: integer, file: integer})[] (rank 1 in front, file 1 on the unit's left)
int l_geometry_get_bases(lua_State* L) {
  check_table(L, 1);
  const formation f = read_formation(L, 1, "formation");
  const auto count = static_cast<std::uint64_t>(f.ranks()) * static_cast<std::uint64_t>(f.files());
  if (count > max_listed_bases)
    fail("field 'formation': {} ranks of {} files is {} bases (at most {} listed)", f.ranks(), f.files(), count,
         max_listed_bases);
  charge(L, count * read_cost);
  held_bytes held(L);
  held.update(count * sizeof(muster::base));
  const std::vector<muster::base> bases = f.bases();
  lua_createtable(L, static_cast<int>(bases.size()), 0);  // stack: list
  for (std::size_t i = 0; i < bases.size(); ++i) {
    push_base(L, bases[i]);
    const auto files = static_cast<std::size_t>(f.files());
    set_field(L, -1, "rank", static_cast<double>(i / files + 1));
    set_field(L, -1, "file", static_cast<double>(i % files + 1));
    lua_rawseti(L, -2, static_cast<int>(i) + 1);
  }
  return 1;
}

// muster.geometry.get_footprint(formation: formation) -> base (the whole unit's rectangle)
int l_geometry_get_footprint(lua_State* L) {
  check_table(L, 1);
  const formation f = read_formation(L, 1, "formation");
  push_base(L, f.footprint());
  return 1;
}

// muster.geometry.get_centre(base: base|formation) -> point
int l_geometry_get_centre(lua_State* L) {
  check_table(L, 1);
  const muster::base b = read_rect(L, 1, "base");
  push_point(L, b.centre());
  return 1;
}

// muster.geometry.get_corners(base: base|formation)
//   -> {point, point, point, point} (front-left, front-right, rear-right, rear-left)
int l_geometry_get_corners(lua_State* L) {
  check_table(L, 1);
  const muster::base b = read_rect(L, 1, "base");
  const auto corners = b.corners();
  lua_createtable(L, 4, 0);  // stack: list
  for (std::size_t i = 0; i < corners.size(); ++i) {
    push_point(L, corners[i]);
    lua_rawseti(L, -2, static_cast<int>(i) + 1);
  }
  return 1;
}

}  // namespace

void open_geometry(lua_State* L, int muster_table) {
  muster_table = abs_index(L, muster_table);
  static const function_entry entries[] = {
      {"measure", guard<l_geometry_measure>},
      {"check_contact", guard<l_geometry_check_contact>},
      {"check_arc", guard<l_geometry_check_arc>},
      {"get_zone", guard<l_geometry_get_zone>},
      {"check_inside", guard<l_geometry_check_inside>},
      {"get_area", guard<l_geometry_get_area>},
      {"check_segment", guard<l_geometry_check_segment>},
      {"get_crossing", guard<l_geometry_get_crossing>},
      {"check_los", guard<l_geometry_check_los>},
      {"get_covered", guard<l_geometry_get_covered>},
      {"get_bearing", guard<l_geometry_get_bearing>},
      {"get_clock", guard<l_geometry_get_clock>},
      {"get_scatter", guard<l_geometry_get_scatter>},
      {"get_toward", guard<l_geometry_get_toward>},
      {"get_toward_line", guard<l_geometry_get_toward_line>},
      {"get_nearest", guard<l_geometry_get_nearest>},
      {"get_bases", guard<l_geometry_get_bases>},
      {"get_footprint", guard<l_geometry_get_footprint>},
      {"get_centre", guard<l_geometry_get_centre>},
      {"get_corners", guard<l_geometry_get_corners>},
  };
  lua_newtable(L);  // stack: muster.geometry
  register_functions(L, -1, entries, nullptr, "muster.geometry");
  set_field(L, -1, "tolerance", geometry_tolerance);
  lua_setfield(L, muster_table, "geometry");
}

}  // namespace muster::lua
