// Shared by the engine checks: exact page pixels, the expectations of engine_expect as pixel
// sets, and the comparison of what a runtime draws with what the reference player draws.
'use strict';

// The RGBA bytes of an image, exactly as its file stores them: the browser decodes it and
// WebGL hands the bytes back without premultiplying or colour conversion (a 2D canvas would
// premultiply, losing the colour of soft-alpha pixels). `image` is an <img> the runtime
// loaded, or a URL; `url` names the file (for messages and page checks).
const pagePixelCache = new Map();
function readImage(img, url) {
  const canvas = document.createElement('canvas');
  const gl = canvas.getContext('webgl');
  if (!gl) throw new Error('no WebGL to read ' + url);
  gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
  gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
  gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
  const tex = gl.createTexture();
  gl.bindTexture(gl.TEXTURE_2D, tex);
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, img);
  const fb = gl.createFramebuffer();
  gl.bindFramebuffer(gl.FRAMEBUFFER, fb);
  gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, tex, 0);
  const w = img.naturalWidth || img.width, h = img.naturalHeight || img.height;
  const data = new Uint8Array(w * h * 4);
  gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, data);
  const err = gl.getError();
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  if (err) throw new Error('WebGL error ' + err + ' reading ' + url);
  return { url, w, h, data };
}
function pagePixels(image, url) {
  if (typeof image === 'string') url = image;
  url = new URL(url, location.href).href;
  const key = typeof image === 'string' ? url : image;
  if (!pagePixelCache.has(key)) {
    pagePixelCache.set(key, new Promise((resolve, reject) => {
      if (typeof image !== 'string') return resolve(readImage(image, url));
      const img = new Image();
      img.onload = () => { try { resolve(readImage(img, url)); } catch (e) { reject(e); } };
      img.onerror = () => reject(new Error('cannot load ' + url));
      img.src = url;
    }));
  }
  return pagePixelCache.get(key);
}

// A drawn picture as the sorted list of its pixels with alpha > 0: "x,y:rrggbbaa" with x, y
// relative to the origin.
function pixelSetOf(points) {
  points.sort();
  return points.join(';');
}

function hexBytes(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; ++i) out[i] = parseInt(hex.substr(2 * i, 2), 16);
  return out;
}

function hex2(v) { return (v < 16 ? '0' : '') + v.toString(16); }

// images[key] of the expectations as a pixel set ("" = blank: no pixels).
function expectedSet(expect, key, cache) {
  if (cache.has(key)) return cache.get(key);
  let set = '';
  if (key !== '') {
    const im = expect.images[key];
    if (!im) throw new Error('expectations name no image ' + key);
    const b = hexBytes(im.rgba);
    const pts = [];
    for (let j = 0; j < im.h; ++j)
      for (let i = 0; i < im.w; ++i) {
        const o = 4 * (j * im.w + i);
        if (b[o + 3] > 0)
          pts.push((im.x + i) + ',' + (im.y + j) + ':' + hex2(b[o]) + hex2(b[o + 1]) + hex2(b[o + 2]) + hex2(b[o + 3]));
      }
    set = pixelSetOf(pts);
  }
  cache.set(key, set);
  return set;
}

// Snaps a position that must be a whole pixel; null when it is not (within 1e-6).
function whole(v) {
  const r = Math.round(v);
  return Math.abs(v - r) <= 1e-6 ? r : null;
}

// The pixel set of rectangle (cx, cy, cw, ch) of a page, its top-left drawn at (dx, dy)
// relative to the origin, mirrored as flipX / flipY say (within the rectangle).
function drawnSet(page, cx, cy, cw, ch, dx, dy, flipX, flipY) {
  const pts = [];
  for (let j = 0; j < ch; ++j)
    for (let i = 0; i < cw; ++i) {
      const sx = cx + (flipX ? cw - 1 - i : i), sy = cy + (flipY ? ch - 1 - j : j);
      if (sx < 0 || sy < 0 || sx >= page.w || sy >= page.h) throw new Error('frame outside page ' + page.url);
      const o = 4 * (sy * page.w + sx);
      const a = page.data[o + 3];
      if (a > 0)
        pts.push((dx + i) + ',' + (dy + j) + ':' + hex2(page.data[o]) + hex2(page.data[o + 1]) + hex2(page.data[o + 2]) + hex2(a));
    }
  return pixelSetOf(pts);
}

// Collects the outcome of one case.
class Report {
  constructor(name) { this.name = name; this.checks = 0; this.errors = []; this.notes = []; }
  check(ok, message) {
    this.checks++;
    if (!ok && this.errors.length < 30) this.errors.push(message);
    return ok;
  }
  fail(message) { this.check(false, message); }
  note(message) { this.notes.push(message); }
}

// Compares a runtime's animation with the expectations: shownAt(t) gives what is drawn
// during tick t (the runtime driven to (t + 0.5) / tick_rate s) as {set, label}, or throws.
// `firstPass` (ticks), when given, ends the comparison there (see firstPassOf).
function compareAnimation(report, expect, name, shownAt, cache, firstPass) {
  const ex = expect.animations[name];
  let bad = 0;
  const n = firstPass === undefined ? ex.ticks.length : Math.min(ex.ticks.length, firstPass);
  for (let t = 0; t < n; ++t) {
    const want = expectedSet(expect, ex.ticks[t], cache);
    const got = shownAt(t);
    if (got.set !== want) {
      bad++;
      if (bad <= 3) report.fail(`${name}: tick ${t} shows ${got.label}: ${difference(got.set, want)}; expected ${ex.ticks[t] || '(blank)'}`);
    } else {
      report.check(true);
    }
  }
  if (bad > 3) report.fail(`${name}: ${bad} of ${ex.ticks.length} ticks wrong in all`);
}

// For an animation whose action the export warned it cannot loop as the pack does (W0705:
// a loop_from tail or too long a repeat; the whole step list loops instead), the number of
// ticks that can match: the runtime's own first pass (`runtimeTicks`); else undefined.
function firstPassOf(report, config, expect, name, runtimeTicks) {
  const ex = expect.animations[name];
  if (!ex.loop) return undefined;
  const action = /^(.*)\/\d+$/.test(name) ? name.replace(/\/\d+$/, '') : name;
  if (config.tailLoops !== null && !config.tailLoops.includes(action)) return undefined;
  const n = Math.round(runtimeTicks);
  if (config.tailLoops !== null || n < ex.ticks.length) {
    report.note(`${name}: W0705, only the first pass checked (${Math.min(n, ex.ticks.length)} of ${ex.ticks.length} ticks)`);
  }
  return n;
}

// How two pixel sets differ, in a few words.
function difference(got, want) {
  const g = got === '' ? [] : got.split(';'), w = want === '' ? [] : want.split(';');
  const gs = new Set(g), ws = new Set(w);
  const extra = g.filter((p) => !ws.has(p)), missing = w.filter((p) => !gs.has(p));
  return `${g.length} px vs ${w.length} expected; ${extra.length} not expected (first ${extra[0] || '-'}), ` +
    `${missing.length} missing (first ${missing[0] || '-'})`;
}

function sameNames(report, what, got, want) {
  const g = [...got].sort(), w = [...want].sort();
  const missing = w.filter((n) => !g.includes(n)), extra = g.filter((n) => !w.includes(n));
  report.check(missing.length === 0 && extra.length === 0,
    `${what}: missing [${missing.join(', ')}], unexpected [${extra.join(', ')}]`);
}

async function fetchJson(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r.json();
}

// The time a check advances an animation before showing tick t, in ms. By default the
// runtime is sampled mid-tick ((t + 0.5) / tick_rate s: half a tick, then whole ticks),
// which hides rounding. With config.exact (tests/data/engines/ticks) a game stepping at
// exactly the tick rate: nothing before tick 0, then delta = 1000 / tick_rate per tick
// (41.666666666666664 ms at 24 ticks/s), and every step change must show on its tick.
function stepMs(config, expect, t) {
  const tickMs = 1000 / expect.tick_rate;
  if (config.exact) return t === 0 ? 0 : tickMs;
  return t === 0 ? tickMs / 2 : tickMs;
}
