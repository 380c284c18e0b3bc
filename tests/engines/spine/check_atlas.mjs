// Checks an atlas written by `spritec export --format spine|libgdx-legacy` with the Spine
// runtimes' own reader (spine-core's TextureAtlas) against engine_expect's expectations.
//
//   node check_atlas.mjs --format spine|libgdx-legacy [--geometry] ATLAS EXPECT.json
//
// --geometry: the pack is tests/data/engines/geometry/geometry.sprites.yaml, whose boxes and
// points (spine) follow `origin` as the custom values GEOMETRY below says, worked out by hand
// from the definition; without it, and in libgdx-legacy, a region has no other value.
//
// For every pack frame (EXPECT.json "frames") there must be exactly one region, named as the
// frame, and nothing else: its page is the file STEM-N.png beside the atlas (N = the frame's
// page) whose real size is the page's `size:`, its bounds are the packed rectangle, offsetX =
// trim_x, offsetY = source_h - trim_y - h (libGDX counts it from the bottom), the original
// size is the untrimmed frame's, it is not rotated, and (spine) its only custom value is
// `origin: X, Y` with X = origin_x, Y = source_h - origin_y (y up, as the offsets). The
// region's pixels on the page, placed the way libGDX places a trimmed region (offsets in the
// original box) around that origin, must be exactly EXPECT.json's image of the frame. A page
// is premultiplied (spine-core's page.pma, from `pma:true`) exactly when the export is spine
// and the pack is premultiplied (EXPECT.json "premultiplied"); its pixels are then divided by
// alpha as docs/format.md says before they are compared with the (straight) expectation.
//
// libgdx-legacy is read by spine-core too (it still knows xy/size/orig/offset), and also by
// legacyAtlas() below, a strict reader of the line order that libGDX 1.9's TextureAtlasData
// and the Spine 3.x runtimes required (they read by position and ignore the keys).
//
// Exit 0 when everything matches; otherwise every mismatch on stderr and exit 1.
import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { createRequire } from "node:module";
import { TextureAtlas } from "@esotericsoftware/spine-core";

const require = createRequire(import.meta.url);
const { PNG } = require("pngjs");

const errors = [];
function fail(message) {
  errors.push(message);
}
function spineValues(f) {
  const out = {};
  for (const [n, x, y, w, h] of f.boxes || []) out[`box.${n}`] = [x, f.source_h - y - h, w, h];
  for (const [n, x, y] of f.points || []) out[`point.${n}`] = [x, f.source_h - y];
  return out;
}
function expectEqual(what, actual, expected) {
  if (actual !== expected) fail(`${what}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
}

// The boxes and points of geometry.sprites.yaml as custom values: the untrimmed frames are
// 16 x 16; a box [x, y, w, h] of the definition is x, 16 - y - h (its bottom edge, y up),
// w, h, and a point [x, y] is x, 16 - y. s/0: hurt [4, 2, 8, 14]; s/1: hurt [5, 3, 7, 13]
// and hand [12, 7]; s/2: hurt [4, 4, 8, 12]. (Steps' own boxes go with the actions.)
const GEOMETRY = {
  "s/0": { "box.hurt": [4, 0, 8, 14] },
  "s/1": { "box.hurt": [5, 0, 7, 13], "point.hand": [12, 9] },
  "s/2": { "box.hurt": [4, 0, 8, 12] },
};

// --- arguments ------------------------------------------------------------------------------
const args = process.argv.slice(2);
let format = null;
let geometry = false;
const positional = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--format") format = args[++i];
  else if (args[i] === "--geometry") geometry = true;
  else positional.push(args[i]);
}
if (!["spine", "libgdx-legacy"].includes(format) || positional.length !== 2) {
  console.error("usage: node check_atlas.mjs --format spine|libgdx-legacy [--geometry] ATLAS EXPECT.json");
  process.exit(2);
}
const [atlasPath, expectPath] = positional;
const legacy = format === "libgdx-legacy";
const dir = path.dirname(atlasPath);
const stem = path.basename(atlasPath).replace(/\.[^.]*$/, "");

const text = fs.readFileSync(atlasPath, "utf8");
const expect = JSON.parse(fs.readFileSync(expectPath, "utf8"));
const frames = expect.frames;
if (!frames || typeof frames !== "object" || Object.keys(frames).length === 0) {
  console.error(`${expectPath}: no "frames" table`);
  process.exit(1);
}

// --- the real reader ------------------------------------------------------------------------
let atlas;
try {
  atlas = new TextureAtlas(text);
} catch (e) {
  console.error(`spine-core's TextureAtlas cannot read ${atlasPath}: ${e.stack || e}`);
  process.exit(1);
}

// Pages: exactly the pack's pages, each STEM-N.png beside the atlas with its real size.
const pageCount = Math.max(...Object.values(frames).map((f) => f.page)) + 1;
expectEqual("page count", atlas.pages.length, pageCount);
const pngs = new Map();  // page name -> decoded PNG
atlas.pages.forEach((page, n) => {
  expectEqual(`page ${n} file name`, page.name, `${stem}-${n}.png`);
  const file = path.join(dir, page.name);
  if (!fs.existsSync(file)) {
    fail(`page ${n}: ${file} does not exist beside the atlas`);
    return;
  }
  let png;
  try {
    png = PNG.sync.read(fs.readFileSync(file));
  } catch (e) {
    fail(`page ${n}: ${file} is not a PNG pngjs can read: ${e.message}`);
    return;
  }
  pngs.set(page.name, png);
  // spine-core computes the regions' u/v from `size:`, so it must be the image's own size.
  expectEqual(`page ${n} (${page.name}) size: width`, page.width, png.width);
  expectEqual(`page ${n} (${page.name}) size: height`, page.height, png.height);
  // Only spine says its pages are premultiplied (pma:true), for a premultiplied pack.
  expectEqual(`page ${n} pma`, page.pma, !legacy && expect.premultiplied === true);
});

// Regions: one per pack frame, nothing else.
const byName = new Map();
for (const region of atlas.regions) {
  if (byName.has(region.name)) fail(`region "${region.name}" appears more than once`);
  byName.set(region.name, region);
  if (!(region.name in frames)) fail(`region "${region.name}" is not a frame of the pack`);
}
expectEqual("region count", atlas.regions.length, Object.keys(frames).length);

let checkedPixels = 0;
for (const [name, f] of Object.entries(frames)) {
  const r = byName.get(name);
  if (!r) {
    fail(`frame "${name}" has no region`);
    continue;
  }
  const at = `region "${name}"`;
  expectEqual(`${at} page`, r.page.name, `${stem}-${f.page}.png`);
  expectEqual(`${at} x`, r.x, f.x);
  expectEqual(`${at} y`, r.y, f.y);
  expectEqual(`${at} width`, r.width, f.w);
  expectEqual(`${at} height`, r.height, f.h);
  expectEqual(`${at} offsetX`, r.offsetX, f.trim_x);
  expectEqual(`${at} offsetY (from the bottom)`, r.offsetY, f.source_h - f.trim_y - f.h);
  expectEqual(`${at} originalWidth`, r.originalWidth, f.source_w);
  expectEqual(`${at} originalHeight`, r.originalHeight, f.source_h);
  expectEqual(`${at} rotation (degrees)`, r.degrees, 0);
  const originY = f.source_h - f.origin_y;
  if (legacy) {
    if (r.names !== null) fail(`${at}: custom values ${JSON.stringify(r.names)} in a legacy atlas`);
  } else {
    // The geometry fixture's values worked out by hand; any other pack's from EXPECT.json (the
    // pack read by the runtime): a box [x, y, w, h] of the untrimmed frame is
    // box.NAME: x, source_h - y - h, w, h (y up from the bottom, as origin), a point
    // point.NAME: x, source_h - y.
    const shapes = geometry ? GEOMETRY[name] || {} : spineValues(f);
    expectEqual(`${at} custom value names`, JSON.stringify(r.names), JSON.stringify(["origin", ...Object.keys(shapes)]));
    expectEqual(`${at} custom values`, JSON.stringify(r.values), JSON.stringify([[f.origin_x, originY], ...Object.values(shapes)]));
  }
  // u/v as spine-core derived them must cover exactly the packed rectangle.
  const page = r.page;
  if (page.width > 0 && page.height > 0) {
    expectEqual(`${at} u`, r.u, f.x / page.width);
    expectEqual(`${at} v`, r.v, f.y / page.height);
    expectEqual(`${at} u2`, r.u2, (f.x + f.w) / page.width);
    expectEqual(`${at} v2`, r.v2, (f.y + f.h) / page.height);
  }

  // The pixels as libGDX draws the region: the packed rectangle at (offsetX, offsetY) from the
  // bottom-left of the original box; the origin (X, Y) also from the bottom-left. In y-down
  // terms relative to the origin the rectangle's top-left is (offsetX - X, Y - offsetY - h).
  const image = expect.images && expect.images[name];
  const png = pngs.get(r.page.name);
  if (!image || !png) continue;
  const X = legacy ? f.origin_x : r.values ? r.values[0][0] : NaN;
  const Y = legacy ? originY : r.values ? r.values[0][1] : NaN;
  const left = r.offsetX - X;
  const top = Y - r.offsetY - r.height;
  const got = new Map();
  for (let j = 0; j < r.height; j++) {
    for (let i = 0; i < r.width; i++) {
      const px = r.x + i, py = r.y + j;
      if (px >= png.width || py >= png.height) continue;
      const o = (py * png.width + px) * 4;
      const a = png.data[o + 3];
      if (a === 0) continue;
      const rgba = Array.from(png.data.subarray(o, o + 4));
      if (r.page.pma && a < 255) {
        // Straight alpha again, as docs/format.md divides: min(255, (c * 255 + a / 2) / a).
        for (let c = 0; c < 3; c++) rgba[c] = Math.min(255, Math.floor((rgba[c] * 255 + Math.floor(a / 2)) / a));
      }
      got.set(`${left + i},${top + j}`, rgba.join(","));
    }
  }
  const want = new Map();
  const rgba = Buffer.from(image.rgba, "hex");
  for (let j = 0; j < image.h; j++) {
    for (let i = 0; i < image.w; i++) {
      const o = (j * image.w + i) * 4;
      if (rgba[o + 3] === 0) continue;
      want.set(`${image.x + i},${image.y + j}`, Array.from(rgba.subarray(o, o + 4)).join(","));
    }
  }
  let diffs = 0;
  for (const [k, v] of want) {
    if (got.get(k) !== v) {
      if (diffs++ < 5) fail(`${at} pixel at ${k} from the origin: ${got.get(k) ?? "none"}, expected ${v}`);
    }
  }
  for (const [k, v] of got) {
    if (!want.has(k) && diffs++ < 5) fail(`${at} pixel at ${k} from the origin: ${v}, expected none`);
  }
  if (diffs > 5) fail(`${at}: ${diffs} pixels differ in all`);
  checkedPixels++;
}

// --- libGDX 1.9's line order (legacy only) ------------------------------------------------
// Written for this test from the format's description: TexturePacker's old output, read by
// position. A page: its file name, `size: w, h` (optional), `format: F`, `filter: MIN, MAG`,
// `repeat: none|x|y|xy`. A region: its name, `rotate: true|false|degrees`, `xy: x, y`,
// `size: w, h`, optionally `split: l, r, t, b` and then optionally `pad: l, r, t, b`,
// `orig: w, h`, `offset: x, y`, `index: i`. A blank line ends a page. Any other line, or any
// line out of this order, is an error there (those readers throw or misread).
const FORMATS = ["Alpha", "Intensity", "LuminanceAlpha", "RGB565", "RGBA4444", "RGB888", "RGBA8888"];
const FILTERS = ["Nearest", "Linear", "MipMap", "MipMapNearestNearest", "MipMapLinearNearest",
  "MipMapNearestLinear", "MipMapLinearLinear"];
function legacyAtlas(source) {
  const lines = source.split(/\r\n|\r|\n/);
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  let i = 0;
  const problems = [];
  const pages = [];
  const regions = [];
  const INT = /^[+-]?\d+$/;
  function entry(key, count) {
    const lineNo = i + 1;
    const line = lines[i++];
    if (line === undefined) throw new Error(`line ${lineNo}: the file ends where "${key}:" belongs`);
    const colon = line.indexOf(":");
    if (colon < 0) throw new Error(`line ${lineNo}: "${line}" where "${key}:" belongs`);
    const k = line.slice(0, colon).trim();
    const values = line.slice(colon + 1).split(",").map((s) => s.trim());
    return { k, values, lineNo, line };
  }
  function ints(e, key, count) {
    if (e.k !== key) problems.push(`line ${e.lineNo}: "${e.k}:" where "${key}:" belongs`);
    if (e.values.length !== count || !e.values.every((v) => INT.test(v)))
      problems.push(`line ${e.lineNo}: "${e.line}" is not ${count} integers`);
    return e.values.map((v) => parseInt(v, 10));
  }
  let page = null;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === "") {
      page = null;
      i++;
      continue;
    }
    if (line !== line.trim()) problems.push(`line ${i + 1}: "${line}" has spaces around the name`);
    i++;
    if (page === null) {
      page = { name: line };
      let e = entry("size");
      if (e.values.length === 2) {
        [page.width, page.height] = ints(e, "size", 2);
        e = entry("format");
      }
      if (e.k !== "format" || !FORMATS.includes(e.values[0]) || e.values.length !== 1)
        problems.push(`line ${e.lineNo}: "${e.line}" is not a format`);
      e = entry("filter");
      if (e.k !== "filter" || e.values.length !== 2 || !e.values.every((v) => FILTERS.includes(v)))
        problems.push(`line ${e.lineNo}: "${e.line}" is not a filter pair`);
      e = entry("repeat");
      if (e.k !== "repeat" || !["none", "x", "y", "xy"].includes(e.values.join(",")))
        problems.push(`line ${e.lineNo}: "${e.line}" is not a repeat`);
      pages.push(page);
    } else {
      const region = { name: line, page: page.name };
      let e = entry("rotate");
      if (e.k !== "rotate" || e.values.length !== 1 || !/^(true|false|\d+)$/.test(e.values[0]))
        problems.push(`line ${e.lineNo}: "${e.line}" is not a rotation`);
      region.rotate = e.values[0];
      [region.x, region.y] = ints(entry("xy"), "xy", 2);
      [region.width, region.height] = ints(entry("size"), "size", 2);
      e = entry("orig");
      if (e.values.length === 4) {
        region.split = ints(e, "split", 4);
        e = entry("orig");
        if (e.values.length === 4) {
          region.pad = ints(e, "pad", 4);
          e = entry("orig");
        }
      }
      [region.originalWidth, region.originalHeight] = ints(e, "orig", 2);
      [region.offsetX, region.offsetY] = ints(entry("offset"), "offset", 2);
      [region.index] = ints(entry("index"), "index", 1);
      regions.push(region);
    }
  }
  return { pages, regions, problems };
}

if (legacy) {
  try {
    const strict = legacyAtlas(text);
    for (const p of strict.problems) fail(`libGDX 1.9 line order: ${p}`);
    // Both readers must agree on every page and region.
    expectEqual("libGDX 1.9 reading: page count", strict.pages.length, atlas.pages.length);
    expectEqual("libGDX 1.9 reading: region count", strict.regions.length, atlas.regions.length);
    strict.pages.forEach((p, n) => {
      const q = atlas.pages[n];
      if (!q) return;
      expectEqual(`libGDX 1.9 reading: page ${n} name`, p.name, q.name);
      expectEqual(`libGDX 1.9 reading: page ${n} width`, p.width, q.width);
      expectEqual(`libGDX 1.9 reading: page ${n} height`, p.height, q.height);
    });
    strict.regions.forEach((s, n) => {
      const r = atlas.regions[n];
      if (!r) return;
      const at = `libGDX 1.9 reading: region ${n} ("${s.name}")`;
      expectEqual(`${at} name`, s.name, r.name);
      expectEqual(`${at} page`, s.page, r.page.name);
      for (const k of ["x", "y", "width", "height", "originalWidth", "originalHeight", "offsetX", "offsetY"])
        expectEqual(`${at} ${k}`, s[k], r[k]);
      expectEqual(`${at} rotate`, s.rotate, "false");
      if (s.split || s.pad) fail(`${at}: split/pad lines`);
      // -1: no index (libGDX 1.9 sorts regions by index, -1 last, keeping their order).
      expectEqual(`${at} index`, s.index, -1);
    });
  } catch (e) {
    fail(`libGDX 1.9's line order cannot read the atlas: ${e.message}`);
  }
}

if (errors.length > 0) {
  console.error(`${atlasPath} (${format}): ${errors.length} problem(s)`);
  for (const e of errors.slice(0, 60)) console.error(`  ${e}`);
  if (errors.length > 60) console.error(`  … and ${errors.length - 60} more`);
  process.exit(1);
}
console.log(`${atlasPath} (${format}): ${atlas.regions.length} regions on ${atlas.pages.length} ` +
  `page(s) read by spine-core match the pack` +
  (legacy ? ", and libGDX 1.9's line order reads the same" : "") +
  `; pixels checked for ${checkedPixels} of ${Object.keys(frames).length} frames`);
