// The layering of DESIGN.md section 7, read from the code: every `#include "spritec/M/…"`
// in a module's sources and headers is an edge to M, and every edge must point to a lower
// layer. The build enforces most of it (each module sees only the include roots of what it
// links); this test also catches an edge added together with a new link.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

namespace {

// Lower numbers are lower layers; a module may include modules of lower layers only. Each
// module sits one layer above the highest it uses, so the layering says what each may not
// use: format/ and export/ work on a pack as runtime/ reads it and never on a definition
// (no def/, no atlas/); sim/ reads scenes with yaml/ and steps packs, never a definition;
// render/ draws packs and steps scenes with sim/. runtime/, work/, geom/ and diag/ depend
// on nothing of ours; pack/ on work/ (its strategies run side by side on work's threads)
// and geom/ (its sizes) alone.
const std::map<std::string, int> kLayer = {
    {"diag", 0},  {"runtime", 0}, {"work", 0},   {"geom", 0},     {"pack", 1},     {"io", 1},
    {"serve", 1}, {"image", 2},   {"yaml", 2},   {"aseprite", 3}, {"format", 3},   {"export", 3},
    {"sim", 3},   {"def", 4},     {"render", 4}, {"atlas", 5},    {"pipeline", 6}, {"cli", 7},
};
// Edges the layering allows beyond "lower layer": none at present.
const std::set<std::pair<std::string, std::string>> kExtra = {};
// Edges the layering would allow but the design does not: none at present (sim -> def, the
// last, is below the line since sim sits under def).
const std::set<std::pair<std::string, std::string>> kForbidden = {};
// Modules that must depend on nothing of ours at all.
const std::set<std::string> kStandalone = {"runtime", "work", "geom", "diag"};
// Modules that may depend on these of ours and nothing else.
const std::map<std::string, std::set<std::string>> kOnly = {{"pack", {"work", "geom"}}};
// The CLI turns flags into options and hands them to the pipeline: it reaches the pipeline
// and diag (the diagnostics' formats, "did you mean") and nothing else of ours.
const std::set<std::string> kCliReaches = {"pipeline", "diag"};

const fs::path kRoot = fs::path(SPRITEC_SOURCE_DIR);

// The source files of a module: its directory under lib/ (its sources, private headers and
// include root), or cli/.
std::vector<fs::path> files_of(const std::string& module) {
  const fs::path dir = module == "cli" ? kRoot / "cli" : kRoot / "lib" / module;
  std::vector<fs::path> files;
  if (!fs::exists(dir)) return files;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    std::string ext = e.path().extension().string();
    if (ext == ".cpp" || ext == ".hpp" || ext == ".in") files.push_back(e.path());
  }
  return files;
}

std::map<std::string, std::set<std::string>> edges() {
  std::map<std::string, std::set<std::string>> out;
  const std::regex include(R"re(^\s*#\s*include\s*[<"]spritec/([a-z_]+)/)re");
  for (const auto& [module, layer] : kLayer) {
    (void)layer;
    for (const fs::path& file : files_of(module)) {
      std::ifstream in(file);
      std::string line;
      while (std::getline(in, line)) {
        std::smatch m;
        if (std::regex_search(line, m, include) && m[1] != module) out[module].insert(m[1]);
      }
    }
  }
  return out;
}

// The whole text of a file of the source tree.
std::string text_of(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The names (words) of the first match's group 1 in `text`, split at white space.
std::set<std::string> words_in(const std::string& text, const std::regex& pattern) {
  std::smatch m;
  std::set<std::string> words;
  if (!std::regex_search(text, m, pattern)) return words;
  std::istringstream in(m[1].str());
  for (std::string word; in >> word;)
    words.insert(word);
  return words;
}

}  // namespace

TEST_CASE("every module includes only modules of lower layers") {
  std::map<std::string, std::set<std::string>> graph = edges();
  REQUIRE(graph.count("pipeline") == 1);  // the reader found the code
  for (const auto& [from, targets] : graph) {
    for (const std::string& to : targets) {
      INFO(from << " includes " << to);
      REQUIRE(kLayer.count(to) == 1);  // an unknown module: add it to DESIGN.md and here
      CHECK((kLayer.at(to) < kLayer.at(from) || kExtra.count({from, to}) == 1));
      CHECK(kForbidden.count({from, to}) == 0);
      CHECK(kStandalone.count(from) == 0);
      if (kOnly.count(from) == 1) CHECK(kOnly.at(from).count(to) == 1);
    }
  }
}

TEST_CASE("the reader of the graph sees a forbidden edge") {
  // A self-check: runtime including pipeline would be refused by the same rules.
  CHECK_FALSE(kLayer.at("pipeline") < kLayer.at("runtime"));
  CHECK(kStandalone.count("runtime") == 1);
}

TEST_CASE("the CLI includes only the pipeline and diag") {
  std::map<std::string, std::set<std::string>> graph = edges();
  REQUIRE(graph.count("cli") == 1);  // the reader found the CLI's includes
  CHECK(graph.at("cli").count("pipeline") == 1);
  for (const std::string& to : graph.at("cli")) {
    INFO("cli includes " << to);
    CHECK(kCliReaches.count(to) == 1);
  }
}

TEST_CASE("the CLI links only the pipeline, diag and CLI11, and the pipeline shows it no more") {
  // The build keeps the CLI to what it links and what those publish: spritec links the
  // pipeline, diag and CLI11, and the pipeline publishes diag alone (its other modules are
  // private dependencies), so an include of def or sim from cli/ does not compile.
  const std::set<std::string> cli_links =
      words_in(text_of(kRoot / "cli" / "CMakeLists.txt"),
               std::regex(R"re(target_link_libraries\(\s*spritec\s+PRIVATE([^)]*)\))re"));
  CHECK(cli_links == std::set<std::string>{"spritec::pipeline", "spritec::diag", "CLI11::CLI11"});
  const std::set<std::string> pipeline_public =
      words_in(text_of(kRoot / "lib" / "pipeline" / "CMakeLists.txt"),
               std::regex(R"re(\bDEPS\b([^)]*?)\bPRIVATE_DEPS\b)re"));
  CHECK(pipeline_public == std::set<std::string>{"spritec::diag"});
}

TEST_CASE("definitions and scenes are read by yaml, and sim neither includes nor links def") {
  std::map<std::string, std::set<std::string>> graph = edges();
  CHECK(graph["def"].count("yaml") == 1);
  CHECK(graph["sim"].count("yaml") == 1);
  CHECK(graph["sim"].count("def") == 0);
  // yaml sits below both: it reaches diag and io only.
  for (const std::string& to : graph["yaml"]) {
    INFO("yaml includes " << to);
    CHECK((to == "diag" || to == "io"));
  }
  // The build keeps sim from def's headers: sim links no def.
  const std::set<std::string> sim_links =
      words_in(text_of(kRoot / "lib" / "sim" / "CMakeLists.txt"),
               std::regex(R"re(spritec_add_module\(\s*sim\b([^)]*)\))re"));
  CHECK(sim_links.count("spritec::yaml") == 1);
  CHECK(sim_links.count("spritec::def") == 0);
}
