// spritec::serve — what `spritec serve` answers: a fixed table of files in memory, looked up
// by the exact request path. Nothing here reads the file system: the page's own files are
// compiled into the binary (page_files), and the pipeline puts each build's pack, pages and
// replay in the table. A path not in the table is 404, whatever it spells.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace spritec::serve {

struct Resource {
  std::string type;                         // Content-Type
  std::shared_ptr<const std::string> body;  // shared between a site and the one after it
};

// Request path ("/", "/state.json", "/b/3/p0.json" …) → what it answers. A site is built
// whole and then published; it is never changed while a request may read it.
using Site = std::map<std::string, Resource, std::less<>>;

// The Content-Type for a file name by its extension (.html, .mjs, .js, .css, .json, .png,
// .svg; anything else application/octet-stream).
std::string content_type(std::string_view name);

// The page's files (lib/serve/page/*, and the JavaScript runtime as spritec.mjs), compiled
// into the binary: "/NAME" for each, and "/" for index.html.
Site page_files();

}  // namespace spritec::serve
