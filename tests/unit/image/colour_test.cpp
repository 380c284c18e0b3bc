#include <catch2/catch.hpp>

#include <cstdint>
#include <optional>

#include "spritec/image/image.hpp"

using spritec::image::parse_hex_colour;

TEST_CASE("parse_hex_colour reads #rrggbb as opaque 0xRRGGBBFF") {
  CHECK(parse_hex_colour("#000000", false) == std::optional<std::uint32_t>(0x000000FFu));
  CHECK(parse_hex_colour("#ff00ff", false) == std::optional<std::uint32_t>(0xFF00FFFFu));
  CHECK(parse_hex_colour("#A1b2C3", true) == std::optional<std::uint32_t>(0xA1B2C3FFu));
}

TEST_CASE("parse_hex_colour reads #rrggbbaa only when alpha is allowed") {
  CHECK(parse_hex_colour("#11223344", true) == std::optional<std::uint32_t>(0x11223344u));
  CHECK(parse_hex_colour("#ffffff00", true) == std::optional<std::uint32_t>(0xFFFFFF00u));
  CHECK_FALSE(parse_hex_colour("#11223344", false));
}

TEST_CASE("parse_hex_colour refuses anything else") {
  for (bool alpha : {false, true}) {
    CHECK_FALSE(parse_hex_colour("", alpha));
    CHECK_FALSE(parse_hex_colour("#", alpha));
    CHECK_FALSE(parse_hex_colour("#fff", alpha));
    CHECK_FALSE(parse_hex_colour("ff00ff", alpha));
    CHECK_FALSE(parse_hex_colour("ff00ff00", alpha));
    CHECK_FALSE(parse_hex_colour("#ff00fg", alpha));
    CHECK_FALSE(parse_hex_colour("#ff00f ", alpha));
    CHECK_FALSE(parse_hex_colour(" #ff00ff", alpha));
    CHECK_FALSE(parse_hex_colour("#ff00ff0", alpha));
    CHECK_FALSE(parse_hex_colour("#ff00ff0011", alpha));
    CHECK_FALSE(parse_hex_colour("#+f00ff", alpha));
    CHECK_FALSE(parse_hex_colour("none", alpha));
  }
}
