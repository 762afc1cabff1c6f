// The scenario matrix (odds_matrix.hpp): the matrix file and the measure, checked; each cell's
// input; the cells checked once and then computed by compute_odds; the measured value of each.
// The outputs (text, CSV, JSON, SVG) are in odds_matrix_out.cpp.
#include "odds_matrix.hpp"
#include "report_text.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <exception>

#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

#include "choices.hpp"
#include "modules.hpp"

namespace muster::cli {
namespace {

using json = nlohmann::json;

constexpr double z95 = 1.959963984540054;  // the two-sided 95% normal quantile (as odds.cpp)

[[noreturn]] void bad(const std::string& field, const std::string& why) { throw input_error(field, why); }

std::string expected(const char* what, const json& got) {
  return fmt::format("{} expected, got {}", what, got.type_name());
}

// Refuses keys of `object` outside `known`: a misspelt "colums" would otherwise be a list.
void only_known(const json& object, const std::string& where, std::initializer_list<const char*> known) {
  for (const auto& [key, value] : object.items()) {
    if (std::find_if(known.begin(), known.end(), [&, &name = key](const char* k) { return name == k; }) != known.end()) continue;
    std::string names;
    for (const char* k : known) names += (names.empty() ? "" : ", ") + std::string(k);
    bad(where + "." + key, fmt::format("unknown field (known: {})", names));
  }
}

std::vector<std::string> split_path(const std::string& path) {
  std::vector<std::string> parts;
  std::size_t at = 0;
  for (;;) {
    const auto dot = path.find('.', at);
    parts.push_back(path.substr(at, dot == std::string::npos ? std::string::npos : dot - at));
    if (dot == std::string::npos) return parts;
    at = dot + 1;
  }
}

matrix_axis parse_axis(const json& doc, const std::string& where) {
  if (!doc.is_object()) bad(where, expected("an object {field, entries}", doc));
  only_known(doc, where, {"field", "entries"});
  matrix_axis axis;
  const auto field = doc.find("field");
  if (field == doc.end()) bad(where + ".field", "missing (the input field its entries set, e.g. \"attacker\")");
  if (!field->is_string()) bad(where + ".field", expected("a string", *field));
  axis.field = field->get<std::string>();
  for (const auto& part : split_path(axis.field))
    if (part.empty()) bad(where + ".field", fmt::format("'{}' has an empty name in its path", axis.field));
  const auto entries = doc.find("entries");
  if (entries == doc.end()) bad(where + ".entries", "missing");
  if (!entries->is_array()) bad(where + ".entries", expected("an array", *entries));
  if (entries->empty()) bad(where + ".entries", "empty: give at least one entry");
  for (std::size_t i = 0; i < entries->size(); ++i) {
    const json& e = (*entries)[i];
    const std::string at = fmt::format("{}.entries[{}]", where, i + 1);
    matrix_entry entry;
    if (e.is_string()) {
      entry = {e.get<std::string>(), e.dump()};
    } else if (e.is_number() || e.is_boolean()) {
      entry = {e.dump(), e.dump()};
    } else if (e.is_object()) {
      only_known(e, at, {"label", "value"});
      const auto label = e.find("label");
      if (label == e.end()) bad(at + ".label", "missing");
      if (!label->is_string()) bad(at + ".label", expected("a string", *label));
      const auto value = e.find("value");
      if (value == e.end()) bad(at + ".value", "missing");
      entry = {label->get<std::string>(), value->dump()};
    } else {
      bad(at, expected("an object {label, value}, a string or a number", e));
    }
    if (entry.label.empty()) bad(e.is_object() ? at + ".label" : at, "empty: a label names its row or column");
    for (std::size_t j = 0; j < axis.entries.size(); ++j)
      if (axis.entries[j].label == entry.label)
        bad(e.is_object() ? at + ".label" : at,
            fmt::format("{} is also the label of entries[{}]", json(entry.label).dump(), j + 1));
    axis.entries.push_back(std::move(entry));
  }
  return axis;
}

// How errors name a cell: matrix cell "Orc infantry" / "Dwarves" (labels as JSON strings).
std::string cell_name(const odds_matrix& m, std::size_t row, std::size_t column) {
  std::string name = "matrix cell " + json(m.rows.entries[row].label).dump();
  if (m.columns) name += " / " + json(m.columns->entries[column].label).dump();
  return name;
}

// Sets the dotted `path` of `doc` (an object) to `value`, making missing objects on the way.
void set_path(json& doc, const std::string& path, json value, const std::string& where, const std::string& cell) {
  json* at = &doc;
  const auto parts = split_path(path);
  for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
    json& next = (*at)[parts[i]];
    if (next.is_null()) next = json::object();
    if (!next.is_object()) {
      std::string prefix = parts[0];
      for (std::size_t j = 1; j <= i; ++j) prefix += "." + parts[j];
      bad(where, fmt::format("'{}' is {} {} in the input of {}, not an object", prefix,
                             next.is_array() ? "an" : "a", next.type_name(), cell));
    }
    at = &next;
  }
  (*at)[parts.back()] = std::move(value);
}

std::optional<long long> as_integer(const std::string& text) {
  long long x = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), x);
  if (ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
  return x;
}

// The measure against the procedure's outcome fields: the field exists, and has the kind
// the measure needs.
void check_measure(const odds_measure& m, const std::vector<std::pair<std::string, std::string>>& fields,
                   const std::string& procedure) {
  std::string names, counts;
  const std::string* kind = nullptr;
  for (const auto& [name, k] : fields) {
    names += (names.empty() ? "" : ", ") + name;
    if (k == "count") counts += (counts.empty() ? "" : ", ") + name;
    if (name == m.field) kind = &k;
  }
  if (!kind) bad(m.source, fmt::format("{}: {} has no outcome field '{}' (its fields: {})", m.text, procedure, m.field, names));
  if (m.what != odds_measure::kind::probability && *kind != "count")
    bad(m.source, fmt::format("{}: '{}' is a category; mean: and at_least: need a count field ({})", m.text, m.field,
                              counts.empty() ? procedure + " has none" : "counts of " + procedure + ": " + counts));
  if (m.what == odds_measure::kind::probability && *kind == "count" && m.value != "-" && !as_integer(m.value))
    bad(m.source, fmt::format("{}: '{}' is a count: give a whole number (or at_least:{}=N)", m.text, m.field, m.field));
}

// One configuration's values of a value_odds (probability or tail) as a measured value.
measured_value from_value(const value_odds& v, bool compare) {
  measured_value out;
  out.available = true;
  for (int c = 0; c < (compare ? 2 : 1); ++c) out.value[c] = v.p[c], out.lo[c] = v.lo[c], out.hi[c] = v.hi[c];
  out.diff = v.diff, out.diff_lo = v.diff_lo, out.diff_hi = v.diff_hi, out.distinguishable = v.distinguishable;
  return out;
}

// A value no trial of the cell gave: probability 0, exactly or (Monte Carlo) up to Wilson's
// upper bound for no successes in n trials, z^2 / (n + z^2); no change on either side.
measured_value never_seen(const odds_report& rep) {
  measured_value out;
  out.available = true;
  const double n = static_cast<double>(rep.trials);
  const double hi = rep.exact || n <= 0 ? 0.0 : z95 * z95 / (n + z95 * z95);
  out.hi[0] = out.hi[1] = hi;
  return out;
}

measured_value measure_of(const odds_report& rep, const odds_measure& m, bool& seen) {
  seen = false;
  const auto f = std::find_if(rep.fields.begin(), rep.fields.end(), [&](const field_odds& x) { return x.name == m.field; });
  if (f == rep.fields.end()) return {};
  if (m.what == odds_measure::kind::mean) {
    seen = true;
    if (!f->mean) return {};
    measured_value out;
    out.available = true;
    const auto& a = *f->mean;
    for (int c = 0; c < 2; ++c) out.value[c] = a.mean[c], out.lo[c] = a.lo[c], out.hi[c] = a.hi[c];
    out.diff = a.diff, out.diff_lo = a.diff_lo, out.diff_hi = a.diff_hi, out.distinguishable = a.distinguishable;
    return out;
  }
  const bool tail = m.what == odds_measure::kind::at_least;
  const std::string want = tail ? std::to_string(m.at_least) : m.value;
  for (const auto& v : tail ? f->tails : f->values)
    if (v.value == want) {
      seen = true;
      return from_value(v, rep.compared);
    }
  return never_seen(rep);
}

}  // namespace

odds_measure parse_measure(const std::string& text, const std::string& source) {
  const auto wrong = [&](const std::string& why) {
    bad(source, fmt::format("{}: {}; want FIELD=VALUE (a probability, e.g. winner=attacker), mean:FIELD or "
                            "at_least:FIELD=N",
                            text, why));
  };
  odds_measure m;
  m.text = text;
  m.source = source;
  const auto starts = [&](std::string_view p) { return text.compare(0, p.size(), p) == 0; };
  if (starts("mean:")) {
    m.what = odds_measure::kind::mean;
    m.field = text.substr(5);
    if (m.field.empty() || m.field.find('=') != std::string::npos) wrong("mean: takes a field name");
    return m;
  }
  const auto eq = text.find('=');
  if (starts("at_least:")) {
    m.what = odds_measure::kind::at_least;
    if (eq == std::string::npos) wrong("at_least: needs =N");
    m.field = text.substr(9, eq - 9);
    const auto n = as_integer(text.substr(eq + 1));
    if (m.field.empty()) wrong("no field");
    if (!n || *n < 1) wrong("N must be a whole number, 1 or more");
    m.at_least = *n;
    return m;
  }
  if (eq == std::string::npos) wrong("no '='");
  m.field = text.substr(0, eq);
  m.value = text.substr(eq + 1);
  if (m.field.empty()) wrong("no field");
  if (m.value.empty()) wrong("no value");
  if (m.value == "(none)") m.value = "-";
  return m;
}

std::string measure_title(const odds_measure& m) {
  switch (m.what) {
    case odds_measure::kind::mean: return "mean " + m.field;
    case odds_measure::kind::at_least: return fmt::format("P({} ≥ {})", m.field, m.at_least);
    case odds_measure::kind::probability: break;
  }
  return fmt::format("P({}={})", m.field, m.value == "-" ? "(none)" : m.value);
}

odds_matrix parse_matrix(const std::string& text) {
  const json doc = parse_input_json(text, "matrix");
  if (!doc.is_object()) bad("matrix", expected("a JSON object {input, rows, columns, measure}", doc));
  only_known(doc, "matrix", {"doc", "input", "rows", "columns", "measure"});
  odds_matrix m;
  if (const auto d = doc.find("doc"); d != doc.end() && !d->is_string()) bad("matrix.doc", expected("a string", *d));
  if (const auto in = doc.find("input"); in != doc.end()) {
    if (!in->is_object()) bad("matrix.input", expected("an object (the fields every cell shares)", *in));
    m.input_json = in->dump();
  }
  const auto rows = doc.find("rows");
  if (rows == doc.end()) bad("matrix.rows", "missing");
  m.rows = parse_axis(*rows, "matrix.rows");
  if (const auto cols = doc.find("columns"); cols != doc.end()) {
    m.columns = parse_axis(*cols, "matrix.columns");
    const std::string& r = m.rows.field;
    const std::string& c = m.columns->field;
    if (r == c || r.compare(0, c.size() + 1, c + ".") == 0)
      bad("matrix.columns.field", fmt::format("'{}' would replace the rows' field '{}' in every cell (a column's field "
                                              "may lie inside the rows' field, not over it)",
                                              c, r));
  }
  if (const auto measure = doc.find("measure"); measure != doc.end()) {
    if (!measure->is_string()) bad("matrix.measure", expected("a string", *measure));
    m.measure = measure->get<std::string>();
  }
  return m;
}

std::string matrix_cell_input(const odds_matrix& m, std::size_t row, std::size_t column) {
  json doc = json::parse(m.input_json);
  const std::string cell = cell_name(m, row, column);
  set_path(doc, m.rows.field, json::parse(m.rows.entries[row].value_json), "matrix.rows.field", cell);
  if (m.columns) set_path(doc, m.columns->field, json::parse(m.columns->entries[column].value_json), "matrix.columns.field", cell);
  return doc.dump();
}

matrix_report compute_matrix(const odds_request& request, const odds_matrix& m, const odds_measure& measure,
                             const matrix_progress& progress) {
  check_odds_request(request);
  const std::size_t rows = m.rows.entries.size(), columns = m.columns ? m.columns->entries.size() : 1;
  std::vector<std::string> inputs;
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < columns; ++c) inputs.push_back(matrix_cell_input(m, r, c));
  const auto cell_at = [&](std::size_t i) { return cell_name(m, i / columns, i % columns); };

  // Check once, then run: the measure against the outcome fields, and every cell's input
  // resolved once in each configuration, before any odds are computed.
  std::vector<const odds_config*> configs = {&request.base};
  if (request.compare) configs.push_back(&*request.compare);
  for (std::size_t k = 0; k < configs.size(); ++k) {
    kernel kern(request.seed);
    runtime rt(kern);
    load_modules(rt, configs[k]->ruleset, configs[k]->variants, configs[k]->options);
    kern.log.set_enabled(false);
    if (k == 0) check_measure(measure, odds_outcome_fields(rt, request.procedure), request.procedure);
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      try {
        rt.resolve(request.procedure, inputs[i]);
      } catch (const input_error& e) {
        throw input_error(cell_at(i) + ": " + e.field(), e.why());
      } catch (const std::exception& e) {
        fail("{} ({}): {}", cell_at(i), configs[k]->label, e.what());
      }
    }
  }

  matrix_report rep;
  rep.procedure = request.procedure;
  rep.measure = measure;
  rep.row_field = m.rows.field;
  for (const auto& e : m.rows.entries) rep.row_labels.push_back(e.label);
  if (m.columns) {
    rep.column_field = m.columns->field;
    for (const auto& e : m.columns->entries) rep.column_labels.push_back(e.label);
  }
  rep.labels.push_back(request.base.label);
  if (request.compare) rep.labels.push_back(request.compare->label);
  rep.compared = request.compare.has_value();
  rep.seed = request.seed;
  rep.precision = request.precision;
  rep.measure_seen = false;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    odds_request r = request;
    r.input_json = inputs[i];
    r.progress = nullptr;
    if (progress) {
      progress(i, inputs.size(), 0, 0);
      r.progress = [&, i](std::uint64_t done, std::uint64_t target) { progress(i, inputs.size(), done, target); };
    }
    matrix_cell cell;
    cell.row = i / columns;
    cell.column = i % columns;
    cell.input_json = inputs[i];
    try {
      cell.report = compute_odds(r);
    } catch (const input_error& e) {
      throw input_error(cell_at(i) + ": " + e.field(), e.why());
    } catch (const std::exception& e) {
      fail("{}: {}", cell_at(i), e.what());
    }
    bool seen = false;
    cell.measured = measure_of(cell.report, measure, seen);
    rep.measure_seen = rep.measure_seen || seen;
    for (const auto& f : cell.report.fields)
      if (f.name == measure.field)
        for (const auto& v : f.values)
          if (std::find(rep.values_seen.begin(), rep.values_seen.end(), v.value) == rep.values_seen.end())
            rep.values_seen.push_back(v.value);
    rep.cells.push_back(std::move(cell));
  }
  return rep;
}

}  // namespace muster::cli
