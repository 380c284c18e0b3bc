// Hostile Aseprite sources (issue 23), each generated here: tags that would make millions of
// steps (E0230, counted before any is made), slice pivots past the range of an origin
// (E0215, never a wrapped number), Aseprite JSON nested 100,000 deep (E0213, before the
// JSON library recurses), and one W0301 per inexact duration, however many frames have it.
#include <filesystem>
#include <fstream>

#include "../aseprite/ase_writer.hpp"
#include "def_test_util.hpp"
#include "spritec/image/image.hpp"

namespace fs = std::filesystem;
using namespace def_test;
using spritec::diag::Code;

namespace {

// `frames` frames of 1x1 lasting `ms` each, one layer, and the given tags and slices.
ase_test::Bytes sprite(unsigned frames, unsigned ms, const std::vector<ase_test::Tag>& tags,
                       const std::vector<ase_test::Bytes>& more = {}) {
  ase_test::Sprite s;
  s.width = s.height = 1;
  for (unsigned i = 0; i < frames; ++i)
    s.frames.push_back({ms, {}});
  s.frames[0].chunks.push_back(ase_test::layer_chunk({"a"}));
  if (!tags.empty()) s.frames[0].chunks.push_back(ase_test::tags_chunk(tags));
  for (const ase_test::Bytes& b : more)
    s.frames[0].chunks.push_back(b);
  return s.bytes();
}

const std::string kTagsTrue =
    "pack: p\nsheets:\n  - name: s\n    aseprite: a.aseprite\n    tags: true\n";  // 1-5

std::size_t steps_of(const Loaded& l, const std::string& action) {
  REQUIRE(l.def);
  const spritec::def::Action* a = l.def->find_action(action);
  REQUIRE(a);
  return a->steps.at(0).size();
}

}  // namespace

TEST_CASE("a pingpong tag's passes are counted before they are written out: E0230 past the cap") {
  // n frames repeated r times: n, then r - 1 passes of n - 1 (the turning frame is not
  // played twice): 18 frames, repeat 100 -> 18 + 99 * 17 = 1,701 steps.
  SECTION("within the cap: every pass") {
    Loaded l = load_in_root(kTagsTrue, {{"a.aseprite", sprite(18, 100, {{"b", 0, 17, 2, 100}})}});
    CHECK(steps_of(l, "b") == 1701);
  }
  SECTION("repeat 65,535 of 18 frames is 1,114,096 steps: E0230 at tags: true, naming them") {
    Loaded l = load_in_root(kTagsTrue, {{"a.aseprite", sprite(18, 100, {{"b", 0, 17, 2, 65535}})}});
    require_only(l, Code::kTooManyTagSteps, 5, 11);
    const std::string& m = l.sink.diagnostics()[0].message;
    CHECK(m.find("tag 'b' of sheet 's' would make 1114096 steps") != std::string::npos);
    CHECK(m.find("at most 1048576 steps") != std::string::npos);
  }
}

TEST_CASE("many tags over many frames are counted together: E0230 at the tag past the cap") {
  // 4,096 forward tags of all 300 frames: 1,228,800 steps. 3,495 tags make 1,048,500; the
  // next would pass 1,048,576.
  std::vector<ase_test::Tag> tags;
  for (unsigned i = 0; i < 4096; ++i)
    tags.push_back({"t" + std::to_string(i), 0, 299, 0, 0});
  Loaded l = load_in_root(kTagsTrue, {{"a.aseprite", sprite(300, 100, tags)}});
  require_only(l, Code::kTooManyTagSteps, 5, 11);
  const std::string& m = l.sink.diagnostics()[0].message;
  CHECK(m.find("tag 't3495' of sheet 's' would make 300 steps, and tags have made 1048500") !=
        std::string::npos);
}

TEST_CASE("{tag:} views count toward the same cap as tags: true") {
  // Ten actions of 350 views (the most an action has: 360), each view a tag of 300 frames:
  // 1,050,000 steps. 3,495 views make 1,048,500; the next would pass 1,048,576.
  std::string yaml = "pack: p\nsheets:\n  - name: s\n    aseprite: a.aseprite\nactions:\n";
  for (int a = 0; a < 10; ++a) {
    yaml += "  w" + std::to_string(a) + ": {views: 350, frames: [";
    for (int i = 0; i < 350; ++i)
      yaml += std::string(i ? ", " : "") + "{tag: t}";
    yaml += "]}\n";
  }
  Loaded l = load_in_root(yaml, {{"a.aseprite", sprite(300, 100, {{"t", 0, 299, 0, 0}})}});
  const auto errors = with_code(l.sink, Code::kTooManyTagSteps);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].span.line == 15);  // action w9
  CHECK(errors[0].message.find("would make 300 steps, and tags have made 1048500") !=
        std::string::npos);
}

TEST_CASE("an inexact duration is one W0301 with a count, however many frames and tags") {
  // 300 frames of 15 ms (0.9 ticks at 60/s) under two tags: once 600 warnings.
  Loaded l = load_in_root(
      kTagsTrue, {{"a.aseprite", sprite(300, 15, {{"x", 0, 299, 0, 0}, {"y", 0, 299, 0, 0}})}});
  REQUIRE(l.def);
  const auto warnings = with_code(l.sink, Code::kInexactDuration);
  REQUIRE(warnings.size() == 1);
  CHECK(l.sink.diagnostics().size() == 1);
  CHECK(warnings[0].message.find("frame 0 of tag 'x' lasts 15 ms") != std::string::npos);
  CHECK(warnings[0].message.find("rounded to 1 (and 299 more frames in 2 tags of 15 ms)") !=
        std::string::npos);
}

TEST_CASE("a slice's key plus its pivot past the range of an origin is E0215, not a wrap") {
  const std::string yaml =
      "pack: p\nsheets:\n  - name: s\n    aseprite: a.aseprite\n    origin: {slice: o}\n";
  const auto with_key = [&](int x, int y, int px, int py) {
    ase_test::SliceKey k;
    k.x = x;
    k.y = y;
    k.pivot = true;
    k.px = px;
    k.py = py;
    return load_in_root(yaml,
                        {{"a.aseprite", sprite(1, 100, {}, {ase_test::slice_chunk("o", {k})})}});
  };
  SECTION("2147483647 + 1 (signed overflow in 32 bits)") {
    Loaded l = with_key(2147483647, 0, 1, 0);
    require_only(l, Code::kSliceOrigin, 5, 21);
    CHECK(l.sink.diagnostics()[0].message.find("at (2147483648, 0)") != std::string::npos);
  }
  SECTION("(2e9, -2e9): each fits, the origin is out of range") {
    Loaded l = with_key(2000000000, -2000000000, 0, 0);
    require_only(l, Code::kSliceOrigin, 5, 21);
  }
  SECTION("at the edge of the range it is the origin") {
    Loaded l = with_key(999999, -1000000, 1, 0);
    REQUIRE(l.def);
    CHECK(l.def->frames.at(0).origin.x == 1000000);
    CHECK(l.def->frames.at(0).origin.y == -1000000);
  }
}

TEST_CASE("Aseprite JSON nested 100,000 deep is E0213 before the JSON library parses it") {
  std::string deep = "{\"frames\": ";
  deep += std::string(100000, '[') + std::string(100000, ']') + ", \"meta\": {}}";
  Loaded l = load_in_root("pack: p\nsheets:\n  - name: s\n    aseprite_json: a.json\n",
                          {{"a.json", ase_test::Bytes(deep.begin(), deep.end())}});
  require_only(l, Code::kAsepriteInvalid, 4, 20);
  CHECK(l.sink.diagnostics()[0].message.find("more than 64 deep") != std::string::npos);
  SECTION("brackets inside strings do not count") {
    std::string text = "{\"frames\": [], \"meta\": {\"image\": \"" + std::string(200, '[') + "\"}}";
    Loaded s = load_in_root("pack: p\nsheets:\n  - name: s\n    aseprite_json: a.json\n",
                            {{"a.json", ase_test::Bytes(text.begin(), text.end())}});
    REQUIRE_FALSE(s.sink.diagnostics().empty());
    CHECK(s.sink.diagnostics()[0].message.find("deep") == std::string::npos);
  }
}

TEST_CASE("an Aseprite JSON frame of no pixels is E0213 without a sourceSize, empty with one") {
  // Found by fuzz_aseprite_json: w 0 and no sourceSize made a frame whose canvas was 0x1.
  const std::string yaml = "pack: p\nsheets:\n  - name: s\n    aseprite_json: a.json\n";
  const auto with_frame = [&](const std::string& frame) {
    const std::string text = "{\"frames\": [" + frame + "], \"meta\": {\"image\": \"i.png\"}}";
    const spritec::image::Bytes png = spritec::image::encode_png(spritec::image::Image(1, 1));
    return load_in_root(yaml, {{"a.json", ase_test::Bytes(text.begin(), text.end())},
                               {"i.png", ase_test::Bytes(png.begin(), png.end())}});
  };
  SECTION("0x1 without sourceSize") {
    Loaded l = with_frame("{\"frame\": {\"x\": 0, \"y\": 0, \"w\": 0, \"h\": 1}}");
    require_only(l, Code::kAsepriteInvalid, 4, 20);
    CHECK(l.sink.diagnostics()[0].message.find(
              "frames[0].frame is 0x1 and there is no sourceSize") != std::string::npos);
  }
  SECTION("0x0 with a sourceSize of 4x3: an empty frame of that canvas") {
    Loaded l = with_frame(
        "{\"frame\": {\"x\": 0, \"y\": 0, \"w\": 0, \"h\": 0}, \"sourceSize\": {\"w\": 4, \"h\": "
        "3}}");
    REQUIRE(l.def);
    CHECK(l.def->frames.at(0).untrimmed() == spritec::def::Size{4, 3});
    CHECK(l.def->frames.at(0).rect.width == 0);
  }
}
