// The layout's field tables (spk_layout.hpp): load and store mirror each other for every
// byte of every record, and docs/format.md's tables give the same fields at the same
// offsets with the same sizes.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "spritec/runtime/spk_layout.hpp"

using namespace spritec::runtime;

namespace {

struct Field {
  std::string name;
  std::size_t offset;
  std::size_t size;
  bool operator==(const Field& o) const {
    return name == o.name && offset == o.offset && size == o.size;
  }
};

std::ostream& operator<<(std::ostream& os, const Field& f) {
  return os << f.name << "@" << f.offset << "+" << f.size;
}

#define SPRITEC_TEST_FIELD(member, Name, type, offset, init) \
  Field{#member, offset, spk::detail::field_size<type>()},

const std::map<std::string, std::vector<Field>>& layout_tables() {
  using namespace spk;  // the tables name their types as spk:: does
  static const std::map<std::string, std::vector<Field>> tables = {
      {"Header", {SPRITEC_SPK_HEADER_FIELDS(SPRITEC_TEST_FIELD)}},
      {"Directory entry", {SPRITEC_SPK_SECTIONENTRY_FIELDS(SPRITEC_TEST_FIELD)}},
      {"PAGE", {SPRITEC_SPK_PAGERECORD_FIELDS(SPRITEC_TEST_FIELD)}},
      {"FRAM", {SPRITEC_SPK_FRAMERECORD_FIELDS(SPRITEC_TEST_FIELD)}},
      {"ACTN", {SPRITEC_SPK_ACTIONRECORD_FIELDS(SPRITEC_TEST_FIELD)}},
      {"STEP", {SPRITEC_SPK_STEPRECORD_FIELDS(SPRITEC_TEST_FIELD)}},
      {"TRAN", {SPRITEC_SPK_TRANSITIONRECORD_FIELDS(SPRITEC_TEST_FIELD)}},
      {"ALPH", {SPRITEC_SPK_ALPHARECORD_FIELDS(SPRITEC_TEST_FIELD)}},
      {"SHAP", {SPRITEC_SPK_SHAPERECORD_FIELDS(SPRITEC_TEST_FIELD)}},
      {"FGEO", {SPRITEC_SPK_SHAPERANGE_FIELDS(SPRITEC_TEST_FIELD)}},
      {"LORD", {SPRITEC_SPK_LAYERENTRY_FIELDS(SPRITEC_TEST_FIELD)}},
  };
  return tables;
}

// The bytes of a docs/format.md type: u1 u2 u4 u8 s4, u1[n], name (a StringRef).
std::size_t doc_type_size(const std::string& type) {
  std::smatch m;
  if (type == "name") return 8;
  if (std::regex_match(type, m, std::regex(R"([us]([1248]))"))) return std::stoul(m[1]);
  if (std::regex_match(type, m, std::regex(R"(u1\[(\d+)\])"))) return std::stoul(m[1]);
  FAIL("unknown type in docs/format.md: " << type);
  return 0;
}

// docs/format.md's field tables, by the heading that opens each: "## Header (…)" gives
// "Header", "## PAGE — page (…)" gives "PAGE".
std::map<std::string, std::vector<Field>> doc_tables() {
  std::ifstream in(SPRITEC_SOURCE_DIR "/docs/format.md");
  REQUIRE(in);
  std::map<std::string, std::vector<Field>> tables;
  const std::regex heading(R"(^## (Header|Directory entry|[A-Z]{4})\b.*)");
  const std::regex row(R"(^\| (\d+) \| ([a-z0-9\[\]]+) \| ([a-z_]+) \|.*)");
  std::string line, current;
  while (std::getline(in, line)) {
    std::smatch m;
    if (line.rfind("## ", 0) == 0) {
      current = std::regex_match(line, m, heading) ? std::string(m[1]) : std::string();
    } else if (!current.empty() && std::regex_match(line, m, row)) {
      tables[current].push_back(Field{m[3], std::stoul(m[1]), doc_type_size(m[2])});
    }
  }
  return tables;
}

// store(load(bytes)) gives the bytes back, for bytes that differ everywhere: every byte
// of the record is some field's, and load and store agree on where each field lies.
template <typename Record>
void check_round_trip(int seed) {
  std::uint8_t bytes[Record::kSize];
  for (std::size_t i = 0; i < Record::kSize; ++i)
    bytes[i] = std::uint8_t(std::size_t(seed) + 37 * i);
  Record r;
  spk::load(bytes, r);
  std::uint8_t back[Record::kSize] = {};
  spk::store(back, r);
  CHECK(std::vector<std::uint8_t>(bytes, bytes + Record::kSize) ==
        std::vector<std::uint8_t>(back, back + Record::kSize));
}

}  // namespace

TEST_CASE("store writes back every byte load reads, for every record", "[layout]") {
  for (int seed : {0x00, 0x01, 0x80, 0xFF}) {
    check_round_trip<spk::StringRef>(seed);
    check_round_trip<spk::Header>(seed);
    check_round_trip<spk::SectionEntry>(seed);
    check_round_trip<spk::PageRecord>(seed);
    check_round_trip<spk::FrameRecord>(seed);
    check_round_trip<spk::ActionRecord>(seed);
    check_round_trip<spk::StepRecord>(seed);
    check_round_trip<spk::TransitionRecord>(seed);
    check_round_trip<spk::AlphaRecord>(seed);
    check_round_trip<spk::ShapeRecord>(seed);
    check_round_trip<spk::ShapeRange>(seed);
  }
}

TEST_CASE("fields are little-endian at the offsets the table gives", "[layout]") {
  spk::StepRecord s;
  s.frame = 0x04030201u;
  s.move_x = -2;
  s.flip = kFlipX | kFlipY;
  std::uint8_t b[spk::StepRecord::kSize];
  std::memset(b, 0xEE, sizeof b);
  spk::store(b, s);
  CHECK(b[spk::StepRecord::kOffFrame] == 0x01);
  CHECK(b[spk::StepRecord::kOffFrame + 3] == 0x04);
  CHECK(b[spk::StepRecord::kOffMoveX] == 0xFE);
  CHECK(b[spk::StepRecord::kOffMoveX + 3] == 0xFF);
  CHECK(b[spk::StepRecord::kOffFlip] == 3);
  // Reserved bytes are fields too: written as their default, 0.
  CHECK(b[spk::StepRecord::kOffReserved] == 0);
  CHECK(b[spk::StepRecord::kOffReserved + 2] == 0);
  // Defaults come from the table: a blank step of one tick without event.
  CHECK(spk::StepRecord{}.frame == kNone);
  CHECK(spk::StepRecord{}.ticks == 1);
  CHECK(spk::ActionRecord{}.views == 1);
  CHECK(spk::ActionRecord{}.then_action == kNone);
}

TEST_CASE("docs/format.md's field tables are the layout's field tables", "[layout][docs]") {
  const auto docs = doc_tables();
  for (const auto& [record, fields] : layout_tables()) {
    INFO("docs/format.md, section " << record);
    REQUIRE(docs.count(record) == 1);
    CHECK(docs.at(record) == fields);
  }
  CHECK(docs.size() == layout_tables().size());
}
