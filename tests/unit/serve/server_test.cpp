// The server answers from its table by exact path and refuses everything else, as a client
// on a socket sees it.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <httplib.h>
#include <catch2/catch.hpp>

#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "spritec/serve/server.hpp"
#include "spritec/serve/site.hpp"

using namespace spritec;

namespace {

std::shared_ptr<const serve::Site> site_with(const std::string& path, const std::string& body) {
  auto site = std::make_shared<serve::Site>(serve::page_files());
  site->emplace(path,
                serve::Resource{"application/json", std::make_shared<const std::string>(body)});
  return site;
}

// A request written as raw bytes; the whole answer until the server closes or 2 s pass.
// `end` closes the client's side after it (httplib then closes without answering what it
// could not parse, instead of waiting for the rest).
std::string raw_request(int port, const std::string& bytes, bool end = false) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(std::uint16_t(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
  timeval timeout{2, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  for (std::size_t sent = 0; sent < bytes.size();) {
    ssize_t n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) break;  // the server may refuse before reading everything
    sent += std::size_t(n);
  }
  if (end) ::shutdown(fd, SHUT_WR);
  std::string answer;
  char buffer[4096];
  for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;)
    answer.append(buffer, std::size_t(n));
  ::close(fd);
  return answer;
}

int status_of(const std::string& answer) {
  // "HTTP/1.1 404 Not Found"
  if (answer.size() < 12 || answer.compare(0, 5, "HTTP/") != 0) return 0;
  return std::stoi(answer.substr(9, 3));
}

struct Running {
  serve::Server server;
  int port = 0;
  Running() {
    diag::Result<int> bound = server.bind("127.0.0.1", 0);
    REQUIRE(bound.ok());
    port = bound.value;
    server.publish(site_with("/state.json", R"({"generation":1})"), "state", R"({"generation":1})");
    server.start();
  }
};

}  // namespace

TEST_CASE("the server answers a path of its table with its bytes and type, and the page at /") {
  Running running;
  httplib::Client client("127.0.0.1", running.port);
  auto state = client.Get("/state.json");
  REQUIRE(state);
  CHECK(state->status == 200);
  CHECK(state->body == R"({"generation":1})");
  CHECK(state->get_header_value("Content-Type") == "application/json");
  CHECK(state->get_header_value("Cache-Control") == "no-store");
  auto page = client.Get("/");
  REQUIRE(page);
  CHECK(page->status == 200);
  CHECK(page->get_header_value("Content-Type") == "text/html; charset=utf-8");
  auto runtime = client.Get("/spritec.mjs");
  REQUIRE(runtime);
  CHECK(runtime->status == 200);
  CHECK(runtime->body.find("export function loadPack") != std::string::npos);
}

TEST_CASE(
    "no request path reaches the file system: traversal, encoded, absolute and odd paths are 404") {
  Running running;
  for (const char* target :
       {"/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd",
        "//etc/passwd", "/etc/passwd", "/state.json/", "/state.json%00", "/./state.json",
        "/STATE.JSON", "/..\\..\\etc\\passwd", "/b/1/../../state.json", "/%00",
        "http://127.0.0.1/etc/passwd", "/index.html/..", "/serve.cpp", "/CMakeLists.txt"}) {
    const std::string answer =
        raw_request(running.port, std::string("GET ") + target +
                                      " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    INFO(target << " → " << answer.substr(0, 40));
    CHECK(status_of(answer) == 404);
    CHECK(answer.find("root:") == std::string::npos);
  }
  // Still answering after all of that.
  CHECK(status_of(raw_request(
            running.port, "GET /state.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")) ==
        200);
}

TEST_CASE("only GET is answered, and oversized or malformed requests are refused") {
  Running running;
  for (const char* method : {"POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"}) {
    INFO(method);
    const std::string answer = raw_request(
        running.port,
        std::string(method) +
            " /state.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
    CHECK(status_of(answer) == 405);
  }
  // A request line past httplib's 8 KiB.
  const std::string long_path = "/" + std::string(10000, 'a');
  CHECK(status_of(raw_request(
            running.port,
            "GET " + long_path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")) == 414);
  // A body past 1 KiB, announced.
  CHECK(status_of(raw_request(running.port,
                              "GET /state.json HTTP/1.1\r\nHost: x\r\nConnection: "
                              "close\r\nContent-Length: 100000\r\n\r\n" +
                                  std::string(2000, 'x'))) == 413);
  // Not HTTP at all: a 400, or the connection closed without an answer.
  for (const char* garbage :
       {"HELLO\r\n\r\n", "GET\r\n\r\n", "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03",
        "GET / HTTP/9.9 extra\r\n\r\n", "FOO /state.json HTTP/1.1\r\n\r\n"}) {
    const int status = status_of(raw_request(running.port, garbage, true));
    CHECK((status == 0 || status == 400 || status == 404 || status == 405));
  }
  // A header line past 8 KiB.
  const std::string big_header = "X-Big: " + std::string(20000, 'b');
  const int status = status_of(
      raw_request(running.port, "GET /state.json HTTP/1.1\r\n" + big_header + "\r\n\r\n", true));
  CHECK(status != 200);
  CHECK(status_of(raw_request(running.port,
                              "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")) == 200);
}

TEST_CASE("/events sends the latest event on connect and every event published after") {
  Running running;
  std::string received;
  std::thread listener([&] {
    httplib::Client client("127.0.0.1", running.port);
    client.set_read_timeout(5);
    client.Get("/events", [&](const char* data, std::size_t length) {
      received.append(data, length);
      return received.find("\"generation\":2") == std::string::npos;  // stop after the second
    });
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  running.server.publish(site_with("/state.json", R"({"generation":2})"), "state",
                         R"({"generation":2})");
  listener.join();
  CHECK(received.find("event: state\ndata: {\"generation\":1}\n\n") != std::string::npos);
  CHECK(received.find("event: state\ndata: {\"generation\":2}\n\n") != std::string::npos);
  // The new site answers from now on.
  httplib::Client client("127.0.0.1", running.port);
  auto state = client.Get("/state.json");
  REQUIRE(state);
  CHECK(state->body == R"({"generation":2})");
}

TEST_CASE("stop ends open event streams and returns promptly") {
  auto running = std::make_unique<Running>();
  std::thread listener([port = running->port] {
    httplib::Client client("127.0.0.1", port);
    client.set_read_timeout(10);
    client.Get("/events", [](const char*, std::size_t) { return true; });
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const auto started = std::chrono::steady_clock::now();
  running->server.stop();
  listener.join();
  CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(3));
}

TEST_CASE("a taken port gives the next free one; port 0 any free one") {
  serve::Server first;
  diag::Result<int> a = first.bind("127.0.0.1", 0);
  REQUIRE(a.ok());
  serve::Server second;
  diag::Result<int> b = second.bind("127.0.0.1", a.value);
  REQUIRE(b.ok());
  CHECK(b.value > a.value);
  CHECK(b.value <= a.value + 100);
  serve::Server third;
  CHECK_FALSE(third.bind("192.0.2.1", 8080).ok());  // not an address of this machine
}

TEST_CASE("content types follow the file's extension") {
  CHECK(serve::content_type("a.html") == "text/html; charset=utf-8");
  CHECK(serve::content_type("a.mjs") == "text/javascript; charset=utf-8");
  CHECK(serve::content_type("a.css") == "text/css; charset=utf-8");
  CHECK(serve::content_type("p0.json") == "application/json");
  CHECK(serve::content_type("p0-1.png") == "image/png");
  CHECK(serve::content_type("x") == "application/octet-stream");
}
