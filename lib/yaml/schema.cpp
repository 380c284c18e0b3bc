#include "spritec/yaml/schema.hpp"

#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <unordered_map>
#include <utility>

#include "spritec/diag/suggest.hpp"

namespace spritec::yaml {
namespace {

using diag::Code;
using nlohmann::json;

// The JSON value a scalar stands for, YAML-style.
json scalar_json(const Node& n) {
  switch (n.scalar_type()) {
    case ScalarType::kNull:
      return nullptr;
    case ScalarType::kBool:
      return n.as_bool().value_or(false);
    case ScalarType::kInt:
      return n.as_int().value_or(0);
    case ScalarType::kFloat: {
      const double v = n.as_number().value_or(0.0);
      // JSON has no inf/nan; a string keeps the type checks meaningful.
      if (std::isfinite(v)) return v;
      return n.value;
    }
    case ScalarType::kString:
      return n.value;
  }
  return n.value;
}

// The tree as JSON.
json to_json(const Node& n) {
  switch (n.kind) {
    case NodeKind::kNull:
    case NodeKind::kScalar:
      return scalar_json(n);
    case NodeKind::kSequence: {
      json a = json::array();
      a.get_ref<json::array_t&>().reserve(n.items.size());
      for (const Node* item : n.items)
        a.push_back(to_json(*item));
      return a;
    }
    case NodeKind::kMapping: {
      json o = json::object();
      for (const MapEntry& e : n.entries)
        o[e.key] = to_json(*e.value);
      return o;
    }
  }
  return nullptr;
}

// Each node by valijson's context path ("<root>[sheets][0]"): made only to place the
// errors of a document valijson refused.
void index_paths(const Node& n, const std::string& path,
                 std::map<std::string, const Node*>& where) {
  where.emplace(path, &n);
  if (n.is_sequence()) {
    for (std::size_t i = 0; i < n.items.size(); ++i)
      index_paths(*n.items[i], path + "[" + std::to_string(i) + "]", where);
  } else if (n.is_mapping()) {
    for (const MapEntry& e : n.entries)
      index_paths(*e.value, path + "[" + e.key + "]", where);
  }
}

std::string type_name(const std::string& type) {
  if (type == "object") return "a mapping";
  if (type == "array") return "a list";
  if (type == "null") return "null";
  if (type == "boolean") return "a boolean";
  if (type == "integer") return "an integer";
  if (type == "number") return "a number";
  if (type == "string") return "a string";
  return type;
}

// What a value is, for messages: its type, and a scalar's text ("a string ('fast')").
std::string found(const Node& n) {
  std::string type = describe_type(n);
  if (n.is_scalar() && n.scalar_type() == ScalarType::kFloat &&
      !std::isfinite(n.as_number().value_or(0.0)))
    type = "a number that is not finite";
  if (n.is_scalar() && !n.value.empty() && n.value.size() <= 40 &&
      n.value.find('\n') == std::string::npos) {
    type += " ('" + n.value + "')";
  }
  return type;
}

bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// `key:value` written without the space after ':' (`tick_rate:0`, `name:s`): YAML reads one
// word. Returns the position of the ':' or npos.
std::size_t glued_colon(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && is_word_char(s[i]))
    ++i;
  if (i == 0 || i + 1 >= s.size() || s[i] != ':' || s[i + 1] == ' ' || s[i + 1] == ':' ||
      s[i + 1] == '/') {
    return std::string_view::npos;
  }
  return i;
}

std::string glued_message(const std::string& word) {
  const std::size_t colon = glued_colon(word);
  return "missing space after ':': YAML reads '" + word +
         "' as one word, not a key and its value; write '" + word.substr(0, colon + 1) + " " +
         word.substr(colon + 1) + "'";
}

// Angles are degrees clockwise from east (screen y points down): the compass words people
// write instead.
std::optional<int> compass_degrees(std::string word) {
  for (char& c : word)
    c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  static const std::pair<const char*, int> kWords[] = {
      {"east", 0},         {"e", 0},           {"right", 0},
      {"south-east", 45},  {"southeast", 45},  {"se", 45},
      {"south", 90},       {"s", 90},          {"down", 90},
      {"south-west", 135}, {"southwest", 135}, {"sw", 135},
      {"west", 180},       {"w", 180},         {"left", 180},
      {"north-west", 225}, {"northwest", 225}, {"nw", 225},
      {"north", 270},      {"n", 270},         {"up", 270},
      {"north-east", 315}, {"northeast", 315}, {"ne", 315}};
  for (const auto& [w, deg] : kWords) {
    if (word == w) return deg;
  }
  return std::nullopt;
}

// A number followed by a unit ("150ms", "150 ms", "2s", "8 ticks"): the number and the unit.
std::optional<std::pair<std::string, std::string>> number_with_unit(const std::string& s) {
  std::size_t i = 0;
  while (i < s.size() && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.'))
    ++i;
  if (i == 0) return std::nullopt;
  std::size_t j = i;
  while (j < s.size() && s[j] == ' ')
    ++j;
  std::string unit = s.substr(j);
  if (unit.empty()) return std::nullopt;
  for (char c : unit) {
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) return std::nullopt;
  }
  return std::make_pair(s.substr(0, i), unit);
}

// What to say instead of "must be an integer, got a string" when the mistake is a known
// one; empty otherwise.
std::string type_hint(const std::string& key, const Node& n, const std::vector<std::string>& want) {
  const bool wants_number = std::find_if(want.begin(), want.end(), [](const std::string& w) {
                              return w == "an integer" || w == "a number";
                            }) != want.end();
  if (!wants_number || !n.is_scalar() || n.scalar_type() != ScalarType::kString) return "";
  if (key == "angle" || key == "first_view") {
    std::string message = key +
                          " is in degrees, clockwise from east (0 is east, 90 south, 180 west, "
                          "270 north)";
    if (auto deg = compass_degrees(n.value)) {
      message += ": write " + key + ": " + std::to_string(*deg);
    }
    return message + ", got " + found(n);
  }
  if (auto nu = number_with_unit(n.value)) {
    const auto& [number, unit] = *nu;
    if (key == "ms") {
      std::string ms = number;
      if ((unit == "s" || unit == "sec") && number.find('.') == std::string::npos) {
        ms = number + "000";
      }
      return "ms is a plain number of milliseconds, without a unit: write ms: " +
             (unit == "ms" || unit == "s" || unit == "sec" ? ms : number) + ", got " + found(n);
    }
    if (key == "ticks") {
      return "ticks is a plain number of ticks, without a unit: write ticks: " + number +
             (unit == "ms" ? " (or ms: " + number + " for milliseconds)" : std::string()) +
             ", got " + found(n);
    }
    return key + " is a plain number, without a unit: write " + key + ": " + number + ", got " +
           found(n);
  }
  return "";
}

std::string join_or(const std::vector<std::string>& words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) out += i + 1 == words.size() ? " or " : ", ";
    out += words[i];
  }
  return out;
}

// A value's name in messages, spelled only when a message is written: a key (`tick_rate`),
// a quoted key for names the file chooses (`'walk'`), an item (`origin[1]`), or "the top
// level".
struct Name {
  enum Kind { kText, kQuoted, kItem };
  Kind kind = kText;
  const std::string* text = nullptr;  // kText, kQuoted
  const Name* list = nullptr;         // kItem: the list's name
  std::size_t index = 0;              // kItem

  std::string str() const {
    switch (kind) {
      case kText:
        return *text;
      case kQuoted:
        return "'" + *text + "'";
      case kItem:
        return list->str() + "[" + std::to_string(index) + "]";
    }
    return *text;
  }
};

// JSON Schema types as bits, so a node's type is checked without comparing strings.
enum TypeBit : unsigned {
  kObjectBit = 1,
  kArrayBit = 2,
  kNullBit = 4,
  kBooleanBit = 8,
  kIntegerBit = 16,
  kNumberBit = 32,
  kStringBit = 64,
};

unsigned type_bit(const json& t) {
  if (!t.is_string()) return 0;
  const std::string& s = t.get_ref<const std::string&>();
  if (s == "object") return kObjectBit;
  if (s == "array") return kArrayBit;
  if (s == "null") return kNullBit;
  if (s == "boolean") return kBooleanBit;
  if (s == "integer") return kIntegerBit;
  if (s == "number") return kNumberBit;
  if (s == "string") return kStringBit;
  return 0;
}

// The types a node fits (type_fits, for every type at once).
unsigned node_types(const Node& n) {
  if (n.is_mapping()) return kObjectBit;
  if (n.is_sequence()) return kArrayBit;
  switch (n.scalar_type()) {
    case ScalarType::kNull:
      return kNullBit;
    case ScalarType::kBool:
      return kBooleanBit;
    case ScalarType::kInt:
      return kIntegerBit | kNumberBit;
    case ScalarType::kFloat:
      // JSON numbers are finite: .inf and .nan are not numbers to the schema.
      return std::isfinite(n.as_number().value_or(0.0)) ? kNumberBit : 0u;
    case ScalarType::kString:
      return kStringBit;
  }
  return 0;
}

// What the walk reads of one schema object, looked up once ($ref followed): each keyword's
// value, or nullptr.
struct Keywords {
  const json* schema = nullptr;  // the object after $ref, or the value itself if no object
  const json* any_of = nullptr;  // arrays only
  const json* one_of = nullptr;
  const json* type = nullptr;
  unsigned types = 0;                // `type` as bits
  const json* properties = nullptr;  // objects only
  const json* additional = nullptr;
  const json* required = nullptr;  // arrays only
  const json* items = nullptr;     // objects only
  const json* min_items = nullptr;
  const json* max_items = nullptr;
  const json* enum_values = nullptr;  // arrays only
  const json* minimum = nullptr;      // numbers only
  const json* maximum = nullptr;
  const json* min_length = nullptr;  // integers only
};

class Walker {
 public:
  Walker(const Document& doc, const json& root, diag::Sink& sink,
         std::vector<const Node*>* malformed)
      : doc_(doc), root_(root), sink_(sink), malformed_(malformed) {}

  bool ok() const { return ok_; }

  // `name` says which value this is in messages (see Name). `key` is the mapping key the
  // value belongs to (for hints), empty for items.
  void check(const Node& n, const json& schema_in, const Name& name, const std::string& key) {
    const Keywords& k = keywords(schema_in);
    if (!k.schema->is_object()) return;
    for (const json* branches : {k.any_of, k.one_of}) {
      if (branches == nullptr) continue;
      // The first branch the node fits with every required key present ({mirror: 1} is
      // a mirrored view, not a step missing frame:), else the first its type fits.
      for (const bool strict : {true, false}) {
        for (const json& branch : *branches) {
          if (fits(n, branch, strict)) {
            check(n, branch, name, key);
            goto after_branches;
          }
        }
      }
      {
        std::vector<std::string> names;
        for (const json& branch : *branches)
          collect_types(branch, names);
        wrong_type(n, names, name, key);
      }
      return;
    after_branches:;
    }
    if (k.type != nullptr && (k.types & node_types(n)) == 0) {
      std::vector<std::string> names;
      collect_types(*k.schema, names);
      wrong_type(n, names, name, key);
      return;
    }
    if (n.is_mapping() || n.is_sequence()) {
      // An enum of scalars (all the schemas have) is never matched by a collection.
      if (k.enum_values != nullptr && !in_enum(to_json(n), *k.enum_values)) {
        error(Code::kSchema, doc_.span(n),
              name.str() + " must be " + enum_words(*k.enum_values) + ", got " + found(n), &n);
        return;
      }
      if (n.is_mapping()) {
        check_object(n, k);
      } else {
        check_array(n, k, name);
      }
    } else {
      check_scalar(n, k, name);
    }
  }

 private:
  void wrong_type(const Node& n, const std::vector<std::string>& want, const Name& name_ref,
                  const std::string& key) {
    const std::string name = name_ref.str();
    if (n.is_null() && !n.comment.empty()) {
      // `colorkey: #ff00ff`: the value became a comment.
      std::string word = n.comment;
      if (const std::size_t space = word.find_first_of(" \t"); space != std::string::npos) {
        word.resize(space);
      }
      const std::string shown = key.empty() ? name : key;
      error(Code::kWrongType, doc_.span(n),
            shown + " has no value: '#' starts a comment in YAML, so " + word +
                " was read as a comment; quote it: " + shown + ": \"" + word + "\"",
            &n);
      return;
    }
    const bool wants_mapping = std::find(want.begin(), want.end(), "a mapping") != want.end();
    if (wants_mapping && n.is_scalar() && n.plain && glued_colon(n.value) != std::string::npos) {
      // `- name:s`: a key and its value glued into one word.
      error(Code::kYamlSyntax, doc_.span(n), glued_message(n.value), &n);
      return;
    }
    std::string hint = type_hint(key, n, want);
    if (hint.empty()) hint = name + " must be " + join_or(want) + ", got " + found(n);
    error(Code::kWrongType, doc_.span(n), hint, &n);
  }

  const json& resolve(const json& schema) {
    const json* s = &schema;
    for (int guard = 0; guard < 32 && s->is_object(); ++guard) {
      auto it = s->find("$ref");
      if (it == s->end() || !it->is_string()) break;
      const std::string& ref = it->get_ref<const std::string&>();
      if (ref.empty() || ref[0] != '#') break;
      const json::json_pointer ptr(ref.substr(1));
      if (!root_.contains(ptr)) break;
      s = &root_.at(ptr);
    }
    return *s;
  }

  // The keywords of a schema value, looked up the first time it is met.
  const Keywords& keywords(const json& schema_in) {
    auto [it, added] = keywords_.try_emplace(&schema_in);
    Keywords& k = it->second;
    if (!added) return k;
    const json& schema = resolve(schema_in);
    k.schema = &schema;
    if (!schema.is_object()) return k;
    auto get = [&](const char* key, bool (json::*is)() const noexcept) -> const json* {
      auto f = schema.find(key);
      return f != schema.end() && ((*f).*is)() ? &*f : nullptr;
    };
    k.any_of = get("anyOf", &json::is_array);
    k.one_of = get("oneOf", &json::is_array);
    if (auto f = schema.find("type"); f != schema.end()) {
      k.type = &*f;
      if (f->is_array()) {
        for (const json& t : *f)
          k.types |= type_bit(t);
      } else {
        k.types = type_bit(*f);
      }
    }
    k.properties = get("properties", &json::is_object);
    if (auto f = schema.find("additionalProperties"); f != schema.end()) k.additional = &*f;
    k.required = get("required", &json::is_array);
    k.items = get("items", &json::is_object);
    k.min_items = get("minItems", &json::is_number_integer);
    k.max_items = get("maxItems", &json::is_number_integer);
    k.enum_values = get("enum", &json::is_array);
    k.minimum = get("minimum", &json::is_number);
    k.maximum = get("maximum", &json::is_number);
    k.min_length = get("minLength", &json::is_number_integer);
    return k;
  }

  // Whether the node's type fits a schema (any branch of its anyOf/oneOf); with
  // `required`, also whether a mapping has every key the schema (or the branch it fits)
  // requires.
  bool fits(const Node& n, const json& schema_in, bool required = false) {
    const Keywords& k = keywords(schema_in);
    if (!k.schema->is_object()) return true;
    for (const json* branches : {k.any_of, k.one_of}) {
      if (branches == nullptr) continue;
      bool any = false;
      for (const json& b : *branches)
        any = any || fits(n, b, required);
      if (!any) return false;
    }
    if (k.type != nullptr && (k.types & node_types(n)) == 0) return false;
    if (!required || !n.is_mapping() || k.required == nullptr) return true;
    return std::all_of(k.required->begin(), k.required->end(), [&](const json& key) {
      return !key.is_string() || n.find(key.get_ref<const std::string&>()) != nullptr;
    });
  }

  void collect_types(const json& schema_in, std::vector<std::string>& names) {
    const json& schema = resolve(schema_in);
    if (!schema.is_object()) return;
    for (const char* key : {"anyOf", "oneOf"}) {
      auto it = schema.find(key);
      if (it != schema.end() && it->is_array()) {
        for (const json& b : *it)
          collect_types(b, names);
      }
    }
    auto add = [&](const json& t) {
      if (!t.is_string()) return;
      std::string name = type_name(t.get<std::string>());
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    };
    if (auto it = schema.find("type"); it != schema.end()) {
      if (it->is_array()) {
        for (const json& t : *it)
          add(t);
      } else {
        add(*it);
      }
    }
  }

  void check_object(const Node& n, const Keywords& k) {
    const json* props = k.properties;
    const json* additional = k.additional;
    for (const MapEntry& e : n.entries) {
      json::const_iterator p;
      if (props && (p = props->find(e.key)) != props->end()) {
        check(*e.value, *p, Name{Name::kText, &e.key}, e.key);
      } else if (additional && additional->is_object()) {
        check(*e.value, *additional, Name{Name::kQuoted, &e.key}, kNoKey);
      } else if (additional && additional->is_boolean() && !additional->get<bool>()) {
        std::vector<std::string> allowed;
        if (props) {
          for (auto q = props->begin(); q != props->end(); ++q)
            allowed.push_back(q.key());
        }
        if (const std::size_t colon = glued_colon(e.key); colon != std::string::npos &&
                                                          e.value->is_null() && props &&
                                                          props->contains(e.key.substr(0, colon))) {
          // `tick_rate:0` reads as the key "tick_rate:0" with no value.
          error(Code::kYamlSyntax, doc_.key_span(e), glued_message(e.key));
          continue;
        }
        std::string message = "unknown key '" + e.key + "'";
        std::string near = diag::nearest(e.key, allowed);
        if (!near.empty()) {
          message += " (did you mean '" + near + "'?)";
        } else if (!allowed.empty()) {
          message += " (expected one of: ";
          for (std::size_t i = 0; i < allowed.size(); ++i) {
            message += (i ? ", " : "") + allowed[i];
          }
          message += ")";
        }
        error(Code::kUnknownKey, doc_.key_span(e), message);
      }
    }
    if (k.required != nullptr) {
      for (const json& r : *k.required) {
        if (r.is_string() && !n.find_entry(r.get_ref<const std::string&>())) {
          error(Code::kMissingKey, doc_.span(n),
                "missing required key '" + r.get<std::string>() + "'", &n);
        }
      }
    }
  }

  void check_array(const Node& n, const Keywords& k, const Name& name) {
    const auto count = static_cast<std::int64_t>(n.items.size());
    const json* min_items = k.min_items;
    const json* max_items = k.max_items;
    if ((min_items && count < min_items->get<std::int64_t>()) ||
        (max_items && count > max_items->get<std::int64_t>())) {
      std::string want;
      if (min_items && max_items && *min_items == *max_items) {
        want = "exactly " + std::to_string(min_items->get<std::int64_t>());
      } else if (min_items && count < min_items->get<std::int64_t>()) {
        want = "at least " + std::to_string(min_items->get<std::int64_t>());
      } else {
        want = "at most " + std::to_string(max_items->get<std::int64_t>());
      }
      error(Code::kSchema, doc_.span(n),
            name.str() + " must have " + want + " items, got " + std::to_string(count), &n);
      return;
    }
    if (k.items != nullptr) {
      for (std::size_t i = 0; i < n.items.size(); ++i)
        check(*n.items[i], *k.items, Name{Name::kItem, nullptr, &name, i}, kNoKey);
    }
  }

  void check_scalar(const Node& n, const Keywords& k, const Name& name) {
    if (const json* values = k.enum_values;
        values != nullptr && !in_enum(scalar_json(n), *values)) {
      error(Code::kSchema, doc_.span(n),
            name.str() + " must be " + enum_words(*values) + ", got '" + n.value + "'", &n);
      return;
    }
    if (k.minimum == nullptr && k.maximum == nullptr && k.min_length == nullptr) return;
    const ScalarType t = n.scalar_type();
    // A non-finite float (.inf, .nan) stands as a string (scalar_json): no bound applies,
    // the semantic checks say what is wrong with it.
    if (t == ScalarType::kInt || t == ScalarType::kFloat) {
      const double v = n.as_number().value_or(0.0);
      if (t == ScalarType::kFloat && !std::isfinite(v)) return;
      if (k.minimum && v < k.minimum->get<double>()) {
        error(Code::kSchema, doc_.span(n),
              name.str() + " must be at least " + k.minimum->dump() + ", got " + n.value, &n);
        return;
      }
      if (k.maximum && v > k.maximum->get<double>()) {
        error(Code::kSchema, doc_.span(n),
              name.str() + " must be at most " + k.maximum->dump() + ", got " + n.value, &n);
        return;
      }
    }
    if (t == ScalarType::kString && k.min_length != nullptr) {
      const std::int64_t min = k.min_length->get<std::int64_t>();
      if (static_cast<std::int64_t>(n.value.size()) < min) {
        error(Code::kSchema, doc_.span(n),
              min == 1
                  ? name.str() + " must not be empty"
                  : name.str() + " must be at least " + k.min_length->dump() + " characters long",
              &n);
      }
    }
  }

  static bool in_enum(const json& value, const json& values) {
    return std::find(values.begin(), values.end(), value) != values.end();
  }

  static std::string enum_words(const json& values) {
    std::vector<std::string> words;
    for (const json& v : values) {
      words.push_back(v.is_string() ? "'" + v.get<std::string>() + "'" : v.dump());
    }
    return join_or(words);
  }

  // `bad` is the node the error makes unusable (none for unknown keys, which are ignored).
  void error(Code code, diag::Span span, std::string message, const Node* bad = nullptr) {
    sink_.error(code, std::move(span), std::move(message));
    if (bad && malformed_) malformed_->push_back(bad);
    ok_ = false;
  }

  inline static const std::string kNoKey;

  const Document& doc_;
  const json& root_;
  diag::Sink& sink_;
  std::vector<const Node*>* malformed_;
  std::unordered_map<const json*, Keywords> keywords_;
  bool ok_ = true;
};

// valijson's own verdict; reports only what the walk missed (it should be nothing).
bool cross_check(const Document& doc, const json& schema_json, diag::Sink& sink,
                 std::vector<const Node*>* malformed) {
  const json instance = to_json(doc.root());
  valijson::Schema schema;
  valijson::SchemaParser parser;
  valijson::adapters::NlohmannJsonAdapter schema_adapter(schema_json);
  parser.populateSchema(schema_adapter, schema);
  valijson::Validator validator;
  valijson::ValidationResults results;
  valijson::adapters::NlohmannJsonAdapter target(instance);
  if (validator.validate(schema, target, &results)) return true;

  // valijson lists an error for every enclosing level too; keep the deepest ones.
  std::vector<std::pair<std::string, std::string>> errors;
  valijson::ValidationResults::Error e;
  while (results.popError(e)) {
    std::string path;
    for (const std::string& part : e.context)
      path += part;
    errors.emplace_back(path, e.description);
  }
  std::map<std::string, const Node*> where;
  index_paths(doc.root(), "<root>", where);
  std::set<std::string> reported;
  for (const auto& [path, description] : errors) {
    bool has_deeper = false;
    for (const auto& other : errors) {
      if (other.first.size() > path.size() && other.first.compare(0, path.size(), path) == 0) {
        has_deeper = true;
        break;
      }
    }
    if (has_deeper || !reported.insert(path).second) continue;
    auto it = where.find(path);
    diag::Span span = it != where.end() ? doc.span(*it->second) : doc.file_span();
    sink.error(Code::kSchema, span, description);
    if (malformed) malformed->push_back(it != where.end() ? it->second : &doc.root());
  }
  return false;
}

// Whether every keyword of the schema value `s` (and of the schemas inside it) is one the
// walk applies exactly as JSON Schema does — so a document the walk accepts is one the
// schema accepts. Not: oneOf (the walk does not check that only one branch fits), items
// as a list, minLength above 1 (the walk counts bytes, JSON Schema characters), and
// every other validation keyword.
bool walk_knows(const json& s) {
  if (s.is_boolean()) return false;  // `true`/`false` schemas are not walked
  if (!s.is_object()) return false;
  for (auto it = s.begin(); it != s.end(); ++it) {
    const std::string& key = it.key();
    const json& v = *it;
    if (key == "$schema" || key == "$id" || key == "$comment" || key == "title" ||
        key == "description" || key == "default" || key == "examples") {
      continue;
    }
    if (key == "$ref") {
      if (!v.is_string() || v.get_ref<const std::string&>().rfind("#", 0) != 0) return false;
    } else if (key == "type") {
      if (v.is_array()) {
        for (const json& t : v) {
          if (type_bit(t) == 0) return false;
        }
      } else if (type_bit(v) == 0) {
        return false;
      }
    } else if (key == "properties" || key == "definitions") {
      if (!v.is_object()) return false;
      for (const json& sub : v) {
        if (!walk_knows(sub)) return false;
      }
    } else if (key == "additionalProperties") {
      if (!v.is_boolean() && !walk_knows(v)) return false;
    } else if (key == "items") {
      if (!walk_knows(v)) return false;
    } else if (key == "anyOf") {
      if (!v.is_array() || v.empty()) return false;
      for (const json& sub : v) {
        if (!walk_knows(sub)) return false;
      }
    } else if (key == "required") {
      if (!v.is_array()) return false;
    } else if (key == "enum") {
      if (!v.is_array()) return false;
    } else if (key == "minimum" || key == "maximum") {
      if (!v.is_number()) return false;
    } else if (key == "minItems" || key == "maxItems") {
      if (!v.is_number_integer()) return false;
    } else if (key == "minLength") {
      if (!v.is_number_integer() || v.get<std::int64_t>() > 1) return false;
    } else {
      return false;
    }
  }
  return true;
}

}  // namespace

bool walk_is_complete(std::string_view schema_text) {
  const json schema = json::parse(schema_text.begin(), schema_text.end(), nullptr, false);
  return !schema.is_discarded() && schema.is_object() && walk_knows(schema);
}

bool valijson_accepts(const Document& doc, std::string_view schema_text) {
  const json schema = json::parse(schema_text.begin(), schema_text.end(), nullptr, false);
  if (schema.is_discarded() || !schema.is_object()) return false;
  diag::Sink unused;
  return cross_check(doc, schema, unused, nullptr);
}

bool validate_schema(const Document& doc, std::string_view schema_text, diag::Sink& sink,
                     std::vector<const Node*>* malformed) {
  json schema = json::parse(schema_text.begin(), schema_text.end(), nullptr, false);
  if (schema.is_discarded() || !schema.is_object()) {
    sink.error(Code::kInternal, doc.file_span(), "the embedded JSON Schema does not parse");
    return false;
  }
  Walker walker(doc, schema, sink, malformed);
  static const std::string kTopLevel = "the top level";
  walker.check(doc.root(), schema, Name{Name::kText, &kTopLevel}, "");
  if (!walker.ok()) return false;
  // Where the walk knows every keyword of the schema, its verdict is the schema's; valijson
  // checks the documents of a schema it does not (and, in the tests and fuzz targets, every
  // document the walk accepts).
  if (walk_knows(schema)) return true;
  try {
    return cross_check(doc, schema, sink, malformed);
  } catch (const std::exception& e) {
    sink.error(Code::kInternal, doc.file_span(),
               std::string("schema validation failed: ") + e.what());
    return false;
  }
}

}  // namespace spritec::yaml
