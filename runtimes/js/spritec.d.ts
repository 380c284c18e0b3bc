/**
 * spritec runtime for JavaScript — plays a spritec pack in a web game exactly as spritec's
 * C++ player does, tick for tick.
 *
 * A pack comes as a "spritec-json" document (`spritec export PACK --format spritec-json -o
 * hero.json` writes it with its pages beside it as `hero-N.png`; docs/format.md describes
 * it). {@link loadPack} checks it once; an {@link Actor} plays it: the action, the view
 * chosen from the angle (turning never restarts), per-step durations counted in thousandths
 * of a tick, the modes loop / pingpong / once, reverse, loop_from, repeat, then hold /
 * destroy / action, transitions on held inputs (end-of-cycle and immediate), events with
 * the built-in "finished" and "destroyed", root motion, boxes and points, and layered
 * actors (a master and its equipment pieces).
 *
 * The rules are docs/semantics.md's; the reference is
 * lib/runtime/include/spritec/runtime/player.hpp, shapes.hpp and layers.hpp. The same
 * integer arithmetic is used (the countdown in thousandths of a tick, the speed in
 * thousandths), and positions are doubles added in the same order, so the JS actor's step,
 * view, frame, flip, position and events equal the C++ player's on every tick.
 *
 * Guarantees:
 * - `tick()`, `advance()` and every getter allocate nothing once an actor has run (the
 *   `events` list of each length is made once, the first time it is read).
 * - `advance(ms)` turns frame times into ticks with an exact integer accumulator: a game
 *   stepping at exactly `1000 / tick_rate` ms gets exactly one tick a call, at any rate.
 * - `loadPack` never builds anything from a count it has not checked against
 *   {@link LIMITS}; a malformed or hostile document is an `Error` naming the field.
 *
 * @example
 * import { loadPack, Actor } from "./spritec.mjs";
 * const pack = loadPack(await (await fetch("hero.json")).json());
 * const hero = new Actor(pack, { action: "walk", angle: 90, x: 40, y: 70 });
 * function frame(ms) {
 *   hero.hold("move", keys.right);
 *   hero.advance(ms);
 *   for (let i = 0; i < hero.eventCount; ++i) sounds.play(hero.eventName(i));
 *   const f = pack.frames[hero.frame];  // undefined on a blank step (frame -1)
 *   if (f) draw(pack.pages[f.page].file, f, hero.flipX, hero.flipY, hero.x, hero.y);
 * }
 *
 * @packageDocumentation
 */

/** "spritec-json": the document's `format`. */
export declare const FORMAT: "spritec-json";
/** The major version of spritec-json this runtime reads (any minor: unknown keys are ignored). */
export declare const FORMAT_MAJOR: 1;
/** The code of the built-in event "finished" (C++'s kEventFinished as a signed 32-bit integer). */
export declare const EVENT_FINISHED: -2;
/** The code of the built-in event "destroyed" (C++'s kEventDestroyed as a signed 32-bit integer). */
export declare const EVENT_DESTROYED: -3;
/** {@link Layer.slot} of the layer drawing the master's own frame (C++'s spk::kLayerSelf). */
export declare const LAYER_SELF: -2;
/**
 * Events kept per tick() or advance() call, as C++'s EventBuffer; more are counted in
 * {@link Actor.eventsDropped} (only speeds far above 1 over many evented steps get there).
 */
export declare const EVENT_CAPACITY: 32;

/** What {@link loadPack} accepts at most; a document over any is refused before it is used. */
export declare const LIMITS: Readonly<{
  pages: number; // 65,536
  frames: number; // 1,048,576
  actions: number; // 1,048,576
  steps: number; // 4,194,304 over all actions and views
  transitions: number; // 4,194,304
  shapes: number; // 4,194,304 over all frames and steps
  shapeNames: number; // 1,048,576
  events: number; // 1,048,576
  inputs: number; // 64: the pack format's
  slots: number; // 32: the pack format's
  tickRate: number; // 1,000,000 ticks per second
  ticks: number; // 4,294,967,295: a step's duration
  shapeCoordinate: number; // 2^28: a box or point's coordinates and sizes
  ticksPerAdvance: number; // 1,000,000: the most maxTicksPerAdvance may be set to
}>;

/**
 * Reads a spritec-json document — the object JSON.parse gave, or the JSON text — into a
 * {@link Pack}. Checks the format ("spritec-json"), the major version (1), every type, every
 * index (frames, events, inputs, actions, shape names, slots, pages), every enum word, every
 * range (ticks >= 1, loop_from < steps, frame rectangles inside their pages, shapes sorted
 * and within 2^28) and every count against {@link LIMITS} before anything is built from it.
 * @throws Error "spritec-json: FIELD: what is wrong", e.g.
 *   "spritec-json: actions[2].steps[0][3].frame: index 40 is out of range: the pack has 12 frames".
 */
export declare function loadPack(json: object | string): Pack;

/**
 * The view of `views` an angle picks: floor((((angle − firstView) mod 360) × views + 180)
 * / 360) mod views, for any integer angle (docs/semantics.md, "Choosing the view").
 */
export declare function chooseView(angle: number, firstView: number, views: number): number;

/** A page: a PNG file beside the JSON. */
export interface Page {
  readonly file: string; // a plain file name (no directory)
  readonly width: number;
  readonly height: number;
}

/**
 * A frame: a rectangle of a page and its origin. To draw it for an actor at (X, Y): the
 * origin pixel lands on (px, py) = (floor(X + 0.5), floor(Y + 0.5)); the rectangle's
 * top-left pixel goes to (px − ox, py − oy) unflipped, and mirrored about the origin pixel
 * when flipped: px + ox − w + 1 in x (py + oy − h + 1 in y).
 */
export interface Frame {
  readonly name: string;
  readonly page: number; // index into Pack.pages
  readonly x: number; // the trimmed rectangle on its page
  readonly y: number;
  readonly w: number; // 0 for a fully transparent frame
  readonly h: number;
  readonly originX: number; // the origin in the untrimmed frame, as the definition wrote it
  readonly originY: number;
  readonly trimX: number; // the trimmed rectangle's place in the untrimmed frame
  readonly trimY: number;
  readonly sourceW: number; // the untrimmed size
  readonly sourceH: number;
  readonly ox: number; // the origin relative to the rectangle: originX − trimX (may lie outside)
  readonly oy: number;
}

/** Pack.placeFrame's answer: where a frame's rectangle is drawn. */
export interface Placement {
  left: number; // the screen pixel of the rectangle's top-left corner
  top: number;
  w: number;
  h: number;
  page: number; // the rectangle on its page: pack.pages[page], at (sx, sy)
  sx: number;
  sy: number;
  flipX: boolean; // draw the rectangle mirrored in x (its pixels right to left)
  flipY: boolean;
}

/** An action's rules, as the pack stores them. */
export interface Action {
  readonly name: string;
  readonly views: number;
  readonly firstView: number; // degrees of view 0, clockwise from east
  readonly stepsPerView: number;
  readonly mode: 0 | 1 | 2; // loop, pingpong, once
  readonly modeName: "loop" | "pingpong" | "once";
  readonly reverse: boolean;
  readonly loopFrom: number; // in played order
  readonly repeat: number; // cycles before finishing; 0 = forever
  readonly thenKind: 0 | 1 | 2; // hold, destroy, action
  readonly then: "hold" | "destroy" | "action";
  readonly thenAction: number; // an action index when then is "action", else −1
  readonly firstStep: number; // step record of view 0, step 0 (Pack.stepRecord)
  readonly firstTransition: number;
  readonly transitionCount: number;
  readonly hasImmediate: boolean;
}

/** A loaded pack: immutable; any number of actors share it. */
export declare class Pack {
  private constructor();
  /** The document's spritec-json version [major, minor] and the .spk version it came from. */
  readonly formatVersion: readonly [number, number];
  readonly packVersion: readonly [number, number];
  /** Ticks per second of the pack's clock. */
  readonly tickRate: number;
  /** The pages store colour premultiplied by alpha (blend with ONE, ONE_MINUS_SRC_ALPHA). */
  readonly premultiplied: boolean;
  /** Fully transparent pixels carry their nearest colour (atlas: {bleed: true}). */
  readonly bled: boolean;
  readonly pages: readonly Page[];
  readonly frames: readonly Frame[];
  readonly actions: readonly Action[];
  readonly actionNames: readonly string[];
  /** Input i is what Actor.hold(name) presses; transitions test them. */
  readonly inputNames: readonly string[];
  /** The pack's event names (the built-in "finished" and "destroyed" are not listed). */
  readonly eventNames: readonly string[];
  /** Names of boxes and points. */
  readonly shapeNames: readonly string[];
  /** A layered master's slot names, or an equipment piece's one slot; else empty. */
  readonly slots: readonly string[];
  /** A layered master: its actions are the clock, slots are drawn in an order per view. */
  readonly layered: boolean;
  /** An equipment piece: the slot it fills; else null. */
  readonly pieceSlot: string | null;

  /** Lookups by name (the first of that name): an index, or −1. O(1). */
  findAction(name: string): number;
  findFrame(name: string): number;
  findInput(name: string): number;
  findEvent(name: string): number;
  findShapeName(name: string): number;
  findSlot(name: string): number;
  /** An event code's name: the pack's, "finished" or "destroyed". */
  eventName(code: number): string;
  /** A frame's name; "" for −1 (a blank step). */
  frameName(frame: number): string;

  /**
   * Where frame `frame`'s rectangle lands for an actor at (x, y) drawn with `flip` (bits:
   * 1 x, 2 y), exactly as spritec draws it: the frame's origin pixel on (floor(x + 0.5),
   * floor(y + 0.5)); the rectangle's top-left screen pixel at (px − ox, py − oy) unflipped
   * and mirrored about the origin pixel when flipped (px + ox − w + 1 in x, likewise y),
   * its pixels mirrored too. Fills `out` (default: a new object).
   */
  placeFrame(frame: number, flip: number, x: number, y: number, out?: object): Placement;

  /** The step record of step `index` of view `view` of action `action`. */
  stepRecord(action: number, view: number, index: number): number;
  /** A step record's frame (−1: blank), flip bits (1 x, 2 y), ticks, event (−1: none), move. */
  stepFrame(step: number): number;
  stepFlip(step: number): number;
  stepTicks(step: number): number;
  stepEvent(step: number): number;
  stepMoveX(step: number): number;
  stepMoveY(step: number): number;

  /**
   * Calls visit for every box and point of step record `step` (a Layer's `step`, in the
   * Layer's `pack`): its frame's with the step's own laid over them (the step's replaces
   * the frame's of the same kind and name, a removal takes it away), the step's flip
   * applied about the origin pixel, in (kind, name) order. The shape is reused between
   * calls (pass `out` to choose the object).
   */
  forEachStepShape(step: number, visit: (shape: Shape) => void, out?: Shape): void;

  /**
   * Whether `piece` (a loaded equipment piece) can be played with this layered master: its
   * slot is one of the master's, and each of its actions has a master action of that name
   * with the same views and steps per view. `timingAction` names the first piece action
   * whose own ticks or events differ (ignored: the master is the clock), or is null.
   * @throws Error naming the mismatch; its `mismatch` is "not-layered", "not-piece",
   *   "unknown-slot", "action", "views" or "steps".
   */
  checkPiece(piece: Pack): { slot: string; slotIndex: number; timingAction: string | null };
}

/** A box or a point in actor-local coordinates: the frame's origin pixel at (0, 0), x right, y down. */
export declare class Shape {
  kind: "box" | "point";
  name: string;
  nameIndex: number; // index into Pack.shapeNames
  /** A box covers columns x .. x + w − 1 and rows y .. y + h − 1; a point is the pixel (x, y), w = h = 0. */
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A box in world coordinates: [x, x + w) × [y, y + h). */
export declare class WorldBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One layer an actor draws: a frame of `pack`, flipped about its origin, at the actor's position. */
export declare class Layer {
  /** A slot index of the master, or LAYER_SELF for the master's own frame. */
  slot: number;
  slotName: string; // "self" for LAYER_SELF
  /** The pack the frame belongs to: the master's for self, the piece's otherwise. */
  pack: Pack;
  /** That pack's step record (for pack.forEachStepShape). */
  step: number;
  frame: number; // index into pack.frames (never −1: blank steps draw no layer)
  frameName: string;
  flip: "" | "x" | "y" | "xy";
  flipX: boolean;
  flipY: boolean;
}

/** Options of `new Actor`. */
export interface ActorOptions {
  /** The action to start (name or index); none: the actor shows nothing until play(). */
  action?: string | number;
  /** Degrees clockwise from east (default 0); any integer. */
  angle?: number;
  /** Position (default 0, 0). */
  x?: number;
  y?: number;
  /** Speed multiplier (default 1). */
  speed?: number;
  /** Equipment pieces to put on (a layered master's actor). */
  layers?: Iterable<Pack>;
  /** The most ticks one advance() runs (default: the pack's tick_rate, one second). */
  maxTicksPerAdvance?: number;
}

/**
 * An actor: the C++ player's ActorState and its functions. What a game sets: the action
 * (play), the angle, the speed, held inputs, the position (x, y) and, for a layered master,
 * its equipment. What it reads after each tick() or advance(): action, step, view, frame,
 * flip, x, y, events, finished, destroyed, shapes and layers.
 *
 * The state as made (with an action) is "tick 0" of `spritec simulate`: the first step is
 * entered and its event is in `events`; each tick() is the next tick of a trace.
 */
export declare class Actor {
  /**
   * @throws TypeError if `pack` is not from loadPack; RangeError for an unknown action.
   */
  constructor(pack: Pack, options?: ActorOptions);

  /** The pack it plays. */
  readonly pack: Pack;
  /** The exact position (doubles): root motion is added to it; the game may set it between ticks. */
  x: number;
  y: number;

  /**
   * Switches to an action (a name or an index). Nothing happens when it already plays that
   * action unless `{ restart: true }` (so a game may say "walk" every frame), and a
   * destroyed actor stays destroyed. A switch enters the action's first played step at once
   * with a fresh countdown, keeping angle and position; the step's event joins `events`.
   * @returns whether it switched.
   * @throws RangeError for an unknown action.
   */
  play(action: string | number, options?: { restart?: boolean }): boolean;

  /**
   * Degrees clockwise from east (90 = south). Set any number: rounded to an integer and kept
   * as 0..359; the view is chosen again at once and the step and its time left are kept.
   */
  angle: number;
  /**
   * The speed multiplier: 1 normal, 0 paused (immediate rules are still tried), negative
   * acts as 0. Kept as Math.round(speed × 1000) thousandths.
   */
  speed: number;
  /** The speed exactly, in thousandths (a 32-bit integer), as the C++ player keeps it. */
  speedThousandths: number;

  /**
   * Holds (down = true) or releases an input, by name or index (0..63). An unknown name does
   * nothing, as in C++. Transitions read the held inputs: end-of-cycle rules at the end of a
   * cycle, immediate rules at the start of every tick.
   */
  hold(input: string | number, down: boolean): void;
  /** Whether an input is held. */
  held(input: string | number): boolean;
  /** Releases every input. */
  releaseAll(): void;

  /**
   * One tick of the pack's clock (player.hpp's tick()): immediate rules first, then the
   * countdown less the speed; while it is <= 0 steps end (moves added), the next are entered
   * (events raised), cycles end (transitions, finished, then). `events` and `finished` then
   * say what this tick raised.
   * @returns true when more than the countdown may have changed (a step ended or an action
   *   switched): an actor that returns false shows what it showed.
   */
  tick(): boolean;

  /**
   * Advances by a game's frame time in milliseconds, converted to ticks by an exact integer
   * accumulator: acc += Math.round(ms × tick_rate × 1000), and every 1,000,000 is a tick. So
   * a game stepping at exactly 1000 / tick_rate ms (41.666… ms at 24 ticks/s) gets exactly
   * one tick every call — never late, never early — and other frame rates are summed with
   * an error of at most half a millionth of a tick per call, never accumulated in floats
   * (144 Hz at 60 ticks/s: 416,667 units a frame, 2,880 units over per minute: one tick
   * early after about 5.8 hours of play).
   *
   * At most {@link maxTicksPerAdvance} ticks run in one call (after a tab was hidden, say):
   * the whole ticks past it are dropped — the actor resumes as if the game had paused —
   * and counted in {@link ticksDropped}; the fraction of a tick is kept.
   *
   * `events` and `finished` cover every tick the call ran, in order.
   * @returns the number of ticks run.
   * @throws RangeError when ms is not a finite number >= 0.
   */
  advance(ms: number): number;
  /** The most ticks one advance() runs (1 .. 1,000,000; default the pack's tick_rate). */
  maxTicksPerAdvance: number;
  /** Whole ticks advance() dropped past maxTicksPerAdvance since the actor was made. */
  readonly ticksDropped: number;
  /** advance()'s time not yet a whole tick, in millionths of a tick. */
  readonly pendingUnits: number;

  /** The action playing: its name ("" before the first play()) and index (−1). */
  readonly action: string;
  readonly actionIndex: number;
  /** The step shown: its index in the action's list as written (also when reversed). */
  readonly step: number;
  /** The view drawn, chosen from the angle. */
  readonly view: number;
  /** The step record shown (Pack.stepFrame(record) …), −1 before the first play(). */
  readonly stepRecord: number;
  /** The frame shown: an index into pack.frames, or −1 (a blank step: draw nothing). */
  readonly frame: number;
  /** The frame's name, "" on a blank step (as a trace shows it). */
  readonly frameName: string;
  /** The step's flip about the frame's origin pixel. */
  readonly flip: "" | "x" | "y" | "xy";
  readonly flipX: boolean;
  readonly flipY: boolean;
  /** The flip as bits: 1 = x, 2 = y. */
  readonly flipBits: number;
  /** `then: destroy` removed it: it still shows its last step, and ticks do nothing. */
  readonly destroyed: boolean;
  /** It holds the last step of a finished action (`then: hold`). */
  readonly holding: boolean;
  /** The last tick() / advance() (or a play() since) raised "finished". */
  readonly finished: boolean;
  /** The player's clock, for tests and tools: thousandths of a tick left in the step, the step's position in played order, cycles completed, pingpong walking back. */
  readonly countdown: number;
  readonly played: number;
  readonly cycles: number;
  readonly backward: boolean;

  /**
   * The events of the last tick() or advance() call, in the order they happened (a step's
   * event on entering it, "finished", "destroyed", then the next action's first step's),
   * followed by those of play() calls since. Read them without allocating through
   * eventCount / eventCode(i) / eventName(i).
   */
  readonly eventCount: number;
  /** Events past EVENT_CAPACITY in the same call: counted, not kept. */
  readonly eventsDropped: number;
  /** Event i's code: a pack event index, EVENT_FINISHED or EVENT_DESTROYED (−1 past eventCount). */
  eventCode(i: number): number;
  /** Event i's name (undefined past eventCount). */
  eventName(i: number): string | undefined;
  /**
   * The events' names in order. The array is the actor's own and is refilled by the next
   * read (one array per length, made the first time that length is read; a frozen empty
   * array when there are none): copy it to keep it.
   */
  readonly events: readonly string[];

  /**
   * Calls visit for every box and point of the current step, in actor-local coordinates
   * (Pack.forEachStepShape; a layered actor's are the master's own). The shape is reused.
   */
  forEachShape(visit: (shape: Shape) => void): void;
  /** The current step's box of that name (or shape-name index), or null. Fills `out`, or a reused object of the actor's. */
  box(name: string | number, out?: Shape | object): Shape | null;
  /** The current step's point of that name (or index), or null. Fills `out`, or the actor's reused object. */
  point(name: string | number, out?: Shape | object): Shape | null;
  /** A local box in world coordinates: (x + box.x, y + box.y, w, h), not rounded. Fills `out`, or a reused object. */
  worldBox(shape: { x: number; y: number; w: number; h: number }, out?: object): WorldBox;
  /** Whether two world boxes share an area (touching edges do not). */
  static overlaps(a: WorldBox, b: WorldBox): boolean;

  /**
   * Puts an equipment piece into its slot (replacing what was there). Only what the slot
   * shows changes: the clock (action, step, countdown, cycles) is not touched. The piece is
   * checked once per (master, piece) pair.
   * @returns the slot's name.
   * @throws Error naming the mismatch (see Pack.checkPiece).
   */
  equip(piece: Pack): string;
  /** Empties a slot (name or index); the clock is not touched. @throws RangeError for an unknown slot. */
  unequip(slot: string | number): void;
  /** The piece in a slot, or null. */
  equipped(slot: string | number): Pack | null;
  /**
   * Calls visit for each layer drawn, back to front: the current view's order, `self` the
   * master's own step, each slot its piece's step of the same index in the same view of the
   * action of the same name — nothing for an empty slot, a piece without that action or a
   * blank step. A pack that is not layered draws itself alone. The layer is reused.
   */
  forEachLayer(visit: (layer: Layer) => void): void;
}
