// Whole files as text for the command line: read and written in one call, every failure one
// muster::error naming the file ("cannot write 'odds.svg'").
#pragma once

#include <string>

namespace muster::cli {

/// The file's bytes. Throws muster::error "cannot read '<path>'".
std::string read_file_text(const std::string& path);

/// Writes `text` as the whole file, checking every step (a full disk is an error). Throws
/// muster::error "cannot write '<path>'".
void write_file_text(const std::string& path, const std::string& text);

}  // namespace muster::cli
