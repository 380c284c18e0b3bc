// spritec::serve — the HTTP server of `spritec serve` (cpp-httplib underneath). It answers
// GET requests from the Site published last, by exact path, and streams server-sent events
// on /events: every event published from then on, the latest first on connect. Anything
// else is refused before it reaches a handler: a method but GET is 405, a path not in the
// site 404 (a path is compared as a string, never opened), a request line over 8 KiB 414
// (httplib's cap) and a request that announces a body 413, before the body is read.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "spritec/diag/result.hpp"
#include "spritec/serve/site.hpp"

namespace spritec::serve {

// At most this many pages listen to /events at once; one more is answered 503 (each holds a
// thread of the server while it listens).
inline constexpr int kMaxEventStreams = 6;

class Server {
 public:
  Server();
  ~Server();  // stops, if still serving
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds `host` at `port`, or when it is taken the next free port of the 100 above it;
  // port 0 takes any free port the system gives. The port bound, or why none could be.
  diag::Result<int> bind(const std::string& host, int port);
  // Serves on threads of its own until stop().
  void start();
  // From now on, requests are answered from `site`, and /events sends `event` (one line of
  // JSON) as an event named `name` to every listener.
  void publish(std::shared_ptr<const Site> site, const std::string& name, const std::string& event);
  // Ends every event stream and stops serving; returns when the server's threads have ended.
  void stop();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace spritec::serve
