// The replay driver: runs a fuzz target's LLVMFuzzerTestOneInput on every file named on the
// command line or found in a folder named there (sorted, so runs are alike; a folder that
// does not exist holds nothing), without libFuzzer. ctest runs each target's seed corpus and
// crash reproducers through it in every build (tests/fuzz/CMakeLists.txt); a crash is the
// target's own abort. Prints what it ran.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    const fs::path p = argv[i];
    if (fs::is_directory(p)) {
      for (const auto& e : fs::directory_iterator(p))
        if (e.is_regular_file()) files.push_back(e.path());
    } else if (fs::is_regular_file(p)) {
      files.push_back(p);
    } else if (!p.has_extension() && !fs::exists(p)) {
      std::fprintf(stderr, "replay: no folder '%s' (nothing to replay there)\n", argv[i]);
    } else {
      std::fprintf(stderr, "replay: no file or folder '%s'\n", argv[i]);
      return 2;
    }
  }
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    std::fprintf(stderr, "replay: %s (%zu bytes)\n", f.c_str(), bytes.size());
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  }
  std::fprintf(stderr, "replay: %zu input(s), no crash\n", files.size());
  return 0;
}
