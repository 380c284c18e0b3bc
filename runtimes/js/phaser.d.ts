/**
 * spritec's Phaser adapter (Phaser 3.90+ and 4): loads a spritec-json pack with Phaser's
 * loader and shows an {@link Actor} as a GameObject (a Container of one Sprite per layer
 * drawn). No dependency on Phaser's types: the engine's objects are typed loosely here.
 *
 * @example
 * const sc = spritecPhaser(Phaser);
 * // preload(): sc.load(this.load, "hero", "assets/hero.json");
 * // create():  this.hero = sc.add(this, "hero", { action: "stand", x: 40, y: 70 });
 * //            this.hero.on("spritec", (name) => sounds.play(name));
 * // update():  this.hero.actor.hold("move", keys.right.isDown);
 */
import type { Actor, ActorOptions, Pack } from "./spritec";

/**
 * A Phaser.GameObjects.Container following an Actor. Each game frame its preUpdate advances
 * the actor by the frame's delta (the runtime's exact clock); on the scene's POST_UPDATE
 * (after the scene's update()) it emits the actor's new events as `spritec` events and its
 * sprites take the actor's frames and flips, the frame's origin pixel on
 * (floor(x + 0.5), floor(y + 0.5)), mirrored about that pixel, hidden on a blank step. An
 * actor destroyed by `then: destroy` shows its last step for that frame and this object
 * is destroyed on the next.
 */
export interface SpritecPhaserActor {
  /** The actor it follows: play, turn, hold inputs, move it through this. */
  readonly actor: Actor;
  /** Emits the actor's events not emitted yet and shows its step (the adapter calls it on POST_UPDATE). */
  sync(): void;
  /** `spritec`: one call per event, in order: (name, this). */
  on(event: "spritec", listener: (name: string, object: SpritecPhaserActor) => void, context?: unknown): this;
  /** The rest of Phaser.GameObjects.Container (setDepth, destroy, …). */
  [member: string]: any;
}

export interface SpritecPhaser {
  /**
   * Queues the pack KEY: the JSON at `url`, then its pages (beside it) as textures `KEY#N`
   * holding the pack's frames by name. Call from a scene's preload().
   * @throws Error (at load time) when the document is not a spritec-json pack (loadPack).
   */
  load(loader: any, key: string, url: string): void;
  /** A new Actor of pack KEY (ActorOptions) followed by a SpritecActor added to the scene. */
  add(scene: any, key: string, options?: ActorOptions): SpritecPhaserActor;
  /** The loaded Pack of KEY (for pieces: `options.layers`, `actor.equip`). @throws Error when not loaded. */
  pack(scene: any, key: string): Pack;
  /** The GameObject class: `scene.add.existing(new sc.SpritecActor(scene, actor))`. */
  SpritecActor: new (scene: any, actor: Actor) => SpritecPhaserActor;
}

/** The adapter for a Phaser namespace (default: the global `Phaser`), made once per namespace. */
export declare function spritecPhaser(Phaser?: unknown): SpritecPhaser;
