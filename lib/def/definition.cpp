#include "spritec/def/definition.hpp"

#include <algorithm>
#include <map>
#include <system_error>

#include "loader.hpp"
#include "spritec/diag/utf8.hpp"
#include "spritec/yaml/schema.hpp"

namespace spritec::def {
namespace fs = std::filesystem;

namespace detail {

using diag::Code;

std::string size_text(int w, int h) {
  return std::to_string(w) + "x" + std::to_string(h);
}

int to_int(const Node* n, int fallback) {
  if (!n) return fallback;
  // The schema bounds every integer we read to a few million.
  return static_cast<int>(n->as_int().value_or(fallback));
}

Point to_point(const Node* n, Point fallback) {
  if (!n || !n->is_sequence() || n->items.size() != 2) return fallback;
  return Point{to_int(n->items[0], 0), to_int(n->items[1], 0)};
}

Loader::Loader(const Document& doc, const fs::path& file, const LoadOptions& options,
               diag::Sink& sink, const std::vector<const Node*>& malformed)
    : doc_(doc), options_(options), sink_(sink), bad_(malformed.begin(), malformed.end()) {
  def_.file = file;
  def_.dependencies.push_back(file);
  base_dir_ = file.parent_path();
  if (base_dir_.empty()) base_dir_ = ".";
  std::error_code ec;
  root_ = options.root.empty() ? fs::current_path(ec) : options.root;
}

std::optional<Definition> Loader::run() {
  const std::size_t errors_before = sink_.error_count();
  const Node& root = doc_.root();
  if (!root.is_mapping()) return std::nullopt;  // the schema said so
  if (const MapEntry* e = root.find_entry("pack")) {
    def_.pack = e->value->value;
    def_.pack_span = doc_.span(*e->value);
  }
  const Node* rate = root.find("tick_rate");
  rate_known_ = !tainted(rate);
  def_.tick_rate = rate_known_ ? to_int(rate, kDefaultTickRate) : kDefaultTickRate;
  if (const Node* atlas = root.find("atlas"); atlas && !tainted(atlas)) load_atlas(*atlas);
  load_layers(root);
  if (const Node* variants = root.find("variants"); variants && variants->is_sequence())
    load_variants(*variants);
  if (const Node* sheets = root.find("sheets")) {
    if (sheets->is_sequence()) {
      prefetch_files_sheets(*sheets);
      for (const Node* sheet : sheets->items)
        load_sheet(*sheet);
    } else {
      unknowns_.any_frame = true;
    }
  }
  check_duplicate_frames();
  if (const Node* actions = root.find("actions")) {
    if (actions->is_mapping()) {
      for (const MapEntry& e : actions->entries)
        load_action(e);
    } else if (!actions->is_null()) {
      unknowns_.actions = true;
    }
  }
  const std::size_t written = def_.actions.size();
  add_tag_actions();
  add_flare_actions(written);
  inexact_warnings();
  check_step_shapes();
  apply_split();
  check_layer_views();
  collect_names();
  detail::check_actions(def_, options_, unknowns_, sink_);
  if (sink_.error_count() > errors_before) return std::nullopt;
  return std::move(def_);
}

// Whether the node, or anything under it, was rejected by the schema check.
bool Loader::tainted(const Node* n) {
  if (!n || bad_.empty()) return false;
  if (auto it = tainted_.find(n); it != tainted_.end()) return it->second;
  bool t = bad_.count(n) > 0;
  for (const Node* item : n->items)
    t = tainted(item) || t;
  for (const MapEntry& e : n->entries)
    t = tainted(e.value) || t;
  tainted_.emplace(n, t);
  return t;
}

void Loader::error(Code code, const diag::Span& span, std::string message,
                   std::vector<diag::Note> notes) {
  sink_.error(code, span, std::move(message), std::move(notes));
}

void Loader::load_atlas(const Node& n) {
  AtlasOptions& a = def_.atlas;
  a.span = doc_.span(n);
  if (const Node* m = n.find("max_size")) {
    const Point p = to_point(m, Point{a.max_size.width, a.max_size.height});
    a.max_size = Size{p.x, p.y};
    a.max_size_span = doc_.span(*m);
  }
  a.padding = to_int(n.find("padding"), a.padding);
  a.extrude = to_int(n.find("extrude"), a.extrude);
  if (const Node* b = n.find("trim")) a.trim = b->as_bool().value_or(a.trim);
  if (const Node* b = n.find("dedupe")) a.dedupe = b->as_bool().value_or(a.dedupe);
  if (const Node* b = n.find("power_of_two")) {
    a.power_of_two = b->as_bool().value_or(a.power_of_two);
  }
  if (const Node* p = n.find("png")) {
    if (p->is_scalar() && p->value == "rgba") a.png = PagePng::kRgba;
  }
  if (const Node* b = n.find("bleed")) a.bleed = b->as_bool().value_or(a.bleed);
  if (const Node* b = n.find("premultiply")) a.premultiply = b->as_bool().value_or(a.premultiply);
}

namespace {

// A scale written as a decimal ("2", "0.5", "1.333333") as an exact fraction in lowest
// terms; empty when it is not a plain decimal of at most 6 places.
std::optional<std::pair<std::int64_t, std::int64_t>> exact_scale(const std::string& text) {
  std::int64_t num = 0;
  std::int64_t den = 1;
  std::size_t i = 0;
  std::size_t digits = 0;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i, ++digits) {
    if (num > 1000000) return std::nullopt;  // far over the cap: a range error, said below
    num = num * 10 + (text[i] - '0');
  }
  if (digits == 0) return std::nullopt;
  if (i < text.size() && text[i] == '.') {
    std::size_t end = text.size();
    while (end > i + 1 && text[end - 1] == '0')
      --end;  // trailing zeros say nothing: 0.0625000 is 0.0625
    for (++i; i < end && text[i] >= '0' && text[i] <= '9'; ++i) {
      if (den == kScaleDenominator) return std::nullopt;  // a 7th place
      num = num * 10 + (text[i] - '0');
      den *= 10;
    }
    if (i == end) i = text.size();
  }
  if (i != text.size()) return std::nullopt;
  std::int64_t a = num;
  std::int64_t b = den;
  while (b != 0) {
    std::int64_t t = a % b;
    a = b;
    b = t;
  }
  if (a > 1) {
    num /= a;
    den /= a;
  }
  return std::make_pair(num, den);
}

// What is wrong with a suffix, or empty: it goes into file names, between a stem and its
// extension, so it holds no path separator, no ':' and no control character.
std::string suffix_problem(const std::string& suffix) {
  if (suffix.empty()) return "is empty: it would give the variant the base pack's names";
  if (suffix.size() > kMaxSuffixBytes)
    return "is " + std::to_string(suffix.size()) + " bytes, over the cap of " +
           std::to_string(kMaxSuffixBytes);
  for (unsigned char c : suffix) {
    if (c == '/' || c == '\\') return "holds a path separator";
    if (c == ':') return "holds ':'";
    if (c < 0x20 || c == 0x7f) return "holds a control character";
  }
  if (suffix == "." || suffix == "..") return "is only dots";
  return {};
}

}  // namespace

// variants: each a scale (1/16..16, a decimal of at most 6 places), a suffix distinct from
// the others' and fit for a file name, and a filter (nearest unless given).
void Loader::load_variants(const Node& n) {
  if (n.items.size() > kMaxVariants) {
    error(Code::kTooManyVariants, doc_.span(*n.items[kMaxVariants]),
          "the definition has " + std::to_string(n.items.size()) + " variants; the cap is " +
              std::to_string(kMaxVariants) + " (this is variant " +
              std::to_string(kMaxVariants + 1) + ")");
    return;
  }
  std::map<std::string, diag::Span> suffixes;
  for (const Node* item : n.items) {
    if (!item->is_mapping() || tainted(item)) continue;
    Variant v;
    v.span = doc_.span(*item);
    bool ok = true;
    if (const Node* scale = item->find("scale"); scale && scale->is_scalar()) {
      v.scale_text = scale->value;
      std::optional<std::pair<std::int64_t, std::int64_t>> exact = exact_scale(scale->value);
      if (!exact) {
        error(Code::kVariantScale, doc_.span(*scale),
              "scale " + scale->value +
                  " is not a positive decimal of at most 6 places (write 2, 0.5, 0.333333)");
        ok = false;
      } else if (exact->first * 16 < exact->second || exact->first > 16 * exact->second) {
        error(Code::kVariantScale, doc_.span(*scale),
              "scale " + scale->value + " is outside 0.0625..16 (1/16 to 16 times)");
        ok = false;
      } else {
        v.num = exact->first;
        v.den = exact->second;
      }
    }
    if (const Node* suffix = item->find("suffix"); suffix && suffix->is_scalar()) {
      v.suffix = suffix->value;
      const diag::Span at = doc_.span(*suffix);
      if (std::string problem = suffix_problem(v.suffix); !problem.empty()) {
        error(Code::kVariantSuffix, at, "suffix '" + diag::shown_name(v.suffix) + "' " + problem);
        ok = false;
      } else if (auto [it, inserted] = suffixes.emplace(v.suffix, at); !inserted) {
        error(Code::kVariantSuffix, at, "suffix '" + v.suffix + "' is given to two variants",
              {diag::Note{it->second, "first given here"}});
        ok = false;
      }
    }
    if (const Node* filter = item->find("filter"); filter && filter->is_scalar())
      v.filter = filter->value == "smooth" ? ScaleFilter::kSmooth : ScaleFilter::kNearest;
    if (ok) def_.variants.push_back(std::move(v));
  }
}

void Loader::check_duplicate_frames() {
  std::map<std::string, std::size_t> first;
  for (std::size_t i = 0; i < def_.frames.size(); ++i) {
    auto [it, inserted] = first.emplace(def_.frames[i].name, i);
    if (!inserted && !duplicate_sheets_.count(def_.frames[i].sheet)) {
      error(Code::kDuplicateFrame, def_.frames[i].span,
            "duplicate frame name '" + def_.frames[i].name + "'",
            {diag::Note{def_.frames[it->second].span, "first defined here"}});
    }
  }
}

void Loader::collect_names() {
  for (const Action& a : def_.actions) {
    for (const Transition& t : a.transitions) {
      for (const auto* list : {&t.when, &t.unless}) {
        def_.inputs.insert(def_.inputs.end(), list->begin(), list->end());
      }
    }
    for (const auto& view : a.steps) {
      for (const Step& s : view) {
        if (!s.event.empty()) def_.events.push_back(s.event);
      }
    }
  }
  for (auto* v : {&def_.inputs, &def_.events}) {
    std::sort(v->begin(), v->end());
    v->erase(std::unique(v->begin(), v->end()), v->end());
  }
}

}  // namespace detail

namespace {

std::optional<Definition> load_document(const Document& doc, const fs::path& file,
                                        const LoadOptions& options, diag::Sink& sink) {
  // Schema errors do not stop the semantic checks: the loader reads every part the
  // schema accepted and skips the rest, and checks that depend on a skipped part stay
  // silent, so one run lists every problem without follow-on noise.
  std::vector<const Node*> malformed;
  const bool valid = yaml::validate_schema(doc, sprites_schema(), sink, &malformed);
  detail::Loader loader(doc, file, options, sink, malformed);
  std::optional<Definition> def = loader.run();
  if (!valid) def.reset();  // unknown keys alone: every check ran, but the file has errors
  return def;
}

}  // namespace

std::optional<Definition> load_definition(const fs::path& file, const LoadOptions& options,
                                          diag::Sink& sink) {
  auto doc = yaml::read_yaml_file(file, sink, options.yaml);
  if (!doc) return std::nullopt;
  return load_document(*doc, file, options, sink);
}

std::optional<Definition> load_definition_from(std::string_view bytes, const fs::path& file,
                                               const LoadOptions& options, diag::Sink& sink) {
  auto doc = yaml::parse_yaml(bytes, file.generic_string(), sink, options.yaml);
  if (!doc) return std::nullopt;
  return load_document(*doc, file, options, sink);
}

}  // namespace spritec::def
