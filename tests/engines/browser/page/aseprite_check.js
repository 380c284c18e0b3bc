// The `aseprite-json` export through Phaser, its real consumer: this.load.aseprite(STEM,
// STEM.png, OUT) and this.anims.createFromAseprite(STEM), as a game loads it. Phaser takes
// each tag's frames and per-frame durations but neither the tag's `repeat` nor the slices,
// so the check does what game code does with them: plays each tag with repeat
// (tag.repeat ? tag.repeat - 1 : -1, Aseprite's meaning: absent = forever), and places each
// frame by the pivot of the `origin` slice key in force on that frame.
'use strict';

window.runCase = async function (config) {
  const report = new Report(config.name);
  const expect = await fetchJson('expect.json');
  const stem = config.stem;
  const scene = await bootPhaser(function () {
    this.load.aseprite(stem, stem + '.png', config.out);
  });
  report.note(`Phaser ${Phaser.VERSION}`);
  const created = scene.anims.createFromAseprite(stem);
  const data = scene.cache.json.get(stem);
  const tags = data.meta.frameTags || [];
  report.check(created.length === tags.length, `createFromAseprite made ${created.length} animations of ${tags.length} tags`);
  sameNames(report, 'tags', created.map((a) => a.key), Object.keys(expect.animations));
  const pages = await sourcePixels(scene, stem);
  report.check(pages.length === 1 && pages[0].url.endsWith(`/${stem}.png`), `texture ${stem}: ${pages.map((p) => p.url).join(', ')}, expected one sheet ${stem}.png`);

  // The origin of frame i: bounds + pivot of the key of slice `origin` with the greatest
  // frame <= i.
  const slice = (data.meta.slices || []).find((s) => s.name === 'origin');
  if (!report.check(slice && slice.keys && slice.keys.length, 'no slice "origin" with keys')) return report;
  const keys = [...slice.keys].sort((a, b) => a.frame - b.frame);
  function originOf(frameName) {
    const i = Number(frameName);
    let key = null;
    for (const k of keys) if (k.frame <= i) key = k;
    if (!key || !key.pivot) throw new Error(`frame ${frameName}: no origin slice key with a pivot`);
    return [key.bounds.x + key.pivot.x, key.bounds.y + key.pivot.y];
  }

  const cache = new Map();
  for (const tag of tags) {
    if (!expect.animations[tag.name] || !scene.anims.exists(tag.name)) continue;
    const repeat = tag.repeat !== undefined ? Number(tag.repeat) - 1 : -1;
    report.check((repeat === -1) === expect.animations[tag.name].loop, `${tag.name}: repeat ${tag.repeat}, loop expected ${expect.animations[tag.name].loop}`);
    // As game code would on every frame change: the display origin at the slice's pivot.
    checkPhaserAnimation(report, config, scene, expect, pages, stem, { key: tag.name, repeat }, (s) => {
      const [ox, oy] = originOf(s.frame.name);
      s.setDisplayOrigin(ox, oy);
      return [s.frame.x - s.displayOriginX, s.frame.y - s.displayOriginY];
    }, cache, true);
  }
  return report;
};
