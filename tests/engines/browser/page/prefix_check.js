// Two packs in one game (issue 27, `spritec export --prefix`): OUT (exported with --prefix
// a/) and config.second.out (--prefix b/) lie side by side; their packs have the same action
// and frame names. Both load into one Phaser game (this.load.multiatlas and
// this.load.animation for each) or one Pixi app (Assets.load of each), as a game loads two
// packs. Checked: nothing says a key exists already (Phaser's "AnimationManager key already
// exists", Pixi's "[Cache] already has key"), every animation of both packs is there under
// its prefix, and each, played on a sprite of its own and stepped at exactly its pack's tick
// rate, shows its own pack's pixels on every tick (the packs' sheets differ).
'use strict';

// Every warning and error the page logs, from before the engine loads anything.
const loggedWarnings = [];
for (const level of ['warn', 'error']) {
  const original = console[level].bind(console);
  console[level] = (...args) => {
    loggedWarnings.push(args.map(String).join(' '));
    original(...args);
  };
}

// The expectations of one pack with its animations named as the export names them.
function prefixed(expect, prefix) {
  const animations = {};
  for (const [name, a] of Object.entries(expect.animations)) animations[prefix + name] = a;
  return { ...expect, animations };
}

async function phaserPrefixCase(report, config, packs) {
  const scene = await bootPhaser(function () {
    for (const p of packs) {
      this.load.multiatlas(p.stem, p.out, './');
      this.load.animation(p.stem + '.anims', p.stem + '.anims.json');
    }
  });
  report.note(`Phaser ${Phaser.VERSION}`);
  const names = [];
  scene.anims.anims.each((key) => names.push(key));
  sameNames(report, 'animations of both packs', names, packs.flatMap((p) => Object.keys(p.expect.animations)));
  for (const p of packs) {
    const pages = await sourcePixels(scene, p.stem);
    const cache = new Map();
    for (const name of Object.keys(p.expect.animations)) {
      if (!report.check(scene.anims.exists(name), `${name}: not in the game`)) continue;
      checkPhaserAnimation(report, { ...config, tailLoops: [] }, scene, p.expect, pages, p.stem, name,
        (s) => [s.frame.x - s.displayOriginX, s.frame.y - s.displayOriginY], cache, false);
    }
  }
}

async function pixiPrefixCase(report, config, packs) {
  report.note(`PixiJS ${PIXI.VERSION}`);
  for (const p of packs) {
    const sheet = await PIXI.Assets.load(new URL(p.out, location.href).href);
    if (!report.check(sheet instanceof PIXI.Spritesheet, `${p.out} did not load as a Spritesheet`)) return;
    const page = await pagePixels(sheet.textureSource.label);
    const listed = sheet.data.animations || {};
    sameNames(report, `${p.out}'s animations`, Object.keys(listed), Object.keys(p.expect.animations));
    const cache = new Map();
    for (const name of Object.keys(p.expect.animations)) {
      const { fps, loop } = sheet.data.meta.frameRates[name];
      // By name from Pixi's global cache, as a game takes them: the other pack's frames
      // have the same names but for the prefix.
      const textures = listed[name].map((n) => PIXI.Texture.from(n));
      report.check(textures.every((t) => t.source === sheet.textureSource), `${name}: a frame from another pack's page`);
      const sprite = new PIXI.AnimatedSprite({ textures, autoUpdate: false, updateAnchor: true, loop, animationSpeed: fps / 60 });
      sprite.play();
      compareAnimation(report, p.expect, name, (t) => {
        const ms = stepMs(config, p.expect, t);
        sprite.update({ deltaTime: ms * PIXI.Ticker.targetFPMS, deltaMS: ms });
        if (!sprite.visible) return { set: '', label: '(hidden)' };
        const tex = sprite.texture;
        const dx = whole((tex.trim ? tex.trim.x : 0) - sprite.anchor.x * tex.orig.width);
        const dy = whole((tex.trim ? tex.trim.y : 0) - sprite.anchor.y * tex.orig.height);
        const f = tex.frame;
        return { set: drawnSet(page, f.x, f.y, f.width, f.height, dx, dy, false, false), label: tex.label };
      }, cache, undefined);
      sprite.destroy();
    }
  }
}

window.runCase = async function (config) {
  const report = new Report(config.name);
  const packs = [
    { out: config.out, stem: config.stem, expect: prefixed(await fetchJson('expect.json'), config.stem + '/') },
    { out: config.second.out, stem: config.second.stem, expect: prefixed(await fetchJson('expect-second.json'), config.second.stem + '/') },
  ];
  if (config.format === 'pixi') await pixiPrefixCase(report, config, packs);
  else await phaserPrefixCase(report, config, packs);
  const clash = loggedWarnings.filter((l) => /already (exists|has key)|key exists/.test(l));
  report.check(clash.length === 0, `a key said to exist already: ${clash.slice(0, 3).join(' | ')}`);
  return report;
};
