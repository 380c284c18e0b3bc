// spritec::def — JSON Schema validation of a parsed YAML document.
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
// its value (`tick_rate:0`, reported as E0101, the YAML mistake it is). The same tree is
// then converted to JSON (scalars typed YAML-style: int, float, bool, null, string; quoted or
// tagged scalars stay strings) and checked by valijson as a cross-check; anything it rejects that
// the walk did not catch is reported as E0109 at the node valijson names.
//
// Supported keywords in the walk: $ref (local "#/..."), type, properties,
// additionalProperties (false or a schema), required, items (one schema), anyOf/oneOf
// (the branch whose type fits is followed), enum, minimum, maximum, minLength,
// minItems, maxItems. Failure: diagnostics in the sink and a false return; a schema that
// does not parse is E0901 (an internal error: schemas ship with the program).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "spritec/def/yaml_reader.hpp"
#include "spritec/diag/diagnostic.hpp"

namespace spritec::def {

// The text of schemas/sprites.schema.json, embedded at build time.
std::string_view sprites_schema();

// Validates `doc` against `schema_json`. Returns true when no error was reported. When
// `malformed` is given, every node an error makes unusable is appended to it (the value
// of a wrong type or out of range, a mapping missing a required key; not unknown keys,
// which a reader ignores), so a caller can go on reading the well-formed parts.
bool validate_schema(const Document& doc, std::string_view schema_json, diag::Sink& sink,
                     std::vector<const Node*>* malformed = nullptr);

// Levenshtein distance (bytes), used for "did you mean" suggestions.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate nearest to `word` within `max_distance` edits (ties: the earliest
// candidate), or an empty string.
std::string nearest(std::string_view word, const std::vector<std::string>& candidates,
                    std::size_t max_distance = 2);

}  // namespace spritec::def
