// The module loader through the runtime: manifests, options, versions, variants by name and
// by path, content hashes, and the errors a club's broken or hostile variant gets.
#include <gtest/gtest.h>

#include <string>

#include "muster/kernel.hpp"
#include "muster/runtime.hpp"

namespace {

const std::string fixtures = MUSTER_SOURCE_DIR "/tests/fixtures";

template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

struct modules : ::testing::Test {
  muster::kernel k{7};
  muster::runtime rt{k, [] {
                       muster::runtime_options o;
                       o.root = fixtures + "/root";
                       o.instruction_budget = 5'000'000;
                       return o;
                     }()};
};

TEST_F(modules, loads_a_ruleset_with_default_options) {
  const auto& info = rt.load_ruleset("toy");
  EXPECT_EQ(info.name, "toy");
  EXPECT_EQ(info.kind, "ruleset");
  EXPECT_EQ(info.version, "1.2.0");
  EXPECT_EQ(info.path, "scripts/rulesets/toy");
  EXPECT_TRUE(info.bundled);
  EXPECT_EQ(info.hash.size(), 16u);
  EXPECT_EQ(info.options.at("hard"), "false");
  EXPECT_EQ(info.options.at("bonus"), "1");
  EXPECT_EQ(info.options.at("weather"), "dry");
  EXPECT_EQ(rt.eval("ruleset.target(), ruleset.source"), "4, \"toy 1.2.0\"");
}

TEST_F(modules, options_are_typed_by_the_manifest) {
  rt.load_ruleset("toy", {{"hard", "true"}, {"bonus", "3"}, {"weather", "wet"}});
  EXPECT_EQ(rt.eval("ruleset.target(), ruleset.options.weather"), "8, \"wet\"");
}

TEST_F(modules, bad_options_are_refused_with_the_reason) {
  EXPECT_EQ(error_of([&] { rt.load_ruleset("toy", {{"hardd", "true"}}); }),
            "ruleset 'toy': unknown option 'hardd' (known: bonus, hard, weather)");
  EXPECT_EQ(error_of([&] { rt.load_ruleset("toy", {{"bonus", "1.5"}}); }),
            "ruleset 'toy': option 'bonus': '1.5' is not an integer");
  EXPECT_EQ(error_of([&] { rt.load_ruleset("toy", {{"hard", "maybe"}}); }),
            "ruleset 'toy': option 'hard': 'maybe' is not a boolean (true or false)");
  EXPECT_EQ(error_of([&] { rt.load_ruleset("toy", {{"weather", "snow"}}); }),
            "ruleset 'toy': option 'weather': 'snow' is not one of dry, wet");
  EXPECT_TRUE(rt.modules().empty());
  rt.load_ruleset("toy");  // nothing was half-loaded
  EXPECT_EQ(rt.modules().size(), 1u);
}

TEST_F(modules, unknown_ruleset_lists_the_available_ones) {
  EXPECT_EQ(error_of([&] { rt.load_ruleset("fantasy"); }),
            "no ruleset 'fantasy' (available: looper, toy; or give the path of a ruleset folder)");
}

TEST_F(modules, variants_layer_on_the_ruleset_by_name) {
  rt.load_ruleset("toy");
  const auto& v = rt.load_variant("fancy", {{"extra", "5"}});
  EXPECT_EQ(v.kind, "variant");
  EXPECT_EQ(v.path, "scripts/rulesets/toy/variants/fancy");
  EXPECT_EQ(rt.eval("ruleset.target()"), "9");
  EXPECT_EQ(rt.eval("ruleset.modifiers[2].source"), "\"fancy 0.1.0\"");
  rt.load_variant("single");
  EXPECT_EQ(rt.eval("ruleset.single"), "\"single 1.0.0\"");
  ASSERT_EQ(rt.modules().size(), 3u);
  EXPECT_EQ(error_of([&] { rt.load_variant("fancy"); }), "variant 'fancy' is already loaded");
}

TEST_F(modules, version_mismatches_are_refused) {
  rt.load_ruleset("toy");
  EXPECT_EQ(error_of([&] { rt.load_variant("badopt"); }),
            "scripts/rulesets/toy/variants/badopt/manifest.lua: variant 'badopt' needs toy "
            "^2.0, loaded is 1.2.0");
  EXPECT_EQ(error_of([&] { rt.load_variant(fixtures + "/club/future.lua"); }),
            fixtures + "/club/future.lua: variant 'future' needs kernel API ^9.0, this kernel "
                       "is 1.0.0");
}

TEST_F(modules, a_variant_before_a_ruleset_is_refused) {
  EXPECT_EQ(error_of([&] { rt.load_variant("fancy"); }), "load a ruleset before variant 'fancy'");
}

TEST_F(modules, club_variants_load_from_a_path_and_fail_cleanly) {
  rt.load_ruleset("toy");
  EXPECT_EQ(error_of([&] { rt.load_variant(fixtures + "/club/typo.lua"); }),
            fixtures + "/club/typo.lua: unknown field 'verison' (known: name, version, kind, "
                       "kernel, ruleset, ruleset_version, options, after, overrides, description, author, source, "
                       "license)");
  EXPECT_EQ(error_of([&] { rt.load_variant(fixtures + "/club/optdoc.lua"); }),
            fixtures + "/club/optdoc.lua: field 'options.rain': unknown key 'dco' (known: type, "
                       "default, values, doc)");
  EXPECT_EQ(error_of([&] { rt.load_variant(fixtures + "/club/broken.lua"); }),
            fixtures + "/club/broken.lua:3: '}' expected near 'version'");
  EXPECT_EQ(error_of([&] { rt.load_variant(fixtures + "/club/raises.lua"); }),
            fixtures + "/club/raises.lua:5: attempt to index local 't' (a nil value)");
  EXPECT_EQ(error_of([&] { rt.load_variant(fixtures + "/club/endless.lua"); }),
            fixtures + "/club/endless.lua:5: instruction budget exhausted (5000000 instructions)");
  EXPECT_EQ(error_of([&] { rt.load_variant("nosuch"); }),
            "no variant 'nosuch' (bundled variants of toy: badopt, fancy, single; or give the "
            "path of a variant file or folder)");
  EXPECT_EQ(rt.modules().size(), 1u);
  EXPECT_EQ(rt.eval("ruleset.target()"), "4");  // the ruleset survived all of it
}

TEST_F(modules, require_resolves_in_the_module_folder_and_lib_only) {
  rt.load_ruleset("toy");
  EXPECT_EQ(rt.eval("require('shared_util').twice(21)"), "42");
  EXPECT_EQ(error_of([&] { rt.run("require('helpers')", "repl"); }),
            "repl:1: require: no module 'helpers'");
}

TEST_F(modules, the_state_and_the_log_record_what_was_loaded) {
  const auto& info = rt.load_ruleset("toy");
  ASSERT_EQ(k.state.modules().size(), 1u);
  EXPECT_EQ(k.state.modules()[0].name, "toy");
  EXPECT_EQ(k.state.modules()[0].hash, info.hash);
  ASSERT_FALSE(k.log.events().empty());
  EXPECT_EQ(k.log.events().back().kind, "module");
}

TEST(modules_list, lists_rulesets_and_variants_from_their_manifests) {
  const auto all = muster::runtime::available_modules(fixtures + "/root");
  std::string names;
  for (const auto& m : all) names += m.kind + ":" + m.name + "@" + m.version + " ";
  EXPECT_EQ(names,
            "ruleset:looper@1.0.0 ruleset:toy@1.2.0 variant:badopt@1.0.0 variant:fancy@0.1.0 "
            "variant:single@1.0.0 ");
}

TEST(modules_hash, changes_when_a_file_changes) {
  muster::kernel k1, k2;
  muster::runtime_options o;
  o.root = fixtures + "/root";
  muster::runtime a(k1, o), b(k2, o);
  EXPECT_EQ(a.load_ruleset("toy").hash, b.load_ruleset("toy").hash);
  EXPECT_NE(a.load_variant("fancy").hash, b.load_variant("single").hash);
}

}  // namespace
