// Private to serve: the boundary between the Server (server.cpp, in every spritec) and the
// HTTP server itself (http_server.cpp, the plugin libspritec_http.so, which alone links
// cpp-httplib and through it OpenSSL, zlib and Brotli). The plugin is built by the same
// compiler in the same build as the binary that loads it, so C++ types cross as they are.
#pragma once

#include <memory>
#include <string>

#include "spritec/serve/site.hpp"

namespace spritec::serve {

struct HttpApi {
  void* (*create)(std::string* error);  // nullptr and `error` when it cannot be made
  void (*destroy)(void* server);        // stops first
  int (*bind)(void* server, const std::string& host, int port, std::string* error);  // 0: error
  void (*start)(void* server);
  void (*publish)(void* server, std::shared_ptr<const Site> site, const std::string& name,
                  const std::string& event);
  void (*stop)(void* server);
};

}  // namespace spritec::serve

// The plugin's one symbol.
extern "C" const spritec::serve::HttpApi* spritec_http_api();
