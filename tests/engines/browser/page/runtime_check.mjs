// The JS runtime in a real engine (issue 27): plays a `spritec simulate --replay` run with
// runtimes/js/spritec.mjs and the engine's adapter (runtimes/js/phaser.mjs or pixi.mjs),
// loaded and driven as docs/engines.md's "A web game in 20 lines" does, one rendered frame
// per tick of exactly 1000 / tick_rate ms, and compares every tick with the trace:
//   - the actor: action, step, view, frame, flip, x, y;
//   - its events, as the adapter emits them (`spritec` events), with the trace's minus the
//     simulator's contact events (and `destroyed` of a despawn, which the game makes);
//   - what the engine's objects draw: each layer's frame, flip and drawn rectangle (the
//     frame's origin pixel on floor(x + 0.5), floor(y + 0.5), mirrored about it);
//   - the pixels, read back from WebGL against the picture composed from the trace and the
//     page files (docs/format.md, "Frame drawing"): opaque pixels exactly, empty ones empty,
//     soft ones drawn. Every tick, a few pixels of each drawn layer: the actor's origin pixel
//     and the corners of the layer's rectangle (as the trace places it; what covers them
//     there, of any actor, composed). The whole canvas on tick 0, every FULL_EVERY-th tick,
//     the last tick, and every tick where an actor enters or leaves or any actor's action,
//     step, view, frame, flip or layers differ from the tick before (the first tick of
//     every step change): a drawing bug shows within FULL_EVERY - 1 ticks, and each
//     frame's first tick on screen is compared whole. The canvas is read back every tick
//     (one readPixels; a read per pixel costs more); composing and comparing its 40,960
//     pixels every tick was half the check's time.
import { Actor } from '/runtime/spritec.mjs';
import { spritecPhaser } from '/runtime/phaser.mjs';
import { spritecPixi } from '/runtime/pixi.mjs';

const W = 256, H = 160;
// The whole canvas is compared at least every FULL_EVERY-th tick (above).
const FULL_EVERY = 8;

// Phaser 3 or 4: a game whose loop sleeps; each tick is one Game.step(time, delta), which
// runs preUpdate (actor.advance(delta)), the scene's update (the replay's calls), POST_UPDATE
// (the adapter's events and sprites) and the WebGL render.
async function phaserEngine(replay) {
  const sc = spritecPhaser(Phaser);
  let calls = null;
  let game;
  const scene = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Phaser did not load in 20 s')), 20000);
    game = new Phaser.Game({
      type: Phaser.WEBGL, width: W, height: H, transparent: true, pixelArt: true, banner: false,
      audio: { noAudio: true }, render: { preserveDrawingBuffer: true, antialias: false },
      scene: {
        preload() {
          this.load.on('loaderror', (f) => reject(new Error(`Phaser could not load ${f.key} (${f.url})`)));
          for (const p of replay.packs) sc.load(this.load, p.name, `${p.name}.json`);
        },
        create() { clearTimeout(timer); game.loop.sleep(); resolve(this); },
        update() { if (calls) calls(); },
      },
    });
  });
  let time = 0;
  return {
    version: `Phaser ${Phaser.VERSION}`,
    canvas: game.canvas,
    pack: (p) => sc.pack(scene, replay.packs[p].name),
    spawn: (i, p, options) => sc.add(scene, replay.packs[p].name, options).setDepth(i),
    step(delta, apply) {
      calls = apply;
      time += delta;
      game.step(time, delta);
      calls = null;
    },
    gone: (o) => !o.scene,
    layers: (o) => o.list.filter((s) => s.visible).map((s) => ({
      frame: s.frame.name, flipX: s.flipX, flipY: s.flipY, w: s.frame.cutWidth, h: s.frame.cutHeight,
      // Phaser flips a frame within its bounds: they start at -displayOrigin either way.
      left: o.x + s.x - s.displayOriginX, top: o.y + s.y - s.displayOriginY,
    })),
    pixels: () => readBack(game.renderer.gl),
  };
}

// PixiJS 8: each tick every actor's update(delta) (advance, then its events and sprites),
// the replay's calls, sync() again (the events and sprites those calls made) and a render.
async function pixiEngine(replay) {
  const sc = spritecPixi(PIXI);
  const app = new PIXI.Application();
  await app.init({ width: W, height: H, backgroundAlpha: 0, preference: 'webgl', preserveDrawingBuffer: true,
    antialias: false, autoStart: false, sharedTicker: false });
  document.body.appendChild(app.canvas);
  app.stage.sortableChildren = true;
  const packs = await Promise.all(replay.packs.map((p) => sc.load(`${p.name}.json`)));
  return {
    version: `PixiJS ${PIXI.VERSION}`,
    canvas: app.canvas,
    pack: (p) => packs[p],
    spawn(i, p, options) {
      const o = new sc.SpritecActor(new Actor(packs[p], options));
      o.zIndex = i;
      return app.stage.addChild(o);
    },
    step(delta, apply) {
      for (const o of [...app.stage.children]) o.update(delta);
      apply();
      for (const o of [...app.stage.children]) o.sync();
      app.renderer.render(app.stage);
    },
    gone: (o) => o.destroyed,
    layers: (o) => o.children.filter((s) => s.visible).map((s) => {
      const w = s.texture.frame.width, h = s.texture.frame.height;
      return { frame: s.texture.label, flipX: s.scale.x < 0, flipY: s.scale.y < 0, w, h,
        left: o.x + s.x - (s.scale.x < 0 ? w : 0), top: o.y + s.y - (s.scale.y < 0 ? h : 0) };
    }),
    pixels: () => readBack(app.renderer.gl),
  };
}

// The canvas as RGBA rows top to bottom (the default framebuffer; the engine's binding kept).
function readBack(gl) {
  const bound = gl.getParameter(gl.FRAMEBUFFER_BINDING);
  gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  const data = new Uint8Array(W * H * 4);
  gl.readPixels(0, 0, W, H, gl.RGBA, gl.UNSIGNED_BYTE, data);
  gl.bindFramebuffer(gl.FRAMEBUFFER, bound);
  const out = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; ++y) out.set(data.subarray((H - 1 - y) * W * 4, (H - y) * W * 4), y * W * 4);
  return out;
}

function parseTrace(text) {
  const ticks = new Map();
  for (const line of text.split('\n')) {
    if (!line) continue;
    const l = JSON.parse(line);
    if (!ticks.has(l.tick)) ticks.set(l.tick, []);
    ticks.get(l.tick).push(l);
  }
  return ticks;
}

// What a trace line draws, back to front: [slot, frame name, flip].
function traceLayers(line) {
  if (line.layers) return line.layers;
  return line.frame === '' ? [] : [['self', line.frame, line.flip]];
}

// The trace line's events without the simulator's contact events (the last N, N = the
// distinct events among its contacts).
function runtimeEvents(line) {
  const n = line.contacts ? new Set(line.contacts.map((c) => c[0])).size : 0;
  return line.events.slice(0, line.events.length - n);
}

// What layer rectangle r (rectOf) draws at its pixel (i, j) from the frame's page: the
// page's byte offset of that pixel's RGBA.
function layerTexel(r, flip, page, i, j) {
  const sx = r.f.x + (flip.includes('x') ? r.f.w - 1 - i : i), sy = r.f.y + (flip.includes('y') ? r.f.h - 1 - j : j);
  return 4 * (sy * page.w + sx);
}

// The picture of one tick from the trace at the canvas pixels `at` (indices Y * W + X), or
// the whole canvas when `at` is null: per pixel 0 = empty, 1 = opaque (rgb exact), 2 = soft
// (drawn, colour blended). Layers are drawn back to front, so the last one drawn wins.
function compose(lines, rectOf, pageOf, at = null) {
  const state = new Uint8Array(W * H), rgb = new Uint8Array(W * H * 3);
  const put = (r, flip, page, i, j) => {
    const X = r.left + i, Y = r.top + j;
    if (X < 0 || Y < 0 || X >= W || Y >= H) return;
    const o = layerTexel(r, flip, page, i, j), a = page.data[o + 3];
    if (a === 0) return;
    const k = Y * W + X;
    state[k] = a === 255 ? 1 : 2;
    rgb.set(page.data.subarray(o, o + 3), 3 * k);
  };
  for (const line of lines) {
    for (const [slot, name, flip] of traceLayers(line)) {
      const r = rectOf(line, slot, name, flip);
      const page = pageOf(r.pack, r.f.page);
      if (at) {
        for (const k of at) {
          const i = (k % W) - r.left, j = Math.floor(k / W) - r.top;
          if (i >= 0 && j >= 0 && i < r.f.w && j < r.f.h) put(r, flip, page, i, j);
        }
        continue;
      }
      for (let j = 0; j < r.f.h; ++j)
        for (let i = 0; i < r.f.w; ++i) put(r, flip, page, i, j);
    }
  }
  return { state, rgb };
}

// Compares the drawn canvas `px` (RGBA rows) with the composed picture `pic` at the pixels
// `at` (indices; every pixel when null), counting them in `count`; returns the number that
// differ and the first of them.
function comparePixels(pic, px, at, count) {
  let bad = 0, first = '';
  const n = at ? at.length : W * H;
  for (let m = 0; m < n; ++m) {
    const k = at ? at[m] : m, s = pic.state[k], o = 4 * k;
    let ok;
    if (s === 0) { ok = px[o + 3] === 0; count.empty++; }
    else if (s === 2) { ok = px[o + 3] > 0; count.soft++; }
    else { ok = px[o + 3] === 255 && px[o] === pic.rgb[3 * k] && px[o + 1] === pic.rgb[3 * k + 1] && px[o + 2] === pic.rgb[3 * k + 2]; count.opaque++; }
    if (!ok && bad++ === 0) first = `(${k % W},${Math.floor(k / W)}) drawn ${[...px.subarray(o, o + 4)]}, composed ${s === 1 ? [...pic.rgb.subarray(3 * k, 3 * k + 3)] + ',255' : s === 0 ? 'empty' : 'soft'}`;
  }
  return { bad, first };
}

// The pixels every tick compares (indices Y * W + X, on the canvas, no repeats): of each
// drawn layer, the actor's origin pixel and the four corners of the layer's rectangle.
function samplePixels(lines, rectOf) {
  const at = new Set();
  const add = (X, Y) => { if (X >= 0 && Y >= 0 && X < W && Y < H) at.add(Y * W + X); };
  for (const line of lines) {
    for (const [slot, name, flip] of traceLayers(line)) {
      const r = rectOf(line, slot, name, flip);
      add(Math.floor(line.x + 0.5), Math.floor(line.y + 0.5));
      for (const [X, Y] of [[r.left, r.top], [r.left + r.f.w - 1, r.top], [r.left, r.top + r.f.h - 1], [r.left + r.f.w - 1, r.top + r.f.h - 1]]) add(X, Y);
    }
  }
  return [...at];
}

// Whether tick t's picture is compared whole (the file's header): tick 0, every
// FULL_EVERY-th, the last, and where any actor's drawing state differs from tick t - 1.
function fullTick(t, lastTick, lines, previous) {
  if (t % FULL_EVERY === 0 || t === lastTick || !previous) return true;
  const shown = (ls) => ls.map((l) => JSON.stringify([l.actor, l.action, l.step, l.view, l.frame, l.flip, l.layers])).join('\n');
  return shown(lines) !== shown(previous);
}

// A copy of the engine's canvas as it is now, twice the size, on the page's background
// (#shot: what check.mjs's screenshot takes).
function snapshot(canvas) {
  const shot = document.createElement('canvas');
  shot.id = 'shot';
  shot.width = 2 * W;
  shot.height = 2 * H;
  const g = shot.getContext('2d');
  g.imageSmoothingEnabled = false;
  g.fillStyle = '#2b3a4a';
  g.fillRect(0, 0, shot.width, shot.height);
  g.drawImage(canvas, 0, 0, shot.width, shot.height);
  document.body.prepend(shot);
}

window.runCase = async function (config) {
  const report = new Report(config.name);
  const replay = await fetchJson('replay.json');
  const trace = parseTrace(await (await fetch('trace.jsonl')).text());
  const engine = config.lib === 'pixi' ? await pixiEngine(replay) : await phaserEngine(replay);
  report.note(`${engine.version}, ${replay.tick_rate} ticks/s, ticks 0..${replay.last_tick}`);
  const calls = new Map(replay.ticks);
  const actorIndex = new Map(replay.actors.map((n, i) => [n, i]));
  const packOf = [];  // actor -> pack index
  const pages = new Map();  // "pack|page" -> pixels
  for (let p = 0; p < replay.packs.length; ++p) {
    const pack = engine.pack(p);
    for (let g = 0; g < pack.pages.length; ++g) pages.set(pack, (pages.get(pack) || []).concat([await pagePixels(pack.pages[g].file)]));
  }
  const objs = replay.actors.map(() => null), got = replay.actors.map(() => []);
  const leaving = replay.actors.map(() => false);
  const delta = 1000 / replay.tick_rate;
  const count = { ticks: 0, full: 0, lines: 0, layers: 0, opaque: 0, soft: 0, empty: 0, events: 0 };
  let badTicks = 0;
  const shotTick = Math.floor(replay.last_tick / 3);  // check.mjs's screenshot shows this tick

  const apply = (list, despawned) => () => {
    for (const c of list || []) {
      const i = c.actor;
      if (c.spawn) {
        if (objs[i] && !engine.gone(objs[i])) objs[i].destroy();
        const s = c.spawn;
        objs[i] = engine.spawn(i, s.pack, { x: s.x, y: s.y, angle: s.angle });
        objs[i].actor.speedThousandths = s.speed;
        objs[i].on('spritec', (name) => got[i].push(name));
        packOf[i] = s.pack;
        got[i] = [];
        leaving[i] = false;
        continue;
      }
      const a = objs[i].actor;
      if ('play' in c) a.play(c.play, { restart: c.restart });
      else if ('angle' in c) a.angle = c.angle;
      else if ('press' in c) a.hold(c.press, true);
      else if ('release' in c) a.hold(c.release, false);
      else if ('speed' in c) a.speedThousandths = c.speed;
      else if ('unequip' in c) a.unequip(c.unequip);
      else if ('equip' in c) a.equip(engine.pack(c.equip.pack));
      else if ('at' in c) [a.x, a.y] = c.at;
      else if ('despawn' in c) { despawned.push(i); leaving[i] = true; }
      else throw new Error(`unknown replay call ${JSON.stringify(c)}`);
    }
  };

  // A trace layer's frame and its rectangle as "Frame drawing" places it.
  const rectOf = (line, slot, name, flip) => {
    const i = actorIndex.get(line.actor);
    const pack = slot === 'self' ? engine.pack(packOf[i]) : objs[i].actor.equipped(slot);
    const f = pack.frames[pack.findFrame(name)];
    const px = Math.floor(line.x + 0.5), py = Math.floor(line.y + 0.5);
    return { pack, f, left: flip.includes('x') ? px + f.ox - f.w + 1 : px - f.ox, top: flip.includes('y') ? py + f.oy - f.h + 1 : py - f.oy };
  };

  for (let t = 0; t <= replay.last_tick; ++t) {
    for (let i = 0; i < objs.length; ++i) {
      if (objs[i] && leaving[i]) { objs[i].destroy(); objs[i] = null; leaving[i] = false; }
      got[i] = [];
    }
    const despawned = [];
    engine.step(t === 0 ? 0 : delta, apply(calls.get(t), despawned));
    for (const i of despawned) got[i].push('destroyed');
    for (let i = 0; i < objs.length; ++i) if (objs[i] && engine.gone(objs[i]) && !leaving[i]) objs[i] = null;
    count.ticks++;

    const lines = trace.get(t) || [];
    const errors = [];
    const on = objs.map((o, i) => (o ? replay.actors[i] : null)).filter((n) => n);
    if (on.join() !== lines.map((l) => l.actor).join()) errors.push(`actors on stage [${on}], the trace has [${lines.map((l) => l.actor)}]`);
    for (const line of lines) {
      const i = actorIndex.get(line.actor), o = objs[i];
      if (!o) continue;
      count.lines++;
      const a = o.actor;
      const state = [a.action, a.step, a.view, a.frameName, a.flip].join('|');
      const want = [line.action, line.step, line.view, line.frame, line.flip].join('|');
      if (state !== want) errors.push(`${line.actor}: the actor shows ${state}, the trace ${want}`);
      if (Math.abs(a.x - line.x) > 1e-6 || Math.abs(a.y - line.y) > 1e-6) errors.push(`${line.actor}: at ${a.x},${a.y}, the trace ${line.x},${line.y}`);
      const events = runtimeEvents(line);
      count.events += events.length;
      if (got[i].join() !== events.join()) errors.push(`${line.actor}: events [${got[i]}], the trace [${events}]`);
      const drawn = engine.layers(o);
      const wantLayers = traceLayers(line);
      count.layers += wantLayers.length;
      if (drawn.length !== wantLayers.length) errors.push(`${line.actor}: ${drawn.length} layers drawn, the trace ${wantLayers.length}`);
      else wantLayers.forEach(([slot, name, flip], k) => {
        const d = drawn[k], r = rectOf(line, slot, name, flip);
        const dflip = (d.flipX ? 'x' : '') + (d.flipY ? 'y' : '');
        if (d.frame !== name || dflip !== flip || d.left !== r.left || d.top !== r.top || d.w !== r.f.w || d.h !== r.f.h)
          errors.push(`${line.actor} layer ${slot}: drawn ${d.frame} flip '${dflip}' at ${d.left},${d.top} ${d.w}x${d.h}; the trace ${name} flip '${flip}' at ${r.left},${r.top} ${r.f.w}x${r.f.h}`);
      });
    }

    const full = fullTick(t, replay.last_tick, lines, trace.get(t - 1) || (t === 0 ? null : []));
    const at = full ? null : samplePixels(lines, rectOf);
    if (full) count.full++;
    const pic = compose(lines, rectOf, (pack, page) => pages.get(pack)[page], at);
    const { bad, first } = comparePixels(pic, engine.pixels(), at, count);
    if (bad) errors.push(`${bad} pixels differ${full ? '' : ' (of each layer\'s origin and corners)'}, first ${first}`);
    if (t === shotTick) snapshot(engine.canvas);
    report.check(errors.length === 0, `tick ${t}: ${errors.slice(0, 4).join('; ')}`);
    if (errors.length && ++badTicks >= 10) { report.fail('stopped after 10 ticks with differences'); break; }
  }
  report.note(`${count.ticks} ticks (${count.full} compared whole), ${count.lines} trace lines, ${count.layers} layers, ${count.events} events; pixels ${count.opaque} opaque, ${count.soft} soft, ${count.empty} empty`);
  return report;
};
