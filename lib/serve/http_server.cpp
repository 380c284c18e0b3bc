// The HTTP side of `spritec serve`: cpp-httplib serves; this file decides what it answers.
// Every request passes the pre-routing handler first, which answers it from the published
// Site by exact path (or refuses it) — only /events goes on to a handler, the event stream.
//
// Built as a plugin of its own (libspritec_http.so, http_api.hpp), loaded by server.cpp
// only when a server is made: cpp-httplib's library brings OpenSSL, zlib and Brotli, whose
// loading doubled the start of every spritec command (9 ms to 18 ms).
#include <httplib.h>

#include "http_api.hpp"
#include "spritec/diag/result.hpp"
#include "spritec/serve/server.hpp"

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

// A refused request's connection is closed after the answer: a client that sent one bad
// request gets no further turn on it.
void refuse(httplib::Response& res, int status, const char* text) {
  res.status = status;
  res.set_header("Connection", "close");
  res.set_content(text, "text/plain; charset=utf-8");
}

struct Http {
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

httplib::Server::HandlerResponse Http::answer(const httplib::Request& req, httplib::Response& res) {
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

void Http::stream_events(httplib::Response& res) {
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
    explicit Listener(Http* s) : state(s) {}
    Listener(const Listener&) = delete;
    Listener& operator=(const Listener&) = delete;
    Http* state;
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

void configure(Http& self) {
  httplib::Server& http = self.http;
  http.new_task_queue = [] { return new httplib::ThreadPool(kThreads); };
  http.set_payload_max_length(kMaxBody);
  // An idle connection holds a thread until this passes, and stop() waits for every thread:
  // one second is how long Ctrl-C may take.
  http.set_keep_alive_timeout(1);
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
  http.set_pre_routing_handler([&self](const httplib::Request& req, httplib::Response& res) {
    return self.answer(req, res);
  });
  http.Get("/events",
           [&self](const httplib::Request&, httplib::Response& res) { self.stream_events(res); });
  // httplib's own refusals (a malformed request, a URI over its 8 KiB) close the connection
  // too; an exception's text is never sent.
  http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    res.set_header("Connection", "close");
  });
  http.set_exception_handler(
      [](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
        refuse(res, 500, "the server failed to answer\n");
      });
}

diag::Result<int> bind_port(Http& self, const std::string& host, int port) {
  httplib::Server& http = self.http;
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

void start_serving(Http& self) {
  assert(!self.listener.joinable());
  self.listener = std::thread([&self] {
    self.http.listen_after_bind();
    self.listened = true;
  });
}

void publish_site(Http& self, std::shared_ptr<const Site> site, const std::string& name,
                  const std::string& event) {
  {
    std::lock_guard<std::mutex> lock(self.mutex);
    self.site = std::move(site);
    self.event = "event: " + name + "\ndata: " + event + "\n\n";
    ++self.count;
  }
  self.changed.notify_all();
}

void stop_serving(Http& self) {
  {
    std::lock_guard<std::mutex> lock(self.mutex);
    self.stopping = true;
  }
  self.changed.notify_all();
  if (self.listener.joinable()) {
    // httplib's stop() does nothing until its listening loop runs: wait for that (or for
    // the loop to have ended already).
    while (!self.http.is_running() && !self.listened)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    self.http.stop();
    self.listener.join();
  }
}

const HttpApi kApi = {
    [](std::string* error) -> void* {
      try {
        auto* self = new Http;
        configure(*self);
        return self;
      } catch (const std::exception& e) {
        *error = e.what();
        return nullptr;
      }
    },
    [](void* self) {
      stop_serving(*static_cast<Http*>(self));
      delete static_cast<Http*>(self);
    },
    [](void* self, const std::string& host, int port, std::string* error) {
      diag::Result<int> bound = bind_port(*static_cast<Http*>(self), host, port);
      if (!bound) *error = bound.error.message;
      return bound.ok() ? bound.value : 0;
    },
    [](void* self) { start_serving(*static_cast<Http*>(self)); },
    [](void* self, std::shared_ptr<const Site> site, const std::string& name,
       const std::string& event) {
      publish_site(*static_cast<Http*>(self), std::move(site), name, event);
    },
    [](void* self) { stop_serving(*static_cast<Http*>(self)); },
};

}  // namespace

}  // namespace spritec::serve

extern "C" const spritec::serve::HttpApi* spritec_http_api() {
  return &spritec::serve::kApi;
}
