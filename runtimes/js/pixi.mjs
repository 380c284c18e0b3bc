// spritec's PixiJS adapter (PixiJS 8): loads a spritec-json pack with Assets and shows an
// Actor of spritec.mjs as a Container. No dependencies: the PIXI namespace is passed in
// (`import * as PIXI from "pixi.js"`) or is the page's global `PIXI`.
//
//   const sc = spritecPixi(PIXI);
//   const pack = await sc.load("assets/hero.json");
//   const hero = app.stage.addChild(new sc.SpritecActor(new Actor(pack, { action: "stand", x: 40, y: 70 })));
//   hero.on("spritec", (name) => console.log(name));
//   app.ticker.add((t) => { hero.actor.hold("move", keys.right); hero.update(t.deltaMS); });
//
// update(ms) = advance(ms) (the runtime's exact clock) then sync(): the actor's events are
// emitted as `spritec` events and one Sprite per layer drawn (one for a plain pack) takes
// the actor's frame, flip and place: the frame's origin pixel on (floor(x + 0.5),
// floor(y + 0.5)), flipped about that pixel, hidden on a blank step, as `spritec preview`
// draws it. An actor destroyed by `then: destroy` shows its last step for that update and
// is destroyed on the next.
import { loadPack } from "./spritec.mjs";

const made = new WeakMap(); // PIXI namespace -> the adapter made for it
const texturesOf = new WeakMap(); // Pack -> its textures by frame index

/** The adapter for one PIXI namespace: { load, SpritecActor }. */
export function spritecPixi(PIXI = globalThis.PIXI) {
  if (!PIXI || !PIXI.Container || !PIXI.Assets) throw new TypeError("spritecPixi: pass the PIXI namespace");
  if (made.has(PIXI)) return made.get(PIXI);

  // The Pack at URL, its pages (beside it) loaded by Assets and cut into its frames.
  async function load(url) {
    // As text: Assets would take any JSON with "frames" for a Spritesheet.
    const pack = loadPack(await PIXI.Assets.load({ src: url, parser: "loadTxt" }));
    const base = new URL(url, globalThis.location ? globalThis.location.href : undefined);
    const pages = await Promise.all(pack.pages.map((p) => PIXI.Assets.load(new URL(p.file, base).href)));
    for (const t of pages) t.source.scaleMode = "nearest";
    const rect = (f) => new PIXI.Rectangle(f.x, f.y, f.w, f.h);
    texturesOf.set(pack, pack.frames.map((f) => new PIXI.Texture({ source: pages[f.page].source, frame: rect(f), label: f.name })));
    return pack;
  }

  class SpritecActor extends PIXI.Container {
    constructor(actor) {
      super();
      this.actor = actor;
      this._gone = false; // destroyed by then: destroy before this frame: remove at sync()
      this._emitted = 0; // events of this frame already emitted
      this._drawn = 0;
      this._layer = (l) => this._draw(l);
      this._show(); // an action's first step is shown; its event stays in actor.events
    }
    /** advance(ms) then sync(): call it once per frame with the frame's time. */
    update(ms) {
      this.advance(ms);
      this.sync();
    }
    /** The actor's advance(ms) (advance through this, not the actor, so events are emitted once). */
    advance(ms) {
      this._gone = this.actor.destroyed;
      this._emitted = 0;
      return this.actor.advance(ms);
    }
    /**
     * Emits the actor's events not emitted yet (of the last advance and of play() calls since)
     * and shows its step. Call it again after changing the actor between update() and render.
     */
    sync() {
      const a = this.actor;
      if (this._gone) return void this.destroy({ children: true });
      for (; this._emitted < a.eventCount; ++this._emitted) this.emit("spritec", a.eventName(this._emitted), this);
      this._show();
    }
    _show() {
      const a = this.actor;
      this.position.set(Math.floor(a.x + 0.5), Math.floor(a.y + 0.5));
      this._drawn = 0;
      a.forEachLayer(this._layer);
      for (let i = this._drawn; i < this.children.length; ++i) this.children[i].visible = false;
    }
    _draw(l) {
      if (this._drawn === this.children.length) this.addChild(new PIXI.Sprite());
      const s = this.children[this._drawn++];
      const f = l.pack.frames[l.frame];
      s.texture = texturesOf.get(l.pack)[l.frame];
      // The rectangle's top-left at -ox, -oy; flipped (scale -1 about the sprite's x), its
      // right edge at ox + 1: mirrored about the origin pixel.
      s.scale.set(l.flipX ? -1 : 1, l.flipY ? -1 : 1);
      s.position.set(l.flipX ? f.ox + 1 : -f.ox, l.flipY ? f.oy + 1 : -f.oy);
      s.visible = true;
    }
  }

  const adapter = { load, SpritecActor };
  made.set(PIXI, adapter);
  return adapter;
}
