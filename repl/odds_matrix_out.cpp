// The scenario matrix's outputs (odds_matrix.hpp): text for people, CSV and JSON for tools, an
// SVG heat map. Formats a computed matrix_report only: computes nothing, reads no file.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>

#include "odds_matrix.hpp"
#include "report_text.hpp"

namespace muster::cli {
namespace {

using json = nlohmann::json;

std::string plural(std::size_t n, const char* word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); }

bool is_mean(const matrix_report& rep) { return rep.measure.what == odds_measure::kind::mean; }

double half(const measured_value& m, int c) { return std::max(m.value[c] - m.lo[c], m.hi[c] - m.value[c]); }

// A value in one configuration: "33.3%" or "0.500" exact; "33.3% ± 0.4" or "0.52 ± 0.01"
// (95% half-width) from Monte Carlo, unless `bare`.
std::string value_text(const matrix_report& rep, const measured_value& m, int c, bool exact, bool bare = false) {
  if (is_mean(rep)) {
    if (exact || bare) return fmt::format("{:.3f}", m.value[c]);
    return fmt::format("{:.2f} ± {:.2f}", m.value[c], half(m, c));
  }
  if (exact || bare) return odds_percent(m.value[c]);
  return fmt::format("{} ± {:.1f}", odds_percent(m.value[c]), 100 * half(m, c));
}

// The change, second minus first: in points of probability or in the field's units (means);
// "n.d." when Monte Carlo cannot tell it from 0.
std::string change_text(const matrix_report& rep, const measured_value& m, bool exact) {
  const double scale = is_mean(rep) ? 1 : 100;
  const int digits = is_mean(rep) ? (exact ? 3 : 2) : 1;
  const std::string head = fmt::format("{:+.{}f}", scale * m.diff, digits);
  if (exact) return head;
  return fmt::format("{} ± {:.{}f}{}", head, scale * (m.diff_hi - m.diff_lo) / 2, digits, m.distinguishable ? "" : " n.d.");
}

std::string cell_text(const matrix_report& rep, const matrix_cell& cell) {
  const auto& m = cell.measured;
  if (!m.available) return "n/a";
  const bool exact = cell.report.exact;
  if (!rep.compared) return value_text(rep, m, 0, exact);
  return fmt::format("{} → {}  {}", value_text(rep, m, 0, exact, true), value_text(rep, m, 1, exact, true),
                     change_text(rep, m, exact));
}

// How the cells were computed, in one line: "exact odds in every cell", or Monte Carlo's seed
// and precision and how many cells it answered.
std::string method_summary(const matrix_report& rep) {
  std::size_t exact = 0, capped = 0;
  for (const auto& c : rep.cells) {
    if (c.report.exact) ++exact;
    else if (c.report.widest > c.report.precision) ++capped;
  }
  const std::size_t mc = rep.cells.size() - exact;
  if (mc == 0) return "exact odds in every cell";
  std::string s = exact == 0 ? "Monte Carlo in every cell"
                             : fmt::format("exact odds in {}, Monte Carlo in {}", plural(exact, "cell"), mc);
  s += fmt::format(" (seed {}, 95% intervals asked within ±{:.1f} points", rep.seed, 100 * rep.precision);
  if (capped) s += fmt::format("; --max-trials reached in {}", plural(capped, "cell"));
  return s + ")";
}

std::string axes_summary(const matrix_report& rep) {
  if (rep.column_labels.empty()) return "rows " + rep.row_field;
  return fmt::format("rows {}, columns {}", rep.row_field, rep.column_field);
}

std::string measure_kind(const odds_measure& m) {
  switch (m.what) {
    case odds_measure::kind::mean: return "mean";
    case odds_measure::kind::at_least: return "at_least";
    case odds_measure::kind::probability: break;
  }
  return "probability";
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

std::string matrix_text(const matrix_report& rep) {
  std::string out = fmt::format("{}: {}; {}\n", rep.procedure, measure_title(rep.measure), axes_summary(rep));
  if (rep.compared)
    out += fmt::format("{} → {}, and the change{}\n", rep.labels[0], rep.labels[1],
                       is_mean(rep) ? "" : " in points");
  out += method_summary(rep) + "\n";
  const bool list = rep.column_labels.empty();
  std::vector<std::vector<std::string>> table;
  table.push_back({""});
  if (list) table.back().push_back(rep.measure.text);
  for (const auto& c : rep.column_labels) table.back().push_back(c);
  for (const auto& cell : rep.cells) {
    if (cell.column == 0) table.push_back({rep.row_labels[cell.row]});
    table.back().push_back(cell_text(rep, cell));
  }
  return out + aligned_columns(table);
}

std::string matrix_csv(const matrix_report& rep) {
  std::string out = fmt::format("row,column,measure,{},lo,hi", is_mean(rep) ? "mean" : "p");
  if (rep.compared)
    out += fmt::format(",{}_other,lo_other,hi_other,difference,difference_lo,difference_hi,distinguishable",
                       is_mean(rep) ? "mean" : "p");
  out += ",method,trials\n";
  const std::string column_less;
  for (const auto& cell : rep.cells) {
    const auto& m = cell.measured;
    out += csv_field(rep.row_labels[cell.row]) + "," +
           csv_field(rep.column_labels.empty() ? column_less : rep.column_labels[cell.column]) + "," +
           csv_field(rep.measure.text);
    for (int c = 0; c < (rep.compared ? 2 : 1); ++c) {
      if (m.available) out += fmt::format(",{},{},{}", m.value[c], m.lo[c], m.hi[c]);
      else out += ",,,";
    }
    if (rep.compared) {
      if (m.available) out += fmt::format(",{},{},{},{}", m.diff, m.diff_lo, m.diff_hi, m.distinguishable);
      else out += ",,,,";
    }
    out += fmt::format(",{},{}\n", cell.report.exact ? "exact" : "monte carlo", cell.report.trials);
  }
  return out;
}

std::string matrix_json(const matrix_report& rep) {
  json measure = {{"text", rep.measure.text}, {"kind", measure_kind(rep.measure)}, {"field", rep.measure.field}};
  if (rep.measure.what == odds_measure::kind::probability) measure["value"] = rep.measure.value;
  if (rep.measure.what == odds_measure::kind::at_least) measure["at_least"] = rep.measure.at_least;
  json cells = json::array();
  for (const auto& cell : rep.cells) {
    const auto& m = cell.measured;
    json measured = nullptr;
    if (m.available) {
      measured = {{"value", m.value[0]}, {"lo", m.lo[0]}, {"hi", m.hi[0]}};
      if (rep.compared) {
        measured["value_other"] = m.value[1];
        measured["lo_other"] = m.lo[1];
        measured["hi_other"] = m.hi[1];
        measured["difference"] = {{"value", m.diff}, {"lo", m.diff_lo}, {"hi", m.diff_hi}, {"distinguishable", m.distinguishable}};
      }
    }
    cells.push_back({{"row", rep.row_labels[cell.row]},
                     {"column", rep.column_labels.empty() ? json(nullptr) : json(rep.column_labels[cell.column])},
                     {"input", json::parse(cell.input_json)},
                     {"method", cell.report.exact ? "exact" : "monte carlo"},
                     {"trials", cell.report.trials},
                     {"measured", measured},
                     {"odds", json::parse(odds_json(cell.report))}});
  }
  json columns = nullptr;
  if (!rep.column_labels.empty()) columns = {{"field", rep.column_field}, {"labels", rep.column_labels}};
  const json doc = {{"procedure", rep.procedure},
                    {"measure", measure},
                    {"configurations", rep.labels},
                    {"rows", {{"field", rep.row_field}, {"labels", rep.row_labels}}},
                    {"columns", columns},
                    {"seed", rep.seed},
                    {"precision", rep.precision},
                    {"cells", cells}};
  return doc.dump(2);
}

// ---------------------------------------------------------------------------------------
// The heat map
// ---------------------------------------------------------------------------------------

namespace {

struct rgb {
  double r, g, b;  // 0..255
};

constexpr rgb hex_rgb(unsigned v) { return {double((v >> 16) & 0xFF), double((v >> 8) & 0xFF), double(v & 0xFF)}; }

// Viridis (matplotlib; perceptually uniform, readable in grey and by most colour-blind
// readers), sampled at 9 points: for probabilities and means.
constexpr std::array<rgb, 9> viridis = {hex_rgb(0x440154), hex_rgb(0x472d7b), hex_rgb(0x3b528b), hex_rgb(0x2c728e),
                                        hex_rgb(0x21918c), hex_rgb(0x28ae80), hex_rgb(0x5ec962), hex_rgb(0xaddc30),
                                        hex_rgb(0xfde725)};
// ColorBrewer RdBu (11 classes), diverging around a light neutral: for changes, red below 0,
// blue above.
constexpr std::array<rgb, 11> red_blue = {hex_rgb(0x67001f), hex_rgb(0xb2182b), hex_rgb(0xd6604d), hex_rgb(0xf4a582),
                                          hex_rgb(0xfddbc7), hex_rgb(0xf7f7f7), hex_rgb(0xd1e5f0), hex_rgb(0x92c5de),
                                          hex_rgb(0x4393c3), hex_rgb(0x2166ac), hex_rgb(0x053061)};

template <std::size_t N>
rgb sample(const std::array<rgb, N>& stops, double t) {
  t = std::clamp(std::isfinite(t) ? t : 0.5, 0.0, 1.0) * (N - 1);
  const std::size_t i = std::min<std::size_t>(static_cast<std::size_t>(t), N - 2);
  const double f = t - static_cast<double>(i);
  const rgb& a = stops[i];
  const rgb& b = stops[i + 1];
  return {a.r + (b.r - a.r) * f, a.g + (b.g - a.g) * f, a.b + (b.b - a.b) * f};
}

std::string hex(const rgb& c) {
  const auto byte = [](double v) { return static_cast<int>(std::lround(std::clamp(v, 0.0, 255.0))); };
  return fmt::format("#{:02x}{:02x}{:02x}", byte(c.r), byte(c.g), byte(c.b));
}

// Black or white text, whichever reads better on `c` (WCAG relative luminance).
const char* ink(const rgb& c) {
  const auto lin = [](double v) {
    v /= 255;
    return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
  };
  const double l = 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
  return l > 0.18 ? "#000" : "#fff";
}

// The colour scale: what a cell's value maps to, and the legend's ends.
struct scale {
  bool diverging = false;
  double low = 0, high = 1;  // the value at either end (diverging: -high .. high)
  double position(double v) const { return diverging ? 0.5 + 0.5 * v / high : (v - low) / (high - low); }
  rgb colour(double v) const { return diverging ? sample(red_blue, position(v)) : sample(viridis, position(v)); }
};

scale scale_of(const matrix_report& rep) {
  scale s;
  s.diverging = rep.compared;
  double top = 0;
  for (const auto& c : rep.cells) {
    if (!c.measured.available) continue;
    top = std::max(top, rep.compared ? std::abs(c.measured.diff) : c.measured.value[0]);
  }
  if (rep.compared || is_mean(rep)) s.high = top > 0 ? top : 1;  // probabilities keep 0..1
  return s;
}

// A value on the scale as the legend writes it.
std::string scale_label(const matrix_report& rep, double v, bool sign) {
  if (is_mean(rep)) return !sign ? fmt::format("{:.2f}", v) : v == 0 ? "0" : fmt::format("{:+.2f}", v);
  if (sign) return v == 0 ? "0" : fmt::format("{:+.1f}", 100 * v);
  return fmt::format("{:.0f}%", 100 * v);
}

}  // namespace

std::string matrix_svg(const matrix_report& rep) {
  // Widths are estimated from character counts (7px a character at 12px, 8px bold, 8.5px in
  // the title), so the bytes depend on the report alone.
  constexpr double char_w = 7, bold_w = 8, cell_h = 40, pad = 10;
  const bool list = rep.column_labels.empty();
  const std::vector<std::string> columns = list ? std::vector<std::string>{rep.measure.text} : rep.column_labels;
  const scale sc = scale_of(rep);

  // Cell texts first, to size the cells: the value (or change), and Monte Carlo's ± below it.
  std::vector<std::pair<std::string, std::string>> texts;
  double widest = 0;  // pixels
  for (const auto& c : columns) widest = std::max(widest, bold_w * static_cast<double>(text_width(c)));
  for (const auto& cell : rep.cells) {
    const auto& m = cell.measured;
    const bool exact = cell.report.exact;
    std::pair<std::string, std::string> t;
    if (!m.available) {
      t.first = "n/a";
    } else if (!rep.compared) {
      t.first = value_text(rep, m, 0, true);
      if (!exact) t.second = is_mean(rep) ? fmt::format("± {:.2f}", half(m, 0)) : fmt::format("± {:.1f}", 100 * half(m, 0));
    } else {
      const std::string full = change_text(rep, m, exact);
      const auto at = full.find(" ± ");
      t.first = full.substr(0, at);
      if (at != std::string::npos) t.second = full.substr(at + 1);
    }
    widest = std::max({widest, char_w * static_cast<double>(text_width(t.first)),
                       char_w * static_cast<double>(text_width(t.second))});
    texts.push_back(std::move(t));
  }
  std::size_t row_label = 0;
  for (const auto& r : rep.row_labels) row_label = std::max(row_label, text_width(r));
  const double cell_w = std::clamp(widest + 16, 72.0, 220.0);
  const double left = pad + bold_w * static_cast<double>(row_label) + pad;
  const double top = 84;
  const double grid_w = cell_w * static_cast<double>(columns.size());
  const double grid_h = cell_h * static_cast<double>(rep.row_labels.size());

  std::string title = fmt::format("{}: {}", rep.procedure, measure_title(rep.measure));
  title += rep.compared ? fmt::format(", change {} − {}", rep.labels[1], rep.labels[0]) : ", " + rep.labels[0];
  const std::string subtitle = axes_summary(rep) + "; " + method_summary(rep);

  std::string body;
  for (std::size_t c = 0; c < columns.size(); ++c)
    body += fmt::format("<text class=\"column\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>\n",
                        left + cell_w * (static_cast<double>(c) + 0.5), top - 8, xml_escape(columns[c]));
  for (std::size_t r = 0; r < rep.row_labels.size(); ++r)
    body += fmt::format("<text class=\"row\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n", left - pad,
                        top + cell_h * (static_cast<double>(r) + 0.5) + 4, xml_escape(rep.row_labels[r]));
  for (std::size_t i = 0; i < rep.cells.size(); ++i) {
    const auto& cell = rep.cells[i];
    const auto& m = cell.measured;
    const double x = left + cell_w * static_cast<double>(cell.column), y = top + cell_h * static_cast<double>(cell.row);
    const rgb fill = m.available ? sc.colour(rep.compared ? m.diff : m.value[0]) : rgb{204, 204, 204};
    std::string tip = rep.row_labels[cell.row] + (list ? "" : " / " + rep.column_labels[cell.column]) + ": " +
                      measure_title(rep.measure) + " " + cell_text(rep, cell) +
                      (cell.report.exact ? " (exact)" : fmt::format(" (Monte Carlo, {} trials)", cell.report.trials));
    body += fmt::format(
        "<rect class=\"cell\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\" stroke=\"#fff\"><title>{}</title></rect>\n",
        x, y, cell_w, cell_h, hex(fill), xml_escape(tip));
    const auto& [first, second] = texts[i];
    const double cx = x + cell_w / 2;
    body += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" fill=\"{}\">{}</text>\n", cx,
                        y + (second.empty() ? 24 : 18), ink(fill), xml_escape(first));
    if (!second.empty())
      body += fmt::format("<text class=\"small\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" fill=\"{}\">{}</text>\n",
                          cx, y + 32, ink(fill), xml_escape(second));
  }

  // The legend: the scale as a gradient, its ends and middle labelled.
  constexpr double legend_w = 240;
  const double ly = top + grid_h + 34;
  std::string stops;
  constexpr int n_stops = 11;
  for (int s = 0; s < n_stops; ++s) {
    const double t = s / double(n_stops - 1);
    const rgb c = sc.diverging ? sample(red_blue, t) : sample(viridis, t);
    stops += fmt::format("<stop offset=\"{:.2f}\" stop-color=\"{}\"/>", t, hex(c));
  }
  std::string caption = measure_title(rep.measure);
  if (rep.compared) caption = fmt::format("change of {}{} ({} − {})", caption, is_mean(rep) ? "" : ", points", rep.labels[1], rep.labels[0]);
  const double lo = sc.diverging ? -sc.high : sc.low, hi = sc.high;
  body += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n", left, ly - 6, xml_escape(caption));
  body += fmt::format("<rect class=\"legend\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"12\" fill=\"url(#scale)\"/>\n",
                      left, ly, legend_w);
  const std::array<std::pair<double, const char*>, 3> ticks = {{{0, "start"}, {0.5, "middle"}, {1, "end"}}};
  for (const auto& [t, anchor] : ticks) {
    const double v = lo + (hi - lo) * t;
    body += fmt::format("<text class=\"small\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"{}\">{}</text>\n",
                        left + legend_w * t, ly + 26, anchor, scale_label(rep, v, sc.diverging));
  }
  const bool any_monte_carlo =
      std::any_of(rep.cells.begin(), rep.cells.end(), [](const matrix_cell& c) { return !c.report.exact; });
  if (rep.compared && any_monte_carlo)
    body += fmt::format("<text class=\"small\" x=\"{:.1f}\" y=\"{:.1f}\">n.d.: not distinguishable from no change</text>\n",
                        left + legend_w + 16, ly + 10);

  const double width = std::max({left + grid_w + pad, pad + 8.5 * static_cast<double>(text_width(title)) + pad,
                                 pad + 6.5 * static_cast<double>(text_width(subtitle)) + pad,
                                 left + legend_w + (rep.compared ? 260 : pad)});
  return fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0f}\" height=\"{:.0f}\" font-family=\"sans-serif\" "
      "font-size=\"12\">\n<style>.title {{ font-weight: bold; font-size: 14px; }} .column, .row {{ font-weight: bold; }} "
      ".small {{ font-size: 10px; }}</style>\n"
      "<defs><linearGradient id=\"scale\" x1=\"0\" x2=\"1\" y1=\"0\" y2=\"0\">{}</linearGradient></defs>\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      "<text class=\"title\" x=\"{:.0f}\" y=\"22\">{}</text>\n<text x=\"{:.0f}\" y=\"42\">{}</text>\n{}</svg>\n",
      width, ly + 44, stops, pad, xml_escape(title), pad, xml_escape(subtitle), body);
}

}  // namespace muster::cli
