// The replay viewer (`muster battle --html`, `muster replay --html`): one self-contained page
// holding every phase's frame, the same bytes for the same battle, names escaped.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <iterator>
#include <sstream>
#include <string>
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
