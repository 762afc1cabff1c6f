// Determinism across processes: the built `muster` binary, run twice in two processes on
// the same seeded script (tests/fixtures/determinism.lua, which lets pairs() over
// string-keyed tables decide things), writes byte-identical JSON Lines logs; another seed
// writes another log. Two processes differ in addresses and allocation history, which a
// test inside one process cannot show.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

namespace {

// A fresh folder for this test process's logs, removed afterwards.
struct temp_dir {
  fs::path path = fs::temp_directory_path() / ("muster-determinism-" + std::to_string(::getpid()));
  temp_dir() { fs::create_directories(path); }
  ~temp_dir() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;
};

// Runs `muster run determinism.lua --seed <seed> --jsonl --log <log>` in its own process
// and returns the log's bytes; fails the test when the command fails.
std::string run_logged(std::uint64_t seed, const fs::path& log) {
  const std::string command = std::string("'") + MUSTER_BINARY_DIR + "/repl/muster' run '" +
                              MUSTER_SOURCE_DIR + "/tests/fixtures/determinism.lua' --seed " +
                              std::to_string(seed) + " --jsonl --log '" + log.string() + "'";
  const int status = std::system(command.c_str());
  EXPECT_EQ(status, 0) << command;
  std::ifstream in(log, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST(determinism, same_seed_logs_the_same_bytes_in_two_processes) {
  temp_dir dir;
  const std::string a = run_logged(7, dir.path / "a.jsonl");
  const std::string b = run_logged(7, dir.path / "b.jsonl");
  // Non-trivial: every kind the fixture logs, with its 12 initiative and 12 nerve rolls.
  EXPECT_GE(count(a, "\"kind\":\"roll\""), 24u);
  for (const char* kind : {"first", "initiative", "nerve", "state", "choice", "odds", "text"})
    EXPECT_NE(a.find(std::string("\"kind\":\"") + kind + "\""), std::string::npos) << kind;
  EXPECT_EQ(a, b);
}

TEST(determinism, another_seed_logs_other_bytes) {
  temp_dir dir;
  const std::string a = run_logged(7, dir.path / "a.jsonl");
  const std::string b = run_logged(8, dir.path / "b.jsonl");
  ASSERT_FALSE(a.empty());
  EXPECT_NE(a, b);
}
