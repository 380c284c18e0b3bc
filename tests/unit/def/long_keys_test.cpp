// A definition whose action name is a long multi-byte key (the YAML reader's limits on a key,
// yaml/yaml_libyaml_test.cpp) loads alike by libyaml and yaml-cpp, through the whole loader.
#include <catch2/catch.hpp>

#include <string>

#include "../yaml/yaml_long_keys.hpp"
#include "spritec/def/definition.hpp"

namespace def = spritec::def;
using spritec::diag::Code;
using spritec::diag::Sink;

namespace {

std::string describe_all(const Sink& sink) {
  std::string out;
  for (const auto& d : sink.diagnostics()) {
    out += std::string(spritec::diag::info(d.code).id) + " " + std::to_string(d.span.line) + ":" +
           std::to_string(d.span.column) + " " + d.message + "\n";
  }
  return out;
}

bool has_code(const Sink& sink, Code code) {
  for (const auto& d : sink.diagnostics()) {
    if (d.code == code) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("a definition with a long multi-byte action name loads alike by both parsers") {
  // The whole load (YAML, schema, checks): the same diagnostics by libyaml or yaml-cpp,
  // with or without a backslash comment; E0101 first exactly when the key is too long.
  for (const yaml_long_keys::KeyText& t : yaml_long_keys::texts()) {
    if (t.parent != "actions") continue;
    INFO(t.label);
    std::string first;
    for (const bool libyaml : {true, false}) {
      for (const bool backslash : {false, true}) {
        def::LoadOptions options;
        options.root = SPRITEC_TEST_DATA "/defs";
        options.yaml.libyaml = libyaml;
        Sink sink;
        const std::string text = t.text + (backslash ? yaml_long_keys::kBackslashComment : "");
        const auto loaded = def::load_definition_from(
            text, SPRITEC_TEST_DATA "/defs/t.sprites.yaml", options, sink);
        const std::string all = describe_all(sink);
        if (libyaml && !backslash) {
          first = all;
          CHECK(has_code(sink, Code::kYamlSyntax) == !t.reads);
          CHECK(loaded.has_value() == t.reads);
          if (!t.reads && !sink.diagnostics().empty()) {
            CHECK(sink.diagnostics()[0].code == Code::kYamlSyntax);
          }
        }
        CHECK(all == first);
      }
    }
  }
}
