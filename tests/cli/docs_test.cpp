// docs/resolve.md stays true: every example there (a `muster resolve ...` command followed by
// its JSON input and its JSON output) is run with the documented input, and must print the
// documented output (compared as JSON values); the --explain text shown is the real text.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "run_muster.hpp"

using json = nlohmann::json;
using muster_cli::muster;
using muster_cli::slurp;

namespace {

struct example {
  std::string command;  // "muster resolve combat --dice 6,6 --input combat.json"
  std::string input;
  std::string output;
};

// The body of the next ```json block at or after `from`; npos when there is none.
std::size_t next_json_block(const std::string& doc, std::size_t from, std::string& body) {
  const std::string open = "```json\n";
  const auto start = doc.find(open, from);
  if (start == std::string::npos) return std::string::npos;
  const auto end = doc.find("\n```", start + open.size());
  if (end == std::string::npos) return std::string::npos;
  body = doc.substr(start + open.size(), end - start - open.size());
  return end + 4;
}

std::vector<example> examples(const std::string& doc) {
  std::vector<example> out;
  const std::string marker = "`muster resolve ";
  for (auto at = doc.find(marker); at != std::string::npos; at = doc.find(marker, at + 1)) {
    const auto close = doc.find('`', at + 1);
    example e;
    e.command = doc.substr(at + 1, close - at - 1);
    for (char& c : e.command)
      if (c == '\n') c = ' ';
    // An example: two JSON blocks follow before the next command.
    const auto next_command = doc.find(marker, close);
    const auto after_input = next_json_block(doc, close, e.input);
    if (after_input == std::string::npos || after_input > next_command) continue;
    const auto after_output = next_json_block(doc, after_input, e.output);
    if (after_output == std::string::npos || after_output > next_command) continue;
    out.push_back(e);
  }
  return out;
}

// The command's arguments after "muster", reading the input from standard input.
std::string arguments(const std::string& command) {
  std::istringstream words(command);
  std::string word, out;
  words >> word;  // "muster"
  bool input_next = false;
  while (words >> word) {
    if (input_next) {
      word = "-";
      input_next = false;
    } else if (word == "--input") {
      input_next = true;
    }
    out += (out.empty() ? "" : " ") + word;
  }
  if (out.find("--input") == std::string::npos) out += " --input -";
  return out;
}

}  // namespace

TEST(cli_docs, every_example_of_resolve_md_prints_its_documented_output) {
  const std::string doc = slurp(MUSTER_SOURCE_DIR "/docs/resolve.md");
  const auto found = examples(doc);
  // threat_test, threat, shoot, hit_throw, kill_throw, shooting_casualties, combat,
  // man_to_man, man_to_man_groups, casualty_test, combat_test, test
  EXPECT_GE(found.size(), 12u);
  for (const auto& e : found) {
    SCOPED_TRACE(e.command);
    const auto o = muster(arguments(e.command), e.input);
    ASSERT_EQ(o.status, 0) << o.err;
    EXPECT_EQ(json::parse(o.out), json::parse(e.output))
        << "docs/resolve.md shows an output the command no longer prints: replace it with this "
           "output:\n"
        << o.out;
  }
}

TEST(cli_docs, the_explain_text_shown_is_the_real_text) {
  const std::string doc = slurp(MUSTER_SOURCE_DIR "/docs/resolve.md");
  const auto o = muster("resolve threat --dice 4,5 --input tests/cli/fixtures/threat.json --explain");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(doc.find("```\n" + o.out + "```\n"), std::string::npos) << o.out;
  // The first lines of the combat round shown.
  const auto c = muster("resolve combat --input bench/fixtures/combat_round.json --seed 5 --explain");
  ASSERT_EQ(c.status, 0) << c.err;
  std::size_t cut = 0;
  for (int i = 0; i < 5; ++i) cut = c.out.find('\n', cut) + 1;
  EXPECT_NE(doc.find("```\n" + c.out.substr(0, cut) + "```\n"), std::string::npos) << c.out.substr(0, cut);
}

// Every procedure the ruleset offers (ruleset.procedures, listed by a script) has its own
// `#### \`name\`` entry in docs/resolve.md and at least one runnable example there.
TEST(cli_docs, every_procedure_has_a_section_and_an_example_in_resolve_md) {
  const std::string doc = slurp(MUSTER_SOURCE_DIR "/docs/resolve.md");
  const auto o = muster("run tests/cli/fixtures/list_procedures.lua");
  ASSERT_EQ(o.status, 0) << o.err;
  std::istringstream names(o.out.substr(0, o.out.find('\n')));
  std::vector<std::string> procedures;
  for (std::string name; std::getline(names, name, ',');) procedures.push_back(name);
  EXPECT_GE(procedures.size(), 28u);
  std::vector<std::string> commands;
  for (const auto& e : examples(doc)) commands.push_back(e.command);
  for (const auto& p : procedures) {
    SCOPED_TRACE(p);
    EXPECT_NE(doc.find("#### `" + p + "`"), std::string::npos) << "no section for " << p;
    bool has_example = false;
    for (const auto& c : commands) has_example = has_example || c.rfind("muster resolve " + p + " ", 0) == 0;
    EXPECT_TRUE(has_example) << "no runnable example of " << p;
  }
}
