#!/usr/bin/env node
// Packs a gen_sprites.py dataset's trimmed, deduplicated frame sizes with maxrects-packer
// (a library, so only the geometry is compared: no decoding, trimming or PNG output).
// Usage: node bench/peers/maxrects_pack.mjs DATASET_DIR
// The sizes are the alpha bounding boxes of manifest.json's "unique" frames (exact and
// after-trim duplicates removed: what spritec stores). Settings: 2048x2048 bins, 2 px
// between rects, no border, smart sizing, no power of two, no square, no rotation.
// Prints one JSON line per packing logic: bins, their sizes, area, occupancy, ms.
import fs from 'node:fs';
import path from 'node:path';
// 2.7.4 declares "type": "module" but its "main" is a UMD file, which then loads as an
// empty ES module: import the ES build by path.
import { MaxRectsPacker, PACKING_LOGIC } from 'maxrects-packer/dist/maxrects-packer.mjs';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: maxrects_pack.mjs DATASET_DIR');
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
const sizes = manifest.frames.filter((f) => f.kind === 'unique' && f.trim && f.trim[2] > 0)
                  .map((f) => ({ width: f.trim[2], height: f.trim[3] }));
const used = sizes.reduce((s, r) => s + r.width * r.height, 0);

for (const [name, logic] of [['MAX_EDGE', PACKING_LOGIC.MAX_EDGE], ['MAX_AREA', PACKING_LOGIC.MAX_AREA]]) {
  const t0 = process.hrtime.bigint();
  const packer = new MaxRectsPacker(2048, 2048, 2, {
    smart: true, pot: false, square: false, allowRotation: false, border: 0, logic,
  });
  packer.addArray(sizes.map((s) => ({ width: s.width, height: s.height })));
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const area = packer.bins.reduce((s, b) => s + b.width * b.height, 0);
  console.log(JSON.stringify({
    packer: 'maxrects-packer ' + name,
    stored: sizes.length,
    pages: packer.bins.length,
    sizes: packer.bins.map((b) => b.width + 'x' + b.height),
    page_area: area,
    stored_area: used,
    occupancy: Math.round((used / area) * 10000) / 10000,
    ms: Math.round(ms),
  }));
}
