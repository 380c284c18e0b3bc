// Aseprite slices as boxes and points (slices: true or [NAME, ...], issue 25): each slice a box
// on every frame whose key in effect shows it (a key holds until the next; none before the
// first; a key of zero width or height hides it), its pivot a point; the sheet's own boxes:
// and points: laid over them; E0245 for a slice the file does not have. Files generated here
// (ase_writer, or Aseprite JSON written inline), and two written by Aseprite
// (tests/data/aseprite/README.md) whose expected keys come from the file specification.
#include <filesystem>
#include <fstream>
#include <iterator>

#include "../aseprite/ase_writer.hpp"
#include "def_test_util.hpp"

namespace fs = std::filesystem;
using namespace def_test;
using spritec::def::Shape;
using spritec::def::ShapeKind;
using spritec::diag::Code;

namespace {

// A definition read beside the Aseprite-written files of tests/data/aseprite.
Loaded load_real(const std::string& yaml) {
  Loaded out;
  spritec::def::LoadOptions options;
  options.root = SPRITEC_TEST_DATA "/aseprite";
  out.def = spritec::def::load_definition_from(
      yaml, fs::path(SPRITEC_TEST_DATA "/aseprite") / "t.sprites.yaml", options, out.sink);
  return out;
}

// `frames` frames of 16x16, one layer, and the given slice chunks.
ase_test::Bytes sprite(unsigned frames, const std::vector<ase_test::Bytes>& slices) {
  ase_test::Sprite s;
  s.width = s.height = 16;
  for (unsigned i = 0; i < frames; ++i)
    s.frames.push_back({100, {}});
  s.frames[0].chunks.push_back(ase_test::layer_chunk({"a"}));
  for (const ase_test::Bytes& b : slices)
    s.frames[0].chunks.push_back(b);
  return s.bytes();
}

ase_test::SliceKey key(unsigned frame, int x, int y, unsigned w, unsigned h) {
  ase_test::SliceKey k;
  k.frame = frame;
  k.x = x;
  k.y = y;
  k.w = w;
  k.h = h;
  return k;
}

ase_test::SliceKey pivoted(ase_test::SliceKey k, int px, int py) {
  k.pivot = true;
  k.px = px;
  k.py = py;
  return k;
}

// A frame's boxes and points as text, in their order: "box hit 2 3 4 5, point hand 5 8".
std::string shapes_of(const Loaded& l, const std::string& frame) {
  INFO((l.sink.diagnostics().empty() ? "" : l.sink.diagnostics()[0].message));
  REQUIRE(l.def);
  const spritec::def::Frame* f = l.def->find_frame(frame);
  REQUIRE(f);
  std::string out;
  for (const Shape& s : f->shapes) {
    out += out.empty() ? "" : ", ";
    if (s.kind == ShapeKind::kBox) {
      out += "box " + s.name + " " + std::to_string(s.box.x) + " " + std::to_string(s.box.y) + " " +
             std::to_string(s.box.width) + " " + std::to_string(s.box.height);
    } else {
      out += "point " + s.name + " " + std::to_string(s.box.x) + " " + std::to_string(s.box.y);
    }
  }
  return out;
}

// Slice "hit": no key on frame 0; (2, 3, 4, 5) from frame 1, held on frame 2; moved and
// resized to (6, 1, 8, 2) on frame 3; hidden (0x0) from frame 4. Slice "hand" with a pivot:
// (4, 6, 3, 3) pivot (1, 2) from frame 0, so the point (5, 8); (10, 2, 2, 2) pivot (-1, 0)
// from frame 2, so (9, 2). The hit keys are written out of frame order, as the specification
// allows (each key says its frame).
ase_test::Bytes moving_sprite() {
  return sprite(
      5,
      {ase_test::slice_chunk("hit", {key(3, 6, 1, 8, 2), key(1, 2, 3, 4, 5), key(4, 0, 0, 0, 0)}),
       ase_test::slice_chunk(
           "hand", {pivoted(key(0, 4, 6, 3, 3), 1, 2), pivoted(key(2, 10, 2, 2, 2), -1, 0)})});
}

const std::string kAse = "pack: p\nsheets:\n  - name: s\n    aseprite: a.aseprite\n";  // 1-4

}  // namespace

TEST_CASE("slices: true makes each slice a box on the frames its keys show it, as Aseprite does") {
  Loaded l = load_in_root(kAse + "    slices: true\n", {{"a.aseprite", moving_sprite()}});
  CHECK(l.sink.diagnostics().empty());
  // Sorted by kind, then name: boxes hand, hit; then the point hand.
  CHECK(shapes_of(l, "s/0") == "box hand 4 6 3 3, point hand 5 8");  // before hit's first key
  CHECK(shapes_of(l, "s/1") == "box hand 4 6 3 3, box hit 2 3 4 5, point hand 5 8");
  CHECK(shapes_of(l, "s/2") == "box hand 10 2 2 2, box hit 2 3 4 5, point hand 9 2");  // held
  CHECK(shapes_of(l, "s/3") == "box hand 10 2 2 2, box hit 6 1 8 2, point hand 9 2");
  CHECK(shapes_of(l, "s/4") == "box hand 10 2 2 2, point hand 9 2");  // hit hidden from here
}

TEST_CASE("slices: [NAME] takes only the slices it names") {
  Loaded l = load_in_root(kAse + "    slices: [hit]\n", {{"a.aseprite", moving_sprite()}});
  CHECK(shapes_of(l, "s/0").empty());
  CHECK(shapes_of(l, "s/2") == "box hit 2 3 4 5");
  CHECK(shapes_of(l, "s/3") == "box hit 6 1 8 2");
  CHECK(shapes_of(l, "s/4").empty());
  SECTION("slices: false takes none") {
    Loaded none = load_in_root(kAse + "    slices: false\n", {{"a.aseprite", moving_sprite()}});
    CHECK(shapes_of(none, "s/3").empty());
  }
}

TEST_CASE("a sheet's own boxes and points are laid over its slices, name by name") {
  SECTION("a sheet's box replaces the slice of its name on every frame; null takes it away") {
    Loaded l = load_in_root(kAse +
                                "    slices: true\n"
                                "    boxes: {hit: [0, 0, 1, 1], hand: null}\n",
                            {{"a.aseprite", moving_sprite()}});
    CHECK(shapes_of(l, "s/0") == "box hit 0 0 1 1, point hand 5 8");
    CHECK(shapes_of(l, "s/3") == "box hit 0 0 1 1, point hand 9 2");
  }
  SECTION("a frame's own (geometry:) replaces it on that frame only") {
    Loaded l = load_in_root(kAse +
                                "    slices: [hit, hand]\n"
                                "    geometry: {\"3\": {points: {hand: [0, 0]}}}\n",
                            {{"a.aseprite", moving_sprite()}});
    CHECK(shapes_of(l, "s/2") == "box hand 10 2 2 2, box hit 2 3 4 5, point hand 9 2");
    CHECK(shapes_of(l, "s/3") == "box hand 10 2 2 2, box hit 6 1 8 2, point hand 0 0");
  }
}

TEST_CASE("origin: {slice:} and slices: take the same key in effect and the same pivot") {
  Loaded l = load_in_root(kAse + "    origin: {slice: hand}\n    slices: [hand]\n",
                          {{"a.aseprite", moving_sprite()}});
  REQUIRE(l.def);
  CHECK(l.def->find_frame("s/1")->origin == spritec::def::Point{5, 8});
  CHECK(shapes_of(l, "s/1") == "box hand 4 6 3 3, point hand 5 8");
  CHECK(l.def->find_frame("s/4")->origin == spritec::def::Point{9, 2});
  CHECK(shapes_of(l, "s/4") == "box hand 10 2 2 2, point hand 9 2");
}

TEST_CASE("an Aseprite JSON's slices become boxes and points as the file's own do") {
  // Six 8x8 frames over tests/data/defs/img/strip48x8.png. Slice body: (1, 2, 3, 4) from
  // frame 0; (0, 0, 8, 8) with pivot (4, 7) from frame 2, so the point (4, 7); hidden (w 0)
  // from frame 5. Slice late: (5, 5, 2, 2) pivot (1, 1) from frame 4 only: (6, 6).
  std::string frames;
  for (int i = 0; i < 6; ++i) {
    frames += std::string(i ? ", " : "") + "{\"frame\": {\"x\": " + std::to_string(8 * i) +
              ", \"y\": 0, \"w\": 8, \"h\": 8}, \"duration\": 100}";
  }
  const std::string json =
      "{\"frames\": [" + frames +
      "], \"meta\": {\"image\": \"strip.png\", \"size\": {\"w\": 48, \"h\": 8}, \"slices\": ["
      "{\"name\": \"body\", \"keys\": ["
      "{\"frame\": 0, \"bounds\": {\"x\": 1, \"y\": 2, \"w\": 3, \"h\": 4}},"
      "{\"frame\": 2, \"bounds\": {\"x\": 0, \"y\": 0, \"w\": 8, \"h\": 8},"
      " \"pivot\": {\"x\": 4, \"y\": 7}},"
      "{\"frame\": 5, \"bounds\": {\"x\": 2, \"y\": 2, \"w\": 0, \"h\": 3}}]},"
      "{\"name\": \"late\", \"keys\": [{\"frame\": 4, \"bounds\": {\"x\": 5, \"y\": 5, \"w\": 2,"
      " \"h\": 2}, \"pivot\": {\"x\": 1, \"y\": 1}, \"center\": {\"x\": 0, \"y\": 0, \"w\": 1,"
      " \"h\": 1}}]}]}}";
  std::ifstream png(kDefsDir + "/img/strip48x8.png", std::ios::binary);
  const ase_test::Bytes strip((std::istreambuf_iterator<char>(png)),
                              std::istreambuf_iterator<char>());
  Loaded l =
      load_in_root("pack: p\nsheets:\n  - name: j\n    aseprite_json: a.json\n    slices: true\n",
                   {{"a.json", ase_test::Bytes(json.begin(), json.end())}, {"strip.png", strip}});
  CHECK(l.sink.diagnostics().empty());
  CHECK(shapes_of(l, "j/0") == "box body 1 2 3 4");
  CHECK(shapes_of(l, "j/1") == "box body 1 2 3 4");
  CHECK(shapes_of(l, "j/2") == "box body 0 0 8 8, point body 4 7");
  CHECK(shapes_of(l, "j/3") == "box body 0 0 8 8, point body 4 7");
  CHECK(shapes_of(l, "j/4") ==
        "box body 0 0 8 8, box late 5 5 2 2, point body 4 7, point late 6 6");
  CHECK(shapes_of(l, "j/5") == "box late 5 5 2 2, point late 6 6");
}

TEST_CASE("Aseprite's own per-frame slice keys import exactly (files written by Aseprite)") {
  // Expected values: tests/data/aseprite/README.md, read from the slice chunks per the file
  // specification (slice_keys.py, and by hand), not by the reader under test.
  SECTION("aseprite's slices-moving.aseprite: one slice that moves and resizes every frame") {
    Loaded l = load_real(
        "pack: p\nsheets:\n  - name: m\n    aseprite: slices-moving.aseprite\n    slices: true\n");
    CHECK(l.sink.diagnostics().empty());
    CHECK(shapes_of(l, "m/0") == "box square 0 0 2 2");
    CHECK(shapes_of(l, "m/1") == "box square 0 0 4 2");
    CHECK(shapes_of(l, "m/2") == "box square 1 1 3 2");
    CHECK(shapes_of(l, "m/3") == "box square 0 2 4 2");
  }
  SECTION("asefile's slice_advanced.aseprite: a moving slice with a pivot, and a 9-patch") {
    // Slice 1's pivot (4, 10) is relative to its bounds; Slice 2's 9-patch centre is ignored.
    Loaded l = load_real(
        "pack: p\nsheets:\n  - name: a\n    aseprite: slice_advanced.aseprite\n"
        "    slices: true\n");
    CHECK(l.sink.diagnostics().empty());
    CHECK(shapes_of(l, "a/0") ==
          "box Slice 1 12 11 8 10, box Slice 2 2 1 8 8, point Slice 1 16 21");
    CHECK(shapes_of(l, "a/1") == "box Slice 1 18 5 8 10, box Slice 2 2 1 8 8, point Slice 1 22 15");
    CHECK(shapes_of(l, "a/2") ==
          "box Slice 1 24 11 8 10, box Slice 2 2 1 8 8, point Slice 1 28 21");
    CHECK(shapes_of(l, "a/3") ==
          "box Slice 1 15 21 8 10, box Slice 2 2 1 8 8, point Slice 1 19 31");
  }
}

TEST_CASE("a slice the file does not have is E0245 at its name, listing the file's slices") {
  Loaded l = load_in_root(kAse + "    slices: [hit, hnd]\n", {{"a.aseprite", moving_sprite()}});
  require_only(l, Code::kSliceBoxes, 5, 19);
  const spritec::diag::Diagnostic& d = l.sink.diagnostics()[0];
  CHECK(d.message == "sheet 's' has no slice 'hnd'; did you mean 'hand'?");
  REQUIRE(d.notes.size() == 1);
  CHECK(d.notes[0].message == "the file's slices: hit, hand");
  CHECK(d.notes[0].span.line == 4);
  SECTION("E0215 for origin: {slice:} lists them the same way") {
    Loaded o = load_in_root(kAse + "    origin: {slice: hnd}\n", {{"a.aseprite", moving_sprite()}});
    require_only(o, Code::kSliceOrigin, 5, 21);
    CHECK(o.sink.diagnostics()[0].message == "sheet 's' has no slice 'hnd'; did you mean 'hand'?");
    REQUIRE(o.sink.diagnostics()[0].notes.size() == 1);
    CHECK(o.sink.diagnostics()[0].notes[0].message == "the file's slices: hit, hand");
  }
  SECTION("a file without slices says so") {
    Loaded n = load_in_root(kAse + "    slices: [hit]\n", {{"a.aseprite", sprite(1, {})}});
    require_only(n, Code::kSliceBoxes, 5, 14);
    CHECK(n.sink.diagnostics()[0].message ==
          "sheet 's' has no slice 'hit' (the file has no slices)");
  }
}

TEST_CASE("slices a box cannot carry are errors, not wrapped or doubled boxes") {
  SECTION("two slices of one name: E0245 (a box has one name)") {
    Loaded l = load_in_root(
        kAse + "    slices: true\n",
        {{"a.aseprite", sprite(1, {ase_test::slice_chunk("x", {key(0, 0, 0, 1, 1)}),
                                   ase_test::slice_chunk("x", {key(0, 1, 1, 1, 1)})})}});
    require_only(l, Code::kSliceBoxes, 5, 13);
    CHECK(l.sink.diagnostics()[0].message.find("has 2 slices named 'x'") != std::string::npos);
  }
  SECTION("a key past ±1,000,000 px: E0245") {
    Loaded l = load_in_root(
        kAse + "    slices: true\n",
        {{"a.aseprite", sprite(1, {ase_test::slice_chunk("x", {key(0, 2000000, 0, 1, 1)})})}});
    require_only(l, Code::kSliceBoxes, 5, 13);
    CHECK(l.sink.diagnostics()[0].message.find("[2000000, 0, 1, 1]") != std::string::npos);
  }
  SECTION("a width of 2^31 is out of range, not wrapped to a hiding key") {
    Loaded l = load_in_root(
        kAse + "    slices: true\n",
        {{"a.aseprite", sprite(1, {ase_test::slice_chunk("x", {key(0, 0, 0, 2147483648u, 1)})})}});
    require_only(l, Code::kSliceBoxes, 5, 13);
  }
  SECTION("a pivot past the range: E0245") {
    Loaded l = load_in_root(
        kAse + "    slices: true\n",
        {{"a.aseprite",
          sprite(1, {ase_test::slice_chunk("x", {pivoted(key(0, 999999, 0, 1, 1), 2, 0)})})}});
    require_only(l, Code::kSliceBoxes, 5, 13);
    CHECK(l.sink.diagnostics()[0].message.find("pivot at (1000001, 0)") != std::string::npos);
  }
  SECTION("a slice name no box may have: E0242") {
    Loaded l = load_in_root(
        kAse + "    slices: true\n",
        {{"a.aseprite", sprite(1, {ase_test::slice_chunk("a\tb", {key(0, 0, 0, 1, 1)})})}});
    require_only(l, Code::kShapeName, 5, 13);
  }
  SECTION("slices: on a sheet that is not Aseprite: E0211") {
    Loaded l = load(kHead + "    slices: true\n");
    require_only(l, Code::kSheetSource, 6, 13);
  }
}

TEST_CASE("a frame's boxes and points from slices are counted before any is made: E0244") {
  // 129 slices, each with a pivot, in effect on frame 1 only: 258 boxes and points there.
  std::vector<ase_test::Bytes> slices;
  for (int i = 0; i < 129; ++i)
    slices.push_back(ase_test::slice_chunk(
        "s" + std::to_string(i), {pivoted(key(1, 0, 0, 1, 1), 0, 0), key(2, 0, 0, 0, 0)}));
  Loaded l = load_in_root(kAse + "    slices: true\n", {{"a.aseprite", sprite(3, slices)}});
  require_only(l, Code::kTooManyShapes, 5, 13);
  CHECK(l.sink.diagnostics()[0].message ==
        "slices: would give frame 's/1' 258 boxes and points; the limit is 256");
  SECTION("128 of them fit: 256") {
    slices.pop_back();
    Loaded ok = load_in_root(kAse + "    slices: true\n", {{"a.aseprite", sprite(3, slices)}});
    REQUIRE(ok.def);
    CHECK(ok.def->find_frame("s/1")->shapes.size() == 256);
    CHECK(ok.def->find_frame("s/0")->shapes.empty());
    CHECK(ok.def->find_frame("s/2")->shapes.empty());
  }
}

TEST_CASE("a sheet's NAME: null with nothing under it leaves no removal among its frames' shapes") {
  // A frame's shapes hold no removal (model.hpp): the sheet's null is applied, not kept.
  Loaded l = load(kHead + "    boxes: {hit: null, body: [0, 0, 8, 8]}\n");
  CHECK(shapes_of(l, "s/0") == "box body 0 0 8 8");
  CHECK(shapes_of(l, "s/5") == "box body 0 0 8 8");
}
