#include <csignal>
#include <string>

#include "commands.hpp"

namespace spritec::cli {

namespace {

// Set by SIGINT (Ctrl-C) and SIGTERM; the server looks at it while it waits for a save and
// then stops cleanly: its threads end, nothing is left behind.
volatile std::sig_atomic_t g_stop = 0;

extern "C" void request_stop(int) {
  g_stop = 1;
}

}  // namespace

CLI::App* add_serve(CLI::App& app, pipeline::ServeOptions& o) {
  CLI::App* cmd = app.add_subcommand(
      "serve",
      "Preview live in the browser: build, serve a page playing every action, rebuild on save");
  cmd->add_option("input", o.input,
                  "A definition, a scene (*.scene.yaml), a pack (.spk) or an .aseprite file")
      ->required();
  cmd->add_option("--port", o.port,
                  "Port to listen on (0: any free port; a taken one: the next free above it)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  cmd->add_option("--host", o.host,
                  "Address to listen on; anything but loopback serves other machines too (a "
                  "warning says so)")
      ->capture_default_str();
  add_equip(cmd, o.equip,
            "A layered master: offer this piece for slot SLOT in the page (a definition or "
            ".spk; repeatable)");
  cmd->add_flag("--poll", o.poll,
                "Look at the files every 100 ms instead of asking inotify (network and "
                "shared folders, where inotify sees no saves)");
  cmd->add_option("-j,--jobs", o.jobs, "Threads for building (0 = one per core)")
      ->check(CLI::Range(0, 256))
      ->capture_default_str();
  cmd->add_option("--root", o.root, "Project root: inputs must stay inside it")
      ->capture_default_str();
  cmd->footer(
      "Examples:\n"
      "  spritec serve samples/hero/hero.sprites.yaml\n"
      "  spritec serve samples/hero/hero.scene.yaml --port 8000\n"
      "  spritec serve body.sprites.yaml --equip armour=plate.sprites.yaml\n"
      "Open the URL it prints; Ctrl-C stops it.");
  cmd->callback([&o] {
    std::signal(SIGINT, request_stop);
    std::signal(SIGTERM, request_stop);
    std::signal(SIGPIPE, SIG_IGN);  // a page closed mid-answer is the server's to notice
    o.stop = [] { return g_stop != 0; };
  });
  return cmd;
}

}  // namespace spritec::cli
