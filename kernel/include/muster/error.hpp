// Errors the kernel reports. Every what() is one line meant for a person: it names the
// field, file:line or roll at fault. Services throw muster::error; the Lua host turns script
// failures into muster::script_error. Nothing here knows about Lua.
#pragma once

#include <fmt/format.h>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace muster {

/// The base of every error the kernel throws on bad input or an impossible request.
class error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// `text` made fit for one line of a terminal: control characters and bytes that are not
/// UTF-8 shown as escapes (\n, \t, \r, \e, \xHH), and a text longer than `max` bytes cut on
/// a character boundary with "... (N more bytes)". Messages that carry a script's or a user's
/// text go through it before anyone prints them.
std::string one_line(std::string_view text, std::size_t max = 1000);

/// `text` made safe to show on a terminal over several lines: newlines, tabs, UTF-8 and
/// colour sequences (ESC [ digits and ';' m) kept; every other control character (a carriage
/// return, a bell, ESC starting anything but a colour: a title, a cursor move) and bytes that
/// are not UTF-8 shown as escapes. What a script prints or renders goes through it.
std::string terminal_text(std::string_view text);

/// Throws muster::error with a fmt-formatted message.
template <typename... Args>
[[noreturn]] void fail(fmt::format_string<Args...> format, Args&&... args) {
  throw error(fmt::format(format, std::forward<Args>(args)...));
}

/// The most bytes of an input value an error message echoes: a longer one is cut, so an error
/// about a 100 KB value is still one short line.
inline constexpr std::size_t max_echo = 80;

/// `value` as a message echoes it: whole when at most `max` bytes, else its first `max` bytes
/// (never cutting a UTF-8 sequence) and "…"; control characters as \xNN, so the message stays
/// one line.
std::string cut_echo(std::string_view value, std::size_t max = max_echo);

/// The what() of a JSON library (nlohmann::json) exception as a message part: without its
/// "[json.exception.parse_error.101] " prefix, and the input it quotes ("last read: '...'",
/// "number overflow parsing '...'") cut to its last max_echo bytes after "…" (the end is
/// where the parser stopped).
std::string json_error_text(std::string_view what);

/// Why a script stopped.
enum class script_failure {
  runtime,             ///< a Lua error (error(), a bad call, a kernel service refusing)
  syntax,              ///< the chunk did not compile
  instruction_budget,  ///< the instruction budget ran out (a runaway loop)
  memory_budget,       ///< the memory budget ran out (a runaway allocation)
  time_budget,         ///< the time budget ran out (a call past its deadline)
  output_budget,       ///< the output budget ran out (a call printing or logging without end)
  interrupted,         ///< runtime::interrupt() stopped the call (Ctrl-C at the REPL)
};

/// A failure inside a script. what() reads "file:line: message" (one line); traceback()
/// holds the Lua stack at the point of failure for --verbose output and logs.
class script_error : public error {
 public:
  script_error(script_failure kind, std::string file, int line, std::string message,
               std::string traceback)
      : error(line > 0 ? fmt::format("{}:{}: {}", file, line, message)
                       : (file.empty() ? message : fmt::format("{}: {}", file, message))),
        kind_(kind),
        file_(std::move(file)),
        line_(line),
        message_(std::move(message)),
        traceback_(std::move(traceback)) {}

  script_failure kind() const noexcept { return kind_; }
  /// The chunk name without its '@', e.g. "scripts/rulesets/demo/init.lua"; may be empty.
  const std::string& file() const noexcept { return file_; }
  /// The line in file(), or 0 when unknown.
  int line() const noexcept { return line_; }
  /// The message without the file:line prefix.
  const std::string& message() const noexcept { return message_; }
  const std::string& traceback() const noexcept { return traceback_; }

 private:
  script_failure kind_;
  std::string file_;
  int line_;
  std::string message_;
  std::string traceback_;
};

}  // namespace muster
