// `muster army check|points FILE` (repl/army.hpp): reads the army file, loads the ruleset and
// its variants, calls the ruleset's army_check / army_points and army_fmt, and prints the
// report they return. Decides nothing: validity, points and every message come from Lua.
#include "army.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>

#include "muster/error.hpp"
#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

#include "files.hpp"
#include "modules.hpp"
#include "report_text.hpp"

namespace muster::cli {
namespace {

// A string member of a JSON object, or "" when absent.
std::string text_of(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

std::string army_report(runtime& rt, const std::string& action, const std::string& file, const std::string& text) {
  if (const auto at = utf8_error_at(text); at != std::string_view::npos) {
    const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n');
    throw input_error(file, fmt::format("line {}: byte 0x{:02x} is not UTF-8 (army files are UTF-8 text)", line,
                                        static_cast<unsigned char>(text[at])));
  }
  const nlohmann::json source = {{"file", file}, {"text", text}};
  const std::string function = action == "points" ? "army_points" : "army_check";
  // A file name need not be UTF-8; it is only shown, so a stray byte shows as U+FFFD.
  return rt.call_ruleset(function, nlohmann::json::array({source}).dump(-1, ' ', false,
                                                                        nlohmann::json::error_handler_t::replace));
}

CLI::App* add_army_command(CLI::App& app, army_options& options) {
  auto* army = app.add_subcommand("army", "Check an army file and count its points");
  army->require_subcommand(1);
  auto add_action = [&](const char* name, const char* help) {
    auto* sub = army->add_subcommand(name, help);
    sub->add_option("file", options.file, "The army file (Lua data, see docs/armies.md)")->required();
    sub->add_option("--ruleset", options.ruleset, "Ruleset (default fantasy_warriors)");
    sub->add_option("--variant", options.variants, "Variant name or path (repeatable)");
    sub->add_option("--option", options.options,
                    "Module option NAME=VALUE, or MODULE.NAME=VALUE for a variant (repeatable)");
    sub->callback([&options, name] { options.action = name; });
  };
  add_action("check", "Report every violation with its file:line and rule; exit 1 when invalid");
  add_action("points", "Print the points of every line and the total; exit 1 when invalid");
  return army;
}

int run_army(const army_options& options) {
  std::string text;
  try {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(options.file, ec)) muster::fail("cannot read '{}'", options.file);
    text = read_file_text(options.file);
  } catch (const muster::error& e) {
    std::fprintf(stderr, "muster: army: %s\n", muster::one_line(e.what()).c_str());
    return 2;
  }
  muster::kernel k;
  muster::runtime rt(k);
  load_modules(rt, options.ruleset, options.variants, options.options);

  const std::string report_json = army_report(rt, options.action, options.file, text);
  const nlohmann::json report = nlohmann::json::parse(report_json);

  if (options.action == "points") {
    const auto out = nlohmann::json::parse(rt.call_ruleset("army_fmt", "[" + report_json + "]"));
    if (!out.is_string()) muster::fail("ruleset '{}': army_fmt must return a string", options.ruleset);
    std::fputs(out.get_ref<const std::string&>().c_str(), stdout);
  }
  if (const auto errors = report.find("errors"); errors != report.end() && errors->is_array())
    for (const auto& e : *errors) std::fprintf(stderr, "%s\n", muster::one_line(text_of(e, "text")).c_str());

  const bool valid = report.value("valid", false);
  const std::string summary = text_of(report, "summary");
  if (!valid)
    std::fprintf(stderr, "%s\n", summary.c_str());
  else if (options.action == "check")
    std::fprintf(stdout, "%s\n", summary.c_str());
  return valid ? 0 : 1;
}

}  // namespace muster::cli
