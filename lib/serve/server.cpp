// The Server of server.hpp, over the HTTP server in the plugin libspritec_http.so
// (http_server.cpp), loaded on first use: spritec's other commands never load cpp-httplib
// and the libraries it brings. The plugin is looked for beside the executable (the build
// tree) and in ../lib/spritec/ from it (an installed spritec); an executable that links the
// plugin's code itself (the unit tests) uses that.
#include "spritec/serve/server.hpp"

#include <dlfcn.h>

#include <filesystem>
#include <mutex>

#include "http_api.hpp"

namespace fs = std::filesystem;

namespace spritec::serve {

namespace {

constexpr const char* kPlugin = "libspritec_http.so";

struct Loaded {
  const HttpApi* api = nullptr;
  std::string error;
};

Loaded load_plugin() {
  using Entry = const HttpApi* (*)();
  if (void* linked = ::dlsym(RTLD_DEFAULT, "spritec_http_api"))
    return {reinterpret_cast<Entry>(linked)(), {}};
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  std::string tried;
  for (const fs::path& file : {exe.parent_path() / kPlugin,
                               exe.parent_path().parent_path() / "lib" / "spritec" / kPlugin}) {
    void* handle = ::dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      tried += (tried.empty() ? "" : "; ") + std::string(::dlerror());
      continue;
    }
    if (void* entry = ::dlsym(handle, "spritec_http_api"))
      return {reinterpret_cast<Entry>(entry)(), {}};
    tried += (tried.empty() ? "" : "; ") + file.string() + " has no spritec_http_api";
  }
  return {nullptr,
          "the HTTP server's library " + std::string(kPlugin) +
              " is not beside spritec nor in ../lib/spritec/ (reinstall spritec): " + tried};
}

const Loaded& plugin() {
  static const Loaded loaded = load_plugin();
  return loaded;
}

}  // namespace

struct Server::State {
  const HttpApi* api = nullptr;
  void* server = nullptr;
  std::string error;  // why there is no server
};

Server::Server() : state_(std::make_unique<State>()) {
  const Loaded& loaded = plugin();
  state_->api = loaded.api;
  state_->error = loaded.error;
  if (state_->api) state_->server = state_->api->create(&state_->error);
}

Server::~Server() {
  if (state_->server) state_->api->destroy(state_->server);
}

diag::Result<int> Server::bind(const std::string& host, int port) {
  if (!state_->server) return diag::fail(state_->error);
  std::string error;
  const int bound = state_->api->bind(state_->server, host, port, &error);
  if (bound == 0) return diag::fail(error);
  return bound;
}

void Server::start() {
  if (state_->server) state_->api->start(state_->server);
}

void Server::publish(std::shared_ptr<const Site> site, const std::string& name,
                     const std::string& event) {
  if (state_->server) state_->api->publish(state_->server, std::move(site), name, event);
}

void Server::stop() {
  if (state_->server) state_->api->stop(state_->server);
}

}  // namespace spritec::serve
