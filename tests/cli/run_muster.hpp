// Runs the built `muster` binary (MUSTER_EXE) in a child process for the CLI tests: the
// exit status and both output streams, with optional text on standard input.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace muster_cli {

namespace fs = std::filesystem;

struct outcome {
  int status = -1;
  std::string out;
  std::string err;
};

// The CLI tests' input files.
inline const std::string fixtures = MUSTER_SOURCE_DIR "/tests/cli/fixtures/";

// How many times `what` occurs in `text` (overlaps counted).
inline std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

inline std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// Runs `muster <args>` (args are shell words, quoted by the caller), optionally with `stdin_text`
// on standard input, from the source folder; returns the exit status and both streams.
inline outcome muster(const std::string& args, const std::string& stdin_text = "") {
  static int counter = 0;
  const fs::path dir = fs::temp_directory_path() /
                       ("muster-cli-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
  fs::create_directories(dir);
  {
    std::ofstream in(dir / "in");
    in << stdin_text;
  }
  const std::string command = "cd '" MUSTER_SOURCE_DIR "' && '" MUSTER_EXE "' " + args + " < '" +
                              (dir / "in").string() + "' > '" + (dir / "out").string() + "' 2> '" +
                              (dir / "err").string() + "'";
  const int raw = std::system(command.c_str());
  outcome o;
  o.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  o.out = slurp(dir / "out");
  o.err = slurp(dir / "err");
  fs::remove_all(dir);
  return o;
}

}  // namespace muster_cli
