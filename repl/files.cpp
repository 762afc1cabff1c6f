// Whole files as text (files.hpp).
#include "files.hpp"

#include <fstream>
#include <sstream>

#include "muster/error.hpp"

namespace muster::cli {

std::string read_file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail("cannot read '{}'", path);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

void write_file_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  if (!out) fail("cannot write '{}'", path);
  out << text;
  out.close();
  if (!out) fail("cannot write '{}'", path);
}

}  // namespace muster::cli
