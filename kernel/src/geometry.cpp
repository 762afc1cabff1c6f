// Plane geometry of the tabletop: the implementation of muster/geometry.hpp. Owns no state.
// Angles exact at multiples of 45 degrees (no libm call there) so common facings give the
// same bits everywhere; everything else is IEEE arithmetic plus sin/cos/atan2/sqrt.
// No game rules: arcs, tolerances and blockers come from the caller.
#include "muster/geometry.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "muster/error.hpp"

namespace muster {
namespace {

/// A number as error text shows it: NaN without its sign bit, which varies by platform.
double shown(double v) { return std::isnan(v) ? std::fabs(v) : v; }

constexpr double pi = 3.14159265358979323846;
constexpr double sqrt_half = 0.70710678118654752440;
constexpr double eps = geometry_tolerance;

void check_finite(double v, const char* what) {
  if (!std::isfinite(v)) fail("{} must be a finite number, got {}", what, shown(v));
}

void check_distance_arg(double d) {
  if (!std::isfinite(d) || d < 0) fail("distance must be a finite number >= 0, got {}", shown(d));
}

void check_polygon(std::span<const vec2> poly) {
  if (poly.size() < 3) fail("polygon: at least 3 vertices expected, got {}", poly.size());
}

void check_circle(const circle& c) {
  check_finite(c.centre.x, "circle: x");
  check_finite(c.centre.y, "circle: y");
  if (!std::isfinite(c.radius) || c.radius <= 0)
    fail("circle: radius must be a finite number > 0, got {}", shown(c.radius));
}

void check_shape(std::span<const vec2> shape) {
  if (shape.empty()) fail("shape: at least 1 point expected, got 0");
}

/// sin and cos of an angle in degrees, exact at multiples of 45 degrees.
std::pair<double, double> sin_cos(double degrees) {
  const double d = normalize_degrees(degrees);
  if (std::fmod(d, 45.0) == 0) {
    static constexpr std::pair<double, double> table[8] = {
        {0, 1},           {sqrt_half, sqrt_half},   {1, 0},  {sqrt_half, -sqrt_half},
        {0, -1},          {-sqrt_half, -sqrt_half}, {-1, 0}, {-sqrt_half, sqrt_half}};
    return table[static_cast<int>(d / 45.0)];
  }
  const double r = d * (pi / 180.0);
  return {std::sin(r), std::cos(r)};
}

double point_segment_distance2(vec2 p, vec2 a, vec2 b) {
  const vec2 ab = b - a;
  const double l2 = dot(ab, ab);
  const double t = l2 == 0 ? 0.0 : std::clamp(dot(p - a, ab) / l2, 0.0, 1.0);
  const vec2 d = p - (a + ab * t);
  return dot(d, d);
}

double point_segment_distance(vec2 p, vec2 a, vec2 b) {
  return std::sqrt(point_segment_distance2(p, a, b));
}

double orient(vec2 a, vec2 b, vec2 c) { return cross(b - a, c - a); }

bool opposite(double a, double b) { return (a > 0 && b < 0) || (a < 0 && b > 0); }

double segment_distance(vec2 p1, vec2 p2, vec2 q1, vec2 q2) {
  if (opposite(orient(p1, p2, q1), orient(p1, p2, q2)) &&
      opposite(orient(q1, q2, p1), orient(q1, q2, p2)))
    return 0;  // a proper crossing
  return std::sqrt(std::min({point_segment_distance2(q1, p1, p2), point_segment_distance2(q2, p1, p2),
                             point_segment_distance2(p1, q1, q2), point_segment_distance2(p2, q1, q2)}));
}

/// Calls fn(a, b) for each edge of a shape: a point has one degenerate edge, a segment one
/// edge, a polygon its closed ring.
template <typename Fn>
void for_each_edge(std::span<const vec2> shape, Fn&& fn) {
  if (shape.size() == 1) {
    fn(shape[0], shape[0]);
  } else if (shape.size() == 2) {
    fn(shape[0], shape[1]);
  } else {
    for (std::size_t i = 0; i < shape.size(); ++i)
      fn(shape[i], shape[(i + 1) % shape.size()]);
  }
}

/// Even-odd test without tolerance; the caller handles the boundary.
bool inside_even_odd(std::span<const vec2> poly, vec2 p) {
  bool in = false;
  for (std::size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
    const vec2 a = poly[i];
    const vec2 b = poly[j];
    if ((a.y > p.y) != (b.y > p.y)) {
      const double x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
      if (p.x < x) in = !in;
    }
  }
  return in;
}

double boundary_distance(std::span<const vec2> poly, vec2 p) {
  double best = INFINITY;
  for_each_edge(poly, [&](vec2 a, vec2 b) { best = std::min(best, point_segment_distance(p, a, b)); });
  return best;
}

bool strictly_inside(std::span<const vec2> poly, vec2 p) {
  return boundary_distance(poly, p) > eps && inside_even_odd(poly, p);
}

double signed_area(std::span<const vec2> poly) {
  double twice = 0;
  for (std::size_t i = 0; i < poly.size(); ++i)
    twice += cross(poly[i], poly[(i + 1) % poly.size()]);
  return twice / 2;
}

/// Keeps the part of a convex polygon where dot(n, x) <= c (Sutherland-Hodgman, one plane).
polygon clip(const polygon& in, vec2 n, double c) {
  polygon out;
  if (in.empty()) return out;
  out.reserve(in.size() + 1);
  for (std::size_t i = 0; i < in.size(); ++i) {
    const vec2 prev = in[(i + in.size() - 1) % in.size()];
    const vec2 cur = in[i];
    const double dp = dot(n, prev) - c;
    const double dc = dot(n, cur) - c;
    if (dc <= 0) {
      if (dp > 0) out.push_back(prev + (cur - prev) * (dp / (dp - dc)));
      out.push_back(cur);
    } else if (dp <= 0) {
      out.push_back(prev + (cur - prev) * (dp / (dp - dc)));
    }
  }
  return out;
}

/// Keeps the part of convex polygon `subject` inside convex polygon `clipper` (any winding).
polygon clip_convex(polygon subject, std::span<const vec2> clipper) {
  const double sign = signed_area(clipper) < 0 ? -1.0 : 1.0;
  for (std::size_t i = 0; i < clipper.size() && !subject.empty(); ++i) {
    const vec2 p = clipper[i];
    const vec2 e = clipper[(i + 1) % clipper.size()] - p;
    // Outward normal: right of the edge for a counter-clockwise ring, left for clockwise.
    const vec2 n = vec2{e.y, -e.x} * sign;
    subject = clip(subject, n, dot(n, p));
  }
  return subject;
}

/// Signed area of the intersection of the circle (origin, r) with the triangle (origin, a, b).
double circle_triangle_area(vec2 a, vec2 b, double r) {
  const vec2 d = b - a;
  const double qa = dot(d, d);
  if (qa == 0) return 0;
  const double qb = dot(a, d);
  const double qc = dot(a, a) - r * r;
  const double disc = qb * qb - qa * qc;
  double ts[4] = {0, 0, 0, 0};
  int n = 0;
  ts[n++] = 0;
  // The line runs through the disc's interior for t in (t_in, t_out); a line that misses it
  // or only touches it (disc <= 0) has no inside stretch. Deciding by the parameter, not by
  // the distance of a piece's midpoint, keeps a tangent edge (midpoint exactly on the
  // circle) a sector instead of a whole triangle.
  double t_in = 1;
  double t_out = 0;
  if (disc > 0) {
    const double s = std::sqrt(disc);
    t_in = (-qb - s) / qa;
    t_out = (-qb + s) / qa;
    if (t_in > 0 && t_in < 1) ts[n++] = t_in;
    if (t_out > 0 && t_out < 1) ts[n++] = t_out;
  }
  ts[n++] = 1;
  double sum = 0;
  for (int i = 0; i + 1 < n; ++i) {
    const vec2 p = a + d * ts[i];
    const vec2 q = a + d * ts[i + 1];
    const double tm = (ts[i] + ts[i + 1]) / 2;
    if (tm > t_in && tm < t_out) {
      sum += cross(p, q) / 2;  // the chord piece lies inside: a plain triangle
    } else {
      sum += r * r * std::atan2(cross(p, q), dot(p, q)) / 2;  // outside: a circular sector
    }
  }
  return sum;
}

/// Stretch of edge p-q (outward normal n) lying within tol of the convex polygon other.
double contact_length(vec2 p, vec2 q, vec2 n, const polygon& other, double tol) {
  const double offset = dot(n, p);
  polygon slab = clip(other, n, offset + tol);
  slab = clip(slab, -n, -offset + tol);
  if (slab.empty()) return 0;
  const double len = distance(p, q);
  const vec2 u = (q - p) * (1 / len);
  double lo = INFINITY;
  double hi = -INFINITY;
  for (const vec2& v : slab) {
    const double s = dot(u, v - p);
    lo = std::min(lo, s);
    hi = std::max(hi, s);
  }
  return std::max(0.0, std::min(hi, len) - std::max(lo, 0.0));
}

edge touched_edge(const base& self, const base& other, const polygon& other_poly, double tol) {
  struct candidate {
    edge e;
    double length;
  };
  std::vector<candidate> candidates;
  double best = -1;
  for (edge e : {edge::front, edge::left, edge::right, edge::rear}) {
    const auto [p, q] = self.edge_points(e);
    const vec2 seg[2] = {p, q};
    if (distance(seg, other_poly) > tol) continue;
    // Corners run clockwise, so the outward normal is the edge direction turned left.
    const vec2 dir = q - p;
    const vec2 n = vec2{-dir.y, dir.x} * (1 / length(dir));
    const double len = contact_length(p, q, n, other_poly, tol);
    candidates.push_back({e, len});
    best = std::max(best, len);
  }
  const edge facing_zone = zone(self, other.centre());
  if (candidates.empty()) return facing_zone;  // other lies deep inside self
  // A contact along a stretch picks the longest edge; a contact at a point (all lengths
  // within a few tolerances of 0) is settled by the zone of the other base's centre.
  const double floor = best <= 4 * tol + 1e-12 ? -1.0 : best - tol;
  for (const candidate& c : candidates)
    if (c.e == facing_zone && c.length >= floor) return c.e;
  for (const candidate& c : candidates)
    if (c.length >= floor) return c.e;
  return candidates.front().e;
}

struct half_plane {
  vec2 n;    // unit normal
  double c;  // the plane keeps dot(n, x) <= c
};

/// The three half-planes of an arc: for half_angle <= 90 the arc is their intersection; for
/// half_angle > 90 they bound the excluded wedge behind.
std::array<half_plane, 3> arc_planes(const base& b, double half_angle, arc_origin origin,
                                     bool* excluded_wedge) {
  check_finite(half_angle, "half_angle");
  if (half_angle < 0 || half_angle > 180)
    fail("half_angle must be 0..180 degrees, got {}", half_angle);
  const vec2 apex = origin == arc_origin::front_edge ? b.front_centre() : b.centre();
  const double hw = origin == arc_origin::front_edge ? b.width() / 2 : 0.0;
  const vec2 fwd = b.forward();
  const vec2 rgt = b.right();
  *excluded_wedge = half_angle > 90;
  if (half_angle <= 90) {
    // v >= 0 and |u| - hw <= v tan(a), with u = rgt.(x - apex), v = fwd.(x - apex).
    const auto [s, c] = sin_cos(half_angle);
    const vec2 n2 = rgt * c - fwd * s;
    const vec2 n3 = -rgt * c - fwd * s;
    return {half_plane{-fwd, -dot(fwd, apex)}, half_plane{n2, dot(n2, apex) + hw * c},
            half_plane{n3, dot(n3, apex) + hw * c}};
  }
  // Excluded wedge: v <= 0 and |u| + hw <= -v tan(b), b = 180 - half_angle.
  const auto [s, c] = sin_cos(180 - half_angle);
  const vec2 n2 = rgt * c + fwd * s;
  const vec2 n3 = -rgt * c + fwd * s;
  return {half_plane{fwd, dot(fwd, apex)}, half_plane{n2, dot(n2, apex) - hw * c},
          half_plane{n3, dot(n3, apex) - hw * c}};
}

bool point_in_arc(const std::array<half_plane, 3>& planes, bool excluded_wedge, vec2 p) {
  if (!excluded_wedge) {
    for (const half_plane& h : planes)
      if (dot(h.n, p) > h.c + eps) return false;
    return true;
  }
  for (const half_plane& h : planes)
    if (!(dot(h.n, p) < h.c - eps)) return true;  // outside the open wedge
  return false;
}

void check_blockers(std::span<const blocker> blockers) {
  for (std::size_t i = 0; i < blockers.size(); ++i)
    if (blockers[i].shape.size() < 3)
      fail("blocker {} '{}': at least 3 vertices expected, got {}", i + 1, blockers[i].id,
           blockers[i].shape.size());
}

los_result los_unchecked(vec2 a, vec2 b, std::span<const blocker> blockers) {
  los_result out;
  out.from = a;
  out.to = b;
  const double len = distance(a, b);
  for (std::size_t i = 0; i < blockers.size(); ++i)
    if (auto t = segment_crossing(a, b, blockers[i].shape))
      out.hits.push_back({i, blockers[i].id, *t * len});
  std::stable_sort(out.hits.begin(), out.hits.end(),
                   [](const los_hit& x, const los_hit& y) { return x.entry < y.entry; });
  out.blocked = !out.hits.empty();
  return out;
}

}  // namespace

// ---- vectors and angles ---------------------------------------------------------------

double length(vec2 v) { return std::sqrt(dot(v, v)); }

double distance(vec2 a, vec2 b) { return length(b - a); }

double normalize_degrees(double degrees) {
  check_finite(degrees, "angle");
  double d = std::fmod(degrees, 360.0);
  if (d < 0) d += 360.0;
  if (d >= 360.0 || d == 0) d = 0;  // -1e-20 + 360 rounds to 360; -0 becomes 0
  return d;
}

vec2 heading(double degrees) {
  const auto [s, c] = sin_cos(degrees);
  return {s, c};
}

double bearing(vec2 from, vec2 to) {
  const vec2 v = to - from;
  if (length(v) <= eps) fail("bearing: the points coincide ({}, {})", from.x, from.y);
  if (v.x == 0) return v.y > 0 ? 0.0 : 180.0;
  if (v.y == 0) return v.x > 0 ? 90.0 : 270.0;
  if (std::fabs(v.x) == std::fabs(v.y))
    return v.y > 0 ? (v.x > 0 ? 45.0 : 315.0) : (v.x > 0 ? 135.0 : 225.0);
  return normalize_degrees(std::atan2(v.x, v.y) * (180.0 / pi));
}

double clock_bearing(int hour, double reference) {
  if (hour < 1 || hour > 12) fail("clock hour must be 1..12, got {}", hour);
  return normalize_degrees(reference + 30.0 * (hour % 12));
}

std::string_view edge_name(edge e) {
  switch (e) {
    case edge::front: return "front";
    case edge::left: return "left";
    case edge::right: return "right";
    case edge::rear: return "rear";
  }
  return "front";
}

// ---- bases and formations -------------------------------------------------------------

base base::at_front(vec2 front_centre, double width, double depth, double facing) {
  check_finite(front_centre.x, "base: x");
  check_finite(front_centre.y, "base: y");
  if (!std::isfinite(width) || width <= 0)
    fail("base: width must be a finite number > 0, got {}", shown(width));
  if (!std::isfinite(depth) || depth <= 0)
    fail("base: depth must be a finite number > 0, got {}", shown(depth));
  check_finite(facing, "base: facing");
  return base(front_centre, width, depth, normalize_degrees(facing));
}

base base::at_centre(vec2 centre, double width, double depth, double facing) {
  check_finite(centre.x, "base: x");
  check_finite(centre.y, "base: y");
  check_finite(facing, "base: facing");
  if (!std::isfinite(depth) || depth <= 0)
    fail("base: depth must be a finite number > 0, got {}", shown(depth));
  return at_front(centre + heading(facing) * (depth / 2), width, depth, facing);
}

base::base(vec2 front, double width, double depth, double facing)
    : front_(front), width_(width), depth_(depth), facing_(facing), forward_(heading(facing)) {}

vec2 base::centre() const { return front_ - forward_ * (depth_ / 2); }

vec2 base::forward() const { return forward_; }

vec2 base::right() const {
  const vec2 f = forward();
  return {f.y, -f.x};  // the facing turned 90 degrees clockwise
}

std::array<vec2, 4> base::corners() const {
  const vec2 half = right() * (width_ / 2);
  const vec2 back = forward() * depth_;
  const vec2 fl = front_ - half;
  const vec2 fr = front_ + half;
  return {fl, fr, fr - back, fl - back};
}

std::array<vec2, 2> base::edge_points(edge e) const {
  const auto c = corners();
  switch (e) {
    case edge::front: return {c[0], c[1]};
    case edge::right: return {c[1], c[2]};
    case edge::rear: return {c[2], c[3]};
    case edge::left: return {c[3], c[0]};
  }
  return {c[0], c[1]};
}

formation formation::at_front(vec2 front_centre, double facing, int ranks, int files,
                              double base_width, double base_depth) {
  if (ranks < 1) fail("formation: ranks must be >= 1, got {}", ranks);
  if (files < 1) fail("formation: files must be >= 1, got {}", files);
  if (!std::isfinite(base_width) || base_width <= 0)
    fail("formation: base_width must be a finite number > 0, got {}", shown(base_width));
  if (!std::isfinite(base_depth) || base_depth <= 0)
    fail("formation: base_depth must be a finite number > 0, got {}", shown(base_depth));
  const base fp = base::at_front(front_centre, files * base_width, ranks * base_depth, facing);
  return formation(fp, ranks, files, base_width, base_depth);
}

base formation::base_at(int rank, int file) const {
  if (rank < 0 || rank >= ranks_) fail("formation: rank {} out of range 0..{}", rank, ranks_ - 1);
  if (file < 0 || file >= files_) fail("formation: file {} out of range 0..{}", file, files_ - 1);
  const double across = (file - (files_ - 1) / 2.0) * base_width_;
  const vec2 front = footprint_.front_centre() + footprint_.right() * across -
                     footprint_.forward() * (rank * base_depth_);
  return base::at_front(front, base_width_, base_depth_, footprint_.facing());
}

std::vector<base> formation::bases() const {
  std::vector<base> out;
  out.reserve(static_cast<std::size_t>(ranks_) * static_cast<std::size_t>(files_));
  for (int r = 0; r < ranks_; ++r)
    for (int f = 0; f < files_; ++f) out.push_back(base_at(r, f));
  return out;
}

base formation::footprint() const { return footprint_; }

// ---- polygons -------------------------------------------------------------------------

polygon to_polygon(const base& b) {
  const auto c = b.corners();
  return polygon(c.begin(), c.end());
}

double area(std::span<const vec2> poly) {
  check_polygon(poly);
  return std::fabs(signed_area(poly));
}

bool contains(std::span<const vec2> poly, vec2 p) {
  check_polygon(poly);
  return boundary_distance(poly, p) <= eps || inside_even_odd(poly, p);
}

bool segment_intersects(vec2 a, vec2 b, std::span<const vec2> poly) {
  check_polygon(poly);
  if (contains(poly, a) || contains(poly, b)) return true;
  bool hit = false;
  for_each_edge(poly, [&](vec2 p, vec2 q) { hit = hit || segment_distance(a, b, p, q) <= eps; });
  return hit;
}

std::optional<double> segment_crossing(vec2 a, vec2 b, std::span<const vec2> poly) {
  check_polygon(poly);
  const vec2 ab = b - a;
  const double l2 = dot(ab, ab);
  const double len = std::sqrt(l2);
  if (len <= eps) return strictly_inside(poly, a) ? std::optional<double>(0.0) : std::nullopt;
  // Every parameter where the segment meets the boundary splits it into stretches that lie
  // wholly inside or wholly outside; test the middle of each.
  std::vector<double> ts = {0.0, 1.0};
  for_each_edge(poly, [&](vec2 p, vec2 q) {
    const vec2 e = q - p;
    const double denom = cross(ab, e);
    const double el = length(e);
    if (std::fabs(denom) > 1e-12 * len * el) {
      const double t = cross(p - a, e) / denom;
      const double s = cross(p - a, ab) / denom;
      if (s >= -eps / el && s <= 1 + eps / el && t > 0 && t < 1) ts.push_back(t);
    } else if (std::fabs(cross(ab, p - a)) / len <= eps) {
      for (const vec2 v : {p, q}) {
        const double t = dot(v - a, ab) / l2;
        if (t > 0 && t < 1) ts.push_back(t);
      }
    }
  });
  std::sort(ts.begin(), ts.end());
  for (std::size_t i = 0; i + 1 < ts.size(); ++i) {
    if ((ts[i + 1] - ts[i]) * len <= eps) continue;
    if (strictly_inside(poly, a + ab * ((ts[i] + ts[i + 1]) / 2))) return ts[i];
  }
  return std::nullopt;
}

double distance(std::span<const vec2> a, std::span<const vec2> b) {
  check_shape(a);
  check_shape(b);
  double best = INFINITY;
  for_each_edge(a, [&](vec2 p1, vec2 p2) {
    for_each_edge(b, [&](vec2 q1, vec2 q2) {
      best = std::min(best, segment_distance(p1, p2, q1, q2));
    });
  });
  if (best <= eps) return 0;
  if (b.size() >= 3 && inside_even_odd(b, a[0])) return 0;
  if (a.size() >= 3 && inside_even_odd(a, b[0])) return 0;
  return best;
}

double distance(const base& a, const base& b) {
  const auto ca = a.corners();  // no allocation: this runs in Monte Carlo inner loops
  const auto cb = b.corners();
  return distance(ca, cb);
}

double distance(const formation& a, const formation& b) {
  return distance(a.footprint(), b.footprint());
}

// ---- contact, arcs, zones -------------------------------------------------------------

contact check_contact(const base& a, const base& b, double tolerance) {
  if (!std::isfinite(tolerance) || tolerance < 0)
    fail("tolerance must be a finite number >= 0, got {}", shown(tolerance));
  const polygon pa = to_polygon(a);
  const polygon pb = to_polygon(b);
  if (distance(pa, pb) > tolerance) return {};
  const double tol = std::max(tolerance, eps);
  return {true, touched_edge(a, b, pb, tol), touched_edge(b, a, pa, tol)};
}

bool in_arc(const base& b, vec2 p, double half_angle, arc_origin origin) {
  bool wedge = false;
  const auto planes = arc_planes(b, half_angle, origin, &wedge);
  return point_in_arc(planes, wedge, p);
}

arc_overlap in_arc(const base& b, const base& target, double half_angle, arc_origin origin) {
  bool wedge = false;
  const auto planes = arc_planes(b, half_angle, origin, &wedge);
  const polygon rect = to_polygon(target);
  std::size_t corners_in = 0;
  for (const vec2& c : rect) corners_in += point_in_arc(planes, wedge, c) ? 1 : 0;
  arc_overlap out;
  if (!wedge) {
    // The arc is convex: all corners in means all in; otherwise clip to look for overlap.
    out.whole = corners_in == rect.size();
    polygon rest = rect;
    for (const half_plane& h : planes) rest = clip(rest, h.n, h.c + eps);
    out.any = !rest.empty();
  } else {
    // The excluded wedge is convex: some corner outside it means some overlap with the arc;
    // the whole target is in the arc when it does not enter the open wedge.
    out.any = corners_in > 0;
    polygon rest = rect;
    for (const half_plane& h : planes) rest = clip(rest, h.n, h.c - eps);
    out.whole = rest.empty();
  }
  return out;
}

edge zone(const base& b, vec2 p) {
  const vec2 r = p - b.centre();
  const double u = dot(r, b.right());
  const double v = dot(r, b.forward());
  const double hw = b.width() / 2;
  const double hd = b.depth() / 2;
  // Signed distances (scaled by the diagonal's length) to the diagonals' lines.
  const double slack = eps * std::sqrt(hw * hw + hd * hd);
  if (v * hw - std::fabs(u) * hd >= -slack) return edge::front;
  if (-v * hw - std::fabs(u) * hd > slack) return edge::rear;
  return u < 0 ? edge::left : edge::right;
}

// ---- line of sight --------------------------------------------------------------------

blocker make_blocker(std::string id, const base& b) { return {std::move(id), to_polygon(b)}; }

los_result check_los(vec2 a, vec2 b, std::span<const blocker> blockers) {
  check_blockers(blockers);
  return los_unchecked(a, b, blockers);
}

los_result check_los(const base& a, const base& b, std::span<const blocker> blockers,
                     los_mode mode) {
  if (mode == los_mode::centre) return check_los(a.centre(), b.centre(), blockers);
  return check_los_any(a.corners(), b.corners(), blockers);
}

los_result check_los_any(std::span<const vec2> from, std::span<const vec2> to,
                         std::span<const blocker> blockers) {
  if (from.empty() || to.empty()) fail("line of sight: at least 1 point expected at each end");
  check_blockers(blockers);
  std::optional<los_result> best;
  for (const vec2& ca : from) {
    for (const vec2& cb : to) {
      los_result r = los_unchecked(ca, cb, blockers);
      if (!r.blocked) return r;
      if (!best || r.hits.size() < best->hits.size()) best = std::move(r);
    }
  }
  return std::move(*best);
}

// ---- templates ------------------------------------------------------------------------

double intersection_area(const circle& c, std::span<const vec2> convex_poly) {
  check_circle(c);
  check_polygon(convex_poly);
  double sum = 0;
  for (std::size_t i = 0; i < convex_poly.size(); ++i)
    sum += circle_triangle_area(convex_poly[i] - c.centre,
                                convex_poly[(i + 1) % convex_poly.size()] - c.centre, c.radius);
  return std::fabs(sum);
}

std::vector<coverage> covered(const circle& c, std::span<const base> bases) {
  check_circle(c);
  const vec2 centre[1] = {c.centre};
  std::vector<coverage> out;
  for (std::size_t i = 0; i < bases.size(); ++i) {
    const polygon rect = to_polygon(bases[i]);
    const double gap = distance(centre, rect);
    if (gap > c.radius + eps) continue;
    // Within tolerance of the rim only: merely touched, so exactly 0 (the area sum would
    // leave rounding noise, and rulesets test "partly covered" as fraction > 0).
    if (gap >= c.radius - eps) {
      out.push_back({i, 0.0});
      continue;
    }
    const double whole = bases[i].width() * bases[i].depth();
    out.push_back({i, std::clamp(intersection_area(c, rect) / whole, 0.0, 1.0)});
  }
  return out;
}

std::vector<coverage> covered(const base& rect, std::span<const base> bases) {
  const polygon tpl = to_polygon(rect);
  std::vector<coverage> out;
  for (std::size_t i = 0; i < bases.size(); ++i) {
    const polygon b = to_polygon(bases[i]);
    if (distance(tpl, b) > eps) continue;
    const polygon common = clip_convex(b, tpl);
    const double a = common.size() >= 3 ? std::fabs(signed_area(common)) : 0.0;
    out.push_back({i, std::clamp(a / (bases[i].width() * bases[i].depth()), 0.0, 1.0)});
  }
  return out;
}

// ---- movement -------------------------------------------------------------------------

vec2 scatter(vec2 p, double bearing_degrees, double dist) {
  check_distance_arg(dist);
  return p + heading(bearing_degrees) * dist;
}

move_result move_toward(vec2 p, vec2 target, double dist) {
  check_distance_arg(dist);
  const vec2 v = target - p;
  const double gap = length(v);
  if (gap <= dist + eps) return {target, true};
  return {p + v * (dist / gap), false};
}

move_result move_toward_line(vec2 p, vec2 a, vec2 b, double dist) {
  const vec2 ab = b - a;
  if (length(ab) <= eps) fail("line: the points coincide ({}, {})", a.x, a.y);
  const vec2 foot = a + ab * (dot(p - a, ab) / dot(ab, ab));
  return move_toward(p, foot, dist);
}

std::optional<nearest_result> nearest(std::span<const vec2> from,
                                      std::span<const polygon> candidates) {
  check_shape(from);
  std::optional<nearest_result> best;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const double d = distance(from, candidates[i]);
    if (!best || d < best->distance - eps) best = nearest_result{i, d};
  }
  return best;
}

std::optional<nearest_result> nearest(const base& from, std::span<const base> candidates) {
  std::vector<polygon> shapes;
  shapes.reserve(candidates.size());
  for (const base& b : candidates) shapes.push_back(to_polygon(b));
  return nearest(to_polygon(from), shapes);
}

std::optional<nearest_result> nearest(const base& from, std::span<const formation> candidates) {
  std::vector<polygon> shapes;
  shapes.reserve(candidates.size());
  for (const formation& f : candidates) shapes.push_back(to_polygon(f.footprint()));
  return nearest(to_polygon(from), shapes);
}

}  // namespace muster
