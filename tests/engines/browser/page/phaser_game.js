// Phaser helpers shared by the phaser and aseprite-json checks: a headless game whose loop
// is put to sleep once the scene has loaded, and a sprite driven by hand, tick by tick.
'use strict';

// Boots a game with the Canvas renderer, runs `preload` in its scene and resolves with the
// scene once everything is loaded (create), the game loop asleep so nothing advances or
// renders by itself. The scene is also window.__phaserScene (geometry_check.js reads it).
const kCanvasSize = 1024;
function bootPhaser(preload) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Phaser did not finish loading in 20 s')), 20000);
    const game = new Phaser.Game({
      type: Phaser.CANVAS,
      width: kCanvasSize,
      height: kCanvasSize,
      transparent: true,
      pixelArt: true,
      banner: false,
      audio: { noAudio: true },
      // Images load through <img src=URL> rather than XHR blobs (revoked once decoded), so
      // a texture source still names its file; the pixels are the same.
      loader: { imageLoadType: 'HTMLImageElement' },
      scene: {
        preload() {
          this.load.on('loaderror', (file) => reject(new Error(`Phaser could not load ${file.key} (${file.url})`)));
          preload.call(this);
        },
        create() {
          clearTimeout(timer);
          game.loop.sleep();
          window.__phaserScene = this;
          resolve(this);
        },
      },
    });
  });
}

// The pixels of every texture source of `key`, by source index.
async function sourcePixels(scene, key) {
  const texture = scene.textures.get(key);
  const out = [];
  for (const source of texture.source) out.push(await pagePixels(source.image, source.image.src));
  return out;
}

// Draws `sprite` alone with the game's Canvas renderer, its position at the canvas centre,
// and checks that what lands on the canvas is the pixel set computed from the frame (`want`,
// placed as the check places it): the same pixels with alpha > 0 and the same alpha, and the
// same colour where alpha is 255 (the canvas stores premultiplied colour, so a soft pixel's
// colour is not read back exactly). This ties the check's placement to the real renderer.
function renderedMatches(scene, sprite, want) {
  const renderer = scene.sys.game.renderer;
  const c = kCanvasSize / 2;
  sprite.setPosition(c, c);
  renderer.preRender();
  renderer.render(scene, [sprite], scene.cameras.main);
  renderer.postRender();
  const pts = want === '' ? [] : want.split(';').map((p) => {
    const [xy, rgba] = p.split(':');
    const [x, y] = xy.split(',').map(Number);
    return { x, y, rgba };
  });
  // The rectangle the sprite's frame covers, from the frame itself (not from `want`).
  const f = sprite.frame;
  const x0 = Math.round(f.x - sprite.displayOriginX), y0 = Math.round(f.y - sprite.displayOriginY);
  const w = f.cutWidth, h = f.cutHeight;
  if (c + x0 < 0 || c + y0 < 0 || c + x0 + w > kCanvasSize || c + y0 + h > kCanvasSize) return 'frame does not fit the canvas';
  const got = new Map();
  if (w > 0 && h > 0) {
    const data = renderer.gameContext.getImageData(c + x0, c + y0, w, h).data;
    for (let j = 0; j < h; ++j)
      for (let i = 0; i < w; ++i) {
        const o = 4 * (j * w + i);
        if (data[o + 3] > 0) got.set((x0 + i) + ',' + (y0 + j), [data[o], data[o + 1], data[o + 2], data[o + 3]]);
      }
  }
  if (got.size !== pts.length) return `${got.size} pixels drawn, ${pts.length} computed`;
  for (const p of pts) {
    const g = got.get(p.x + ',' + p.y);
    if (!g) return `nothing drawn at ${p.x},${p.y}`;
    const v = hexBytes(p.rgba);
    if (g[3] !== v[3] || (v[3] === 255 && (g[0] !== v[0] || g[1] !== v[1] || g[2] !== v[2])))
      return `at ${p.x},${p.y} drawn ${g.join(',')}, computed ${[...v].join(',')}`;
  }
  return '';
}

// Plays animation `name` on a sprite that no scene updates, then advances it by hand to
// (t + 0.5) / tick_rate s for every tick t of the expectations and compares what it draws.
// `placement(sprite)` gives the drawn rectangle's top-left relative to the origin.
// With `checkRender`, each frame shown is also drawn by the renderer (renderedMatches).
// `config.tailLoops`: see firstPassOf.
function checkPhaserAnimation(report, config, scene, expect, pages, textureKey, play, placement, cache, checkRender) {
  const sprite = new Phaser.GameObjects.Sprite(scene, 0, 0, textureKey);
  sprite.play(play);
  const name = typeof play === 'string' ? play : play.key;
  if (!report.check(sprite.anims.isPlaying, `${name}: does not play`)) return;
  const tickMs = 1000 / expect.tick_rate;
  const anim = sprite.anims.currentAnim;
  const passMs = anim.frames.reduce((sum, f) => sum + (f.duration || sprite.anims.msPerFrame), 0);
  const firstPass = firstPassOf(report, config, expect, name, passMs / tickMs);
  const memo = new Map();
  let now = 0;
  compareAnimation(report, expect, name, (t) => {
    const delta = stepMs(config, expect, t);
    now += delta;
    sprite.anims.update(now, delta);
    if (!sprite.visible) return { set: '', label: '(hidden)' };
    const frame = sprite.frame;
    if (frame.rotated) throw new Error(`${name}: frame ${frame.name} is rotated`);
    const [px, py] = placement(sprite);
    const dx = whole(px), dy = whole(py);
    if (dx === null || dy === null) throw new Error(`${name}: frame ${frame.name} drawn at (${px}, ${py}), not a whole pixel`);
    const id = `${frame.name}|${frame.sourceIndex}|${dx},${dy}|${sprite.flipX}${sprite.flipY}`;
    if (!memo.has(id)) {
      const set = drawnSet(pages[frame.sourceIndex], frame.cutX, frame.cutY, frame.cutWidth, frame.cutHeight, dx, dy, sprite.flipX, sprite.flipY);
      memo.set(id, set);
      if (checkRender) {
        const why = renderedMatches(scene, sprite, set);
        report.check(why === '', `${name}: frame ${frame.name} as the Canvas renderer draws it: ${why}`);
      }
    }
    return { set: memo.get(id), label: frame.name };
  }, cache, firstPass);
  sprite.destroy();
}
