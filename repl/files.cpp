// Whole files as text (files.hpp).
#include "files.hpp"

#include <fstream>

#include "muster/error.hpp"

namespace muster::cli {

std::string read_stream_text(std::istream& in, const std::string& name) {
  std::string text;
  char buffer[65536];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (text.size() > max_input_file)
      fail("{} is larger than an input file may be ({} MiB)", name, max_input_file >> 20);
  }
  return text;
}

std::string read_file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail("cannot read '{}'", path);
  return read_stream_text(in, "'" + path + "'");
}

void write_file_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  if (!out) fail("cannot write '{}'", path);
  out << text;
  out.close();
  if (!out) fail("cannot write '{}'", path);
}

}  // namespace muster::cli
