// Boxes and points in definitions (docs/definitions.md, "Boxes and points"): a sheet's are
// every frame's defaults, a frame's own (frames: entries, geometry: by name) replace them by
// name or take them away with null, a step's own are kept apart (with their removals) for
// the pack. Expected lists are written out by hand.
#include "def_test_util.hpp"

using namespace def_test;
using spritec::def::Rect;
using spritec::def::Shape;
using spritec::def::ShapeKind;
using spritec::diag::Code;

namespace {

struct Want {
  ShapeKind kind;
  std::string name;
  Rect box;
  bool removed = false;
};

void check_shapes(const std::vector<Shape>& got, const std::vector<Want>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    INFO("shape " << i << " " << want[i].name);
    CHECK(got[i].kind == want[i].kind);
    CHECK(got[i].name == want[i].name);
    CHECK(got[i].removed == want[i].removed);
    if (!want[i].removed) CHECK(got[i].box == want[i].box);
  }
}

const spritec::def::Frame& frame(const Loaded& l, const std::string& name) {
  REQUIRE(l.def);
  const spritec::def::Frame* f = l.def->find_frame(name);
  REQUIRE(f);
  return *f;
}

}  // namespace

TEST_CASE("a sheet's boxes and points are every frame's, a frame's own laid over them") {
  const Loaded l = load(
      "pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n"
      "    grid: {cell: [8, 8], origin: [4, 7]}\n"
      "    boxes: {hurt: [1, 0, 6, 8], feet: [2, 6, 4, 2]}\n"
      "    points: {hand: [6, 3]}\n"
      "    geometry:\n"
      "      \"2\": {boxes: {hurt: [0, 2, 8, 6], hit: [6, 1, 2, 2]}}\n"
      "      \"3\": {boxes: {feet: null}, points: {hand: null, tip: [7, 0]}}\n"
      "actions:\n  a: {frames: [s/0, s/2, s/3]}\n");
  INFO((l.sink.diagnostics().empty() ? "" : l.sink.diagnostics()[0].message));
  REQUIRE(l.sink.diagnostics().empty());
  // Sorted: boxes before points, each by name.
  check_shapes(frame(l, "s/0").shapes, {{ShapeKind::kBox, "feet", {2, 6, 4, 2}},
                                        {ShapeKind::kBox, "hurt", {1, 0, 6, 8}},
                                        {ShapeKind::kPoint, "hand", {6, 3, 0, 0}}});
  // s/2 replaces hurt and adds hit; feet and hand stay.
  check_shapes(frame(l, "s/2").shapes, {{ShapeKind::kBox, "feet", {2, 6, 4, 2}},
                                        {ShapeKind::kBox, "hit", {6, 1, 2, 2}},
                                        {ShapeKind::kBox, "hurt", {0, 2, 8, 6}},
                                        {ShapeKind::kPoint, "hand", {6, 3, 0, 0}}});
  // s/3 takes feet and hand away and adds tip: no removal is left in a frame's list.
  check_shapes(frame(l, "s/3").shapes,
               {{ShapeKind::kBox, "hurt", {1, 0, 6, 8}}, {ShapeKind::kPoint, "tip", {7, 0, 0, 0}}});
  CHECK(l.def->shape_names == std::vector<std::string>{"feet", "hand", "hit", "hurt", "tip"});
}

TEST_CASE("a frames: entry carries its own boxes and points beside its rect and origin") {
  const Loaded l = load(
      "pack: p\nsheets:\n  - name: s\n    image: img/strip48x8.png\n"
      "    points: {hand: [1, 1]}\n"
      "    frames:\n"
      "      a: {rect: [0, 0, 8, 8], origin: [4, 7], boxes: {hurt: [-2, 0, 12, 8]}}\n"
      "      b: {rect: [8, 0, 8, 8], points: {hand: [7, 7], box: [0, 0]}, boxes: {box: [0, 0, 1, "
      "1]}}\n"
      "actions:\n  x: {frames: [s/a, s/b]}\n");
  INFO((l.sink.diagnostics().empty() ? "" : l.sink.diagnostics()[0].message));
  REQUIRE(l.sink.diagnostics().empty());  // a reach past the frame is not outside it
  check_shapes(frame(l, "s/a").shapes, {{ShapeKind::kBox, "hurt", {-2, 0, 12, 8}},
                                        {ShapeKind::kPoint, "hand", {1, 1, 0, 0}}});
  // A box and a point may share a name.
  check_shapes(frame(l, "s/b").shapes, {{ShapeKind::kBox, "box", {0, 0, 1, 1}},
                                        {ShapeKind::kPoint, "box", {0, 0, 0, 0}},
                                        {ShapeKind::kPoint, "hand", {7, 7, 0, 0}}});
}

TEST_CASE("a step keeps its own boxes and points, removals included, for the pack") {
  const Loaded l = load(kHead +
                        "    boxes: {hurt: [1, 0, 6, 8]}\n"
                        "actions:\n"
                        "  attack:\n"
                        "    views: 2\n"
                        "    frames:\n"
                        "      - [s/0, {frame: s/1, boxes: {hit: [6, 2, 3, 2], hurt: null}},\n"
                        "         {frame: null, points: {spark: [10, -3]}}]\n"
                        "      - {mirror: 0}\n");
  INFO((l.sink.diagnostics().empty() ? "" : l.sink.diagnostics()[0].message));
  REQUIRE(l.def);
  const auto& steps = l.def->actions.at(0).steps;
  CHECK(steps[0][0].shapes.empty());
  check_shapes(steps[0][1].shapes,
               {{ShapeKind::kBox, "hit", {6, 2, 3, 2}}, {ShapeKind::kBox, "hurt", {}, true}});
  check_shapes(steps[0][2].shapes, {{ShapeKind::kPoint, "spark", {10, -3, 0, 0}}});
  // The mirrored view has the same shapes as written: its flip mirrors them in the pack.
  check_shapes(steps[1][1].shapes,
               {{ShapeKind::kBox, "hit", {6, 2, 3, 2}}, {ShapeKind::kBox, "hurt", {}, true}});
  CHECK(steps[1][1].flip == spritec::def::Flip::kX);
}

TEST_CASE("each mistake in boxes and points is one error at its place") {
  SECTION("a box of three numbers: E0240 at the list") {
    const Loaded l =
        load(kHead + "    boxes: {hurt: [1, 2, 3]}\n" + "actions:\n  a: {frames: [s/0]}\n");
    require_only(l, Code::kBadShape, 6, 19);
  }
  SECTION("a height of 0: E0241 at the number") {
    const Loaded l =
        load(kHead + "    boxes: {hurt: [1, 2, 3, 0]}\n" + "actions:\n  a: {frames: [s/0]}\n");
    require_only(l, Code::kShapeSize, 6, 29);
  }
  SECTION("a name with a tab: E0242 at the name") {
    const Loaded l =
        load(kHead + "    points: {\"a\\tb\": [1, 2]}\n" + "actions:\n  a: {frames: [s/0]}\n");
    require_only(l, Code::kShapeName, 6, 14);
  }
  SECTION("geometry: for a frame the sheet does not have: E0243") {
    const Loaded l = load(kHead + "    geometry: {\"9\": {points: {p: [0, 0]}}}\n" +
                          "actions:\n  a: {frames: [s/0]}\n");
    require_only(l, Code::kShapeFrame, 6, 16);
  }
  SECTION("a box no pixel of the frame touches: W0240, and the box is kept") {
    const Loaded l =
        load(kHead + "    boxes: {far: [8, 0, 2, 2]}\n" + "actions:\n  a: {frames: [s/0]}\n");
    require_only(l, Code::kShapeOutside, 6, 18);
    REQUIRE(l.def);
    CHECK(frame(l, "s/0").shapes.size() == 1);
  }
}
