#include <algorithm>

#include "loader.hpp"

namespace spritec::def::detail {

using diag::Code;

// A duration given as ticks: or ms: on `n` (an action or a step mapping). Returns
// empty when neither is given, or when the one given cannot be read (a schema error,
// or ms: with an unreadable tick_rate) — then `*known` is set false. Reports E0309,
// E0310, W0301.
std::optional<int> Loader::duration(const Node& n, diag::Span* where, bool* known) {
  const Node* ticks = n.find("ticks");
  const Node* ms = n.find("ms");
  if (ticks && ms) {
    error(Code::kDurationTwice, doc_.span(*ms),
          "a duration is given both as ticks: and as ms:; keep one",
          {diag::Note{doc_.span(*ticks), "ticks: given here"}});
  }
  if (tainted(ticks) || tainted(ms) || (ms && !ticks && !rate_known_)) {
    *known = false;
    return std::nullopt;
  }
  if (ticks) {
    const std::int64_t t = ticks->as_int().value_or(1);
    if (where) *where = doc_.span(*ticks);
    if (t < 1) {
      error(Code::kBadDuration, doc_.span(*ticks),
            "ticks must be at least 1, got " + std::to_string(t) +
                " (every step lasts at least one tick)");
      return 1;
    }
    return static_cast<int>(t);
  }
  if (ms) {
    const std::int64_t v = ms->as_int().value_or(0);
    if (where) *where = doc_.span(*ms);
    const int t = ms_to_ticks(v, def_.tick_rate);
    if (!ms_is_exact(v, def_.tick_rate)) {
      // ms * rate / 1000 with three decimals, from integers only.
      const std::int64_t milli = v * def_.tick_rate;  // thousandths of a tick
      std::string frac = std::to_string(milli % 1000);
      frac = std::string(3 - frac.size(), '0') + frac;
      while (!frac.empty() && frac.back() == '0')
        frac.pop_back();
      const std::string exact =
          std::to_string(milli / 1000) + (frac.empty() ? std::string() : "." + frac);
      sink_.warning(Code::kInexactDuration, doc_.span(*ms),
                    "ms: " + std::to_string(v) + " is " + exact + " ticks at " +
                        std::to_string(def_.tick_rate) + " ticks per second; rounded to " +
                        std::to_string(t));
    }
    return t;
  }
  return std::nullopt;
}

Step Loader::load_step(const Node& n, int default_ticks, bool default_known, StepKnown& known) {
  Step s;
  s.ticks = default_ticks;
  s.span = doc_.span(n);
  s.frame_span = s.span;
  s.ticks_span = s.span;
  known.duration = default_known;
  if (malformed(&n)) {
    // Not a step the schema accepts (or a mapping without frame:): nothing is known.
    s.blank = true;
    known = StepKnown{false, false};
    return s;
  }
  if (n.is_mapping()) {
    const Node* frame = n.find("frame");
    if (frame && !tainted(frame) && frame->scalar_type() != ScalarType::kNull) {
      s.frame = frame->value;
      s.frame_span = doc_.span(*frame);
    } else {
      s.blank = true;  // blank, or a frame: that cannot be read (not checked)
    }
    bool duration_known = true;
    if (auto t = duration(n, &s.ticks_span, &duration_known)) {
      s.ticks = *t;
      known.duration = true;
    } else if (!duration_known) {
      known.duration = false;
    }
    if (const Node* flip = n.find("flip"); flip && !tainted(flip)) {
      const std::string& f = flip->value;
      s.flip = f == "x" ? Flip::kX : f == "y" ? Flip::kY : f == "xy" ? Flip::kXY : Flip::kNone;
    }
    if (const Node* event = n.find("event")) {
      if (tainted(event)) {
        known.event = false;
      } else {
        s.event = event->value;
        s.event_span = doc_.span(*event);
      }
    }
    const Node* move = n.find("move");
    s.move = tainted(move) ? Point{} : to_point(move, Point{});
    s.shapes = load_shapes(n, s.blank ? "a blank step" : "the step showing '" + s.frame + "'");
  } else if (n.scalar_type() == ScalarType::kNull) {
    s.blank = true;
  } else {
    s.frame = n.value;
  }
  return s;
}

void Loader::load_action(const MapEntry& entry) {
  Action a;
  a.name = entry.key;
  a.span = doc_.key_span(entry);
  const std::size_t index = def_.actions.size();
  if (!entry.value->is_mapping()) {
    // The schema reported it: the action exists (transitions may name it), nothing
    // else about it is known.
    unknowns_.reachability = true;
    def_.actions.push_back(std::move(a));
    return;
  }
  const Node& n = *entry.value;
  const Node* views = n.find("views");
  const bool views_known = !tainted(views);
  a.views = views_known ? to_int(views, 1) : 1;
  const Node* first_view = n.find("first_view");
  if (!tainted(first_view)) a.first_view = ((to_int(first_view, 0) % 360) + 360) % 360;
  const Node* mode = n.find("mode");
  if (mode && !tainted(mode)) {
    a.mode = mode->value == "pingpong" ? PlayMode::kPingpong
             : mode->value == "once"   ? PlayMode::kOnce
                                       : PlayMode::kLoop;
  }
  const Node* repeat = n.find("repeat");
  a.repeat = tainted(repeat) ? (a.mode == PlayMode::kOnce ? 1 : 0)
                             : to_int(repeat, a.mode == PlayMode::kOnce ? 1 : 0);
  if (const Node* then = n.find("then")) {
    if (tainted(then)) {
      unknowns_.reachability = true;
    } else {
      a.then_span = doc_.span(*then);
      if (then->value == "hold") {
        a.then = ThenKind::kHold;
      } else if (then->value == "destroy") {
        a.then = ThenKind::kDestroy;
      } else {
        a.then = ThenKind::kAction;
        a.then_action = then->value;
      }
    }
  }
  if (const Node* r = n.find("reverse"); r && !tainted(r)) a.reverse = r->as_bool().value_or(false);
  bool default_known = true;
  const std::optional<int> given = duration(n, nullptr, &default_known);
  // The default of 100 ms depends on the tick rate.
  if (!given && default_known) default_known = rate_known_;
  const int default_ticks = given.value_or(ms_to_ticks(kDefaultStepMs, def_.tick_rate));

  action_tags_.clear();
  const bool steps_known = load_steps(a, n, default_ticks, default_known, views_known);
  if (!mode) take_tag_mode(a);

  if (const Node* lf = n.find("loop_from"); lf && !tainted(lf) && steps_known) {
    const std::int64_t v = lf->as_int().value_or(0);
    const std::size_t steps = a.steps.empty() ? 0 : a.steps[0].size();
    if (steps > 0 && (v < 0 || v >= static_cast<std::int64_t>(steps))) {
      error(Code::kLoopFrom, doc_.span(*lf),
            "loop_from must be a step index, 0 to " + std::to_string(steps - 1) + ", got " +
                std::to_string(v));
    } else {
      a.loop_from = static_cast<int>(v);
    }
  }

  if (const Node* rules = n.find("transitions")) load_transitions(a, *rules, index);
  def_.actions.push_back(std::move(a));
}

// The rules of `transitions:`; a rule that cannot be read makes where the action leads
// unknown (the reachability checks then stay silent).
void Loader::load_transitions(Action& a, const Node& rules, std::size_t index) {
  if (!rules.is_sequence()) unknowns_.reachability = true;
  for (const Node* rule : rules.items) {
    if (malformed(rule) || !rule->is_mapping()) {
      // Not a rule, or one without to:: where it leads is unknown.
      unknowns_.reachability = true;
      continue;
    }
    const std::pair<std::size_t, std::size_t> at{index, a.transitions.size()};
    Transition t;
    t.span = doc_.span(*rule);
    if (const Node* to = rule->find("to")) {
      if (tainted(to)) {
        unknowns_.targets.insert(at);
        unknowns_.reachability = true;
      } else {
        t.to = to->value;
        t.to_span = doc_.span(*to);
      }
    }
    for (const char* key : {"when", "unless"}) {
      if (const Node* list = rule->find(key)) {
        if (tainted(list)) {
          unknowns_.conditions.insert(at);
          continue;
        }
        auto& out = key[0] == 'w' ? t.when : t.unless;
        for (const Node* item : list->items)
          out.push_back(item->value);
      }
    }
    if (const Node* imm = rule->find("immediate")) {
      if (tainted(imm)) {
        unknowns_.conditions.insert(at);
      } else {
        t.immediate = imm->as_bool().value_or(false);
      }
    }
    a.transitions.push_back(std::move(t));
  }
}

// A view written as a mapping instead of a list of steps: {mirror: V}.
bool Loader::is_view(const Node& item) {
  return item.is_sequence() ||
         (item.is_mapping() && (item.find("mirror") != nullptr || item.find("tag") != nullptr));
}

// Fills each view written {mirror: V} with view V's steps mirrored in x: each step's flip
// gains (or loses) x and its move's x is negated; duration, event and frame are kept.
// V must be a view written as steps (a list, or a {tag: }), not another mirror (E0314). Returns
// false when one could not be filled.
bool Loader::load_mirrors(Action& a, const std::vector<const Node*>& views,
                          std::vector<std::vector<StepKnown>>& known) {
  bool ok = true;
  for (std::size_t v = 0; v < views.size(); ++v) {
    const Node* mirror = views[v]->is_mapping() ? views[v]->find("mirror") : nullptr;
    if (!mirror || tainted(mirror)) continue;
    const std::int64_t from = mirror->as_int().value_or(-1);
    const std::string which = "view " + std::to_string(v) + " of action '" + a.name + "'";
    if (from < 0 || from >= static_cast<std::int64_t>(views.size()) ||
        views[static_cast<std::size_t>(from)]->find("mirror") != nullptr) {
      error(Code::kBadMirror, doc_.span(*mirror),
            which + " mirrors view " + std::to_string(from) + ", " +
                (from < 0 || from >= static_cast<std::int64_t>(views.size())
                     ? "but the action has views 0 to " + std::to_string(views.size() - 1)
                     : "which is a mirror itself; mirror a view written as a list of steps"));
      ok = false;
      continue;
    }
    const auto src = static_cast<std::size_t>(from);
    a.steps[v] = a.steps[src];
    known[v] = known[src];
    for (Step& s : a.steps[v]) {
      s.flip = static_cast<Flip>(static_cast<std::uint8_t>(s.flip) ^ 1u);  // toggles x
      s.move.x = -s.move.x;
    }
  }
  return ok;
}

// Reads the steps and checks their structure (E0302, E0303, E0304, E0305, E0311).
// Returns false when the step list could not be read as a whole (its shape is unknown:
// loop_from is then not checked); the steps that could be read are still listed, so
// their frames are checked.
bool Loader::load_steps(Action& a, const Node& n, int default_ticks, bool default_known,
                        bool views_known) {
  const Node* frames = n.find("frames");
  if (frames && !frames->is_sequence()) return false;  // the schema reported it
  if (!frames || frames->items.empty()) {
    error(Code::kNoSteps, a.span, "action '" + a.name + "' has no steps");
    return true;
  }
  if (std::any_of(frames->items.begin(), frames->items.end(),
                  [&](const Node* item) { return malformed(item); })) {
    load_readable_steps(a, *frames, default_ticks, default_known);
    return false;
  }
  const std::optional<std::vector<const Node*>> views = view_nodes(a, *frames, views_known);
  if (!views) return false;
  std::vector<std::vector<StepKnown>> known(views->size());
  if (!load_view_steps(a, *views, default_ticks, default_known, known)) return false;
  if (!load_mirrors(a, *views, known)) return false;
  if (std::all_of(a.steps.begin(), a.steps.end(),
                  [](const std::vector<Step>& v) { return v.empty(); })) {
    error(Code::kNoSteps, a.span, "action '" + a.name + "' has no steps");
    return true;
  }
  if (step_counts_match(a, *views)) check_views(a, *views, known);
  return true;
}

// frames: holds an item that is neither a step nor a list of steps: the views cannot be
// told apart. Keeps the readable steps for the frame checks only.
void Loader::load_readable_steps(Action& a, const Node& frames, int default_ticks,
                                 bool default_known) {
  StepKnown ignored;
  std::vector<Step> flat;
  for (const Node* item : frames.items) {
    if (malformed(item)) continue;
    if (item->is_sequence()) {
      std::vector<Step> view;
      for (const Node* step : item->items)
        view.push_back(load_step(*step, default_ticks, default_known, ignored));
      a.steps.push_back(std::move(view));
    } else {
      flat.push_back(load_step(*item, default_ticks, default_known, ignored));
    }
  }
  if (!flat.empty()) a.steps.push_back(std::move(flat));
}

// One node per view: each item of frames: when all are views, or frames: itself when none
// is (a flat list of steps, one view). Empty after reporting a mix of the two (E0105), or
// a number of views other than views: says (E0302).
std::optional<std::vector<const Node*>> Loader::view_nodes(const Action& a, const Node& frames,
                                                           bool views_known) {
  std::size_t lists = 0;
  for (const Node* item : frames.items)
    lists += is_view(*item) ? 1 : 0;
  std::vector<const Node*> views;
  if (lists == 0) {
    views.push_back(&frames);
  } else if (lists == frames.items.size()) {
    views = frames.items;
  } else {
    for (const Node* item : frames.items) {
      if (!is_view(*item)) {
        error(Code::kWrongType, doc_.span(*item),
              "frames: mixes steps and per-view lists; give one list per view, or a flat "
              "list of steps for a single view");
        return std::nullopt;
      }
    }
  }
  if (views_known && static_cast<int>(views.size()) != a.views) {
    error(Code::kViewCount, doc_.span(frames),
          lists == 0 ? "action '" + a.name + "' has views: " + std::to_string(a.views) +
                           " but frames: is a flat list (one view); give one list per view"
                     : "action '" + a.name + "' has views: " + std::to_string(a.views) + " but " +
                           std::to_string(views.size()) + " frame lists");
    return std::nullopt;
  }
  return views;
}

// The steps of each view written as a list or as {tag: }, and what could be read of each
// (`known`, one entry per view); views written {mirror: V} stay empty for load_mirrors.
// Returns false when a {tag: } view could not be read.
bool Loader::load_view_steps(Action& a, const std::vector<const Node*>& views, int default_ticks,
                             bool default_known, std::vector<std::vector<StepKnown>>& known) {
  a.steps.resize(views.size());
  for (std::size_t v = 0; v < views.size(); ++v) {
    if (views[v]->is_sequence()) {
      known[v].resize(views[v]->items.size());
      for (std::size_t i = 0; i < views[v]->items.size(); ++i)
        a.steps[v].push_back(
            load_step(*views[v]->items[i], default_ticks, default_known, known[v][i]));
    } else if (views[v]->find("tag")) {
      if (!load_tag_view(*views[v], a.steps[v])) return false;
      known[v].resize(a.steps[v].size());
    }
  }
  return true;
}

// Every view has as many steps as view 0 (E0303, for each view that does not).
bool Loader::step_counts_match(const Action& a, const std::vector<const Node*>& views) {
  bool counts_ok = true;
  for (std::size_t v = 1; v < views.size(); ++v) {
    if (a.steps[v].size() != a.steps[0].size()) {
      error(Code::kStepCount, doc_.span(*views[v]),
            "view " + std::to_string(v) + " of action '" + a.name + "' has " +
                std::to_string(a.steps[v].size()) + " steps but view 0 has " +
                std::to_string(a.steps[0].size()),
            {diag::Note{doc_.span(*views[0]), "view 0's steps"}});
      counts_ok = false;
    }
  }
  return counts_ok;
}

// Views share the step clock: step i lasts as long and raises the same event in every
// view (E0304, E0305). Steps whose duration or event could not be read are not compared.
void Loader::check_views(const Action& a, const std::vector<const Node*>& views,
                         const std::vector<std::vector<StepKnown>>& known) {
  for (std::size_t v = 1; v < views.size(); ++v) {
    for (std::size_t i = 0; i < a.steps[0].size(); ++i) {
      const Step& s = a.steps[v][i];
      const Step& s0 = a.steps[0][i];
      if (s.ticks != s0.ticks && known[v][i].duration && known[0][i].duration) {
        error(Code::kViewTicks, s.ticks_span,
              "step " + std::to_string(i) + " of action '" + a.name + "' lasts " +
                  std::to_string(s.ticks) + " ticks in view " + std::to_string(v) + " but " +
                  std::to_string(s0.ticks) + " in view 0 (views share the step clock)",
              {diag::Note{s0.ticks_span, "view 0's step"}});
      }
      if (s.event != s0.event && known[v][i].event && known[0][i].event) {
        auto shown = [](const std::string& e) { return e.empty() ? "no event" : "'" + e + "'"; };
        error(Code::kViewEvent, s.event.empty() ? s.span : s.event_span,
              "step " + std::to_string(i) + " of action '" + a.name + "' raises " + shown(s.event) +
                  " in view " + std::to_string(v) + " but " + shown(s0.event) + " in view 0",
              {diag::Note{s0.event.empty() ? s0.span : s0.event_span, "view 0's step"}});
      }
    }
  }
}

}  // namespace spritec::def::detail
