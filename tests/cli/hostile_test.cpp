// Hostile packs and odd inputs through the CLI: each is an error with a code (or, for the
// fully transparent sheet, a working build), never a crash, an unbounded allocation or a
// damaged output. The packs are made with the format writer, then edited by hand where the
// writer itself would refuse, with the checksum recomputed so the reader's own checks are
// what stops them.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "spritec/format/spk_writer.hpp"
#include "spritec/image/image.hpp"
#include "spritec/runtime/spk_layout.hpp"
#include "spritec/runtime/xxh64.hpp"

namespace fs = std::filesystem;
namespace format = spritec::format;
namespace spk = spritec::runtime::spk;
using namespace spritec_cli_test;

namespace {

// A one-page pack of 2x2 frames named `names` (all on the same 2x2 page).
format::PackModel small_pack(const std::vector<std::string>& names) {
  format::PackModel m;
  spritec::image::Image page(2, 2);
  for (std::size_t i = 0; i < page.rgba.size(); ++i)
    page.rgba[i] = 200;
  m.pages.push_back({2, 2, spritec::image::encode_png(page), ""});
  for (const std::string& name : names) {
    format::FrameModel f;
    f.name = name;
    f.w = f.h = f.source_w = f.source_h = 2;
    m.frames.push_back(f);
  }
  format::ActionModel a;
  a.name = "idle";
  a.views = 1;
  a.steps = {{format::StepModel{names.front(), 1, false, false, "", 0, 0, {}}}};
  m.actions.push_back(a);
  return m;
}

std::string write_pack(const format::PackModel& m) {
  auto written = format::write_spk(m);
  INFO(written.error.message);
  REQUIRE(written.ok());
  return std::string(written.value.begin(), written.value.end());
}

// After an edit, the header's checksum is made right again.
void reseal(std::string& pack) {
  std::uint64_t sum = spritec::runtime::xxh64(
      reinterpret_cast<const std::uint8_t*>(pack.data()) + spk::Header::kSize,
      pack.size() - spk::Header::kSize, 0);
  for (int i = 0; i < 8; ++i)
    pack[spk::Header::kOffChecksum + std::size_t(i)] = char((sum >> (8 * i)) & 0xff);
}

// Replaces the first `from` after offset `after` with `to` (same length).
void patch(std::string& pack, const std::string& from, const std::string& to,
           std::size_t after = spk::Header::kSize) {
  REQUIRE(from.size() == to.size());
  std::size_t at = pack.find(from, after);
  REQUIRE(at != std::string::npos);
  pack.replace(at, from.size(), to);
}

fs::path fresh(const std::string& name) {
  fs::path dir = kScratch / "hostile" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

}  // namespace

TEST_CASE("unpack refuses a pack with two frames of one name instead of losing one", "[hostile]") {
  fs::path dir = fresh("duplicate");
  std::string pack = write_pack(small_pack({"zq", "zr"}));
  patch(pack, "zr", "zq");
  reseal(pack);
  write_text(dir / "dup.spk", pack);
  Run run = run_spritec({"unpack", "dup.spk", "-o", "out"}, dir);
  INFO(run.err);
  CHECK(run.exit == 1);
  CHECK(run.err.find("error[E0501]") != std::string::npos);
  CHECK(run.err.find("the same name 'zq'") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "out"));
}

TEST_CASE("unpack refuses a frame name with a line break instead of injecting YAML", "[hostile]") {
  fs::path dir = fresh("newline");
  std::string pack = write_pack(small_pack({"evilXsize"}));
  patch(pack, "evilXsize", "evil\nsize");
  reseal(pack);
  write_text(dir / "nl.spk", pack);
  Run run = run_spritec({"unpack", "nl.spk", "-o", "out"}, dir);
  INFO(run.err);
  CHECK(run.exit == 1);
  CHECK(run.err.find("error[E0501]") != std::string::npos);
  CHECK(run.err.find("evil\\x0asize") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "out"));
}

TEST_CASE("unpack writes names YAML would misread as quoted keys, read back by yaml", "[hostile]") {
  fs::path dir = fresh("quoted");
  write_text(dir / "q.spk", write_pack(small_pack({"a: b", "#c", "say \"hi\"", "back\\slash"})));
  Run run = run_spritec({"unpack", "q.spk", "-o", "out"}, dir);
  INFO(run.err);
  REQUIRE(run.exit == 0);
  std::string yaml = read_text(dir / "out/frames.yaml");
  CHECK(yaml.find("\"a: b\": {size: [2, 2], origin: [0, 0]}") != std::string::npos);
  CHECK(yaml.find("\"#c\"") != std::string::npos);
  CHECK(yaml.find("\"say \\\"hi\\\"\"") != std::string::npos);
  CHECK(yaml.find("\"back\\\\slash\"") != std::string::npos);
  CHECK(fs::exists(dir / "out/a: b.png"));
}

TEST_CASE("unpack refuses a frame whose untrimmed size is over the image cap, before allocating",
          "[hostile]") {
  fs::path dir = fresh("huge");
  format::PackModel m = small_pack({"big"});
  m.frames[0].source_w = 0x7ffffff0u;  // 2^31 - 16: 8 GiB untrimmed, or a negative int
  m.frames[0].source_h = 2;
  auto written = format::write_spk(m);
  REQUIRE(written.ok());
  write_text(dir / "huge.spk", std::string(written.value.begin(), written.value.end()));
  Run run = run_spritec({"unpack", "huge.spk", "-o", "out"}, dir);
  INFO(run.err);
  CHECK(run.exit == 1);
  CHECK(run.err.find("error[E0501]") != std::string::npos);
  CHECK(run.err.find("over the cap of 16384") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "out"));
}

TEST_CASE("a sheet of fully transparent frames builds: empty frames and one 1x1 page",
          "[hostile]") {
  fs::path dir = fresh("transparent");
  spritec::image::Image clear(16, 8);
  write_text(dir / "clear.png", [&] {
    std::vector<std::uint8_t> png = spritec::image::encode_png(clear);
    return std::string(png.begin(), png.end());
  }());
  write_text(dir / "clear.sprites.yaml",
             "pack: clear\nsheets:\n  - {name: s, image: clear.png, grid: {cell: [8, 8], "
             "origin: [4, 7]}}\nactions:\n  idle: {frames: [s/0, s/1], ticks: 4}\n");
  CHECK(run_spritec({"check", "clear.sprites.yaml"}, dir).exit == 0);
  Run build = run_spritec({"build", "clear.sprites.yaml", "-o", "clear.spk"}, dir);
  INFO(build.err);
  REQUIRE(build.exit == 0);
  Run inspect = run_spritec({"inspect", "clear.spk"}, dir);
  CHECK(inspect.exit == 0);
  Run unpack = run_spritec({"unpack", "clear.spk", "-o", "frames"}, dir);
  REQUIRE(unpack.exit == 0);
  spritec::image::Result<spritec::image::Image> frame = spritec::image::decode_png([&] {
    std::string s = read_text(dir / "frames/s/1.png");
    return std::vector<std::uint8_t>(s.begin(), s.end());
  }());
  REQUIRE(frame);
  CHECK(frame.value.width == 8);
  CHECK(frame.value.rgba == std::vector<std::uint8_t>(8 * 8 * 4, 0));
  CHECK(run_spritec({"preview", "clear.spk", "-o", "strip.png"}, dir).exit == 0);
}

TEST_CASE("a command given the wrong kind of file says so in one line", "[hostile]") {
  fs::path hero = kSource / "samples" / "hero";
  fs::path dir = fresh("kinds");
  REQUIRE(run_spritec({"build", "hero.sprites.yaml", "-o", (dir / "h.spk").string()}, hero).exit ==
          0);
  struct Case {
    std::vector<std::string> args;
    std::string says;
  };
  const std::vector<Case> cases = {
      {{"build", (hero / "hero.scene.yaml").string(), "-o", "x.spk"}, "is a scene; build takes"},
      {{"build", "h.spk", "-o", "x.spk"}, "is a pack; build takes"},
      {{"inspect", (hero / "hero.sprites.yaml").string()}, "is a definition; inspect takes a pack"},
      {{"unpack", (hero / "hero.scene.yaml").string(), "-o", "d"}, "is a scene; unpack takes"},
      {{"check", "h.spk"}, "is a pack; check takes a definition or a scene"},
  };
  for (const Case& c : cases) {
    Run run = run_spritec(c.args, dir);
    INFO(join(c.args) << "\n" << run.err);
    CHECK(run.exit == 2);
    CHECK(run.err.find(c.says) != std::string::npos);
    CHECK(std::count(run.err.begin(), run.err.end(), '\n') == 1);
  }
}
