// `muster odds --matrix` as a designer runs it: a matrix of exact cells against hand
// calculations, each cell the same as `muster odds` on its own input, the CSV, JSON and text
// shapes, the SVG heat map (well-formed, a rect per cell, labels escaped, colours on their
// scale), a variant's known effect in every cell, the same bytes for the same seed, and every
// malformed part of a matrix file refused in one line naming it.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cctype>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "run_muster.hpp"

using json = nlohmann::json;
using muster_cli::muster;
using muster_cli::outcome;
using muster_cli::fixtures;
using muster_cli::occurrences;
using muster_cli::slurp;

namespace {

// Two bowmen at short range, average and veteran, against Orcs in no, light and heavy armour.
const std::string shoot = "shoot --matrix '" + fixtures + "odds_matrix_shoot.json'";
// Tribal Orcs, poor, average and veteran, threatened by 20 Men or 5 Goblins.
const std::string threat = "threat_test --matrix '" + fixtures + "odds_matrix_threat.json'";
const std::string drums = "'" MUSTER_SOURCE_DIR "/tests/fixtures/variants/drums_a.lua'";

json run_json(const std::string& args) {
  const outcome o = muster("odds " + args + " --json");
  EXPECT_EQ(o.status, 0) << o.err;
  return json::parse(o.out);
}

const json& cell(const json& doc, const std::string& row, const std::string& column) {
  for (const auto& c : doc["cells"])
    if (c["row"] == row && c["column"] == column) return c;
  throw std::runtime_error("no cell " + row + " / " + column);
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The fields of one CSV line (RFC 4180: quoted fields, "" for a quote inside them).
std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') out.back() += '"', ++i;
    else if (c == '"') quoted = !quoted;
    else if (c == ',' && !quoted) out.emplace_back();
    else out.back() += c;
  }
  return out;
}


// Whether `xml` is well-formed enough for a browser: tags balance, attribute values are
// quoted, and '<' and '&' appear in text and attribute values only as entities. Returns ""
// or what is wrong.
std::string xml_problem(const std::string& xml) {
  std::vector<std::string> open;
  const auto entity_ok = [&](std::size_t at) {
    for (const char* e : {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"})
      if (xml.compare(at, std::char_traits<char>::length(e), e) == 0) return true;
    return false;
  };
  std::size_t i = 0;
  while (i < xml.size()) {
    if (xml[i] == '&') {
      if (!entity_ok(i)) return "a bare & at " + std::to_string(i);
      ++i;
    } else if (xml[i] != '<') {
      ++i;
    } else {
      const bool closing = i + 1 < xml.size() && xml[i + 1] == '/';
      std::size_t j = i + (closing ? 2 : 1);
      std::string name;
      while (j < xml.size() && (std::isalnum(static_cast<unsigned char>(xml[j])) || xml[j] == '-')) name += xml[j++];
      if (name.empty()) return "a tag without a name at " + std::to_string(i);
      // Attributes: name="value", values without '<' and with escaped '&'.
      for (;;) {
        while (j < xml.size() && std::isspace(static_cast<unsigned char>(xml[j]))) ++j;
        if (j >= xml.size()) return "an unterminated tag <" + name;
        if (xml[j] == '>' || xml[j] == '/') break;
        while (j < xml.size() && xml[j] != '=' && xml[j] != '>') ++j;
        if (j + 1 >= xml.size() || xml[j] != '=' || xml[j + 1] != '"') return "an unquoted attribute in <" + name;
        j += 2;
        while (j < xml.size() && xml[j] != '"') {
          if (xml[j] == '<') return "a < in an attribute of <" + name;
          if (xml[j] == '&' && !entity_ok(j)) return "a bare & in an attribute of <" + name;
          ++j;
        }
        ++j;
      }
      const bool self_closing = xml[j] == '/';
      if (self_closing) ++j;
      if (j >= xml.size() || xml[j] != '>') return "a malformed tag <" + name;
      if (closing) {
        if (open.empty() || open.back() != name) return "</" + name + "> closes " + (open.empty() ? "nothing" : "<" + open.back() + ">");
        open.pop_back();
        if (open.empty() && xml.find('<', j) != std::string::npos) return "more than one root element";
      } else if (!self_closing) {
        open.push_back(name);
      }
      i = j + 1;
    }
  }
  return open.empty() ? "" : "<" + open.back() + "> is never closed";
}

// The fill of the cell rect whose tooltip starts with `tip`.
std::string fill_of(const std::string& svg, const std::string& tip) {
  const auto at = svg.find("<title>" + tip);
  if (at == std::string::npos) return "(no cell " + tip + ")";
  const auto fill = svg.rfind("fill=\"", at);
  return svg.substr(fill + 6, 7);
}

}  // namespace

// Each bowman's die kills when it hits and then kills: hit 4+ (average, 1/2) or 3+ (veteran's
// +1 on 2-5, 2/3); kill 3+ against no armour (2/3), 4+ light (1/2), 6 heavy (1/6). Two dice:
// kills ~ Binomial(2, q), mean 2q.
TEST(cli_odds_matrix, exact_cells_match_hand_calculations) {
  const json doc = run_json(shoot);
  ASSERT_EQ(doc["cells"].size(), 6u);
  const double hit[2] = {1.0 / 2, 2.0 / 3}, kill[3] = {2.0 / 3, 1.0 / 2, 1.0 / 6};
  const char* rows[2] = {"average bowmen", "veteran bowmen"};
  const char* columns[3] = {"none", "light", "heavy"};
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 3; ++c) {
      const json& x = cell(doc, rows[r], columns[c]);
      const double q = hit[r] * kill[c];
      EXPECT_EQ(x["method"], "exact");
      EXPECT_NEAR(x["measured"]["value"].get<double>(), 2 * q, 1e-12) << rows[r] << " / " << columns[c];
      EXPECT_EQ(x["measured"]["lo"], x["measured"]["value"]);
    }
  // A cell's full report: veteran bowmen against heavy armour, q = 1/9.
  const json& kills = cell(doc, "veteran bowmen", "heavy")["odds"]["fields"][1];
  ASSERT_EQ(kills["name"], "kills");
  EXPECT_NEAR(kills["values"][0]["p"].get<double>(), 64.0 / 81, 1e-12);
  EXPECT_NEAR(kills["values"][1]["p"].get<double>(), 16.0 / 81, 1e-12);
  EXPECT_NEAR(kills["values"][2]["p"].get<double>(), 1.0 / 81, 1e-12);
}

// A cell's input is the shared input with the row's and the column's values set at their
// dotted fields, and its odds are what `muster odds --input` gives on that input.
TEST(cli_odds_matrix, a_cell_is_the_odds_of_its_own_input) {
  const json doc = run_json(shoot);
  const json& x = cell(doc, "veteran bowmen", "light");
  EXPECT_EQ(x["input"]["shooter"]["quality"], "veteran");
  EXPECT_EQ(x["input"]["target"]["armour"], "light");
  EXPECT_EQ(x["input"]["target"]["name"], "Orcs");
  EXPECT_EQ(x["input"]["range"], "short");
  const outcome single = muster("odds shoot --input - --json", x["input"].dump());
  ASSERT_EQ(single.status, 0) << single.err;
  EXPECT_EQ(json::parse(single.out), x["odds"]);
}

TEST(cli_odds_matrix, json_names_the_measure_axes_and_configurations) {
  const json doc = run_json(threat + " --measure reaction=rout");
  EXPECT_EQ(doc["procedure"], "threat_test");
  EXPECT_EQ(doc["measure"], json({{"text", "reaction=rout"}, {"kind", "probability"}, {"field", "reaction"}, {"value", "rout"}}));
  EXPECT_EQ(doc["configurations"], json::array({"core"}));
  EXPECT_EQ(doc["rows"]["field"], "unit.quality");
  EXPECT_EQ(doc["rows"]["labels"], json::array({"poor", "average", "veteran"}));
  EXPECT_EQ(doc["columns"]["field"], "threatener");
  EXPECT_EQ(doc["columns"]["labels"], json::array({"Men <20>", "Goblins & \"co\", 5"}));
  EXPECT_EQ(doc["seed"], 1);
  // Row by row, a cell per row and column, each with its method, trials and full report.
  ASSERT_EQ(doc["cells"].size(), 6u);
  EXPECT_EQ(doc["cells"][1]["row"], "poor");
  EXPECT_EQ(doc["cells"][1]["column"], "Goblins & \"co\", 5");
  EXPECT_EQ(doc["cells"][2]["row"], "average");
  for (const auto& c : doc["cells"]) {
    EXPECT_EQ(c["trials"], 0);
    EXPECT_EQ(c["odds"]["fields"][0]["name"], "reaction");
    EXPECT_FALSE(c["measured"].contains("difference"));
  }
  // Tribal Orcs: a score (1D6, -1 poor, -1 against the greater worth of 20 Men) of 1 or less
  // routs. Poor against Men: 1-3 of 6; average against Goblins: 1 of 6.
  EXPECT_NEAR(cell(doc, "poor", "Men <20>")["measured"]["value"].get<double>(), 3.0 / 6, 1e-12);
  EXPECT_NEAR(cell(doc, "average", "Men <20>")["measured"]["value"].get<double>(), 2.0 / 6, 1e-12);
  EXPECT_NEAR(cell(doc, "average", "Goblins & \"co\", 5")["measured"]["value"].get<double>(), 1.0 / 6, 1e-12);
  // A value a cell never gives is 0 there, exactly.
  EXPECT_EQ(cell(doc, "veteran", "Goblins & \"co\", 5")["measured"]["value"], 0.0);
}

TEST(cli_odds_matrix, csv_is_one_line_per_cell) {
  outcome o = muster("odds " + shoot + " --csv --measure at_least:kills=1");
  ASSERT_EQ(o.status, 0) << o.err;
  auto ls = lines(o.out);
  ASSERT_EQ(ls.size(), 7u) << o.out;
  EXPECT_EQ(ls[0], "row,column,measure,p,lo,hi,method,trials");
  const double q[6] = {1.0 / 3, 1.0 / 4, 1.0 / 12, 4.0 / 9, 1.0 / 3, 1.0 / 9};
  const char* columns[3] = {"none", "light", "heavy"};
  for (std::size_t i = 1; i < ls.size(); ++i) {
    const auto f = csv_fields(ls[i]);
    ASSERT_EQ(f.size(), 8u) << ls[i];
    EXPECT_EQ(f[0], i <= 3 ? "average bowmen" : "veteran bowmen");
    EXPECT_EQ(f[1], columns[(i - 1) % 3]);
    EXPECT_EQ(f[2], "at_least:kills=1");
    const double want = 1 - (1 - q[i - 1]) * (1 - q[i - 1]);  // at least one of two dice
    EXPECT_NEAR(std::stod(f[3]), want, 1e-12) << ls[i];
    EXPECT_EQ(f[4], f[3]);
    EXPECT_EQ(f[5], f[3]);
    EXPECT_EQ(f[6], "exact");
    EXPECT_EQ(f[7], "0");
  }
  // A mean's column is "mean"; labels with commas and quotes are quoted.
  o = muster("odds " + shoot + " --csv");
  EXPECT_EQ(lines(o.out)[0], "row,column,measure,mean,lo,hi,method,trials");
  o = muster("odds " + threat + " --csv");
  ls = lines(o.out);
  EXPECT_EQ(ls[2].substr(0, 33), "poor,\"Goblins & \"\"co\"\", 5\",reacti");
  EXPECT_EQ(csv_fields(ls[2])[1], "Goblins & \"co\", 5");
}

// The war drums (+1 to the Threat Test) move one face of the 1D6 out of ROUT wherever ROUT
// has one: -1/6 in every cell but veteran Orcs against Goblins, who never rout.
TEST(cli_odds_matrix, a_compared_matrix_gives_the_variants_effect_per_cell) {
  const json doc = run_json(threat + " --measure reaction=rout --compare-variant " + drums);
  EXPECT_EQ(doc["configurations"], json::array({"core", "drums_a"}));
  for (const auto& c : doc["cells"]) {
    const json& d = c["measured"]["difference"];
    const bool never = c["row"] == "veteran" && c["column"] != "Men <20>";
    EXPECT_NEAR(d["value"].get<double>(), never ? 0.0 : -1.0 / 6, 1e-12) << c["row"] << " / " << c["column"];
    EXPECT_EQ(d["distinguishable"], !never) << c["row"] << " / " << c["column"];
    EXPECT_NEAR(c["measured"]["value_other"].get<double>() - c["measured"]["value"].get<double>(),
                d["value"].get<double>(), 1e-12);
  }
  const outcome csv = muster("odds " + threat + " --measure reaction=rout --csv --compare-variant " + drums);
  const auto ls = lines(csv.out);
  EXPECT_EQ(ls[0], "row,column,measure,p,lo,hi,p_other,lo_other,hi_other,difference,difference_lo,difference_hi,"
                   "distinguishable,method,trials");
  const auto f = csv_fields(ls[1]);  // poor against Men: 1/2 -> 1/3
  ASSERT_EQ(f.size(), 15u);
  EXPECT_NEAR(std::stod(f[3]), 1.0 / 2, 1e-12);
  EXPECT_NEAR(std::stod(f[6]), 1.0 / 3, 1e-12);
  EXPECT_NEAR(std::stod(f[9]), -1.0 / 6, 1e-12);
  EXPECT_EQ(f[12], "true");
}

// On common random numbers, Monte Carlo recovers a cell's change with a tight interval. (The
// cells share their dice streams, so their errors move together: one seed's intervals miss
// or cover together, which a coverage count over cells could not test.)
TEST(cli_odds_matrix, monte_carlo_cells_recover_the_change) {
  const json doc = run_json(threat + " --measure reaction=ok --compare-variant " + drums + " --monte-carlo --precision 1");
  const json& x = cell(doc, "poor", "Men <20>");  // ok: 1/6 -> 2/6
  EXPECT_EQ(x["method"], "monte carlo");
  EXPECT_GT(x["trials"].get<int>(), 0);
  // Within two half-widths of its 95% interval (about 4 standard errors: a seed that misses
  // by more is a bug, not bad luck); the interval within the asked ±1 point.
  const json& d = x["measured"]["difference"];
  const double half = (d["hi"].get<double>() - d["lo"].get<double>()) / 2;
  EXPECT_LT(std::abs(d["value"].get<double>() - 1.0 / 6), 2 * half);
  EXPECT_LE(half, 0.01);
  EXPECT_EQ(d["distinguishable"], true);
  EXPECT_LT(x["measured"]["lo"].get<double>(), x["measured"]["value"].get<double>());
}

TEST(cli_odds_matrix, the_same_seed_gives_the_same_bytes) {
  const std::string a_svg = ::testing::TempDir() + "matrix_a.svg", b_svg = ::testing::TempDir() + "matrix_b.svg";
  const std::string args = "odds " + threat + " --compare-variant " + drums + " --monte-carlo --precision 2 --seed 5 --json";
  const outcome a = muster(args + " --threads 1 --svg '" + a_svg + "'");
  const outcome b = muster(args + " --threads 2 --svg '" + b_svg + "'");
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_EQ(slurp(a_svg), slurp(b_svg));
  const outcome other = muster("odds " + threat + " --compare-variant " + drums + " --monte-carlo --precision 2 --seed 6 --json");
  EXPECT_NE(a.out, other.out);
}

TEST(cli_odds_matrix, text_is_a_table_of_rows_and_columns) {
  outcome o = muster("odds " + shoot);
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out,
            "shoot: mean kills; rows shooter.quality, columns target.armour\n"
            "exact odds in every cell\n"
            "                 none    light   heavy\n"
            "average bowmen   0.667   0.500   0.167\n"
            "veteran bowmen   0.889   0.667   0.222\n");
  o = muster("odds " + threat + " --compare-variant " + drums);
  EXPECT_NE(o.out.find("core → drums_a, and the change in points\n"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("poor      16.7% → 33.3%  +16.7 "), std::string::npos) << o.out;
  // Monte Carlo cells carry their interval, and the header the seed and precision.
  o = muster("odds " + shoot + " --monte-carlo --precision 2");
  EXPECT_NE(o.out.find("Monte Carlo in every cell (seed 1, 95% intervals asked within ±2.0 points)\n"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find(" ± "), std::string::npos) << o.out;
}

// Without columns the rows are a list of matchups, one value each.
TEST(cli_odds_matrix, rows_alone_are_a_list) {
  const std::string matrix = R"({"input": {"shooter": {"name": "Bowmen", "figures": 2, "quality": "average",
    "type": "disciplined", "weapon": "bow"}, "range": "short", "volleys": 1},
    "rows": {"field": "target", "entries": [
      {"label": "Orcs", "value": {"name": "Orcs", "figures": 10, "quality": "average", "type": "tribal", "armour": "light"}},
      {"label": "Dwarves", "value": {"name": "Dwarves", "figures": 10, "quality": "veteran", "type": "disciplined", "armour": "heavy"}}]},
    "measure": "kills=0"})";
  const outcome o = muster("odds shoot --matrix -", matrix);
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out,
            "shoot: P(kills=0); rows target\n"
            "exact odds in every cell\n"
            "          kills=0\n"
            "Orcs      56.2%\n"
            "Dwarves   84.0%\n");
  const outcome j = muster("odds shoot --matrix - --json", matrix);
  const json doc = json::parse(j.out);
  EXPECT_TRUE(doc["columns"].is_null());
  EXPECT_TRUE(doc["cells"][0]["column"].is_null());
  EXPECT_NEAR(doc["cells"][0]["measured"]["value"].get<double>(), 9.0 / 16, 1e-12);    // (3/4)^2
  EXPECT_NEAR(doc["cells"][1]["measured"]["value"].get<double>(), 121.0 / 144, 1e-12);  // (11/12)^2
}

// --svg: one well-formed <svg>, a rect per cell coloured on its scale, the value in each,
// labels escaped, a title naming procedure, measure and configurations, and a legend.
TEST(cli_odds_matrix, svg_is_a_heat_map_of_the_cells) {
  // The check itself catches what unescaped labels would do.
  EXPECT_NE(xml_problem("<svg><text>Men <20></text></svg>"), "");
  EXPECT_NE(xml_problem("<svg><text>Goblins & co</text></svg>"), "");
  EXPECT_NE(xml_problem("<svg><rect title=\"a<b\"/></svg>"), "");
  EXPECT_NE(xml_problem("<svg><text>a</svg>"), "");
  EXPECT_EQ(xml_problem("<svg><text x=\"1\">a &amp; b</text><rect/></svg>\n"), "");

  const std::string file = ::testing::TempDir() + "odds_matrix_test.svg";
  outcome o = muster("odds " + threat + " --svg '" + file + "'");
  ASSERT_EQ(o.status, 0) << o.err;
  std::string svg = slurp(file);
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_EQ(xml_problem(svg), "") << svg;
  EXPECT_EQ(occurrences(svg, "<rect class=\"cell\""), 6u);
  EXPECT_NE(svg.find(">Men &lt;20&gt;</text>"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">Goblins &amp; &quot;co&quot;, 5</text>"), std::string::npos) << svg;
  EXPECT_EQ(svg.find("Men <20>"), std::string::npos);
  EXPECT_NE(svg.find(">threat_test: P(reaction=ok), core</text>"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">veteran</text>"), std::string::npos);
  EXPECT_NE(svg.find(">16.7%</text>"), std::string::npos) << "the value in its cell";
  EXPECT_EQ(occurrences(svg, "<rect class=\"legend\""), 1u);
  EXPECT_NE(svg.find("<linearGradient id=\"scale\""), std::string::npos);
  // Probabilities on viridis from 0 to 1: equal values, equal colours; 50% is the middle.
  EXPECT_EQ(fill_of(svg, "veteran / Men &lt;20&gt;:"), fill_of(svg, "average / Goblins"));
  EXPECT_EQ(fill_of(svg, "veteran / Men &lt;20&gt;:"), "#21918c");
  EXPECT_NE(fill_of(svg, "poor / Men &lt;20&gt;:"), fill_of(svg, "poor / Goblins"));

  // Changes on a diverging scale centred on 0: no change is the neutral middle, the largest
  // change an end; the title names both configurations.
  o = muster("odds " + threat + " --compare-variant " + drums + " --svg '" + file + "'");
  ASSERT_EQ(o.status, 0) << o.err;
  svg = slurp(file);
  EXPECT_EQ(xml_problem(svg), "") << svg;
  EXPECT_EQ(occurrences(svg, "<rect class=\"cell\""), 6u);
  EXPECT_NE(svg.find(">threat_test: P(reaction=ok), change drums_a − core</text>"), std::string::npos) << svg;
  EXPECT_EQ(fill_of(svg, "veteran / Men &lt;20&gt;:"), "#f7f7f7");
  EXPECT_EQ(fill_of(svg, "poor / Men &lt;20&gt;:"), "#053061");
  EXPECT_NE(svg.find(">+16.7</text>"), std::string::npos);
}

TEST(cli_odds_matrix, malformed_files_are_refused_naming_the_field) {
  const auto error = [](const std::string& matrix, const std::string& procedure = "threat_test") {
    const outcome o = muster("odds " + procedure + " --matrix -", matrix);
    EXPECT_EQ(o.status, 2) << matrix;
    EXPECT_EQ(o.out, "");
    return o.err;
  };
  const std::string unit = R"({"name": "Orcs", "figures": 10, "quality": "average", "type": "tribal"})";
  const std::string men = R"({"name": "Men", "figures": 20, "quality": "average", "type": "disciplined"})";
  EXPECT_EQ(error(R"({"rows": {"field": "unit", "entries": [{"label": "a", "value": 1}, {"value": 2}]}})"),
            "muster: odds: matrix.rows.entries[2].label: missing\n");
  EXPECT_EQ(error(R"({"rows": {"field": "unit", "entries": [{"label": "a"}]}})"),
            "muster: odds: matrix.rows.entries[1].value: missing\n");
  EXPECT_EQ(error(R"({"rows": {"field": "unit", "entries": [{"label": 3, "value": 1}]}})"),
            "muster: odds: matrix.rows.entries[1].label: a string expected, got number\n");
  EXPECT_EQ(error(R"({"rows": {"field": "unit", "entries": ["a", "a"]}})"),
            "muster: odds: matrix.rows.entries[2]: \"a\" is also the label of entries[1]\n");
  EXPECT_EQ(error(R"({"rows": {"field": "unit", "entries": []}})"),
            "muster: odds: matrix.rows.entries: empty: give at least one entry\n");
  EXPECT_EQ(error(R"({"rows": {"entries": ["a"]}})"),
            "muster: odds: matrix.rows.field: missing (the input field its entries set, e.g. \"attacker\")\n");
  EXPECT_EQ(error(R"({"rows": {"field": "unit..quality", "entries": ["a"]}})"),
            "muster: odds: matrix.rows.field: 'unit..quality' has an empty name in its path\n");
  EXPECT_EQ(error(R"({"rows": {"field": "unit", "entries": ["a"]}, "colums": {}})"),
            "muster: odds: matrix.colums: unknown field (known: doc, input, rows, columns, measure)\n");
  EXPECT_EQ(error(R"({"columns": {"field": "unit", "entries": ["a"]}})"), "muster: odds: matrix.rows: missing\n");
  EXPECT_EQ(error(R"({"rows": {"field": "unit", "entries": ["a"]}, "columns": {"field": "threatener", "entries": [[1]]}})"),
            "muster: odds: matrix.columns.entries[1]: an object {label, value}, a string or a number expected, got array\n");
  EXPECT_EQ(error(R"({"rows": {"field": "unit.quality", "entries": ["poor"]}, "columns": {"field": "unit", "entries": ["x"]}})"),
            "muster: odds: matrix.columns.field: 'unit' would replace the rows' field 'unit.quality' in every cell (a "
            "column's field may lie inside the rows' field, not over it)\n");
  EXPECT_EQ(error(R"({"input": [], "rows": {"field": "unit", "entries": ["a"]}})"),
            "muster: odds: matrix.input: an object (the fields every cell shares) expected, got array\n");
  EXPECT_EQ(error("[1]"), "muster: odds: matrix: a JSON object {input, rows, columns, measure} expected, got array\n");
  EXPECT_EQ(error("{\"rows\": ").substr(0, 42), "muster: odds: matrix: not valid JSON: pars");
  // The measure: missing, malformed, or not one of the procedure's outcome fields.
  const std::string rows = R"("input": {"unit": )" + unit + R"(, "threatener": )" + men +
                           R"(}, "rows": {"field": "unit.quality", "entries": ["poor"]})";
  EXPECT_EQ(error("{" + rows + "}").substr(0, 48), "muster: odds: matrix.measure: missing: say what ");
  EXPECT_EQ(error("{" + rows + R"(, "measure": "reactio=ok"})"),
            "muster: odds: matrix.measure: reactio=ok: threat_test has no outcome field 'reactio' (its fields: reaction)\n");
  EXPECT_EQ(error("{" + rows + R"(, "measure": "mean:reaction"})"),
            "muster: odds: matrix.measure: mean:reaction: 'reaction' is a category; mean: and at_least: need a count "
            "field (threat_test has none)\n");
  EXPECT_EQ(error("{" + rows + R"(, "measure": "reaction"})"),
            "muster: odds: matrix.measure: reaction: no '='; want FIELD=VALUE (a probability, e.g. winner=attacker), "
            "mean:FIELD or at_least:FIELD=N\n");
  EXPECT_EQ(error("{" + rows + R"(, "measure": 2})"), "muster: odds: matrix.measure: a string expected, got number\n");
  const outcome o = muster("odds " + shoot + " --measure at_least:kills=0");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err.substr(0, 67), "muster: odds: --measure: at_least:kills=0: N must be a whole number");
  EXPECT_EQ(muster("odds " + shoot + " --measure kills=two").err,
            "muster: odds: --measure: kills=two: 'kills' is a count: give a whole number (or at_least:kills=N)\n");
  // A bad cell input names its cell and field, before any odds are computed.
  EXPECT_EQ(error("{" + rows + R"(, "columns": {"field": "threatener.quality", "entries": ["average", "elitee"]},
                  "measure": "reaction=ok"})"),
            "muster: odds: matrix cell \"poor\" / \"elitee\": threatener.quality: \"elitee\" is not one of elite, "
            "veteran, average, poor, unpredictable\n");
  EXPECT_EQ(error(R"({"input": {"unit": 3}, "rows": {"field": "unit.quality", "entries": ["poor"]}, "measure": "reaction=ok"})"),
            "muster: odds: matrix.rows.field: 'unit' is a number in the input of matrix cell \"poor\", not an object\n");
}

TEST(cli_odds_matrix, the_command_line_is_checked) {
  const std::string input = "--input '" + fixtures + "odds_threat_test.json'";
  outcome o = muster("odds " + threat + " " + input);
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "muster: odds: --matrix: give --matrix or --input, not both\n");
  o = muster("odds threat_test");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "muster: odds: --input: missing: give --input FILE (- for standard input) or --matrix FILE\n");
  o = muster("odds threat_test " + input + " --csv");
  EXPECT_EQ(o.err, "muster: odds: --csv: only with --matrix (a table of cells)\n");
  o = muster("odds " + threat + " --csv --json");
  EXPECT_EQ(o.err, "muster: odds: --csv: give --csv or --json, not both\n");
  o = muster("odds threat_test --matrix '" + fixtures + "no_such_matrix.json'");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "muster: odds: --matrix: cannot read '" + fixtures + "no_such_matrix.json'\n");
  o = muster("odds " + threat + " --precision 0");
  EXPECT_EQ(o.err, "muster: odds: --precision: 0 is not a number of points between 0 and 50\n");
  // A value no cell reaches is likely a typo: the matrix is printed, with a note.
  o = muster("odds " + threat + " --measure reaction=rot");
  EXPECT_EQ(o.status, 0);
  EXPECT_EQ(o.err, "muster: odds: note: reaction=rot: no cell reaches it (values seen: ok, rout, shaken, bloodlust)\n");
  o = muster("odds " + threat + " --svg /dev/full");
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.err, "muster: cannot write '/dev/full'\n");
}

// docs/odds.md shows the real output of its matrix examples.
TEST(cli_odds_matrix, the_user_guide_shows_the_real_output) {
  const std::string doc = slurp(MUSTER_SOURCE_DIR "/docs/odds.md");
  const std::string races = "odds threat_test --matrix examples/06_balance_matrix/races.json";
  const outcome o = muster(races);
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(doc.find("$ muster " + races + "\n" + o.out), std::string::npos) << "docs/odds.md should show:\n" << o.out;
  const outcome c = muster(races + " --measure reaction=rout --compare-variant " + drums);
  ASSERT_EQ(c.status, 0) << c.err;
  // The comparison is shown cut short: the Goblins' line up to "   ...".
  const std::string goblins = lines(c.out).at(5);
  ASSERT_EQ(goblins.substr(0, 15), "Goblin infantry");
  const auto at = doc.find("\nGoblin infantry   33.3% → ");
  ASSERT_NE(at, std::string::npos);
  const std::string shown = doc.substr(at + 1, doc.find("   ...\n", at) - at - 1);
  EXPECT_GT(shown.size(), 60u) << shown;
  EXPECT_EQ(goblins.substr(0, shown.size()), shown);
}
