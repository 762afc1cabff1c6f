// battle_state::hash(): FNV-1a 64 over a fixed byte encoding of what save_json() writes, fed
// straight from the containers. It owns the encoding (docs/state.md, "State hash"), which
// tests/kernel/state_test.cpp pins; it must build no text and allocate nothing, and it must
// not depend on the machine (byte order, padding, the library's layout of a double).
#include <bit>
#include <cstdint>
#include <string_view>

#include "muster/state.hpp"

namespace muster {

namespace {

/// FNV-1a 64, fed by value type. Every value is written so that the stream can be read
/// back: texts and lists carry their length first, a variant its index, an optional a
/// presence byte, so two different states never give the same bytes.
class hasher {
 public:
  std::uint64_t value() const noexcept { return h_; }

  void byte(std::uint8_t b) noexcept {
    h_ ^= b;
    h_ *= 0x100000001b3ull;
  }
  /// 8 bytes, least significant first, whatever the machine's byte order.
  void u64(std::uint64_t v) noexcept {
    for (int i = 0; i < 8; ++i) byte(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  void integer(std::int64_t v) noexcept { u64(static_cast<std::uint64_t>(v)); }
  void count(std::size_t n) noexcept { u64(static_cast<std::uint64_t>(n)); }
  void boolean(bool b) noexcept { byte(b ? 1 : 0); }
  /// The IEEE 754 bit pattern, -0.0 as 0.0 (the state holds only finite numbers).
  void number(double d) noexcept { u64(std::bit_cast<std::uint64_t>(d == 0 ? 0.0 : d)); }
  void text(std::string_view s) noexcept {
    count(s.size());
    for (const char c : s) byte(static_cast<std::uint8_t>(c));
  }

 private:
  std::uint64_t h_ = 0xcbf29ce484222325ull;
};

void put(hasher& h, const prop_value& v) {
  h.byte(static_cast<std::uint8_t>(v.index()));  // 0 bool, 1 integer, 2 number, 3 string
  switch (v.index()) {
    case 0: h.boolean(std::get<bool>(v)); break;
    case 1: h.integer(std::get<std::int64_t>(v)); break;
    case 2: h.number(std::get<double>(v)); break;
    default: h.text(std::get<std::string>(v)); break;
  }
}

void put_tags(hasher& h, const entity& e) {
  h.text(e.id);
  h.count(e.props.size());
  for (const auto& [name, value] : e.props) {
    h.text(name);
    put(h, value);
  }
  h.count(e.counters.size());
  for (const auto& [name, value] : e.counters) {
    h.text(name);
    h.integer(value);
  }
  h.count(e.markers.size());
  for (const auto& [name, value] : e.markers) {
    h.text(name);
    h.text(value);
  }
}

void put(hasher& h, const placement& p) {
  h.number(p.x);
  h.number(p.y);
  h.number(p.facing);
  h.integer(p.ranks);
  h.integer(p.files);
  h.number(p.base_width);
  h.number(p.base_depth);
}

void put(hasher& h, const std::vector<std::string>& items) {
  h.count(items.size());
  for (const std::string& s : items) h.text(s);
}

void put(hasher& h, const clock_time& c) {
  h.integer(c.turn);
  h.text(c.phase);
}

void put(hasher& h, const figure& f) {  // f.unit is the owning unit's id, hashed with it
  put_tags(h, f);
  h.integer(f.wounds);
  put(h, f.equipment);
}

}  // namespace

std::uint64_t battle_state::hash() const {
  hasher h;
  h.text("muster.state.hash/1");  // the encoding's version: a new layout is a new text
  put(h, clock_);

  h.count(modules_.size());
  for (const module_info& m : modules_) {
    h.text(m.name);
    h.text(m.version);
    h.text(m.hash);
    h.text(m.options);
  }

  h.count(next_ids_.size());
  for (const auto& [kind, n] : next_ids_) {
    h.text(kind);
    h.integer(n);
  }

  h.count(sides_.size());
  for (const auto& [id, x] : sides_) {
    put_tags(h, x);
    h.text(x.name);
  }

  h.count(commands_.size());
  for (const auto& [id, x] : commands_) {
    put_tags(h, x);
    h.text(x.side);
    h.text(x.name);
  }

  h.count(units_.size());
  for (const auto& [id, x] : units_) {
    put_tags(h, x);
    h.text(x.side);
    h.text(x.command);
    h.text(x.name);
    put(h, x.place);
    h.count(x.figures.size());
    for (const figure& f : x.figures) put(h, f);
  }

  h.count(individuals_.size());
  for (const auto& [id, x] : individuals_) {
    put_tags(h, x);
    h.text(x.side);
    h.text(x.command);
    h.text(x.unit);
    h.text(x.name);
    put(h, x.place);
    h.integer(x.wounds);
    put(h, x.equipment);
  }

  h.count(terrain_.size());
  for (const auto& [id, x] : terrain_) {
    put_tags(h, x);
    h.text(x.kind);
    h.count(x.polygon.size());
    for (const point& p : x.polygon) {
      h.number(p.x);
      h.number(p.y);
    }
  }

  // Secrets in creation order; `hidden` is set only in copies made for a viewer, never here.
  h.count(secrets_.size());
  for (const secret& x : secrets_) {
    h.text(x.id);
    h.text(x.side);
    h.text(x.label);
    h.text(x.value);
    h.text(x.commitment);
    put(h, x.committed);
    h.boolean(x.revealed.has_value());
    if (x.revealed) put(h, *x.revealed);
  }
  return h.value();
}

}  // namespace muster
