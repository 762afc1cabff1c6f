// What the fuzz targets (tests/fuzz/*_fuzz.cpp, docs/fuzzing.md) share: a documented error
// (muster::error and its kinds input_error, script_error) is an outcome, and its text must be
// one line of bounded length that echoes no long run of the input uncut; any other exception
// is a crash. Header only, no libFuzzer: the replay driver (replay_main.cpp)
// runs the same targets in the ordinary test build.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>
#include <typeinfo>
#include <unordered_set>
#include <vector>

#include "muster/error.hpp"

namespace muster::fuzz {

/// The longest error text a target accepts. A message echoes what it names cut to 80
/// characters plus "…", so a path, a value and a list of the allowed ones stay well under
/// this; an error that echoes a whole input does not.
inline constexpr std::size_t max_error_text = 1000;

/// Reports `why` (and `detail`, cut to 2000 bytes) on stderr and aborts: libFuzzer then
/// saves the input as a crash.
[[noreturn]] inline void crash(std::string_view why, std::string_view detail = {}) {
  if (detail.size() > 2000) detail = detail.substr(0, 2000);
  std::fprintf(stderr, "fuzz: %.*s%s%.*s\n", static_cast<int>(why.size()), why.data(), detail.empty() ? "" : ": ",
               static_cast<int>(detail.size()), detail.data());
  std::fflush(stderr);
  std::abort();
}

/// Bytes of the input in a row that an error text may not repeat: more than a cut value
/// (muster::max_echo bytes and "…") and a few bytes around it hold.
inline constexpr std::size_t echo_window = muster::max_echo + 16;

/// The hash of every echo_window bytes in a row of `text` (polynomial, rolling). Hashes, not
/// std::string_view compares: libFuzzer records what memcmp compares and would learn to put
/// the error texts themselves into its inputs.
inline std::vector<std::uint64_t> window_hashes(std::string_view text) {
  std::vector<std::uint64_t> out;
  if (text.size() < echo_window) return out;
  constexpr std::uint64_t base = 1099511628211ull;
  std::uint64_t top = 1, h = 0;  // top: base^(window - 1)
  for (std::size_t i = 1; i < echo_window; ++i) top *= base;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (i >= echo_window) h -= top * static_cast<unsigned char>(text[i - echo_window]);
    h = h * base + static_cast<unsigned char>(text[i]);
    if (i + 1 >= echo_window) out.push_back(h);
  }
  return out;
}

/// Crashes unless `text` is one line of at most max_error_text bytes that repeats no
/// echo_window bytes in a row of `input` (a value echoed whole, not cut).
inline void check_error_text(std::string_view text, std::string_view input = {}) {
  if (text.find('\n') != std::string_view::npos) crash("an error of more than one line", text);
  if (text.size() > max_error_text)
    crash("an error text of " + std::to_string(text.size()) + " bytes (values must be cut)", text);
  const std::vector<std::uint64_t> in = window_hashes(input);
  if (in.empty()) return;
  const std::unordered_set<std::uint64_t> windows(in.begin(), in.end());
  for (const std::uint64_t h : window_hashes(text))
    if (windows.count(h) != 0)
      crash("an error echoes " + std::to_string(echo_window) + "+ bytes of the input (values must be cut)", text);
}

/// Runs `f`. A muster::error is an expected outcome, its text checked by check_error_text
/// against `input` (and printed when MUSTER_FUZZ_VERBOSE is set); any other exception
/// crashes with its type and text.
template <typename F>
void expect_documented(F&& f, std::string_view input = {}) {
  try {
    f();
  } catch (const muster::error& e) {
    static const bool verbose = std::getenv("MUSTER_FUZZ_VERBOSE") != nullptr;
    if (verbose) std::fprintf(stderr, "fuzz: error: %s\n", e.what());
    check_error_text(e.what(), input);
  } catch (const std::exception& e) {
    crash(std::string("undocumented exception ") + typeid(e).name(), e.what());
  } catch (...) {
    crash("an exception that is not a std::exception");
  }
}

}  // namespace muster::fuzz
