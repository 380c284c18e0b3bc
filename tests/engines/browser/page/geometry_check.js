// Boxes and points of tests/data/engines/geometry/geometry.sprites.yaml, read back through
// the engine after the format's own check (loaded after it; config.geometry set): Phaser's
// frame.customData (phaser), Pixi's Spritesheet.data.frames (pixi), and the slices of the
// Aseprite JSON as Phaser's JSON cache holds them (aseprite-json). Every value is compared in
// actor-local coordinates (the origin pixel at 0, 0, x right, y down), the engine's own
// pivot or anchor (or the `origin` slice) taken off, so the boxes are checked where the
// engine draws the art.
'use strict';

// Worked out by hand from the definition: origin [8, 15] in every 16 x 16 cell, so a
// coordinate (x, y) of the definition is (x - 8, y - 15) here; a step flipped in x shows a
// box of columns a .. b at -b .. -a and a point at column x at -x; a blank step's box is
// written relative to the actor already.
const HURT0 = [-4, -13, 8, 14];  // s/0 hurt [4, 2, 8, 14]
const HURT1 = [-3, -12, 7, 13];  // s/1 hurt [5, 3, 7, 13]
const HAND1 = [4, -8];           // s/1 hand [12, 7]
const HURT2 = [-4, -11, 8, 12];  // s/2 hurt [4, 4, 8, 12]
const GEOMETRY = {
  frames: {
    's/0': { boxes: { hurt: HURT0 }, points: {} },
    's/1': { boxes: { hurt: HURT1 }, points: { hand: HAND1 } },
    's/2': { boxes: { hurt: HURT2 }, points: {} },
  },
  // Each animation's steps in played order, with their ticks.
  animations: {
    idle: [{ ticks: 1, boxes: { hurt: HURT0 }, points: {} }],
    attack: [
      { ticks: 1, boxes: { hurt: HURT1 }, points: { hand: HAND1 } },
      // + hit [12, 6, 4, 3]
      { ticks: 2, boxes: { hit: [4, -9, 4, 3], hurt: HURT1 }, points: { hand: HAND1 } },
      // hurt: null, hand [13, 7]
      { ticks: 1, boxes: {}, points: { hand: [5, -8] } },
      // the blank step's hit [-2, -8, 4, 4]
      { ticks: 1, boxes: { hit: [-2, -8, 4, 4] }, points: {} },
      { ticks: 1, boxes: { hurt: HURT2 }, points: {} },
    ],
    attack_left: [
      // flip: x of s/1 + hit [12, 6, 4, 3]: hit columns 4 .. 7 -> -7 .. -4, hurt -3 .. 3
      // -> -3 .. 3, hand 4 -> -4
      { ticks: 1, boxes: { hit: [-7, -9, 4, 3], hurt: [-3, -12, 7, 13] }, points: { hand: [-4, -8] } },
      { ticks: 1, boxes: { hurt: HURT0 }, points: {} },
    ],
  },
};

// What an engine entry holds ({boxes: {NAME: [x, y, w, h]}, points: {NAME: [x, y]}}, in the
// frame's untrimmed coordinates) moved to actor-local by the origin (ox, oy).
function localOf(entry, ox, oy) {
  const out = { boxes: {}, points: {} };
  for (const [n, b] of Object.entries((entry && entry.boxes) || {})) out.boxes[n] = [b[0] - ox, b[1] - oy, b[2], b[3]];
  for (const [n, p] of Object.entries((entry && entry.points) || {})) out.points[n] = [p[0] - ox, p[1] - oy];
  return out;
}

function checkShapes(report, what, got, want) {
  const g = JSON.stringify({ boxes: got.boxes, points: got.points });
  const w = JSON.stringify({ boxes: want.boxes, points: want.points });
  report.check(g === w, `${what}: geometry ${g}, expected ${w}`);
}

// The played steps expanded to one entry per listed frame, each repeated ticks / g times.
function expandedSteps(steps, g) {
  const out = [];
  for (const s of steps) for (let k = 0; k < s.ticks / g; ++k) out.push(s);
  return out;
}

// Phaser: each texture frame's customData (the whole atlas entry), the origin at its pivot;
// an animation frame's texture frame holds the step's geometry.
function checkPhaserGeometry(report, scene, stem) {
  const texture = scene.textures.get(stem);
  const local = (fr) => localOf(fr.customData, whole(fr.pivotX * fr.realWidth), whole(fr.pivotY * fr.realHeight));
  for (const [name, want] of Object.entries(GEOMETRY.frames))
    checkShapes(report, `frame ${name}`, local(texture.get(name)), want);
  for (const [name, steps] of Object.entries(GEOMETRY.animations)) {
    const anim = scene.anims.get(name);
    if (!report.check(anim && anim.frames.length === steps.length, `${name}: ${anim && anim.frames.length} frames, expected ${steps.length}`)) continue;
    steps.forEach((want, i) => checkShapes(report, `${name} step ${i}`, local(anim.frames[i].frame), want));
  }
}

// Pixi: Spritesheet.data.frames[name] (of the sheet of the page that has the frame), the
// origin at the texture's defaultAnchor; the animations list frame names at one rate.
async function checkPixiGeometry(report, config) {
  const sheet = await PIXI.Assets.load(new URL(config.out, location.href).href);
  const sheets = [sheet, ...(sheet.linkedSheets || [])];
  function local(name) {
    const s = sheets.find((x) => x.data.frames[name]);
    if (!s) throw new Error(`no frame ${name} in any page's data`);
    const tex = s.textures[name];
    return localOf(s.data.frames[name], whole(tex.defaultAnchor.x * tex.orig.width), whole(tex.defaultAnchor.y * tex.orig.height));
  }
  for (const [name, want] of Object.entries(GEOMETRY.frames)) checkShapes(report, `frame ${name}`, local(name), want);
  for (const [name, steps] of Object.entries(GEOMETRY.animations)) {
    const listed = sheet.data.animations[name] || [];
    const want = expandedSteps(steps, 1);  // every duration here is a multiple of 1 tick
    if (!report.check(listed.length === want.length, `${name}: ${listed.length} frames listed, expected ${want.length}`)) continue;
    want.forEach((w, i) => checkShapes(report, `${name} frame ${i}`, local(listed[i]), w));
  }
}

// Aseprite: a slice's key holds from its frame until the next key; a key of zero size shows
// nothing. A slice's bounds are a box of its name, its pivot (relative to the bounds) a
// point of its name, and a 1 x 1 slice with pivot 0, 0 a point alone (docs/engines.md,
// "Boxes and points"). Frame i's origin: the `origin` slice's pivot.
function asepriteShapes(slices, frame) {
  const out = { boxes: {}, points: {} };
  for (const s of slices) {
    let key = null;
    for (const k of s.keys) if (k.frame <= frame && (!key || k.frame > key.frame)) key = k;
    if (!key || key.bounds.w === 0 || key.bounds.h === 0) continue;
    const b = key.bounds;
    const pointOnly = b.w === 1 && b.h === 1 && key.pivot && key.pivot.x === 0 && key.pivot.y === 0;
    if (!pointOnly) out.boxes[s.name] = [b.x, b.y, b.w, b.h];
    if (key.pivot) out.points[s.name] = [b.x + key.pivot.x, b.y + key.pivot.y];
  }
  return out;
}

function sortedKeys(o) {
  const out = {};
  for (const k of Object.keys(o).sort()) out[k] = o[k];
  return out;
}

function checkAsepriteGeometry(report, scene, stem) {
  const data = scene.cache.json.get(stem);
  const slices = data.meta.slices || [];
  const origin = slices.find((s) => s.name === 'origin');
  const geometry = slices.filter((s) => s.name !== 'origin');
  report.check(JSON.stringify(geometry.map((s) => s.name)) === '["hand","hit","hurt"]',
    `slices ${geometry.map((s) => s.name)}, expected hand, hit, hurt`);
  for (const tag of data.meta.frameTags) {
    const steps = GEOMETRY.animations[tag.name];
    if (!report.check(steps && tag.to - tag.from + 1 === steps.length, `tag ${tag.name}: ${tag.to - tag.from + 1} frames`)) continue;
    steps.forEach((want, i) => {
      const f = tag.from + i;
      const o = asepriteShapes([origin], f).points.origin;
      const got = localOf(asepriteShapes(geometry, f), o[0], o[1]);
      checkShapes(report, `${tag.name} frame ${i}`, { boxes: sortedKeys(got.boxes), points: got.points }, want);
    });
  }
}

(function () {
  const formatCheck = window.runCase;
  window.runCase = async function (config) {
    const report = await formatCheck(config);
    if (!config.geometry) return report;
    const before = report.checks;
    if (config.format === 'pixi') {
      await checkPixiGeometry(report, config);
    } else {
      const game = window.__phaserScene;
      if (!report.check(game, 'no Phaser scene to read the geometry from')) return report;
      if (config.format === 'phaser') checkPhaserGeometry(report, game, config.stem);
      else checkAsepriteGeometry(report, game, config.stem);
    }
    report.note(`${report.checks - before} geometry checks`);
    return report;
  };
})();
