// The scenario matrix of `muster odds --matrix FILE`: a list of matchups (rows, and optionally
// columns) over one shared input, each cell's odds computed by compute_odds (odds.hpp) in a
// fixed order with one seed, one measured value per cell, and the matrix as text, CSV, JSON
// and an SVG heat map. Owns the matrix file's format and the measure; knows no rule (what a
// cell counts comes from the ruleset, as for single odds). See docs/odds.md "Scenario matrix".
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "odds.hpp"

namespace muster::cli {

/// What a matrix cell shows, as written "FIELD=VALUE" (the probability of a value),
/// "mean:FIELD" (a count field's mean) or "at_least:FIELD=N" (a count's tail, N >= 1).
struct odds_measure {
  enum class kind { probability, mean, at_least };
  kind what = kind::probability;
  std::string field;
  std::string value;      ///< probability: the value as the ruleset gives it ("-": no value)
  long long at_least = 0;  ///< at_least: N
  std::string text;       ///< as written ("winner=attacker")
  std::string source;     ///< where it was given, for errors ("--measure", "matrix.measure")
};

/// Parses a measure. "(none)" stands for "-" (no value). Throws input_error(source, why) when
/// it is none of the three forms.
odds_measure parse_measure(const std::string& text, const std::string& source);

/// How a measure reads for people: "P(reaction=rout)", "mean kills", "P(kills ≥ 2)".
std::string measure_title(const odds_measure& measure);

/// One row or column: a label and the JSON value the axis's field takes in its cells.
struct matrix_entry {
  std::string label;
  std::string value_json;
};

/// The rows or the columns: the input field they set (a dotted path, "defender.unit") and
/// their entries, in order.
struct matrix_axis {
  std::string field;
  std::vector<matrix_entry> entries;
};

/// A scenario matrix file, checked.
struct odds_matrix {
  std::string input_json = "{}";       ///< the fields every cell shares (a JSON object)
  matrix_axis rows;
  std::optional<matrix_axis> columns;  ///< none: one column, the rows are a list of matchups
  std::string measure;                 ///< as the file gives it; empty when it gives none
};

/// Parses a matrix file's text: {"input"?: {...}, "rows": {"field", "entries": [{"label",
/// "value"} or a string or number, ...]}, "columns"?: {...}, "measure"?: "..."}. Throws
/// input_error naming the part at fault, entries counted from 1
/// ("matrix.rows.entries[2].label", "missing").
odds_matrix parse_matrix(const std::string& text);

/// The input of a cell: the shared input, the row's value set at rows.field, then the
/// column's at columns.field (objects on the way are made when missing). `column` is 0 when
/// there are no columns. Throws input_error ("matrix.rows.field", ...) when a part of the path
/// is a value that is not an object in the shared input.
std::string matrix_cell_input(const odds_matrix& matrix, std::size_t row, std::size_t column);

/// The measure in one cell: its value in each configuration with 95% intervals (equal to the
/// value when exact) and, when comparing, the change (second minus first) with its interval.
/// A value a cell never gave has probability 0 (its interval, for Monte Carlo, 0 to the
/// largest probability its trials cannot rule out); a mean of a field with no number in the
/// cell is not available.
struct measured_value {
  bool available = false;
  double value[2] = {0, 0}, lo[2] = {0, 0}, hi[2] = {0, 0};
  double diff = 0, diff_lo = 0, diff_hi = 0;
  bool distinguishable = false;
};

struct matrix_cell {
  std::size_t row = 0, column = 0;
  std::string input_json;  ///< the cell's input, as `muster odds --input` would take it
  odds_report report;
  measured_value measured;
};

struct matrix_report {
  std::string procedure;
  odds_measure measure;
  std::string row_field, column_field;  ///< column_field empty without columns
  std::vector<std::string> row_labels, column_labels;  ///< column_labels empty without columns
  std::vector<std::string> labels;  ///< the configurations
  bool compared = false;
  std::uint64_t seed = 0;
  double precision = 0;
  std::vector<matrix_cell> cells;  ///< row by row
  /// Probability and at_least measures: whether any cell gave the value (or reached N); a
  /// measure no cell reaches is more likely a typo than a finding.
  bool measure_seen = true;
  std::vector<std::string> values_seen;  ///< the measured field's values over all cells
};

/// Called before each cell is computed and after each block of its trials: the cell's
/// index (row by row), the number of cells, and the trials done and targeted in that cell.
using matrix_progress = std::function<void(std::size_t, std::size_t, std::uint64_t, std::uint64_t)>;

/// Computes every cell, row by row, with compute_odds on `request` (its input_json replaced by
/// the cell's; the same seed in every cell, so the cells share their dice streams and a rerun
/// is identical). First checks, for each configuration, the measure against the procedure's
/// outcome fields and every cell's input by resolving it once, so bad input stops the matrix
/// before any odds are computed. Throws input_error (the measure's source, or
/// "matrix cell \"ROW\" / \"COLUMN\": <field>"), muster::error for anything else, named with
/// its cell.
matrix_report compute_matrix(const odds_request& request, const odds_matrix& matrix, const odds_measure& measure,
                             const matrix_progress& progress = {});

/// The matrix as text: a header naming the measure, axes and methods, then rows x columns of
/// measured values (with ± their 95% half-width when Monte Carlo; both values and the change
/// when comparing).
std::string matrix_text(const matrix_report& report);
/// The matrix as CSV: a header, then one line per cell (row, column, measure, the value with
/// its interval, the other configuration's and the change when comparing, method, trials).
std::string matrix_csv(const matrix_report& report);
/// The matrix as JSON text (indented by 2), each cell with its input and its full odds report.
std::string matrix_json(const matrix_report& report);
/// The matrix as an SVG heat map: a cell per matchup coloured by the measured value (viridis
/// for values, a diverging red-blue centred on 0 for changes), the value printed in it, the
/// row and column labels, a title and a legend. The same report gives the same bytes.
std::string matrix_svg(const matrix_report& report);

}  // namespace muster::cli
