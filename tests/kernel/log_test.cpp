// Tests for muster::event_log (log.hpp): stamping, validation, sample mode, the sink and the
// byte-exact JSON Lines and text renderings.
#include "muster/log.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "muster/error.hpp"

namespace {

using muster::event_log;
using muster::field;

// A fixed event list touching every value type and the awkward numbers and strings.
event_log fixed_log() {
  event_log log;
  log.add("pre_battle_start");
  log.set_clock(2, "shooting");
  log.add_fields("roll", "expr", "2d6", "faces", std::vector<int>{3, 4}, "total", 7);
  log.add_fields("reals", "one", 1.0, "tenth", 0.1, "big", 1e21, "tiny", 1e-7, "neg_zero", -0.0,
                 "whole_big", 1e15, "third", 1.0 / 3.0);
  log.add("text", {{"plain", std::string("red")},
                   {"spaced", std::string("day 1")},
                   {"quoted", std::string("say \"hi\"\\now")},
                   {"control", std::string("a\tb\nc\x01")},
                   {"empty", std::string()},
                   {"utf8", std::string("caf\xc3\xa9")}});
  log.set_clock(2, "");
  log.add_fields("flags", "yes", true, "no", false, "none", std::vector<std::int64_t>{},
                 "negative", -12);
  return log;
}

TEST(log, renders_jsonl_byte_exact) {
  const std::string want =
      R"({"seq":1,"turn":0,"phase":"","kind":"pre_battle_start","fields":{}})" "\n"
      R"({"seq":2,"turn":2,"phase":"shooting","kind":"roll","fields":{"expr":"2d6","faces":[3,4],"total":7}})" "\n"
      R"({"seq":3,"turn":2,"phase":"shooting","kind":"reals","fields":{"one":1.0,"tenth":0.1,"big":1e+21,"tiny":1e-07,"neg_zero":-0.0,"whole_big":1000000000000000.0,"third":0.3333333333333333}})" "\n"
      R"({"seq":4,"turn":2,"phase":"shooting","kind":"text","fields":{"plain":"red","spaced":"day 1","quoted":"say \"hi\"\\now","control":"a\tb\nc\u0001","empty":"","utf8":"café"}})" "\n"
      R"({"seq":5,"turn":2,"phase":"","kind":"flags","fields":{"yes":true,"no":false,"none":[],"negative":-12}})" "\n";
  EXPECT_EQ(fixed_log().fmt_jsonl(), want);
}

TEST(log, renders_text_lines) {
  const std::string want =
      "#1 t0 - pre_battle_start\n"
      "#2 t2 shooting roll expr=2d6 faces=[3,4] total=7\n"
      "#3 t2 shooting reals one=1.0 tenth=0.1 big=1e+21 tiny=1e-07 neg_zero=-0.0 "
      "whole_big=1000000000000000.0 third=0.3333333333333333\n"
      "#4 t2 shooting text plain=red spaced=\"day 1\" quoted=\"say \\\"hi\\\"\\\\now\" "
      "control=\"a\\tb\\nc\\u0001\" empty=\"\" utf8=\"café\"\n"
      "#5 t2 - flags yes=true no=false none=[] negative=-12\n";
  EXPECT_EQ(fixed_log().fmt_lines(), want);
}

TEST(log, renders_from_a_sequence_number) {
  const event_log log = fixed_log();
  EXPECT_EQ(log.fmt_lines(5), "#5 t2 - flags yes=true no=false none=[] negative=-12\n");
  EXPECT_EQ(log.fmt_jsonl(6), "");
  EXPECT_EQ(event_log::fmt_text(log.events().at(1)),
            "#2 t2 shooting roll expr=2d6 faces=[3,4] total=7");
}

TEST(log, stamps_events_with_the_clock) {
  event_log log;
  log.add("a");
  log.set_clock(3, "combat");
  log.add("b");
  ASSERT_EQ(log.size(), 2u);
  EXPECT_EQ(log.events()[0].turn, 0);
  EXPECT_EQ(log.events()[0].phase, "");
  EXPECT_EQ(log.events()[1].seq, 2u);
  EXPECT_EQ(log.events()[1].turn, 3);
  EXPECT_EQ(log.events()[1].phase, "combat");
  EXPECT_EQ(log.turn(), 3);
  EXPECT_EQ(log.phase(), "combat");
}

TEST(log, converts_cpp_values_to_field_types) {
  event_log log;
  log.add_fields("x", "size", std::size_t{3}, "u8", static_cast<unsigned char>(200), "f", 2.5f,
                 "list", std::vector<unsigned>{1, 2}, "sv", std::string_view("sv"));
  const auto& f = log.events().at(0).fields;
  EXPECT_EQ(std::get<std::int64_t>(f[0].value), 3);
  EXPECT_EQ(std::get<std::int64_t>(f[1].value), 200);
  EXPECT_EQ(std::get<double>(f[2].value), 2.5);
  EXPECT_EQ(std::get<std::vector<std::int64_t>>(f[3].value), (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(std::get<std::string>(f[4].value), "sv");
}

TEST(log, refuses_bad_names_and_values_and_appends_nothing) {
  event_log log;
  auto message = [&](auto&& fn) {
    try {
      fn();
    } catch (const muster::error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message([&] { log.add(""); }), "log: bad event kind '' (want an identifier)");
  EXPECT_EQ(message([&] { log.add("two words"); }),
            "log: bad event kind 'two words' (want an identifier)");
  EXPECT_EQ(message([&] { log.add_fields("roll", "1st", 1); }),
            "log: event 'roll': bad field name '1st' (want an identifier)");
  EXPECT_EQ(message([&] { log.add_fields("roll", "a", 1, "a", 2); }),
            "log: event 'roll': field 'a' given twice");
  EXPECT_EQ(message([&] { log.add_fields("roll", "p", 1.0 / 0.0); }),
            "log: event 'roll': field 'p' is not a finite number");
  EXPECT_EQ(log.size(), 0u);
  log.add("ok");
  EXPECT_EQ(log.events().at(0).seq, 1u);
}

TEST(log, records_nothing_while_disabled) {
  event_log log;
  log.add("a");
  log.set_enabled(false);
  EXPECT_FALSE(log.enabled());
  log.add("b");
  log.add_fields("c", "x", 1);
  log.add("bad kind is not even checked");
  EXPECT_EQ(log.size(), 1u);
  log.set_enabled(true);
  log.add("d");
  EXPECT_EQ(log.fmt_lines(), "#1 t0 - a\n#2 t0 - d\n");
}

TEST(log, passes_each_event_to_the_sink) {
  event_log log;
  std::vector<std::string> seen;
  log.set_sink([&](const muster::event& e) { seen.push_back(event_log::fmt_text(e)); });
  log.add_fields("a", "n", 1);
  log.add("b");
  log.set_sink({});
  log.add("c");
  EXPECT_EQ(seen, (std::vector<std::string>{"#1 t0 - a n=1", "#2 t0 - b"}));
}

TEST(log, clear_restarts_numbering_and_keeps_the_clock) {
  event_log log;
  log.set_clock(4, "magic");
  log.add("a");
  log.add("b");
  log.clear();
  EXPECT_EQ(log.size(), 0u);
  log.add("c");
  EXPECT_EQ(log.fmt_lines(), "#1 t4 magic c\n");
}

}  // namespace
