// The `phaser` export in Phaser: this.load.multiatlas(STEM, OUT) and
// this.load.animation(…, STEM.anims.json), as a game loads them; every pack frame's page,
// rectangle, trim and pivot, and every animation shown tick by tick against engine_expect.
'use strict';

window.runCase = async function (config) {
  const report = new Report(config.name);
  const expect = await fetchJson('expect.json');
  const stem = config.stem;
  const scene = await bootPhaser(function () {
    this.load.multiatlas(stem, config.out, './');
    this.load.animation(stem + '.anims', stem + '.anims.json');
  });
  report.note(`Phaser ${Phaser.VERSION}`);
  const texture = scene.textures.get(stem);
  if (!report.check(texture && texture.key === stem, `no texture ${stem}`)) return report;
  const pages = await sourcePixels(scene, stem);

  // Every pack frame: on its page at its packed rectangle, trimmed as packed, its pivot the
  // origin (so the sprite's display origin lands on it).
  for (const [name, f] of Object.entries(expect.frames)) {
    const fr = texture.has(name) ? texture.get(name) : null;
    if (!report.check(fr, `frame ${name} missing`)) continue;
    const page = pages[fr.sourceIndex];
    report.check(page.url.endsWith(`/${stem}-${f.page}.png`), `frame ${name}: on ${page.url}, expected page ${f.page}`);
    report.check(fr.cutX === f.x && fr.cutY === f.y && fr.cutWidth === f.w && fr.cutHeight === f.h,
      `frame ${name}: cut ${fr.cutX},${fr.cutY} ${fr.cutWidth}x${fr.cutHeight}, expected ${f.x},${f.y} ${f.w}x${f.h}`);
    report.check(fr.x === f.trim_x && fr.y === f.trim_y && fr.realWidth === f.source_w && fr.realHeight === f.source_h,
      `frame ${name}: trim ${fr.x},${fr.y} of ${fr.realWidth}x${fr.realHeight}, expected ${f.trim_x},${f.trim_y} of ${f.source_w}x${f.source_h}`);
    report.check(fr.customPivot && whole(fr.pivotX * fr.realWidth) === f.origin_x && whole(fr.pivotY * fr.realHeight) === f.origin_y,
      `frame ${name}: pivot ${fr.pivotX},${fr.pivotY} (custom ${fr.customPivot}), expected the origin ${f.origin_x},${f.origin_y}`);
  }

  // Every animation: exactly the expected names, each drawing the expected pixels per tick.
  const names = [];
  scene.anims.anims.each((key) => names.push(key));
  sameNames(report, 'animations', names, Object.keys(expect.animations));
  const cache = new Map();
  for (const name of Object.keys(expect.animations)) {
    if (!scene.anims.exists(name)) continue;
    checkPhaserAnimation(report, config, scene, expect, pages, stem, name,
      (s) => [s.frame.x - s.displayOriginX, s.frame.y - s.displayOriginY], cache, true);
  }
  return report;
};
