--- Pictures of the table as SVG text: the table seen from above, the first side's base edge at
--- the bottom. Knows no rules: a ruleset builds a picture (what stands where, which marks it
--- carries, which lines and circles to show) and this file draws it. The same picture gives
--- the same bytes: numbers are written with two decimals, elements in the picture's order.
---
--- picture = {
---   width, depth,                  -- the table, inches
---   title?,                        -- the picture's title (drawn at the top, and <title>)
---   features = { {kind, name?, polygon = { {x, y}, ... }, line? = { {x, y}, ... }} },  -- line: a
---                                  linear feature's centre line, drawn over its outline
---   pieces = { {id, side, name, bases = { {x, y, width, depth, facing} }, marks? = {"routed", ...},
---               label?} },
---   lines = { {from = {x, y}, to = {x, y}, kind?, label?} },      -- e.g. a line of sight
---   circles = { {x, y, radius, kind?, label?} },                 -- e.g. a range
--- }
local M = {}

--- Pixels per inch of the drawing.
M.scale = 12

--- Fill colours of terrain kinds; others are drawn in `other`.
M.terrain_colours = {
  wood = "#2e6b30", hill = "#b59b6a", building = "#8a8a8a", river = "#4a86c5", ford = "#7fb0de",
  bridge = "#8b6b43", swamp = "#5f7f5a", marsh = "#7a9a74", broken_ground = "#9c8c6c", wall = "#6f6f6f",
  hedge = "#4f8a3c", road = "#c8b68a", field = "#d9cf7a", fortification = "#5a5a5a", other = "#a89f8a",
  fence = "#9a6a3a", low_hedge = "#6fa84f", tall_hedge = "#2f6b24", embankment_hedge = "#5b6b2a", ditch = "#6b5a3a",
  dirt_road = "#c8b68a", cobbled_road = "#a39b8b", palisade = "#7a4e26", chevaux_de_frise = "#4a3a2a", pit = "#2b2118",
}

--- How the centre line of a linear feature is drawn, by kind: a dash pattern ("" solid) and a
--- colour; others in `other`. A wall reads as a solid dark line, a hedge as a row of bushes,
--- a road as its dashed middle, a ditch as a dark gutter, siege works as spikes.
M.line_styles = {
  wall = { dash = "", colour = "#3a3a3a" }, fence = { dash = "6 3", colour = "#5a3a1a" },
  low_hedge = { dash = "2 2", colour = "#2f5a1f" }, tall_hedge = { dash = "3 1", colour = "#163a10" },
  embankment_hedge = { dash = "3 1", colour = "#3a4a10" }, ditch = { dash = "", colour = "#2a2014" },
  dirt_road = { dash = "8 6", colour = "#8a7a52" }, cobbled_road = { dash = "2 3", colour = "#5a5248" },
  palisade = { dash = "1 2", colour = "#3a2210" }, chevaux_de_frise = { dash = "1 3", colour = "#1a0a00" },
  other = { dash = "4 4", colour = "#333333" },
}

--- Side colours, in the order the sides first appear among the pieces.
M.side_colours = { "#b3261e", "#1f4e9e", "#2e7d32", "#7b1fa2" }

local function num(v)
  local s = string.format("%.2f", v)
  s = s:gsub("0+$", ""):gsub("%.$", "")
  if s == "-0" then s = "0" end
  return s
end
M.num = num

--- Text escaped for XML character data and attribute values.
---@param s string
---@return string
function M.escape(s)
  return (tostring(s):gsub("[&<>\"']", { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;", ['"'] = "&quot;", ["'"] = "&#39;" })
    :gsub("[%z\1-\8\11\12\14-\31]", "?"))
end
local esc = M.escape

-- The corners of a base (x, y the centre of its front edge), clockwise from the front left:
-- the kernel's geometry, so the picture and the measurements agree.
local function corners(b)
  return muster.geometry.get_corners(b)
end

local function points_attr(pts, depth)
  local out = {}
  for i, p in ipairs(pts) do
    local x, y = p.x or p[1], p.y or p[2]
    out[i] = num(x * M.scale) .. "," .. num((depth - y) * M.scale)
  end
  return table.concat(out, " ")
end

--- The picture as an SVG document (text ending in a newline).
---@param pic table
---@return string
-- Overlay lines by kind: a blocked line of sight red; a phase's threats and shots (the
-- battle's pictures) blue and brown; anything else black.
local line_colours = { blocked = "#c00", threat = "#06c", shoot = "#a50" }

function M.render(pic)
  local s, d = M.scale, pic.depth
  local out = {}
  local function add(line) out[#out + 1] = line end
  local top = pic.title and 24 or 0
  add(string.format('<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 %s %s %s" font-family="DejaVu Sans, sans-serif">',
    num(pic.width * s), num(d * s + top), num(-top), num(pic.width * s), num(d * s + top)))
  if pic.title then
    add("<title>" .. esc(pic.title) .. "</title>")
    add(string.format('<text x="4" y="-8" font-size="14">%s</text>', esc(pic.title)))
  end
  add(string.format('<rect class="table" x="0" y="0" width="%s" height="%s" fill="#e9e4cf" stroke="#555" />',
    num(pic.width * s), num(d * s)))
  for _, f in ipairs(pic.features or {}) do
    local colour = M.terrain_colours[f.kind] or M.terrain_colours.other
    add(string.format('<polygon class="feature %s" data-kind="%s" points="%s" fill="%s" fill-opacity="0.85" stroke="#333" stroke-width="1"><title>%s</title></polygon>',
      esc(f.kind), esc(f.kind), points_attr(f.polygon, d), colour, esc(f.name or f.kind)))
    if f.line then
      local style = M.line_styles[f.kind] or M.line_styles.other
      add(string.format('<polyline class="feature-line %s" data-kind="%s" points="%s" fill="none" stroke="%s" stroke-width="2"%s><title>%s</title></polyline>',
        esc(f.kind), esc(f.kind), points_attr(f.line, d), style.colour,
        style.dash ~= "" and string.format(' stroke-dasharray="%s"', style.dash) or "", esc(f.name or f.kind)))
    end
  end
  local colours, next_colour = {}, 1
  for _, p in ipairs(pic.pieces or {}) do
    if colours[p.side] == nil then
      colours[p.side] = M.side_colours[(next_colour - 1) % #M.side_colours + 1]
      next_colour = next_colour + 1
    end
  end
  for _, p in ipairs(pic.pieces or {}) do
    local colour = colours[p.side]
    local marks = p.marks or {}
    add(string.format('<g class="piece" data-id="%s" data-side="%s" data-marks="%s"><title>%s</title>', esc(p.id), esc(p.side),
      esc(table.concat(marks, " ")), esc(p.label or p.name)))
    local dim = false
    for _, m in ipairs(marks) do dim = dim or m == "routed" end
    for _, b in ipairs(p.bases) do
      local c = corners(b)
      add(string.format('<polygon class="base" points="%s" fill="%s" fill-opacity="%s" stroke="#111" stroke-width="0.5" />',
        points_attr(c, d), colour, dim and "0.35" or "0.9"))
      add(string.format('<line class="front" x1="%s" y1="%s" x2="%s" y2="%s" stroke="#fff" stroke-width="1.5" />',
        num(c[1].x * s), num((d - c[1].y) * s), num(c[2].x * s), num((d - c[2].y) * s)))
    end
    local first = p.bases[1]
    if first then
      local note = #marks > 0 and (" [" .. table.concat(marks, ", ") .. "]") or ""
      add(string.format('<text class="label" x="%s" y="%s" font-size="10" text-anchor="middle">%s</text>',
        num(first.x * s), num((d - first.y) * s - 3), esc(p.name .. note)))
    end
    add("</g>")
  end
  for _, c in ipairs(pic.circles or {}) do
    add(string.format('<circle class="overlay %s" cx="%s" cy="%s" r="%s" fill="none" stroke="#000" stroke-dasharray="4 3"><title>%s</title></circle>',
      esc(c.kind or "range"), num(c.x * s), num((d - c.y) * s), num(c.radius * s), esc(c.label or "")))
  end
  for _, l in ipairs(pic.lines or {}) do
    add(string.format('<line class="overlay %s" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="1.5"><title>%s</title></line>',
      esc(l.kind or "line"), num(l.from.x * s), num((d - l.from.y) * s), num(l.to.x * s), num((d - l.to.y) * s),
      line_colours[l.kind] or "#000", esc(l.label or "")))
  end
  add("</svg>")
  return table.concat(out, "\n") .. "\n"
end

return M
