// The definition loader (private to def/): turns a parsed, schema-checked YAML document
// into a Definition, reporting every problem to the sink. One object per load; its parts
// live in three files by concern:
// - definition.cpp: the document as a whole (pack, tick_rate, atlas, names) and the entry
//   points;
// - sheets.cpp: sheets and their frames — the files on disk (paths under the root policy,
//   `files:` patterns listed by io, PNG headers read by image);
// - actions.cpp: actions, their steps, views, durations and transitions.
// Then checks.cpp runs the checks between actions (detail::check_actions).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "aseprite_json.hpp"
#include "checks_internal.hpp"
#include "spritec/def/definition.hpp"
#include "spritec/def/flare.hpp"
#include "spritec/diag/result.hpp"
#include "spritec/io/files.hpp"
#include "spritec/io/listing.hpp"
#include "spritec/yaml/reader.hpp"

namespace spritec::aseprite {
struct File;
}

namespace spritec::def {

// The loader reads yaml's tree throughout: its names, unqualified in def's sources.
using yaml::describe_type;
using yaml::Document;
using yaml::MapEntry;
using yaml::Node;
using yaml::NodeKind;
using yaml::ScalarType;

}  // namespace spritec::def

namespace spritec::def::detail {

// Why `name` cannot be a box's or a point's (E0242): empty, longer than kMaxShapeNameBytes,
// or holding a control character; nothing when it can.
std::optional<std::string> shape_name_fault(const std::string& name);

int to_int(const Node* n, int fallback);
Point to_point(const Node* n, Point fallback);
std::string size_text(int w, int h);

class Loader {
 public:
  // `malformed`: the nodes the schema check rejected; the parts holding them are skipped
  // and the checks that depend on them stay silent.
  Loader(const Document& doc, const std::filesystem::path& file, const LoadOptions& options,
         diag::Sink& sink, const std::vector<const Node*>& malformed);

  std::optional<Definition> run();

 private:
  // --- definition.cpp -----------------------------------------------------------------
  // Whether the node, or anything under it, was rejected by the schema check.
  bool tainted(const Node* n);
  // Whether the node itself was rejected (a wrong type, a missing required key…).
  bool malformed(const Node* n) const { return n && bad_.count(n) > 0; }
  void error(diag::Code code, const diag::Span& span, std::string message,
             std::vector<diag::Note> notes = {});
  void load_atlas(const Node& n);
  void load_variants(const Node& n);
  void check_duplicate_frames();
  void collect_names();

  // --- layers.cpp ---------------------------------------------------------------------
  // `layers:` (a master) and `slot:` (a piece), read and checked (E0250); the master's
  // views against its order lists (E0251) once its actions are read.
  void load_layers(const Node& root);
  void check_layer_views();
  void apply_split();

  // --- sheets.cpp ---------------------------------------------------------------------
  void load_sheet(const Node& n);
  // A key given in a sheet mapping: its name and value.
  struct GivenKey {
    const char* name;
    const Node* node;
  };
  bool load_sheet_source(Sheet& sheet, const Node& n);
  void given_both(const Sheet& sheet, const GivenKey& first, const GivenKey& second);
  bool keys_fit_source(const Sheet& sheet, const Node& n, const std::string& kind);
  bool load_listed_sheet(Sheet& sheet, const Node& n, const GivenKey& source,
                         const std::vector<GivenKey>& cutters);
  bool load_cut_image(Sheet& sheet, const Node& n, const GivenKey& source,
                      const std::vector<GivenKey>& cutters, bool detecting);
  bool load_image_sheet(Sheet& sheet, const Node& image, const Node* grid, const Node* frames,
                        const Node* detect);
  bool load_detected(Sheet& sheet, const Node& n, const Node& image, const std::string& image_text);
  bool load_grid(Sheet& sheet, const Node& grid, const std::string& image_text);
  bool load_files_sheet(Sheet& sheet, const Node& files);
  void prefetch_files_sheets(const Node& sheets);
  const io::Matches& listing(const std::filesystem::path& dir, const std::string& pattern);
  bool room_for(std::int64_t more, const Sheet& sheet, const Node& at);
  Point origin_of(const Node* n, Point fallback);
  void add_frame(const Sheet& sheet, std::string stem, const std::filesystem::path& image,
                 Size image_size, Rect rect, Point origin, diag::Span span);
  // The image a JSON sheet names (meta.image): relative to the JSON's folder, or absolute as
  // written (then refused by resolve, E0201). Reads its header into sheet.image_path and
  // image_size; returns the path as written from the definition, or nothing after an error.
  std::optional<std::string> load_json_image(Sheet& sheet, const Node& json,
                                             const std::string& image);
  std::optional<std::filesystem::path> resolve(const std::string& written, const Node& at);
  const std::vector<std::string>& folder_names(const std::filesystem::path& dir);
  std::string missing_image_message(const std::string& written,
                                    const std::filesystem::path& resolved);
  std::optional<PngInfo> read_image(const std::filesystem::path& path, const std::string& shown,
                                    const Node& at);

  // --- shapes.cpp ---------------------------------------------------------------------
  std::optional<Shape> load_shape(ShapeKind kind, const MapEntry& e, const std::string& owner);
  std::vector<Shape> load_shapes(const Node& n, const std::string& owner);
  void load_sheet_shapes(const Sheet& sheet, const Node& n);
  void warn_outside(const Frame& f, const std::vector<Shape>& shapes);
  void check_step_shapes();
  std::set<std::pair<int, int>> warned_outside_;  // W0240 once per box as written

  // --- aseprite_sheets.cpp ------------------------------------------------------------
  std::optional<std::pair<std::filesystem::path, std::vector<std::uint8_t>>> read_aseprite_source(
      Sheet& sheet, SheetKind kind, const Node& at, std::uint64_t cap);
  bool load_aseprite_json_sheet(Sheet& sheet, const Node& n, const Node& json);
  bool load_aseprite_sheet(Sheet& sheet, const Node& n, const Node& file);
  bool split_layers(Sheet& sheet, const aseprite::File& file, const Node& at);
  bool add_source_frames(Sheet& sheet, const Node& n, const SourceData& data, const Node& at);
  void unknown_slice(diag::Code code, const Sheet& sheet, const std::string& name,
                     const SourceData& data, const Node& written, const Node& at);
  bool slice_origins(const Sheet& sheet, const Node& origin, const SourceData& data, const Node& at,
                     std::vector<Point>& origins);
  struct ChosenSlice {
    const SourceSlice* slice = nullptr;
    diag::Span span;  // where slices: asks for it (its name, or slices: true)
  };
  bool choose_slices(const Sheet& sheet, const Node& slices, const SourceData& data, const Node& at,
                     std::vector<ChosenSlice>& chosen);
  bool slice_key_fits(const SourceSlice& slice, const KeySpan& span, const diag::Span& at);
  bool add_slice_shapes(const Sheet& sheet, const Node& n, const SourceData& data, const Node& at);
  std::vector<Step> tag_steps(const Sheet& sheet, const std::vector<int>& order,
                              const std::string& tag, const diag::Span& span);
  bool room_for_tag_steps(std::int64_t more, const std::string& tag, const std::string& sheet,
                          const diag::Span& span);
  void add_tag_actions();
  bool load_tag_view(const Node& item, std::vector<Step>& steps);
  void take_tag_mode(Action& a);

  // --- texturepacker_sheets.cpp ------------------------------------------------------
  bool load_texturepacker_json_sheet(Sheet& sheet, const Node& json);

  // --- flare_sheets.cpp --------------------------------------------------------------
  bool load_flare_sheet(Sheet& sheet, const Node& n, const Node& file_node);
  diag::Span flare_span(const std::string& shown, const flare::Position& at) const;
  std::optional<std::filesystem::path> find_flare_image(const std::filesystem::path& txt,
                                                        const flare::File& file,
                                                        const std::string& shown,
                                                        const diag::Note& from);
  bool add_flare_animation(const Sheet& sheet, const Node& file_node, const flare::Animation& a,
                           const std::string& shown, int first_view);
  // After the written actions (the first `written` of def_.actions) and the tags'.
  void add_flare_actions(std::size_t written);
  struct FlareAction {
    Action action;
    std::string sheet;
  };
  std::vector<FlareAction> flare_actions_;  // made by flare: sheets, added last

  // --- actions.cpp --------------------------------------------------------------------
  // What could be read of a step, for the checks between views.
  struct StepKnown {
    bool duration = true;
    bool event = true;
  };
  std::optional<int> duration(const Node& n, diag::Span* where, bool* known);
  Step load_step(const Node& n, int default_ticks, bool default_known, StepKnown& known);
  void load_action(const MapEntry& entry);
  void load_transitions(Action& a, const Node& rules, std::size_t index);
  bool load_steps(Action& a, const Node& n, int default_ticks, bool default_known,
                  bool views_known);
  void load_readable_steps(Action& a, const Node& frames, int default_ticks, bool default_known);
  std::optional<std::vector<const Node*>> view_nodes(const Action& a, const Node& frames,
                                                     bool views_known);
  bool load_view_steps(Action& a, const std::vector<const Node*>& views, int default_ticks,
                       bool default_known, std::vector<std::vector<StepKnown>>& known);
  bool step_counts_match(const Action& a, const std::vector<const Node*>& views);
  static bool is_view(const Node& item);
  bool load_mirrors(Action& a, const std::vector<const Node*>& views,
                    std::vector<std::vector<StepKnown>>& known);
  void check_views(const Action& a, const std::vector<const Node*>& views,
                   const std::vector<std::vector<StepKnown>>& known);

  const Document& doc_;
  const LoadOptions& options_;
  diag::Sink& sink_;
  Definition def_;
  std::filesystem::path base_dir_;
  std::filesystem::path root_;
  std::set<std::size_t> duplicate_sheets_;
  std::unordered_map<std::string, std::size_t> sheet_index_;  // name -> first sheet
  std::unordered_set<const Node*> bad_;                       // rejected by the schema
  std::unordered_map<const Node*, bool> tainted_;
  std::unordered_map<std::string, std::vector<std::string>> listed_;  // folder -> names
  std::unordered_map<std::string, diag::Result<std::filesystem::path>>
      resolved_;                                     // written -> resolved, or why not
  std::unordered_map<std::string, PngInfo> images_;  // resolved path -> header, read once
  // What prefetch_files_sheets read ahead, on several threads: each files: listing ("dir",
  // NUL, pattern) and the head of each plain file it matched (resolved path).
  std::unordered_map<std::string, io::Matches> listings_;
  std::unordered_map<std::string, diag::Result<io::FileHead, io::ReadFailure>> heads_;
  // Tag frames whose milliseconds are not whole ticks, by duration: W0301 once per
  // duration (one cause), with how many frames and tags have it (inexact_warnings()).
  struct Inexact {
    diag::Span span;  // where the first such frame was used
    std::string tag;  // its tag
    int frame = 0;    // and frame
    int ticks = 0;    // what it was rounded to
    std::set<std::pair<const Sheet*, int>> frames;
    std::set<std::string> tags;
  };
  std::map<int, Inexact> inexact_;  // by milliseconds
  void inexact_warnings();
  // Tags read as views: of the action being loaded (its mode may come from them), and of
  // every action (by sheet index and name: tags: true makes no action of them).
  struct ViewTag {
    const SourceTag* tag;
    diag::Span span;
  };
  std::vector<ViewTag> action_tags_;
  std::set<std::pair<std::size_t, std::string>> view_tags_;
  std::int64_t tag_steps_made_ = 0;  // against kMaxTagSteps
  bool rate_known_ = true;
  Unknowns unknowns_;
};

}  // namespace spritec::def::detail
