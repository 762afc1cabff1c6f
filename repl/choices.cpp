// The command line's JSON input and its choices (choices.hpp).
#include "choices.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdint>

#include "muster/runtime.hpp"

#include "report_text.hpp"

namespace muster::cli {
namespace {

// Thrown out of the parser's callback to stop it at the first level too deep.
struct too_deep {};

}  // namespace

nlohmann::json parse_input_json(std::string_view text, const std::string& field) {
  // The parser itself keeps its stack on the heap; the callback stops it before the document
  // grows deeper than anything after it may walk.
  const nlohmann::json::parser_callback_t bound = [](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
    if (depth > max_input_depth) throw too_deep{};
    return true;
  };
  try {
    return nlohmann::json::parse(text, bound);
  } catch (const too_deep&) {
    throw input_error(field, fmt::format("nested deeper than {} levels", max_input_depth));
  } catch (const nlohmann::json::exception& e) {  // parse_error, and out_of_range for 1e400
    throw input_error(field, "not valid JSON: " + json_error_text(e));
  }
}

std::pair<std::string, std::string> side_and_value(const std::string& item, const char* flag) {
  // The item goes into JSON text, which is UTF-8; a command line need not be.
  if (const auto at = utf8_error_at(item); at != std::string::npos)
    throw input_error(flag, fmt::format("byte 0x{:02x} after '{}' is not UTF-8", static_cast<unsigned char>(item[at]),
                                        cut_echo(std::string_view(item).substr(0, at))));
  const auto eq = item.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == item.size())
    throw input_error(flag, fmt::format("'{}': want SIDE=VALUE", cut_echo(item)));
  return {item.substr(0, eq), item.substr(eq + 1)};
}

std::string merge_choices(std::string input, const std::vector<std::string>& choose,
                          const std::vector<std::string>& policies) {
  if (choose.empty() && policies.empty()) return input;
  nlohmann::json doc;
  try {
    doc = parse_input_json(input);
  } catch (const input_error& e) {
    if (e.why().starts_with("not valid JSON")) return input;
    throw;
  }
  if (!doc.is_object()) return input;
  nlohmann::json given = nlohmann::json::object();
  for (const auto& item : policies) {
    auto [side, name] = side_and_value(item, "--policy");
    given[side] = name;
  }
  for (const auto& item : choose) {
    auto [side, answer] = side_and_value(item, "--choose");
    if (!given.contains(side) || !given[side].is_array()) given[side] = nlohmann::json::array();
    std::int64_t number = 0;
    const auto [ptr, ec] = std::from_chars(answer.data(), answer.data() + answer.size(), number);
    if (ec == std::errc() && ptr == answer.data() + answer.size())
      given[side].push_back(number);  // digits: an integer answer (range questions)
    else
      given[side].push_back(answer);
  }
  if (!doc.contains("choices") || !doc["choices"].is_object()) doc["choices"] = nlohmann::json::object();
  for (auto& [side, value] : given.items()) doc["choices"][side] = value;
  return doc.dump();
}

}  // namespace muster::cli
