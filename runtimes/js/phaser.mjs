// spritec's Phaser adapter (Phaser 3.90+ and Phaser 4): loads a spritec-json pack with
// Phaser's loader and shows an Actor of spritec.mjs as a GameObject. No dependencies: the
// Phaser namespace is passed in (or is the page's global `Phaser`).
//
//   const sc = spritecPhaser(Phaser);
//   preload() { sc.load(this.load, "hero", "assets/hero.json"); }
//   create()  { this.hero = sc.add(this, "hero", { action: "stand", x: 40, y: 70 });
//               this.hero.on("spritec", (name) => console.log(name)); }
//   update()  { this.hero.actor.hold("move", keys.right.isDown); }
//
// The GameObject is a Container of one Sprite per layer drawn (one for a plain pack). Each
// frame: preUpdate advances the actor by the game's delta (the runtime's exact clock); the
// scene's update() may then play, turn, hold; on the scene's POST_UPDATE the actor's events
// are emitted as `spritec` events and the sprites take the actor's frames, flips and place:
// the frame's origin pixel on (floor(x + 0.5), floor(y + 0.5)), flipped about that pixel,
// hidden on a blank step, as `spritec preview` draws it. An actor destroyed by `then:
// destroy` shows its last step for that frame and is destroyed on the next.
import { Actor, loadPack } from "./spritec.mjs";

const made = new WeakMap(); // Phaser namespace -> the adapter made for it
const framesOf = new WeakMap(); // Pack -> its Phaser frames by frame index

/** The adapter for one Phaser namespace: { load, add, pack, SpritecActor }. */
export function spritecPhaser(Phaser = globalThis.Phaser) {
  if (!Phaser || !Phaser.GameObjects) throw new TypeError("spritecPhaser: pass the Phaser namespace");
  if (made.has(Phaser)) return made.get(Phaser);

  // Queues KEY's JSON, then (when it has loaded) its pages beside it as textures KEY#N,
  // each with the pack's frames of that page.
  function load(loader, key, url) {
    loader.json(key, url);
    loader.once(`filecomplete-json-${key}`, (_key, _type, data) => {
      const pack = loadPack(data);
      loader.scene.sys.cache.addCustom("spritec").add(key, pack);
      framesOf.set(pack, new Array(pack.frames.length));
      const dir = url.slice(0, url.lastIndexOf("/") + 1);
      pack.pages.forEach((page, p) => {
        const pageKey = `${key}#${p}`;
        loader.once(`filecomplete-image-${pageKey}`, () => {
          const texture = loader.scene.sys.textures.get(pageKey);
          pack.frames.forEach((f, i) => {
            if (f.page !== p) return;
            // Named as in the pack (by index when a name repeats: a texture's names are unique).
            framesOf.get(pack)[i] = texture.add(f.name, 0, f.x, f.y, f.w, f.h) || texture.add(i, 0, f.x, f.y, f.w, f.h);
          });
        });
        loader.image(pageKey, dir + page.file);
      });
    });
  }

  class SpritecActor extends Phaser.GameObjects.Container {
    constructor(scene, actor) {
      super(scene, 0, 0);
      this.actor = actor;
      this._gone = false; // destroyed by then: destroy before this frame: removed at sync()
      this._emitted = 0; // events of this frame already emitted
      this._drawn = 0;
      scene.sys.events.on("postupdate", this.sync, this);
      this.once("destroy", () => scene.sys.events.off("postupdate", this.sync, this));
      this._show(); // an action's first step is shown; its event stays in actor.events
    }
    preUpdate(_time, delta) {
      this._gone = this.actor.destroyed;
      this._emitted = 0;
      this.actor.advance(delta);
    }
    // Emits the actor's events and shows its step (called on the scene's POST_UPDATE).
    sync() {
      const a = this.actor;
      if (this._gone) return void this.destroy();
      for (; this._emitted < a.eventCount; ++this._emitted) this.emit("spritec", a.eventName(this._emitted), this);
      this._show();
    }
    _show() {
      const a = this.actor;
      this.setPosition(Math.floor(a.x + 0.5), Math.floor(a.y + 0.5));
      this._drawn = 0;
      a.forEachLayer(this._layer || (this._layer = (l) => this._draw(l)));
      for (let i = this._drawn; i < this.list.length; ++i) this.list[i].setVisible(false);
    }
    _draw(l) {
      if (this._drawn === this.list.length) this.add(new Phaser.GameObjects.Sprite(this.scene, 0, 0, "__DEFAULT"));
      const s = this.list[this._drawn++];
      const f = l.pack.frames[l.frame];
      s.setFrame(framesOf.get(l.pack)[l.frame]);
      // Phaser flips a frame within its own bounds: mirroring about the origin pixel is the
      // display origin mirrored too.
      s.setDisplayOrigin(l.flipX ? f.w - 1 - f.ox : f.ox, l.flipY ? f.h - 1 - f.oy : f.oy);
      s.setFlip(l.flipX, l.flipY);
      s.setVisible(true);
    }
  }

  // A new Actor of pack KEY (spritec.mjs's ActorOptions; pieces by sc.pack(scene, KEY))
  // shown by a SpritecActor added to the scene.
  function add(scene, key, options) {
    return scene.add.existing(new SpritecActor(scene, new Actor(pack(scene, key), options)));
  }
  // The loaded Pack of KEY.
  function pack(scene, key) {
    const p = scene.sys.cache.addCustom("spritec").get(key);
    if (!p) throw new Error(`spritec: no pack "${key}" loaded`);
    return p;
  }

  const adapter = { load, add, pack, SpritecActor };
  made.set(Phaser, adapter);
  return adapter;
}
