// The command line's JSON input and its choices (choices.hpp).
#include "choices.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <charconv>
#include <cstdint>

#include "muster/runtime.hpp"

namespace muster::cli {

std::pair<std::string, std::string> side_and_value(const std::string& item, const char* flag) {
  const auto eq = item.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == item.size())
    throw input_error(flag, fmt::format("'{}': want SIDE=VALUE", item));
  return {item.substr(0, eq), item.substr(eq + 1)};
}

std::string merge_choices(std::string input, const std::vector<std::string>& choose,
                          const std::vector<std::string>& policies) {
  if (choose.empty() && policies.empty()) return input;
  nlohmann::json doc = nlohmann::json::parse(input, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return input;
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
