---@meta
--- muster.geometry: plane geometry of the tabletop. Lengths in inches, angles in degrees:
--- x runs right along the table, y "up the table" (away from the player at y = 0); a facing
--- or bearing of 0 points along +y and angles grow clockwise (90 = +x), results in [0, 360).
--- A base is placed by the centre of its FRONT edge unless anchor = "centre". Values are
--- plain tables; errors name the field ("field 'a.width': number expected, got string").
--- Pure functions, no state, no rules of any game. See docs/geometry.md.

---@class muster.geometry
---@field tolerance number boundary tolerance, 1e-9 (inches)
muster.geometry = {}

---@class muster.point
---@field x number
---@field y number

---@class muster.base
---@field x number centre of the front edge (or of the base, with anchor = "centre")
---@field y number
---@field width number frontage, > 0
---@field depth number > 0
---@field facing? number degrees, default 0
---@field anchor? "front"|"centre" what x, y locate, default "front"
---@field id? string|number copied into results that list bases (get_covered), names blockers

---@class muster.formation
---@field x number centre of the front edge of the front rank
---@field y number
---@field facing? number degrees, default 0
---@field ranks integer 1..100000, rank 1 in front
---@field files integer 1..100000, file 1 on the unit's own left
---@field base_width number > 0
---@field base_depth number > 0

---@alias muster.polygon muster.point[] at least 3 points, either winding; may carry an id field
---@alias muster.shape muster.point|muster.base|muster.formation|muster.polygon
---@alias muster.rect muster.base|muster.formation a formation stands for its footprint
---@alias muster.edge "front"|"left"|"right"|"rear"

--- Returns the smallest distance between two shapes, edge to edge; 0 when they touch,
--- overlap or one holds the other. A table is read as a polygon if it has [1], a formation
--- if it has ranks or files, a base if it has width or depth, else a point.
---@param a muster.shape
---@param b muster.shape
---@return number inches
function muster.geometry.measure(a, b) end

--- Returns whether two bases touch (distance <= tolerance, overlap included) and the edge of
--- each in contact: the edge with the longest stretch in contact; for a contact at a point,
--- the edge facing the zone that holds the other base's centre.
---@param a muster.rect
---@param b muster.rect
---@param tolerance? number default 1e-9
---@return boolean touching
---@return muster.edge|nil edge_a
---@return muster.edge|nil edge_b
function muster.geometry.check_contact(a, b, tolerance) end

--- Tests a target against the arc of a base. With from = "front" the arc's lines leave the
--- front corners at half_angle from the facing: the standard front arc (half_angle 45) holds
--- points on or in front of the front edge and between the 45-degree lines from its corners.
--- half_angle > 90 leaves out only the wedge behind (180: all around). from = "centre"
--- measures from the base's centre. Boundaries belong to the arc.
---@param base muster.rect
---@param target muster.point|muster.rect
---@param half_angle? number 0..180, default 45
---@param from? "front"|"centre" default "front"
---@return boolean any some of the target is in the arc
---@return boolean whole all of the target is in the arc
function muster.geometry.check_arc(base, target, half_angle, from) end

--- Returns the zone of the base holding the point, cut by the diagonals through its
--- corners. The front diagonals belong to the front zone, the rear ones to the flanks.
---@param base muster.rect
---@param point muster.point
---@return muster.edge
function muster.geometry.get_zone(base, point) end

--- Returns true when the point is inside the polygon or on its boundary.
---@param polygon muster.polygon
---@param point muster.point
---@return boolean
function muster.geometry.check_inside(polygon, point) end

--- Returns the area a polygon encloses.
---@param polygon muster.polygon
---@return number square inches
function muster.geometry.get_area(polygon) end

--- Tests the segment a-b against a polygon.
---@param a muster.point
---@param b muster.point
---@param polygon muster.polygon
---@return boolean touches shares at least one point with it
---@return boolean crosses runs through its interior (not merely along an edge or via a corner)
function muster.geometry.check_segment(a, b, polygon) end

--- Returns how far along the segment a-b it first enters the polygon's interior: the
--- distance in inches from a, 0 when a lies inside (or on the boundary and the segment heads
--- in), nil when no stretch of positive length runs inside. Touching is not entering: a
--- segment that only grazes a vertex, runs along an edge or ends on the boundary gives nil.
--- A concave polygon's notch is outside: the first entry counts.
---@param a muster.point
---@param b muster.point
---@param polygon muster.polygon
---@return number|nil inches from a to the entry, or nil
function muster.geometry.get_crossing(a, b, polygon) end

---@class muster.geometry.line
---@field from muster.point
---@field to muster.point

--- Checks line of sight from a to b against the blockers the caller chose (each with an id).
--- A blocker blocks when the line runs through its interior; grazing a corner or an edge
--- does not. Bases and formations are seen from their centres, or with mode "corners" from
--- any corner to any corner (clear if one such line is clear).
---@param a muster.point|muster.rect
---@param b muster.point|muster.rect
---@param blockers (muster.base|muster.formation|muster.polygon)[] each with id = string|number
---@param mode? "centre"|"corners" default "centre"
---@return boolean blocked
---@return (string|number)[] ids of the blockers crossed, in order along the line
---@return muster.geometry.line line the line checked (in corners mode: the clear one, or the one crossing fewest)
function muster.geometry.check_los(a, b, blockers, mode) end

---@class muster.geometry.template_circle
---@field x number centre
---@field y number
---@field radius number > 0

---@class muster.geometry.coverage
---@field index integer position in the bases list
---@field fraction number covered area / base area, 0..1 (exact, not sampled)
---@field id? any the base's id, when it has one

--- Lists the bases a template touches, in list order, with the fraction of each covered.
--- A base merely touched has fraction 0; rulesets test > 0, >= 0.5 or >= 1 themselves.
---@param template muster.geometry.template_circle|muster.rect a circle, or a rectangular area
---@param bases muster.rect[]
---@return muster.geometry.coverage[]
function muster.geometry.get_covered(template, bases) end

--- Returns the bearing from one point to another (0 = +y, clockwise), in [0, 360).
---@param from muster.point
---@param to muster.point
---@return number degrees
function muster.geometry.get_bearing(from, to) end

--- Returns the bearing of a clock-face hour when 12 o'clock points along reference:
--- hour 3 is reference + 90, hour 6 reference + 180.
---@param hour integer 1..12
---@param reference? number degrees, default 0
---@return number degrees
function muster.geometry.get_clock(hour, reference) end

--- Returns the point moved `distance` inches along a bearing (scatter, drift).
---@param point muster.point
---@param bearing number degrees
---@param distance number >= 0
---@return muster.point
function muster.geometry.get_scatter(point, bearing, distance) end

--- Moves a point up to `distance` straight towards a target; never overshoots.
---@param point muster.point
---@param target muster.point
---@param distance number >= 0
---@return muster.point
---@return boolean reached
function muster.geometry.get_toward(point, target, distance) end

--- Moves a point up to `distance` straight towards the nearest point of the line through
--- a and b (a table edge); never overshoots.
---@param point muster.point
---@param a muster.point
---@param b muster.point
---@param distance number >= 0
---@return muster.point
---@return boolean reached
function muster.geometry.get_toward_line(point, a, b, distance) end

--- Returns the candidate nearest to `from`, edge to edge (ties go to the earlier), or nil
--- when the list is empty.
---@param from muster.shape
---@param candidates muster.shape[]
---@return integer|nil index
---@return number|nil distance
function muster.geometry.get_nearest(from, candidates) end

---@class muster.geometry.formation_base: muster.base
---@field rank integer 1 = front rank
---@field file integer 1 = the unit's left file

--- Returns every base of a formation (no gaps), rank by rank from the front, each rank from
--- the unit's left; each positioned by its front edge.
---@param formation muster.formation
---@return muster.geometry.formation_base[]
function muster.geometry.get_bases(formation) end

--- Returns the rectangle the whole formation covers (files*base_width x ranks*base_depth).
---@param formation muster.formation
---@return muster.base
function muster.geometry.get_footprint(formation) end

--- Returns the centre of a base (or a formation's footprint).
---@param base muster.rect
---@return muster.point
function muster.geometry.get_centre(base) end

--- Returns the corners: front-left, front-right, rear-right, rear-left.
---@param base muster.rect
---@return muster.point[]
function muster.geometry.get_corners(base) end
