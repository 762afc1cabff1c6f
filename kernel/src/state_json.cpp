// JSON save/load of the battle state, schema "muster.state/1" (docs/state.md). Saving is
// deterministic: sorted keys (nlohmann::json objects are std::map), entities sorted by id,
// figures/polygons/equipment/secrets in their own order, nlohmann's shortest round-trip
// doubles. Loading builds a new state, checks it with the same checks as the C++ API, and
// only then replaces the old one; every error names its JSON path.
#include <fmt/format.h>

#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "muster/error.hpp"
#include "muster/state.hpp"
#include "state_detail.hpp"

namespace muster {

using namespace state_detail;

namespace {

using json = nlohmann::json;

constexpr std::string_view schema_v1 = "muster.state/1";

// ---- writing -------------------------------------------------------------------------

json prop_json(const prop_value& v) {
  return std::visit([](const auto& x) { return json(x); }, v);
}

void put_tags(json& j, const entity& e) {
  j["id"] = e.id;
  json props = json::object();
  for (const auto& [name, value] : e.props) props[name] = prop_json(value);
  j["props"] = std::move(props);
  json counters = json::object();
  for (const auto& [name, value] : e.counters) counters[name] = value;
  j["counters"] = std::move(counters);
  json markers = json::object();
  for (const auto& [name, value] : e.markers) markers[name] = value;
  j["markers"] = std::move(markers);
}

void put_placement(json& j, const placement& p) {
  j["x"] = p.x;
  j["y"] = p.y;
  j["facing"] = p.facing;
  j["ranks"] = p.ranks;
  j["files"] = p.files;
  j["base_width"] = p.base_width;
  j["base_depth"] = p.base_depth;
}

json clock_json(const clock_time& c) { return json{{"turn", c.turn}, {"phase", c.phase}}; }

json strings_json(const std::vector<std::string>& v) {
  json out = json::array();
  for (const std::string& s : v) out.push_back(s);
  return out;
}

// ---- reading -------------------------------------------------------------------------

/// What a JSON value is, for "X expected, got Y": scalars as JSON text (long strings cut).
std::string got(const json* j) {
  if (j == nullptr) return "nothing";
  switch (j->type()) {
    case json::value_t::object:
      return "object";
    case json::value_t::array:
      return "array";
    case json::value_t::string: {
      const auto& s = j->get_ref<const std::string&>();
      if (s.size() > 40) {
        std::size_t n = 40;
        while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
        return json(s.substr(0, n)).dump() + "...";
      }
      return j->dump();
    }
    default:
      return j->dump();
  }
}

[[noreturn]] void bad(const std::string& path, std::string_view message) {
  if (path.empty()) fail("state: {}", message);
  fail("state: {}: {}", path, message);
}

[[noreturn]] void want(const std::string& path, std::string_view type, const json* j) {
  bad(path, fmt::format("{} expected, got {}", type, got(j)));
}

std::string key_path(const std::string& path, std::string_view key) {
  // A key that is no name is shown as a JSON string, cut (an unknown field may be any text).
  const std::string k = valid_name(key) ? std::string(key) : '"' + cut_echo(key) + '"';
  return path.empty() ? k : fmt::format("{}.{}", path, k);
}

std::string index_path(const std::string& path, std::size_t i) {
  return fmt::format("{}[{}]", path, i);
}

/// Runs f; a field_error becomes "state: <path>.<field>: <message>".
template <typename F>
void at_path(const std::string& path, F&& f) {
  try {
    f();
  } catch (const field_error& e) {
    if (e.field().empty()) bad(path, e.message());
    bad(path.empty() ? e.field() : fmt::format("{}.{}", path, e.field()), e.message());
  }
}

/// An integer within ±2^53 (state_detail::max_integer).
std::int64_t as_integer(const json& j, const std::string& path) {
  if (!j.is_number_integer()) want(path, "integer", &j);  // unsigned ones too
  const bool in_range = j.is_number_unsigned()
                            ? j.get<std::uint64_t>() <= static_cast<std::uint64_t>(max_integer)
                            : j.get<std::int64_t>() >= -max_integer && j.get<std::int64_t>() <= max_integer;
  if (!in_range) bad(path, fmt::format("integer out of range ±2^53, got {}", j.dump()));
  return j.get<std::int64_t>();
}

/// An object whose keys are checked against a fixed list; typed getters name the path.
class object_reader {
 public:
  object_reader(const json& j, std::string path, std::initializer_list<std::string_view> keys)
      : j_(j), path_(std::move(path)) {
    if (!j.is_object()) want(path_, "object", &j);
    for (const auto& [key, value] : j.items()) {
      bool known = false;
      for (const std::string_view k : keys) known = known || k == key;
      if (!known) bad(key_path(path_, key), "unknown field");
    }
  }

  const std::string& path() const { return path_; }
  std::string path(std::string_view key) const { return key_path(path_, key); }

  const json* get(const char* key) const {
    const auto it = j_.find(key);
    return it == j_.end() ? nullptr : &*it;
  }

  std::string string(const char* key) const {
    const json* j = get(key);
    if (j == nullptr || !j->is_string()) want(path(key), "string", j);
    return j->get<std::string>();
  }
  std::string string(const char* key, std::string fallback) const {
    return get(key) == nullptr ? std::move(fallback) : string(key);
  }

  std::int64_t integer(const char* key) const {
    const json* j = get(key);
    if (j == nullptr) want(path(key), "integer", j);
    return as_integer(*j, path(key));
  }
  std::int64_t integer(const char* key, std::int64_t fallback) const {
    return get(key) == nullptr ? fallback : integer(key);
  }

  double number(const char* key) const {
    const json* j = get(key);
    if (j == nullptr || !j->is_number()) want(path(key), "number", j);
    return j->get<double>();
  }
  double number(const char* key, double fallback) const {
    return get(key) == nullptr ? fallback : number(key);
  }

  /// The array at key (an empty one when absent and optional).
  const json& array(const char* key, bool required) const {
    static const json empty = json::array();
    const json* j = get(key);
    if (j == nullptr && !required) return empty;
    if (j == nullptr || !j->is_array()) want(path(key), "array", j);
    return *j;
  }

  /// The object at key (an empty one when absent).
  const json& object(const char* key) const {
    static const json empty = json::object();
    const json* j = get(key);
    if (j == nullptr) return empty;
    if (!j->is_object()) want(path(key), "object", j);
    return *j;
  }

 private:
  const json& j_;
  std::string path_;
};

std::vector<std::string> read_strings(const json& j, const std::string& path) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < j.size(); ++i) {
    if (!j[i].is_string()) want(index_path(path, i), "string", &j[i]);
    out.push_back(j[i].get<std::string>());
  }
  return out;
}

prop_value read_prop(const json& j, const std::string& path) {
  switch (j.type()) {
    case json::value_t::boolean:
      return j.get<bool>();
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
      return as_integer(j, path);
    case json::value_t::number_float:
      return j.get<double>();
    case json::value_t::string:
      return j.get<std::string>();
    default:
      want(path, "boolean, integer, number or string", &j);
  }
}

/// Reads id, props, counters, markers into e (the id is checked by the caller).
void read_tags(const object_reader& r, entity& e) {
  e.id = r.string("id");
  const json& props = r.object("props");
  for (const auto& [name, value] : props.items()) {
    at_path(r.path(), [&, &key = name] { check_name("props", "prop name", key); });
    e.props.emplace(name, read_prop(value, key_path(r.path("props"), name)));
  }
  const json& counters = r.object("counters");
  for (const auto& [name, value] : counters.items()) {
    at_path(r.path(), [&, &key = name] { check_name("counters", "counter name", key); });
    e.counters.emplace(name, as_integer(value, key_path(r.path("counters"), name)));
  }
  const json& markers = r.object("markers");
  for (const auto& [name, value] : markers.items()) {
    at_path(r.path(), [&, &key = name] { check_name("markers", "marker name", key); });
    if (!value.is_string()) want(key_path(r.path("markers"), name), "string", &value);
    e.markers.emplace(name, value.get<std::string>());
  }
  at_path(r.path(), [&] { check_tags(e); });
}

placement read_placement(const object_reader& r) {
  placement p;
  p.x = r.number("x", 0);
  p.y = r.number("y", 0);
  p.facing = r.number("facing", 0);
  p.ranks = r.integer("ranks", 1);
  p.files = r.integer("files", 1);
  p.base_width = r.number("base_width", 0);
  p.base_depth = r.number("base_depth", 0);
  at_path(r.path(), [&] { check_placement(p); });
  return p;
}

clock_time read_clock(const json& j, const std::string& path) {
  const object_reader r(j, path, {"turn", "phase"});
  clock_time c{r.integer("turn"), r.string("phase")};
  at_path(path, [&] {
    check_turn("turn", c.turn);
    check_phase("phase", c.phase);
  });
  return c;
}

}  // namespace

/// Save and load, with access to the state's containers.
struct state_codec {
  /// Checks that id is a well-formed id not yet used in s.
  static void claim(const battle_state& s, const std::string& path, const std::string& id) {
    at_path(path, [&] { check_name("id", "id", id); });
    const std::string_view used = s.kind_of(id);
    if (!used.empty())
      bad(key_path(path, "id"), duplicate_id(id, used));
  }

  static std::string save(const battle_state& s, const std::string* viewer) {
    json doc = json::object();
    doc["schema"] = schema_v1;
    if (viewer != nullptr) doc["view"] = *viewer;
    doc["clock"] = clock_json(s.clock_);

    json modules = json::array();
    for (const module_info& m : s.modules_) {
      json one{{"name", m.name}, {"version", m.version}, {"hash", m.hash}};
      if (!m.options.empty()) one["options"] = m.options;
      modules.push_back(std::move(one));
    }
    doc["modules"] = std::move(modules);

    json next = json::object();
    for (const auto& [kind, n] : s.next_ids_) next[kind] = n;
    doc["next_ids"] = std::move(next);

    json sides = json::array();
    for (const auto& [id, x] : s.sides_) {
      json j;
      put_tags(j, x);
      j["name"] = x.name;
      sides.push_back(std::move(j));
    }
    doc["sides"] = std::move(sides);

    json commands = json::array();
    for (const auto& [id, x] : s.commands_) {
      json j;
      put_tags(j, x);
      j["side"] = x.side;
      j["name"] = x.name;
      commands.push_back(std::move(j));
    }
    doc["commands"] = std::move(commands);

    json units = json::array();
    for (const auto& [id, x] : s.units_) {
      json j;
      put_tags(j, x);
      j["side"] = x.side;
      j["command"] = x.command;
      j["name"] = x.name;
      put_placement(j, x.place);
      json figures = json::array();
      for (const figure& f : x.figures) {
        json fj;
        put_tags(fj, f);
        fj["wounds"] = f.wounds;
        fj["equipment"] = strings_json(f.equipment);
        figures.push_back(std::move(fj));
      }
      j["figures"] = std::move(figures);
      units.push_back(std::move(j));
    }
    doc["units"] = std::move(units);

    json individuals = json::array();
    for (const auto& [id, x] : s.individuals_) {
      json j;
      put_tags(j, x);
      j["side"] = x.side;
      j["command"] = x.command;
      j["unit"] = x.unit;
      j["name"] = x.name;
      put_placement(j, x.place);
      j["wounds"] = x.wounds;
      j["equipment"] = strings_json(x.equipment);
      individuals.push_back(std::move(j));
    }
    doc["individuals"] = std::move(individuals);

    json terrain = json::array();
    for (const auto& [id, x] : s.terrain_) {
      json j;
      put_tags(j, x);
      j["kind"] = x.kind;
      json polygon = json::array();
      for (const point& p : x.polygon) polygon.push_back(json{{"x", p.x}, {"y", p.y}});
      j["polygon"] = std::move(polygon);
      terrain.push_back(std::move(j));
    }
    doc["terrain"] = std::move(terrain);

    json secrets = json::array();
    for (const secret& x : s.secrets_) {
      json j{{"id", x.id}, {"side", x.side}, {"label", x.label},
             {"committed", clock_json(x.committed)}};
      j["revealed"] = x.revealed ? clock_json(*x.revealed) : json(nullptr);
      if (viewer == nullptr || x.side == *viewer || x.revealed) {
        j["value"] = x.value;
        j["commitment"] = x.commitment;
      }
      secrets.push_back(std::move(j));
    }
    doc["secrets"] = std::move(secrets);

    return doc.dump(2) + "\n";
  }

  // Before the document is built: a pass over `text` that holds, in `held`, what the JSON
  // library will allocate for each element (a model: a text of empty objects takes about 35
  // times its length) and charges the work, so a text too big for the budget stops here, not
  // at gigabytes. A syntax error ends the pass; the parse after it reports the error.
  struct dom_meter {
    held_memory& held;
    std::size_t pending = 0;
    void add(std::size_t bytes) {
      pending += bytes;
      if (pending >= 65536) flush();
    }
    void flush() {
      held.meter().charge(pending / 16);
      held.add(pending);
      pending = 0;
    }
    bool null() { return add(32), true; }
    bool boolean(bool) { return add(32), true; }
    bool number_integer(json::number_integer_t) { return add(32), true; }
    bool number_unsigned(json::number_unsigned_t) { return add(32), true; }
    bool number_float(json::number_float_t, const std::string&) { return add(32), true; }
    bool string(std::string& s) { return add(64 + s.size()), true; }
    bool binary(json::binary_t& b) { return add(64 + b.size()), true; }
    bool start_object(std::size_t) { return add(112), true; }  // the value and its map
    bool key(std::string& k) { return add(96 + k.size()), true; }  // a map node
    bool end_object() { return true; }
    bool start_array(std::size_t) { return add(80), true; }  // the value and its vector
    bool end_array() { return true; }
    bool parse_error(std::size_t, const std::string&, const json::exception&) { return false; }
  };

  static json parse_metered(std::string_view text, held_memory& held) {
    dom_meter meter{held};
    json::sax_parse(text.begin(), text.end(), &meter);
    meter.flush();
    return json::parse(text.begin(), text.end());
  }

  static battle_state load(std::string_view text, held_memory& held) {
    json doc;
    try {
      doc = parse_metered(text, held);
    } catch (const json::exception& e) {  // parse_error, and out_of_range for 1e400
      // "parse error at line 1, column 2: ..." or "number overflow parsing '1e400'"
      std::string why = json_error_text(e.what());
      if (why.starts_with("parse error ")) why.erase(0, std::string_view("parse error ").size());
      fail("state: invalid JSON: {}", why);
    }

    const object_reader top(doc, "",
                            {"schema", "view", "clock", "modules", "next_ids", "sides",
                             "commands", "units", "individuals", "terrain", "secrets"});
    const std::string schema = top.string("schema");
    if (schema != schema_v1)
      bad("schema", fmt::format("unsupported {} (want {})", got(top.get("schema")),
                                json(std::string(schema_v1)).dump()));
    if (top.get("view") != nullptr)
      bad("view", "a per-side view cannot be loaded (save the full state instead)");

    battle_state s;
    if (const json* c = top.get("clock")) s.clock_ = read_clock(*c, "clock");

    const json& modules = top.array("modules", false);
    for (std::size_t i = 0; i < modules.size(); ++i) {
      const object_reader r(modules[i], index_path("modules", i), {"name", "version", "hash", "options"});
      module_info m{r.string("name"), r.string("version"), r.string("hash"), r.string("options", "")};
      for (const module_info& known : s.modules_)
        if (known.name == m.name)
          bad(r.path("name"), fmt::format("duplicate module {}", quote(m.name)));
      at_path(r.path(), [&] { check_module(m); });
      s.set_module(std::move(m));
    }

    const json& next = top.object("next_ids");
    for (const auto& [kind, n] : next.items()) {
      const std::string path = key_path("next_ids", kind);
      bool known = false;
      for (const std::string_view k : {kind_side, kind_command, kind_unit, kind_figure,
                                       kind_individual, kind_terrain, kind_secret})
        known = known || k == kind;
      if (!known) bad(path, "unknown kind");
      const std::int64_t v = as_integer(n, path);
      if (v < 1) bad(path, fmt::format("must be >= 1, got {}", v));
      s.next_ids_[kind] = v;
    }

    const json& sides = top.array("sides", false);
    for (std::size_t i = 0; i < sides.size(); ++i) {
      const object_reader r(sides[i], index_path("sides", i),
                            {"id", "props", "counters", "markers", "name"});
      side x;
      read_tags(r, x);
      claim(s, r.path(), x.id);
      x.name = r.string("name", "");
      at_path(r.path(), [&] { check_text("name", x.name, max_name * 4, 0); });
      s.sides_.emplace(x.id, std::move(x));
    }

    const json& commands = top.array("commands", false);
    for (std::size_t i = 0; i < commands.size(); ++i) {
      const object_reader r(commands[i], index_path("commands", i),
                            {"id", "props", "counters", "markers", "side", "name"});
      command x;
      read_tags(r, x);
      claim(s, r.path(), x.id);
      x.side = r.string("side");
      x.name = r.string("name", "");
      at_path(r.path(), [&] {
        check_side_command(s, x.side, {});
        check_text("name", x.name, max_name * 4, 0);
      });
      s.commands_.emplace(x.id, std::move(x));
    }

    const json& units = top.array("units", false);
    for (std::size_t i = 0; i < units.size(); ++i) {
      const object_reader r(units[i], index_path("units", i),
                            {"id", "props", "counters", "markers", "side", "command", "name",
                             "x", "y", "facing", "ranks", "files", "base_width", "base_depth",
                             "figures"});
      unit x;
      read_tags(r, x);
      claim(s, r.path(), x.id);
      x.side = r.string("side");
      x.command = r.string("command", "");
      x.name = r.string("name", "");
      at_path(r.path(), [&] {
        check_side_command(s, x.side, x.command);
        check_text("name", x.name, max_name * 4, 0);
      });
      x.place = read_placement(r);
      const json& figures = r.array("figures", false);
      for (std::size_t k = 0; k < figures.size(); ++k) {
        const object_reader fr(figures[k], index_path(r.path("figures"), k),
                               {"id", "props", "counters", "markers", "wounds", "equipment"});
        figure f;
        read_tags(fr, f);
        claim(s, fr.path(), f.id);
        f.unit = x.id;
        f.wounds = fr.integer("wounds", 0);
        f.equipment = read_strings(fr.array("equipment", false), fr.path("equipment"));
        at_path(fr.path(), [&] { check_model(f.wounds, f.equipment); });
        s.figure_units_.emplace(f.id, x.id);
        x.figures.push_back(std::move(f));
      }
      s.units_.emplace(x.id, std::move(x));
    }

    const json& individuals = top.array("individuals", false);
    for (std::size_t i = 0; i < individuals.size(); ++i) {
      const object_reader r(individuals[i], index_path("individuals", i),
                            {"id", "props", "counters", "markers", "side", "command", "unit",
                             "name", "x", "y", "facing", "ranks", "files", "base_width",
                             "base_depth", "wounds", "equipment"});
      individual x;
      read_tags(r, x);
      claim(s, r.path(), x.id);
      x.side = r.string("side");
      x.command = r.string("command", "");
      x.unit = r.string("unit", "");
      x.name = r.string("name", "");
      at_path(r.path(), [&] {
        check_side_command(s, x.side, x.command);
        check_attach(s, x.side, x.unit);
        check_text("name", x.name, max_name * 4, 0);
      });
      x.place = read_placement(r);
      x.wounds = r.integer("wounds", 0);
      x.equipment = read_strings(r.array("equipment", false), r.path("equipment"));
      at_path(r.path(), [&] { check_model(x.wounds, x.equipment); });
      s.individuals_.emplace(x.id, std::move(x));
    }

    const json& terrain = top.array("terrain", false);
    for (std::size_t i = 0; i < terrain.size(); ++i) {
      const object_reader r(terrain[i], index_path("terrain", i),
                            {"id", "props", "counters", "markers", "kind", "polygon"});
      struct terrain x;
      read_tags(r, x);
      claim(s, r.path(), x.id);
      x.kind = r.string("kind");
      const json& polygon = r.array("polygon", true);
      for (std::size_t k = 0; k < polygon.size(); ++k) {
        const object_reader pr(polygon[k], index_path(r.path("polygon"), k), {"x", "y"});
        x.polygon.push_back(point{pr.number("x"), pr.number("y")});
      }
      at_path(r.path(), [&] { check_terrain_shape(x); });
      s.terrain_.emplace(x.id, std::move(x));
    }

    const json& secrets = top.array("secrets", false);
    for (std::size_t i = 0; i < secrets.size(); ++i) {
      const object_reader r(secrets[i], index_path("secrets", i),
                            {"id", "side", "label", "value", "commitment", "committed",
                             "revealed"});
      secret x;
      x.id = r.string("id");
      claim(s, r.path(), x.id);
      x.side = r.string("side");
      x.label = r.string("label");
      x.value = r.string("value");
      x.commitment = r.string("commitment");
      at_path(r.path(), [&] {
        check_side_command(s, x.side, {});
        check_text("label", x.label, max_name, 1);
        check_utf8("value", x.value, max_secret_value);
      });
      if (!valid_hex64(x.commitment))
        bad(r.path("commitment"),
            fmt::format("16 lowercase hex digits expected, got {}", got(r.get("commitment"))));
      const json* committed = r.get("committed");
      if (committed == nullptr) want(r.path("committed"), "object", committed);
      x.committed = read_clock(*committed, r.path("committed"));
      const json* revealed = r.get("revealed");
      if (revealed == nullptr) want(r.path("revealed"), "object or null", revealed);
      if (!revealed->is_null()) x.revealed = read_clock(*revealed, r.path("revealed"));
      s.secret_index_.emplace(x.id, s.secrets_.size());
      s.secrets_.push_back(std::move(x));
    }
    return s;
  }
};

std::string battle_state::save_json() const { return state_codec::save(*this, nullptr); }

std::string battle_state::save_json(std::string_view viewer_side) const {
  const std::string viewer(get_side(viewer_side).id);
  return state_codec::save(*this, &viewer);
}

void battle_state::load_json(std::string_view text) {
  held_memory held(*metering_.meter);  // the document, while the state is built from it
  battle_state next = state_codec::load(text, held);
  const std::size_t before = metering_.bytes;
  const std::size_t after = next.measure();
  if (after > before) grow(after - before);  // throws: nothing above touched *this
  *this = std::move(next);  // keeps this state's meter
  touch_all();  // a loaded entity is new content: no revision it had before stands for it
  metering_.bytes = after;
  if (after < before) metering_.meter->hold(-static_cast<std::int64_t>(before - after));
}

}  // namespace muster
