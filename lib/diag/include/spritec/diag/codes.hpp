// The catalogue of diagnostic codes. Codes are stable: a retired code is never reused.
// Grouped by phase:
//   E00xx  files and bytes (reading, encoding, writing)
//   E01xx  YAML structure and schema (syntax, keys, types, nesting)
//   E02xx  sheets and images (paths, PNG headers, rectangles, frame names)
//   E03xx  actions (steps, views, durations, modes, transitions)
//   E04xx  atlas and packing
//   E05xx  packs (.spk reading)
//   E06xx  scenes and the script
//   E09xx  internal
//   W0xxx  warnings, same grouping
// Every code has a section in docs/errors.md and a failing case under
// tests/data/errors/<code>-<slug>/; tests/unit/diag checks the three agree.
//
// To add a code: one X(...) line in SPRITEC_DIAG_CODES (identifier, "code", summary).
// Retired (listed under "Retired codes" in docs/errors.md; never to be reused):
//   E0608  an unknown input in a scene, now the warning W0602
#pragma once

#include <string_view>

// clang-format off
#define SPRITEC_DIAG_CODES(X)                                                              \
  X(kFileUnreadable,        "E0001", "a file cannot be opened or read")                     \
  X(kFileTooLarge,          "E0002", "a file is larger than the size cap")                  \
  X(kInvalidUtf8,           "E0003", "a text file holds bytes that are not UTF-8")          \
  X(kEmptyFile,             "E0004", "a definition or scene file is empty")                 \
  X(kWriteFailed,           "E0005", "an output cannot be written")                         \
  X(kOutputClash,           "E0006", "an output would replace an input or another output")   \
  X(kOutputNotFile,         "E0007", "an output exists and is not a regular file")          \
  X(kDepfileName,           "E0008", "a depfile cannot name a file Make or Ninja would misread") \
  X(kYamlSyntax,            "E0101", "the YAML does not parse")                             \
  X(kTab,                   "E0102", "a tab character is used for indentation")             \
  X(kDuplicateKey,          "E0103", "a mapping has the same key twice")                    \
  X(kUnknownKey,            "E0104", "a mapping has a key the format does not know")        \
  X(kWrongType,             "E0105", "a value has the wrong type")                          \
  X(kTooDeep,               "E0106", "the YAML nests deeper than the cap")                  \
  X(kAliasExpansion,        "E0107", "aliases expand to more nodes than the cap")           \
  X(kMissingKey,            "E0108", "a required key is missing")                           \
  X(kSchema,                "E0109", "a value breaks a rule of the schema")                 \
  X(kPathOutsideRoot,       "E0201", "a path is absolute or leaves the project root")       \
  X(kImageUnreadable,       "E0202", "an image is missing, unreadable, corrupt or not PNG") \
  X(kRectOutsideImage,      "E0203", "a frame rectangle lies outside its image")            \
  X(kImageTooLarge,         "E0204", "an image is larger than the size cap")                \
  X(kGlobNoMatch,           "E0205", "a files: pattern matches nothing")                    \
  X(kZeroSizeRect,          "E0206", "a rectangle or grid cell has zero size")              \
  X(kGridEmpty,             "E0207", "a grid or detect: yields no frame")                   \
  X(kDuplicateFrame,        "E0208", "two frames have the same name")                       \
  X(kBadColour,             "E0209", "a colour is not #rrggbb")                              \
  X(kDuplicateSheet,        "E0210", "two sheets have the same name")                       \
  X(kSheetSource,           "E0211", "a sheet does not say where its frames come from")     \
  X(kTooManyFrames,         "E0212", "a definition has more frames than the cap")           \
  X(kAsepriteInvalid,       "E0213", "an Aseprite file or its JSON is damaged or unsupported") \
  X(kUnknownLayer,          "E0214", "layers: names a layer the Aseprite file does not have") \
  X(kSliceOrigin,           "E0215", "origin: {slice} gives no origin in range for a frame") \
  X(kTexturePackerInvalid,  "E0216", "a TexturePacker JSON is damaged or unsupported")      \
  X(kFlareInvalid,          "E0217", "a Flare animation file is malformed or says what spritec cannot carry") \
  X(kFlareActionClash,      "E0218", "a Flare animation makes an action another sheet makes too") \
  X(kTagModes,              "E0220", "an action's tag views play in different directions")  \
  X(kOriginWord,            "E0221", "an origin's word belongs to the other axis")          \
  X(kTooManyTagSteps,       "E0230", "Aseprite tags make more steps than the cap")          \
  X(kBadShape,              "E0240", "a box or point is not [x, y, w, h] or [x, y]")        \
  X(kShapeSize,             "E0241", "a box's width or height is not positive")            \
  X(kShapeName,             "E0242", "a box's or point's name is empty, too long or has a control character") \
  X(kShapeFrame,            "E0243", "geometry: names a frame its sheet does not have")    \
  X(kTooManyShapes,         "E0244", "a frame, step or definition has more boxes and points than the cap") \
  X(kSliceBoxes,            "E0245", "slices: names a slice the Aseprite file does not have, or one no box can hold") \
  X(kLayersDeclaration,     "E0250", "layers: or slot: is malformed: a slot repeated, reserved or unknown to the order") \
  X(kLayerViews,            "E0251", "an action of a layered master has not one view per layers.order list") \
  X(kPieceAction,           "E0252", "an equipment piece has an action its master lacks")  \
  X(kPieceViews,            "E0253", "an equipment piece's action has other views than the master's") \
  X(kPieceSteps,            "E0254", "an equipment piece's action has other step counts than the master's") \
  X(kPieceSlot,             "E0255", "a piece cannot fill that slot: not a piece, not the master's slot, or no layered master") \
  X(kUnknownFrame,          "E0301", "a step refers to a frame that does not exist")        \
  X(kViewCount,             "E0302", "the number of frame lists differs from views")        \
  X(kStepCount,             "E0303", "views have different numbers of steps")               \
  X(kViewTicks,             "E0304", "a step's duration differs between views")             \
  X(kViewEvent,             "E0305", "a step's event differs between views")                \
  X(kLoopFrom,              "E0306", "loop_from is outside the step list")                  \
  X(kUnknownThen,           "E0307", "then: names an action that does not exist")          \
  X(kUnknownTransition,     "E0308", "a transition goes to an action that does not exist")  \
  X(kBadDuration,           "E0309", "a duration is not a positive whole number of ticks")  \
  X(kDurationTwice,         "E0310", "a duration is given both as ticks and as ms")         \
  X(kNoSteps,               "E0311", "an action has no steps")                              \
  X(kUnknownEntry,          "E0312", "an entry action (--entry) does not exist")            \
  X(kTooManyInputs,         "E0313", "the transitions use more than 64 distinct inputs")    \
  X(kBadMirror,             "E0314", "a {mirror: V} view names no view written as steps")   \
  X(kUnknownTag,            "E0315", "a {tag: } view names no tag, or tags collide")        \
  X(kFrameTooLarge,         "E0401", "a frame is larger than the atlas max_size")           \
  X(kPagesTooLarge,         "E0403", "the pages would be more or larger than the cap")      \
  X(kPreviewTooLarge,       "E0404", "a preview or strip would be larger than the cap")     \
  X(kVariantScale,          "E0410", "a variant's scale is not a decimal within 1/16..16")  \
  X(kVariantSuffix,         "E0411", "a variant's suffix is empty, repeated or no file name part") \
  X(kTooManyVariants,       "E0412", "a definition has more variants than the cap")         \
  X(kPackInvalid,           "E0501", "a pack is damaged or not a pack")                     \
  X(kPackVersion,           "E0502", "a pack has a newer major format version")             \
  X(kSceneUnknownActor,     "E0601", "a script item names an actor that does not exist")    \
  X(kSceneUnknownAction,    "E0602", "an action is not in the actor's pack")                \
  X(kSceneUnknownPack,      "E0603", "an actor names a pack the scene does not list")       \
  X(kSceneBadDuration,      "E0604", "a duration is not a duration")                        \
  X(kSceneTickRate,         "E0605", "the scene's packs have different tick rates")         \
  X(kSceneDuplicateActor,   "E0606", "two actors have the same name")                       \
  X(kSceneBadItem,          "E0607", "a script item says nothing to do or mixes its keys")  \
  X(kSceneBadNumber,        "E0609", "a number in a scene is not finite or out of range")   \
  X(kScenePositionRange,    "E0610", "an actor's position leaves the range a scene allows") \
  X(kSceneTooBusy,          "E0611", "an actor passes too many steps or events in one tick") \
  X(kExportSheetTooLarge,   "E0701", "an export's single sheet image would pass the cap")   \
  X(kExportName,            "E0702", "a frame name the export format cannot hold")         \
  X(kExportTooManyFrames,   "E0703", "an export's animations would pass the cap on frames") \
  X(kExportNameClash,       "E0704", "two animations of an export would have one name")    \
  X(kInternal,              "E0901", "an internal error")                                   \
  X(kInexactDuration,       "W0301", "a duration in ms is not a whole number of ticks")     \
  X(kShadowedTransition,    "W0302", "a transition can never fire: an earlier rule wins")   \
  X(kUnreachableAction,     "W0303", "no rule or then: reaches an action from the entries") \
  X(kAnimationNameClash,    "W0304", "an action is named as another action's view is exported") \
  X(kShapeOutside,          "W0240", "a box lies wholly outside its frame")                \
  X(kPieceTiming,           "W0250", "an equipment piece's durations or events differ from the master's (ignored)") \
  X(kSceneNeverEnds,        "W0601", "a scene's script did not end within the tick cap")   \
  X(kSceneUnknownInput,     "W0602", "a scene presses an input no rule of the pack reads") \
  X(kShapeVanishes,         "W0410", "a variant's scale leaves a box empty: its pack leaves it out") \
  X(kContactUnknownBox,     "W0603", "a scene's contact names a box no pack of the scene has") \
  X(kGifSoftAlpha,          "W0405", "a transparent GIF cannot show translucent pixels")  \
  X(kExportEvents,          "W0701", "an export format cannot carry the pack's events")    \
  X(kExportTransitions,     "W0702", "an export format cannot carry transitions")          \
  X(kExportMotion,          "W0703", "an export format cannot carry root motion")          \
  X(kExportThen,            "W0704", "an export format cannot carry then: destroy or an action") \
  X(kExportLoop,            "W0705", "an export loops more than the action does")          \
  X(kExportDurations,       "W0706", "an export format cannot carry the exact durations")  \
  X(kExportActions,         "W0707", "an atlas format carries frames but no animations")   \
  X(kExportOrigins,         "W0708", "an export format cannot carry the frames' origins")  \
  X(kExportGeometry,        "W0709", "an export format cannot carry boxes and points")     \
  X(kExportLayers,          "W0710", "an export format cannot carry a layered master's draw order") \
  X(kTagActionReplaced,     "N0301", "an action written in the definition replaces a tag's or a Flare animation's")
// clang-format on

namespace spritec::diag {

enum class Code {
#define SPRITEC_X(id, str, summary) id,
  SPRITEC_DIAG_CODES(SPRITEC_X)
#undef SPRITEC_X
};

struct CodeInfo {
  Code code;
  std::string_view id;       // "E0203"
  std::string_view summary;  // one line, for docs/errors.md and --help
};

// The whole catalogue, in declaration order.
const CodeInfo* catalogue_begin();
const CodeInfo* catalogue_end();
// The entry for a code (always found).
const CodeInfo& info(Code code);

}  // namespace spritec::diag
