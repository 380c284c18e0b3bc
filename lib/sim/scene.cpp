#include "spritec/sim/scene.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <utility>

#include "spritec/diag/suggest.hpp"
#include "spritec/image/image.hpp"
#include "spritec/yaml/reader.hpp"
#include "spritec/yaml/schema.hpp"

namespace spritec::sim {
namespace {

using diag::Code;
using diag::Span;
using yaml::Document;
using yaml::MapEntry;
using yaml::Node;

// A non-negative decimal `digits[.digits]` in units of 10^-scale; empty when it has more
// fractional digits than `scale`, is malformed or overflows.
std::optional<std::int64_t> parse_fixed(std::string_view text, int scale) {
  if (text.empty()) return std::nullopt;
  std::int64_t value = 0;
  std::size_t i = 0;
  bool any_digit = false;
  const std::int64_t kLimit = std::numeric_limits<std::int64_t>::max() / 100;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
    if (value > kLimit) return std::nullopt;
    value = value * 10 + (text[i] - '0');
    any_digit = true;
  }
  int fraction = 0;
  if (i < text.size() && text[i] == '.') {
    ++i;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
      if (fraction == scale) {
        if (text[i] != '0') return std::nullopt;  // trailing zeros are harmless
        continue;
      }
      if (value > kLimit) return std::nullopt;
      value = value * 10 + (text[i] - '0');
      ++fraction;
      any_digit = true;
    }
  }
  if (!any_digit || i != text.size()) return std::nullopt;
  for (; fraction < scale; ++fraction) {
    if (value > kLimit) return std::nullopt;
    value *= 10;
  }
  return value;
}

// Plain scalars written as integers ([-+]?digits) but beyond 64 bits read as floats.
bool integer_text(std::string_view s) {
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) s.remove_prefix(1);
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

// Numbers a scene cannot hold, anywhere in the tree: `.nan`, `.inf` and floats beyond the
// double range (`1e999`), and integers beyond 64 bits. Checked before the schema (which
// has no words for them), each once (aliases share nodes), at its own place: E0609.
bool check_numbers(const Document& doc, diag::Sink& sink) {
  bool ok = true;
  // Shared nodes are walked once per alias (bounded: the reader caps what aliases add)
  // and reported once.
  std::set<const Node*> reported;
  std::vector<const Node*> todo = {&doc.root()};
  while (!todo.empty()) {
    const Node* n = todo.back();
    todo.pop_back();
    if (n->is_sequence()) {
      todo.insert(todo.end(), n->items.rbegin(), n->items.rend());
    } else if (n->is_mapping()) {
      for (auto e = n->entries.rbegin(); e != n->entries.rend(); ++e)
        todo.push_back(e->value);
    } else if (n->is_scalar() && n->scalar_type() == yaml::ScalarType::kFloat &&
               (integer_text(n->value) || !std::isfinite(n->as_number().value_or(0.0))) &&
               reported.insert(n).second) {
      if (integer_text(n->value)) {
        sink.error(Code::kSceneBadNumber, doc.span(*n),
                   "the integer " + n->value +
                       " is out of range: integers in a scene must fit in 64 bits "
                       "(±9223372036854775807)");
        ok = false;
      } else if (!std::isfinite(n->as_number().value_or(0.0))) {
        sink.error(Code::kSceneBadNumber, doc.span(*n),
                   "'" + n->value +
                       "' is not a finite number: a scene's numbers must be finite (quote it "
                       "if it is meant as text)");
        ok = false;
      }
    }
  }
  return ok;
}

// The keys an item may hold, grouped by what they belong to.
const std::set<std::string>& actor_keys() {
  static const std::set<std::string> k = {"action",  "restart", "until",   "angle",
                                          "press",   "release", "speed",   "equip",
                                          "unequip", "move_to", "move_by", "over"};
  return k;
}

class SceneReader {
 public:
  SceneReader(const Document& doc, diag::Sink& sink) : doc_(doc), sink_(sink) {}

  std::optional<Scene> read(std::filesystem::path directory) {
    Scene scene;
    scene.file = doc_.file();
    scene.directory = std::move(directory);
    const Node& root = doc_.root();
    if (!doc_.expect_mapping(root, sink_)) return std::nullopt;
    const std::size_t errors_before = sink_.error_count();

    if (const Node* stage = root.find("stage")) read_stage(*stage, scene);
    if (const Node* fps = root.find("fps")) {
      if (auto v = doc_.read_int(*fps, sink_)) scene.fps = int(*v);
    }
    if (const Node* speed = root.find("speed")) {
      if (auto v = read_speed(*speed)) {
        if (*v == 0) {
          sink_.error(Code::kSchema, doc_.span(*speed),
                      "the scene's speed must be greater than 0 (it scales the script clock)");
        } else {
          scene.speed = *v;
        }
      }
    }
    if (const Node* packs = root.find("packs")) {
      if (doc_.expect_mapping(*packs, sink_)) {
        for (const MapEntry& e : packs->entries) {
          auto path = doc_.read_string(*e.value, sink_);
          if (!path) continue;
          scene.packs.push_back(PackRef{e.key, *path, doc_.key_span(e), doc_.span(*e.value)});
        }
      }
    }
    if (const Node* actors = root.find("actors")) {
      if (auto list = doc_.read_list(*actors, sink_)) {
        scene.actors.reserve(list->size());
        for (const Node* a : *list) {
          if (auto spec = read_actor(*a)) scene.actors.push_back(std::move(*spec));
        }
      }
    }
    if (const Node* script = root.find("script")) {
      if (auto list = doc_.read_list(*script, sink_)) {
        for (const Node* s : *list) {
          if (auto step = read_step(*s)) scene.script.push_back(std::move(*step));
        }
      }
    }

    if (const Node* contacts = root.find("contacts")) read_contacts(*contacts, scene);
    check_names(scene);
    if (sink_.error_count() != errors_before) return std::nullopt;
    return scene;
  }

 private:
  // contacts: [{box, against, event}, ...] (the schema checked the keys and their types).
  void read_contacts(const Node& n, Scene& scene) {
    auto list = doc_.read_list(n, sink_);
    if (!list) return;
    for (const Node* item : *list) {
      if (!doc_.expect_mapping(*item, sink_)) continue;
      ContactRule rule;
      rule.span = doc_.span(*item);
      bool ok = true;
      for (auto [key, out, span] :
           {std::tuple{"box", &rule.box, &rule.box_span},
            std::tuple{"against", &rule.against, &rule.against_span},
            std::tuple{"event", &rule.event, static_cast<Span*>(nullptr)}}) {
        const Node* v = item->find(key);
        Span at;
        std::optional<std::string> name = v ? read_name(*v, at) : std::nullopt;
        if (!v)
          sink_.error(Code::kMissingKey, rule.span, std::string("a contact needs '") + key + "'");
        if (!name) {
          ok = false;
          continue;
        }
        *out = *name;
        if (span) *span = at;
      }
      if (ok) scene.contacts.push_back(std::move(rule));
    }
  }

  void read_stage(const Node& stage, Scene& scene) {
    if (!doc_.expect_mapping(stage, sink_)) return;
    if (const Node* size = stage.find("size")) {
      if (auto p = read_pair_int(*size)) {
        scene.stage_width = int(p->first);
        scene.stage_height = int(p->second);
      }
    }
    if (const Node* bg = stage.find("background")) {
      if (auto s = doc_.read_string(*bg, sink_)) {
        if (const std::optional<std::uint32_t> c = image::parse_hex_colour(*s, true)) {
          scene.background = *c;
        } else {
          sink_.error(Code::kBadColour, doc_.span(*bg),
                      "background '" + *s + "' is not a colour (#rrggbb or #rrggbbaa)");
        }
      }
    }
  }

  std::optional<std::pair<std::int64_t, std::int64_t>> read_pair_int(const Node& n) {
    auto list = doc_.read_list(n, sink_);
    if (!list) return std::nullopt;
    if (list->size() != 2) {
      sink_.error(Code::kSchema, doc_.span(n), "expected two numbers [width, height]");
      return std::nullopt;
    }
    auto a = doc_.read_int(*(*list)[0], sink_);
    auto b = doc_.read_int(*(*list)[1], sink_);
    if (!a || !b) return std::nullopt;
    return std::make_pair(*a, *b);
  }

  std::optional<Position> read_position(const Node& n) {
    auto list = doc_.read_list(n, sink_);
    if (!list) return std::nullopt;
    if (list->size() != 2) {
      sink_.error(Code::kSchema, doc_.span(n), "expected two numbers [x, y]");
      return std::nullopt;
    }
    std::optional<double> v[2];
    for (std::size_t i = 0; i < 2; ++i) {
      const Node& item = *(*list)[i];
      v[i] = doc_.read_number(item, sink_);
      if (v[i] && !(std::fabs(*v[i]) <= kMaxPosition)) {
        sink_.error(Code::kSceneBadNumber, doc_.span(item),
                    std::string(i == 0 ? "x" : "y") + " = " + item.value +
                        " is out of range: positions and moves are at most 1e9 px from 0 "
                        "either way");
        v[i].reset();
      }
    }
    if (!v[0] || !v[1]) return std::nullopt;
    return Position{*v[0], *v[1]};
  }

  std::optional<std::int64_t> read_speed(const Node& n) {
    if (!n.is_scalar() || (n.scalar_type() != yaml::ScalarType::kInt &&
                           n.scalar_type() != yaml::ScalarType::kFloat)) {
      sink_.error(Code::kWrongType, doc_.span(n),
                  "speed must be a number, found " + yaml::describe_type(n));
      return std::nullopt;
    }
    auto v = parse_thousandths(n.value);
    if (!v) {
      sink_.error(Code::kSchema, doc_.span(n),
                  "speed '" + n.value +
                      "' must be a decimal of at least 0 with at most 3 fractional digits");
    }
    return v;
  }

  std::optional<Duration> read_duration(const Node& n, std::string_view key) {
    std::optional<Duration> d;
    if (n.is_scalar()) d = parse_duration(n.value);
    if (!d) {
      const std::string shown = n.is_scalar() ? "'" + n.value + "'" : yaml::describe_type(n);
      sink_.error(Code::kSceneBadDuration, doc_.span(n),
                  std::string(key) + ": " + shown +
                      " is not a duration (write 500ms, 1.5s or a number of ticks)");
    }
    return d;
  }

  std::optional<std::string> read_name(const Node& n, Span& span) {
    span = doc_.span(n);
    auto s = doc_.read_string(n, sink_);
    if (s && s->empty()) {
      sink_.error(Code::kSchema, span, "a name must not be empty");
      return std::nullopt;
    }
    return s;
  }

  std::optional<ActorSpec> read_actor(const Node& n) {
    if (!doc_.expect_mapping(n, sink_)) return std::nullopt;
    ActorSpec a;
    a.span = doc_.span(n);
    bool ok = true;
    auto need = [&](const char* key, std::string& out, Span& span) {
      const Node* v = n.find(key);
      if (!v) {
        sink_.error(Code::kMissingKey, a.span, std::string("an actor needs '") + key + "'");
        ok = false;
        return;
      }
      if (auto s = read_name(*v, span)) {
        out = *s;
      } else {
        ok = false;
      }
    };
    need("name", a.name, a.name_span);
    need("pack", a.pack, a.pack_span);
    need("action", a.action, a.action_span);
    if (const Node* at = n.find("at")) {
      if (auto p = read_position(*at)) {
        a.at = *p;
      } else {
        ok = false;
      }
    }
    if (const Node* angle = n.find("angle")) {
      if (auto v = doc_.read_int(*angle, sink_)) {
        a.angle = *v;
      } else {
        ok = false;
      }
    }
    if (const Node* speed = n.find("speed")) {
      if (auto v = read_speed(*speed)) {
        a.speed = *v;
      } else {
        ok = false;
      }
    }
    if (const Node* layers = n.find("layers")) {
      if (auto v = read_slots(*layers)) {
        a.layers = std::move(*v);
      } else {
        ok = false;
      }
    }
    if (!ok) return std::nullopt;
    return a;
  }

  // `layers:` or `equip:`: slot -> pack key.
  std::optional<std::vector<SlotPack>> read_slots(const Node& n) {
    if (!doc_.expect_mapping(n, sink_)) return std::nullopt;
    std::vector<SlotPack> out;
    out.reserve(n.entries.size());
    for (const MapEntry& e : n.entries) {
      SlotPack s;
      s.slot = e.key;
      s.slot_span = doc_.key_span(e);
      auto pack = read_name(*e.value, s.pack_span);
      if (!pack) return std::nullopt;
      s.pack = *pack;
      out.push_back(std::move(s));
    }
    return out;
  }

  std::optional<std::vector<Input>> read_inputs(const Node& n) {
    auto list = doc_.read_list(n, sink_);
    if (!list) return std::nullopt;
    std::vector<Input> out;
    for (const Node* item : *list) {
      Span span;
      auto s = read_name(*item, span);
      if (!s) return std::nullopt;
      out.push_back(Input{*s, span});
    }
    return out;
  }

  std::optional<ScriptStep> read_step(const Node& n) {
    if (!doc_.expect_mapping(n, sink_)) return std::nullopt;
    ScriptStep step;
    step.span = doc_.span(n);
    if (const MapEntry* together = n.find_entry("together")) {
      step.together = true;
      bool ok = true;
      for (const MapEntry& e : n.entries) {
        if (e.key != "together") {
          sink_.error(Code::kSceneBadItem, doc_.key_span(e),
                      "'" + e.key + "' cannot stand beside together: (put it on the items inside)");
          ok = false;
        }
      }
      auto list = doc_.read_list(*together->value, sink_);
      if (!list) return std::nullopt;
      for (const Node* item_node : *list) {
        if (item_node->is_mapping() && item_node->find("together")) {
          sink_.error(Code::kSceneBadItem, doc_.key_span(*item_node->find_entry("together")),
                      "together: cannot be nested (its items already start at once)");
          ok = false;
          continue;
        }
        if (auto item = read_item(*item_node)) {
          step.items.push_back(std::move(*item));
        } else {
          ok = false;
        }
      }
      if (!ok) return std::nullopt;
      return step;
    }
    auto item = read_item(n);
    if (!item) return std::nullopt;
    step.items.push_back(std::move(*item));
    return step;
  }

  std::optional<Item> read_item(const Node& n) {
    if (!doc_.expect_mapping(n, sink_)) return std::nullopt;
    Item item;
    item.span = doc_.span(n);
    const std::size_t errors_before = sink_.error_count();

    // Exactly one kind key.
    const MapEntry* kind_entry = nullptr;
    for (const char* key : {"wait", "actor", "spawn", "despawn"}) {
      const MapEntry* e = n.find_entry(key);
      if (!e) continue;
      if (kind_entry) {
        sink_.error(Code::kSceneBadItem, doc_.key_span(*e),
                    "'" + e->key + "' and '" + kind_entry->key +
                        "' cannot be in one script item (make them two steps, or use "
                        "together:)");
        return std::nullopt;
      }
      kind_entry = e;
    }
    if (!kind_entry) {
      sink_.error(Code::kSceneBadItem, item.span,
                  "a script item needs one of wait, actor, spawn, despawn or together");
      return std::nullopt;
    }
    const std::string& kind = kind_entry->key;
    const Node& value = *kind_entry->value;

    // Keys that belong to actor items only.
    if (kind != "actor") {
      for (const MapEntry& e : n.entries) {
        if (actor_keys().count(e.key)) {
          sink_.error(Code::kSceneBadItem, doc_.key_span(e),
                      "'" + e.key + "' needs an actor: this is a " + kind + " item");
        }
      }
    }

    bool has_duration = false;
    if (kind == "wait") {
      item.kind = ItemKind::kWait;
      if (auto d = read_duration(value, "wait")) item.wait = *d;
      has_duration = true;
    } else if (kind == "spawn") {
      item.kind = ItemKind::kSpawn;
      if (auto a = read_actor(value)) item.spawn = std::move(*a);
    } else if (kind == "despawn") {
      item.kind = ItemKind::kDespawn;
      if (auto s = read_name(value, item.actor_span)) item.actor = *s;
    } else {
      item.kind = ItemKind::kActor;
      has_duration = read_actor_item(n, value, item);
    }

    if (const Node* bg = n.find("background")) {
      if (auto b = doc_.read_bool(*bg, sink_)) {
        item.background = *b;
        if (*b && !has_duration) {
          sink_.error(Code::kSceneBadItem, doc_.key_span(*n.find_entry("background")),
                      "only an item with a duration (wait, over or until) can be background");
        }
      }
    }
    if (sink_.error_count() != errors_before) return std::nullopt;
    return item;
  }

  // Reads the keys of an actor item; returns whether the item has a duration.
  bool read_actor_item(const Node& n, const Node& actor, Item& item) {
    if (auto s = read_name(actor, item.actor_span)) item.actor = *s;
    bool does_something = false;
    bool has_duration = false;
    if (const Node* action = n.find("action")) {
      item.action_span = doc_.span(*action);
      if (auto s = read_name(*action, item.action_span)) item.action = *s;
      does_something = true;
    }
    for (const char* key : {"restart", "until"}) {
      const MapEntry* e = n.find_entry(key);
      if (e && !n.find("action")) {
        sink_.error(Code::kSceneBadItem, doc_.key_span(*e),
                    std::string("'") + key + "' needs an action: in the same item");
      }
    }
    if (const Node* restart = n.find("restart")) {
      if (auto b = doc_.read_bool(*restart, sink_)) item.restart = *b;
    }
    if (const Node* until = n.find("until")) {
      auto s = doc_.read_string(*until, sink_);
      if (s && *s == "finished") {
        item.until_finished = true;
        has_duration = true;
      } else if (s) {
        sink_.error(Code::kSchema, doc_.span(*until),
                    "until: '" + *s + "' is not known (the only value is 'finished')");
      }
    }
    if (const Node* angle = n.find("angle")) {
      if (auto v = doc_.read_int(*angle, sink_)) item.angle = *v;
      does_something = true;
    }
    if (const Node* press = n.find("press")) {
      if (auto v = read_inputs(*press)) item.press = std::move(*v);
      does_something = true;
    }
    if (const Node* release = n.find("release")) {
      if (auto v = read_inputs(*release)) item.release = std::move(*v);
      does_something = true;
    }
    if (const Node* speed = n.find("speed")) {
      item.speed = read_speed(*speed);
      does_something = true;
    }
    if (const Node* unequip = n.find("unequip")) {
      if (auto v = read_inputs(*unequip)) item.unequip = std::move(*v);
      does_something = true;
    }
    if (const Node* equip = n.find("equip")) {
      if (auto v = read_slots(*equip)) item.equip = std::move(*v);
      does_something = true;
    }
    const MapEntry* move_to = n.find_entry("move_to");
    const MapEntry* move_by = n.find_entry("move_by");
    if (move_to && move_by) {
      sink_.error(Code::kSceneBadItem, doc_.key_span(*move_by),
                  "move_to and move_by cannot be in one item");
    } else if (move_to || move_by) {
      const MapEntry* m = move_to ? move_to : move_by;
      item.move = move_to ? MoveKind::kTo : MoveKind::kBy;
      if (auto p = read_position(*m->value)) item.move_value = *p;
      does_something = true;
      has_duration = true;
    }
    if (const MapEntry* over = n.find_entry("over")) {
      if (!move_to && !move_by) {
        sink_.error(Code::kSceneBadItem, doc_.key_span(*over),
                    "over: needs move_to or move_by in the same item");
      } else if (auto d = read_duration(*over->value, "over")) {
        item.over = *d;
      }
    }
    if (!does_something) {
      sink_.error(Code::kSceneBadItem, item.span,
                  "this item names actor '" + item.actor +
                      "' but says nothing to do (action, angle, press, release, speed, "
                      "equip, unequip, move_to or move_by)");
    }
    return has_duration;
  }

  void check_pack(const std::string& pack, const Span& span,
                  const std::map<std::string, Span>& packs,
                  const std::vector<std::string>& pack_names) {
    if (packs.count(pack)) return;
    std::string message = "pack '" + pack + "' is not listed in packs:";
    const std::string near = diag::nearest(pack, pack_names);
    if (!near.empty()) message += " (did you mean '" + near + "'?)";
    sink_.error(Code::kSceneUnknownPack, span, message);
  }

  void check_names(const Scene& scene) {
    std::map<std::string, Span> packs;
    for (const PackRef& p : scene.packs)
      packs.emplace(p.name, p.name_span);
    std::vector<std::string> pack_names;
    for (const PackRef& p : scene.packs)
      pack_names.push_back(p.name);

    // Every actor: the initial ones, then the spawned ones in script order.
    std::vector<const ActorSpec*> all;
    for (const ActorSpec& a : scene.actors)
      all.push_back(&a);
    for (const ScriptStep& s : scene.script) {
      for (const Item& i : s.items) {
        if (i.kind == ItemKind::kSpawn) all.push_back(&i.spawn);
      }
    }
    std::map<std::string, Span> names;
    std::vector<std::string> name_list;
    for (const ActorSpec* a : all) {
      auto [it, fresh] = names.emplace(a->name, a->name_span);
      if (!fresh) {
        sink_.error(Code::kSceneDuplicateActor, a->name_span,
                    "actor '" + a->name + "' is defined twice",
                    {diag::Note{it->second, "first defined here"}});
      } else {
        name_list.push_back(a->name);
      }
      check_pack(a->pack, a->pack_span, packs, pack_names);
      for (const SlotPack& l : a->layers)
        check_pack(l.pack, l.pack_span, packs, pack_names);
    }
    for (const ScriptStep& s : scene.script) {
      for (const Item& i : s.items) {
        for (const SlotPack& l : i.equip)
          check_pack(l.pack, l.pack_span, packs, pack_names);
      }
    }
    for (const ScriptStep& s : scene.script) {
      for (const Item& i : s.items) {
        if (i.kind != ItemKind::kActor && i.kind != ItemKind::kDespawn) continue;
        if (names.count(i.actor)) continue;
        std::string message = "no actor is named '" + i.actor + "'";
        const std::string near = diag::nearest(i.actor, name_list);
        if (!near.empty()) message += " (did you mean '" + near + "'?)";
        sink_.error(Code::kSceneUnknownActor, i.actor_span, message);
      }
    }
  }

  const Document& doc_;
  diag::Sink& sink_;
};

}  // namespace

std::optional<std::int64_t> parse_thousandths(std::string_view text) {
  return parse_fixed(text, 3);
}

namespace {

std::optional<Duration> parse_duration_text(std::string_view text) {
  Duration d;
  if (text.size() > 2 && text.substr(text.size() - 2) == "ms") {
    auto v = parse_fixed(text.substr(0, text.size() - 2), 3);
    if (!v) return std::nullopt;
    d.unit = Duration::Unit::kMilliseconds;
    d.thousandths = *v;
  } else if (text.size() > 1 && text.back() == 's') {
    // Seconds with up to 6 fractional digits are exact in thousandths of milliseconds.
    auto v = parse_fixed(text.substr(0, text.size() - 1), 6);
    if (!v) return std::nullopt;
    d.unit = Duration::Unit::kMilliseconds;
    d.thousandths = *v;
  } else {
    auto v = parse_fixed(text, 3);
    if (!v) return std::nullopt;
    d.unit = Duration::Unit::kTicks;
    d.thousandths = *v;
  }
  return d;
}

}  // namespace

std::optional<Duration> parse_duration(std::string_view text) {
  std::optional<Duration> d = parse_duration_text(text);
  if (d && d->thousandths > kMaxDurationThousandths) return std::nullopt;
  return d;
}

std::int64_t to_clock_units(const Duration& d, std::uint32_t tick_rate) {
  if (d.unit == Duration::Unit::kTicks) return d.thousandths;  // a tick is 1000 units
  // thousandths of a ms × tick_rate units per ms / 1000, rounded up; saturated far
  // beyond any run (10^18 units) so the clock arithmetic cannot overflow.
  constexpr std::int64_t kCap = 1000000000000000000;
  const std::int64_t whole = d.thousandths / 1000;
  const std::int64_t part = d.thousandths % 1000;
  const std::int64_t rate = std::int64_t(tick_rate);
  if (rate != 0 && whole > kCap / rate) return kCap;
  return whole * rate + (part * rate + 999) / 1000;
}

std::optional<Scene> parse_scene(std::string_view text, std::string file,
                                 std::filesystem::path directory, diag::Sink& sink) {
  auto doc = yaml::parse_yaml(text, std::move(file), sink);
  if (!doc) return std::nullopt;
  if (!check_numbers(*doc, sink)) return std::nullopt;
  if (!yaml::validate_schema(*doc, scene_schema(), sink)) return std::nullopt;
  return SceneReader(*doc, sink).read(std::move(directory));
}

std::optional<Scene> read_scene_file(const std::filesystem::path& path, diag::Sink& sink) {
  auto doc = yaml::read_yaml_file(path, sink);
  if (!doc) return std::nullopt;
  if (!check_numbers(*doc, sink)) return std::nullopt;
  if (!yaml::validate_schema(*doc, scene_schema(), sink)) return std::nullopt;
  return SceneReader(*doc, sink).read(path.parent_path());
}

}  // namespace spritec::sim
