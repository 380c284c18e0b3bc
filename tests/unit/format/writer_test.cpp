// The pack writer: round trips through the reader, deterministic bytes, and refusals.
#include <catch2/catch.hpp>

#include "../runtime/pack_fixtures.hpp"

using namespace spritec;
using namespace spritec::test;

TEST_CASE("a model written and read back is the same model", "[writer]") {
  const PackModel m = sample_model();
  const std::vector<std::uint8_t> bytes = write_or_fail(m);
  runtime::PackView v;
  REQUIRE(parse(bytes, v).ok());
  const PackModel back = format::read_model(v);
  // when/unless come back sorted by input name: sample_model's lists are already sorted.
  CHECK(back.tick_rate == m.tick_rate);
  CHECK(back.pages == m.pages);
  CHECK(back.frames == m.frames);
  REQUIRE(back.actions.size() == m.actions.size());
  for (std::size_t i = 0; i < m.actions.size(); ++i) {
    INFO(m.actions[i].name);
    CHECK(back.actions[i].steps == m.actions[i].steps);
    CHECK(back.actions[i].transitions == m.actions[i].transitions);
    CHECK(back.actions[i] == m.actions[i]);
  }
  CHECK(back == m);
}

TEST_CASE("writing the same model twice gives the same bytes", "[writer]") {
  CHECK(write_or_fail(sample_model()) == write_or_fail(sample_model()));
}

TEST_CASE("input bits do not depend on the order actions mention inputs", "[writer]") {
  // Inputs are interned sorted: 'fire' is bit 0 and 'move' bit 1 whichever comes first.
  PackModel m = sample_model();
  std::swap(m.actions[0].transitions[1].when[0], m.actions[0].transitions[1].when[1]);
  const std::vector<std::uint8_t> bytes = write_or_fail(m);
  runtime::PackView v;
  REQUIRE(parse(bytes, v).ok());
  CHECK(v.input_name(0) == "fire");
  CHECK(v.input_name(1) == "move");
  CHECK(v.transition(1).when == 3u);
}

TEST_CASE("the writer refuses models that break the pack's rules", "[writer]") {
  PackModel m = sample_model();
  SECTION("a step naming an unknown frame") {
    m.actions[0].steps[0][0].frame = "body/99";
  }
  SECTION("views of different lengths") {
    m.actions[0].steps[1].pop_back();
  }
  SECTION("fewer step lists than views") {
    m.actions[0].views = 3;
  }
  SECTION("a step of 0 ticks") {
    m.actions[1].steps[0][1].ticks = 0;
  }
  SECTION("loop_from past the end") {
    m.actions[0].loop_from = 2;
  }
  SECTION("then naming an unknown action") {
    m.actions[2].then_action = "nope";
  }
  SECTION("a transition to an unknown action") {
    m.actions[0].transitions[0].to = "nope";
  }
  SECTION("a frame outside its page") {
    m.frames[1].x = 60;
  }
  SECTION("a frame on a missing page") {
    m.frames[1].page = 2;
  }
  SECTION("duplicate frame names") {
    m.frames[1].name = "body/0";
  }
  SECTION("an external page with a path") {
    m.pages[1].file = "../x.png";
  }
  SECTION("an embedded page that is not PNG") {
    m.pages[0].png = {1, 2, 3};
  }
  SECTION("65 inputs") {
    for (int i = 0; i < 65; ++i)
      m.actions[0].transitions[0].unless.push_back("in" + std::to_string(i));
  }
  SECTION("a tick rate of 0") {
    m.tick_rate = 0;
  }
  const auto written = format::write_spk(m);
  CHECK_FALSE(written.ok());
  CHECK(written.value.empty());
  CHECK_FALSE(written.error.message.empty());
}

TEST_CASE("64 inputs are allowed and the 64th is bit 63", "[writer]") {
  PackModel m = sample_model();
  m.actions[0].transitions[0].unless.clear();
  for (int i = 0; i < 64; ++i) {
    char name[8];
    std::snprintf(name, sizeof name, "i%02d", i);  // sorted order = numeric order
    m.actions[0].transitions[0].unless.push_back(name);
  }
  m.actions[0].transitions[1].when = {"i63"};
  m.actions[3].transitions[0].when = {"i00"};  // no input beyond the 64
  const std::vector<std::uint8_t> bytes = write_or_fail(m);
  runtime::PackView v;
  REQUIRE(parse(bytes, v).ok());
  CHECK(v.input_count() == 64);
  CHECK(v.transition(0).unless == ~std::uint64_t(0));
  CHECK(v.transition(1).when == (std::uint64_t(1) << 63));
}

TEST_CASE("the writer and the reader share one plain-file-name and one range check", "[writer]") {
  using runtime::reader_detail::plain_file_name;
  using runtime::reader_detail::range_ok;
  CHECK(plain_file_name("page-1.png"));
  CHECK(plain_file_name("..png"));
  CHECK_FALSE(plain_file_name(""));
  CHECK_FALSE(plain_file_name("."));
  CHECK_FALSE(plain_file_name(".."));
  CHECK_FALSE(plain_file_name("a/b.png"));
  CHECK_FALSE(plain_file_name("a\\b.png"));
  CHECK_FALSE(plain_file_name("c:b.png"));
  CHECK_FALSE(plain_file_name(std::string("a\0b.png", 7)));
  CHECK(range_ok(0, 10, 10));
  CHECK(range_ok(10, 0, 10));
  CHECK_FALSE(range_ok(11, 0, 10));
  CHECK_FALSE(range_ok(5, 6, 10));
  CHECK_FALSE(range_ok(0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu));

  // What the writer accepts as a page file name is what the reader takes back (an empty
  // name means an embedded page, and page 1 has no PNG to embed).
  const std::vector<std::string> names = {
      "x.png", "..png", "", ".", "..", "a/b.png", "a\\b.png", "c:b.png", std::string("a\0b", 3)};
  for (const std::string& name : names) {
    INFO(name);
    PackModel m = sample_model();
    m.pages[1].file = name;
    CHECK(format::write_spk(m).ok() == plain_file_name(name));
  }
}
