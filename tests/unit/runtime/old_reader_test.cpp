// A game built with the format 1.1 runtime (reader_1_1/, frozen) and the packs of each
// version: 1.0 and 1.1 read, 1.2 with boxes and points refused with a clear error, because
// its frames carry the shapes flag bit that 1.1 rejects (docs/format.md, "Versions"). This
// binary includes the frozen headers only, never lib/runtime's.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "spritec/runtime/spk_reader.hpp"

namespace {

std::vector<std::uint8_t> read_pack(const std::string& name) {
  std::ifstream in(SPRITEC_TEST_DATA "/packs/" + name, std::ios::binary);
  return std::vector<std::uint8_t>(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

TEST_CASE("the frozen 1.1 reader is the 1.1 reader", "[reader][compat]") {
  CHECK(spritec::runtime::spk::kVersionMinor == 1);
}

TEST_CASE("the 1.1 reader reads packs 1.0 and 1.1", "[reader][compat]") {
  for (const char* name : {"format-1.0.spk", "format-1.1.spk"}) {
    INFO(name);
    const std::vector<std::uint8_t> bytes = read_pack(name);
    REQUIRE(!bytes.empty());
    spritec::runtime::PackView view;
    const spritec::runtime::ParseResult r =
        spritec::runtime::parse_pack(bytes.data(), bytes.size(), view);
    CHECK(r.ok());
    CHECK(view.frame_count() == 7);
  }
}

TEST_CASE("the 1.1 reader reads a 1.3 layered master as a plain pack", "[reader][compat]") {
  // SLOT and LORD are sections 1.1 does not know: skipped, so a game with the old runtime
  // plays the master's own frames (docs/format.md, "Versions").
  const std::vector<std::uint8_t> bytes = read_pack("format-1.3.spk");
  REQUIRE(!bytes.empty());
  spritec::runtime::PackView view;
  const spritec::runtime::ParseResult r =
      spritec::runtime::parse_pack(bytes.data(), bytes.size(), view);
  CHECK(r.ok());
  CHECK(view.frame_count() == 7);
  CHECK(view.action_count() == 1);
}

TEST_CASE("the 1.1 reader refuses a 1.2 pack with boxes and points cleanly", "[reader][compat]") {
  const std::vector<std::uint8_t> bytes = read_pack("format-1.2.spk");
  REQUIRE(!bytes.empty());
  spritec::runtime::PackView view;
  const spritec::runtime::ParseResult r =
      spritec::runtime::parse_pack(bytes.data(), bytes.size(), view);
  CHECK_FALSE(r.ok());
  CHECK(r.error == spritec::runtime::ParseError::kBadValue);
  CHECK(std::string(r.message).find("unknown frame flags") != std::string::npos);
  CHECK(r.version_major == 1);
  CHECK(r.version_minor == 2);
  CHECK(view.frame_count() == 0);  // nothing half-read is handed out
}
