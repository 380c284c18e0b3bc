// spritec serve: build the input in memory, serve the page and what the build made, and
// build again on every save of a file the build read (docs/serve.md). Nothing is written
// to disk: the packs, their pages and a scene's replay live in the served Site.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "export_files.hpp"
#include "input_kind.hpp"
#include "preview_equip.hpp"
#include "report.hpp"
#include "scene_packs.hpp"
#include "spritec/export/export.hpp"
#include "spritec/pipeline/commands.hpp"
#include "spritec/render/action_preview.hpp"
#include "spritec/serve/server.hpp"
#include "spritec/serve/site.hpp"
#include "spritec/serve/watcher.hpp"
#include "spritec/sim/scene.hpp"
#include "spritec/sim/simulation.hpp"

namespace fs = std::filesystem;

namespace spritec::pipeline {

namespace {

using Clock = std::chrono::steady_clock;

// A failed build watches the input's directory too, when it does not know every file it
// would read (an image a broken definition names): at most this many of its files.
constexpr std::size_t kMaxDirectoryWatch = 1000;

// One good build: each pack as spritec-json with its pages, named p<i>.json and
// p<i>-<k>.png, and a scene's replay.
struct Build {
  int id = 0;
  std::vector<std::string> names;
  std::vector<std::vector<ExportFile>> packs;
  std::optional<std::string> replay;
  int stage_width = 0, stage_height = 0;
  std::uint32_t background = 0;
};

// One attempt: the build when it succeeded, and the files it read (to watch).
struct Attempt {
  std::optional<Build> build;
  std::vector<fs::path> inputs;
};

const char* kind_word(InputKind kind) {
  switch (kind) {
    case InputKind::kScene:
      return "scene";
    case InputKind::kPack:
      return "pack";
    case InputKind::kAseprite:
      return "aseprite";
    default:
      return "definition";
  }
}

// Pack `index` as the files `spritec export --format spritec-json -o p<index>.json` writes.
std::optional<std::vector<ExportFile>> pack_files(const LoadedPack& pack, std::size_t index,
                                                  diag::Sink& sink) {
  static const exporter::Format format = *exporter::parse_format("spritec-json");
  return export_files(pack.view, pack.pages, format, "p" + std::to_string(index) + ".json",
                      pack.name, sink);
}

// Each pack under its name: a scene's key for it (`names`, as the replay names it), or the
// pack's own.
bool add_packs(const std::vector<const LoadedPack*>& packs, const std::vector<std::string>& names,
               Build& build, diag::Sink& sink) {
  for (const LoadedPack* pack : packs) {
    const std::size_t index = build.packs.size();
    std::optional<std::vector<ExportFile>> files = pack_files(*pack, index, sink);
    if (!files) return false;
    build.names.push_back(index < names.size() ? names[index] : pack->name);
    build.packs.push_back(std::move(*files));
  }
  return true;
}

void build_scene(const ServeOptions& o, Attempt& attempt, diag::Sink& sink) {
  attempt.inputs.push_back(o.input);
  std::optional<sim::Scene> scene = sim::read_scene_file(o.input, sink);
  if (!scene) return;
  std::optional<ScenePacks> packs = load_scene_packs(*scene, o.root, true, sink);
  if (!packs) return;
  Build build;
  std::vector<const LoadedPack*> loaded;
  for (const auto& file : packs->files) {
    attempt.inputs.insert(attempt.inputs.end(), file->inputs.begin(), file->inputs.end());
    loaded.push_back(file.get());
  }
  std::vector<std::string> names;
  for (const sim::PackRef& ref : scene->packs)
    names.push_back(ref.name);
  if (!add_packs(loaded, names, build, sink)) return;
  // As long as a scene preview plays without --ticks: the page holds the whole replay.
  sim::RunOptions run;
  run.tick_cap = render::kMaxPreviewTicks;
  std::ostringstream replay;
  if (!sim::run_scene(*scene, std::move(packs->packs), run, nullptr, sink, &replay)) return;
  build.replay = replay.str();
  build.stage_width = scene->stage_width;
  build.stage_height = scene->stage_height;
  build.background = scene->background;
  attempt.build = std::move(build);
}

void build_pack(const ServeOptions& o, Attempt& attempt, diag::Sink& sink) {
  CompileOptions compile;
  compile.root = o.root;
  compile.jobs = o.jobs;
  std::unique_ptr<LoadedPack> pack = open_or_compile(o.input, compile, sink, true);
  attempt.inputs.push_back(o.input);
  if (!pack) return;
  attempt.inputs = pack->inputs;
  attempt.inputs.push_back(o.input);
  std::unique_ptr<PreviewEquipment> equipment;
  if (!o.equip.empty()) {
    equipment = load_equipment(o.equip, *pack, o.input, o.root, sink);
    if (!equipment) return;
    attempt.inputs.insert(attempt.inputs.end(), equipment->inputs.begin(), equipment->inputs.end());
  }
  std::vector<const LoadedPack*> loaded = {pack.get()};
  if (equipment) {
    for (const auto& file : equipment->files)
      loaded.push_back(file.get());
  }
  Build build;
  if (add_packs(loaded, {}, build, sink)) attempt.build = std::move(build);
}

// The diagnostics of a failed attempt, as `spritec check INPUT` prints them (definitions and
// scenes: check's own run), or as the attempt reported them (packs, Aseprite files, pieces).
std::string failure_text(const ServeOptions& o, InputKind kind, diag::Sink& sink) {
  std::ostringstream text;
  if ((kind == InputKind::kDefinition || kind == InputKind::kScene) && o.equip.empty()) {
    CheckOptions check;
    check.files = {o.input};
    check.root = o.root;
    check.jobs = o.jobs;
    std::ostringstream ignored;
    run_check(check, ignored, text);
    if (!text.str().empty()) return text.str();
  }
  ReportFormat plain(diag::Format::kText, false);
  report(sink, text);
  return text.str();
}

std::string hex_colour(std::uint32_t rgba) {
  char text[10];
  std::snprintf(text, sizeof text, "#%08x", unsigned(rgba));
  return text;
}

nlohmann::json build_json(const Build& build) {
  nlohmann::json packs = nlohmann::json::array();
  for (std::size_t i = 0; i < build.packs.size(); ++i) {
    packs.push_back(
        {{"name", build.names[i]},
         {"json", "/b/" + std::to_string(build.id) + "/p" + std::to_string(i) + ".json"}});
  }
  nlohmann::json scene = nullptr;
  if (build.replay) {
    scene = {{"replay", "/b/" + std::to_string(build.id) + "/replay.json"},
             {"width", build.stage_width},
             {"height", build.stage_height},
             {"background", build.background ? nlohmann::json(hex_colour(build.background))
                                             : nlohmann::json(nullptr)}};
  }
  return {{"id", build.id}, {"packs", packs}, {"scene", scene}};
}

// What the server shows: the page, its state, and the files of the last two good builds
// (a page may still be fetching the one before the newest).
class Published {
 public:
  Published(const ServeOptions& o, InputKind kind) : input_(o.input), kind_(kind) {}

  void add(Build build) {
    builds_.push_back(std::move(build));
    if (builds_.size() > 2) builds_.erase(builds_.begin());
  }

  std::string state(int generation, const std::optional<std::string>& diagnostics) const {
    nlohmann::json state = {
        {"generation", generation},
        {"input", input_},
        {"kind", kind_word(kind_)},
        {"diagnostics", diagnostics ? nlohmann::json(*diagnostics) : nullptr},
        {"build", builds_.empty() ? nlohmann::json(nullptr) : build_json(builds_.back())}};
    // A diagnostic may quote a file's bytes that are not UTF-8 (E0003): replaced, not fatal.
    return state.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }

  std::shared_ptr<const serve::Site> site(const std::string& state) const {
    auto site = std::make_shared<serve::Site>(serve::page_files());
    site->emplace("/state.json",
                  serve::Resource{"application/json", std::make_shared<const std::string>(state)});
    for (const Build& build : builds_)
      add_build(*site, build);
    return site;
  }

 private:
  static void add_build(serve::Site& site, const Build& build) {
    const std::string base = "/b/" + std::to_string(build.id) + "/";
    for (const auto& files : build.packs) {
      for (const ExportFile& file : files) {
        const std::string name = file.path.filename().string();
        site.emplace(base + name, serve::Resource{serve::content_type(name),
                                                  std::make_shared<const std::string>(
                                                      file.bytes.begin(), file.bytes.end())});
      }
    }
    if (build.replay) {
      site.emplace(
          base + "replay.json",
          serve::Resource{"application/json", std::make_shared<const std::string>(*build.replay)});
    }
  }

  std::string input_;
  InputKind kind_;
  std::vector<Build> builds_;
};

// The files a failed attempt is watched by: what it read, what the last good build read,
// and the files of the input's directory (a broken definition may not say which images it
// reads).
std::vector<fs::path> failed_watch(const ServeOptions& o, const Attempt& attempt,
                                   const std::vector<fs::path>& good) {
  std::vector<fs::path> files = attempt.inputs;
  files.insert(files.end(), good.begin(), good.end());
  fs::path directory = fs::path(o.input).parent_path();
  if (directory.empty()) directory = ".";
  std::error_code ec;
  std::size_t listed = 0;
  for (fs::directory_iterator it(directory, ec), end;
       !ec && it != end && listed < kMaxDirectoryWatch; it.increment(ec), ++listed) {
    if (it->is_regular_file(ec)) files.push_back(it->path());
  }
  return files;
}

bool is_loopback(const std::string& host) {
  return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

std::string url(const std::string& host, int port) {
  const bool v6 = host.find(':') != std::string::npos;
  return "http://" + (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port) + "/";
}

// Builds once and publishes the outcome; returns the files to watch next.
class Session {
 public:
  Session(const ServeOptions& o, InputKind kind, serve::Server& server, std::ostream& err)
      : o_(o), kind_(kind), server_(server), err_(err), published_(o, kind) {}

  std::vector<fs::path> build() {
    ++generation_;
    const auto started = Clock::now();
    diag::Sink sink;
    Attempt attempt;
    if (kind_ == InputKind::kScene)
      build_scene(o_, attempt, sink);
    else
      build_pack(o_, attempt, sink);
    std::optional<std::string> diagnostics;
    const bool good = attempt.build.has_value();
    if (good) {
      attempt.build->id = generation_;
      published_.add(std::move(*attempt.build));
      good_inputs_ = attempt.inputs;
      const auto ms =
          std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started).count();
      err_ << "spritec serve: built " << o_.input << " in " << ms << " ms (build " << generation_
           << ")" << std::endl;
    } else {
      diagnostics = failure_text(o_, kind_, sink);
      err_ << *diagnostics << "spritec serve: " << o_.input
           << " has errors: the page shows them and keeps playing the last good build" << std::endl;
    }
    const std::string state = published_.state(generation_, diagnostics);
    server_.publish(published_.site(state), "state", state);
    return good ? good_inputs_ : failed_watch(o_, attempt, good_inputs_);
  }

 private:
  const ServeOptions& o_;
  InputKind kind_;
  serve::Server& server_;
  std::ostream& err_;
  Published published_;
  int generation_ = 0;
  std::vector<fs::path> good_inputs_;
};

}  // namespace

int run_serve(const ServeOptions& o, std::ostream& out, std::ostream& err) {
  const InputKind kind = input_kind(o.input);
  if (diag::Status<> wrong = wrong_kind(
          "serve", o.input,
          {InputKind::kDefinition, InputKind::kScene, InputKind::kPack, InputKind::kAseprite});
      !wrong) {
    err << wrong.error.message << '\n';
    return 2;
  }
  if (kind == InputKind::kOther && fs::exists(o.input)) {
    err << "spritec serve: " << o.input
        << " is not a definition (*.sprites.yaml), a scene (*.scene.yaml), a pack (.spk) or "
           "an Aseprite file (.aseprite, .ase)\n";
    return 2;
  }
  if (!o.equip.empty() && kind == InputKind::kScene) {
    err << "spritec serve: --equip dresses a layered master; a scene says what its actors "
           "wear (layers:)\n";
    return 2;
  }
  // Nothing to watch without the input itself: said as every command says it (E0001).
  std::error_code ec;
  if (!fs::is_regular_file(o.input, ec)) {
    diag::Sink sink;
    sink.error(diag::Code::kFileUnreadable, {o.input, 0, 0, 0},
               "cannot read " + o.input + ": " +
                   (fs::exists(o.input, ec) ? "not a regular file" : "no such file"));
    ReportFormat plain(diag::Format::kText, false);
    return report(sink, err);
  }
  serve::Server server;
  diag::Result<int> port = server.bind(o.host, o.port);
  if (!port) {
    err << "spritec serve: " << port.error.message << '\n';
    return 1;
  }
  if (o.port != 0 && port.value != o.port)
    err << "spritec serve: port " << o.port << " is taken; serving on " << port.value << '\n';
  if (!is_loopback(o.host)) {
    err << "spritec serve: warning: serving on " << o.host << ": anyone who can reach this "
        << "machine on port " << port.value << " can see the art (the default, 127.0.0.1, "
        << "serves this machine only)\n";
  }
  Session session(o, kind, server, err);
  std::vector<fs::path> watched = session.build();
  server.start();
  out << "spritec serve: " << url(o.host, port.value) << std::endl;
  serve::Watcher watcher(o.poll ? serve::WatchMode::kPoll : serve::WatchMode::kInotify);
  const std::function<bool()> stop = o.stop ? o.stop : [] { return false; };
  for (bool said = false;;) {
    watcher.watch(watched);
    if (watcher.polling() && !o.poll && !said) {
      err << "spritec serve: inotify cannot watch here; looking at the files every 100 ms\n";
      said = true;
    }
    if (!watcher.wait(stop)) break;
    watched = session.build();
  }
  server.stop();
  err << "spritec serve: stopped" << std::endl;
  return 0;
}

}  // namespace spritec::pipeline
