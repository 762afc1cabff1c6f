// `muster rules show|diff|check` (repl/rules.hpp). Loads modules as every command does
// (modules.cpp), asks the ruleset's registry functions (rules_report, rules_schema,
// rules_check) and prints what they return. The only logic here is the diff of two reports.
#include "rules.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <map>
#include <string>

#include "muster/error.hpp"
#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

#include "modules.hpp"

namespace muster::cli {
namespace {

using json = nlohmann::json;

// Calls a registry function of the loaded ruleset with one argument table.
json call(runtime& rt, const std::string& function, const json& arg) {
  return json::parse(rt.call_ruleset(function, json::array({arg}).dump()));
}

void print_text(const json& j) {
  if (!j.is_string()) fail("the ruleset's report is not text");
  std::fputs(j.get_ref<const std::string&>().c_str(), stdout);
  std::fputc('\n', stdout);
}

json report_of(const rules_options& o, const std::vector<std::string>& variants) {
  kernel k;
  runtime rt(k);
  load_modules(rt, o.ruleset, variants, o.options);
  return call(rt, "rules_report", json::object());
}

std::string page_text(const json& p) {
  if (p.is_null()) return "";
  return " (p." + (p.is_string() ? p.get<std::string>() : p.dump()) + ")";
}

std::string value_text(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

// One entry, row or procedure as the diff prints it.
std::string describe(const json& e) {
  std::string text;
  if (e.contains("value")) text = value_text(e["value"]);
  if (e.contains("reason")) text += " " + e["reason"].get<std::string>();
  text += page_text(e.value("page", json()));
  return text + (text.empty() ? "" : " ") + "[" + e.value("owner", std::string()) + "]";
}

// Items keyed by `key` from a report array.
std::map<std::string, json> keyed(const json& items, const char* key) {
  std::map<std::string, json> out;
  for (const auto& x : items) out[x[key].get<std::string>()] = x;
  return out;
}

// The changes between two sets of keyed items: "- id: ..." gone, "+ id: ..." new, "~ id: a ->
// b" changed (history and the changed mark left out). Appends lines and {id, a, b} records.
void diff_items(const std::map<std::string, json>& a, const std::map<std::string, json>& b,
                std::vector<std::string>& lines, json& records) {
  std::map<std::string, bool> ids;
  for (const auto& kv : a) ids[kv.first] = true;
  for (const auto& kv : b) ids[kv.first] = true;
  for (const auto& each : ids) {
    const std::string& id = each.first;
    const auto ia = a.find(id), ib = b.find(id);
    json x = ia == a.end() ? json() : ia->second, y = ib == b.end() ? json() : ib->second;
    for (json* v : {&x, &y})
      if (v->is_object()) v->erase("history"), v->erase("changed");
    if (x == y) continue;
    if (y.is_null()) lines.push_back(fmt::format("  - {}: {}", id, describe(x)));
    else if (x.is_null()) lines.push_back(fmt::format("  + {}: {}", id, describe(y)));
    else lines.push_back(fmt::format("  ~ {}: {}  ->  {}", id, describe(x), describe(y)));
    records.push_back({{"id", id}, {"a", x}, {"b", y}});
  }
}

// The differences of one kind ("lists" / "tables") between reports a and b.
void diff_kind(const json& a, const json& b, const char* kind, std::vector<std::string>& lines, json& out) {
  const bool tables = std::string(kind) == "tables";
  const char* items = tables ? "rows" : "entries";
  const char* key = tables ? "key" : "id";
  const auto in_a = keyed(a[kind], "name"), in_b = keyed(b[kind], "name");
  std::map<std::string, bool> names;
  for (const auto& kv : in_a) names[kv.first] = true;
  for (const auto& kv : in_b) names[kv.first] = true;
  for (const auto& named : names) {
    const std::string& name = named.first;
    const auto ia = in_a.find(name), ib = in_b.find(name);
    std::vector<std::string> changes;
    json records = json::array();
    diff_items(ia == in_a.end() ? std::map<std::string, json>{} : keyed(ia->second[items], key),
               ib == in_b.end() ? std::map<std::string, json>{} : keyed(ib->second[items], key), changes, records);
    if (changes.empty()) continue;
    lines.push_back(fmt::format("{} {}", tables ? "table" : "list", name));
    lines.insert(lines.end(), changes.begin(), changes.end());
    out[kind][name] = records;
  }
}

}  // namespace

std::vector<CLI::App*> add_rules_commands(CLI::App& rules, rules_options& o) {
  const auto common = [&](CLI::App* c) {
    c->add_option("--ruleset", o.ruleset, "Ruleset (default fantasy_warriors)");
    c->add_option("--option", o.options, "Module option NAME=VALUE, or MODULE.NAME=VALUE (repeatable)");
    c->add_flag("--json", o.json, "JSON for tools instead of text");
  };
  auto* show = rules.add_subcommand("show", "Print every modifier list and table in force, each entry with its owner");
  common(show);
  show->add_option("--variant", o.variants, "Variant name or path (repeatable; applied in their declared order)");
  show->add_flag("--only-changed", o.only_changed, "Only what the variants changed against the ruleset");
  show->add_flag("--schema", o.schema, "The author's reference: every list with the fields a condition may read, every table");
  auto* diff = rules.add_subcommand("diff", "Compare two configurations: core, or variants joined by '+'");
  common(diff);
  diff->add_option("configs", o.configs, "Two configurations, e.g. core weather+signalling")->expected(2)->required();
  auto* check = rules.add_subcommand("check", "Load variant files in the sandbox and run every rule they add on the ruleset's samples");
  common(check);
  check->add_option("files", o.files, "Variant files or folders")->required();
  return {show, diff, check};
}

int run_rules_show(const rules_options& o) {
  kernel k;
  runtime rt(k);
  load_modules(rt, o.ruleset, o.variants, o.options);
  json arg = json::object();
  if (o.only_changed) arg["only_changed"] = true;
  if (!o.json) arg["text"] = true;
  const json out = call(rt, o.schema ? "rules_schema" : "rules_report", arg);
  if (o.json) std::puts(out.dump(2).c_str());
  else print_text(out);
  return 0;
}

int run_rules_diff(const rules_options& o) {
  const json a = report_of(o, config_variants(o.configs.at(0)));
  const json b = report_of(o, config_variants(o.configs.at(1)));
  std::vector<std::string> lines;
  json out = {{"a", o.configs[0]}, {"b", o.configs[1]}, {"lists", json::object()}, {"tables", json::object()}};
  diff_kind(a, b, "lists", lines, out);
  diff_kind(a, b, "tables", lines, out);
  std::vector<std::string> procedures;
  json records = json::array();
  diff_items(keyed(a["procedures"], "name"), keyed(b["procedures"], "name"), procedures, records);
  if (!procedures.empty()) {
    lines.push_back("procedures");
    lines.insert(lines.end(), procedures.begin(), procedures.end());
    out["procedures"] = records;
  }
  if (o.json) {
    std::puts(out.dump(2).c_str());
  } else {
    std::printf("--- %s\n+++ %s\n", o.configs[0].c_str(), o.configs[1].c_str());
    for (const auto& l : lines) std::puts(l.c_str());
    if (lines.empty()) std::puts("no differences");
  }
  return lines.empty() ? 0 : 1;
}

int run_rules_check(const rules_options& o) {
  int failed = 0, unloadable = 0;
  json all = json::array();
  for (const auto& file : o.files) {
    kernel k;
    runtime rt(k);
    json report;
    try {
      load_modules(rt, o.ruleset, {file}, o.options);
      report = call(rt, "rules_check", json::object());
    } catch (const std::exception& e) {
      report = {{"file", file}, {"loaded", false}, {"errors", 1}, {"warnings", 0},
                {"findings", json::array({{{"level", "error"}, {"what", "load"}, {"message", e.what()}}})}};
      ++unloadable;
    }
    report["file"] = file;
    if (report.value("errors", 0) > 0) ++failed;
    if (o.json) {
      all.push_back(report);
      continue;
    }
    std::printf("%s: %s\n", file.c_str(), report.value("loaded", true) ? "loaded" : "does not load");
    for (const auto& f : report["findings"])
      std::printf("  %s: %s%s\n", f["level"].get<std::string>().c_str(),
                  f.contains("what") ? (f["what"].get<std::string>() + ": ").c_str() : "",
                  f["message"].get<std::string>().c_str());
    std::printf("%s: %d error(s), %d warning(s)\n", file.c_str(), report.value("errors", 0), report.value("warnings", 0));
  }
  if (o.json) std::puts(all.dump(2).c_str());
  return unloadable > 0 ? 2 : failed > 0 ? 1 : 0;
}

}  // namespace muster::cli
