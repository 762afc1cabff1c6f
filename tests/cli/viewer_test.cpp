// The replay viewer (`muster battle --html`, `muster replay --html`): one self-contained page
// holding every phase's frame, the same bytes for the same battle, names escaped; then the page
// in a real headless Chromium (cli_viewer_browser): the DOM its script builds for a frame named
// by the URL's fragment, a bad fragment, stepping with the buttons, the keys and the player,
// and a screenshot. Without the browser those tests are skipped, except under CI=true.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "run_muster.hpp"

using namespace muster_cli;
using json = nlohmann::json;

namespace {

// A fresh folder of its own, removed with everything in it at the end of the test.
struct temp_dir {
  fs::path path;
  explicit temp_dir(const std::string& name)
      : path(fs::temp_directory_path() / ("muster-viewer-" + name + "-" + std::to_string(::getpid()))) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~temp_dir() { fs::remove_all(path); }
  std::string operator/(const std::string& file) const { return (path / file).string(); }
};

// The phase a state_hash event of the log stands at, and the hash.
struct logged_phase {
  int turn = 0;
  std::string phase;
  std::string hash;
};

// "turn 1, movement", as the replay's verdict names a phase.
std::string fmt_where(const logged_phase& p) { return "turn " + std::to_string(p.turn) + ", " + p.phase; }

// The state_hash events of a JSON Lines log, in order: one a phase.
std::vector<logged_phase> state_hashes(const std::string& jsonl) {
  std::vector<logged_phase> out;
  std::istringstream in(jsonl);
  std::string line;
  while (std::getline(in, line)) {
    const json e = json::parse(line);
    if (e["kind"] == "state_hash")
      out.push_back({e["turn"].get<int>(), e["phase"].get<std::string>(), e["fields"]["hash"].get<std::string>()});
  }
  return out;
}

// The lines of `text` that begin with `prefix`.
std::vector<std::string> lines_starting(const std::string& text, const std::string& prefix) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(prefix, 0) == 0) out.push_back(line);
  return out;
}

// Text as the browser writes it back in a text node: &, < and > escaped.
std::string as_dom_text(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else out += c;
  }
  return out;
}

// The text between `open` and the next `close` after it, or "" when `open` is not there.
std::string between(const std::string& text, const std::string& open, const std::string& close) {
  const auto at = text.find(open);
  if (at == std::string::npos) return "";
  const auto start = at + open.size();
  return text.substr(start, text.find(close, start) - start);
}

const std::string frames_open = "<script type=\"application/json\" id=\"frames\">";

// The frames the page holds, as JSON.
json frames_of(const std::string& page) { return json::parse(between(page, frames_open, "</script>")); }

const std::string greystones = "battle --scenario examples/scenarios/greystones.lua --turns 2 --seed 3";

// Names that would break a page written carelessly (fixtures/odd_names.lua, its title, and
// odd_names_orcs.lua, a unit): quotes, tags, "</script>", "<!--", U+2028.
const std::string odd_names = "battle --scenario tests/cli/fixtures/odd_names.lua --turns 1 --quiet";
const std::string odd_title = "\"Q\" <b>&amp; </script><!--<script>\xE2\x80\xA8 Field";
const std::string odd_unit = "Black </script><!--<script> Blades\xE2\x80\xA8";

}  // namespace

TEST(cli_viewer, one_page_the_same_for_the_battle_and_its_replay) {
  const temp_dir dir("page");
  outcome o = muster(greystones + " --html " + dir / "b.html" + " --jsonl --log " + dir / "b.jsonl");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("\nwrote the replay viewer to " + dir / "b.html" + "\n"), std::string::npos) << o.out;
  const std::string page = slurp(dir / "b.html");
  const std::vector<logged_phase> phases = state_hashes(slurp(dir / "b.jsonl"));
  const std::vector<std::string> said = lines_starting(o.out, "turn ");
  ASSERT_EQ(phases.size(), 16u);
  ASSERT_EQ(said.size(), 16u) << o.out;
  EXPECT_EQ(page.rfind("<!DOCTYPE html>\n", 0), 0u);
  EXPECT_NE(page.find("<title>The Field at Greystones: The Red Eye Tribe against The Hold of Karak Dum</title>"),
            std::string::npos);
  EXPECT_NE(page.find("<p class=\"outcome\" id=\"outcome\">after 2 turns: orcs "), std::string::npos);
  // Self-contained: nothing fetched; the only address is the SVG's namespace.
  for (const char* outside : {"src=", "<link", "url(", "@import"}) EXPECT_EQ(page.find(outside), std::string::npos) << outside;
  EXPECT_EQ(occurrences(page, "http"), occurrences(page, R"(xmlns=\"http://www.w3.org/2000/svg\")"));  // in the JSON
  EXPECT_EQ(occurrences(page, "http"), 16u);
  // Every phase's frame: the log's turn, phase and state hash, the line printed for it, its picture.
  const std::string block = between(page, frames_open, "</script>");
  EXPECT_EQ(block.find('<'), std::string::npos);  // escaped, so no tag can end the block
  const json frames = frames_of(page);
  ASSERT_EQ(frames.size(), 16u);
  for (std::size_t i = 0; i < frames.size(); ++i) {
    const json& f = frames[i];
    EXPECT_EQ(f["turn"], phases[i].turn) << i;
    EXPECT_EQ(f["phase"], phases[i].phase) << i;
    EXPECT_EQ(f["hash"], phases[i].hash) << i;
    EXPECT_EQ(f["lines"], json::array({said[i]})) << i;
    const std::string svg = f["svg"].get<std::string>();
    EXPECT_EQ(svg.rfind("<svg ", 0), 0u) << i;
    EXPECT_NE(svg.find("<title>The Field at Greystones: turn " + std::to_string(phases[i].turn) + ", " + phases[i].phase +
                       "</title>"), std::string::npos) << i;
  }
  // The same seed, the same bytes, whichever pictures go to files besides (a turn's end
  // only); the viewer changes nothing in the battle (its log); the replay of the log writes
  // the same page.
  ASSERT_EQ(muster(greystones + " --quiet --html " + dir / "again.html" + " --svg-every turn --svg-dir " + dir / "svg").status, 0);
  EXPECT_EQ(slurp(dir / "again.html"), page);
  EXPECT_EQ(slurp(dir / "svg/turn-02-8-end_of_turn.svg"), frames[15]["svg"].get<std::string>());
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path / "svg"), fs::directory_iterator()), 2);
  ASSERT_EQ(muster(greystones + " --quiet --jsonl --log " + dir / "plain.jsonl").status, 0);
  EXPECT_EQ(slurp(dir / "plain.jsonl"), slurp(dir / "b.jsonl"));
  o = muster("replay " + dir / "b.jsonl" + " --quiet --html " + dir / "r.html");
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_EQ(slurp(dir / "r.html"), page);
  // A replay that differs (the third phase's hash changed in the log) writes no page.
  {
    std::istringstream in(slurp(dir / "b.jsonl"));
    std::ofstream tampered(dir / "t.jsonl");
    std::string line;
    for (int n = 0; std::getline(in, line);) {
      if (line.find("\"kind\":\"state_hash\"") != std::string::npos && ++n == 3)
        line.replace(line.find(phases[2].hash), phases[2].hash.size(), std::string(phases[2].hash.size(), '0'));
      tampered << line << "\n";
    }
  }
  o = muster("replay " + dir / "t.jsonl" + " --quiet --html " + dir / "t.html");
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.out.find(fmt_where(phases[2]) + ": the state hash is " + phases[2].hash), std::string::npos) << o.out;
  EXPECT_FALSE(fs::exists(dir / "t.html"));
  // A page that cannot be written is an error, as every output file's.
  o = muster(greystones + " --quiet --html /nonexistent/b.html");
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err, "muster: cannot write '/nonexistent/b.html'\n");
  o = muster("replay " + dir / "b.jsonl" + " --quiet --html /nonexistent/r.html");
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err, "muster: cannot write '/nonexistent/r.html'\n");
}

TEST(cli_viewer, names_are_escaped_in_the_page) {
  const temp_dir dir("names");
  const outcome o = muster(odd_names + " --html " + dir / "b.html");
  ASSERT_EQ(o.status, 0) << o.err;
  const std::string page = slurp(dir / "b.html");
  const std::string title = "&quot;Q&quot; &lt;b&gt;&amp;amp; &lt;/script&gt;&lt;!--&lt;script&gt;\xE2\x80\xA8 Field";
  EXPECT_NE(page.find("<title>" + title + ": The Red Eye Tribe against The Hold of Karak Dum</title>"), std::string::npos);
  EXPECT_NE(page.find("<h1>" + title + ": "), std::string::npos);
  // Only the page's own two scripts open and close; no comment opens.
  EXPECT_EQ(occurrences(page, "<script"), 2u);
  EXPECT_EQ(occurrences(page, "</script>"), 2u);
  EXPECT_EQ(occurrences(page, "<!--"), 0u);
  const std::string block = between(page, frames_open, "</script>");
  EXPECT_EQ(block.find('<'), std::string::npos);
  EXPECT_EQ(block.find("\xE2\x80\xA8"), std::string::npos);
  EXPECT_NE(block.find("\\u2028"), std::string::npos);
  // The JSON holds the names as they were (the lines), and as the SVG escapes them.
  const json frames = frames_of(page);
  ASSERT_EQ(frames.size(), 8u);
  EXPECT_NE(frames[0]["svg"].get<std::string>().find("<title>" + title + ": turn 1, threat</title>"), std::string::npos);
  EXPECT_EQ(frames[0]["lines"][0].get<std::string>().rfind("turn 1, threat: " + odd_unit + ": ", 0), 0u) << frames[0]["lines"];
}

// ---------------------------------------------------------------------------------------
// In the browser
// ---------------------------------------------------------------------------------------

namespace {

// Chromium's headless shell on PATH (Debian's chromium-headless-shell), or "".
std::string find_browser() {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path != nullptr ? path : "");
  std::string d;
  while (std::getline(dirs, d, ':')) {
    const fs::path p = fs::path(d) / "chromium-headless-shell";
    if (!d.empty() && ::access(p.c_str(), X_OK) == 0) return p.string();
  }
  return "";
}

// The page's frame K as the page's script shows it: the counter, the picture (its hash and
// title), the lines of its phase, the step buttons (those that lead nowhere disabled), the link.
void expect_frame(const std::string& dom, std::size_t k, const std::vector<logged_phase>& phases,
                  const std::vector<std::string>& said) {
  SCOPED_TRACE("frame " + std::to_string(k));
  const std::size_t n = phases.size();
  const logged_phase& p = phases[k - 1];
  EXPECT_NE(dom.find("<output id=\"counter\" aria-live=\"polite\">" + fmt_where(p) + " (" + std::to_string(k) + " / " +
                     std::to_string(n) + ")</output>"), std::string::npos);
  const std::string figure = between(dom, "<figure ", ">");
  EXPECT_NE(figure.find("data-frame=\"" + std::to_string(k) + "\""), std::string::npos) << figure;
  EXPECT_NE(figure.find("data-hash=\"" + p.hash + "\""), std::string::npos) << figure;
  const std::string picture = between(dom, "<figure ", "</figure>");
  EXPECT_EQ(occurrences(dom, "<svg "), 1u);
  EXPECT_NE(picture.find("<title>The Field at Greystones: " + fmt_where(p) + "</title>"), std::string::npos);
  EXPECT_NE(dom.find("<ul id=\"lines\"><li>" + as_dom_text(said[k - 1]) + "</li></ul>"), std::string::npos);
  EXPECT_EQ(between(dom, "<div class=\"controls\" ", ">"), "id=\"controls\" role=\"group\" aria-label=\"Step through the battle\"");
  for (const std::string id : {"first", "previous", "play", "next", "last"}) {
    const std::string button = between(dom, "<button type=\"button\" id=\"" + id + "\"", ">");
    EXPECT_NE(button.find("title=\""), std::string::npos) << id;  // found, and labelled
    const bool dead = (k == 1 && (id == "first" || id == "previous")) || (k == n && (id == "next" || id == "last"));
    EXPECT_EQ(button.find("disabled") != std::string::npos, dead) << id << ": " << button;
  }
  EXPECT_NE(dom.find("<a id=\"link\" href=\"#" + std::to_string(k) + "\">"), std::string::npos);
}

// A page that steps the viewer (b.html, in the same folder, opened at #14) as a reader would
// and writes down what it shows after each step: the counter, the fragment, the play button.
// The player's steps come a second apart: Chromium's virtual time runs them at once.
const char* stepper = R"(<!DOCTYPE html>
<html><body><pre id="out"></pre>
<iframe id="viewer" src="b.html#14" width="1200" height="900"></iframe>
<script>
var frame = document.getElementById("viewer"), out = [];
frame.addEventListener("load", function () {
  var w = frame.contentWindow, d = w.document, slider = d.getElementById("slider");
  function note(what) {
    out.push(what + ": " + d.getElementById("counter").textContent + " " + w.location.hash + " " +
             d.getElementById("play").textContent);
    document.getElementById("out").textContent = out.join("\n");
  }
  function key(k) { d.dispatchEvent(new w.KeyboardEvent("keydown", { key: k, bubbles: true })); }
  function click(id) { d.getElementById(id).click(); }
  note("opened");
  click("next"); note("next");
  key("ArrowLeft"); note("left");
  key("End"); note("end");
  click("first"); note("first");
  key("ArrowRight"); note("right");
  click("last"); note("last");
  click("previous"); note("previous");
  slider.value = "7"; slider.dispatchEvent(new w.Event("input")); note("slider");
  w.location.hash = "#9";
  setTimeout(function () {
    note("fragment");
    slider.value = "14"; slider.dispatchEvent(new w.Event("input"));
    click("play"); note("play");
    setTimeout(function () { note("a second"); }, 1500);
    setTimeout(function () {
      note("the end");
      click("play"); note("again");
      click("play"); note("pause");
    }, 3500);
  }, 100);
});
</script></body></html>
)";

}  // namespace

// The browser tests: skipped when Chromium's headless shell is not installed, failed when it
// is not and CI=true (CI installs it: the Makefile's PACKAGES), so CI never skips them.
class cli_viewer_browser : public ::testing::Test {
 protected:
  void SetUp() override {
    browser_ = find_browser();
    if (!browser_.empty()) return;
    const char* ci = std::getenv("CI");
    if (ci != nullptr && std::string(ci) == "true")
      FAIL() << "chromium-headless-shell is not on PATH, and CI=true: it must run here (make deps installs it)";
    GTEST_SKIP() << "chromium-headless-shell is not on PATH (make deps installs it)";
  }

  // Runs the browser on `url` with a fresh profile in `dir`; returns what it printed on
  // standard output (the DOM, with --dump-dom).
  std::string browse(const temp_dir& dir, const std::string& flags, const std::string& url) {
    const std::string profile = dir / ("profile-" + std::to_string(++runs_));
    const std::string command = "timeout 60 '" + browser_ + "' --headless --no-sandbox --disable-gpu --no-first-run "
                                "--disable-background-networking --disable-component-update --disable-sync "
                                "--user-data-dir='" + profile + "' " + flags + " '" + url + "' > '" + dir / "out" +
                                "' 2> '" + dir / "err" + "'";
    const int status = std::system(command.c_str());
    EXPECT_EQ(status, 0) << command << "\n" << slurp(dir / "err");
    fs::remove_all(profile);
    return slurp(dir / "out");
  }

  std::string browser_;
  int runs_ = 0;
};

TEST_F(cli_viewer_browser, a_frame_named_by_the_fragment) {
  const temp_dir dir("dom");
  const outcome o = muster(greystones + " --html " + dir / "b.html" + " --jsonl --log " + dir / "b.jsonl");
  ASSERT_EQ(o.status, 0) << o.err;
  const std::vector<logged_phase> phases = state_hashes(slurp(dir / "b.jsonl"));
  const std::vector<std::string> said = lines_starting(o.out, "turn ");
  ASSERT_EQ(phases.size(), 16u);
  ASSERT_EQ(said.size(), 16u);
  const std::string page = "file://" + dir / "b.html";
  for (const std::size_t k : {1u, 3u, 12u, 16u}) expect_frame(browse(dir, "--dump-dom", page + "#" + std::to_string(k)), k, phases, said);
  // No fragment or a bad one: the nearest frame there is, else the first.
  const std::pair<const char*, std::size_t> fallbacks[] = {{"", 1}, {"#0", 1}, {"#999", 16}, {"#x", 1}, {"#-2", 1}};
  for (const auto& [fragment, k] : fallbacks) {
    SCOPED_TRACE(fragment);
    expect_frame(browse(dir, "--dump-dom", page + fragment), k, phases, said);
  }
}

TEST_F(cli_viewer_browser, steps_with_the_buttons_the_keys_and_the_player) {
  const temp_dir dir("steps");
  ASSERT_EQ(muster(greystones + " --quiet --html " + dir / "b.html").status, 0);
  std::ofstream(dir / "stepper.html") << stepper;
  // The stepper reads the viewer's page in its frame: file pages may read each other here.
  const std::string dom = browse(dir, "--allow-file-access-from-files --virtual-time-budget=10000 --dump-dom",
                                 "file://" + dir / "stepper.html");
  EXPECT_EQ(between(dom, "<pre id=\"out\">", "</pre>"),
            "opened: turn 2, influence (14 / 16) #14 Play\n"
            "next: turn 2, command_test (15 / 16) #15 Play\n"
            "left: turn 2, influence (14 / 16) #14 Play\n"
            "end: turn 2, end_of_turn (16 / 16) #16 Play\n"
            "first: turn 1, threat (1 / 16) #1 Play\n"
            "right: turn 1, shooting (2 / 16) #2 Play\n"
            "last: turn 2, end_of_turn (16 / 16) #16 Play\n"
            "previous: turn 2, command_test (15 / 16) #15 Play\n"
            "slider: turn 1, command_test (7 / 16) #7 Play\n"
            "fragment: turn 2, threat (9 / 16) #9 Play\n"
            "play: turn 2, influence (14 / 16) #14 Pause\n"
            "a second: turn 2, command_test (15 / 16) #15 Pause\n"
            "the end: turn 2, end_of_turn (16 / 16) #16 Play\n"
            "again: turn 1, threat (1 / 16) #1 Pause\n"
            "pause: turn 1, threat (1 / 16) #1 Play");
}

TEST_F(cli_viewer_browser, escaped_names_and_a_screenshot) {
  const temp_dir dir("shot");
  ASSERT_EQ(muster(odd_names + " --html " + dir / "b.html").status, 0);
  // The names read as written, and the script ran past them.
  const std::string dom = browse(dir, "--dump-dom", "file://" + dir / "b.html#2");
  EXPECT_NE(dom.find("<h1>" + as_dom_text(odd_title) + ": The Red Eye Tribe against"), std::string::npos) << dom.substr(0, 2000);
  EXPECT_NE(dom.find("<title>" + as_dom_text(odd_title) + ": turn 1, shooting</title>"), std::string::npos);
  EXPECT_NE(dom.find("(2 / 8)</output>"), std::string::npos);
  EXPECT_NE(dom.find("<ul id=\"lines\"><li>turn 1, shooting: "), std::string::npos);
  EXPECT_NE(between(dom, "<ul id=\"lines\">", "</ul>").find(as_dom_text(odd_unit) + ": "), std::string::npos)
      << between(dom, "<ul id=\"lines\">", "</ul>");
  // A screenshot of a frame: a PNG of the window's size, with far more in it than a blank
  // page's (read from its header; no PNG decoder).
  browse(dir, "--screenshot='" + dir / "frame.png" + "' --window-size=1200,900", "file://" + dir / "b.html#2");
  std::ofstream(dir / "blank.html") << "<!DOCTYPE html><title>blank</title>\n";
  browse(dir, "--screenshot='" + dir / "blank.png" + "' --window-size=1200,900", "file://" + dir / "blank.html");
  const std::string png = slurp(dir / "frame.png");
  ASSERT_GT(png.size(), 24u);
  EXPECT_EQ(png.substr(0, 8), "\x89PNG\r\n\x1a\n");
  EXPECT_EQ(png.substr(12, 4), "IHDR");
  const auto be32 = [&](std::size_t at) {
    return (std::uint32_t(std::uint8_t(png[at])) << 24) | (std::uint32_t(std::uint8_t(png[at + 1])) << 16) |
           (std::uint32_t(std::uint8_t(png[at + 2])) << 8) | std::uint32_t(std::uint8_t(png[at + 3]));
  };
  EXPECT_EQ(be32(16), 1200u);
  EXPECT_EQ(be32(20), 900u);
  EXPECT_GT(png.size(), 5 * slurp(dir / "blank.png").size());
}
