#include "spritec/def/schema.hpp"

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
#include <utility>

namespace spritec::def {
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

bool type_fits(const Node& n, const std::string& type) {
  if (type == "object") return n.is_mapping();
  if (type == "array") return n.is_sequence();
  if (!n.is_scalar() && !n.is_null()) return false;
  const ScalarType t = n.scalar_type();
  if (type == "null") return t == ScalarType::kNull;
  if (type == "boolean") return t == ScalarType::kBool;
  if (type == "integer") return t == ScalarType::kInt;
  // JSON numbers are finite: .inf and .nan are not numbers to the schema.
  if (type == "number")
    return t == ScalarType::kInt ||
           (t == ScalarType::kFloat && std::isfinite(n.as_number().value_or(0.0)));
  if (type == "string") return t == ScalarType::kString;
  return false;
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

class Walker {
 public:
  Walker(const Document& doc, const json& root, diag::Sink& sink,
         std::vector<const Node*>* malformed)
      : doc_(doc), root_(root), sink_(sink), malformed_(malformed) {}

  bool ok() const { return ok_; }

  // `name` says which value this is in messages: its key (`tick_rate`), a quoted key for
  // names the file chooses (`'walk'`), an item (`origin[1]`), or "the top level".
  // `key` is the mapping key the value belongs to (for hints), empty for items.
  void check(const Node& n, const json& schema_in, const std::string& name,
             const std::string& key) {
    const json& schema = resolve(schema_in);
    if (!schema.is_object()) return;
    for (const char* keyword : {"anyOf", "oneOf"}) {
      auto it = schema.find(keyword);
      if (it == schema.end() || !it->is_array()) continue;
      // The first branch the node fits with every required key present ({mirror: 1} is
      // a mirrored view, not a step missing frame:), else the first its type fits.
      for (const bool strict : {true, false}) {
        for (const json& branch : *it) {
          if (fits(n, branch, strict)) {
            check(n, branch, name, key);
            goto after_branches;
          }
        }
      }
      {
        std::vector<std::string> names;
        for (const json& branch : *it)
          collect_types(branch, names);
        wrong_type(n, names, name, key);
      }
      return;
    after_branches:;
    }
    if (auto it = schema.find("type"); it != schema.end()) {
      if (!fits_type(n, *it)) {
        std::vector<std::string> names;
        collect_types(schema, names);
        wrong_type(n, names, name, key);
        return;
      }
    }
    if (n.is_mapping()) {
      check_object(n, schema);
    } else if (n.is_sequence()) {
      check_array(n, schema, name);
    } else {
      check_scalar(n, schema, name);
    }
  }

 private:
  void wrong_type(const Node& n, const std::vector<std::string>& want, const std::string& name,
                  const std::string& key) {
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
      const std::string ref = it->get<std::string>();
      if (ref.empty() || ref[0] != '#') break;
      const json::json_pointer ptr(ref.substr(1));
      if (!root_.contains(ptr)) break;
      s = &root_.at(ptr);
    }
    return *s;
  }

  bool fits_type(const Node& n, const json& type) {
    if (type.is_string()) return type_fits(n, type.get<std::string>());
    if (type.is_array()) {
      for (const json& t : type) {
        if (t.is_string() && type_fits(n, t.get<std::string>())) return true;
      }
    }
    return false;
  }

  // Whether the node's type fits a schema (any branch of its anyOf/oneOf); with
  // `required`, also whether a mapping has every key the schema (or the branch it fits)
  // requires.
  bool fits(const Node& n, const json& schema_in, bool required = false) {
    const json& schema = resolve(schema_in);
    if (!schema.is_object()) return true;
    for (const char* key : {"anyOf", "oneOf"}) {
      auto it = schema.find(key);
      if (it == schema.end() || !it->is_array()) continue;
      bool any = false;
      for (const json& b : *it)
        any = any || fits(n, b, required);
      if (!any) return false;
    }
    if (auto it = schema.find("type"); it != schema.end() && !fits_type(n, *it)) return false;
    auto it = schema.find("required");
    if (!required || !n.is_mapping() || it == schema.end() || !it->is_array()) return true;
    return std::all_of(it->begin(), it->end(), [&](const json& k) {
      return !k.is_string() || n.find(k.get<std::string>()) != nullptr;
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

  void check_object(const Node& n, const json& schema) {
    const json* props = nullptr;
    if (auto it = schema.find("properties"); it != schema.end() && it->is_object()) {
      props = &*it;
    }
    const json* additional = nullptr;
    if (auto it = schema.find("additionalProperties"); it != schema.end()) additional = &*it;

    for (const MapEntry& e : n.entries) {
      if (props && props->contains(e.key)) {
        check(*e.value, (*props)[e.key], e.key, e.key);
      } else if (additional && additional->is_object()) {
        check(*e.value, *additional, "'" + e.key + "'", "");
      } else if (additional && additional->is_boolean() && !additional->get<bool>()) {
        std::vector<std::string> allowed;
        if (props) {
          for (auto p = props->begin(); p != props->end(); ++p)
            allowed.push_back(p.key());
        }
        if (const std::size_t colon = glued_colon(e.key); colon != std::string::npos &&
                                                          e.value->is_null() && props &&
                                                          props->contains(e.key.substr(0, colon))) {
          // `tick_rate:0` reads as the key "tick_rate:0" with no value.
          error(Code::kYamlSyntax, doc_.key_span(e), glued_message(e.key));
          continue;
        }
        std::string message = "unknown key '" + e.key + "'";
        std::string near = nearest(e.key, allowed);
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
    if (auto it = schema.find("required"); it != schema.end() && it->is_array()) {
      for (const json& r : *it) {
        if (r.is_string() && !n.find_entry(r.get<std::string>())) {
          error(Code::kMissingKey, doc_.span(n),
                "missing required key '" + r.get<std::string>() + "'", &n);
        }
      }
    }
  }

  void check_array(const Node& n, const json& schema, const std::string& name) {
    const auto count = static_cast<std::int64_t>(n.items.size());
    auto min_items = schema.find("minItems");
    auto max_items = schema.find("maxItems");
    const bool has_min = min_items != schema.end() && min_items->is_number_integer();
    const bool has_max = max_items != schema.end() && max_items->is_number_integer();
    if ((has_min && count < min_items->get<std::int64_t>()) ||
        (has_max && count > max_items->get<std::int64_t>())) {
      std::string want;
      if (has_min && has_max && *min_items == *max_items) {
        want = "exactly " + std::to_string(min_items->get<std::int64_t>());
      } else if (has_min && count < min_items->get<std::int64_t>()) {
        want = "at least " + std::to_string(min_items->get<std::int64_t>());
      } else {
        want = "at most " + std::to_string(max_items->get<std::int64_t>());
      }
      error(Code::kSchema, doc_.span(n),
            name + " must have " + want + " items, got " + std::to_string(count), &n);
      return;
    }
    if (auto it = schema.find("items"); it != schema.end() && it->is_object()) {
      for (std::size_t i = 0; i < n.items.size(); ++i)
        check(*n.items[i], *it, name + "[" + std::to_string(i) + "]", "");
    }
  }

  void check_scalar(const Node& n, const json& schema, const std::string& name) {
    if (auto it = schema.find("enum"); it != schema.end() && it->is_array()) {
      const json value = scalar_json(n);
      if (std::find(it->begin(), it->end(), value) == it->end()) {
        std::vector<std::string> words;
        for (const json& v : *it) {
          words.push_back(v.is_string() ? "'" + v.get<std::string>() + "'" : v.dump());
        }
        error(Code::kSchema, doc_.span(n),
              name + " must be " + join_or(words) + ", got '" + n.value + "'", &n);
        return;
      }
    }
    const ScalarType t = n.scalar_type();
    // A non-finite float (.inf, .nan) stands as a string (scalar_json): no bound applies,
    // the semantic checks say what is wrong with it.
    if (const json value = scalar_json(n);
        (t == ScalarType::kInt || t == ScalarType::kFloat) && value.is_number()) {
      const double v = value.get<double>();
      if (auto it = schema.find("minimum"); it != schema.end() && it->is_number()) {
        if (v < it->get<double>()) {
          error(Code::kSchema, doc_.span(n),
                name + " must be at least " + it->dump() + ", got " + n.value, &n);
          return;
        }
      }
      if (auto it = schema.find("maximum"); it != schema.end() && it->is_number()) {
        if (v > it->get<double>()) {
          error(Code::kSchema, doc_.span(n),
                name + " must be at most " + it->dump() + ", got " + n.value, &n);
          return;
        }
      }
    }
    if (t == ScalarType::kString) {
      if (auto it = schema.find("minLength"); it != schema.end() && it->is_number_integer()) {
        if (static_cast<std::int64_t>(n.value.size()) < it->get<std::int64_t>()) {
          error(Code::kSchema, doc_.span(n),
                it->get<std::int64_t>() == 1
                    ? name + " must not be empty"
                    : name + " must be at least " + it->dump() + " characters long",
                &n);
        }
      }
    }
  }

  // `bad` is the node the error makes unusable (none for unknown keys, which are ignored).
  void error(Code code, diag::Span span, std::string message, const Node* bad = nullptr) {
    sink_.error(code, std::move(span), std::move(message));
    if (bad && malformed_) malformed_->push_back(bad);
    ok_ = false;
  }

  const Document& doc_;
  const json& root_;
  diag::Sink& sink_;
  std::vector<const Node*>* malformed_;
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

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + cost});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string nearest(std::string_view word, const std::vector<std::string>& candidates,
                    std::size_t max_distance) {
  std::string best;
  std::size_t best_distance = max_distance + 1;
  for (const std::string& c : candidates) {
    const std::size_t d = edit_distance(word, c);
    if (d < best_distance && c != word) {
      best = c;
      best_distance = d;
    }
  }
  return best;
}

bool validate_schema(const Document& doc, std::string_view schema_text, diag::Sink& sink,
                     std::vector<const Node*>* malformed) {
  json schema = json::parse(schema_text.begin(), schema_text.end(), nullptr, false);
  if (schema.is_discarded() || !schema.is_object()) {
    sink.error(Code::kInternal, doc.file_span(), "the embedded JSON Schema does not parse");
    return false;
  }
  Walker walker(doc, schema, sink, malformed);
  walker.check(doc.root(), schema, "the top level", "");
  if (!walker.ok()) return false;
  try {
    return cross_check(doc, schema, sink, malformed);
  } catch (const std::exception& e) {
    sink.error(Code::kInternal, doc.file_span(),
               std::string("schema validation failed: ") + e.what());
    return false;
  }
}

}  // namespace spritec::def
