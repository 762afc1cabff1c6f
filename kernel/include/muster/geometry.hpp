// Plane geometry of the tabletop: points, facings, rectangular bases, formations of bases,
// polygons (terrain, templates), edge-to-edge distance, contact, arcs, zones, line of sight,
// template coverage, scatter and forced-movement helpers. Pure functions, no state, no Lua,
// no rules of any game: arcs, tolerances and blockers are the caller's choice.
// Bound to Lua in src/lua/bind_geometry.cpp. Conventions (docs/geometry.md):
//  - lengths in inches; x to the right along the table, y "up the table" (away from the
//    player whose edge is y = 0), seen from above;
//  - angles in degrees; facing/bearing 0 = +y, clockwise positive (90 = +x), normalised to
//    [0, 360);
//  - a base is positioned by the centre of its FRONT edge (base::at_centre converts);
//    left/right are the base's own, looking along its facing;
//  - every "touching"/"on the boundary" test uses geometry_tolerance (1e-9 in) unless the
//    function takes a tolerance.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace muster {

/// The tolerance of boundary tests, in inches.
inline constexpr double geometry_tolerance = 1e-9;

/// A point or displacement on the table, in inches.
struct vec2 {
  double x = 0;
  double y = 0;

  friend constexpr vec2 operator+(vec2 a, vec2 b) { return {a.x + b.x, a.y + b.y}; }
  friend constexpr vec2 operator-(vec2 a, vec2 b) { return {a.x - b.x, a.y - b.y}; }
  friend constexpr vec2 operator-(vec2 a) { return {-a.x, -a.y}; }
  friend constexpr vec2 operator*(vec2 a, double k) { return {a.x * k, a.y * k}; }
  friend constexpr vec2 operator*(double k, vec2 a) { return {a.x * k, a.y * k}; }
  friend constexpr bool operator==(vec2 a, vec2 b) = default;
};

/// Returns a.x*b.x + a.y*b.y.
constexpr double dot(vec2 a, vec2 b) { return a.x * b.x + a.y * b.y; }
/// Returns the z of a x b: positive when b lies counter-clockwise of a.
constexpr double cross(vec2 a, vec2 b) { return a.x * b.y - a.y * b.x; }
/// Returns the Euclidean length of v.
double length(vec2 v);
/// Returns the distance between two points.
double distance(vec2 a, vec2 b);

// ---- angles -------------------------------------------------------------------------

/// Returns degrees normalised to [0, 360). Throws muster::error when not finite.
double normalize_degrees(double degrees);

/// Returns the unit vector of a facing or bearing: 0 -> (0, 1), 90 -> (1, 0), 180 -> (0, -1).
/// Multiples of 90 degrees are exact. Throws muster::error when not finite.
vec2 heading(double degrees);

/// Returns the bearing from `from` to `to` in [0, 360). Throws muster::error when the points
/// coincide (within geometry_tolerance).
double bearing(vec2 from, vec2 to);

/// Returns the bearing of clock-face `hour` (1..12) when 12 o'clock points along `reference`
/// (degrees): hour 3 is reference + 90, hour 6 reference + 180. Throws muster::error for an
/// hour outside 1..12.
double clock_bearing(int hour, double reference = 0);

// ---- bases and formations -----------------------------------------------------------

/// The four edges of a base, named from the base's own point of view. Zones use the same
/// names: the zone facing an edge.
enum class edge { front, left, right, rear };

/// Returns "front", "left", "right" or "rear".
std::string_view edge_name(edge e);

/// A rectangular base: width (frontage) x depth, positioned by the centre of its front
/// edge and turned to `facing`. Width and depth are finite and > 0 (checked on creation).
class base {
 public:
  /// Creates a base whose front edge is centred on front_centre. Throws muster::error
  /// "base: width must be a finite number > 0, got -1" (likewise depth, facing, position).
  static base at_front(vec2 front_centre, double width, double depth, double facing);
  /// Creates a base whose centre (the middle of the rectangle) is at centre.
  static base at_centre(vec2 centre, double width, double depth, double facing);

  vec2 front_centre() const { return front_; }
  vec2 centre() const;
  double width() const { return width_; }
  double depth() const { return depth_; }
  /// The facing in [0, 360).
  double facing() const { return facing_; }
  /// The unit vector along the facing.
  vec2 forward() const;
  /// The unit vector to the base's right (facing + 90).
  vec2 right() const;
  /// Corners in order front-left, front-right, rear-right, rear-left (clockwise from above).
  std::array<vec2, 4> corners() const;
  /// The end points of edge e, in clockwise order (front: front-left to front-right).
  std::array<vec2, 2> edge_points(edge e) const;

 private:
  base(vec2 front, double width, double depth, double facing);
  vec2 front_;
  double width_;
  double depth_;
  double facing_;
  vec2 forward_;  ///< heading(facing_), computed once
};

/// A unit drawn up as `ranks` x `files` identical bases with no gaps, positioned by the
/// centre of the front edge of its front rank. Rank 0 is the front rank, file 0 the leftmost
/// file (the unit's own left).
class formation {
 public:
  /// Throws muster::error when ranks or files < 1, or on a bad base size/position/facing.
  static formation at_front(vec2 front_centre, double facing, int ranks, int files,
                            double base_width, double base_depth);

  int ranks() const { return ranks_; }
  int files() const { return files_; }
  double base_width() const { return base_width_; }
  double base_depth() const { return base_depth_; }
  /// The base at (rank, file); throws muster::error when out of range.
  base base_at(int rank, int file) const;
  /// Every base, rank by rank from the front, each rank left to right.
  std::vector<base> bases() const;
  /// The rectangle the whole unit covers: files*base_width x ranks*base_depth.
  base footprint() const;

 private:
  formation(base footprint, int ranks, int files, double base_width, double base_depth)
      : footprint_(footprint),
        ranks_(ranks),
        files_(files),
        base_width_(base_width),
        base_depth_(base_depth) {}
  base footprint_;
  int ranks_;
  int files_;
  double base_width_;
  double base_depth_;
};

// ---- polygons -----------------------------------------------------------------------

/// A simple polygon (terrain area, template) as its vertices in order, either winding.
/// Functions taking a polygon also accept 1 point (a point) or 2 (a segment) where stated.
using polygon = std::vector<vec2>;

/// Returns the base's rectangle as a polygon (its corners, clockwise).
polygon to_polygon(const base& b);

/// Returns the area enclosed (square inches, >= 0). Throws muster::error for fewer than 3
/// vertices.
double area(std::span<const vec2> poly);

/// Returns true when p lies inside poly or on its boundary (within geometry_tolerance).
/// Throws muster::error for fewer than 3 vertices.
bool contains(std::span<const vec2> poly, vec2 p);

/// Returns true when segment ab shares at least one point with poly (touching counts).
/// Throws muster::error for fewer than 3 vertices.
bool segment_intersects(vec2 a, vec2 b, std::span<const vec2> poly);

/// Returns the fraction t in [0, 1] of segment ab at which it first enters the interior of
/// poly, or nullopt when no stretch of positive length runs inside it: a segment that only
/// grazes a corner or slides along an edge does not cross. t is 0 when a lies inside, and 0
/// up to rounding when a is on the boundary and ab heads in; an ab no longer than
/// geometry_tolerance is the point a (0 when strictly inside, else nullopt). Throws for
/// fewer than 3 vertices.
std::optional<double> segment_crossing(vec2 a, vec2 b, std::span<const vec2> poly);

/// Returns the smallest distance between two shapes, each a polygon, a segment (2 points)
/// or a point (1 point); 0 when they touch, overlap or one contains the other (distances
/// within geometry_tolerance are reported as exactly 0). Throws muster::error for an empty
/// shape.
double distance(std::span<const vec2> a, std::span<const vec2> b);

/// Returns the edge-to-edge distance between two bases (0 when touching or overlapping).
double distance(const base& a, const base& b);

/// Returns the edge-to-edge distance between the footprints of two formations.
double distance(const formation& a, const formation& b);

// ---- contact, arcs, zones -----------------------------------------------------------

/// Whether two bases touch, and which edge of each is in contact.
struct contact {
  bool touching = false;
  edge edge_a = edge::front;  ///< meaningful only when touching
  edge edge_b = edge::front;  ///< meaningful only when touching
};

/// Returns whether a and b touch (edge-to-edge distance <= tolerance, overlap included) and,
/// if so, the touched edge of each: the edge with the longest stretch within tolerance of
/// the other base; for a contact at a single point (corner to corner), the edge facing the
/// zone that holds the other base's centre, if that edge is within tolerance. Throws
/// muster::error for a negative or non-finite tolerance.
contact check_contact(const base& a, const base& b, double tolerance = geometry_tolerance);

/// Where an arc is measured from.
enum class arc_origin {
  front_edge,  ///< the whole front edge: lines leave the front corners (charge, fire arcs)
  centre,      ///< the base's centre: a turret-style arc from one point
};

/// Returns true when p lies in the arc of base b whose lines make half_angle (0..180
/// degrees) with the facing. With arc_origin::front_edge and half_angle <= 90, p is in the
/// arc when it is on or in front of the front edge and between (or on) the lines drawn from
/// the front corners at half_angle outwards from the facing; the standard 90-degree front
/// arc is half_angle = 45. With half_angle > 90 the arc is everything except the wedge
/// behind that the lines enclose (180 = all around). Boundaries belong to the arc (within
/// geometry_tolerance). Throws muster::error for half_angle outside 0..180.
bool in_arc(const base& b, vec2 p, double half_angle = 45,
            arc_origin origin = arc_origin::front_edge);

/// How much of a target base an arc holds.
struct arc_overlap {
  bool any = false;    ///< some point of the target (its boundary included) is in the arc
  bool whole = false;  ///< every point of the target is in the arc
};

/// Returns how much of target lies in the arc of b (see in_arc(base, vec2, ...)).
arc_overlap in_arc(const base& b, const base& target, double half_angle = 45,
                   arc_origin origin = arc_origin::front_edge);

/// Returns the zone of b that holds p. The zones are cut by the two diagonals through the
/// corners: front (between the front corners' diagonals, on them included), rear (strictly
/// between the rear corners' diagonals), left and right (the rest; the rear diagonals
/// belong to them). The centre itself is in the front zone.
edge zone(const base& b, vec2 p);

// ---- line of sight ------------------------------------------------------------------

/// Something that may block a line of sight: an id chosen by the caller and its outline.
struct blocker {
  std::string id;
  polygon shape;  ///< at least 3 vertices
};

/// Returns a blocker with the outline of base b.
blocker make_blocker(std::string id, const base& b);

/// One blocker a line crosses.
struct los_hit {
  std::size_t index = 0;  ///< position in the blocker list given
  std::string id;
  double entry = 0;       ///< distance (inches) from the line's start to where it enters
};

/// The outcome of a line-of-sight check.
struct los_result {
  bool blocked = false;
  std::vector<los_hit> hits;  ///< blockers crossed, by entry distance, then list order
  vec2 from;                  ///< the line checked (for base-to-base checks: the one chosen)
  vec2 to;
};

/// Checks the segment a-b against blockers: a blocker is crossed when a stretch of positive
/// length of the segment runs through its interior (grazing a corner or an edge is not).
/// Throws muster::error for a blocker with fewer than 3 vertices.
los_result check_los(vec2 a, vec2 b, std::span<const blocker> blockers);

/// How base-to-base lines of sight are drawn.
enum class los_mode {
  centre,   ///< one line, centre to centre
  corners,  ///< clear if any line from a corner of a to a corner of b is clear
};

/// Checks every line from a point of `from` to a point of `to` (from's points varying
/// slowest) and returns the first clear one or, when all are blocked, the first line
/// crossing the fewest blockers. Throws muster::error when either list is empty or for a
/// blocker with fewer than 3 vertices.
los_result check_los_any(std::span<const vec2> from, std::span<const vec2> to,
                         std::span<const blocker> blockers);

/// Checks line of sight between two bases. In corners mode the result is the first clear
/// line (corners in base::corners() order, a's corner varying slowest) or, when all are
/// blocked, the line crossing the fewest blockers (first such in that order).
los_result check_los(const base& a, const base& b, std::span<const blocker> blockers,
                     los_mode mode = los_mode::centre);

// ---- templates ----------------------------------------------------------------------

/// A circular template.
struct circle {
  vec2 centre;
  double radius = 0;  ///< finite, > 0
};

/// Returns the exact area (square inches) of the intersection of c with a convex polygon.
/// Throws muster::error for a bad radius or fewer than 3 vertices.
double intersection_area(const circle& c, std::span<const vec2> convex_poly);

/// How much of one base a template covers.
struct coverage {
  std::size_t index = 0;  ///< position in the base list given
  double fraction = 0;    ///< covered area / base area, in [0, 1]
};

/// Returns every base the template touches (distance <= geometry_tolerance, so a base
/// merely touched has fraction 0), in list order, with the exact fraction of its area the
/// circle covers. Rulesets compare fraction > 0, >= 0.5 or >= 1 - tolerance themselves.
std::vector<coverage> covered(const circle& c, std::span<const base> bases);

/// As covered(circle, ...) for a rectangular template (a base-shaped area).
std::vector<coverage> covered(const base& rect, std::span<const base> bases);

// ---- movement -----------------------------------------------------------------------

/// Returns p moved `dist` inches along `bearing_degrees` (scatter, drift). Throws
/// muster::error for a negative or non-finite distance.
vec2 scatter(vec2 p, double bearing_degrees, double dist);

/// A point moved towards a goal.
struct move_result {
  vec2 at;
  bool reached = false;  ///< the goal was reached (the move stops there, never overshoots)
};

/// Moves p up to `dist` inches straight towards target. Throws muster::error for a negative
/// or non-finite distance.
move_result move_toward(vec2 p, vec2 target, double dist);

/// Moves p up to `dist` inches straight towards the nearest point of the infinite line
/// through a and b (a table edge). Throws muster::error when a and b coincide or for a bad
/// distance.
move_result move_toward_line(vec2 p, vec2 a, vec2 b, double dist);

/// The nearest of a set of shapes.
struct nearest_result {
  std::size_t index = 0;
  double distance = 0;
};

/// Returns the candidate nearest to `from` (edge to edge; ties go to the earlier one), or
/// nullopt when there are none. Shapes are as for distance(span, span).
std::optional<nearest_result> nearest(std::span<const vec2> from,
                                      std::span<const polygon> candidates);

/// Returns the base nearest to `from`, edge to edge (ties to the earlier), or nullopt.
std::optional<nearest_result> nearest(const base& from, std::span<const base> candidates);

/// Returns the formation whose footprint is nearest to the base, or nullopt.
std::optional<nearest_result> nearest(const base& from, std::span<const formation> candidates);

}  // namespace muster
