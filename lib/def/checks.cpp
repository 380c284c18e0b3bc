// The action checks of DESIGN.md section 3 ("Checks at compile time").
#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "checks_internal.hpp"
#include "spritec/def/definition.hpp"
#include "spritec/diag/suggest.hpp"

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

// The names a message may suggest, built once per check (a definition may hold hundreds of
// thousands of sheets, frames and steps). Fuzzy suggestions compare a name with every
// candidate, so they share a budget of comparisons: a file with thousands of unknown
// names gets its first suggestions, then plain messages, never a quadratic run.
class Namer {
 public:
  explicit Namer(const Definition& def) : def_(def) {
    for (const Sheet& s : def.sheets)
      by_name_.emplace(s.name, &s);
  }

  // The sheet whose name is the longest prefix of `frame` followed by '/' (sheet names
  // may hold '/'), or nullptr.
  const Sheet* owner(const std::string& frame) const {
    for (std::size_t slash = frame.rfind('/'); slash != std::string::npos && slash > 0;
         slash = frame.rfind('/', slash - 1)) {
      auto it = by_name_.find(frame.substr(0, slash));
      if (it != by_name_.end()) return it->second;
    }
    return nullptr;
  }

  // "(the grid has s/0 … s/5)" and friends: what the sheet named in `name` does hold.
  std::string unknown_frame(const std::string& name) {
    std::string message = "frame '" + name + "' does not exist";
    const std::size_t slash = name.find('/');
    if (slash == std::string::npos) {
      // Usually the sheet's name left out (`a` for `e/a`): a frame whose own part is
      // this name comes first, then the nearest full name.
      std::string near = same_stem(name);
      if (near.empty()) near = fuzzy(name, frame_names());
      message += " (frame names are <sheet>/<frame>";
      if (!near.empty()) message += "; did you mean '" + near + "'?";
      return message + ")";
    }
    const Sheet* sheet = owner(name);
    if (!sheet) {
      const std::string prefix = name.substr(0, slash);
      const std::string near = fuzzy(prefix, sheet_names());
      message += " (there is no sheet '" + prefix + "'";
      if (!near.empty()) message += "; did you mean '" + near + "'?";
      return message + ")";
    }
    const auto begin = def_.frames.begin() + static_cast<std::ptrdiff_t>(sheet->first_frame);
    const auto end = begin + static_cast<std::ptrdiff_t>(sheet->frame_count);
    if (sheet->frame_count == 0) return message + " (sheet '" + sheet->name + "' has no frames)";
    if (sheet->kind == SheetKind::kGrid || sheet->kind == SheetKind::kDetect) {
      const std::string has = sheet->kind == SheetKind::kGrid ? "the grid has " : "detect: found ";
      if (sheet->frame_count == 1) return message + " (" + has + "only " + begin->name + ")";
      return message + " (" + has + begin->name + " \xE2\x80\xA6 " + (end - 1)->name + ")";
    }
    const std::string stem = name.substr(sheet->name.size() + 1);
    if (!all_digits(stem) && affordable(sheet->frame_count)) {
      std::vector<std::string> names;
      for (auto it = begin; it != end; ++it)
        names.push_back(it->name);
      const std::string near = fuzzy(name, names);
      if (!near.empty()) return message + " (did you mean '" + near + "'?)";
    }
    message += " (sheet '" + sheet->name + "' has ";
    const std::size_t shown = std::min<std::size_t>(sheet->frame_count, 6);
    for (std::size_t i = 0; i < shown; ++i)
      message += (i ? ", " : "") + (begin + static_cast<std::ptrdiff_t>(i))->name;
    if (shown < sheet->frame_count) message += ", \xE2\x80\xA6";
    return message + ")";
  }

  // " (did you mean 'stand'?)" or nothing.
  std::string action_suggestion(const std::string& name) {
    if (action_names_.empty()) {
      for (const Action& a : def_.actions)
        action_names_.push_back(a.name);
    }
    const std::string near = fuzzy(name, action_names_);
    return near.empty() ? std::string() : " (did you mean '" + near + "'?)";
  }

 private:
  static constexpr std::size_t kBudget = 2000000;  // candidate comparisons per check

  bool affordable(std::size_t n) const { return spent_ + n <= kBudget; }

  std::string fuzzy(const std::string& word, const std::vector<std::string>& candidates) {
    if (!affordable(candidates.size())) return "";
    spent_ += candidates.size();
    return diag::nearest(word, candidates);
  }

  const std::vector<std::string>& frame_names() {
    if (frame_names_.empty()) {
      for (const Frame& f : def_.frames)
        frame_names_.push_back(f.name);
    }
    return frame_names_;
  }

  const std::vector<std::string>& sheet_names() {
    if (sheet_names_.empty()) {
      for (const Sheet& s : def_.sheets)
        sheet_names_.push_back(s.name);
    }
    return sheet_names_;
  }

  std::string same_stem(const std::string& stem) {
    if (stems_.empty()) {
      for (const Frame& f : def_.frames) {
        const std::string& sheet = def_.sheets[f.sheet].name;
        if (f.name.size() > sheet.size()) stems_.emplace(f.name.substr(sheet.size() + 1), f.name);
      }
    }
    auto it = stems_.find(stem);
    return it == stems_.end() ? std::string() : it->second;
  }

  const Definition& def_;
  std::unordered_map<std::string, const Sheet*> by_name_;  // the first of duplicates
  std::vector<std::string> frame_names_;
  std::vector<std::string> sheet_names_;
  std::vector<std::string> action_names_;
  std::unordered_map<std::string, std::string> stems_;  // frame part -> first full name
  std::size_t spent_ = 0;
};

// Whether `frame` may belong to a sheet whose frames could not all be listed: then it is
// not reported as unknown. Sheet names may hold '/', so every prefix is tried.
bool frame_unknowable(const std::unordered_map<std::string, bool>& complete,
                      const std::string& frame, bool any_frame) {
  bool owned = false;
  for (std::size_t slash = frame.find('/'); slash != std::string::npos;
       slash = frame.find('/', slash + 1)) {
    auto it = complete.find(frame.substr(0, slash));
    if (it == complete.end()) continue;
    if (!it->second) return true;
    owned = true;
  }
  // A sheet whose name could not be read may hold any frame that no complete sheet owns.
  return any_frame && !owned;
}

// E0312 and W0303: every action reachable from the entry actions through transitions and
// then:, breadth first over the action graph (linear in actions plus edges).
void check_reachability(const Definition& def, const std::vector<std::string>& entries,
                        const detail::Unknowns& unknowns,
                        const std::map<std::string, const Action*>& by_name, Namer& namer,
                        diag::Sink& sink) {
  auto action_named = [&](const std::string& name) -> const Action* {
    auto it = by_name.find(name);
    return it == by_name.end() ? nullptr : it->second;
  };
  std::set<std::string> reached;
  std::vector<const Action*> queue;
  std::string entry_list;
  bool entries_known = true;
  for (const std::string& e : entries) {
    entry_list += (entry_list.empty() ? "" : ", ") + e;
    const Action* a = action_named(e);
    if (!a) {
      sink.error(Code::kUnknownEntry, diag::Span{def.file.generic_string(), 0, 0, 0},
                 "entry action '" + e + "' does not exist" + namer.action_suggestion(e));
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
  // With a mistyped entry, or a then: or transition that could not be read,
  // "unreachable" would mostly be noise: fix those first.
  for (const Action& a : def.actions) {
    if (entries_known && !unknowns.reachability && !reached.count(a.name)) {
      sink.warning(Code::kUnreachableAction, a.span,
                   "action '" + a.name + "' cannot be reached from the entry actions (" +
                       entry_list + ") through transitions or `then`");
    }
  }
}

// An action named as an export names another action's view: exports name view V of an
// action of several views ACTION/V (docs/engines.md), so 'walk/1' beside a two-view 'walk'
// gives two animations of one name in every format with animations, and export refuses it
// (E0704). The pack itself is sound (the player and atlas exports name actions, not
// views), so here it is a warning, at the action, with a note at the other.
void check_animation_names(const Definition& def,
                           const std::map<std::string, const Action*>& by_name, diag::Sink& sink) {
  for (const Action& a : def.actions) {
    const std::size_t slash = a.name.rfind('/');
    if (slash == std::string::npos || slash == 0) continue;
    const std::string view = a.name.substr(slash + 1);
    // As std::to_string writes a view: digits, no leading zero (views are at most 360).
    if (!all_digits(view) || view.size() > 3 || (view.size() > 1 && view[0] == '0')) continue;
    auto it = by_name.find(a.name.substr(0, slash));
    if (it == by_name.end()) continue;
    const Action& owner = *it->second;
    if (owner.views < 2 || std::stoi(view) >= owner.views) continue;
    sink.warning(Code::kAnimationNameClash, a.span,
                 "action '" + a.name + "' has the name an export gives view " + view +
                     " of action '" + owner.name + "' (" + std::to_string(owner.views) +
                     " views, exported as ACTION/VIEW): export to a format with animations "
                     "would make two animations '" +
                     a.name + "' and refuses it (E0704); rename one of the actions",
                 {diag::Note{owner.span, "action '" + owner.name + "'"}});
  }
}

// The transitions of action `a` (the ai-th): each names an action, none is shadowed by an
// earlier rule of the same kind, and the inputs they test, counted across the pack
// (inputs_seen), stay within kMaxInputs.
void check_transitions(const Action& a, std::size_t ai, const detail::Unknowns& unknowns,
                       const std::map<std::string, const Action*>& by_name, Namer& namer,
                       std::set<std::string>& inputs_seen, diag::Sink& sink) {
  for (std::size_t j = 0; j < a.transitions.size(); ++j) {
    const Transition& t = a.transitions[j];
    if (!unknowns.targets.count({ai, j}) && !by_name.count(t.to)) {
      sink.error(Code::kUnknownTransition, t.to_span,
                 "transition to '" + t.to + "', which is not an action of this pack" +
                     namer.action_suggestion(t.to));
    }
    // An earlier rule of the same kind whose conditions are a subset of this one's
    // holds whenever this one would, and wins because the first match wins.
    for (std::size_t i = 0; i < j && !unknowns.conditions.count({ai, j}); ++i) {
      const Transition& e = a.transitions[i];
      if (unknowns.conditions.count({ai, i})) continue;
      if (e.immediate == t.immediate && is_subset(e.when, t.when) &&
          is_subset(e.unless, t.unless)) {
        sink.warning(Code::kShadowedTransition, t.span,
                     "this transition to '" + t.to + "' can never fire: rule " + std::to_string(i) +
                         " (to '" + e.to + "') matches whenever it does and comes first",
                     {diag::Note{e.span, "the earlier rule"}});
        break;
      }
    }
    for (const auto* list : {&t.when, &t.unless}) {
      for (const std::string& input : *list) {
        if (!inputs_seen.insert(input).second) continue;
        if (inputs_seen.size() == kMaxInputs + 1) {
          sink.error(Code::kTooManyInputs, t.span,
                     "input '" + input + "' is the " + std::to_string(kMaxInputs + 1) +
                         "th distinct input; a pack may use at most " + std::to_string(kMaxInputs));
        }
      }
    }
  }
}

}  // namespace

bool check_actions(const Definition& def, const LoadOptions& options, diag::Sink& sink) {
  return detail::check_actions(def, options, detail::Unknowns{}, sink);
}

bool detail::check_actions(const Definition& def, const LoadOptions& options,
                           const Unknowns& unknowns, diag::Sink& sink) {
  const std::size_t errors_before = sink.error_count();
  std::set<std::string> frame_names;
  for (const Frame& f : def.frames)
    frame_names.insert(f.name);
  Namer namer(def);
  std::unordered_map<std::string, bool> complete;  // sheet name -> all its frames listed
  for (const Sheet& s : def.sheets) {
    auto [it, inserted] = complete.emplace(s.name, s.complete);
    if (!inserted) it->second = it->second && s.complete;
  }
  std::map<std::string, const Action*> by_name;
  for (const Action& a : def.actions)
    by_name.emplace(a.name, &a);
  auto action_named = [&](const std::string& name) -> const Action* {
    auto it = by_name.find(name);
    return it == by_name.end() ? nullptr : it->second;
  };

  std::set<std::string> inputs_seen;  // for the E0313 position: the 65th distinct input
  for (std::size_t ai = 0; ai < def.actions.size(); ++ai) {
    const Action& a = def.actions[ai];
    for (const auto& view : a.steps) {
      for (const Step& s : view) {
        if (s.blank || frame_names.count(s.frame) ||
            frame_unknowable(complete, s.frame, unknowns.any_frame)) {
          continue;
        }
        sink.error(Code::kUnknownFrame, s.frame_span, namer.unknown_frame(s.frame));
      }
    }
    if (a.then == ThenKind::kAction && !action_named(a.then_action)) {
      sink.error(Code::kUnknownThen, a.then_span,
                 "then: '" + a.then_action + "' is not hold, destroy or an action of this pack" +
                     namer.action_suggestion(a.then_action));
    }
    check_transitions(a, ai, unknowns, by_name, namer, inputs_seen, sink);
  }

  check_animation_names(def, by_name, sink);

  // With actions: unreadable, the entries cannot be checked against it.
  if (!options.entries.empty() && !unknowns.actions) {
    check_reachability(def, options.entries, unknowns, by_name, namer, sink);
  }
  return sink.error_count() == errors_before;
}

}  // namespace spritec::def
