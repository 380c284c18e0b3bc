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
#include <set>

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

// The tree as JSON, and each node by valijson's context path ("<root>[sheets][0]").
json to_json(const Node& n, const std::string& path, std::map<std::string, const Node*>& where) {
  where.emplace(path, &n);
  switch (n.kind) {
    case NodeKind::kNull:
    case NodeKind::kScalar:
      return scalar_json(n);
    case NodeKind::kSequence: {
      json a = json::array();
      for (std::size_t i = 0; i < n.items.size(); ++i) {
        a.push_back(to_json(*n.items[i], path + "[" + std::to_string(i) + "]", where));
      }
      return a;
    }
    case NodeKind::kMapping: {
      json o = json::object();
      for (const MapEntry& e : n.entries) {
        o[e.key] = to_json(*e.value, path + "[" + e.key + "]", where);
      }
      return o;
    }
  }
  return nullptr;
}

bool type_fits(const Node& n, const std::string& type) {
  if (type == "object") return n.is_mapping();
  if (type == "array") return n.is_sequence();
  if (!n.is_scalar() && !n.is_null()) return false;
  const ScalarType t = n.scalar_type();
  if (type == "null") return t == ScalarType::kNull;
  if (type == "boolean") return t == ScalarType::kBool;
  if (type == "integer") return t == ScalarType::kInt;
  if (type == "number") return t == ScalarType::kInt || t == ScalarType::kFloat;
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
  Walker(const Document& doc, const json& root, diag::Sink& sink)
      : doc_(doc), root_(root), sink_(sink) {}

  bool ok() const { return ok_; }

  void check(const Node& n, const json& schema_in) {
    const json& schema = resolve(schema_in);
    if (!schema.is_object()) return;
    for (const char* key : {"anyOf", "oneOf"}) {
      auto it = schema.find(key);
      if (it == schema.end() || !it->is_array()) continue;
      for (const json& branch : *it) {
        if (fits(n, branch)) {
          check(n, branch);
          goto after_branches;
        }
      }
      {
        std::vector<std::string> names;
        for (const json& branch : *it)
          collect_types(branch, names);
        error(Code::kWrongType, doc_.span(n),
              "expected " + join_or(names) + ", found " + describe_type(n));
      }
      return;
    after_branches:;
    }
    if (auto it = schema.find("type"); it != schema.end()) {
      if (!fits_type(n, *it)) {
        std::vector<std::string> names;
        collect_types(schema, names);
        error(Code::kWrongType, doc_.span(n),
              "expected " + join_or(names) + ", found " + describe_type(n));
        return;
      }
    }
    if (n.is_mapping()) {
      check_object(n, schema);
    } else if (n.is_sequence()) {
      check_array(n, schema);
    } else {
      check_scalar(n, schema);
    }
  }

 private:
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

  // Whether the node's type fits a schema (any branch of its anyOf/oneOf).
  bool fits(const Node& n, const json& schema_in) {
    const json& schema = resolve(schema_in);
    if (!schema.is_object()) return true;
    for (const char* key : {"anyOf", "oneOf"}) {
      auto it = schema.find(key);
      if (it == schema.end() || !it->is_array()) continue;
      bool any = false;
      for (const json& b : *it)
        any = any || fits(n, b);
      if (!any) return false;
    }
    auto it = schema.find("type");
    return it == schema.end() || fits_type(n, *it);
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
        check(*e.value, (*props)[e.key]);
      } else if (additional && additional->is_object()) {
        check(*e.value, *additional);
      } else if (additional && additional->is_boolean() && !additional->get<bool>()) {
        std::vector<std::string> allowed;
        if (props) {
          for (auto p = props->begin(); p != props->end(); ++p)
            allowed.push_back(p.key());
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
                "missing required key '" + r.get<std::string>() + "'");
        }
      }
    }
  }

  void check_array(const Node& n, const json& schema) {
    const auto count = static_cast<std::int64_t>(n.items.size());
    auto min_items = schema.find("minItems");
    auto max_items = schema.find("maxItems");
    const bool has_min = min_items != schema.end() && min_items->is_number_integer();
    const bool has_max = max_items != schema.end() && max_items->is_number_integer();
    if ((has_min && count < min_items->get<std::int64_t>()) ||
        (has_max && count > max_items->get<std::int64_t>())) {
      std::string want;
      if (has_min && has_max && *min_items == *max_items) {
        want = std::to_string(min_items->get<std::int64_t>());
      } else if (has_min && count < min_items->get<std::int64_t>()) {
        want = "at least " + std::to_string(min_items->get<std::int64_t>());
      } else {
        want = "at most " + std::to_string(max_items->get<std::int64_t>());
      }
      error(Code::kSchema, doc_.span(n),
            "expected " + want + " items, found " + std::to_string(count));
      return;
    }
    if (auto it = schema.find("items"); it != schema.end() && it->is_object()) {
      for (const Node* item : n.items)
        check(*item, *it);
    }
  }

  void check_scalar(const Node& n, const json& schema) {
    if (auto it = schema.find("enum"); it != schema.end() && it->is_array()) {
      const json value = scalar_json(n);
      if (std::find(it->begin(), it->end(), value) == it->end()) {
        std::vector<std::string> words;
        for (const json& v : *it) {
          words.push_back(v.is_string() ? "'" + v.get<std::string>() + "'" : v.dump());
        }
        error(Code::kSchema, doc_.span(n), "'" + n.value + "' is not one of " + join_or(words));
        return;
      }
    }
    const ScalarType t = n.scalar_type();
    if (t == ScalarType::kInt || t == ScalarType::kFloat) {
      const json value = scalar_json(n);
      const double v = value.get<double>();
      if (auto it = schema.find("minimum"); it != schema.end() && it->is_number()) {
        if (v < it->get<double>()) {
          error(Code::kSchema, doc_.span(n),
                "value " + n.value + " is less than the minimum " + it->dump());
          return;
        }
      }
      if (auto it = schema.find("maximum"); it != schema.end() && it->is_number()) {
        if (v > it->get<double>()) {
          error(Code::kSchema, doc_.span(n),
                "value " + n.value + " is more than the maximum " + it->dump());
          return;
        }
      }
    }
    if (t == ScalarType::kString) {
      if (auto it = schema.find("minLength"); it != schema.end() && it->is_number_integer()) {
        if (static_cast<std::int64_t>(n.value.size()) < it->get<std::int64_t>()) {
          error(Code::kSchema, doc_.span(n),
                it->get<std::int64_t>() == 1 ? std::string("expected a non-empty string")
                                             : "string is shorter than " + it->dump());
        }
      }
    }
  }

  void error(Code code, diag::Span span, std::string message) {
    sink_.error(code, std::move(span), std::move(message));
    ok_ = false;
  }

  const Document& doc_;
  const json& root_;
  diag::Sink& sink_;
  bool ok_ = true;
};

// valijson's own verdict; reports only what the walk missed (it should be nothing).
bool cross_check(const Document& doc, const json& schema_json, diag::Sink& sink) {
  std::map<std::string, const Node*> where;
  const json instance = to_json(doc.root(), "<root>", where);
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

bool validate_schema(const Document& doc, std::string_view schema_text, diag::Sink& sink) {
  json schema = json::parse(schema_text.begin(), schema_text.end(), nullptr, false);
  if (schema.is_discarded() || !schema.is_object()) {
    sink.error(Code::kInternal, doc.file_span(), "the embedded JSON Schema does not parse");
    return false;
  }
  Walker walker(doc, schema, sink);
  walker.check(doc.root(), schema);
  if (!walker.ok()) return false;
  try {
    return cross_check(doc, schema, sink);
  } catch (const std::exception& e) {
    sink.error(Code::kInternal, doc.file_span(),
               std::string("schema validation failed: ") + e.what());
    return false;
  }
}

}  // namespace spritec::def
