// Layered actors (docs/definitions.md, "Layered actors"): a master's `layers: {slots, order}`
// and a piece's `slot:`. Read here and checked against themselves (E0250) and, once the
// actions are read, against the master's views (E0251). Whether a piece fits a master is a
// question about two packs, answered by runtime::check_piece wherever the two meet.
#include <algorithm>
#include <set>

#include "loader.hpp"
#include "spritec/diag/suggest.hpp"

namespace spritec::def::detail {

using diag::Code;

namespace {

const char* const kSelf = "self";

// The strings of a sequence node, with each item's node (non-strings were refused by the
// schema and are left out).
std::vector<std::pair<std::string, const Node*>> strings_of(const Node* list) {
  std::vector<std::pair<std::string, const Node*>> out;
  if (!list || !list->is_sequence()) return out;
  for (const Node* item : list->items) {
    if (item->is_scalar()) out.emplace_back(item->value, item);
  }
  return out;
}

}  // namespace

void Loader::load_layers(const Node& root) {
  Layers& l = def_.layers;
  const Node* layers = root.find("layers");
  if (const MapEntry* slot = root.find_entry("slot"); slot && !tainted(slot->value)) {
    l.slot = slot->value->value;
    l.slot_span = doc_.span(*slot->value);
    if (layers) {
      error(Code::kLayersDeclaration, doc_.key_span(*slot),
            "a definition is a layered master (layers:) or an equipment piece (slot:), not both");
    } else if (std::optional<std::string> fault = shape_name_fault(l.slot)) {
      error(Code::kLayersDeclaration, l.slot_span, "the slot's name " + *fault);
    } else if (l.slot == kSelf) {
      error(Code::kLayersDeclaration, l.slot_span,
            "'self' is the master's own frames in layers.order, not a slot a piece can fill");
    }
  }
  if (!layers || tainted(layers)) return;
  l.span = doc_.span(*layers);
  std::set<std::string> declared;
  for (const auto& [name, node] : strings_of(layers->find("slots"))) {
    if (std::optional<std::string> fault = shape_name_fault(name)) {
      error(Code::kLayersDeclaration, doc_.span(*node), "a slot's name " + *fault);
    } else if (name == kSelf) {
      error(Code::kLayersDeclaration, doc_.span(*node),
            "'self' is reserved: in layers.order it draws the master's own frames");
    } else if (!declared.insert(name).second) {
      error(Code::kLayersDeclaration, doc_.span(*node), "slot '" + name + "' is declared twice");
    } else {
      l.slots.push_back(name);
    }
  }
  const Node* order = layers->find("order");
  for (const Node* list : order ? order->items : std::vector<const Node*>{}) {
    std::vector<std::string> row;
    for (const auto& [name, node] : strings_of(list)) {
      if (name != kSelf && !declared.count(name)) {
        const std::string near = diag::nearest(name, l.slots);
        error(Code::kLayersDeclaration, doc_.span(*node),
              "layers.order names slot '" + name + "', which layers.slots does not declare" +
                  (near.empty() ? " (the master's own frames are drawn as 'self')"
                                : " (did you mean '" + near + "'?)"));
      } else if (std::find(row.begin(), row.end(), name) != row.end()) {
        error(Code::kLayersDeclaration, doc_.span(*node),
              "'" + name + "' is drawn twice in one view's order");
      } else {
        row.push_back(name);
      }
    }
    l.order.push_back(std::move(row));
    l.order_spans.push_back(doc_.span(*list));
  }
}

void Loader::check_layer_views() {
  const Layers& l = def_.layers;
  if (!l.master()) return;
  const std::size_t views = l.order.size();
  bool any_frame = false;
  for (const Action& a : def_.actions) {
    if (std::size_t(a.views) != views) {
      error(Code::kLayerViews, a.span,
            "action '" + a.name + "' has " + std::to_string(a.views) + " view" +
                (a.views == 1 ? "" : "s") + ", but layers.order has " + std::to_string(views) +
                " list" + (views == 1 ? "" : "s") + ": a layered master's actions have one view " +
                "per list");
    }
    for (const std::vector<Step>& view : a.steps) {
      any_frame = any_frame ||
                  std::any_of(view.begin(), view.end(), [](const Step& s) { return !s.blank; });
    }
  }
  if (any_frame || def_.actions.empty()) return;
  for (std::size_t v = 0; v < views; ++v) {
    if (std::find(l.order[v].begin(), l.order[v].end(), kSelf) != l.order[v].end()) {
      error(Code::kLayersDeclaration, l.order_spans[v],
            "this order draws 'self', but every step of the master is blank: a pure clock draws "
            "nothing of its own (leave 'self' out)");
      return;
    }
  }
}

// layers: split on an aseprite: sheet: the sheet's layers become the master's slots, drawn
// in the file's order (bottom to top) in every view. One split sheet in a definition, and
// not with a written layers: or slot: (E0250).
void Loader::apply_split() {
  Layers& l = def_.layers;
  const Sheet* split = nullptr;
  for (const Sheet& sheet : def_.sheets) {
    if (sheet.split.empty()) continue;
    if (split) {
      error(Code::kLayersDeclaration, sheet.split_span,
            "sheet '" + sheet.name + "' splits its layers, and so does sheet '" + split->name +
                "': one sheet of a definition may say layers: split",
            {diag::Note{split->split_span, "the other split"}});
      return;
    }
    split = &sheet;
  }
  if (!split) return;
  if (l.master() || !l.slot.empty()) {
    error(Code::kLayersDeclaration, l.master() ? l.span : l.slot_span,
          std::string("sheet '") + split->name + "' says layers: split, which makes this " +
              "definition a layered master of the file's layers: leave out " +
              (l.master() ? "layers:" : "slot:"),
          {diag::Note{split->split_span, "the split"}});
    return;
  }
  l.split = true;
  l.split_sheet = static_cast<std::size_t>(split - def_.sheets.data());
  l.slots = split->split;
  l.span = split->split_span;
  // One order list per view (the actions' views; every action must have as many, E0251).
  const std::size_t views = def_.actions.empty() ? 1 : std::size_t(def_.actions[0].views);
  l.order.assign(views, l.slots);
  l.order_spans.assign(views, l.span);
}

}  // namespace spritec::def::detail

namespace spritec::def {

Definition split_master(Definition def) {
  if (!def.layers.split) return def;
  for (Action& a : def.actions) {
    for (std::vector<Step>& view : a.steps) {
      for (Step& s : view) {
        s.frame.clear();
        s.blank = true;
      }
    }
  }
  // A pure clock holds no frames (nor boxes and points of frames: the steps' own stay).
  def.frames.clear();
  for (Sheet& sheet : def.sheets) {
    sheet.first_frame = 0;
    sheet.frame_count = 0;
  }
  return def;
}

std::vector<Definition> split_pieces(const Definition& def) {
  std::vector<Definition> pieces;
  if (!def.layers.split) return pieces;
  for (const std::string& slot : def.layers.slots) {
    Definition& piece = pieces.emplace_back(def);
    piece.pack = def.pack + "." + slot;
    piece.layers = Layers{};
    piece.layers.slot = slot;
    piece.layers.slot_span = def.layers.span;
    piece.sheets[def.layers.split_sheet].layers = {slot};
    piece.sheets[def.layers.split_sheet].split.clear();
  }
  return pieces;
}

}  // namespace spritec::def
