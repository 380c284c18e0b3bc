// A pack written from a model and parsed, with decoded pages of the test's choosing: what
// exporter::export_pack reads, built without a definition (the export tests' one fixture).
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "spritec/format/spk_writer.hpp"
#include "spritec/image/image.hpp"
#include "spritec/runtime/spk_reader.hpp"

namespace export_test {

struct Pack {
  std::vector<std::uint8_t> bytes;
  spritec::runtime::PackView view;  // points into bytes: keep the Pack where it is (heap)
  std::vector<spritec::image::Image> pages;
};

inline std::unique_ptr<Pack> pack_in_memory(const spritec::format::PackModel& m,
                                            std::vector<spritec::image::Image> pages) {
  auto p = std::make_unique<Pack>();
  auto written = spritec::format::write_spk(m);
  INFO(written.error.message);
  REQUIRE(written.ok());
  p->bytes = std::move(written.value);
  REQUIRE(spritec::runtime::parse_pack(p->bytes.data(), p->bytes.size(), p->view).ok());
  p->pages = std::move(pages);
  return p;
}

}  // namespace export_test
