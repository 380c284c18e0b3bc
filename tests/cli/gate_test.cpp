// `check` is the CI gate: what it accepts, `build` builds. Over every definition the suite
// holds (samples, docs, test data, error cases), check exit 0 implies build exit 0 — and
// the cases where build would fail after decoding (a truncated image, a frame that does
// not fit max_size, pages over the cap) are check errors.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace fs = std::filesystem;
using namespace spritec_cli_test;

TEST_CASE("every definition check accepts, build builds") {
  std::vector<fs::path> definitions;
  for (const fs::path& root : {kTests / "data", kTests / "docs", kSource / "samples"}) {
    for (const auto& e : fs::recursive_directory_iterator(root)) {
      std::string name = e.path().filename().string();
      if (name.size() > 13 && name.compare(name.size() - 13, 13, ".sprites.yaml") == 0)
        definitions.push_back(e.path());
    }
  }
  std::sort(definitions.begin(), definitions.end());
  REQUIRE(definitions.size() >= 60);
  fs::path scratch = kScratch / "gate";
  fs::remove_all(scratch);
  fs::create_directories(scratch);
  int accepted = 0, refused = 0;
  for (std::size_t i = 0; i < definitions.size(); ++i) {
    const fs::path& def = definitions[i];
    Run check = run_spritec({"check", def.filename().string()}, def.parent_path());
    Run build = run_spritec(
        {"build", def.filename().string(), "-o", (scratch / (std::to_string(i) + ".spk")).string()},
        def.parent_path());
    INFO(def << "\ncheck:\n" << check.err << "\nbuild:\n" << build.err);
    CHECK(check.exit != 3);
    CHECK(build.exit != 3);
    if (check.exit == 0) {
      CHECK(build.exit == 0);
      ++accepted;
    } else {
      ++refused;
    }
  }
  CHECK(accepted >= 20);
  CHECK(refused >= 20);
}

TEST_CASE("check decodes every image and packs: the errors build would meet are check's") {
  for (const char* name :
       {"E0202-truncated-image", "E0401-frame-too-large", "E0403-pages-too-large"}) {
    fs::path dir = kTests / "data" / "errors" / name;
    if (!fs::exists(dir)) continue;
    Run check = run_spritec({"check", "input.sprites.yaml"}, dir);
    INFO(name << "\n" << check.err);
    CHECK(check.exit == 1);
    CHECK(check.err.find(std::string("error[") + std::string(name).substr(0, 5) + "]") !=
          std::string::npos);
  }
}
