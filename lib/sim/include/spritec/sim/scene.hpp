// spritec::sim — scenes (*.scene.yaml): the model and its reader.
//
// A scene is read with def's checked YAML reader and validated against
// schemas/scene.schema.json (embedded at build time): unknown keys, wrong types and
// schema rules are reported at their node exactly as for definitions. Before the schema,
// every number of the file is checked to be one a scene can hold (E0609 at the number:
// `.nan`, `.inf`, floats beyond the double range, integers beyond 64 bits). The reader
// then checks what the schema cannot say: positions and moves within ±kMaxPosition
// (E0609), durations (E0604), speeds with more than three fractional digits (E0109),
// duplicate actor names (E0606), items naming actors that neither exist nor are spawned
// (E0601) or packs that `packs:` does not list (E0603), and script items that do not say
// what to do or mix keys that do not go together (E0607). Checks that need the packs
// (unknown action E0602, unknown input W0602, tick rates E0605) happen when a Simulation
// is created (simulation.hpp).
//
// Every name keeps the Span of its node so later checks point at the right place.
// Failure: diagnostics go to the Sink and the functions return an empty optional when an
// error was reported. Nothing is thrown across this API; nothing is printed.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spritec/diag/diagnostic.hpp"

namespace spritec::sim {

// A duration as written: `500ms`, `1.5s` or a plain number of ticks (`12`, `2.5`), kept
// exact in thousandths of its unit (seconds are stored as milliseconds).
struct Duration {
  enum class Unit { kTicks, kMilliseconds };
  Unit unit = Unit::kTicks;
  std::int64_t thousandths = 0;  // value × 1000, >= 0
};

// The longest duration accepted: 10^12 ticks or ms (about 31 years in ms).
inline constexpr std::int64_t kMaxDurationThousandths = 1000000000000000;

// Parses a duration's text. Accepts a non-negative decimal with at most 3 fractional
// digits (6 for seconds), followed by `ms`, `s` or nothing (ticks), up to
// kMaxDurationThousandths. Empty on anything else.
[[nodiscard]] std::optional<Duration> parse_duration(std::string_view text);

// The script clock counts units of 1/(1000·tick_rate) s (DESIGN.md, "Timing, exactly"):
// a millisecond is tick_rate units and a tick (at scene speed 1) is 1000 units. A
// fractional millisecond that is not a whole number of units is rounded up.
std::int64_t to_clock_units(const Duration& d, std::uint32_t tick_rate);

// A decimal such as a speed, with at most 3 fractional digits, in thousandths. Empty when
// it has more digits, is negative or does not fit. `1` → 1000, `0.25` → 250.
[[nodiscard]] std::optional<std::int64_t> parse_thousandths(std::string_view text);

// The farthest a position may be from 0 on either axis, in px: every `at`, `move_to` and
// `move_by` number of a scene (E0609 beyond it), and every actor's position on every tick
// (E0610, simulation.hpp). Far beyond any stage, and small enough that sub-pixel
// positions keep their precision (doubles are exact to 2^-23 px here) and every trace
// number prints as a plain JSON number.
inline constexpr double kMaxPosition = 1e9;

// A place on the stage in px, fractional (an actor moves by sub-pixel steps), or an offset
// between two (`move_by`): not geom::Point, which counts whole pixels of an image.
struct Position {
  double x = 0;
  double y = 0;
};

// One entry of `packs:`.
struct PackRef {
  std::string name;      // the key
  std::string path;      // as written, relative to the scene's directory
  diag::Span name_span;  // the key
  diag::Span path_span;  // the value
};

// A slot of a layered actor and the pack (a key of `packs:`, an equipment piece) it shows:
// an entry of an actor's `layers:` or of an item's `equip:`.
struct SlotPack {
  std::string slot;
  std::string pack;
  diag::Span slot_span, pack_span;
};

// An actor: one of `actors:` or the body of a `spawn:` item.
struct ActorSpec {
  std::string name;
  std::string pack;
  std::string action;
  Position at;
  std::int64_t angle = 0;
  std::int64_t speed = 1000;     // thousandths
  std::vector<SlotPack> layers;  // a layered actor's equipment at the start, in file order
  diag::Span span;               // the mapping
  diag::Span name_span, pack_span, action_span;
};

enum class ItemKind {
  kWait,     // wait: D
  kActor,    // {actor, action?, restart?, until?, angle?, press?, release?, speed?, unequip?,
             //  equip?, move_*?}
  kSpawn,    // spawn: {...}
  kDespawn,  // despawn: NAME
};

enum class MoveKind { kNone, kTo, kBy };

struct Input {
  std::string name;
  diag::Span span;
};

struct Item {
  ItemKind kind = ItemKind::kWait;
  diag::Span span;  // the item's mapping
  bool background = false;

  Duration wait;  // kWait

  // kActor (and kDespawn: `actor` is the despawned actor)
  std::string actor;
  diag::Span actor_span;
  std::optional<std::string> action;
  diag::Span action_span;
  bool restart = false;
  bool until_finished = false;
  std::optional<std::int64_t> angle;
  std::vector<Input> press;
  std::vector<Input> release;
  std::optional<std::int64_t> speed;  // thousandths
  std::vector<Input> unequip;         // slots emptied (names in Input's shape)
  std::vector<SlotPack> equip;        // slots given a piece, after unequip
  MoveKind move = MoveKind::kNone;
  Position move_value;  // target (kTo) or offset (kBy)
  Duration over;        // zero when absent

  ActorSpec spawn;  // kSpawn
};

// One epoch: a single item, or the items of a `together:`.
struct ScriptStep {
  std::vector<Item> items;
  bool together = false;
  diag::Span span;
};

// A contact rule (`contacts:`, docs/scenes.md): on the tick an actor's box `box` starts to
// overlap another actor's box `against`, the first actor raises `event`.
struct ContactRule {
  std::string box;
  std::string against;
  std::string event;
  diag::Span span;          // the rule
  diag::Span box_span;      // its box: value
  diag::Span against_span;  // its against: value
};
inline constexpr std::size_t kMaxContactRules = 64;

struct Scene {
  std::string file;                 // as given to the reader (names the file in Spans)
  std::filesystem::path directory;  // pack paths are relative to it
  int stage_width = 128;
  int stage_height = 128;
  std::uint32_t background = 0;  // 0xRRGGBBAA; 0 = transparent
  int fps = 30;
  std::int64_t speed = 1000;          // thousandths; > 0
  std::vector<PackRef> packs;         // in file order
  std::vector<ActorSpec> actors;      // in file order
  std::vector<ScriptStep> script;     // in file order
  std::vector<ContactRule> contacts;  // in file order
};

// The text of schemas/scene.schema.json, embedded at build time.
std::string_view scene_schema();

// Parses scene text. `file` names the file in Spans; `directory` is where pack paths are
// relative to.
[[nodiscard]] std::optional<Scene> parse_scene(std::string_view text, std::string file,
                                               std::filesystem::path directory, diag::Sink& sink);

// Reads and parses a scene file (E0001/E0002 for unreadable or oversized files).
[[nodiscard]] std::optional<Scene> read_scene_file(const std::filesystem::path& path,
                                                   diag::Sink& sink);

}  // namespace spritec::sim
