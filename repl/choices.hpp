// The JSON input of `muster resolve` and `muster odds` as the command line handles it before
// the kernel does: parsed with a bound on nesting, and --choose answers and --policy names
// merged into its "choices". Knows no procedure and no field but "choices"; the kernel
// (runtime::resolve) checks everything else.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace muster::cli {

/// The deepest nesting of input JSON the command line reads: as deep as runtime::resolve
/// takes. Deeper input is refused before anything walks it, since the JSON library writes
/// and compares documents recursively and a file of nested brackets would exhaust the stack.
inline constexpr int max_input_depth = 100;

/// Parses input JSON text. Throws muster::input_error with `field` ("input", or the file's
/// role, "matrix"): "not valid JSON: <why>", or "nested deeper than 100 levels".
nlohmann::json parse_input_json(std::string_view text, const std::string& field = "input");

/// Splits "SIDE=VALUE" from --choose or --policy (named by `flag` in errors). Throws
/// muster::input_error(flag, "'x': want SIDE=VALUE"), or (flag, "byte 0x8c after 'x' is not
/// UTF-8") for an item JSON text cannot hold.
std::pair<std::string, std::string> side_and_value(const std::string& item, const char* flag);

/// `input` with --choose answers ("SIDE=ANSWER"; digits are an integer answer) and --policy
/// names ("SIDE=NAME") put into its "choices": for each side named, the command line replaces
/// what the input says. Without either, or when `input` is not valid JSON or not an object,
/// returns `input` untouched for runtime::resolve to report. Throws muster::input_error for
/// a bad item (side_and_value) and for input nested too deeply (parse_input_json).
std::string merge_choices(std::string input, const std::vector<std::string>& choose,
                          const std::vector<std::string>& policies);

}  // namespace muster::cli
