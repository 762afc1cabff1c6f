// Whole files as text for the command line: read and written in one call, every failure one
// muster::error naming the file ("cannot write 'odds.svg'").
#pragma once

#include <cstddef>
#include <istream>
#include <string>

namespace muster::cli {

/// The most an input file (procedure input, a save, an army file, choices, a matrix) may
/// hold: 64 MiB. Reading stops there, so /dev/zero is an error, not a hang.
inline constexpr std::size_t max_input_file = 64u << 20;

/// What `in` gives until its end; `name` names it in the error when it gives more than
/// max_input_file ("standard input").
std::string read_stream_text(std::istream& in, const std::string& name);

/// The file's bytes. Throws muster::error "cannot read '<path>'", or that it is larger than
/// max_input_file.
std::string read_file_text(const std::string& path);

/// Writes `text` as the whole file, checking every step (a full disk is an error). Throws
/// muster::error "cannot write '<path>'".
void write_file_text(const std::string& path, const std::string& text);

}  // namespace muster::cli
