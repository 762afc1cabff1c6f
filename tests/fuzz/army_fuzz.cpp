// Fuzz target: an army file, as `muster army check|points FILE` hands it to the FANTASY
// WARRIORS ruleset (repl/army.hpp: army_report, then army_fmt). The input is the file's bytes.
// Every input ends with a report (valid or with violations, as JSON that parses) or one
// documented error line; a report's violations are one line each.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <string>

#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

#include "army.hpp"
#include "fuzz_support.hpp"

using muster::fuzz::crash;
using muster::fuzz::expect_documented;

namespace {

struct world {
  muster::kernel k{1};
  muster::runtime rt{k};
  world() { rt.load_ruleset("fantasy_warriors"); }
};

void check_report(const std::string& report_json, const std::string& text) {
  const auto report = nlohmann::json::parse(report_json, nullptr, false);
  if (!report.is_object()) crash("an army report that is not a JSON object", report_json);
  if (const auto errors = report.find("errors"); errors != report.end() && errors->is_array())
    for (const auto& e : *errors)
      if (e.is_object() && e.contains("text") && e["text"].is_string())
        muster::fuzz::check_error_text(e["text"].get<std::string>(), text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static world* w = new world;  // one runtime for every input (never freed)
  const std::string text(reinterpret_cast<const char*>(data), size);
  expect_documented([&] { check_report(muster::cli::army_report(w->rt, "check", "army.lua", text), text); }, text);
  expect_documented([&] {
    const std::string report = muster::cli::army_report(w->rt, "points", "army.lua", text);
    check_report(report, text);
    const auto out = nlohmann::json::parse(w->rt.call_ruleset("army_fmt", "[" + report + "]"), nullptr, false);
    if (!out.is_string()) crash("army_fmt did not return a string");
  }, text);
  w->k.log.clear();
  return 0;
}
