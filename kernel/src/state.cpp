// The battle state's operations: ids, creation/removal, lookups, changes, tags (props,
// counters, markers), secrets and their audit. Every mutator checks everything before it
// touches a container, so a throw leaves the state as it was. JSON lives in state_json.cpp.
#include "muster/state.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <set>

#include "muster/error.hpp"
#include "state_detail.hpp"

namespace muster {

namespace state_detail {

std::string quote(std::string_view s) {
  constexpr std::size_t max_shown = 64;
  std::string out = "'";
  std::size_t n = s.size();
  bool cut = false;
  if (n > max_shown) {
    n = max_shown;
    // never cut inside a UTF-8 sequence
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
    cut = true;
  }
  for (std::size_t i = 0; i < n; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7F)
      out += fmt::format("\\x{:02x}", c);
    else
      out += static_cast<char>(c);
  }
  if (cut) out += "...";
  out += "'";
  return out;
}

bool valid_name(std::string_view s) {
  if (s.empty() || s.size() > max_name) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '.' || c == ':' || c == '-';
  });
}

bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t len = 0;
    std::uint32_t cp = 0;
    if (c < 0x80) {
      ++i;
      continue;
    }
    if ((c & 0xE0) == 0xC0) {
      len = 2;
      cp = c & 0x1Fu;
    } else if ((c & 0xF0) == 0xE0) {
      len = 3;
      cp = c & 0x0Fu;
    } else if ((c & 0xF8) == 0xF0) {
      len = 4;
      cp = c & 0x07u;
    } else {
      return false;
    }
    if (i + len > s.size()) return false;
    for (std::size_t k = 1; k < len; ++k) {
      const auto cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (cc & 0x3Fu);
    }
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
        cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
      return false;
    i += len;
  }
  return true;
}

void check_name(const std::string& field, std::string_view what, std::string_view s) {
  if (!valid_name(s))
    throw field_error(field, fmt::format("bad {} {} (want 1-64 characters of A-Z a-z 0-9 _ . : -)",
                                         what, quote(s)));
}

void check_utf8(const std::string& field, std::string_view s, std::size_t max) {
  if (s.size() > max)
    throw field_error(field, fmt::format("too long ({} bytes, at most {})", s.size(), max));
  if (!valid_utf8(s)) throw field_error(field, "not valid UTF-8");
}

void check_text(const std::string& field, std::string_view s, std::size_t max,
                std::size_t min_len) {
  if (s.size() < min_len) throw field_error(field, "empty");
  check_utf8(field, s, max);
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7F)
      throw field_error(field, fmt::format("control character \\x{:02x} in {}", c, quote(s)));
  }
}

namespace {

std::string sub(std::string_view parent, std::string_view child) {
  return fmt::format("{}.{}", parent, child);
}

void check_finite(const std::string& field, double v) {
  if (!std::isfinite(v)) throw field_error(field, fmt::format("must be finite, got {}", v));
}

}  // namespace

void check_integer(const std::string& field, std::int64_t v) {
  if (v > max_integer || v < -max_integer)
    throw field_error(field, fmt::format("integer out of range ±2^53, got {}", v));
}

void check_tags(const entity& e) {
  for (const auto& [name, value] : e.props) {
    check_name("props", "prop name", name);
    const std::string field = sub("props", name);
    if (const auto* d = std::get_if<double>(&value)) check_finite(field, *d);
    if (const auto* i = std::get_if<std::int64_t>(&value)) check_integer(field, *i);
    if (const auto* s = std::get_if<std::string>(&value)) check_utf8(field, *s, 1 << 20);
  }
  for (const auto& [name, value] : e.counters) {
    check_name("counters", "counter name", name);
    check_integer(sub("counters", name), value);
  }
  for (const auto& [name, value] : e.markers) {
    check_name("markers", "marker name", name);
    check_text(sub("markers", name), value, max_name, 0);
  }
}

void check_placement(const placement& p) {
  check_finite("x", p.x);
  check_finite("y", p.y);
  check_finite("facing", p.facing);
  check_finite("base_width", p.base_width);
  check_finite("base_depth", p.base_depth);
  if (p.ranks < 1) throw field_error("ranks", fmt::format("must be >= 1, got {}", p.ranks));
  if (p.files < 1) throw field_error("files", fmt::format("must be >= 1, got {}", p.files));
  check_integer("ranks", p.ranks);
  check_integer("files", p.files);
  if (p.base_width < 0)
    throw field_error("base_width", fmt::format("must be >= 0, got {}", p.base_width));
  if (p.base_depth < 0)
    throw field_error("base_depth", fmt::format("must be >= 0, got {}", p.base_depth));
}

void check_model(std::int64_t wounds, const std::vector<std::string>& equipment) {
  if (wounds < 0) throw field_error("wounds", fmt::format("must be >= 0, got {}", wounds));
  check_integer("wounds", wounds);
  for (std::size_t i = 0; i < equipment.size(); ++i)
    check_name(fmt::format("equipment[{}]", i), "item", equipment[i]);
}

void check_terrain_shape(const terrain& t) {
  check_name("kind", "kind", t.kind);
  if (t.polygon.size() < 3)
    throw field_error("polygon",
                      fmt::format("at least 3 points expected, got {}", t.polygon.size()));
  for (std::size_t i = 0; i < t.polygon.size(); ++i) {
    check_finite(fmt::format("polygon[{}].x", i), t.polygon[i].x);
    check_finite(fmt::format("polygon[{}].y", i), t.polygon[i].y);
  }
}

void check_phase(const std::string& field, std::string_view phase) {
  check_text(field, phase, max_name, 0);
}

void check_turn(const std::string& field, std::int64_t turn) {
  if (turn < 0) throw field_error(field, fmt::format("must be >= 0, got {}", turn));
  check_integer(field, turn);
}

void check_side_command(const battle_state& s, std::string_view side_id,
                        std::string_view command_id) {
  if (side_id.empty()) throw field_error("side", "missing");
  if (s.kind_of(side_id) != kind_side)
    throw field_error("side", fmt::format("no side {}", quote(side_id)));
  if (command_id.empty()) return;
  if (s.kind_of(command_id) != kind_command)
    throw field_error("command", fmt::format("no command {}", quote(command_id)));
  const command& c = s.get_command(command_id);
  if (c.side != side_id)
    throw field_error("command", fmt::format("command {} belongs to side {}, not {}",
                                             quote(command_id), quote(c.side), quote(side_id)));
}

void check_attach(const battle_state& s, std::string_view side_id, std::string_view unit_id) {
  if (unit_id.empty()) return;
  if (s.kind_of(unit_id) != kind_unit)
    throw field_error("unit", fmt::format("no unit {}", quote(unit_id)));
  const unit& u = s.get_unit(unit_id);
  if (u.side != side_id)
    throw field_error("unit", fmt::format("unit {} is of side {}, not {}", quote(unit_id),
                                          quote(u.side), quote(side_id)));
}

void check_module(const module_info& m) {
  check_text("name", m.name, max_name, 1);
  check_text("version", m.version, max_module_field, 0);
  check_text("hash", m.hash, max_module_field, 0);
  check_text("options", m.options, max_module_options, 0);
}

std::string duplicate_id(std::string_view id, std::string_view used_by) {
  return fmt::format("duplicate id {} (already {} {})", quote(id),
                     used_by == kind_individual ? "an" : "a", used_by);
}

std::string describe(std::string_view kind, std::string_view id) {
  return id.empty() ? fmt::format("new {}", kind) : fmt::format("{} {}", kind, quote(id));
}

std::string hex64(std::uint64_t v) { return fmt::format("{:016x}", v); }

bool valid_hex64(std::string_view s) {
  return s.size() == 16 && std::all_of(s.begin(), s.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

}  // namespace state_detail

using namespace state_detail;

namespace {

/// Runs check() and rethrows a field_error as "<what>: <field>: <message>".
template <typename F>
void checked(std::string_view what, F&& check) {
  try {
    check();
  } catch (const field_error& e) {
    if (e.field().empty()) fail("{}: {}", what, e.message());
    fail("{}: {}: {}", what, e.field(), e.message());
  }
}

std::uint64_t fnv1a_64(std::string_view text) {
  std::uint64_t h = 14695981039346656037ull;
  for (const char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h;
}

[[noreturn]] void no_such(std::string_view what, std::string_view id) {
  fail("no {} {}", what, quote(id));
}

}  // namespace

std::string secret_commitment(std::string_view id, std::string_view side, std::string_view label,
                              std::string_view value) {
  std::string canon = "muster.secret/1\n";
  for (const std::string_view part : {id, side, label, value})
    canon += fmt::format("{}:{}\n", part.size(), part);
  return hex64(fnv1a_64(canon));
}

// ---- what the state holds ------------------------------------------------------------

namespace {

// The model of bytes(): each text's length, and a fixed cost for each entity, entry, item and
// point, whatever the standard library allocates, so a budget stops the same script at the
// same change on every machine. The fixed costs are about what a 64-bit build allocates
// (measured: a unit of one figure takes about 800 bytes), so the model does not count less
// than the process holds.
constexpr std::size_t entity_cost = 256;  // an entity's fixed part: its id, its maps, its node
constexpr std::size_t placed_cost = 256;  // a unit's or individual's fields: names, placement, lists
constexpr std::size_t entry_cost = 112;   // a map entry (prop, counter, marker, an index's entry)
constexpr std::size_t item_cost = 32;     // a list item (a name of equipment)

std::size_t prop_cost(std::string_view name, const prop_value& v) {
  const auto* text = std::get_if<std::string>(&v);
  return entry_cost + name.size() + (text ? text->size() : 0);
}
std::size_t counter_cost(std::string_view name) { return entry_cost + name.size(); }
std::size_t marker_cost(std::string_view name, std::string_view value) {
  return entry_cost + name.size() + value.size();
}
std::size_t tags_cost(const entity& e) {
  std::size_t n = entity_cost + e.id.size();
  for (const auto& [name, v] : e.props) n += prop_cost(name, v);
  for (const auto& [name, v] : e.counters) n += counter_cost(name);
  for (const auto& [name, v] : e.markers) n += marker_cost(name, v);
  return n;
}
std::size_t items_cost(const std::vector<std::string>& items) {
  std::size_t n = 0;
  for (const std::string& i : items) n += item_cost + i.size();
  return n;
}
std::size_t cost(const side& s) { return tags_cost(s) + s.name.size(); }
std::size_t cost(const command& c) { return tags_cost(c) + c.side.size() + c.name.size(); }
// A figure counts its entry in the figure -> unit index too.
std::size_t cost(const figure& f) {
  return tags_cost(f) + entry_cost + f.id.size() + 2 * f.unit.size() + items_cost(f.equipment);
}
std::size_t cost(const unit& u) {
  std::size_t n = tags_cost(u) + placed_cost + u.side.size() + u.command.size() + u.name.size();
  for (const figure& f : u.figures) n += cost(f);
  return n;
}
std::size_t cost(const individual& i) {
  return tags_cost(i) + placed_cost + i.side.size() + i.command.size() + i.unit.size() + i.name.size() +
         items_cost(i.equipment);
}
std::size_t cost(const terrain& t) { return tags_cost(t) + t.kind.size() + t.polygon.size() * sizeof(point); }
std::size_t cost(const clock_time& c) { return entry_cost + c.phase.size(); }
// A secret counts its entry in the id index too.
std::size_t cost(const secret& s) {
  return 2 * entry_cost + 2 * s.id.size() + s.side.size() + s.label.size() + s.value.size() + s.commitment.size() +
         cost(s.committed) + (s.revealed ? cost(*s.revealed) : 0);
}
std::size_t cost(const module_info& m) {
  return entry_cost + m.name.size() + m.version.size() + m.hash.size() + m.options.size();
}

}  // namespace

void battle_state::grow(std::size_t more) {
  if (more == 0) return;
  metering_.meter->hold(static_cast<std::int64_t>(more));
  metering_.bytes += more;
}

void battle_state::shrink(std::size_t less) noexcept {
  less = std::min(less, metering_.bytes);
  if (less == 0) return;
  metering_.bytes -= less;
  metering_.meter->hold(-static_cast<std::int64_t>(less));
}

void battle_state::resize(std::size_t before, std::size_t after) {
  if (after > before) grow(after - before);
  else shrink(before - after);
}

std::size_t battle_state::measure() const {
  std::size_t n = clock_.phase.size();  // the clock's fixed part is not counted
  for (const auto& [id, x] : sides_) n += cost(x);
  for (const auto& [id, x] : commands_) n += cost(x);
  for (const auto& [id, x] : units_) n += cost(x);
  for (const auto& [id, x] : individuals_) n += cost(x);
  for (const auto& [id, x] : terrain_) n += cost(x);
  for (const secret& x : secrets_) n += cost(x);
  for (const module_info& x : modules_) n += cost(x);
  for (const auto& [kind, next] : next_ids_) n += counter_cost(kind);
  return n;
}

void battle_state::set_meter(work_meter* meter) {
  work_meter& next = meter ? *meter : work_meter::none();
  if (&next == metering_.meter) return;
  next.hold(static_cast<std::int64_t>(metering_.bytes));  // throws: nothing changes
  metering_.meter->hold(-static_cast<std::int64_t>(metering_.bytes));
  metering_.meter = &next;
}

// ---- ids -----------------------------------------------------------------------------

/// The ids one mutation claims: explicit ones checked against the state and each other,
/// generated ones counted up per kind. apply() stores the advanced counters.
struct battle_state::id_claims {
  const battle_state& state;
  std::map<std::string, std::int64_t, std::less<>> next{};
  std::set<std::string, std::less<>> taken{};

  /// Returns wanted (checked) or a fresh "<kind>-<n>"; throws field_error(field).
  std::string claim(std::string_view kind, std::string_view wanted, const std::string& field) {
    if (!wanted.empty()) {
      check_name(field, "id", wanted);
      const std::string_view used = state.kind_of(wanted);
      if (!used.empty())
        throw field_error(field, duplicate_id(wanted, used));
      if (taken.count(wanted) != 0)
        throw field_error(field, fmt::format("duplicate id {}", quote(wanted)));
      taken.emplace(wanted);
      return std::string(wanted);
    }
    auto it = next.find(kind);
    if (it == next.end()) {
      const auto saved = state.next_ids_.find(kind);
      it = next.emplace(std::string(kind), saved == state.next_ids_.end() ? 1 : saved->second)
               .first;
    }
    for (;; ++it->second) {
      if (it->second >= max_integer)  // next_ids as loaded; 2^53 ids are never made one by one
        throw field_error(field, fmt::format("no {} id left to generate (next_ids.{} is {})", kind, kind, it->second));
      std::string id = fmt::format("{}-{}", kind, it->second);
      if (state.kind_of(id).empty() && taken.count(id) == 0) {
        ++it->second;
        taken.insert(id);
        return id;
      }
    }
  }

  /// The bytes apply() adds (a kind's first generated id adds its counter).
  std::size_t cost() const {
    std::size_t n = 0;
    for (const auto& [kind, value] : next)
      if (state.next_ids_.count(kind) == 0) n += counter_cost(kind);
    return n;
  }
  void apply(battle_state& s) {
    for (auto& [kind, n] : next) s.next_ids_[kind] = n;
  }
};

std::string_view battle_state::kind_of(std::string_view id) const {
  if (sides_.count(id) != 0) return kind_side;
  if (commands_.count(id) != 0) return kind_command;
  if (units_.count(id) != 0) return kind_unit;
  if (figure_units_.count(id) != 0) return kind_figure;
  if (individuals_.count(id) != 0) return kind_individual;
  if (terrain_.count(id) != 0) return kind_terrain;
  if (secret_index_.count(id) != 0) return kind_secret;
  return {};
}

// ---- creation ------------------------------------------------------------------------

namespace {
// Revisions are unique in the process, so (id, revision) names one content of an entity
// whichever state (or copy of a state) holds it.
std::atomic<std::uint64_t> last_revision{0};
std::uint64_t next_revision() noexcept { return last_revision.fetch_add(1, std::memory_order_relaxed) + 1; }
}  // namespace

void battle_state::stamp(entity& e) noexcept { e.revision.value = latest_.value = next_revision(); }
void battle_state::bump() noexcept { latest_.value = next_revision(); }

void battle_state::touch(entity& e) {
  stamp(e);
  if (const auto owner = figure_units_.find(e.id); owner != figure_units_.end())
    stamp(units_.find(owner->second)->second);
}

void battle_state::touch_all() {
  bump();
  for (auto& [id, x] : sides_) stamp(x);
  for (auto& [id, x] : commands_) stamp(x);
  for (auto& [id, x] : units_) {
    stamp(x);
    for (figure& f : x.figures) stamp(f);
  }
  for (auto& [id, x] : individuals_) stamp(x);
  for (auto& [id, x] : terrain_) stamp(x);
}

std::uint64_t battle_state::revision(std::string_view id) const { return entity_ref(id).revision.value; }
std::uint64_t battle_state::revision() const noexcept { return latest_.value; }

std::string battle_state::add_side(side s) {
  id_claims ids{*this};
  checked(describe(kind_side, s.id), [&] {
    s.id = ids.claim(kind_side, s.id, "id");
    check_text("name", s.name, max_name * 4, 0);
    check_tags(s);
  });
  grow(cost(s) + ids.cost());
  ids.apply(*this);
  stamp(s);
  std::string id = s.id;
  sides_.emplace(id, std::move(s));
  return id;
}

std::string battle_state::add_command(command c) {
  id_claims ids{*this};
  checked(describe(kind_command, c.id), [&] {
    c.id = ids.claim(kind_command, c.id, "id");
    check_side_command(*this, c.side, {});
    check_text("name", c.name, max_name * 4, 0);
    check_tags(c);
  });
  grow(cost(c) + ids.cost());
  ids.apply(*this);
  stamp(c);
  std::string id = c.id;
  commands_.emplace(id, std::move(c));
  return id;
}

std::string battle_state::add_unit(unit u) {
  id_claims ids{*this};
  checked(describe(kind_unit, u.id), [&] {
    u.id = ids.claim(kind_unit, u.id, "id");
    check_side_command(*this, u.side, u.command);
    check_text("name", u.name, max_name * 4, 0);
    check_placement(u.place);
    check_tags(u);
    for (std::size_t i = 0; i < u.figures.size(); ++i) {
      figure& f = u.figures[i];
      const std::string at = fmt::format("figures[{}]", i);
      try {
        f.id = ids.claim(kind_figure, f.id, "id");
        f.unit = u.id;
        check_model(f.wounds, f.equipment);
        check_tags(f);
      } catch (const field_error& e) {
        throw field_error(fmt::format("{}.{}", at, e.field()), e.message());
      }
    }
  });
  grow(cost(u) + ids.cost());
  ids.apply(*this);
  for (figure& f : u.figures) {
    figure_units_.emplace(f.id, u.id);
    stamp(f);
  }
  stamp(u);
  std::string id = u.id;
  units_.emplace(id, std::move(u));
  return id;
}

std::string battle_state::add_figure(std::string_view unit_id, figure f) {
  const auto it = units_.find(unit_id);
  if (it == units_.end()) no_such(kind_unit, unit_id);
  id_claims ids{*this};
  checked(describe(kind_figure, f.id), [&] {
    f.id = ids.claim(kind_figure, f.id, "id");
    f.unit = it->first;
    check_model(f.wounds, f.equipment);
    check_tags(f);
  });
  grow(cost(f) + ids.cost());
  ids.apply(*this);
  figure_units_.emplace(f.id, it->first);
  stamp(f);
  stamp(it->second);
  std::string id = f.id;
  it->second.figures.push_back(std::move(f));
  return id;
}

std::string battle_state::add_individual(individual i) {
  id_claims ids{*this};
  checked(describe(kind_individual, i.id), [&] {
    i.id = ids.claim(kind_individual, i.id, "id");
    check_side_command(*this, i.side, i.command);
    check_attach(*this, i.side, i.unit);
    check_text("name", i.name, max_name * 4, 0);
    check_placement(i.place);
    check_model(i.wounds, i.equipment);
    check_tags(i);
  });
  grow(cost(i) + ids.cost());
  ids.apply(*this);
  stamp(i);
  std::string id = i.id;
  individuals_.emplace(id, std::move(i));
  return id;
}

std::string battle_state::add_terrain(terrain t) {
  id_claims ids{*this};
  checked(describe(kind_terrain, t.id), [&] {
    t.id = ids.claim(kind_terrain, t.id, "id");
    check_terrain_shape(t);
    check_tags(t);
  });
  grow(cost(t) + ids.cost());
  ids.apply(*this);
  stamp(t);
  std::string id = t.id;
  terrain_.emplace(id, std::move(t));
  return id;
}

// ---- removal -------------------------------------------------------------------------

void battle_state::del_unit(std::string_view id) {
  const auto it = units_.find(id);
  if (it == units_.end()) no_such(kind_unit, id);
  std::size_t freed = cost(it->second);
  for (const figure& f : it->second.figures) figure_units_.erase(f.id);
  for (auto& [iid, ind] : individuals_)
    if (ind.unit == id) {
      freed += ind.unit.size();
      ind.unit.clear();
      stamp(ind);
    }
  units_.erase(it);
  shrink(freed);
  bump();
}

void battle_state::del_figure(std::string_view id) {
  const auto owner = figure_units_.find(id);
  if (owner == figure_units_.end()) no_such(kind_figure, id);
  auto& figures = units_.find(owner->second)->second.figures;
  const auto f = std::find_if(figures.begin(), figures.end(), [&](const figure& x) { return x.id == id; });
  const std::size_t freed = cost(*f);
  figures.erase(f);
  stamp(units_.find(owner->second)->second);
  figure_units_.erase(owner);
  shrink(freed);
}

void battle_state::del_individual(std::string_view id) {
  const auto it = individuals_.find(id);
  if (it == individuals_.end()) no_such(kind_individual, id);
  const std::size_t freed = cost(it->second);
  individuals_.erase(it);
  shrink(freed);
  bump();
}

void battle_state::del_terrain(std::string_view id) {
  const auto it = terrain_.find(id);
  if (it == terrain_.end()) no_such(kind_terrain, id);
  const std::size_t freed = cost(it->second);
  terrain_.erase(it);
  shrink(freed);
  bump();
}

// ---- lookup --------------------------------------------------------------------------

namespace {

template <typename Map>
const typename Map::mapped_type& find_in(const Map& m, std::string_view kind,
                                         std::string_view id) {
  const auto it = m.find(id);
  if (it == m.end()) no_such(kind, id);
  return it->second;
}

}  // namespace

const side& battle_state::get_side(std::string_view id) const {
  return find_in(sides_, kind_side, id);
}
const command& battle_state::get_command(std::string_view id) const {
  return find_in(commands_, kind_command, id);
}
const unit& battle_state::get_unit(std::string_view id) const {
  return find_in(units_, kind_unit, id);
}
const individual& battle_state::get_individual(std::string_view id) const {
  return find_in(individuals_, kind_individual, id);
}
const terrain& battle_state::get_terrain(std::string_view id) const {
  return find_in(terrain_, kind_terrain, id);
}

const figure& battle_state::get_figure(std::string_view id) const {
  const figure* f = const_cast<battle_state*>(this)->find_figure(id);
  if (f == nullptr) no_such(kind_figure, id);
  return *f;
}

figure* battle_state::find_figure(std::string_view id) {
  const auto owner = figure_units_.find(id);
  if (owner == figure_units_.end()) return nullptr;
  for (figure& f : units_.find(owner->second)->second.figures)
    if (f.id == id) return &f;
  return nullptr;
}

entity* battle_state::find_entity(std::string_view id) {
  if (auto it = sides_.find(id); it != sides_.end()) return &it->second;
  if (auto it = commands_.find(id); it != commands_.end()) return &it->second;
  if (auto it = units_.find(id); it != units_.end()) return &it->second;
  if (figure* f = find_figure(id)) return f;
  if (auto it = individuals_.find(id); it != individuals_.end()) return &it->second;
  if (auto it = terrain_.find(id); it != terrain_.end()) return &it->second;
  return nullptr;
}

const entity* battle_state::find_entity(std::string_view id) const {
  return const_cast<battle_state*>(this)->find_entity(id);
}

entity& battle_state::entity_ref(std::string_view id) {
  entity* e = find_entity(id);
  if (e == nullptr) fail("no entity {}", quote(id));
  return *e;
}

const entity& battle_state::entity_ref(std::string_view id) const {
  return const_cast<battle_state*>(this)->entity_ref(id);
}

std::vector<const side*> battle_state::sides() const {
  std::vector<const side*> out;
  for (const auto& [id, s] : sides_) out.push_back(&s);
  return out;
}

std::vector<const command*> battle_state::commands(std::string_view side_id) const {
  if (!side_id.empty()) get_side(side_id);
  std::vector<const command*> out;
  for (const auto& [id, c] : commands_)
    if (side_id.empty() || c.side == side_id) out.push_back(&c);
  return out;
}

std::vector<const unit*> battle_state::units(std::string_view side_id,
                                             std::string_view command_id) const {
  if (!side_id.empty()) get_side(side_id);
  if (!command_id.empty()) get_command(command_id);
  std::vector<const unit*> out;
  for (const auto& [id, u] : units_)
    if ((side_id.empty() || u.side == side_id) && (command_id.empty() || u.command == command_id))
      out.push_back(&u);
  return out;
}

std::vector<const individual*> battle_state::individuals(std::string_view side_id,
                                                         std::string_view unit_id) const {
  if (!side_id.empty()) get_side(side_id);
  if (!unit_id.empty()) get_unit(unit_id);
  std::vector<const individual*> out;
  for (const auto& [id, i] : individuals_)
    if ((side_id.empty() || i.side == side_id) && (unit_id.empty() || i.unit == unit_id))
      out.push_back(&i);
  return out;
}

std::vector<const terrain*> battle_state::terrains() const {
  std::vector<const terrain*> out;
  for (const auto& [id, t] : terrain_) out.push_back(&t);
  return out;
}

// ---- changes -------------------------------------------------------------------------

void battle_state::set_name(std::string_view id, std::string name) {
  std::string* target = nullptr;
  entity* owner = nullptr;
  if (auto it = sides_.find(id); it != sides_.end()) target = &it->second.name, owner = &it->second;
  if (auto it = commands_.find(id); it != commands_.end()) target = &it->second.name, owner = &it->second;
  if (auto it = units_.find(id); it != units_.end()) target = &it->second.name, owner = &it->second;
  if (auto it = individuals_.find(id); it != individuals_.end()) target = &it->second.name, owner = &it->second;
  if (target == nullptr) no_such("side, command, unit or individual", id);
  checked(describe(kind_of(id), id), [&] { check_text("name", name, max_name * 4, 0); });
  resize(target->size(), name.size());
  *target = std::move(name);
  stamp(*owner);
}

const placement& battle_state::get_placement(std::string_view id) const {
  if (auto it = units_.find(id); it != units_.end()) return it->second.place;
  if (auto it = individuals_.find(id); it != individuals_.end()) return it->second.place;
  no_such("unit or individual", id);
}

void battle_state::set_placement(std::string_view id, placement p) {
  placement* target = nullptr;
  entity* owner = nullptr;
  if (auto it = units_.find(id); it != units_.end()) target = &it->second.place, owner = &it->second;
  if (auto it = individuals_.find(id); it != individuals_.end()) target = &it->second.place, owner = &it->second;
  if (target == nullptr) no_such("unit or individual", id);
  checked(describe(kind_of(id), id), [&] { check_placement(p); });
  *target = p;
  stamp(*owner);
}

void battle_state::set_side(std::string_view id, std::string_view side_id,
                            std::string_view command_id) {
  const std::string_view kind = kind_of(id);
  if (kind != kind_unit && kind != kind_individual) no_such("unit or individual", id);
  checked(describe(kind, id), [&] { check_side_command(*this, side_id, command_id); });
  if (kind == kind_unit) {
    unit& u = units_.find(id)->second;
    if (u.side != side_id) {
      std::vector<std::string> attached;
      for (const auto& [iid, ind] : individuals_)
        if (ind.unit == id) attached.push_back(quote(iid));
      if (!attached.empty())
        fail("unit {} has attached individuals ({}); detach them first", quote(id),
             fmt::join(attached, ", "));
    }
    resize(u.side.size() + u.command.size(), side_id.size() + command_id.size());
    u.side = side_id;
    u.command = command_id;
    stamp(u);
  } else {
    individual& ind = individuals_.find(id)->second;
    if (ind.side != side_id && !ind.unit.empty())
      fail("individual {} is attached to unit {}; detach it first", quote(id), quote(ind.unit));
    resize(ind.side.size() + ind.command.size(), side_id.size() + command_id.size());
    ind.side = side_id;
    ind.command = command_id;
    stamp(ind);
  }
}

void battle_state::set_attached(std::string_view individual_id, std::string_view unit_id) {
  const auto it = individuals_.find(individual_id);
  if (it == individuals_.end()) no_such(kind_individual, individual_id);
  checked(describe(kind_individual, individual_id),
          [&] { check_attach(*this, it->second.side, unit_id); });
  resize(it->second.unit.size(), unit_id.size());
  it->second.unit = unit_id;
  stamp(it->second);
}

void battle_state::set_wounds(std::string_view id, std::int64_t wounds) {
  std::int64_t* target = nullptr;
  if (figure* f = find_figure(id)) target = &f->wounds;
  if (auto it = individuals_.find(id); it != individuals_.end()) target = &it->second.wounds;
  if (target == nullptr) no_such("figure or individual", id);
  checked(describe(kind_of(id), id), [&] { check_model(wounds, {}); });
  *target = wounds;
  touch(entity_ref(id));
}

void battle_state::set_equipment(std::string_view id, std::vector<std::string> items) {
  std::vector<std::string>* target = nullptr;
  if (figure* f = find_figure(id)) target = &f->equipment;
  if (auto it = individuals_.find(id); it != individuals_.end()) target = &it->second.equipment;
  if (target == nullptr) no_such("figure or individual", id);
  checked(describe(kind_of(id), id), [&] { check_model(0, items); });
  resize(items_cost(*target), items_cost(items));
  *target = std::move(items);
  touch(entity_ref(id));
}

// ---- props, counters, markers --------------------------------------------------------

void battle_state::set_prop(std::string_view id, std::string_view name, prop_value value) {
  entity& e = entity_ref(id);
  entity probe;
  probe.props.emplace(std::string(name), value);
  checked(describe(kind_of(id), id), [&] { check_tags(probe); });
  const auto old = e.props.find(name);
  resize(old == e.props.end() ? 0 : prop_cost(name, old->second), prop_cost(name, value));
  e.props.insert_or_assign(std::string(name), std::move(value));
  touch(e);
}

std::optional<prop_value> battle_state::get_prop(std::string_view id,
                                                 std::string_view name) const {
  const entity& e = entity_ref(id);
  const auto it = e.props.find(name);
  if (it == e.props.end()) return std::nullopt;
  return it->second;
}

void battle_state::del_prop(std::string_view id, std::string_view name) {
  entity& e = entity_ref(id);
  if (const auto it = e.props.find(name); it != e.props.end()) {
    const std::size_t freed = prop_cost(name, it->second);
    e.props.erase(it);
    shrink(freed);
    touch(e);
  }
}

void battle_state::set_counter(std::string_view id, std::string_view name, std::int64_t value) {
  entity& e = entity_ref(id);
  entity probe;
  probe.counters.emplace(std::string(name), value);
  checked(describe(kind_of(id), id), [&] { check_tags(probe); });
  if (e.counters.count(name) == 0) grow(counter_cost(name));
  e.counters.insert_or_assign(std::string(name), value);
  touch(e);
}

std::int64_t battle_state::get_counter(std::string_view id, std::string_view name) const {
  const entity& e = entity_ref(id);
  const auto it = e.counters.find(name);
  return it == e.counters.end() ? 0 : it->second;
}

std::int64_t battle_state::add_counter(std::string_view id, std::string_view name,
                                       std::int64_t delta) {
  entity& e = entity_ref(id);
  checked(describe(kind_of(id), id), [&] { check_name("counters", "counter name", name); });
  const auto it = e.counters.find(name);
  const std::int64_t old = it == e.counters.end() ? 0 : it->second;
  std::int64_t sum = 0;
  if (__builtin_add_overflow(old, delta, &sum) || sum > max_integer || sum < -max_integer)
    fail("{}: counters.{}: {} + {} is out of range ±2^53", describe(kind_of(id), id), name, old, delta);
  if (it == e.counters.end()) grow(counter_cost(name));
  e.counters.insert_or_assign(std::string(name), sum);
  touch(e);
  return sum;
}

void battle_state::del_counter(std::string_view id, std::string_view name) {
  entity& e = entity_ref(id);
  if (const auto it = e.counters.find(name); it != e.counters.end()) {
    e.counters.erase(it);
    shrink(counter_cost(name));
    touch(e);
  }
}

void battle_state::set_marker(std::string_view id, std::string_view name, std::string value) {
  entity& e = entity_ref(id);
  entity probe;
  probe.markers.emplace(std::string(name), value);
  checked(describe(kind_of(id), id), [&] { check_tags(probe); });
  const auto old = e.markers.find(name);
  resize(old == e.markers.end() ? 0 : marker_cost(name, old->second), marker_cost(name, value));
  e.markers.insert_or_assign(std::string(name), std::move(value));
  touch(e);
}

std::optional<std::string> battle_state::get_marker(std::string_view id,
                                                    std::string_view name) const {
  const entity& e = entity_ref(id);
  const auto it = e.markers.find(name);
  if (it == e.markers.end()) return std::nullopt;
  return it->second;
}

void battle_state::del_marker(std::string_view id, std::string_view name) {
  entity& e = entity_ref(id);
  if (const auto it = e.markers.find(name); it != e.markers.end()) {
    const std::size_t freed = marker_cost(name, it->second);
    e.markers.erase(it);
    shrink(freed);
    touch(e);
  }
}

// ---- hidden information --------------------------------------------------------------

void battle_state::set_clock(std::int64_t turn, std::string phase) {
  checked("clock", [&] {
    check_turn("turn", turn);
    check_phase("phase", phase);
  });
  resize(clock_.phase.size(), phase.size());
  clock_.turn = turn;
  clock_.phase = std::move(phase);
  bump();
}

std::string battle_state::add_secret(std::string_view side_id, std::string label,
                                     std::string value) {
  get_side(side_id);
  id_claims ids{*this};
  secret s;
  checked(describe(kind_secret, {}), [&] {
    check_text("label", label, max_name, 1);
    check_utf8("value", value, max_secret_value);
    s.id = ids.claim(kind_secret, {}, "id");
  });
  s.side = side_id;
  s.label = std::move(label);
  s.value = std::move(value);
  s.commitment = secret_commitment(s.id, s.side, s.label, s.value);
  s.committed = clock_;
  grow(cost(s) + ids.cost());
  ids.apply(*this);
  secret_index_.emplace(s.id, secrets_.size());
  secrets_.push_back(std::move(s));
  bump();
  return secrets_.back().id;
}

namespace {

secret as_seen_by(const secret& s, std::string_view viewer) {
  secret out = s;
  if (s.side != viewer && !s.revealed) {
    out.value.clear();
    out.commitment.clear();
    out.hidden = true;
  }
  return out;
}

}  // namespace

const secret& battle_state::secret_ref(std::string_view id) const {
  const auto it = secret_index_.find(id);
  if (it == secret_index_.end()) no_such(kind_secret, id);
  return secrets_[it->second];
}

secret battle_state::get_secret(std::string_view id, std::string_view viewer_side) const {
  const secret& s = secret_ref(id);
  get_side(viewer_side);
  if (s.side != viewer_side && !s.revealed)
    fail("secret {} of side {} is hidden from side {}", quote(id), quote(s.side),
         quote(viewer_side));
  return s;
}

std::vector<secret> battle_state::secrets(std::string_view viewer_side) const {
  get_side(viewer_side);
  std::vector<secret> out;
  out.reserve(secrets_.size());
  for (const secret& s : secrets_) out.push_back(as_seen_by(s, viewer_side));
  return out;
}

void battle_state::set_revealed(std::string_view id) {
  const secret& found = secret_ref(id);
  if (found.revealed)
    fail("secret {} is already revealed (turn {}, phase {})", quote(id), found.revealed->turn,
         quote(found.revealed->phase));
  grow(cost(clock_));
  secrets_[secret_index_.find(id)->second].revealed = clock_;
  bump();
}

std::vector<audit_entry> battle_state::audit() const {
  std::vector<audit_entry> out;
  out.reserve(secrets_.size());
  for (const secret& s : secrets_) {
    audit_entry a{s.id, s.side, s.label, s.commitment, s.committed, s.revealed, std::nullopt};
    if (s.revealed) a.match = secret_commitment(s.id, s.side, s.label, s.value) == s.commitment;
    out.push_back(std::move(a));
  }
  return out;
}

// ---- modules -------------------------------------------------------------------------

std::string module_differences(const std::vector<module_info>& saved, const std::vector<module_info>& loaded) {
  std::string out;
  const auto describe = [](const module_info& m) {
    std::string s = m.version + " (" + m.hash + ")";
    if (!m.options.empty()) s += " [" + m.options + "]";
    return s;
  };
  const auto add = [&](const std::string& clause) { out += (out.empty() ? "" : "; ") + clause; };
  for (const module_info& s : saved) {
    const auto it = std::find_if(loaded.begin(), loaded.end(), [&](const module_info& l) { return l.name == s.name; });
    if (it == loaded.end()) add(fmt::format("{}: saved {}, not loaded", s.name, describe(s)));
    else if (*it != s) add(fmt::format("{}: saved {}, loaded {}", s.name, describe(s), describe(*it)));
  }
  for (const module_info& l : loaded)
    if (std::none_of(saved.begin(), saved.end(), [&](const module_info& s) { return s.name == l.name; }))
      add(fmt::format("{}: loaded {}, not in the save", l.name, describe(l)));
  return out;
}

void battle_state::set_module(module_info m) {
  checked("module", [&] { check_module(m); });
  const auto it = std::lower_bound(
      modules_.begin(), modules_.end(), m.name,
      [](const module_info& a, const std::string& name) { return a.name < name; });
  const bool replaces = it != modules_.end() && it->name == m.name;
  resize(replaces ? cost(*it) : 0, cost(m));
  if (replaces)
    *it = std::move(m);
  else
    modules_.insert(it, std::move(m));
  bump();
}

}  // namespace muster
