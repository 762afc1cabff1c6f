// Fuzz target: `muster resolve` on the FANTASY WARRIORS ruleset: the procedure's name and its
// JSON input, with --choose and --policy items merged into the input's "choices" as the
// command line does (repl/choices.hpp), then runtime::resolve. The input is
//   PROCEDURE                       first line: threat_test, shoot, combat, casualty_test...
//   --choose SIDE=ANSWER            any number of lines like these (or --policy SIDE=NAME)
//   {"unit": {...}, "choices": ...} the rest: the JSON input
// Every input ends with a result (JSON text that parses) or one documented error line.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

#include "choices.hpp"
#include "fuzz_support.hpp"

using muster::fuzz::crash;
using muster::fuzz::expect_documented;

namespace {

struct world {
  muster::kernel k{1};
  muster::runtime rt{k};
  muster::roll_mode mode;
  world() {
    rt.load_ruleset("fantasy_warriors");
    mode = k.dice.mode();
  }
  // What one input may have changed: the dice, the log, the state, the sides' controllers.
  void reset(const std::vector<std::string>& sides) {
    k.dice.set_seed(1);
    k.dice.set_mode(mode);
    k.log.clear();
    if (!(k.state == muster::battle_state{})) k.state = muster::battle_state{};
    for (const auto& side : sides) {
      try {
        k.choices.set_policy(side, "first");
      } catch (const muster::error&) {
      }
    }
  }
};

// The sides an input's "choices" names (their controllers are reset after the input).
std::vector<std::string> sides_of(const std::string& input) {
  std::vector<std::string> out;
  const auto doc = nlohmann::json::parse(input, nullptr, false);
  if (!doc.is_object()) return out;
  const auto it = doc.find("choices");
  if (it == doc.end() || !it->is_object()) return out;
  for (const auto& [side, value] : it->items()) out.push_back(side);
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static world* w = new world;  // one runtime for every input (never freed)
  std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto line = [&] {
    const auto end = text.find('\n');
    const std::string_view l = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    return std::string(l);
  };
  const std::string procedure = line();
  std::vector<std::string> choose, policies;
  while (text.starts_with("--choose ") || text.starts_with("--policy ")) {
    const bool is_choose = text.starts_with("--choose ");
    const std::string item = line().substr(9);
    (is_choose ? choose : policies).push_back(item);
  }
  std::string input(text);
  expect_documented([&] {
    input = muster::cli::merge_choices(input, choose, policies);
    const std::string result = w->rt.resolve(procedure, input);
    if (nlohmann::json::parse(result, nullptr, false).is_discarded()) crash("a result that is not JSON", result);
  }, std::string_view(reinterpret_cast<const char*>(data), size));
  w->reset(sides_of(input));
  return 0;
}
