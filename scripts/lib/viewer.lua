--- The replay viewer: a battle's pictures, one a phase, as one self-contained HTML page (no
--- server, no network: its CSS, script and frames are inside it) that steps through them with
--- buttons, a slider, the arrow keys, play/pause and the URL's fragment (#N, 1-based). Knows no
--- rules: the host's battle hands it the frames (turn, phase, state hash, SVG, the lines said)
--- and this file writes the page. The same frames give the same bytes (JSON keys sorted).
local svg = require("svg")

local M = {}

local esc = svg.escape

-- The page's look. Plain CSS, no web fonts: the SVG names its own font family.
local style = [[
body { font-family: "DejaVu Sans", sans-serif; margin: 1em 2em; color: #222; background: #fafaf5; }
h1 { font-size: 1.4em; margin: 0 0 0.3em; }
h2 { font-size: 1.1em; margin: 0 0 0.4em; }
.opening { margin: 0 0 0.5em; padding: 0; list-style: none; color: #555; }
.outcome { font-weight: bold; margin: 0 0 1em; }
.controls { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4em; margin: 0 0 0.8em; }
.controls button { min-width: 2.6em; padding: 0.3em 0.6em; font-size: 1em; }
.controls input[type=range] { flex: 1 1 12em; }
#counter { font-variant-numeric: tabular-nums; min-width: 16em; }
.frame { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }
#picture { margin: 0; flex: 0 1 auto; max-width: 100%; }
#picture svg { max-width: 100%; height: auto; border: 1px solid #bbb; background: #fff; }
.said { flex: 1 1 20em; }
#lines { margin: 0; padding-left: 1.2em; line-height: 1.4; }
]]

-- The stepping. It reads the frames from the JSON block, shows one, and keeps the fragment,
-- the slider, the counter and the buttons in step with it.
local script = [[
(function () {
  "use strict";
  var frames = JSON.parse(document.getElementById("frames").textContent);
  var n = frames.length;
  var el = function (id) { return document.getElementById(id); };
  var picture = el("picture"), counter = el("counter"), slider = el("slider"), lines = el("lines");
  var play = el("play"), link = el("link");
  var shown = 0;     // the frame shown, 1-based
  var timer = null;  // the player's interval while it plays

  // The frame a fragment names: "#N" (show keeps it within 1..N); anything else, the first.
  function frame_of(fragment) {
    var m = /^#(\d+)$/.exec(fragment);
    return m ? parseInt(m[1], 10) : 1;
  }

  function show(k) {
    k = Math.min(Math.max(k, 1), n);
    if (k !== shown) {
      shown = k;
      var f = frames[k - 1];
      picture.innerHTML = f.svg;
      picture.setAttribute("data-frame", String(k));
      picture.setAttribute("data-turn", String(f.turn));
      picture.setAttribute("data-phase", f.phase);
      picture.setAttribute("data-hash", f.hash);
      counter.textContent = "turn " + f.turn + ", " + f.phase + " (" + k + " / " + n + ")";
      slider.value = String(k);
      lines.textContent = "";
      f.lines.forEach(function (line) {
        var li = document.createElement("li");
        li.textContent = line;
        lines.appendChild(li);
      });
      el("first").disabled = el("previous").disabled = k === 1;
      el("next").disabled = el("last").disabled = k === n;
      link.setAttribute("href", "#" + k);
    }
    // The fragment names the frame shown, without a history entry a step.
    if (location.hash !== "#" + k) location.replace("#" + k);
  }

  function pause() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    play.textContent = "Play";
  }

  function start() {
    if (shown === n) show(1);
    play.textContent = "Pause";
    timer = setInterval(function () {
      show(shown + 1);
      if (shown === n) pause();
    }, 1000);
  }

  // A step the reader takes stops the player.
  function step(k) {
    pause();
    show(k);
  }

  el("first").addEventListener("click", function () { step(1); });
  el("previous").addEventListener("click", function () { step(shown - 1); });
  el("next").addEventListener("click", function () { step(shown + 1); });
  el("last").addEventListener("click", function () { step(n); });
  play.addEventListener("click", function () { if (timer === null) start(); else pause(); });
  slider.addEventListener("input", function () { step(parseInt(slider.value, 10)); });
  window.addEventListener("hashchange", function () { show(frame_of(location.hash)); });
  document.addEventListener("keydown", function (e) {
    // The slider steps itself on the arrow keys; a modifier means the browser's own keys.
    if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var to;
    switch (e.key) {
      case "ArrowLeft": to = shown - 1; break;
      case "ArrowRight": to = shown + 1; break;
      case "Home": to = 1; break;
      case "End": to = n; break;
      default: return;
    }
    e.preventDefault();
    step(to);
  });

  el("controls").hidden = false;  // hidden from a reader without scripts: they would do nothing
  show(frame_of(location.hash));
})();
]]

-- JSON text made safe inside a <script> element: every "<" as \u003c (so neither "</script>"
-- nor "<!--" in a name can end or bend the element; "<" stands only inside JSON strings), and
-- U+2028, U+2029 as escapes (line breaks to older JavaScript).
local function script_safe(json)
  return (json:gsub("<", "\\u003c"):gsub("\226\128\168", "\\u2028"):gsub("\226\128\169", "\\u2029"))
end

--- The page of a battle (text ending in a newline).
--- battle = {title, opening = {line...} (said before the first frame), outcome ("" when not
--- over), frames = { {turn, phase, hash, svg, lines = {line...}} }}: each frame a picture of
--- the table with the lines said since the one before.
---@param lib table the REPL library (its to_json)
---@param battle table
---@return string
function M.page(lib, battle)
  local frames = {}
  for i, f in ipairs(battle.frames) do
    frames[i] = { turn = f.turn, phase = f.phase, hash = f.hash, svg = f.svg, lines = f.lines }
  end
  local out = {}
  local function add(line) out[#out + 1] = line end
  add("<!DOCTYPE html>")
  add('<html lang="en">')
  add("<head>")
  add('<meta charset="utf-8">')
  add('<meta name="viewport" content="width=device-width, initial-scale=1">')
  add("<title>" .. esc(battle.title) .. "</title>")
  add("<style>")
  add(style .. "</style>")
  add("</head>")
  add("<body>")
  add("<header>")
  add("<h1>" .. esc(battle.title) .. "</h1>")
  add('<ul class="opening">')
  for _, line in ipairs(battle.opening) do add("<li>" .. esc(line) .. "</li>") end
  add("</ul>")
  add('<p class="outcome" id="outcome">' .. esc(battle.outcome ~= "" and battle.outcome or "the battle goes on") .. "</p>")
  add("</header>")
  add("<main>")
  add('<div class="controls" id="controls" role="group" aria-label="Step through the battle" hidden>')
  add('<button type="button" id="first" title="First frame (Home)">First</button>')
  add('<button type="button" id="previous" title="Previous frame (Left arrow)">Previous</button>')
  add('<button type="button" id="play" title="Play or pause: a frame a second">Play</button>')
  add('<button type="button" id="next" title="Next frame (Right arrow)">Next</button>')
  add('<button type="button" id="last" title="Last frame (End)">Last</button>')
  add(string.format('<input type="range" id="slider" min="1" max="%d" value="1" aria-label="Frame">', #frames))
  add('<output id="counter" aria-live="polite"></output>')
  add('<a id="link" href="#1">link to this frame</a>')
  add("</div>")
  add('<noscript><p>The frames are stepped through by the page\'s script: allow JavaScript for this file.</p></noscript>')
  add('<div class="frame">')
  add('<figure id="picture" aria-label="The table"></figure>')
  add('<section class="said" aria-labelledby="said-heading">')
  add('<h2 id="said-heading">What happened</h2>')
  add('<ul id="lines"></ul>')
  add("</section>")
  add("</div>")
  add("</main>")
  add('<script type="application/json" id="frames">' .. script_safe(lib.to_json(frames)) .. "</script>")
  add("<script>")
  add(script .. "</script>")
  add("</body>")
  add("</html>")
  return table.concat(out, "\n") .. "\n"
end

return M
