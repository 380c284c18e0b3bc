// The action checks of DESIGN.md section 3 ("Checks at compile time") and the small
// model helpers.
#include <algorithm>
#include <map>
#include <set>

#include "spritec/def/definition.hpp"
#include "spritec/def/schema.hpp"

namespace spritec::def {
namespace {

using diag::Code;

bool is_subset(const std::vector<std::string>& small, const std::vector<std::string>& big) {
  for (const std::string& s : small) {
    if (std::find(big.begin(), big.end(), s) == big.end()) return false;
  }
  return true;
}

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// "(the grid has s/0 … s/5)" and friends: what the sheet named in `name` does hold.
std::string unknown_frame_message(const Definition& def, const std::string& name) {
  std::string message = "frame '" + name + "' does not exist";
  const std::size_t slash = name.find('/');
  if (slash == std::string::npos) {
    std::vector<std::string> all;
    for (const Frame& f : def.frames)
      all.push_back(f.name);
    const std::string near = nearest(name, all);
    message += " (frame names are <sheet>/<frame>";
    if (!near.empty()) message += "; did you mean '" + near + "'?";
    return message + ")";
  }
  // The longest sheet name that prefixes the frame name (sheet names may hold '/').
  const Sheet* sheet = nullptr;
  for (const Sheet& s : def.sheets) {
    if (name.size() > s.name.size() && name.compare(0, s.name.size(), s.name) == 0 &&
        name[s.name.size()] == '/' && (!sheet || s.name.size() > sheet->name.size())) {
      sheet = &s;
    }
  }
  if (!sheet) {
    std::vector<std::string> sheets;
    for (const Sheet& s : def.sheets)
      sheets.push_back(s.name);
    const std::string prefix = name.substr(0, slash);
    const std::string near = nearest(prefix, sheets);
    message += " (there is no sheet '" + prefix + "'";
    if (!near.empty()) message += "; did you mean '" + near + "'?";
    return message + ")";
  }
  const auto begin = def.frames.begin() + static_cast<std::ptrdiff_t>(sheet->first_frame);
  const auto end = begin + static_cast<std::ptrdiff_t>(sheet->frame_count);
  if (sheet->frame_count == 0) return message + " (sheet '" + sheet->name + "' has no frames)";
  if (sheet->kind == SheetKind::kGrid) {
    if (sheet->frame_count == 1) return message + " (the grid has only " + begin->name + ")";
    return message + " (the grid has " + begin->name + " \xE2\x80\xA6 " + (end - 1)->name + ")";
  }
  std::vector<std::string> names;
  for (auto it = begin; it != end; ++it)
    names.push_back(it->name);
  const std::string stem = name.substr(sheet->name.size() + 1);
  const std::string near = all_digits(stem) ? std::string() : nearest(name, names);
  if (!near.empty()) return message + " (did you mean '" + near + "'?)";
  message += " (sheet '" + sheet->name + "' has ";
  const std::size_t shown = std::min<std::size_t>(names.size(), 6);
  for (std::size_t i = 0; i < shown; ++i)
    message += (i ? ", " : "") + names[i];
  if (shown < names.size()) message += ", \xE2\x80\xA6";
  return message + ")";
}

bool sheet_incomplete(const Definition& def, const std::string& frame) {
  for (const Sheet& s : def.sheets) {
    if (!s.complete && frame.size() > s.name.size() &&
        frame.compare(0, s.name.size(), s.name) == 0 && frame[s.name.size()] == '/') {
      return true;
    }
  }
  return false;
}

std::string action_suggestion(const Definition& def, const std::string& name) {
  std::vector<std::string> names;
  for (const Action& a : def.actions)
    names.push_back(a.name);
  const std::string near = nearest(name, names);
  return near.empty() ? std::string() : " (did you mean '" + near + "'?)";
}

}  // namespace

int ms_to_ticks(std::int64_t ms, int tick_rate) {
  const std::int64_t t = (ms * tick_rate + 500) / 1000;
  return static_cast<int>(std::max<std::int64_t>(t, 1));
}

bool ms_is_exact(std::int64_t ms, int tick_rate) {
  return (ms * tick_rate) % 1000 == 0 && ms > 0;
}

const char* to_string(PlayMode mode) {
  switch (mode) {
    case PlayMode::kLoop:
      return "loop";
    case PlayMode::kPingpong:
      return "pingpong";
    case PlayMode::kOnce:
      return "once";
  }
  return "loop";
}

const char* to_string(Flip flip) {
  switch (flip) {
    case Flip::kNone:
      return "";
    case Flip::kX:
      return "x";
    case Flip::kY:
      return "y";
    case Flip::kXY:
      return "xy";
  }
  return "";
}

const Frame* Definition::find_frame(const std::string& name) const {
  for (const Frame& f : frames) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

const Action* Definition::find_action(const std::string& name) const {
  for (const Action& a : actions) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

bool check_actions(const Definition& def, const LoadOptions& options, diag::Sink& sink) {
  const std::size_t errors_before = sink.error_count();
  std::set<std::string> frame_names;
  for (const Frame& f : def.frames)
    frame_names.insert(f.name);
  std::map<std::string, const Action*> by_name;
  for (const Action& a : def.actions)
    by_name.emplace(a.name, &a);
  auto action_named = [&](const std::string& name) -> const Action* {
    auto it = by_name.find(name);
    return it == by_name.end() ? nullptr : it->second;
  };

  std::vector<std::string> inputs_seen;  // first-use order, for the E0313 position
  for (const Action& a : def.actions) {
    for (const auto& view : a.steps) {
      for (const Step& s : view) {
        if (s.blank || frame_names.count(s.frame) || sheet_incomplete(def, s.frame)) continue;
        sink.error(Code::kUnknownFrame, s.frame_span, unknown_frame_message(def, s.frame));
      }
    }
    if (a.then == ThenKind::kAction && !action_named(a.then_action)) {
      sink.error(Code::kUnknownThen, a.then_span,
                 "then: '" + a.then_action + "' is not hold, destroy or an action of this pack" +
                     action_suggestion(def, a.then_action));
    }
    for (std::size_t j = 0; j < a.transitions.size(); ++j) {
      const Transition& t = a.transitions[j];
      if (!action_named(t.to)) {
        sink.error(Code::kUnknownTransition, t.to_span,
                   "transition to '" + t.to + "', which is not an action of this pack" +
                       action_suggestion(def, t.to));
      }
      // An earlier rule of the same kind whose conditions are a subset of this one's
      // holds whenever this one would, and wins because the first match wins.
      for (std::size_t i = 0; i < j; ++i) {
        const Transition& e = a.transitions[i];
        if (e.immediate == t.immediate && is_subset(e.when, t.when) &&
            is_subset(e.unless, t.unless)) {
          sink.warning(Code::kShadowedTransition, t.span,
                       "this transition to '" + t.to + "' can never fire: rule " +
                           std::to_string(i) + " (to '" + e.to +
                           "') matches whenever it does and comes first",
                       {diag::Note{e.span, "the earlier rule"}});
          break;
        }
      }
      for (const auto* list : {&t.when, &t.unless}) {
        for (const std::string& input : *list) {
          if (std::find(inputs_seen.begin(), inputs_seen.end(), input) != inputs_seen.end()) {
            continue;
          }
          inputs_seen.push_back(input);
          if (inputs_seen.size() == kMaxInputs + 1) {
            sink.error(Code::kTooManyInputs, t.span,
                       "input '" + input + "' is the " + std::to_string(kMaxInputs + 1) +
                           "th distinct input; a pack may use at most " +
                           std::to_string(kMaxInputs));
          }
        }
      }
    }
  }

  if (!options.entries.empty()) {
    std::set<std::string> reached;
    std::vector<const Action*> queue;
    std::string entry_list;
    bool entries_known = true;
    for (const std::string& e : options.entries) {
      entry_list += (entry_list.empty() ? "" : ", ") + e;
      const Action* a = action_named(e);
      if (!a) {
        sink.error(Code::kUnknownEntry, diag::Span{def.file.generic_string(), 0, 0, 0},
                   "entry action '" + e + "' does not exist" + action_suggestion(def, e));
        entries_known = false;
        continue;
      }
      if (reached.insert(e).second) queue.push_back(a);
    }
    while (!queue.empty()) {
      const Action* a = queue.back();
      queue.pop_back();
      std::vector<std::string> targets;
      for (const Transition& t : a->transitions)
        targets.push_back(t.to);
      if (a->then == ThenKind::kAction) targets.push_back(a->then_action);
      for (const std::string& name : targets) {
        const Action* next = action_named(name);
        if (next && reached.insert(name).second) queue.push_back(next);
      }
    }
    // With a mistyped entry, "unreachable" would mostly be noise: fix the entry first.
    for (const Action& a : def.actions) {
      if (entries_known && !reached.count(a.name)) {
        sink.warning(Code::kUnreachableAction, a.span,
                     "action '" + a.name + "' cannot be reached from the entry actions (" +
                         entry_list + ") through transitions or `then`");
      }
    }
  }
  return sink.error_count() == errors_before;
}

}  // namespace spritec::def
