// spritec::def — the definition model: what a checked `*.sprites.yaml` says (DESIGN.md
// section 2), with defaults applied, durations in ticks, frames resolved to source
// rectangles of resolved image paths, and the Span of every value a later phase may
// report on. Plain data; built by load_definition() (definition.hpp).
//
// Ownership: a Definition owns everything; indices (Frame::sheet) point into its vectors.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "spritec/diag/diagnostic.hpp"
#include "spritec/geom/geom.hpp"

namespace spritec::def {

inline constexpr int kDefaultTickRate = 60;
inline constexpr int kDefaultStepMs = 100;
inline constexpr int kMaxImageSide = 16384;
inline constexpr std::size_t kMaxInputs = 64;
inline constexpr std::size_t kMaxFrames = 65536;  // per definition, checked before listing
// Steps that Aseprite tags make (tags: true actions and {tag:} views), all together in one
// definition, counted before any is made: a pingpong tag's repeat writes out its passes.
inline constexpr std::int64_t kMaxTagSteps = 1 << 20;
// layers: split: at most this many slots (the pack format's SLOT limit), each name at most
// this many bytes (it is part of a file name).
inline constexpr std::size_t kMaxSplitSlots = 32;
inline constexpr std::size_t kMaxSplitSlotBytes = 64;

using geom::Point;

using geom::Size;

// An origin coordinate written as a word (`origin: [center, bottom]`, docs/definitions.md
// "Origins"): left/top, center, right/bottom. A sheet's or a grid's origin holds it as one of
// these values, below any number an origin may take (-1,000,000), until each frame's origin is
// resolved against that frame's untrimmed size; a Frame's origin is always a number.
inline constexpr int kAnchorStart = -2000001;   // left, top: 0
inline constexpr int kAnchorCenter = -2000002;  // center: floor(size / 2)
inline constexpr int kAnchorEnd = -2000003;     // right, bottom: size - 1
// The pixel an anchored coordinate names on an axis of `size` pixels (a number stays as it is).
int resolve_anchor(int coordinate, int size);
// Both coordinates of an origin resolved on a frame of `untrimmed` size.
Point resolve_origin(Point origin, Size untrimmed);

using geom::Rect;

// Frame geometry (docs/definitions.md, "Boxes and points"): a frame or a step may carry named
// boxes (hit, hurt…) and points (hand, muzzle…), in the frame's untrimmed pixel coordinates
// like its origin (a blank step's in the actor's own: the origin at 0,0). A box covers the
// pixel columns x .. x + width - 1 and rows y .. y + height - 1; a point is one pixel.
inline constexpr std::size_t kMaxShapeNameBytes = 256;
inline constexpr std::size_t kMaxShapesPerList = 256;  // boxes + points of a frame or a step
inline constexpr std::size_t kMaxShapeNames = 4096;    // distinct names in a definition

enum class ShapeKind : std::uint8_t { kBox = 0, kPoint = 1 };

struct Shape {
  ShapeKind kind = ShapeKind::kBox;
  std::string name;
  Rect box;  // a point: x, y with width and height 0
  // NAME: null — takes away the box (or point) of that name that the frame (for a step) or
  // the sheet (for a frame) gives. Only in lists being merged; never in a frame's result.
  bool removed = false;
  diag::Span span;  // the entry's value (its key when removed)
  bool operator==(const Shape& o) const {
    return kind == o.kind && name == o.name && box == o.box && removed == o.removed;
  }
};

// Shapes are kept sorted by (kind, name), names distinct within a kind: the order the pack
// stores and every consumer lists them in.
bool shape_order(const Shape& a, const Shape& b);
// `over` laid on `base` (both sorted): a shape of `over` replaces the one of its kind and
// name in `base`, a removal drops it; the result is sorted and holds no removal — unless
// keep_removals, which keeps over's removals in (two lists of one layer combined, to be laid
// on the layer below later).
std::vector<Shape> merge_shapes(const std::vector<Shape>& base, const std::vector<Shape>& over,
                                bool keep_removals = false);

struct Rgb {
  std::uint8_t r = 0;
  std::uint8_t g = 0;
  std::uint8_t b = 0;
  bool operator==(const Rgb& o) const { return r == o.r && g == o.g && b == o.b; }
};

// How pages are stored as PNG: auto writes an indexed PNG when the page has at most 256
// distinct RGBA values (RGBA otherwise); rgba always writes RGBA.
enum class PagePng { kAuto, kRgba };

struct AtlasOptions {
  Size max_size{2048, 2048};
  int padding = 2;
  int extrude = 0;
  bool trim = true;
  bool dedupe = true;
  bool power_of_two = false;
  PagePng png = PagePng::kAuto;
  // What the pages store under their alpha (docs/definitions.md, "bleed", "premultiply"):
  // fully transparent pixels coloured as their nearest coloured pixel; colours premultiplied.
  bool bleed = false;
  bool premultiply = false;
  diag::Span span;           // the atlas: mapping (line 0 when absent)
  diag::Span max_size_span;  // its max_size: value (line 0 when absent)
};

// Scale variants (`variants:`): each writes one more complete pack beside the base one,
// its frames scaled (docs/definitions.md, "variants").
inline constexpr std::size_t kMaxVariants = 8;
inline constexpr std::size_t kMaxSuffixBytes = 32;
// The scale's bounds, 1/16 and 16, and its precision: a decimal of at most 6 places.
inline constexpr std::int64_t kScaleDenominator = 1000000;

// nearest: each output pixel is the source pixel under its centre (integer scales repeat
// every pixel exactly); smooth: stb_image_resize's default filters, alpha-weighted.
enum class ScaleFilter { kNearest, kSmooth };

struct Variant {
  // The scale as an exact fraction in lowest terms: num / den.
  std::int64_t num = 1;
  std::int64_t den = 1;
  std::string scale_text;  // as written ("0.5")
  std::string suffix;      // "@2x": inserted before the extension of every output's name
  ScaleFilter filter = ScaleFilter::kNearest;
  diag::Span span;  // the variant's mapping
  double scale() const { return double(num) / double(den); }
};

struct Grid {
  Size cell;
  Point origin;  // may hold kAnchor* words, resolved on the cell
  Point offset;
  Point spacing;
  std::optional<int> count;
};

enum class SheetKind {
  kGrid,
  kFrames,
  kFiles,
  kDetect,
  kAseprite,
  kAsepriteJson,
  kTexturePackerJson,
  kFlare
};

// How Aseprite plays a tag (its "Animation Direction").
enum class TagDirection { kForward, kReverse, kPingpong, kPingpongReverse };

// A tag of an Aseprite file or JSON: frames from…to of its sheet (0-based, inclusive).
struct SourceTag {
  std::string name;
  int from = 0;
  int to = 0;
  TagDirection direction = TagDirection::kForward;
  int repeat = 0;  // passes as Aseprite counts them; 0 = forever
};

struct Sheet {
  std::string name;
  diag::Span span;  // the name: value
  SheetKind kind = SheetKind::kGrid;
  std::string image;                 // as written (image: or files:)
  diag::Span image_span;             // the image:/files: value
  std::filesystem::path image_path;  // image: resolved (empty for files:)
  Size image_size;                   // image: from the PNG header (0x0 for files:)
  Grid grid;                         // kGrid only
  Point origin;                      // sheet-level default origin (may hold kAnchor* words)
  std::optional<Rgb> colorkey;
  diag::Span colorkey_span;
  std::size_t first_frame = 0;  // this sheet's frames are frames[first_frame, +frame_count)
  std::size_t frame_count = 0;
  // False when the sheet's frames could not be listed (missing image, bad pattern…);
  // steps naming its frames are then not reported as unknown.
  bool complete = true;
  // Aseprite sources (aseprite:, aseprite_json:): each frame's duration, the tags, whether
  // the tags become actions (tags: true, at tags_span), and for aseprite: the layers drawn
  // (empty: the visible ones).
  std::vector<int> durations_ms;
  std::vector<SourceTag> tags;
  bool tags_as_actions = false;
  diag::Span tags_span;
  std::vector<std::string> layers;
  // aseprite: with `layers: split`: the file's visible top-level layers and groups, bottom
  // to top, each a slot of the master the definition becomes (split_master, split_pieces);
  // empty otherwise. split_span is the `layers: split` value.
  std::vector<std::string> split;
  diag::Span split_span;
};

struct Frame {
  std::string name;             // "sheet/frame"
  std::size_t sheet = 0;        // index into Definition::sheets
  std::filesystem::path image;  // resolved source image
  Size image_size;              // that image's size (from its header)
  Rect rect;                    // in the source image
  // The untrimmed frame: `rect` may be a trimmed part of a larger canvas (Aseprite's JSON
  // keeps sourceSize and spriteSourceSize). canvas 0x0 means the rect's own size, with
  // offset 0: the rect is the whole frame.
  Size canvas;
  Point offset;  // where rect's top-left lies in the untrimmed frame
  // The rect holds the frame turned 90° clockwise (TexturePacker's rotated frames): it is
  // the upright frame's height wide and its width tall, and the atlas turns it back
  // (counter-clockwise) before trimming; offset and canvas are the upright frame's.
  bool rotated = false;
  Point origin;  // relative to the untrimmed frame's top-left corner; may lie outside it
  // aseprite: the file's frame this is (its pixels are that frame flattened); -1 otherwise.
  int source_frame = -1;
  // Its boxes and points (the sheet's defaults with its own laid over them), sorted, no
  // removals.
  std::vector<Shape> shapes;
  diag::Span span;  // where the frame is defined (rect, grid, file pattern or source)
  Size untrimmed() const { return canvas.width > 0 ? canvas : Size{rect.width, rect.height}; }
};

enum class PlayMode { kLoop, kPingpong, kOnce };
enum class Flip : std::uint8_t { kNone = 0, kX = 1, kY = 2, kXY = 3 };
enum class ThenKind { kHold, kDestroy, kAction };

struct Step {
  std::string frame;  // full frame name; empty for a blank step
  bool blank = false;
  int ticks = 1;
  Flip flip = Flip::kNone;
  std::string event;  // empty: none
  Point move;
  // The step's own boxes and points: added to its frame's for the step, replacing those of
  // the same kind and name; removals (NAME: null) take one away. Sorted.
  std::vector<Shape> shapes;
  diag::Span span;        // the step (its frame name, or its mapping)
  diag::Span frame_span;  // the frame name (or the step when blank)
  diag::Span ticks_span;  // where its duration was given (the step when defaulted)
  diag::Span event_span;
};

struct Transition {
  std::string to;
  std::vector<std::string> when;
  std::vector<std::string> unless;
  bool immediate = false;
  diag::Span span;  // the rule
  diag::Span to_span;
};

struct Action {
  std::string name;
  diag::Span span;  // the action's key
  int views = 1;
  int first_view = 0;  // degrees, normalised to 0..359
  PlayMode mode = PlayMode::kLoop;
  int loop_from = 0;
  int repeat = 0;  // cycles before finishing; 0 = forever (once: 1)
  ThenKind then = ThenKind::kHold;
  std::string then_action;  // ThenKind::kAction
  diag::Span then_span;
  bool reverse = false;
  std::vector<std::vector<Step>> steps;  // [view][i]; every view the same length
  std::vector<Transition> transitions;
};

// Layered actors (docs/definitions.md, "Layered actors"): a master's slots and its draw order
// per view, or the slot an equipment piece fills. Empty for any other definition.
struct Layers {
  std::vector<std::string> slots;               // a master's, as declared
  std::vector<std::vector<std::string>> order;  // per view, back to front; "self" = own frames
  diag::Span span;                              // the layers: value
  std::vector<diag::Span> order_spans;          // each order list
  std::string slot;                             // a piece's
  diag::Span slot_span;
  // The slots are an Aseprite sheet's layers (`layers: split` on sheets[split_sheet]):
  // the definition compiles into a master and one piece per slot (split_master,
  // split_pieces in def/definition.hpp).
  bool split = false;
  std::size_t split_sheet = 0;
  bool master() const { return !order.empty(); }
};

struct Definition {
  std::filesystem::path file;  // the definition file as given
  std::string pack;
  diag::Span pack_span;
  int tick_rate = kDefaultTickRate;
  AtlasOptions atlas;
  std::vector<Variant> variants;  // in file order; empty: the base pack only
  std::vector<Sheet> sheets;
  std::vector<Frame> frames;             // sheets in order; grid frames row-major; files by name
  std::vector<Action> actions;           // in file order
  std::vector<std::string> inputs;       // distinct when/unless names, sorted
  std::vector<std::string> events;       // distinct step events, sorted
  std::vector<std::string> shape_names;  // distinct box and point names, sorted
  Layers layers;
  // Every file the definition read (itself first, then images in order) — for depfiles.
  std::vector<std::filesystem::path> dependencies;

  const Frame* find_frame(const std::string& name) const;
  const Action* find_action(const std::string& name) const;
};

// Milliseconds to ticks: floor((ms * tick_rate + 500) / 1000), at least 1.
int ms_to_ticks(std::int64_t ms, int tick_rate);
// Whether ms is a whole number of ticks at tick_rate.
bool ms_is_exact(std::int64_t ms, int tick_rate);

const char* to_string(PlayMode mode);
const char* to_string(Flip flip);  // "", "x", "y", "xy"

}  // namespace spritec::def
