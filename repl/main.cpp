// The `muster` command line: subcommands over one kernel and its Lua runtime. Parses
// arguments, loads modules, runs scripts and prints the event log; decides nothing itself.
// Every failure is one line on stderr and a non-zero exit status.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <string>
#include <vector>

#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace {

// "name=value" pairs from --option into the loader's map.
muster::option_values parse_options(const std::vector<std::string>& items) {
  muster::option_values out;
  for (const auto& item : items) {
    const auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0)
      muster::fail("--option '{}': want NAME=VALUE", item);
    out[item.substr(0, eq)] = item.substr(eq + 1);
  }
  return out;
}

// Options of a module given as "module.name=value" go to that module only; plain
// "name=value" goes to the ruleset.
muster::option_values options_for(const muster::option_values& all, const std::string& module,
                                  bool is_ruleset) {
  muster::option_values out;
  for (const auto& [key, value] : all) {
    const auto dot = key.find('.');
    if (dot == std::string::npos) {
      if (is_ruleset) out[key] = value;
    } else if (key.substr(0, dot) == module) {
      out[key.substr(dot + 1)] = value;
    }
  }
  return out;
}

void write_file(const std::string& path, const std::string& text) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) muster::fail("cannot write '{}'", path);
  std::fwrite(text.data(), 1, text.size(), f);
  std::fclose(f);
}

struct run_args {
  std::string file;
  std::uint64_t seed = 1;
  std::string ruleset;
  std::vector<std::string> variants;
  std::vector<std::string> options;
  std::string log_file;
  bool show_log = false;
  bool jsonl = false;
};

int cmd_run(const run_args& a) {
  muster::kernel k(a.seed);
  muster::runtime rt(k);
  const auto opts = parse_options(a.options);
  if (!a.ruleset.empty()) {
    rt.load_ruleset(a.ruleset, options_for(opts, a.ruleset, true));
    for (const auto& v : a.variants) {
      const auto stem = std::filesystem::path(v).stem().string();
      rt.load_variant(v, options_for(opts, stem, false));
    }
  } else if (!a.variants.empty()) {
    muster::fail("--variant needs --ruleset");
  }
  rt.run_file(a.file);
  const std::string log = a.jsonl ? k.log.fmt_jsonl() : k.log.fmt_lines();
  if (!a.log_file.empty()) write_file(a.log_file, log);
  if (a.show_log) std::fputs(log.c_str(), stdout);
  return 0;
}

int cmd_rules_list() {
  for (const auto& m : muster::runtime::available_modules(muster::runtime_options::default_root()))
    fmt::print("{:<8} {:<24} {:<8} {}\n", m.kind, m.name, m.version, m.path);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"muster: a scriptable rules kernel for tabletop miniature wargames"};
  app.require_subcommand(1);

  run_args run;
  auto* run_cmd = app.add_subcommand("run", "Run a Lua script non-interactively in the sandbox");
  run_cmd->add_option("file", run.file, "The script to run")->required();
  run_cmd->add_option("--seed", run.seed, "Seed of the dice (default 1)");
  run_cmd->add_option("--ruleset", run.ruleset, "Ruleset to load first (e.g. fantasy_warriors)");
  run_cmd->add_option("--variant", run.variants, "Variant name or path (repeatable)");
  run_cmd->add_option("--option", run.options,
                      "Module option NAME=VALUE, or MODULE.NAME=VALUE for a variant (repeatable)");
  run_cmd->add_option("--log", run.log_file, "Write the event log to this file");
  run_cmd->add_flag("--show-log", run.show_log, "Print the event log after the run");
  run_cmd->add_flag("--jsonl", run.jsonl, "Event log as JSON Lines instead of text");

  auto* rules_cmd = app.add_subcommand("rules", "Rulesets and variants");
  rules_cmd->require_subcommand(1);
  auto* list_cmd = rules_cmd->add_subcommand("list", "List the rulesets and variants with versions");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  try {
    if (run_cmd->parsed()) return cmd_run(run);
    if (list_cmd->parsed()) return cmd_rules_list();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "muster: %s\n", e.what());
    return 1;
  }
  return 0;
}
