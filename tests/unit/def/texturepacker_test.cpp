// texturepacker_json: sheets (docs/definitions.md, "TexturePacker"). Each test writes a
// PNG and a JSON into a fresh root and loads a definition naming them. The expected frames
// are worked out by hand from TexturePacker's JSON as its documentation and the engines'
// loaders (Pixi's Spritesheet, Phaser's JSONHash parser) read it: `frame` holds the upright
// sprite's size, a rotated one occupying h x w of the image; `spriteSourceSize` places the
// trimmed pixels on the `sourceSize` canvas; `pivot` is a fraction of the canvas.
#include <catch2/catch.hpp>

#include <unistd.h>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>

#include "def_test_util.hpp"
#include "spritec/image/image.hpp"

namespace fs = std::filesystem;
using def_test::with_code;
using spritec::diag::Code;

namespace {

// A fresh project root holding a 16x8 PNG (atlas.png) and whatever a test writes.
class Root {
 public:
  Root() {
    static std::atomic<int> counter{0};
    dir_ = fs::temp_directory_path() /
           ("spritec-tp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    png("atlas.png", 16, 8);
  }
  ~Root() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  Root(const Root&) = delete;
  Root& operator=(const Root&) = delete;

  const fs::path& dir() const { return dir_; }

  void write(const std::string& name, const std::string& text) const {
    fs::create_directories((dir_ / name).parent_path());
    std::ofstream(dir_ / name, std::ios::binary) << text;
  }

  void png(const std::string& name, int w, int h) const {
    spritec::image::Image img(w, h);
    const spritec::image::Bytes bytes = spritec::image::encode_png(img);
    write(name, std::string(bytes.begin(), bytes.end()));
  }

  // Loads "pack: p\nsheets:\n  - name: s\n    texturepacker_json: JSON\n" + `more`.
  def_test::Loaded load(const std::string& json, const std::string& more = "") const {
    def_test::Loaded out;
    spritec::def::LoadOptions options;
    options.root = dir_;
    const std::string text =
        "pack: p\nsheets:\n  - name: s\n    texturepacker_json: " + json + "\n" + more;
    out.def = spritec::def::load_definition_from(text, dir_ / "t.sprites.yaml", options, out.sink);
    return out;
  }

 private:
  fs::path dir_;
};

std::string first_message(const def_test::Loaded& l) {
  return l.sink.diagnostics().empty() ? std::string("(none)") : l.sink.diagnostics()[0].message;
}

// Three frames of a 16x8 atlas, as TexturePacker writes them in its Hash form:
// - hero/idle.png: a 6x8 sprite trimmed to 4x5 at (1, 2), stored at (0, 0); pivot
//   (0.5, 1): the bottom middle, (3, 8).
// - hero/run.png: a 5x3 sprite, untrimmed, stored rotated at (5, 0), so it occupies
//   3x5 of the image; pivot (0.5, 0.5): (2.5, 1.5), rounded half away from zero (3, 2).
// - fx/spark.png: a 7x6 sprite trimmed to 3x4 at (2, 1), stored rotated at (9, 0)
//   (4x3 of the image); no pivot.
const std::string kHash = R"({"frames": {
  "hero/idle.png": {"frame": {"x":0,"y":0,"w":4,"h":5}, "rotated": false, "trimmed": true,
    "spriteSourceSize": {"x":1,"y":2,"w":4,"h":5}, "sourceSize": {"w":6,"h":8},
    "pivot": {"x":0.5,"y":1}},
  "hero/run.png": {"frame": {"x":5,"y":0,"w":5,"h":3}, "rotated": true, "trimmed": false,
    "spriteSourceSize": {"x":0,"y":0,"w":5,"h":3}, "sourceSize": {"w":5,"h":3},
    "pivot": {"x":0.5,"y":0.5}},
  "fx/spark.png": {"frame": {"x":9,"y":0,"w":3,"h":4}, "rotated": true, "trimmed": true,
    "spriteSourceSize": {"x":2,"y":1,"w":3,"h":4}, "sourceSize": {"w":7,"h":6}}
 },
 "meta": {"app": "https://www.codeandweb.com/texturepacker", "image": "atlas.png",
   "format": "RGBA8888", "size": {"w":16,"h":8}, "scale": "1"}}
)";

// The same frames in the Array form.
const std::string kArray = R"({"frames": [
  {"filename": "hero/idle.png", "frame": {"x":0,"y":0,"w":4,"h":5}, "rotated": false,
   "trimmed": true, "spriteSourceSize": {"x":1,"y":2,"w":4,"h":5}, "sourceSize": {"w":6,"h":8},
   "pivot": {"x":0.5,"y":1}},
  {"filename": "hero/run.png", "frame": {"x":5,"y":0,"w":5,"h":3}, "rotated": true,
   "trimmed": false, "spriteSourceSize": {"x":0,"y":0,"w":5,"h":3}, "sourceSize": {"w":5,"h":3},
   "pivot": {"x":0.5,"y":0.5}},
  {"filename": "fx/spark.png", "frame": {"x":9,"y":0,"w":3,"h":4}, "rotated": true,
   "trimmed": true, "spriteSourceSize": {"x":2,"y":1,"w":3,"h":4}, "sourceSize": {"w":7,"h":6}}
 ],
 "meta": {"image": "atlas.png", "size": {"w":16,"h":8}}}
)";

void check_three_frames(const spritec::def::Definition& d) {
  using spritec::def::Point;
  using spritec::def::Rect;
  using spritec::def::Size;
  REQUIRE(d.frames.size() == 3);
  REQUIRE(d.sheets.size() == 1);
  CHECK(d.sheets[0].kind == spritec::def::SheetKind::kTexturePackerJson);
  const auto& idle = d.frames[0];
  CHECK(idle.name == "s/hero/idle.png");
  CHECK(idle.rect == Rect{0, 0, 4, 5});
  CHECK_FALSE(idle.rotated);
  CHECK(idle.canvas == Size{6, 8});
  CHECK(idle.offset == Point{1, 2});
  CHECK(idle.origin == Point{3, 8});
  const auto& run = d.frames[1];
  CHECK(run.name == "s/hero/run.png");
  CHECK(run.rect == Rect{5, 0, 3, 5});  // h x w of the image
  CHECK(run.rotated);
  CHECK(run.canvas == Size{5, 3});
  CHECK(run.offset == Point{0, 0});
  CHECK(run.origin == Point{3, 2});
  const auto& spark = d.frames[2];
  CHECK(spark.name == "s/fx/spark.png");
  CHECK(spark.rect == Rect{9, 0, 4, 3});
  CHECK(spark.rotated);
  CHECK(spark.canvas == Size{7, 6});
  CHECK(spark.offset == Point{2, 1});
  CHECK(spark.origin == Point{-1, 4});  // the sheet's origin: no pivot
  CHECK(spark.untrimmed() == Size{7, 6});
}

}  // namespace

TEST_CASE("TexturePacker's Hash form: frames <sheet>/<name> in file order, rotated and trimmed") {
  Root root;
  root.write("atlas.json", kHash);
  const auto l = root.load("atlas.json", "    origin: [-1, 4]\n");
  INFO(first_message(l));
  REQUIRE(l.def);
  CHECK(l.sink.diagnostics().empty());
  check_three_frames(*l.def);
  // The JSON and the image are dependencies of the pack.
  const auto& deps = l.def->dependencies;
  CHECK(std::count(deps.begin(), deps.end(), fs::canonical(root.dir() / "atlas.json")) == 1);
  CHECK(std::count(deps.begin(), deps.end(), fs::canonical(root.dir() / "atlas.png")) == 1);
}

TEST_CASE("origin words of a TexturePacker sheet name places on the untrimmed canvas") {
  // spark: no pivot, trimmed 3x4 on a 7x6 canvas: [center, bottom] is (floor(7 / 2), 6 - 1),
  // not a place on the trimmed rectangle. Frames with a pivot keep it.
  Root root;
  root.write("atlas.json", kHash);
  const auto l = root.load("atlas.json", "    origin: [center, bottom]\n");
  INFO(first_message(l));
  REQUIRE(l.def);
  REQUIRE(l.def->frames.size() == 3);
  CHECK(l.def->frames[2].origin == spritec::def::Point{3, 5});
  CHECK(l.def->frames[0].origin == spritec::def::Point{3, 8});
}

TEST_CASE("TexturePacker's Array form reads as the Hash form") {
  Root root;
  root.write("data/atlas.json", kArray);
  root.png("data/atlas.png", 16, 8);  // meta.image is relative to the JSON
  const auto l = root.load("data/atlas.json", "    origin: [-1, 4]\n");
  INFO(first_message(l));
  REQUIRE(l.def);
  check_three_frames(*l.def);
  CHECK(l.def->frames[0].image == fs::canonical(root.dir() / "data/atlas.png"));
}

TEST_CASE("an absolute meta.image stays absolute and is refused (E0201), beside the JSON too") {
  Root root;
  root.write("data/atlas.json", R"({"frames": {"a": {"frame": {"x":0,"y":0,"w":4,"h":4}}},
    "meta": {"image": "/atlas.png"}})");
  root.png("data/atlas.png", 16, 8);  // "data/" + "/atlas.png" must not find this one
  const auto l = root.load("data/atlas.json");
  CHECK_FALSE(l.def);
  const auto e = with_code(l.sink, Code::kPathOutsideRoot);
  REQUIRE(e.size() == 1);
  CHECK(e[0].message.find("path '/atlas.png' is not allowed") != std::string::npos);
}

TEST_CASE("a pivot is a fraction of the untrimmed size, rounded half away from zero") {
  Root root;
  // On a 10x6 canvas: pivot (0.25, -0.25) is (2.5, -1.5) -> (3, -2); (-0.05, 1.25) is
  // (-0.5, 7.5) -> (-1, 8); Pixi's anchor (0.1, 0.5) without a pivot is (1, 3); a frame
  // without sourceSize takes its own size (4x2 here): pivot (1, 1) is (4, 2).
  root.write("a.json", R"({"frames": {
    "a": {"frame": {"x":0,"y":0,"w":4,"h":2}, "spriteSourceSize": {"x":1,"y":1,"w":4,"h":2},
          "sourceSize": {"w":10,"h":6}, "pivot": {"x":0.25,"y":-0.25}},
    "b": {"frame": {"x":0,"y":0,"w":4,"h":2}, "spriteSourceSize": {"x":1,"y":1,"w":4,"h":2},
          "sourceSize": {"w":10,"h":6}, "pivot": {"x":-0.05,"y":1.25}},
    "c": {"frame": {"x":0,"y":0,"w":4,"h":2}, "spriteSourceSize": {"x":1,"y":1,"w":4,"h":2},
          "sourceSize": {"w":10,"h":6}, "anchor": {"x":0.1,"y":0.5}},
    "d": {"frame": {"x":0,"y":0,"w":4,"h":2}, "pivot": {"x":1,"y":1}}},
    "meta": {"image": "atlas.png"}})");
  const auto l = root.load("a.json");
  INFO(first_message(l));
  REQUIRE(l.def);
  using spritec::def::Point;
  CHECK(l.def->frames[0].origin == Point{3, -2});
  CHECK(l.def->frames[1].origin == Point{-1, 8});
  CHECK(l.def->frames[2].origin == Point{1, 3});
  CHECK(l.def->frames[3].origin == Point{4, 2});
  CHECK(l.def->frames[3].canvas == spritec::def::Size{4, 2});
}

TEST_CASE("steps name TexturePacker frames by <sheet>/<name>; a near miss is suggested") {
  Root root;
  root.write("atlas.json", kHash);
  const auto ok =
      root.load("atlas.json", "actions:\n  run: {frames: [s/hero/run.png, s/fx/spark.png]}\n");
  INFO(first_message(ok));
  REQUIRE(ok.def);
  CHECK(ok.def->actions[0].steps[0][0].frame == "s/hero/run.png");
  const auto typo = root.load("atlas.json", "actions:\n  run: {frames: [s/hero/run]}\n");
  REQUIRE(with_code(typo.sink, Code::kUnknownFrame).size() == 1);
  CHECK(with_code(typo.sink, Code::kUnknownFrame)[0].message.find("s/hero/run.png") !=
        std::string::npos);
}

TEST_CASE("a UTF-8 byte order mark before the JSON is skipped") {
  Root root;
  root.write("atlas.json", "\xEF\xBB\xBF" + kHash);
  const auto l = root.load("atlas.json", "    origin: [-1, 4]\n");
  INFO(first_message(l));
  REQUIRE(l.def);
  check_three_frames(*l.def);
}

TEST_CASE("texturepacker_json: takes no cutter, no tags: and no second source (E0211)") {
  Root root;
  root.write("atlas.json", kHash);
  for (const std::string more :
       {"    grid: {cell: [8, 8]}\n", "    tags: true\n", "    image: atlas.png\n"}) {
    INFO(more);
    const auto l = root.load("atlas.json", more);
    CHECK_FALSE(l.def);
    CHECK(with_code(l.sink, Code::kSheetSource).size() == 1);
  }
}

namespace {

// `json_line` and `json_column` were found by locating, in each text, the value the
// problem is in (the key, for a frame's name) with Python's str.find, not by this code.
struct Hostile {
  const char* what;
  std::string json;
  Code code;
  std::string says;  // a part of the message
  int json_line;     // the note's place in the JSON (0: no note)
  int json_column;
};

// One frame "a" around `frame_fields`, on the 16x8 atlas.
std::string one_frame(const std::string& frame_fields,
                      const std::string& meta = R"("image": "atlas.png")") {
  return "{\"frames\": {\"a\": {" + frame_fields + "}},\n\"meta\": {" + meta + "}}";
}

}  // namespace

TEST_CASE("damaged or hostile TexturePacker JSON is refused with its code, path and place") {
  const std::string rect = R"("frame": {"x":0,"y":0,"w":4,"h":4})";
  const std::vector<Hostile> cases = {
      {"a syntax error", "{\"frames\": {\n  \"a\": {\"frame\": }", Code::kTexturePackerInvalid,
       "is not JSON (syntax error", 2, 18},
      // Found by fuzz_texturepacker: nlohmann throws out_of_range, not parse_error, for it.
      {"a number past a double's range", one_frame(R"("frame": {"x":1e3002,"y":0,"w":3,"h":4})"),
       Code::kTexturePackerInvalid, "is not JSON (number overflow parsing '1e3002')", 0, 0},
      {"truncated", kHash.substr(0, 100), Code::kTexturePackerInvalid, "is not JSON", 0, 0},
      {"not an object", "[1, 2]", Code::kTexturePackerInvalid, "is array, not TexturePacker's", 1,
       1},
      {"no frames", "{\"meta\": {}}", Code::kTexturePackerInvalid, "has no frames", 0, 0},
      {"the multi-pack form", "{\"textures\": []}", Code::kTexturePackerInvalid,
       "TexturePacker's multi-pack form is not read", 0, 0},
      {"empty frames", "{\"frames\": [], \"meta\": {\"image\": \"atlas.png\"}}",
       Code::kTexturePackerInvalid, "frames is empty", 1, 12},
      {"no meta", "{\"frames\": {\"a\": {" + rect + "}}}", Code::kTexturePackerInvalid,
       "meta is missing", 1, 1},
      {"no meta.image", one_frame(rect, "\"size\": {\"w\": 16, \"h\": 8}"),
       Code::kTexturePackerInvalid, "meta.image is missing", 2, 9},
      {"a negative width", one_frame(R"("frame": {"x":0,"y":0,"w":-3,"h":4})"),
       Code::kTexturePackerInvalid, "frames.a.frame.w is -3, outside 0 to 16384", 1, 45},
      {"a huge coordinate", one_frame(R"("frame": {"x":1e300,"y":0,"w":3,"h":4})"),
       Code::kTexturePackerInvalid, "frames.a.frame.x is 1e+300, outside 0 to 16384", 1, 33},
      {"a fraction", one_frame(R"("frame": {"x":0.5,"y":0,"w":3,"h":4})"),
       Code::kTexturePackerInvalid, "frames.a.frame.x is 0.5, not a whole number", 1, 33},
      {"a string", one_frame(R"("frame": {"x":"0","y":0,"w":3,"h":4})"),
       Code::kTexturePackerInvalid, "frames.a.frame.x is string, not a number", 1, 33},
      {"rotated not a boolean", one_frame(rect + R"(, "rotated": 1)"), Code::kTexturePackerInvalid,
       "frames.a.rotated is number, not true or false", 1, 66},
      {"an empty frame without a canvas", one_frame(R"("frame": {"x":0,"y":0,"w":0,"h":4})"),
       Code::kTexturePackerInvalid, "has no pixel (0x4) and the frame has no sourceSize", 1, 28},
      {"a trim that does not fit its canvas",
       one_frame(rect +
                 R"(, "spriteSourceSize": {"x":3,"y":0,"w":4,"h":4}, "sourceSize": {"w":6,"h":4})"),
       Code::kTexturePackerInvalid, "outside the sourceSize 6x4", 1, 75},
      {"a trim of another size",
       one_frame(rect +
                 R"(, "spriteSourceSize": {"x":0,"y":0,"w":4,"h":3}, "sourceSize": {"w":6,"h":4})"),
       Code::kTexturePackerInvalid, "is 4x3 but frame is 4x4", 1, 75},
      {"a pivot far away", one_frame(rect + R"(, "pivot": {"x": 1e9, "y": 0})"),
       Code::kTexturePackerInvalid, "frames.a.pivot puts the origin x more than 1000000", 1, 64},
      {"a duplicated key",
       "{\"frames\": {\"a\": {" + rect + "},\n \"a\": {" + rect +
           "}}, \"meta\": {\"image\": \"atlas.png\"}}",
       Code::kDuplicateFrame, "names frame 'a' again (first at frames[0])", 2, 2},
      {"a duplicated filename",
       "{\"frames\": [{\"filename\": \"a\", " + rect + "},\n {\"filename\": \"a\", " + rect +
           "}], \"meta\": {\"image\": \"atlas.png\"}}",
       Code::kDuplicateFrame, "frames[1].filename names frame 'a' again", 2, 15},
      {"an array item without a filename",
       "{\"frames\": [{" + rect + "}], \"meta\": {\"image\": \"atlas.png\"}}",
       Code::kTexturePackerInvalid, "frames[0].filename is missing", 1, 13},
      {"a control character in a name",
       "{\"frames\": {\"a\\u0001\": {" + rect + "}}, \"meta\": {\"image\": \"atlas.png\"}}",
       Code::kTexturePackerInvalid, "holds a control character", 1, 13},
      {"a name too long",
       "{\"frames\": {\"" + std::string(1025, 'n') + "\": {" + rect +
           "}}, \"meta\": {\"image\": \"atlas.png\"}}",
       Code::kTexturePackerInvalid,
       "[\"" + std::string(80, 'n') + "\xE2\x80\xA6\"] is 1025 bytes long; the limit is 1024", 1,
       13},
      {"a frame outside the image", one_frame(R"("frame": {"x":14,"y":0,"w":4,"h":4})"),
       Code::kRectOutsideImage, "frame 'a' (14, 0, 4x4) lies outside atlas.png (16x8)", 1, 28},
      {"a rotated frame outside the image",
       one_frame(R"("frame": {"x":0,"y":0,"w":10,"h":4}, "rotated": true)"),
       Code::kRectOutsideImage, "frame 'a' (0, 0, 4x10), rotated, lies outside", 1, 28},
      {"meta.size that is not the image's",
       one_frame(rect, R"("image": "atlas.png", "size": {"w": 8, "h": 8})"),
       Code::kTexturePackerInvalid, "meta.size says 8x8 but atlas.png is 16x8", 2, 40},
      {"rotated frames that overlap",
       "{\"frames\": {\"a\": {\"frame\": {\"x\":0,\"y\":0,\"w\":8,\"h\":16}, \"rotated\": true},"
       " \"b\": {\"frame\": {\"x\":0,\"y\":0,\"w\":8,\"h\":15}, \"rotated\": true}},"
       " \"meta\": {\"image\": \"atlas.png\"}}",
       Code::kTexturePackerInvalid, "rotated frames cover 248 pixels together", 0, 0},
      {"an image that does not exist", one_frame(rect, R"("image": "atlas2.png")"),
       Code::kImageUnreadable, "image 'atlas2.png' does not exist", 0, 0},
      {"an image outside the root", one_frame(rect, R"("image": "../../outside.png")"),
       Code::kPathOutsideRoot, "path '../../outside.png' is not allowed", 0, 0},
  };
  Root root;
  for (const Hostile& c : cases) {
    INFO(c.what);
    root.write("atlas.json", c.json);
    const auto l = root.load("atlas.json");
    CHECK_FALSE(l.def);
    REQUIRE(l.sink.error_count() == 1);
    const auto& d = l.sink.diagnostics()[0];
    INFO(d.message);
    CHECK(std::string(spritec::diag::info(d.code).id) ==
          std::string(spritec::diag::info(c.code).id));
    CHECK(d.message.find(c.says) != std::string::npos);
    // At the sheet's texturepacker_json: value (line 4, column 25) ...
    CHECK(d.span.line == 4);
    CHECK(d.span.column == 25);
    // ... with a note at the problem in the JSON file, where it can be placed.
    if (c.json_line > 0) {
      REQUIRE(d.notes.size() == 1);
      CHECK(d.notes[0].span.file ==
            (root.dir() / "atlas.json").lexically_normal().generic_string());
      CHECK(d.notes[0].span.line == c.json_line);
      CHECK(d.notes[0].span.column == c.json_column);
    }
  }
}

TEST_CASE("every prefix of a TexturePacker JSON is refused or read, never a crash") {
  Root root;
  for (std::size_t n = 0; n < kHash.size(); ++n) {
    root.write("atlas.json", kHash.substr(0, n));
    const auto l = root.load("atlas.json");
    INFO(n);
    // Only the whole text (less its final newline and closing braces) is JSON at all.
    if (!l.def) {
      REQUIRE(l.sink.error_count() >= 1);
      CHECK(with_code(l.sink, Code::kTexturePackerInvalid).size() == 1);
    }
  }
}

TEST_CASE("caps before parsing: nesting, values, frames and the file's size") {
  Root root;
  SECTION("100,000 nested arrays are refused at the 65th, before nlohmann parses them") {
    root.write("atlas.json", std::string(100000, '[') + std::string(100000, ']'));
    const auto l = root.load("atlas.json");
    CHECK_FALSE(l.def);
    const auto e = with_code(l.sink, Code::kTexturePackerInvalid);
    REQUIRE(e.size() == 1);
    CHECK(e[0].message.find("nests arrays and objects more than 64 deep") != std::string::npos);
    REQUIRE(e[0].notes.size() == 1);
    CHECK(e[0].notes[0].span.column == 65);
  }
  SECTION("more values than the cap (2^22) are refused before parsing") {
    std::string text = "[";
    for (int i = 0; i < (1 << 22); ++i)
      text += "0,";
    text += "0]";
    root.write("atlas.json", text);
    const auto l = root.load("atlas.json");
    CHECK_FALSE(l.def);
    const auto e = with_code(l.sink, Code::kTexturePackerInvalid);
    REQUIRE(e.size() == 1);
    CHECK(e[0].message.find("holds more than 4194304 values") != std::string::npos);
  }
  SECTION("65,537 frames are more than a definition holds (E0212)") {
    std::string text = "{\"frames\": [";
    for (int i = 0; i < 65537; ++i) {
      text += (i ? "," : "") + std::string("{\"filename\":\"f") + std::to_string(i) +
              "\",\"frame\":{\"x\":0,\"y\":0,\"w\":1,\"h\":1}}";
    }
    text += "], \"meta\": {\"image\": \"atlas.png\"}}";
    root.write("atlas.json", text);
    const auto l = root.load("atlas.json");
    CHECK_FALSE(l.def);
    const auto e = with_code(l.sink, Code::kTooManyFrames);
    REQUIRE(e.size() == 1);
    CHECK(e[0].message.find("has 65537 frames; the limit is 65536") != std::string::npos);
  }
  SECTION("a JSON file over 64 MiB is refused from its size, unread (E0202)") {
    root.write("atlas.json", "{}");
    fs::resize_file(root.dir() / "atlas.json", (64u << 20) + 1);
    const auto l = root.load("atlas.json");
    CHECK_FALSE(l.def);
    const auto e = with_code(l.sink, Code::kImageUnreadable);
    REQUIRE(e.size() == 1);
    CHECK(e[0].message.find("cannot be read") != std::string::npos);
  }
}
