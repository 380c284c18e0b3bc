#include <catch2/catch.hpp>
#include <string>

#include "spritec/diag/utf8.hpp"

using spritec::diag::find_invalid_utf8;
using spritec::diag::utf8_sequence_length;

namespace {
constexpr std::size_t npos = std::string_view::npos;
}

TEST_CASE("well-formed UTF-8 of every length is accepted, from the first to the last code point") {
  // U+0000, U+007F, U+0080, U+07FF, U+0800, U+D7FF, U+E000, U+FFFF, U+10000, U+10FFFF.
  const std::string text(
      "\x00\x7f\xc2\x80\xdf\xbf\xe0\xa0\x80\xed\x9f\xbf\xee\x80\x80"
      "\xef\xbf\xbf\xf0\x90\x80\x80\xf4\x8f\xbf\xbf",
      26);
  REQUIRE(find_invalid_utf8(text) == npos);
  REQUIRE(utf8_sequence_length(text, 0) == 1);
  REQUIRE(utf8_sequence_length(text, 2) == 2);
  REQUIRE(utf8_sequence_length(text, 6) == 3);
  REQUIRE(utf8_sequence_length(text, 18) == 4);
  REQUIRE(find_invalid_utf8("") == npos);
}

TEST_CASE("a byte that does not start a character is found at its offset") {
  SECTION("a continuation byte alone") {
    REQUIRE(find_invalid_utf8("ab\x80z") == 2);
  }
  SECTION("overlong forms") {
    REQUIRE(find_invalid_utf8("\xc0\xaf") == 0);          // '/' in two bytes
    REQUIRE(find_invalid_utf8("\xc1\xbf") == 0);          // U+007F in two bytes
    REQUIRE(find_invalid_utf8("x\xe0\x9f\xbf") == 1);     // U+07FF in three bytes
    REQUIRE(find_invalid_utf8("\xf0\x8f\xbf\xbf") == 0);  // U+FFFF in four bytes
  }
  SECTION("surrogates") {
    REQUIRE(find_invalid_utf8("\xed\xa0\x80") == 0);  // U+D800
    REQUIRE(find_invalid_utf8("\xed\xbf\xbf") == 0);  // U+DFFF
  }
  SECTION("past U+10FFFF") {
    REQUIRE(find_invalid_utf8("\xf4\x90\x80\x80") == 0);
    REQUIRE(find_invalid_utf8("\xf5\x80\x80\x80") == 0);
    REQUIRE(find_invalid_utf8("\xff") == 0);
  }
  SECTION("a sequence cut short is reported at its lead byte") {
    REQUIRE(find_invalid_utf8("ok\xe2\x82") == 2);   // by the end
    REQUIRE(find_invalid_utf8("ok\xe2\x82z") == 2);  // by a byte that cannot continue it
    REQUIRE(utf8_sequence_length("\xf0\x9f\x98", 0) == 0);
  }
}
