// The HTTP side of `spritec serve`: cpp-httplib serves; this file decides what it answers.
// Every request passes the pre-routing handler first, which answers it from the published
// Site by exact path (or refuses it) — only /events goes on to a handler, the event stream.
#include "spritec/serve/server.hpp"

#include <httplib.h>

#include <atomic>
#include <cassert>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include <sys/socket.h>

namespace spritec::serve {

namespace {

// Threads answering requests: a browser keeps up to six connections open to one server,
// each holding a thread while it is kept alive, and each event stream holds one too.
constexpr std::size_t kThreads = 16;
// httplib's cap on a body it reads (none is: see answer()).
constexpr std::size_t kMaxBody = 1024;
// An event stream with nothing to send says so this often (a comment line), which is how
// the server learns that a page went away and frees its thread.
constexpr auto kKeepAlive = std::chrono::seconds(1);

void refuse(httplib::Response& res, int status, const char* text) {
  res.status = status;
  res.set_content(text, "text/plain; charset=utf-8");
}

}  // namespace

struct Server::State {
  httplib::Server http;
  std::thread listener;
  std::mutex mutex;
  std::condition_variable changed;
  std::shared_ptr<const Site> site = std::make_shared<Site>();
  std::string event;        // the latest event, as sent: "event: NAME\ndata: …\n\n"
  std::uint64_t count = 0;  // events published so far
  int streams = 0;          // pages listening to /events
  bool stopping = false;
  std::atomic<bool> listened{false};  // the listening loop has ended

  httplib::Server::HandlerResponse answer(const httplib::Request& req, httplib::Response& res);
  void stream_events(httplib::Response& res);
};

httplib::Server::HandlerResponse Server::State::answer(const httplib::Request& req,
                                                       httplib::Response& res) {
  using Handled = httplib::Server::HandlerResponse;
  res.set_header("Cache-Control", "no-store");
  res.set_header("X-Content-Type-Options", "nosniff");
  if (req.method != "GET") {
    res.set_header("Allow", "GET");
    refuse(res, 405, "spritec serve answers GET only\n");
    return Handled::Handled;
  }
  // A GET has no body: one announced is refused before a byte of it is read.
  if (req.has_header("Transfer-Encoding") ||
      (req.has_header("Content-Length") && req.get_header_value("Content-Length") != "0")) {
    refuse(res, 413, "a request body is not expected\n");
    return Handled::Handled;
  }
  if (req.path == "/events") return Handled::Unhandled;
  std::shared_ptr<const Site> current;
  {
    std::lock_guard<std::mutex> lock(mutex);
    current = site;
  }
  auto found = current->find(req.path);
  if (found == current->end()) {
    refuse(res, 404, "not found\n");
    return Handled::Handled;
  }
  // The body is shared with the site, which may be replaced meanwhile: the provider keeps
  // its own reference.
  std::shared_ptr<const std::string> body = found->second.body;
  res.set_content_provider(body->size(), found->second.type,
                           [body](std::size_t offset, std::size_t length, httplib::DataSink& sink) {
                             return sink.write(body->data() + offset, length);
                           });
  return Handled::Handled;
}

void Server::State::stream_events(httplib::Response& res) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (streams >= kMaxEventStreams || stopping) {
      refuse(res, 503, "too many pages are listening to this server\n");
      return;
    }
    ++streams;
  }
  // Lives as long as httplib keeps the stream's provider: its end frees the place.
  struct Listener {
    explicit Listener(State* s) : state(s) {}
    Listener(const Listener&) = delete;
    Listener& operator=(const Listener&) = delete;
    State* state;
    std::uint64_t sent = 0;  // events sent so far: 0 sends the latest on connect
    ~Listener() {
      std::lock_guard<std::mutex> lock(state->mutex);
      --state->streams;
    }
  };
  auto stream = std::make_shared<Listener>(this);
  res.set_chunked_content_provider(
      "text/event-stream", [this, stream](std::size_t, httplib::DataSink& sink) {
        std::string out;
        {
          std::unique_lock<std::mutex> lock(mutex);
          changed.wait_for(lock, kKeepAlive, [&] { return stopping || count != stream->sent; });
          if (stopping) {
            sink.done();
            return true;
          }
          if (count != stream->sent) {
            out = event;
            stream->sent = count;
          }
        }
        if (out.empty()) out = ": still here\n\n";
        return sink.write(out.data(), out.size());
      });
}

Server::Server() : state_(std::make_unique<State>()) {
  httplib::Server& http = state_->http;
  http.new_task_queue = [] { return new httplib::ThreadPool(kThreads); };
  http.set_payload_max_length(kMaxBody);
  http.set_keep_alive_timeout(2);
  // httplib writes a response's head and body apart: with Nagle's algorithm each small
  // answer then waits for the client's delayed ACK (40 ms a file; a scene of six packs took
  // 300 ms to fetch instead of 20).
  http.set_tcp_nodelay(true);
  http.set_read_timeout(5);
  http.set_write_timeout(5);
  // httplib's default is SO_REUSEPORT, which lets a second server bind a port already in
  // use (and the two share its requests): a taken port must fail so the next is tried.
  // SO_REUSEADDR alone still lets a restarted server take its port back at once.
  http.set_socket_options([](int sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  http.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    return state_->answer(req, res);
  });
  http.Get("/events",
           [this](const httplib::Request&, httplib::Response& res) { state_->stream_events(res); });
  // httplib's own refusals (a malformed request line, a URI over its 8 KiB) get a body that
  // says so, and never an exception's text.
  http.set_exception_handler(
      [](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
        refuse(res, 500, "the server failed to answer\n");
      });
}

Server::~Server() {
  stop();
}

diag::Result<int> Server::bind(const std::string& host, int port) {
  httplib::Server& http = state_->http;
  if (port == 0) {
    int bound = http.bind_to_any_port(host);
    if (bound > 0) return bound;
    return diag::fail("no free port to listen on at " + host);
  }
  for (int p = port; p <= port + 100 && p <= 65535; ++p) {
    if (http.bind_to_port(host, p)) return p;
  }
  return diag::fail("cannot listen at " + host + " on port " + std::to_string(port) +
                    " or any of the 100 above it (taken, or not an address of this machine)");
}

void Server::start() {
  assert(!state_->listener.joinable());
  state_->listener = std::thread([this] {
    state_->http.listen_after_bind();
    state_->listened = true;
  });
}

void Server::publish(std::shared_ptr<const Site> site, const std::string& name,
                     const std::string& event) {
  {
    std::lock_guard<std::mutex> lock(state_->mutex);
    state_->site = std::move(site);
    state_->event = "event: " + name + "\ndata: " + event + "\n\n";
    ++state_->count;
  }
  state_->changed.notify_all();
}

void Server::stop() {
  {
    std::lock_guard<std::mutex> lock(state_->mutex);
    state_->stopping = true;
  }
  state_->changed.notify_all();
  if (state_->listener.joinable()) {
    // httplib's stop() does nothing until its listening loop runs: wait for that (or for
    // the loop to have ended already).
    while (!state_->http.is_running() && !state_->listened)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    state_->http.stop();
    state_->listener.join();
  }
}

}  // namespace spritec::serve
