// Phaser helpers shared by the phaser and aseprite-json checks: a headless game whose loop
// is put to sleep once the scene has loaded, and a sprite driven by hand, tick by tick.
'use strict';

// Boots a HEADLESS game, runs `preload` in its scene and resolves with the scene once
// everything is loaded (create), the game loop asleep so nothing advances by itself.
function bootPhaser(preload) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Phaser did not finish loading in 20 s')), 20000);
    const game = new Phaser.Game({
      type: Phaser.HEADLESS,
      width: 8,
      height: 8,
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

// Plays animation `name` on a sprite that no scene updates, then advances it by hand to
// (t + 0.5) / tick_rate s for every tick t of the expectations and compares what it draws.
// `placement(sprite)` gives the drawn rectangle's top-left relative to the origin.
function checkPhaserAnimation(report, scene, expect, pages, textureKey, play, placement, cache) {
  const sprite = new Phaser.GameObjects.Sprite(scene, 0, 0, textureKey);
  sprite.play(play);
  const name = typeof play === 'string' ? play : play.key;
  if (!report.check(sprite.anims.isPlaying, `${name}: does not play`)) return;
  const tickMs = 1000 / expect.tick_rate;
  const memo = new Map();
  let now = 0;
  compareAnimation(report, expect, name, (t) => {
    const delta = t === 0 ? tickMs / 2 : tickMs;
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
      memo.set(id, drawnSet(pages[frame.sourceIndex], frame.cutX, frame.cutY, frame.cutWidth, frame.cutHeight, dx, dy, sprite.flipX, sprite.flipY));
    }
    return { set: memo.get(id), label: frame.name };
  }, cache);
  sprite.destroy();
}
