// The `pixi` export in PixiJS 8: Assets.load(OUT) (the other pages come with it through
// meta.related_multi_packs), as a game loads it; every pack frame's texture (page, frame,
// trim, orig, defaultAnchor), and every animation played by an AnimatedSprite at the rate
// meta.frameRates gives, tick by tick against engine_expect. Drawn position of a texture:
// updateQuadBounds (pixi.js/lib/utils/data/updateQuadBounds.mjs): trim.x - anchor.x * orig.width.
'use strict';

window.runCase = async function (config) {
  const report = new Report(config.name);
  const expect = await fetchJson('expect.json');
  report.note(`PixiJS ${PIXI.VERSION}`);
  const sheet = await PIXI.Assets.load(new URL(config.out, location.href).href);
  if (!report.check(sheet instanceof PIXI.Spritesheet, `${config.out} did not load as a Spritesheet`)) return report;
  const sheets = [sheet, ...(sheet.linkedSheets || [])];

  const pages = new Map();  // texture source -> pixels
  for (const s of sheets) pages.set(s.textureSource, await pagePixels(s.textureSource.label));
  const sheetOf = new Map();
  for (const s of sheets) for (const name of Object.keys(s.textures)) {
    report.check(!sheetOf.has(name), `frame ${name} in two pages`);
    sheetOf.set(name, s);
  }

  // Every pack frame: a texture on its page at its packed rectangle, trimmed as packed, its
  // default anchor the origin; the same texture by name from the cache (Texture.from).
  for (const [name, f] of Object.entries(expect.frames)) {
    const s = sheetOf.get(name);
    if (!report.check(s, `frame ${name} missing`)) continue;
    const tex = s.textures[name];
    report.check(s.data.meta.image === `${config.stem}-${f.page}.png` && pages.get(tex.source).url.endsWith('/' + s.data.meta.image),
      `frame ${name}: on ${s.data.meta.image}, expected page ${f.page}`);
    report.check(tex.frame.x === f.x && tex.frame.y === f.y && tex.frame.width === f.w && tex.frame.height === f.h && tex.rotate === 0,
      `frame ${name}: frame ${tex.frame.x},${tex.frame.y} ${tex.frame.width}x${tex.frame.height} rotate ${tex.rotate}, expected ${f.x},${f.y} ${f.w}x${f.h}`);
    const tx = tex.trim ? tex.trim.x : 0, ty = tex.trim ? tex.trim.y : 0;
    report.check(tx === f.trim_x && ty === f.trim_y && tex.orig.width === f.source_w && tex.orig.height === f.source_h,
      `frame ${name}: trim ${tx},${ty} orig ${tex.orig.width}x${tex.orig.height}, expected ${f.trim_x},${f.trim_y} of ${f.source_w}x${f.source_h}`);
    const a = tex.defaultAnchor;
    report.check(a && whole(a.x * tex.orig.width) === f.origin_x && whole(a.y * tex.orig.height) === f.origin_y,
      `frame ${name}: defaultAnchor ${a && a.x},${a && a.y}, expected the origin ${f.origin_x},${f.origin_y}`);
    report.check(PIXI.Texture.from(name) === tex, `frame ${name}: Texture.from gives another texture`);
  }

  // Animations: the names, the rate and loop of each (meta.frameRates), and what an
  // AnimatedSprite made from the listed frames draws.
  const listed = sheet.data.animations || {};
  sameNames(report, 'animations', Object.keys(listed), Object.keys(expect.animations));
  const rates = (sheet.data.meta && sheet.data.meta.frameRates) || {};
  sameNames(report, 'meta.frameRates', Object.keys(rates), Object.keys(expect.animations));
  const cache = new Map();
  let complete = 0;
  for (const name of Object.keys(expect.animations)) {
    if (!listed[name] || !rates[name]) continue;
    const textures = listed[name].map((n) => PIXI.Texture.from(n));
    // sheet.animations (Pixi's own parse) resolves only the frames of page 0's document.
    const own = sheet.animations[name];
    if (own && own.every((t) => t)) {
      complete++;
      report.check(own.length === textures.length && own.every((t, i) => t === textures[i]),
        `${name}: sheet.animations differs from the listed frames`);
    }
    const { fps, loop } = rates[name];
    report.check(loop === expect.animations[name].loop, `${name}: loop ${loop}, expected ${expect.animations[name].loop}`);
    const sprite = new PIXI.AnimatedSprite({ textures, autoUpdate: false, updateAnchor: true, loop, animationSpeed: fps / 60 });
    sprite.play();
    const tickMs = 1000 / expect.tick_rate;
    const firstPass = firstPassOf(report, config, expect, name, textures.length * expect.tick_rate / fps);
    const memo = new Map();
    compareAnimation(report, expect, name, (t) => {
      // As PIXI.Ticker gives them: deltaTime = deltaMS * Ticker.targetFPMS (0.06).
      const ms = stepMs(config, expect, t);
      sprite.update({ deltaTime: ms * PIXI.Ticker.targetFPMS, deltaMS: ms });
      if (!sprite.visible) return { set: '', label: '(hidden)' };
      const tex = sprite.texture;
      if (tex.rotate) throw new Error(`${name}: texture ${tex.label} is rotated`);
      const px = (tex.trim ? tex.trim.x : 0) - sprite.anchor.x * tex.orig.width;
      const py = (tex.trim ? tex.trim.y : 0) - sprite.anchor.y * tex.orig.height;
      const dx = whole(px), dy = whole(py);
      if (dx === null || dy === null) throw new Error(`${name}: texture ${tex.label} drawn at (${px}, ${py}), not a whole pixel`);
      const id = `${tex.uid}|${dx},${dy}`;
      if (!memo.has(id)) {
        const f = tex.frame;
        memo.set(id, drawnSet(pages.get(tex.source), f.x, f.y, f.width, f.height, dx, dy, false, false));
      }
      return { set: memo.get(id), label: tex.label };
    }, cache, firstPass);
    sprite.destroy();
  }
  report.note(`${complete} of ${Object.keys(expect.animations).length} animations complete in sheet.animations (page 0's frames only)`);
  return report;
};
