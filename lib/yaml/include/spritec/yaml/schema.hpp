// spritec::yaml — JSON Schema validation of a parsed YAML document (a definition's
// schema, def::sprites_schema, or a scene's, sim::scene_schema: the caller passes its text).
//
// The schema (draft 7) is the single source of truth for the shape of a file: which keys
// exist, which are required, their types and ranges. validate_schema() walks the schema
// and the tree together so each problem is reported at its exact node: an unknown key at
// the key itself (E0104, with "did you mean …?" when an allowed key is within edit
// distance 2), a missing required key at the mapping (E0108), a wrong type (E0105), any
// other rule — enum, minimum, item counts — (E0109). Messages name the value by its key
// and say what it must be ("tick_rate must be at least 1, got 0"); known mistakes get
// their own words: a value lost to a '#' comment (`colorkey: #ff00ff`), a unit after a
// number (`ms: 150ms`), a compass word for an angle (`angle: south`), and a key glued to
// its value (`tick_rate:0`, reported as E0101, the YAML mistake it is).
//
// Supported keywords in the walk: $ref (local "#/..."), type, properties,
// additionalProperties (false or a schema), required, items (one schema), anyOf/oneOf
// (the branch whose type fits is followed), enum, minimum, maximum, minLength,
// minItems, maxItems. When the schema uses only these, exactly as JSON Schema means them
// (not oneOf, whose "only one branch" the walk does not check, nor minLength above 1: the
// walk counts bytes) — as the shipped schemas do (walk_is_complete) — a document the walk
// accepts is one the schema accepts, and that is the verdict. Otherwise the tree is
// converted to JSON (scalars typed YAML-style: int, float, bool, null, string; quoted or
// tagged scalars stay strings) and checked by valijson as well; anything it rejects that
// the walk did not catch is reported as E0109 at the node valijson names. valijson is the
// walk's oracle in the tests: the schema tests and the YAML and scene fuzz targets run it
// on every document the walk accepts. Failure: diagnostics in the sink and a false return; a schema
// that does not parse is E0901 (an internal error: schemas ship with the program).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "spritec/diag/diagnostic.hpp"
#include "spritec/yaml/reader.hpp"

namespace spritec::yaml {

// Validates `doc` against `schema_json`. Returns true when no error was reported. When
// `malformed` is given, every node an error makes unusable is appended to it (the value
// of a wrong type or out of range, a mapping missing a required key; not unknown keys,
// which a reader ignores), so a caller can go on reading the well-formed parts.
bool validate_schema(const Document& doc, std::string_view schema_json, diag::Sink& sink,
                     std::vector<const Node*>* malformed = nullptr);

// Whether the walk alone decides for this schema (see above): true for the shipped
// schemas.
bool walk_is_complete(std::string_view schema_json);

// valijson's verdict alone on the document as JSON, reporting nothing (the tests' oracle
// for the walk).
bool valijson_accepts(const Document& doc, std::string_view schema_json);

}  // namespace spritec::yaml
