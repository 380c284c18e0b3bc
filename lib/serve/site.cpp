#include "spritec/serve/site.hpp"

#include "embedded_page.hpp"

namespace spritec::serve {

std::string content_type(std::string_view name) {
  auto ends = [&](std::string_view suffix) {
    return name.size() >= suffix.size() &&
           name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".mjs") || ends(".js")) return "text/javascript; charset=utf-8";
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".json")) return "application/json";
  if (ends(".png")) return "image/png";
  if (ends(".svg")) return "image/svg+xml";
  return "application/octet-stream";
}

Site page_files() {
  Site site;
  for (const EmbeddedFile& file : embedded_page()) {
    Resource resource{content_type(file.name),
                      std::make_shared<const std::string>(file.bytes, file.size)};
    if (std::string_view(file.name) == "index.html") site.emplace("/", resource);
    site.emplace("/" + std::string(file.name), std::move(resource));
  }
  return site;
}

}  // namespace spritec::serve
