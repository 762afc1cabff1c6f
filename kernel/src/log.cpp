// The event log: validation on append and the two deterministic renderings (JSON Lines and
// text). Number formatting goes through fmt only (never iostreams or locale-dependent code),
// so every machine renders the same bytes.
#include "muster/log.hpp"

#include <fmt/format.h>

#include <cmath>

#include "muster/error.hpp"
#include "text.hpp"

namespace muster {
namespace {

using text::is_identifier;

void append_double(std::string& out, double d) {
  const std::string s = fmt::format("{}", d);
  out += s;
  if (s.find_first_of(".en") == std::string::npos) out += ".0";
}

void append_json_string(std::string& out, std::string_view s) {
  out += '"';
  for (const char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20)
          out += fmt::format("\\u{:04x}", static_cast<unsigned>(static_cast<unsigned char>(c)));
        else
          out += c;
    }
  }
  out += '"';
}

bool is_bare(std::string_view s) {
  if (s.empty()) return false;
  for (const char c : s) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '-' || c == '.' || c == ':' || c == '/' || c == '+';
    if (!ok) return false;
  }
  return true;
}

// Appends a value; `text` selects the text rendering of strings.
void append_value(std::string& out, const field_value& v, bool text) {
  std::visit(
      [&](const auto& x) {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, bool>) {
          out += x ? "true" : "false";
        } else if constexpr (std::is_same_v<T, std::int64_t>) {
          out += fmt::format("{}", x);
        } else if constexpr (std::is_same_v<T, double>) {
          append_double(out, x);
        } else if constexpr (std::is_same_v<T, std::string>) {
          if (text && is_bare(x))
            out += x;
          else
            append_json_string(out, x);
        } else {
          out += '[';
          for (std::size_t i = 0; i < x.size(); ++i) {
            if (i > 0) out += ',';
            out += fmt::format("{}", x[i]);
          }
          out += ']';
        }
      },
      v);
}

}  // namespace

void event_log::set_clock(std::int64_t turn, std::string_view phase) {
  turn_ = turn;
  phase_.assign(phase);
  if (clock_listener_) clock_listener_(turn_, phase_);
}

void event_log::append(std::string_view kind, std::vector<field> fields) {
  if (!is_identifier(kind)) fail("log: bad event kind '{}' (want an identifier)", kind);
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const field& f = fields[i];
    if (!is_identifier(f.name))
      fail("log: event '{}': bad field name '{}' (want an identifier)", kind, f.name);
    for (std::size_t j = 0; j < i; ++j)
      if (fields[j].name == f.name) fail("log: event '{}': field '{}' given twice", kind, f.name);
    if (const double* d = std::get_if<double>(&f.value); d && !std::isfinite(*d))
      fail("log: event '{}': field '{}' is not a finite number", kind, f.name);
  }
  // The model of bytes(): texts' lengths, 64 for the event and for each field, 8 a number.
  std::size_t cost = 64 + phase_.size() + kind.size();
  for (const field& f : fields) {
    cost += 64 + f.name.size();
    if (const auto* text = std::get_if<std::string>(&f.value)) cost += text->size();
    if (const auto* list = std::get_if<std::vector<std::int64_t>>(&f.value)) cost += 8 * list->size();
  }
  meter_->hold(static_cast<std::int64_t>(cost));  // throws: nothing appended
  bytes_ += cost;
  event e{next_seq_, turn_, phase_, std::string(kind), std::move(fields)};
  events_.push_back(std::move(e));
  ++next_seq_;
  if (sink_) sink_(events_.back());
}

void event_log::clear() noexcept {
  events_.clear();
  next_seq_ = 1;
  meter_->hold(-static_cast<std::int64_t>(bytes_));
  bytes_ = 0;
}

void event_log::set_meter(work_meter* meter) {
  work_meter& next = meter ? *meter : work_meter::none();
  if (&next == meter_) return;
  next.hold(static_cast<std::int64_t>(bytes_));  // throws: nothing changes
  meter_->hold(-static_cast<std::int64_t>(bytes_));
  meter_ = &next;
}

std::string event_log::fmt_json(const event& e) {
  std::string out = fmt::format("{{\"seq\":{},\"turn\":{},\"phase\":", e.seq, e.turn);
  append_json_string(out, e.phase);
  out += ",\"kind\":";
  append_json_string(out, e.kind);
  out += ",\"fields\":{";
  for (std::size_t i = 0; i < e.fields.size(); ++i) {
    if (i > 0) out += ',';
    append_json_string(out, e.fields[i].name);
    out += ':';
    append_value(out, e.fields[i].value, false);
  }
  out += "}}";
  return out;
}

std::string event_log::fmt_text(const event& e) {
  std::string out = fmt::format("#{} t{} {} {}", e.seq, e.turn, e.phase.empty() ? "-" : e.phase,
                                e.kind);
  for (const field& f : e.fields) {
    out += ' ';
    out += f.name;
    out += '=';
    append_value(out, f.value, true);
  }
  return out;
}

std::string event_log::fmt_jsonl(std::uint64_t from_seq) const {
  std::string out;
  for (const event& e : events_) {
    if (e.seq < from_seq) continue;
    out += fmt_json(e);
    out += '\n';
  }
  return out;
}

std::string event_log::fmt_lines(std::uint64_t from_seq) const {
  std::string out;
  for (const event& e : events_) {
    if (e.seq < from_seq) continue;
    out += fmt_text(e);
    out += '\n';
  }
  return out;
}

}  // namespace muster
