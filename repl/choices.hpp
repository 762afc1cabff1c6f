// The JSON input of `muster resolve` and `muster odds` as the command line handles it before
// the kernel does: --choose answers and --policy names merged into its "choices". Knows no procedure and no field but "choices"; the kernel
// (runtime::resolve) checks everything else.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace muster::cli {

/// Splits "SIDE=VALUE" from --choose or --policy (named by `flag` in errors). Throws
/// muster::input_error(flag, "'x': want SIDE=VALUE").
std::pair<std::string, std::string> side_and_value(const std::string& item, const char* flag);

/// `input` with --choose answers ("SIDE=ANSWER"; digits are an integer answer) and --policy
/// names ("SIDE=NAME") put into its "choices": for each side named, the command line replaces
/// what the input says. Without either, or when `input` is not valid JSON or not an object,
/// returns `input` untouched for runtime::resolve to report. Throws muster::input_error for
/// a bad item (side_and_value).
std::string merge_choices(std::string input, const std::vector<std::string>& choose,
                          const std::vector<std::string>& policies);

}  // namespace muster::cli
