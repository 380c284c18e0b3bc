#include "spritec/format/spk_writer.hpp"

#include <xxhash.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <map>
#include <set>
#include <string_view>

#include "spritec/image/image.hpp"
#include "spritec/runtime/layers.hpp"

namespace spritec::format {
namespace {

namespace spk = runtime::spk;

// The reader's checks, so that what the writer accepts is what the reader takes back.
using runtime::reader_detail::plain_file_name;
using runtime::reader_detail::range_ok;

// Strings stored once each, in the order first interned.
class StringTable {
 public:
  spk::StringRef intern(const std::string& s) {
    auto it = refs_.find(s);
    if (it != refs_.end()) return it->second;
    spk::StringRef r{static_cast<std::uint32_t>(blob_.size()),
                     static_cast<std::uint32_t>(s.size())};
    blob_.insert(blob_.end(), s.begin(), s.end());
    refs_.emplace(s, r);
    return r;
  }
  const std::vector<std::uint8_t>& blob() const { return blob_; }

 private:
  std::map<std::string, spk::StringRef> refs_;
  std::vector<std::uint8_t> blob_;
};

struct Section {
  std::uint32_t tag;
  std::uint32_t count;
  std::vector<std::uint8_t> bytes;
};

template <typename Record>
void append(std::vector<std::uint8_t>& out, const Record& r) {
  const std::size_t at = out.size();
  out.resize(at + Record::kSize);
  spk::store(out.data() + at, r);
}

class Writer {
 public:
  explicit Writer(const PackModel& m) : m_(m) {}

  bool run(std::vector<std::uint8_t>& out) {
    if (m_.tick_rate == 0) return fail("tick_rate is 0");
    if (!index_names()) return false;
    if (!write_pages() || !write_frames() || !write_actions() || !write_layers()) return false;
    if (!shape_names_.empty()) finish_shapes();
    return assemble(out);
  }

  const std::string& error() const { return error_; }

 private:
  bool fail(std::string message) {
    error_ = std::move(message);
    return false;
  }

  bool index_names() {
    for (std::size_t i = 0; i < m_.frames.size(); ++i) {
      if (m_.frames[i].name.empty()) return fail("frame " + std::to_string(i) + " has no name");
      if (!frames_.emplace(m_.frames[i].name, std::uint32_t(i)).second) {
        return fail("duplicate frame name '" + m_.frames[i].name + "'");
      }
    }
    for (std::size_t i = 0; i < m_.actions.size(); ++i) {
      if (m_.actions[i].name.empty()) return fail("action " + std::to_string(i) + " has no name");
      if (!actions_.emplace(m_.actions[i].name, std::uint32_t(i)).second) {
        return fail("duplicate action name '" + m_.actions[i].name + "'");
      }
    }
    // Events and inputs, sorted by bytes (std::set's order), so indices are deterministic.
    std::set<std::string> events, inputs;
    for (const ActionModel& a : m_.actions) {
      for (const auto& view : a.steps) {
        for (const StepModel& s : view) {
          if (!s.event.empty()) events.insert(s.event);
        }
      }
      for (const TransitionModel& t : a.transitions) {
        for (const std::string& n : t.when)
          inputs.insert(n);
        for (const std::string& n : t.unless)
          inputs.insert(n);
      }
    }
    if (inputs.size() > spk::kMaxInputs) return fail("more than 64 distinct inputs");
    std::set<std::string> shape_names;
    for (const FrameModel& f : m_.frames) {
      for (const ShapeModel& s : f.shapes)
        shape_names.insert(s.name);
    }
    for (const ActionModel& a : m_.actions) {
      for (const auto& view : a.steps) {
        for (const StepModel& s : view) {
          for (const ShapeModel& sh : s.shapes)
            shape_names.insert(sh.name);
        }
      }
    }
    for (const std::string& n : shape_names) {
      if (n.empty()) return fail("a box or point name is empty");
      shape_index_.emplace(n, std::uint32_t(shape_names_.size()));
      shape_names_.push_back(n);
    }
    for (const std::string& e : events) {
      if (e.empty()) continue;
      events_.emplace(e, std::uint32_t(event_names_.size()));
      event_names_.push_back(e);
    }
    for (const std::string& n : inputs) {
      if (n.empty()) return fail("an input name is empty");
      inputs_.emplace(n, std::uint32_t(input_names_.size()));
      input_names_.push_back(n);
    }
    return true;
  }

  bool write_pages() {
    for (std::size_t i = 0; i < m_.pages.size(); ++i) {
      const PageModel& p = m_.pages[i];
      const std::string where = "page " + std::to_string(i);
      if (p.width == 0 || p.height == 0) return fail(where + " has size 0");
      spk::PageRecord r;
      r.width = p.width;
      r.height = p.height;
      r.pixel_format = spk::kPixelRgba8;
      if (!p.file.empty()) {
        if (!plain_file_name(p.file)) return fail(where + " file name is not a plain file name");
        r.storage = spk::kPageExternalFile;
        const spk::StringRef ref = strings_.intern(p.file);
        r.data_offset = ref.offset;
        r.data_size = ref.length;
      } else {
        if (p.png.size() < 8 || std::memcmp(p.png.data(), image::kPngSignature, 8) != 0) {
          return fail(where + " has no PNG data");
        }
        if (blob_.size() + p.png.size() > std::numeric_limits<std::uint32_t>::max()) {
          return fail("embedded pages exceed 4 GiB");
        }
        r.storage = spk::kPageEmbeddedPng;
        r.data_offset = std::uint32_t(blob_.size());
        r.data_size = std::uint32_t(p.png.size());
        blob_.insert(blob_.end(), p.png.begin(), p.png.end());
        while (blob_.size() % 4 != 0)
          blob_.push_back(0);  // keep each PNG 4-aligned
      }
      append(pages_bytes_, r);
    }
    return true;
  }

  bool write_frames() {
    for (const FrameModel& f : m_.frames) {
      const std::string where = "frame '" + f.name + "'";
      if (f.page >= m_.pages.size()) return fail(where + " refers to a missing page");
      const PageModel& p = m_.pages[f.page];
      if (!range_ok(f.x, f.w, p.width) || !range_ok(f.y, f.h, p.height)) {
        return fail(where + " lies outside its page");
      }
      if (!range_ok(f.trim_x, f.w, f.source_w) || !range_ok(f.trim_y, f.h, f.source_h)) {
        return fail(where + " trimmed rectangle lies outside its untrimmed size");
      }
      const std::int64_t ox = std::int64_t(f.origin_x) - f.trim_x;
      const std::int64_t oy = std::int64_t(f.origin_y) - f.trim_y;
      if (ox < std::numeric_limits<std::int32_t>::min() ||
          oy < std::numeric_limits<std::int32_t>::min()) {
        return fail(where + " origin out of range");
      }
      spk::FrameRecord r;
      r.name = strings_.intern(f.name);
      r.page = f.page;
      r.x = f.x;
      r.y = f.y;
      r.w = f.w;
      r.h = f.h;
      r.origin_x = std::int32_t(ox);
      r.origin_y = std::int32_t(oy);
      r.source_w = f.source_w;
      r.source_h = f.source_h;
      r.trim_x = f.trim_x;
      r.trim_y = f.trim_y;
      r.flags = f.shapes.empty() ? 0 : spk::kFrameFlagShapes;
      if (!add_shapes(f.shapes, f.origin_x, f.origin_y, false, where, frame_ranges_)) return false;
      append(frames_bytes_, r);
    }
    return true;
  }

  bool lookup_inputs(const std::vector<std::string>& names, std::uint64_t& mask) {
    mask = 0;
    for (const std::string& n : names)
      mask |= std::uint64_t(1) << inputs_.at(n);
    return true;
  }

  bool write_actions() {
    std::uint64_t step_count = 0, transition_count = 0;
    for (const ActionModel& a : m_.actions) {
      const std::string where = "action '" + a.name + "'";
      if (a.views == 0) return fail(where + " has 0 views");
      if (a.steps.size() != a.views) return fail(where + " does not give one step list per view");
      const std::size_t n = a.steps[0].size();
      if (n == 0) return fail(where + " has no steps");
      for (const auto& view : a.steps) {
        if (view.size() != n) return fail(where + " views have different step counts");
      }
      if (a.loop_from >= n) return fail(where + " loop_from is out of range");
      spk::ActionRecord r;
      r.name = strings_.intern(a.name);
      r.views = a.views;
      r.first_view = a.first_view;
      r.steps_per_view = std::uint32_t(n);
      r.mode = static_cast<std::uint8_t>(a.mode);
      r.then_kind = static_cast<std::uint8_t>(a.then);
      r.flags = a.reverse ? spk::kActionFlagReverse : 0;
      r.loop_from = a.loop_from;
      r.repeat = a.repeat;
      r.then_action = spk::kNone;
      if (a.then == ThenKind::kAction) {
        auto it = actions_.find(a.then_action);
        if (it == actions_.end())
          return fail(where + " then names unknown action '" + a.then_action + "'");
        r.then_action = it->second;
      }
      r.first_step = std::uint32_t(step_count);
      r.first_transition = std::uint32_t(transition_count);
      r.transition_count = std::uint32_t(a.transitions.size());
      for (const auto& view : a.steps) {
        for (const StepModel& s : view) {
          spk::StepRecord st;
          if (s.frame.empty()) {
            st.frame = spk::kNone;
          } else {
            auto it = frames_.find(s.frame);
            if (it == frames_.end())
              return fail(where + " refers to unknown frame '" + s.frame + "'");
            st.frame = it->second;
          }
          if (s.ticks == 0) return fail(where + " has a step of 0 ticks");
          st.ticks = s.ticks;
          st.event = s.event.empty() ? spk::kNone : events_.at(s.event);
          st.move_x = s.move_x;
          st.move_y = s.move_y;
          st.flip = std::uint8_t((s.flip_x ? spk::kFlipX : 0) | (s.flip_y ? spk::kFlipY : 0));
          // A step's shapes are relative to its frame's origin, a blank step's to the actor.
          const FrameModel* frame = s.frame.empty() ? nullptr : &m_.frames[st.frame];
          if (!add_shapes(s.shapes, frame ? frame->origin_x : 0, frame ? frame->origin_y : 0, true,
                          where, step_ranges_)) {
            return false;
          }
          if (!s.shapes.empty()) r.flags |= spk::kActionFlagShapes;
          append(steps_bytes_, st);
        }
      }
      step_count += std::uint64_t(a.views) * n;
      for (const TransitionModel& t : a.transitions) {
        spk::TransitionRecord tr;
        auto it = actions_.find(t.to);
        if (it == actions_.end())
          return fail(where + " has a transition to unknown action '" + t.to + "'");
        tr.to = it->second;
        tr.flags = t.immediate ? spk::kTransitionFlagImmediate : 0;
        lookup_inputs(t.when, tr.when);
        lookup_inputs(t.unless, tr.unless);
        append(transitions_bytes_, tr);
      }
      transition_count += a.transitions.size();
      if (step_count > std::numeric_limits<std::uint32_t>::max()) return fail("too many steps");
      append(actions_bytes_, r);
    }
    for (const std::string& n : input_names_)
      append(inputs_bytes_, strings_.intern(n));
    for (const std::string& n : event_names_)
      append(events_bytes_, strings_.intern(n));
    return true;
  }

  // One frame's or step's shapes into SHAP, relative to the origin (ox, oy), sorted by (kind,
  // name); their range into `ranges`.
  bool add_shapes(const std::vector<ShapeModel>& shapes, std::int32_t ox, std::int32_t oy,
                  bool removals, const std::string& where, std::vector<std::uint8_t>& ranges) {
    std::vector<spk::ShapeRecord> records;
    for (const ShapeModel& s : shapes) {
      spk::ShapeRecord r;
      r.name = shape_index_.at(s.name);
      r.kind = s.kind == runtime::ShapeKind::kPoint ? spk::kShapePoint : spk::kShapeBox;
      const std::int64_t x = std::int64_t(s.x) - ox, y = std::int64_t(s.y) - oy;
      const std::int64_t limit = runtime::kMaxShapeCoordinate;
      if (s.removed) {
        if (!removals) return fail(where + " has a removal among its frame's shapes");
        r.flags = spk::kShapeFlagRemoved;
      } else if (x < -limit || x > limit || y < -limit || y > limit || s.w > limit || s.h > limit) {
        return fail(where + " has " + s.name + " out of range");
      } else if (r.kind == spk::kShapeBox ? (s.w == 0 || s.h == 0) : (s.w != 0 || s.h != 0)) {
        return fail(where + " has box or point '" + s.name + "' of a wrong size");
      } else {
        r.x = std::int32_t(x);
        r.y = std::int32_t(y);
        r.w = s.w;
        r.h = s.h;
      }
      records.push_back(r);
    }
    std::sort(records.begin(), records.end(),
              [](const spk::ShapeRecord& a, const spk::ShapeRecord& b) {
                return a.kind != b.kind ? a.kind < b.kind : a.name < b.name;
              });
    for (std::size_t i = 1; i < records.size(); ++i) {
      if (records[i].kind == records[i - 1].kind && records[i].name == records[i - 1].name)
        return fail(where + " has two shapes of one kind named '" + shape_names_[records[i].name] +
                    "'");
    }
    spk::ShapeRange range{shape_count_, std::uint32_t(records.size())};
    for (const spk::ShapeRecord& r : records)
      append(shapes_bytes_, r);
    shape_count_ += std::uint32_t(records.size());
    append(ranges, range);
    return true;
  }

  // SLOT and LORD (1.3): a master's slots and rows of slot count + 1 entries per view (slot
  // index, kLayerSelf, then kNone); a piece's one slot.
  bool write_layers() {
    const LayersModel& l = m_.layers;
    if (!l.any()) return true;
    if (l.master() && !l.slot.empty()) return fail("a pack is both a layered master and a piece");
    const std::vector<std::string> slots = l.master() ? l.slots : std::vector<std::string>{l.slot};
    if (slots.size() > spk::kMaxSlots) return fail("more than 32 slots");
    std::map<std::string, std::uint32_t> index;
    for (const std::string& name : slots) {
      if (name.empty() || name == "self") return fail("a slot named '" + name + "'");
      if (!index.emplace(name, std::uint32_t(index.size())).second)
        return fail("slot '" + name + "' declared twice");
      append(slots_bytes_, strings_.intern(name));
    }
    for (const ActionModel& a : m_.actions) {
      if (l.master() && a.views != l.order.size())
        return fail("action '" + a.name + "' has not one view per layer order");
    }
    for (const std::vector<std::string>& row : l.order) {
      if (!write_layer_row(row, index)) return false;
    }
    return true;
  }

  bool write_layer_row(const std::vector<std::string>& row,
                       const std::map<std::string, std::uint32_t>& index) {
    std::set<std::string> seen;
    for (const std::string& name : row) {
      const auto it = index.find(name);
      if (name != "self" && it == index.end()) return fail("layer order names slot '" + name + "'");
      if (!seen.insert(name).second) return fail("layer order draws '" + name + "' twice");
      append(layer_order_bytes_, spk::LayerEntry{name == "self" ? spk::kLayerSelf : it->second});
    }
    for (std::size_t k = row.size(); k <= index.size(); ++k)
      append(layer_order_bytes_, spk::LayerEntry{spk::kNone});
    return true;
  }

  // GNAM: the names, sorted by their bytes.
  void finish_shapes() {
    for (const std::string& n : shape_names_)
      append(shape_names_bytes_, strings_.intern(n));
  }

  bool assemble(std::vector<std::uint8_t>& out) {
    std::vector<Section> sections;
    sections.push_back({spk::kTagStrings, 0, strings_.blob()});
    sections.push_back({spk::kTagPages, std::uint32_t(m_.pages.size()), std::move(pages_bytes_)});
    // Format 1.1: the pages' alpha, only when it is not what a 1.0 pack has.
    const bool alpha_section = m_.premultiplied || m_.bled;
    if (alpha_section) {
      spk::AlphaRecord alpha;
      alpha.alpha = m_.premultiplied ? spk::kAlphaPremultiplied : spk::kAlphaStraight;
      alpha.flags = m_.bled ? spk::kAlphaFlagBled : 0;
      Section s{spk::kTagAlpha, 1, {}};
      append(s.bytes, alpha);
      sections.push_back(std::move(s));
    }
    sections.push_back(
        {spk::kTagFrames, std::uint32_t(m_.frames.size()), std::move(frames_bytes_)});
    sections.push_back(
        {spk::kTagActions, std::uint32_t(m_.actions.size()), std::move(actions_bytes_)});
    sections.push_back({spk::kTagSteps, std::uint32_t(steps_bytes_.size() / spk::StepRecord::kSize),
                        std::move(steps_bytes_)});
    sections.push_back({spk::kTagTransitions,
                        std::uint32_t(transitions_bytes_.size() / spk::TransitionRecord::kSize),
                        std::move(transitions_bytes_)});
    sections.push_back(
        {spk::kTagInputs, std::uint32_t(input_names_.size()), std::move(inputs_bytes_)});
    sections.push_back(
        {spk::kTagEvents, std::uint32_t(event_names_.size()), std::move(events_bytes_)});
    const bool shapes = !shape_names_.empty();
    const bool layers = m_.layers.any();
    add_newer_sections(sections);
    sections.push_back({spk::kTagBlob, 0, std::move(blob_)});
    if (!lay_out(sections, out)) return false;
    spk::Header h;
    std::memcpy(h.signature, spk::kSignature, 8);
    h.version_major = spk::kVersionMajor;
    h.version_minor = layers ? 3 : shapes ? 2 : alpha_section ? 1 : 0;
    h.header_size = spk::Header::kSize;
    h.file_size = std::uint32_t(out.size());
    h.tick_rate = m_.tick_rate;
    h.section_count = std::uint32_t(sections.size());
    h.flags = 0;
    h.checksum = XXH64(out.data() + spk::Header::kSize, out.size() - spk::Header::kSize, 0);
    spk::store(out.data(), h);
    return true;
  }

  // Format 1.2's boxes and points and 1.3's layers, only in a pack that has some.
  void add_newer_sections(std::vector<Section>& sections) {
    if (!shape_names_.empty()) {
      sections.push_back(
          {spk::kTagShapeNames, std::uint32_t(shape_names_.size()), std::move(shape_names_bytes_)});
      sections.push_back({spk::kTagShapes, shape_count_, std::move(shapes_bytes_)});
      sections.push_back(
          {spk::kTagFrameShapes, std::uint32_t(m_.frames.size()), std::move(frame_ranges_)});
      sections.push_back({spk::kTagStepShapes,
                          std::uint32_t(step_ranges_.size() / spk::ShapeRange::kSize),
                          std::move(step_ranges_)});
    }
    if (m_.layers.any()) {
      const std::uint32_t slots = std::uint32_t(slots_bytes_.size() / spk::StringRef::kSize);
      sections.push_back({spk::kTagSlots, slots, std::move(slots_bytes_)});
      if (m_.layers.master()) {
        sections.push_back({spk::kTagLayerOrder,
                            std::uint32_t(layer_order_bytes_.size() / spk::LayerEntry::kSize),
                            std::move(layer_order_bytes_)});
      }
    }
  }

  // The directory and the sections, each at a 4-byte boundary, into `out` (the header's 40
  // bytes left for the caller).
  bool lay_out(const std::vector<Section>& sections, std::vector<std::uint8_t>& out) {
    const std::uint64_t dir_end = spk::Header::kSize + sections.size() * spk::SectionEntry::kSize;
    std::uint64_t total = dir_end;
    for (const Section& s : sections)
      total += (s.bytes.size() + 3) / 4 * 4;
    if (total > std::numeric_limits<std::uint32_t>::max()) return fail("pack would exceed 4 GiB");

    out.assign(std::size_t(total), 0);
    std::uint64_t at = dir_end;
    for (std::size_t i = 0; i < sections.size(); ++i) {
      const Section& s = sections[i];
      spk::SectionEntry e;
      e.tag = s.tag;
      e.offset = std::uint32_t(at);
      e.size = std::uint32_t(s.bytes.size());
      e.count = s.count;
      spk::store(out.data() + spk::Header::kSize + i * spk::SectionEntry::kSize, e);
      if (!s.bytes.empty()) std::memcpy(out.data() + at, s.bytes.data(), s.bytes.size());
      at += (s.bytes.size() + 3) / 4 * 4;
    }
    return true;
  }

  const PackModel& m_;
  std::string error_;
  std::map<std::string, std::uint32_t> frames_, actions_, events_, inputs_;
  std::vector<std::string> event_names_, input_names_, shape_names_;
  std::map<std::string, std::uint32_t> shape_index_;
  std::uint32_t shape_count_ = 0;
  std::vector<std::uint8_t> shapes_bytes_, shape_names_bytes_, frame_ranges_, step_ranges_;
  StringTable strings_;
  std::vector<std::uint8_t> blob_, pages_bytes_, frames_bytes_, actions_bytes_, steps_bytes_,
      transitions_bytes_, inputs_bytes_, events_bytes_, slots_bytes_, layer_order_bytes_;
};

std::vector<std::string> input_names(const runtime::PackView& pack, std::uint64_t mask) {
  std::vector<std::string> names;
  for (std::uint32_t i = 0; i < pack.input_count(); ++i) {
    if (mask & (std::uint64_t(1) << i)) names.emplace_back(pack.input_name(i));
  }
  return names;
}

}  // namespace

diag::Result<std::vector<std::uint8_t>> write_spk(const PackModel& model) {
  Writer w(model);
  std::vector<std::uint8_t> out;
  if (!w.run(out)) return diag::fail(w.error());
  return out;
}

namespace {

// Shapes of a range back in frame coordinates (origin (ox, oy) added).
std::vector<ShapeModel> read_shapes(const runtime::PackView& pack, runtime::ShapeRange range,
                                    std::int64_t ox, std::int64_t oy) {
  std::vector<ShapeModel> out;
  for (std::uint32_t i = 0; i < range.count; ++i) {
    const runtime::Shape s = pack.shape(range.first + i);
    ShapeModel m;
    m.name = std::string(pack.shape_name(s.name));
    m.kind = s.kind;
    m.removed = s.removed;
    if (!s.removed) {
      m.x = std::int32_t(s.x + ox);
      m.y = std::int32_t(s.y + oy);
      m.w = s.w;
      m.h = s.h;
    }
    out.push_back(std::move(m));
  }
  return out;
}

FrameModel read_frame(const runtime::PackView& pack, std::uint32_t i) {
  const runtime::Frame f = pack.frame(i);
  FrameModel fm;
  fm.name = std::string(f.name);
  fm.page = f.page;
  fm.x = f.x;
  fm.y = f.y;
  fm.w = f.w;
  fm.h = f.h;
  fm.origin_x = std::int32_t(f.untrimmed_origin_x());
  fm.origin_y = std::int32_t(f.untrimmed_origin_y());
  fm.source_w = f.source_w;
  fm.source_h = f.source_h;
  fm.trim_x = f.trim_x;
  fm.trim_y = f.trim_y;
  fm.shapes =
      read_shapes(pack, pack.frame_shapes(i), f.untrimmed_origin_x(), f.untrimmed_origin_y());
  return fm;
}

// Step record `index` of an action, its shapes back in its frame's coordinates.
StepModel read_step(const runtime::PackView& pack, std::uint32_t index) {
  const runtime::Step st = pack.step(index);
  StepModel sm;
  sm.frame = std::string(pack.frame_name(st.frame));
  sm.ticks = st.ticks;
  sm.flip_x = st.flip_x();
  sm.flip_y = st.flip_y();
  if (st.has_event()) sm.event = std::string(pack.event_name(st.event));
  sm.move_x = st.move_x;
  sm.move_y = st.move_y;
  // A blank step's shapes are relative to the actor: a default Frame's origin is (0, 0).
  const runtime::Frame f = st.blank() ? runtime::Frame{} : pack.frame(st.frame);
  sm.shapes =
      read_shapes(pack, pack.step_shapes(index), f.untrimmed_origin_x(), f.untrimmed_origin_y());
  return sm;
}

ActionModel read_action(const runtime::PackView& pack, std::uint32_t i) {
  const runtime::Action a = pack.action(i);
  ActionModel am;
  am.name = std::string(a.name);
  am.views = a.views;
  am.first_view = a.first_view;
  am.mode = a.mode;
  am.loop_from = a.loop_from;
  am.repeat = a.repeat;
  am.then = a.then_kind;
  if (a.then_kind == ThenKind::kAction)
    am.then_action = std::string(pack.action(a.then_action).name);
  am.reverse = a.reverse;
  am.steps.resize(a.views);
  for (std::uint32_t v = 0; v < a.views; ++v) {
    for (std::uint32_t s = 0; s < a.steps_per_view; ++s)
      am.steps[v].push_back(read_step(pack, a.first_step + v * a.steps_per_view + s));
  }
  for (std::uint32_t t = 0; t < a.transition_count; ++t) {
    const runtime::Transition tr = pack.transition(a.first_transition + t);
    TransitionModel tm;
    tm.to = std::string(pack.action(tr.to).name);
    tm.when = input_names(pack, tr.when);
    tm.unless = input_names(pack, tr.unless);
    tm.immediate = tr.immediate;
    am.transitions.push_back(std::move(tm));
  }
  return am;
}

}  // namespace

LayersModel read_layers(const runtime::PackView& pack) {
  LayersModel l;
  if (pack.piece()) l.slot = std::string(pack.piece_slot());
  if (!pack.layered()) return l;
  for (std::uint32_t i = 0; i < pack.slot_count(); ++i)
    l.slots.emplace_back(pack.slot_name(i));
  l.order.resize(pack.layer_views());
  for (std::uint32_t v = 0; v < pack.layer_views(); ++v) {
    for (std::uint32_t k = 0; k <= pack.slot_count(); ++k) {
      const std::uint32_t slot = pack.layer_entry(v, k);
      if (slot == runtime::kNone) break;
      l.order[v].emplace_back(runtime::slot_name(pack, slot));
    }
  }
  return l;
}

PackModel read_model(const runtime::PackView& pack) {
  PackModel m;
  m.tick_rate = pack.tick_rate();
  m.premultiplied = pack.premultiplied();
  m.bled = pack.bled();
  for (std::uint32_t i = 0; i < pack.page_count(); ++i) {
    const runtime::Page p = pack.page(i);
    PageModel pm;
    pm.width = p.width;
    pm.height = p.height;
    if (p.external) {
      pm.file = std::string(p.file_name);
    } else {
      pm.png.assign(p.png, p.png + p.png_size);
    }
    m.pages.push_back(std::move(pm));
  }
  for (std::uint32_t i = 0; i < pack.frame_count(); ++i)
    m.frames.push_back(read_frame(pack, i));
  for (std::uint32_t i = 0; i < pack.action_count(); ++i)
    m.actions.push_back(read_action(pack, i));
  m.layers = read_layers(pack);
  return m;
}

bool operator==(const ShapeModel& a, const ShapeModel& b) {
  return a.name == b.name && a.kind == b.kind && a.removed == b.removed && a.x == b.x &&
         a.y == b.y && a.w == b.w && a.h == b.h;
}
bool operator==(const PageModel& a, const PageModel& b) {
  return a.width == b.width && a.height == b.height && a.png == b.png && a.file == b.file;
}
bool operator==(const FrameModel& a, const FrameModel& b) {
  return a.name == b.name && a.page == b.page && a.x == b.x && a.y == b.y && a.w == b.w &&
         a.h == b.h && a.origin_x == b.origin_x && a.origin_y == b.origin_y &&
         a.source_w == b.source_w && a.source_h == b.source_h && a.trim_x == b.trim_x &&
         a.trim_y == b.trim_y && a.shapes == b.shapes;
}
bool operator==(const StepModel& a, const StepModel& b) {
  return a.frame == b.frame && a.ticks == b.ticks && a.flip_x == b.flip_x && a.flip_y == b.flip_y &&
         a.event == b.event && a.move_x == b.move_x && a.move_y == b.move_y && a.shapes == b.shapes;
}
bool operator==(const TransitionModel& a, const TransitionModel& b) {
  return a.to == b.to && a.when == b.when && a.unless == b.unless && a.immediate == b.immediate;
}
bool operator==(const ActionModel& a, const ActionModel& b) {
  return a.name == b.name && a.views == b.views && a.first_view == b.first_view &&
         a.mode == b.mode && a.loop_from == b.loop_from && a.repeat == b.repeat &&
         a.then == b.then && a.then_action == b.then_action && a.reverse == b.reverse &&
         a.steps == b.steps && a.transitions == b.transitions;
}
bool operator==(const LayersModel& a, const LayersModel& b) {
  return a.slots == b.slots && a.order == b.order && a.slot == b.slot;
}
bool operator==(const PackModel& a, const PackModel& b) {
  return a.tick_rate == b.tick_rate && a.premultiplied == b.premultiplied && a.bled == b.bled &&
         a.pages == b.pages && a.frames == b.frames && a.actions == b.actions &&
         a.layers == b.layers;
}

}  // namespace spritec::format
