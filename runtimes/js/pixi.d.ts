/**
 * spritec's PixiJS adapter (PixiJS 8): loads a spritec-json pack with Assets and shows an
 * {@link Actor} as a Container (one Sprite per layer drawn). No dependency on PixiJS's
 * types: the engine's objects are typed loosely here.
 *
 * @example
 * const sc = spritecPixi(PIXI);
 * const hero = app.stage.addChild(new sc.SpritecActor(new Actor(await sc.load("assets/hero.json"), { action: "stand" })));
 * hero.on("spritec", (name) => sounds.play(name));
 * app.ticker.add((t) => hero.update(t.deltaMS));
 */
import type { Actor, Pack } from "./spritec";

/**
 * A PIXI.Container following an Actor: update(ms) advances it by the frame's time (the
 * runtime's exact clock), emits its new events as `spritec` events and shows its step — the
 * frame's origin pixel on (floor(x + 0.5), floor(y + 0.5)), mirrored about that pixel,
 * hidden on a blank step. An actor destroyed by `then: destroy` shows its last step for
 * that update and this object is destroyed on the next.
 */
export interface SpritecPixiActor {
  /** The actor it follows: play, turn, hold inputs, move it through this. */
  readonly actor: Actor;
  /** advance(ms) then sync(): once per frame. */
  update(ms: number): void;
  /** The actor's advance(ms), through the adapter so that each event is emitted once. Returns the ticks run. */
  advance(ms: number): number;
  /** Emits the actor's events not emitted yet and shows its step (again after changing the actor before rendering). */
  sync(): void;
  /** `spritec`: one call per event, in order: (name, this). */
  on(event: "spritec", listener: (name: string, object: SpritecPixiActor) => void, context?: unknown): this;
  /** The rest of PIXI.Container (zIndex, destroy, …). */
  [member: string]: any;
}

export interface SpritecPixi {
  /**
   * The Pack at `url` with its pages (beside it) loaded by Assets and cut into its frames.
   * @throws Error when the document is not a spritec-json pack (loadPack).
   */
  load(url: string): Promise<Pack>;
  /** The Container class: `new sc.SpritecActor(actor)`. */
  SpritecActor: new (actor: Actor) => SpritecPixiActor;
}

/** The adapter for a PIXI namespace (default: the global `PIXI`), made once per namespace. */
export declare function spritecPixi(PIXI?: unknown): SpritecPixi;
