// Fuzz target: the REPL (`muster repl`) fed lines as from a pipe: Lua lines, colon commands,
// and the answers to dice and choice prompts, in a fresh session on the FANTASY WARRIORS
// sample units per input (repl/repl.hpp: run_repl with repl_options::input). The session
// reports every failure itself, one line on stderr, so what this target finds are crashes,
// undefined behaviour, leaks and hangs. Commands that write or read files are pointed at one
// scratch folder: `:save`, `:log FILE` and `:load` use its state.json and log.txt, whatever
// the input names.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <string_view>

#include "repl.hpp"

#include "fuzz_support.hpp"

using muster::fuzz::expect_documented;

namespace {

std::string trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  return std::string(s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1));
}

// The scratch folder of this process (never freed: it is removed at exit).
const std::string& scratch() {
  static const std::string* dir = [] {
    const auto d = std::filesystem::temp_directory_path() / ("muster-repl-fuzz-" + std::to_string(::getpid()));
    std::filesystem::create_directories(d);
    std::atexit([] {
      std::error_code ec;
      std::filesystem::remove_all(scratch(), ec);
    });
    return new std::string(d.string());
  }();
  return *dir;
}

// The input's lines, with the file commands' files replaced by the scratch folder's.
std::string contained(std::string_view text) {
  std::string out;
  std::size_t at = 0;
  while (at <= text.size()) {
    const auto end = std::min(text.find('\n', at), text.size());
    std::string line(text.substr(at, end - at));
    const std::string t = trim(line);
    if (t.starts_with(":save")) line = ":save " + scratch() + "/state.json";
    else if (t.starts_with(":log") && t.size() > 4) line = ":log " + scratch() + "/log.txt";
    else if (t.starts_with(":load")) line = ":load " + scratch() + "/state.json" + (t.ends_with(" --accept") ? " --accept" : "");
    out += line;
    out += '\n';
    at = end + 1;
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream lines(contained(std::string_view(reinterpret_cast<const char*>(data), size)));
  muster::cli::repl_options o;
  o.colour = "never";
  o.history = "/dev/null";
  o.input = &lines;
  expect_documented([&] { muster::cli::run_repl(o); });
  return 0;
}
