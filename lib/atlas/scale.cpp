// scale_atlas: a scale variant of a built atlas (docs/definitions.md, "variants").
//
// Every frame is scaled on its own, from its pixels in the base pages (which hold them
// exactly), as if its whole untrimmed frame were scaled: the scaled frame is
// ceil(source_w * scale) x ceil(source_h * scale), output pixel X covers the source span
// [X / scale, (X + 1) / scale). Only the part that can hold a pixel is computed — the
// trimmed rectangle's samples for nearest, plus the filter's reach for smooth — then
// trimmed again, deduplicated by its new pixels and packed with the same options. Frames
// never share pixels while scaled, so a smooth filter cannot bleed one into another. A
// fully transparent pixel of a variant is always (0, 0, 0, 0): what a base page stores in
// its transparent pixels (the source's colours, or bleed's) does not reach the variants.
#include <algorithm>
#include <chrono>
#include <map>
#include <tuple>

#include "spritec/atlas/atlas.hpp"
#include "spritec/geom/geom.hpp"
#include "spritec/pack/pack.hpp"
#include "spritec/work/work.hpp"

#include "stages.hpp"

namespace spritec::atlas {

namespace {

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  std::int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
  return -floor_div(-a, b);
}

// One axis of a frame: the untrimmed extent, the trimmed span and the part of the scaled
// axis computed.
struct Axis {
  int length = 0;  // untrimmed, source pixels
  int t0 = 0;      // the trimmed span [t0, t1)
  int t1 = 0;
  int out_length = 0;  // scaled untrimmed extent
  int o0 = 0;          // the computed part of the scaled axis [o0, o1)
  int o1 = 0;
  int a0 = 0;  // smooth: the source window read [a0, a1) (the trimmed span and margins)
  int a1 = 0;
};

// The source pixel nearest filtering takes for output pixel x: the one under its centre,
// (x + 1/2) / scale, as exact integer arithmetic; the last one past the frame's end.
int nearest_source(std::int64_t x, std::int64_t num, std::int64_t den, int length) {
  return int(std::min<std::int64_t>(length - 1, floor_div((2 * x + 1) * den, 2 * num)));
}

// Smooth: the source pixels read on each side of the trimmed span. Stb's filters reach 2
// output pixels (shrinking) or 2 source pixels (enlarging) from a pixel's centre: 3 / scale
// + 3 source pixels cover both with room.
std::int64_t smooth_margin(const def::Variant& v) {
  return ceil_div(3 * v.den, v.num) + 3;
}

Axis plan_axis(int length, int t0, int t1, const def::Variant& v) {
  Axis a;
  a.length = length;
  a.t0 = t0;
  a.t1 = t1;
  a.out_length = int(scaled_length(length, v));
  if (v.filter == def::ScaleFilter::kNearest) {
    // The first output pixel whose source is at or past t: (2x + 1) den >= 2 num t.
    auto first_at = [&](int t) {
      return std::max<std::int64_t>(0, ceil_div(2 * v.num * t - v.den, 2 * v.den));
    };
    a.o0 = int(std::min<std::int64_t>(a.out_length, first_at(t0)));
    a.o1 = t1 >= length ? a.out_length : int(std::min<std::int64_t>(a.out_length, first_at(t1)));
  } else {
    const int margin = int(smooth_margin(v));
    a.a0 = std::max(0, t0 - margin);
    a.a1 = std::min(length, t1 + margin);
    a.o0 = int(floor_div(std::int64_t{a.a0} * v.num, v.den));
    a.o1 = int(std::min<std::int64_t>(a.out_length, ceil_div(std::int64_t{a.a1} * v.num, v.den)));
  }
  if (a.o1 < a.o0) a.o1 = a.o0;
  return a;
}

// One distinct frame to scale: its pixels in the base pages and where they lie.
struct Job {
  std::size_t frame = 0;  // the first frame with these pixels at this place
  Axis x, y;
  image::Image scaled;  // the computed part, trimmed (empty: no pixel left)
  int trim_x = 0;       // where `scaled` lies in the scaled untrimmed frame
  int trim_y = 0;
};

void scale_job(Job& job, const Atlas& base, const def::Variant& v, bool trim) {
  const Frame& f = base.frames[job.frame];
  const image::Image& page = base.pages[std::size_t(f.page)];
  const int w = job.x.o1 - job.x.o0;
  const int h = job.y.o1 - job.y.o0;
  if (w <= 0 || h <= 0) return;
  image::Image out;
  if (v.filter == def::ScaleFilter::kNearest) {
    out = image::Image(w, h);
    std::vector<int> sx(std::size_t(w), 0);
    for (int i = 0; i < w; ++i)
      sx[std::size_t(i)] = nearest_source(job.x.o0 + i, v.num, v.den, job.x.length) - job.x.t0;
    for (int j = 0; j < h; ++j) {
      const int sy = nearest_source(job.y.o0 + j, v.num, v.den, job.y.length) - job.y.t0;
      std::uint8_t* dst = out.pixel(0, j);
      for (int i = 0; i < w; ++i, dst += 4) {
        const int s = sx[std::size_t(i)];
        if (s < 0 || s >= f.rect.width || sy < 0 || sy >= f.rect.height) continue;  // trimmed away
        const std::uint8_t* src = page.pixel(f.rect.x + s, f.rect.y + sy);
        // A fully transparent pixel is (0, 0, 0, 0) whatever colour the page gives it (a
        // source's, or bleed's), as the smooth filter makes it: the variant depends only
        // on what shows.
        if (src[3] != 0) std::copy(src, src + 4, dst);
      }
    }
  } else {
    // The source window: the trimmed pixels with transparent margins (where the frame
    // goes on; at the frame's edge the window ends there and is clamped, as the whole
    // frame would be).
    image::Image window(job.x.a1 - job.x.a0, job.y.a1 - job.y.a0);
    image::blit(window, job.x.t0 - job.x.a0, job.y.t0 - job.y.a0, page, f.rect);
    const double sx = v.scale();
    out = image::resize_smooth(window, w, h, sx, sx, job.x.o0 - job.x.a0 * sx,
                               job.y.o0 - job.y.a0 * sx);
  }
  const geom::Rect kept = trim ? image::trim_bounds(out, image::whole(out)) : image::whole(out);
  if (kept.empty()) return;
  job.trim_x = job.x.o0 + kept.x;
  job.trim_y = job.y.o0 + kept.y;
  job.scaled = kept == image::whole(out) ? std::move(out) : image::crop(out, kept);
}

// What scaling a base atlas plans before any pixel is scaled: the variant's frames (names,
// origins, untrimmed sizes), one job per distinct (pixels, place in the frame, frame
// size) and the area the jobs compute.
struct Plan {
  Atlas atlas;
  std::vector<Job> jobs;
  std::vector<long> job_of;  // for each frame, its job (-1: an empty frame)
  std::int64_t area = 0;
  std::vector<detail::TooLarge> too_large;  // jobs no page can hold (E0401, every one)
};

// The computed part of a job against the largest page, before a pixel is allocated. A
// nearest frame is that part exactly once trimmed (an enlarging scale samples every source
// row and column; a shrinking one keeps it within the base frame's size). A smooth one
// holds the margins too, at most margin * scale + 1 output pixels a side, which its
// trimming mostly takes off again: those are allowed over max_size (the packing says
// whether the trimmed frame fits).
bool computed_part_fits(const Job& job, const def::AtlasOptions& opt, const def::Variant& v) {
  const std::int64_t slack = v.filter == def::ScaleFilter::kSmooth
                                 ? 2 * (ceil_div(smooth_margin(v) * v.num, v.den) + 2)
                                 : 0;
  return job.x.o1 - job.x.o0 <= opt.max_size.width + slack &&
         job.y.o1 - job.y.o0 <= opt.max_size.height + slack;
}

Plan plan_variant(const Atlas& base, const def::AtlasOptions& opt, const def::Variant& v) {
  Plan plan;
  plan.atlas.stats.frames = base.frames.size();
  plan.job_of.assign(base.frames.size(), -1);
  std::map<std::tuple<int, int, int, int, int, int, int, int, int>, std::size_t> seen;
  for (std::size_t i = 0; i < base.frames.size(); ++i) {
    const Frame& f = base.frames[i];
    Frame& out = plan.atlas.frames.emplace_back();
    out.name = f.name;
    out.origin = {scaled_coordinate(f.origin.x, v), scaled_coordinate(f.origin.y, v)};
    out.source_w = int(scaled_length(f.source_w, v));
    out.source_h = int(scaled_length(f.source_h, v));
    plan.atlas.stats.source_pixels += std::int64_t{out.source_w} * out.source_h;
    if (f.rect.empty()) continue;
    auto key = std::make_tuple(f.page, f.rect.x, f.rect.y, f.rect.width, f.rect.height, f.trim_x,
                               f.trim_y, f.source_w, f.source_h);
    auto [it, inserted] = seen.emplace(key, plan.jobs.size());
    plan.job_of[i] = long(it->second);
    if (!inserted) continue;
    Job& job = plan.jobs.emplace_back();
    job.frame = i;
    job.x = plan_axis(f.source_w, f.trim_x, f.trim_x + f.rect.width, v);
    job.y = plan_axis(f.source_h, f.trim_y, f.trim_y + f.rect.height, v);
    const std::int64_t w = job.x.o1 - job.x.o0;
    const std::int64_t h = job.y.o1 - job.y.o0;
    if (!computed_part_fits(job, opt, v)) {
      plan.too_large.push_back({i, w, h});
      continue;
    }
    plan.area += w * h;
  }
  return plan;
}

// Each frame with pixels left once scaled: where its trimmed rectangle starts and its size.
void place_scaled(Plan& plan) {
  for (std::size_t i = 0; i < plan.atlas.frames.size(); ++i) {
    if (plan.job_of[i] < 0) continue;
    const Job& job = plan.jobs[std::size_t(plan.job_of[i])];
    if (job.scaled.empty()) continue;
    Frame& out = plan.atlas.frames[i];
    out.trim_x = job.trim_x;
    out.trim_y = job.trim_y;
    out.rect.width = job.scaled.width;
    out.rect.height = job.scaled.height;
  }
}

// The variant's words in the stages' messages, and its share of the pages' area: the pages
// of this variant may hold kMaxPageArea pixels, and what the variants before it left of
// kMaxVariantPageArea.
detail::Context variant_context(const def::Variant& v, std::int64_t area_left) {
  detail::Context where;
  const std::string named = "variant '" + v.suffix + "' (scale " + v.scale_text + ")";
  where.opening = "in " + named + ", ";
  where.notes = {{v.span, "the variant is here"}};
  where.span = v.span;
  where.frames = "the frames of " + named;
  where.unpackable = "the frames of " + named + " cannot be packed";
  where.area_cap = std::min(kMaxPageArea, area_left);
  where.area_cap_text = where.area_cap < kMaxPageArea
                            ? std::to_string(where.area_cap) +
                                  " pixels (what the variants before it left of " +
                                  std::to_string(kMaxVariantPageArea) + " for all variants' pages)"
                            : std::to_string(kMaxPageArea) + " pixels";
  where.remedy = "lower the scale, padding: or extrude:, or split the definition";
  return where;
}

// Before scaling: E0401 for the frames no page can hold, E0403 for more than the cap of
// pixels in all. False when it reported.
bool plan_fits(const def::Definition& definition, const Plan& plan, const detail::Context& where,
               diag::Sink& sink) {
  const def::AtlasOptions& opt = definition.atlas;
  if (!plan.too_large.empty()) {
    detail::report_too_large(definition, plan.too_large, {opt.max_size.width, opt.max_size.height},
                             where.opening, "", where.notes, sink);
    return false;
  }
  if (plan.area > where.area_cap) {
    sink.error(diag::Code::kPagesTooLarge, where.span,
               where.frames + " hold " + std::to_string(plan.area) +
                   " pixels together, over the cap of " + where.area_cap_text +
                   " of pages: lower the scale or split the definition");
    return false;
  }
  return true;
}

}  // namespace

std::int64_t scaled_length(std::int64_t length, const def::Variant& v) {
  return ceil_div(length * v.num, v.den);
}

int scaled_coordinate(std::int64_t value, const def::Variant& v) {
  // Half away from zero: a mirrored value scales to the mirrored result.
  const std::int64_t twice = 2 * value * v.num;
  const std::int64_t q = floor_div(std::abs(twice) + v.den, 2 * v.den);
  return int(twice < 0 ? -q : q);
}

std::optional<Atlas> scale_atlas(const def::Definition& definition, const Atlas& base,
                                 const def::Variant& variant, const Options& options,
                                 diag::Sink& sink) {
  const def::AtlasOptions& opt = definition.atlas;
  const detail::Context where = variant_context(variant, options.variant_area_left);

  // 1. Plan: the sizes and the memory the scaled frames need are known before any pixel
  // is scaled.
  Plan plan = plan_variant(base, opt, variant);
  if (!plan_fits(definition, plan, where, sink)) return std::nullopt;

  // 2. Scale, on `jobs` threads: each job's pixels depend only on it.
  work::parallel_for(plan.jobs.size(), options.jobs,
                     [&](std::size_t k) { scale_job(plan.jobs[k], base, variant, opt.trim); });
  place_scaled(plan);
  Atlas& atlas = plan.atlas;
  const auto pixels = [&](std::size_t i) {
    const image::Image& scaled = plan.jobs[std::size_t(plan.job_of[i])].scaled;
    return detail::Pixels{&scaled, image::whole(scaled)};
  };

  // 3. Dedupe by the scaled pixels, in definition order (frames equal in the base may
  // differ once scaled: the sampling depends on where the pixels lie in the frame).
  const std::vector<std::size_t> stored =
      detail::pick_stored(atlas, opt.dedupe, pixels, [&](std::size_t i) {
        const detail::Pixels p = pixels(i);
        return image::hash_rect(*p.image, p.at);
      });

  // 4. Pack with the base's options (padding and extrusion are page pixels: not scaled).
  const std::optional<pack::Packing> packed =
      detail::pack_pages(definition, atlas, stored, work::threads(options.jobs), where, sink);
  if (!packed) return std::nullopt;
  if (options.plan_only) {
    detail::place_planned(atlas, stored, *packed);
    return std::move(atlas);
  }

  // 5. Compose as the base does; a scaled frame is let go once drawn (when no other stored
  // frame shares its pixels), so the scaled frames and the pages are not all held at once.
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::size_t> uses(plan.jobs.size(), 0);
  for (std::size_t i : stored)
    ++uses[std::size_t(plan.job_of[i])];
  detail::compose_pages(
      atlas, stored, *packed, opt, pixels,
      [&](std::size_t i) {
        const std::size_t job = std::size_t(plan.job_of[i]);
        if (--uses[job] == 0) plan.jobs[job].scaled = image::Image();
      },
      options.page_done);
  atlas.stats.compose_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return std::move(atlas);
}

}  // namespace spritec::atlas
