// The first difference between two trees of yaml::Node (kinds, values, quoting, positions,
// comments, keys and their positions, in order), as a readable path, or "" when they are
// the same. Used to check that libyaml and yaml-cpp read a text alike (yaml_libyaml_test,
// fuzz_yaml).
#pragma once

#include <string>

#include "spritec/yaml/reader.hpp"

namespace spritec::yaml::testing {

inline std::string tree_diff(const Node& a, const Node& b, const std::string& path = "root") {
  auto where = [&](const Node& n) {
    return std::to_string(n.line) + ":" + std::to_string(n.column);
  };
  if (a.kind != b.kind) {
    return path + ": kind " + std::to_string(static_cast<int>(a.kind)) + " vs " +
           std::to_string(static_cast<int>(b.kind));
  }
  if (a.line != b.line || a.column != b.column) {
    return path + ": at " + where(a) + " vs " + where(b);
  }
  if (a.value != b.value) return path + ": value '" + a.value + "' vs '" + b.value + "'";
  if (a.plain != b.plain) return path + ": plain differs";
  if (a.comment != b.comment) return path + ": comment '" + a.comment + "' vs '" + b.comment + "'";
  if (a.expanded != b.expanded) return path + ": expanded differs";
  if (a.items.size() != b.items.size()) return path + ": item count differs";
  for (std::size_t i = 0; i < a.items.size(); ++i) {
    std::string d = tree_diff(*a.items[i], *b.items[i], path + "[" + std::to_string(i) + "]");
    if (!d.empty()) return d;
  }
  if (a.entries.size() != b.entries.size()) return path + ": entry count differs";
  for (std::size_t i = 0; i < a.entries.size(); ++i) {
    const MapEntry& x = a.entries[i];
    const MapEntry& y = b.entries[i];
    const std::string at = path + "." + x.key;
    if (x.key != y.key) return at + ": key '" + x.key + "' vs '" + y.key + "'";
    if (x.line != y.line || x.column != y.column) {
      return at + ": key at " + std::to_string(x.line) + ":" + std::to_string(x.column) + " vs " +
             std::to_string(y.line) + ":" + std::to_string(y.column);
    }
    std::string d = tree_diff(*x.value, *y.value, at);
    if (!d.empty()) return d;
  }
  return "";
}

}  // namespace spritec::yaml::testing
