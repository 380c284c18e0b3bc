// spritec runtime for JavaScript: loads a "spritec-json" pack (the lossless pack JSON,
// docs/format.md) and plays its actions exactly as spritec's C++ player does
// (lib/runtime/include/spritec/runtime/player.hpp, the reference), tick for tick: the same
// integer countdown in thousandths of a tick, the same order of moves and events, the same
// position arithmetic in doubles. One ES module, no dependencies. spritec.d.ts is the manual.
//
//   import { loadPack, Actor } from "./spritec.mjs";
//   const pack = loadPack(await (await fetch("hero.json")).json());
//   const hero = new Actor(pack, { action: "walk", angle: 90, x: 40, y: 70 });
//   each frame: hero.advance(deltaMs); draw pack.frames[hero.frame] flipped by hero.flip at
//   (hero.x, hero.y); for (let i = 0; i < hero.eventCount; ++i) play(hero.eventName(i));
//
// Failure: loadPack() checks the whole document once (format, version, every type, every
// index, every count against LIMITS before anything is built from it) and throws an Error
// naming the field ("spritec-json: actions[2].steps[0][3].frame: ..."); afterwards nothing
// the player does can fail. Misuse by the game (an unknown action name given to play(), a
// speed that is not a number) throws a TypeError or RangeError at the call.
//
// Costs: tick(), advance() and every state getter allocate nothing once an actor has run
// (see `events` for its one lazy cache); tick() is O(1) per step entered plus O(t) over an
// action's t transition rules at a cycle end (and every tick while it has immediate ones).

export const FORMAT = "spritec-json";
export const FORMAT_MAJOR = 1;
/** The built-in events' codes: C++'s kEventFinished / kEventDestroyed as signed 32-bit. */
export const EVENT_FINISHED = -2;
export const EVENT_DESTROYED = -3;
/** A layer drawing the master's own frame (C++'s spk::kLayerSelf as signed 32-bit). */
export const LAYER_SELF = -2;
/** Events kept per tick() or advance() call (C++'s EventBuffer::kCapacity); more are counted. */
export const EVENT_CAPACITY = 32;

/** What loadPack() accepts at most; a document over any of them is refused before use. */
export const LIMITS = Object.freeze({
  pages: 65536,
  frames: 1 << 20,
  actions: 1 << 20,
  steps: 1 << 22, // over all actions and views
  transitions: 1 << 22,
  shapes: 1 << 22, // over all frames and steps
  shapeNames: 1 << 20,
  events: 1 << 20,
  inputs: 64, // the pack format's (transition masks are 64 bits)
  slots: 32, // the pack format's
  tickRate: 1000000,
  ticks: 0xffffffff, // a step's duration (the pack's 32 bits)
  shapeCoordinate: 1 << 28, // the pack format's kMaxShapeCoordinate
  ticksPerAdvance: 1000000, // the most maxTicksPerAdvance may be set to
});

const MODE_LOOP = 0;
const MODE_PINGPONG = 1;
const MODE_ONCE = 2;
const THEN_HOLD = 0;
const THEN_DESTROY = 1;
const THEN_ACTION = 2;
const FLIP_NAMES = ["", "x", "y", "xy"];
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const UINT32_MAX = 0xffffffff;
const UNITS_PER_TICK = 1000000; // advance(): thousandths of a millisecond times tick_rate
const EMPTY = Object.freeze([]);

// --- the view rule ------------------------------------------------------------------------

/**
 * The view of `views` an angle selects (docs/semantics.md, "Choosing the view"), for any
 * integer angle: floor((((angle - firstView) mod 360) * views + 180) / 360) mod views.
 */
export function chooseView(angle, firstView, views) {
  if (views <= 1) return 0;
  let d = ((angle % 360) - (firstView % 360)) % 360;
  if (d < 0) d += 360;
  // d * views + 180 < 2^33 here (views <= LIMITS.steps): exact in a double, and so is the
  // floor of its quotient by 360.
  return Math.floor((d * views + 180) / 360) % views;
}

// --- validation ---------------------------------------------------------------------------

function fail(path, message) {
  throw new Error(`spritec-json: ${path}: ${message}`);
}

function describe(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "string") return v.length > 40 ? "a string" : JSON.stringify(v);
  if (typeof v === "object") return "an object";
  return String(v);
}

function object(v, path) {
  if (v === null || typeof v !== "object" || Array.isArray(v)) {
    fail(path, `expected an object, found ${describe(v)}`);
  }
  return v;
}

function array(v, path, max) {
  if (!Array.isArray(v)) fail(path, `expected an array, found ${describe(v)}`);
  if (v.length > max) fail(path, `${v.length} entries, more than the limit of ${max}`);
  return v;
}

function integer(v, path, min, max) {
  if (typeof v !== "number" || !Number.isInteger(v)) {
    fail(path, `expected an integer, found ${describe(v)}`);
  }
  if (v < min || v > max) fail(path, `${v} is out of range ${min}..${max}`);
  return v;
}

function index(v, path, count, what) {
  if (typeof v !== "number" || !Number.isInteger(v)) {
    fail(path, `expected an index, found ${describe(v)}`);
  }
  if (v < 0 || v >= count) {
    fail(path, `index ${v} is out of range: the pack has ${count} ${what}`);
  }
  return v;
}

function string(v, path) {
  if (typeof v !== "string") fail(path, `expected a string, found ${describe(v)}`);
  return v;
}

function boolean(v, path) {
  if (typeof v !== "boolean") fail(path, `expected true or false, found ${describe(v)}`);
  return v;
}

function oneOf(v, path, words) {
  const i = typeof v === "string" ? words.indexOf(v) : -1;
  if (i < 0) fail(path, `expected one of ${words.map((w) => JSON.stringify(w)).join(", ")}, found ${describe(v)}`);
  return i;
}

function pair(v, path, min, max) {
  array(v, path, 2);
  if (v.length !== 2) fail(path, `expected two integers, found ${v.length} entries`);
  return [integer(v[0], `${path}[0]`, min, max), integer(v[1], `${path}[1]`, min, max)];
}

function names(v, path, max) {
  array(v, path, max);
  for (let i = 0; i < v.length; ++i) string(v[i], `${path}[${i}]`);
  return v.slice();
}

// The first index of each name (a hostile pack may repeat names: lookups give the first
// match, as the C++ reader's do).
function nameMap(list) {
  const m = new Map();
  for (let i = 0; i < list.length; ++i) if (!m.has(list[i])) m.set(list[i], i);
  return m;
}

// A plain file name beside the JSON (as the C++ reader checks external pages).
function plainFileName(s) {
  if (s.length === 0 || s === "." || s === "..") return false;
  return !/[/\\:\0]/.test(s);
}

// --- the loaded pack ----------------------------------------------------------------------

/** One action's rules (read-only; `pack.actions[i]`). */
class ActionRecord {
  constructor(name) {
    this.name = name;
    this.views = 1;
    this.firstView = 0;
    this.stepsPerView = 1;
    this.mode = MODE_LOOP;
    this.reverse = false;
    this.loopFrom = 0;
    this.repeat = 0;
    this.thenKind = THEN_HOLD;
    this.thenAction = -1;
    this.firstStep = 0;
    this.firstTransition = 0;
    this.transitionCount = 0;
    this.hasImmediate = false;
  }
  get modeName() {
    return ["loop", "pingpong", "once"][this.mode];
  }
  get then() {
    return ["hold", "destroy", "action"][this.thenKind];
  }
}

/** A frame of the pack (read-only; `pack.frames[i]`). */
class FrameRecord {
  constructor(name, page, x, y, w, h, origin, trim, size) {
    this.name = name;
    this.page = page; // index into pack.pages
    this.x = x; // the trimmed rectangle on its page
    this.y = y;
    this.w = w;
    this.h = h;
    this.originX = origin[0]; // the origin pixel in the untrimmed frame (as written)
    this.originY = origin[1];
    this.trimX = trim[0]; // the trimmed rectangle's place in the untrimmed frame
    this.trimY = trim[1];
    this.sourceW = size[0]; // the untrimmed size
    this.sourceH = size[1];
    this.ox = origin[0] - trim[0]; // the origin relative to the rectangle (may lie outside)
    this.oy = origin[1] - trim[1];
    Object.freeze(this);
  }
}

/** A box or a point in actor-local coordinates (a reused object: copy what you keep). */
export class Shape {
  constructor() {
    this.kind = "box"; // "box" | "point"
    this.name = "";
    this.nameIndex = 0;
    this.x = 0;
    this.y = 0;
    this.w = 0; // a point: 0
    this.h = 0;
  }
}

/** A box in world coordinates: the actor's exact position plus its local box. */
export class WorldBox {
  constructor() {
    this.x = 0;
    this.y = 0;
    this.w = 0;
    this.h = 0;
  }
}

/** One layer an actor draws (a reused object: copy what you keep). */
export class Layer {
  constructor() {
    this.slot = LAYER_SELF; // a slot index of the master, or LAYER_SELF
    this.slotName = "self";
    this.pack = null; // the pack whose frame it is (the master's for self)
    this.step = 0; // that pack's step record (pack.forEachStepShape)
    this.frame = 0; // index into pack.frames
    this.frameName = "";
    this.flip = ""; // "", "x", "y" or "xy"
    this.flipX = false;
    this.flipY = false;
  }
}

// A piece bound to a master: per master action, the piece's first step record (-1: the
// piece leaves that action out). layers.hpp's Piece.
class Binding {
  constructor(piece, slot, firstStep) {
    this.pack = piece;
    this.slot = slot;
    this.firstStep = firstStep;
  }
}

/**
 * A pack loaded by loadPack(): immutable once built; any number of actors share it.
 */
export class Pack {
  constructor() {
    this.formatVersion = [FORMAT_MAJOR, 0];
    this.packVersion = [1, 0];
    this.tickRate = 60;
    this.premultiplied = false;
    this.bled = false;
    this.pages = EMPTY;
    this.frames = EMPTY;
    this.actions = EMPTY;
    this.actionNames = EMPTY;
    this.inputNames = EMPTY;
    this.eventNames = EMPTY;
    this.shapeNames = EMPTY;
    this.slots = EMPTY; // a master's slot names, or a piece's one slot
    this.layered = false; // a layered master
    this.pieceSlot = null; // an equipment piece: the slot it fills
    // Step records, flat: action a's step i of view v is a.firstStep + v * a.stepsPerView + i.
    this._stFrame = new Int32Array(0); // -1: blank
    this._stTicks = new Float64Array(0);
    this._stEvent = new Int32Array(0); // -1: none
    this._stMoveX = new Int32Array(0);
    this._stMoveY = new Int32Array(0);
    this._stFlip = new Uint8Array(0); // bit 0: x, bit 1: y
    this._stShapeFirst = new Uint32Array(0);
    this._stShapeCount = new Uint32Array(0);
    this._frShapeFirst = new Uint32Array(0);
    this._frShapeCount = new Uint32Array(0);
    // Shapes, flat: kind 0 box, 1 point; relative to the frame's origin, before any flip.
    this._shKind = new Uint8Array(0);
    this._shName = new Uint32Array(0);
    this._shRemoved = new Uint8Array(0);
    this._shX = new Int32Array(0);
    this._shY = new Int32Array(0);
    this._shW = new Uint32Array(0);
    this._shH = new Uint32Array(0);
    // Transitions, flat; masks as two signed 32-bit halves (bits 0..31, 32..63).
    this._trTo = new Int32Array(0);
    this._trWhenLo = new Int32Array(0);
    this._trWhenHi = new Int32Array(0);
    this._trUnlessLo = new Int32Array(0);
    this._trUnlessHi = new Int32Array(0);
    this._trImmediate = new Uint8Array(0);
    // A master's draw order: row v (a view) has slots + 1 entries: slot, LAYER_SELF, -1 = end.
    this._layerOrder = new Int32Array(0);
    this._layerWidth = 1;
    this._actionIndex = new Map();
    this._frameIndex = new Map();
    this._inputIndex = new Map();
    this._eventIndex = new Map();
    this._shapeIndex = new Map();
    this._slotIndex = new Map();
    this._bindings = new WeakMap();
  }

  /** The index of the first action of that name, or -1. */
  findAction(name) {
    const i = this._actionIndex.get(name);
    return i === undefined ? -1 : i;
  }
  findFrame(name) {
    const i = this._frameIndex.get(name);
    return i === undefined ? -1 : i;
  }
  findInput(name) {
    const i = this._inputIndex.get(name);
    return i === undefined ? -1 : i;
  }
  findEvent(name) {
    const i = this._eventIndex.get(name);
    return i === undefined ? -1 : i;
  }
  findShapeName(name) {
    const i = this._shapeIndex.get(name);
    return i === undefined ? -1 : i;
  }
  findSlot(name) {
    const i = this._slotIndex.get(name);
    return i === undefined ? -1 : i;
  }

  /** An event code's name: the pack's event, "finished" or "destroyed". */
  eventName(code) {
    if (code === EVENT_FINISHED) return "finished";
    if (code === EVENT_DESTROYED) return "destroyed";
    return this.eventNames[code];
  }

  /** A frame's name, "" for -1 (a blank step). */
  frameName(frame) {
    return frame < 0 ? "" : this.frames[frame].name;
  }

  /**
   * Where a frame's rectangle lands for an actor at (x, y) with `flip` (bits: 1 x, 2 y), as
   * spritec draws it (lib/render's compose): the origin pixel on (floor(x + 0.5),
   * floor(y + 0.5)), the rectangle mirrored about that pixel when flipped. Fills `out`
   * (default: a new object) with the screen pixel of the rectangle's top-left corner
   * (left, top), its size (w, h), its place on its page (page, sx, sy) and the flips.
   */
  placeFrame(frame, flip, x, y, out = {}) {
    const f = this.frames[frame];
    const px = Math.floor(x + 0.5);
    const py = Math.floor(y + 0.5);
    out.flipX = (flip & 1) !== 0;
    out.flipY = (flip & 2) !== 0;
    out.left = out.flipX ? px + f.ox - f.w + 1 : px - f.ox;
    out.top = out.flipY ? py + f.oy - f.h + 1 : py - f.oy;
    out.w = f.w;
    out.h = f.h;
    out.page = f.page;
    out.sx = f.x;
    out.sy = f.y;
    return out;
  }

  /** Step record `step`'s frame (-1: blank), flip bits, ticks, event (-1: none) and move. */
  stepFrame(step) {
    return this._stFrame[step];
  }
  stepFlip(step) {
    return this._stFlip[step];
  }
  stepTicks(step) {
    return this._stTicks[step];
  }
  stepEvent(step) {
    return this._stEvent[step];
  }
  stepMoveX(step) {
    return this._stMoveX[step];
  }
  stepMoveY(step) {
    return this._stMoveY[step];
  }
  /** The record of step `index` of view `view` of action `action`. */
  stepRecord(action, view, index) {
    const a = this.actions[action];
    return a.firstStep + view * a.stepsPerView + index;
  }

  /**
   * Calls visit(shape) for every box and point of step record `step`: its frame's with the
   * step's own laid over them (the step's replaces the frame's of the same kind and name, a
   * removal takes it away), the step's flip applied, in (kind, name) order. `shape` is
   * reused between calls (pass `out` to choose the object). shapes.hpp, for_each_step_shape.
   */
  forEachStepShape(step, visit, out = new Shape()) {
    const frame = this._stFrame[step];
    const flip = this._stFlip[step];
    const ownFirst = this._stShapeFirst[step];
    const ownCount = this._stShapeCount[step];
    const baseFirst = frame < 0 ? 0 : this._frShapeFirst[frame];
    const baseCount = frame < 0 ? 0 : this._frShapeCount[frame];
    let i = 0;
    let j = 0;
    while (i < baseCount || j < ownCount) {
      if (j === ownCount) {
        visit(this._fill(out, baseFirst + i++, flip));
        continue;
      }
      const o = ownFirst + j;
      if (i < baseCount) {
        const b = baseFirst + i;
        if (this._before(b, o)) {
          visit(this._fill(out, b, flip));
          ++i;
          continue;
        }
        if (!this._before(o, b)) ++i; // the same kind and name: the step's wins
      }
      ++j;
      if (this._shRemoved[o] === 0) visit(this._fill(out, o, flip));
    }
  }

  // The step's shape of that kind (0 box, 1 point) and name into `out`, or false. The same
  // answer as forEachStepShape's walk: each list holds a kind and name at most once.
  _findStepShape(step, kind, name, out) {
    const flip = this._stFlip[step];
    const own = this._findIn(this._stShapeFirst[step], this._stShapeCount[step], kind, name);
    if (own >= 0) {
      if (this._shRemoved[own] !== 0) return false;
      this._fill(out, own, flip);
      return true;
    }
    const frame = this._stFrame[step];
    if (frame < 0) return false;
    const base = this._findIn(this._frShapeFirst[frame], this._frShapeCount[frame], kind, name);
    if (base < 0) return false;
    this._fill(out, base, flip);
    return true;
  }

  _findIn(first, count, kind, name) {
    for (let k = first, end = first + count; k < end; ++k) {
      if (this._shKind[k] === kind && this._shName[k] === name) return k;
    }
    return -1;
  }

  _before(a, b) {
    const ka = this._shKind[a];
    const kb = this._shKind[b];
    if (ka !== kb) return ka < kb;
    return this._shName[a] < this._shName[b];
  }

  // shapes.hpp's flipped(): mirrored about the origin pixel.
  _fill(out, k, flip) {
    const w = this._shW[k];
    const h = this._shH[k];
    let x = this._shX[k];
    let y = this._shY[k];
    if ((flip & 1) !== 0) x = -x - (w > 0 ? w - 1 : 0);
    if ((flip & 2) !== 0) y = -y - (h > 0 ? h - 1 : 0);
    out.kind = this._shKind[k] === 0 ? "box" : "point";
    out.nameIndex = this._shName[k];
    out.name = this.shapeNames[out.nameIndex];
    out.x = x + 0; // + 0: -0 becomes 0
    out.y = y + 0;
    out.w = w;
    out.h = h;
    return out;
  }

  /**
   * Checks that `piece` (a loaded equipment piece) can be played with this layered master
   * (layers.hpp, check_piece). Returns { slot, slotIndex, timingAction }: timingAction is
   * the first of the piece's actions whose steps' ticks or events differ from the master's
   * (they are ignored: the master is the clock), or null. Throws an Error naming the
   * mismatch otherwise; its `mismatch` property is "not-layered", "not-piece",
   * "unknown-slot", "action", "views" or "steps".
   */
  checkPiece(piece) {
    if (!(piece instanceof Pack)) throw new TypeError("checkPiece: the piece is not a loaded pack");
    const mismatch = (kind, message) => {
      const e = new Error(`the piece does not fit the master: ${message}`);
      e.mismatch = kind;
      throw e;
    };
    if (!this.layered) mismatch("not-layered", "the master declares no layers");
    if (piece.pieceSlot === null) mismatch("not-piece", "the piece declares no slot");
    const slot = this.findSlot(piece.pieceSlot);
    if (slot < 0) {
      mismatch("unknown-slot", `it fills slot "${piece.pieceSlot}", which the master does not declare`);
    }
    const sameRate = this.tickRate === piece.tickRate;
    let timing = null;
    for (let i = 0; i < piece.actions.length; ++i) {
      const p = piece.actions[i];
      const mi = this.findAction(p.name);
      if (mi < 0) mismatch("action", `the piece's action "${p.name}" is not one of the master's`);
      const m = this.actions[mi];
      if (m.views !== p.views) {
        mismatch("views", `action "${p.name}" has ${m.views} views in the master, ${p.views} in the piece`);
      }
      if (m.stepsPerView !== p.stepsPerView) {
        mismatch(
          "steps",
          `action "${p.name}" has ${m.stepsPerView} steps per view in the master, ${p.stepsPerView} in the piece`,
        );
      }
      if (timing === null && (!sameRate || !this._sameTiming(m, piece, p))) timing = p.name;
    }
    return { slot: piece.pieceSlot, slotIndex: slot, timingAction: timing };
  }

  _sameTiming(m, piece, p) {
    const n = m.views * m.stepsPerView;
    for (let i = 0; i < n; ++i) {
      const a = m.firstStep + i;
      const b = p.firstStep + i;
      if (this._stTicks[a] !== piece._stTicks[b]) return false;
      const ea = this._stEvent[a];
      const eb = piece._stEvent[b];
      if (ea < 0 !== eb < 0) return false;
      if (ea >= 0 && this.eventNames[ea] !== piece.eventNames[eb]) return false;
    }
    return true;
  }

  // bind_piece: checked once per (master, piece) pair, then kept.
  _bind(piece) {
    const kept = piece instanceof Pack ? this._bindings.get(piece) : undefined;
    if (kept !== undefined) return kept;
    const c = this.checkPiece(piece);
    const first = new Int32Array(this.actions.length).fill(-1);
    for (let i = 0; i < piece.actions.length; ++i) {
      first[this.findAction(piece.actions[i].name)] = piece.actions[i].firstStep;
    }
    const b = new Binding(piece, c.slotIndex, first);
    this._bindings.set(piece, b);
    return b;
  }
}

// --- loadPack -----------------------------------------------------------------------------

/**
 * Reads a spritec-json document (an object from JSON.parse, or the JSON text) into a Pack.
 * Throws an Error naming the first problem; never builds anything larger than LIMITS allow.
 */
export function loadPack(json) {
  let doc = json;
  if (typeof json === "string") {
    try {
      doc = JSON.parse(json);
    } catch (e) {
      throw new Error(`spritec-json: not JSON: ${e.message}`);
    }
  }
  object(doc, "document");
  if (doc.format !== FORMAT) {
    fail("format", `expected "${FORMAT}", found ${describe(doc.format)}: not a spritec pack JSON`);
  }
  const version = pair(doc.version, "version", 0, INT32_MAX);
  if (version[0] !== FORMAT_MAJOR) {
    fail("version", `spritec-json ${version[0]}.${version[1]} is not read by this runtime (it reads ${FORMAT_MAJOR}.x)`);
  }
  const pack = new Pack();
  pack.formatVersion = version;
  pack.packVersion = pair(doc.pack_version, "pack_version", 0, 65535);
  pack.tickRate = integer(doc.tick_rate, "tick_rate", 1, LIMITS.tickRate);
  pack.premultiplied = oneOf(doc.page_alpha, "page_alpha", ["straight", "premultiplied"]) === 1;
  pack.bled = boolean(doc.bled, "bled");
  pack.inputNames = Object.freeze(names(doc.inputs, "inputs", LIMITS.inputs));
  pack.eventNames = Object.freeze(names(doc.events, "events", LIMITS.events));
  pack.shapeNames = Object.freeze(names(doc.shape_names, "shape_names", LIMITS.shapeNames));
  readPages(pack, doc);
  const frames = array(doc.frames, "frames", LIMITS.frames);
  const actions = array(doc.actions, "actions", LIMITS.actions);
  const counts = countRecords(frames, actions);
  allocate(pack, frames.length, counts);
  const shapes = { next: 0 };
  readFrames(pack, frames, shapes);
  readActions(pack, actions, shapes);
  readLayers(pack, doc);
  pack._actionIndex = nameMap(pack.actionNames);
  pack._frameIndex = nameMap(pack.frames.map((f) => f.name));
  pack._inputIndex = nameMap(pack.inputNames);
  pack._eventIndex = nameMap(pack.eventNames);
  pack._shapeIndex = nameMap(pack.shapeNames);
  pack._slotIndex = nameMap(pack.slots);
  return Object.freeze(pack);
}

function readPages(pack, doc) {
  const pages = array(doc.pages, "pages", LIMITS.pages);
  const out = [];
  for (let i = 0; i < pages.length; ++i) {
    const path = `pages[${i}]`;
    const p = object(pages[i], path);
    const file = string(p.file, `${path}.file`);
    if (!plainFileName(file)) fail(`${path}.file`, `"${file}" is not a plain file name`);
    out.push(
      Object.freeze({
        file,
        width: integer(p.width, `${path}.width`, 1, UINT32_MAX),
        height: integer(p.height, `${path}.height`, 1, UINT32_MAX),
      }),
    );
  }
  pack.pages = Object.freeze(out);
}

// Counts steps, transitions and shapes from the arrays' lengths (each array capped before
// it is walked), so the flat arrays are allocated once, at their checked sizes.
function countRecords(frames, actions) {
  let steps = 0;
  let transitions = 0;
  let shapes = 0;
  const addShapes = (list, path) => {
    if (list === undefined) return;
    shapes += array(list, path, LIMITS.shapes).length;
    if (shapes > LIMITS.shapes) fail(path, `more than ${LIMITS.shapes} shapes in the pack`);
  };
  for (let f = 0; f < frames.length; ++f) {
    addShapes(object(frames[f], `frames[${f}]`).shapes, `frames[${f}].shapes`);
  }
  for (let a = 0; a < actions.length; ++a) {
    const path = `actions[${a}]`;
    const act = object(actions[a], path);
    const views = array(act.steps, `${path}.steps`, LIMITS.steps);
    for (let v = 0; v < views.length; ++v) {
      const list = array(views[v], `${path}.steps[${v}]`, LIMITS.steps);
      steps += list.length;
      if (steps > LIMITS.steps) fail(`${path}.steps`, `more than ${LIMITS.steps} steps in the pack`);
      for (let i = 0; i < list.length; ++i) {
        const s = object(list[i], `${path}.steps[${v}][${i}]`);
        addShapes(s.shapes, `${path}.steps[${v}][${i}].shapes`);
      }
    }
    transitions += array(act.transitions, `${path}.transitions`, LIMITS.transitions).length;
    if (transitions > LIMITS.transitions) {
      fail(`${path}.transitions`, `more than ${LIMITS.transitions} transitions in the pack`);
    }
  }
  return { steps, transitions, shapes };
}

function allocate(pack, frames, c) {
  pack._stFrame = new Int32Array(c.steps);
  pack._stTicks = new Float64Array(c.steps);
  pack._stEvent = new Int32Array(c.steps);
  pack._stMoveX = new Int32Array(c.steps);
  pack._stMoveY = new Int32Array(c.steps);
  pack._stFlip = new Uint8Array(c.steps);
  pack._stShapeFirst = new Uint32Array(c.steps);
  pack._stShapeCount = new Uint32Array(c.steps);
  pack._frShapeFirst = new Uint32Array(frames);
  pack._frShapeCount = new Uint32Array(frames);
  pack._shKind = new Uint8Array(c.shapes);
  pack._shName = new Uint32Array(c.shapes);
  pack._shRemoved = new Uint8Array(c.shapes);
  pack._shX = new Int32Array(c.shapes);
  pack._shY = new Int32Array(c.shapes);
  pack._shW = new Uint32Array(c.shapes);
  pack._shH = new Uint32Array(c.shapes);
  pack._trTo = new Int32Array(c.transitions);
  pack._trWhenLo = new Int32Array(c.transitions);
  pack._trWhenHi = new Int32Array(c.transitions);
  pack._trUnlessLo = new Int32Array(c.transitions);
  pack._trUnlessHi = new Int32Array(c.transitions);
  pack._trImmediate = new Uint8Array(c.transitions);
}

// A list of shapes (a frame's, or a step's own with removals) into the flat arrays at
// shapes.next: each checked, sorted by (kind, name) with no kind and name twice.
function readShapes(pack, list, path, removals, shapes) {
  const first = shapes.next;
  if (list === undefined) return [first, 0];
  const limit = LIMITS.shapeCoordinate;
  for (let i = 0; i < list.length; ++i) {
    const at = `${path}[${i}]`;
    const s = object(list[i], at);
    const k = shapes.next++;
    const kind = oneOf(s.kind, `${at}.kind`, ["box", "point"]);
    const name = index(s.name, `${at}.name`, pack.shapeNames.length, "shape names");
    const removed = s.removed === undefined ? false : boolean(s.removed, `${at}.removed`);
    if (removed && !removals) fail(`${at}.removed`, "a frame's shape cannot be a removal");
    pack._shKind[k] = kind;
    pack._shName[k] = name;
    pack._shRemoved[k] = removed ? 1 : 0;
    if (!removed) {
      pack._shX[k] = integer(s.x, `${at}.x`, -limit, limit);
      pack._shY[k] = integer(s.y, `${at}.y`, -limit, limit);
      if (kind === 0) {
        pack._shW[k] = integer(s.w, `${at}.w`, 1, limit);
        pack._shH[k] = integer(s.h, `${at}.h`, 1, limit);
      } else {
        if (s.w !== undefined) integer(s.w, `${at}.w`, 0, 0);
        if (s.h !== undefined) integer(s.h, `${at}.h`, 0, 0);
      }
    }
    if (i > 0 && !pack._before(k - 1, k)) fail(at, "shapes are not sorted by kind and name (or one is listed twice)");
  }
  return [first, list.length];
}

function readFrames(pack, frames, shapes) {
  const out = new Array(frames.length);
  for (let i = 0; i < frames.length; ++i) {
    const path = `frames[${i}]`;
    const f = frames[i];
    const name = string(f.name, `${path}.name`);
    const page = index(f.page, `${path}.page`, pack.pages.length, "pages");
    const pw = pack.pages[page].width;
    const ph = pack.pages[page].height;
    const x = integer(f.x, `${path}.x`, 0, UINT32_MAX);
    const y = integer(f.y, `${path}.y`, 0, UINT32_MAX);
    const w = integer(f.w, `${path}.w`, 0, UINT32_MAX);
    const h = integer(f.h, `${path}.h`, 0, UINT32_MAX);
    if (x + w > pw || y + h > ph) fail(path, "the frame's rectangle lies outside its page");
    const origin = pair(f.origin, `${path}.origin`, INT32_MIN, INT32_MAX);
    const trim = pair(f.trim, `${path}.trim`, 0, UINT32_MAX);
    const size = pair(f.source_size, `${path}.source_size`, 0, UINT32_MAX);
    if (trim[0] + w > size[0] || trim[1] + h > size[1]) {
      fail(path, "the trimmed rectangle lies outside the untrimmed frame");
    }
    const [first, count] = readShapes(pack, f.shapes, `${path}.shapes`, false, shapes);
    pack._frShapeFirst[i] = first;
    pack._frShapeCount[i] = count;
    out[i] = new FrameRecord(name, page, x, y, w, h, origin, trim, size);
  }
  pack.frames = Object.freeze(out);
}

function readActions(pack, actions, shapes) {
  const records = new Array(actions.length);
  const actionNames = new Array(actions.length);
  for (let i = 0; i < actions.length; ++i) {
    actionNames[i] = string(actions[i].name, `actions[${i}].name`);
  }
  let step = 0;
  let transition = 0;
  for (let i = 0; i < actions.length; ++i) {
    const path = `actions[${i}]`;
    const d = actions[i];
    const a = new ActionRecord(actionNames[i]);
    a.views = integer(d.views, `${path}.views`, 1, LIMITS.steps);
    a.firstView = integer(d.first_view, `${path}.first_view`, INT32_MIN, INT32_MAX);
    a.mode = oneOf(d.mode, `${path}.mode`, ["loop", "pingpong", "once"]);
    a.reverse = boolean(d.reverse, `${path}.reverse`);
    a.repeat = integer(d.repeat, `${path}.repeat`, 0, UINT32_MAX);
    a.thenKind = oneOf(d.then, `${path}.then`, ["hold", "destroy", "action"]);
    if (a.thenKind === THEN_ACTION) {
      a.thenAction = index(d.then_action, `${path}.then_action`, actions.length, "actions");
    } else if (d.then_action !== null && d.then_action !== undefined) {
      fail(`${path}.then_action`, `must be null when then is "${d.then}"`);
    }
    const views = d.steps;
    if (views.length !== a.views) {
      fail(`${path}.steps`, `${views.length} lists of steps for ${a.views} views`);
    }
    a.stepsPerView = views[0].length;
    if (a.stepsPerView === 0) fail(`${path}.steps[0]`, "an action has no steps");
    a.loopFrom = integer(d.loop_from, `${path}.loop_from`, 0, a.stepsPerView - 1);
    a.firstStep = step;
    for (let v = 0; v < views.length; ++v) {
      if (views[v].length !== a.stepsPerView) {
        fail(`${path}.steps[${v}]`, `${views[v].length} steps, but view 0 has ${a.stepsPerView}`);
      }
      for (let s = 0; s < views[v].length; ++s) {
        readStep(pack, views[v][s], `${path}.steps[${v}][${s}]`, step++, shapes);
      }
    }
    a.firstTransition = transition;
    a.transitionCount = d.transitions.length;
    for (let t = 0; t < d.transitions.length; ++t) {
      const immediate = readTransition(pack, d.transitions[t], `${path}.transitions[${t}]`, transition++, actions.length);
      if (immediate) a.hasImmediate = true;
    }
    records[i] = Object.freeze(a);
  }
  pack.actions = Object.freeze(records);
  pack.actionNames = Object.freeze(actionNames);
}

function readStep(pack, s, path, k, shapes) {
  pack._stFrame[k] = s.frame === null ? -1 : index(s.frame, `${path}.frame`, pack.frames.length, "frames");
  pack._stTicks[k] = integer(s.ticks, `${path}.ticks`, 1, LIMITS.ticks);
  pack._stFlip[k] = oneOf(s.flip, `${path}.flip`, FLIP_NAMES);
  pack._stEvent[k] = s.event === null ? -1 : index(s.event, `${path}.event`, pack.eventNames.length, "events");
  const move = pair(s.move, `${path}.move`, INT32_MIN, INT32_MAX);
  pack._stMoveX[k] = move[0];
  pack._stMoveY[k] = move[1];
  const [first, count] = readShapes(pack, s.shapes, `${path}.shapes`, true, shapes);
  pack._stShapeFirst[k] = first;
  pack._stShapeCount[k] = count;
}

function readTransition(pack, t, path, k, actionCount) {
  object(t, path);
  pack._trTo[k] = index(t.to, `${path}.to`, actionCount, "actions");
  const mask = (list, at) => {
    array(list, at, LIMITS.inputs * 4);
    let lo = 0;
    let hi = 0;
    for (let i = 0; i < list.length; ++i) {
      const bit = index(list[i], `${at}[${i}]`, pack.inputNames.length, "inputs");
      if (bit < 32) lo |= 1 << bit;
      else hi |= 1 << (bit - 32);
    }
    return [lo, hi];
  };
  const when = mask(t.when, `${path}.when`);
  const unless = mask(t.unless, `${path}.unless`);
  pack._trWhenLo[k] = when[0];
  pack._trWhenHi[k] = when[1];
  pack._trUnlessLo[k] = unless[0];
  pack._trUnlessHi[k] = unless[1];
  const immediate = boolean(t.immediate, `${path}.immediate`);
  pack._trImmediate[k] = immediate ? 1 : 0;
  return immediate;
}

function readLayers(pack, doc) {
  if (doc.layers !== undefined && doc.slot !== undefined) {
    fail("layers", 'a pack is a layered master ("layers") or an equipment piece ("slot"), not both');
  }
  if (doc.slot !== undefined) {
    const slot = string(doc.slot, "slot");
    if (slot.length === 0) fail("slot", "the slot name is empty");
    pack.pieceSlot = slot;
    pack.slots = Object.freeze([slot]);
    return;
  }
  if (doc.layers === undefined) return;
  const layers = object(doc.layers, "layers");
  const slots = names(layers.slots, "layers.slots", LIMITS.slots);
  for (let i = 0; i < slots.length; ++i) {
    if (slots[i].length === 0) fail(`layers.slots[${i}]`, "a slot name is empty");
    if (slots.indexOf(slots[i]) !== i) fail(`layers.slots[${i}]`, `slot "${slots[i]}" is listed twice`);
  }
  const order = array(layers.order, "layers.order", LIMITS.steps);
  if (order.length === 0) fail("layers.order", "a layered master has one order list per view: none given");
  const width = slots.length + 1;
  const table = new Int32Array(order.length * width).fill(-1);
  for (let v = 0; v < order.length; ++v) {
    const row = array(order[v], `layers.order[${v}]`, width);
    const seen = new Set();
    for (let k = 0; k < row.length; ++k) {
      const at = `layers.order[${v}][${k}]`;
      const slot = row[k] === "self" ? LAYER_SELF : index(row[k], at, slots.length, "slots");
      if (seen.has(slot)) fail(at, "a slot is drawn twice in one view");
      seen.add(slot);
      table[v * width + k] = slot;
    }
  }
  for (let i = 0; i < pack.actions.length; ++i) {
    if (pack.actions[i].views !== order.length) {
      fail(`actions[${i}].views`, `a layered master's action has ${pack.actions[i].views} views, its layer order ${order.length}`);
    }
  }
  pack.layered = true;
  pack.slots = Object.freeze(slots);
  pack._layerOrder = table;
  pack._layerWidth = width;
}

// --- the actor ----------------------------------------------------------------------------

/**
 * One actor playing a pack: the C++ ActorState with player.hpp's functions as methods.
 */
export class Actor {
  constructor(pack, options) {
    if (!(pack instanceof Pack)) throw new TypeError("Actor: the first argument is not a pack from loadPack()");
    /** The pack it plays (a layered master, or any pack). */
    this.pack = pack;
    /** The exact position (pixels, doubles); the game may set it at any time between ticks. */
    this.x = 0;
    this.y = 0;
    this._speed = 1000;
    this._inLo = 0;
    this._inHi = 0;
    this._action = -1;
    this._act = null;
    this._step = 0;
    this._view = 0;
    this._angle = 0;
    this._countdown = 0;
    this._played = 0;
    this._cycles = 0;
    this._backward = false;
    this._holding = false;
    this._destroyed = false;
    this._hasImmediate = false;
    this._evCodes = new Int32Array(EVENT_CAPACITY);
    this._evCount = 0;
    this._evDropped = 0;
    this._finished = false;
    this._evLists = []; // `events`: a reused list per length
    this._acc = 0;
    this._rate = pack.tickRate;
    this._maxTicks = pack.tickRate;
    this._ticksDropped = 0;
    this._gear = new Array(pack.layered ? pack.slots.length : 0).fill(null);
    this._shape = new Shape();
    this._world = new WorldBox();
    this._layer = new Layer();
    const o = options === undefined || options === null ? EMPTY_OPTIONS : options;
    if (o.x !== undefined) this.x = finite(o.x, "x");
    if (o.y !== undefined) this.y = finite(o.y, "y");
    if (o.speed !== undefined) this.speed = o.speed;
    if (o.angle !== undefined) this.angle = o.angle;
    if (o.maxTicksPerAdvance !== undefined) this.maxTicksPerAdvance = o.maxTicksPerAdvance;
    if (o.layers !== undefined) for (const piece of o.layers) this.equip(piece);
    if (o.action !== undefined && o.action !== null) this.play(o.action);
  }

  // --- what the game sets ---

  /**
   * Switches to an action (a name or an index). Nothing happens when it already plays it,
   * unless { restart: true }; a destroyed actor stays destroyed. The new action's first
   * step is entered at once: its event joins `events`. Returns whether it switched.
   */
  play(action, options) {
    const index = this._actionOf(action);
    const restart = options !== undefined && options !== null && options.restart === true;
    if (this._destroyed) return false;
    if (index === this._action && !restart) return false;
    this._enterAction(index);
    return true;
  }

  /** Degrees clockwise from east, any integer (rounded if not), kept as 0..359. */
  get angle() {
    return this._angle;
  }
  set angle(degrees) {
    let a = Math.round(finite(degrees, "angle")) % 360;
    if (a < 0) a += 360;
    this._angle = a + 0;
    const act = this._act;
    this._view = act === null ? 0 : chooseView(this._angle, act.firstView, act.views);
  }

  /** The speed as a multiplier (1 normal, 0 paused; negative acts as 0), kept in thousandths. */
  get speed() {
    return this._speed / 1000;
  }
  set speed(multiplier) {
    const t = Math.round(finite(multiplier, "speed") * 1000);
    if (t < INT32_MIN || t > INT32_MAX) throw new RangeError(`speed ${multiplier} is out of range`);
    this._speed = t + 0;
  }
  /** The speed exactly, in thousandths (an integer within 32 bits), as the C++ player keeps it. */
  get speedThousandths() {
    return this._speed;
  }
  set speedThousandths(t) {
    if (typeof t !== "number" || !Number.isInteger(t) || t < INT32_MIN || t > INT32_MAX) {
      throw new RangeError(`speedThousandths must be a 32-bit integer, not ${t}`);
    }
    this._speed = t;
  }

  /** Holds (down = true) or releases an input, by name or index; an unknown name does nothing. */
  hold(input, down) {
    const i = typeof input === "number" ? input : this.pack.findInput(input);
    if (!Number.isInteger(i) || i < 0 || i >= 64) return;
    if (i < 32) {
      const bit = 1 << i;
      this._inLo = down ? this._inLo | bit : this._inLo & ~bit;
    } else {
      const bit = 1 << (i - 32);
      this._inHi = down ? this._inHi | bit : this._inHi & ~bit;
    }
  }
  /** Whether an input (name or index) is held. */
  held(input) {
    const i = typeof input === "number" ? input : this.pack.findInput(input);
    if (!Number.isInteger(i) || i < 0 || i >= 64) return false;
    return i < 32 ? (this._inLo & (1 << i)) !== 0 : (this._inHi & (1 << (i - 32))) !== 0;
  }
  /** Releases every input. */
  releaseAll() {
    this._inLo = 0;
    this._inHi = 0;
  }

  // --- the clock ---

  /**
   * Advances one tick (player.hpp's tick()). `events` and `finished` then say what this tick
   * raised. Returns true when more than the countdown may have changed (a step ended or an
   * action switched), false when it only counted down, holds, is destroyed or has no action.
   */
  tick() {
    this._evCount = 0;
    this._evDropped = 0;
    this._finished = false;
    return this._tick();
  }

  /**
   * Advances by a game's frame time in milliseconds: the ticks whose time has come, counted
   * by an exact integer accumulator (acc += round(ms * tick_rate * 1000); every 1,000,000 is
   * a tick), so a game stepping at exactly 1000 / tick_rate ms gets exactly one tick a call.
   * At most maxTicksPerAdvance ticks run; whole ticks past it are dropped (ticksDropped
   * counts them; the fraction of a tick is kept). `events` and `finished` cover every tick
   * of the call. Returns the number of ticks run.
   */
  advance(ms) {
    if (typeof ms !== "number" || !(ms >= 0) || ms === Infinity) {
      throw new RangeError(`advance: ms must be a finite number >= 0, not ${ms}`);
    }
    this._evCount = 0;
    this._evDropped = 0;
    this._finished = false;
    let units = Math.round(ms * this._rate * 1000);
    if (units > 1e15) units = 1e15; // beyond any cap; keeps the sum an exact integer
    let acc = this._acc + units;
    let n = 0;
    if (acc < 4 * UNITS_PER_TICK) {
      // A game's frame: a few ticks at most, counted without a floating-point remainder.
      while (acc >= UNITS_PER_TICK) {
        acc -= UNITS_PER_TICK;
        ++n;
      }
    } else {
      const rest = acc % UNITS_PER_TICK;
      n = (acc - rest) / UNITS_PER_TICK;
      acc = rest;
    }
    this._acc = acc;
    if (n > this._maxTicks) {
      this._ticksDropped += n - this._maxTicks;
      n = this._maxTicks;
    }
    for (let i = 0; i < n; ++i) this._tick();
    return n;
  }

  /** The most ticks one advance() call runs (default: one second of the pack, tick_rate). */
  get maxTicksPerAdvance() {
    return this._maxTicks;
  }
  set maxTicksPerAdvance(n) {
    if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > LIMITS.ticksPerAdvance) {
      throw new RangeError(`maxTicksPerAdvance must be an integer 1..${LIMITS.ticksPerAdvance}, not ${n}`);
    }
    this._maxTicks = n;
  }
  /** Whole ticks advance() dropped past maxTicksPerAdvance, since the actor was made. */
  get ticksDropped() {
    return this._ticksDropped;
  }
  /** advance()'s time not yet a whole tick, in millionths of a tick. */
  get pendingUnits() {
    return this._acc;
  }

  // --- what it shows ---

  get actionIndex() {
    return this._action;
  }
  /** The action's name, "" before the first play(). */
  get action() {
    return this._act === null ? "" : this._act.name;
  }
  /** The step shown: its index in the action's list as written (reverse or not). */
  get step() {
    return this._step;
  }
  get view() {
    return this._view;
  }
  /** The step record shown (pack.stepFrame(record) …), -1 before the first play(). */
  get stepRecord() {
    const a = this._act;
    return a === null ? -1 : a.firstStep + this._view * a.stepsPerView + this._step;
  }
  /** The frame shown: an index into pack.frames, or -1 (a blank step, or no action yet). */
  get frame() {
    const a = this._act;
    return a === null ? -1 : this.pack._stFrame[a.firstStep + this._view * a.stepsPerView + this._step];
  }
  /** The frame's name, "" for a blank step (as a trace shows it). */
  get frameName() {
    return this.pack.frameName(this.frame);
  }
  /** The flip bits: 1 = x, 2 = y. */
  get flipBits() {
    const a = this._act;
    return a === null ? 0 : this.pack._stFlip[a.firstStep + this._view * a.stepsPerView + this._step];
  }
  /** "", "x", "y" or "xy". */
  get flip() {
    return FLIP_NAMES[this.flipBits];
  }
  get flipX() {
    return (this.flipBits & 1) !== 0;
  }
  get flipY() {
    return (this.flipBits & 2) !== 0;
  }
  /** Whether `then: destroy` removed it (it still shows its last step; ticks do nothing). */
  get destroyed() {
    return this._destroyed;
  }
  /** Whether it holds the last step of a finished action (`then: hold`). */
  get holding() {
    return this._holding;
  }
  /** Whether the last tick() / advance() (or a play() since) raised `finished`. */
  get finished() {
    return this._finished;
  }
  /** Thousandths of a tick left in the step (C++'s countdown). */
  get countdown() {
    return this._countdown;
  }
  /** The step's position in played order, the cycles completed, the pingpong direction. */
  get played() {
    return this._played;
  }
  get cycles() {
    return this._cycles;
  }
  get backward() {
    return this._backward;
  }

  // --- events of the last tick() / advance() (and of play() calls since) ---

  /** How many events were raised (at most EVENT_CAPACITY are kept). */
  get eventCount() {
    return this._evCount;
  }
  /** Events past EVENT_CAPACITY in the same call, counted, not kept. */
  get eventsDropped() {
    return this._evDropped;
  }
  /** Event i's code: a pack event index, EVENT_FINISHED or EVENT_DESTROYED. */
  eventCode(i) {
    return i >= 0 && i < this._evCount ? this._evCodes[i] : -1;
  }
  /** Event i's name. */
  eventName(i) {
    return i >= 0 && i < this._evCount ? this.pack.eventName(this._evCodes[i]) : undefined;
  }
  /**
   * The events' names in order. The array is the actor's own, reused by the next read
   * (one kept per length, made the first time that length is read): copy it to keep it.
   * A frozen empty array when there were none.
   */
  get events() {
    const n = this._evCount;
    if (n === 0) return EMPTY;
    let list = this._evLists[n];
    if (list === undefined) {
      while (this._evLists.length < n) this._evLists.push(undefined);
      list = new Array(n).fill("");
      this._evLists[n] = list;
    }
    for (let i = 0; i < n; ++i) list[i] = this.pack.eventName(this._evCodes[i]);
    return list;
  }

  // --- boxes and points (shapes.hpp), in actor-local coordinates ---

  /** Calls visit(shape) for every box and point of the current step (see Pack.forEachStepShape). */
  forEachShape(visit) {
    if (this._act === null) return;
    this.pack.forEachStepShape(this.stepRecord, visit, this._shape);
  }
  /** The current step's box of that name (or shape-name index) into `out` (default: a reused object), or null. */
  box(name, out) {
    return this._find(0, name, out);
  }
  /** The current step's point of that name (x, y; w = h = 0), or null. */
  point(name, out) {
    return this._find(1, name, out);
  }
  _find(kind, name, out) {
    if (this._act === null) return null;
    const n = typeof name === "number" ? name : this.pack.findShapeName(name);
    if (n < 0) return null;
    const target = out === undefined ? this._shape : out;
    return this.pack._findStepShape(this.stepRecord, kind, n, target) ? target : null;
  }
  /** A local box in world coordinates: position + box (not rounded), into `out` or a reused object. */
  worldBox(shape, out) {
    const b = out === undefined ? this._world : out;
    b.x = this.x + shape.x;
    b.y = this.y + shape.y;
    b.w = shape.w;
    b.h = shape.h;
    return b;
  }
  /** Whether two world boxes share an area (touching edges do not). */
  static overlaps(a, b) {
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
  }

  // --- layers (layers.hpp) ---

  /**
   * Puts an equipment piece (a loaded pack declaring "slot") into its slot, replacing what
   * was there. The clock is not touched. Throws an Error naming the mismatch when the piece
   * does not fit (Pack.checkPiece); checked once per (master, piece). Returns the slot name.
   */
  equip(piece) {
    const b = this.pack._bind(piece);
    this._gear[b.slot] = b;
    return this.pack.slots[b.slot];
  }
  /** Empties a slot (name or index); the clock is not touched. */
  unequip(slot) {
    this._gear[this._slotOf(slot)] = null;
  }
  /** The piece in a slot (name or index), or null. */
  equipped(slot) {
    const b = this._gear[this._slotOf(slot)];
    return b === null ? null : b.pack;
  }
  _slotOf(slot) {
    const i = typeof slot === "number" ? slot : this.pack.findSlot(slot);
    if (!Number.isInteger(i) || i < 0 || i >= this._gear.length) {
      throw new RangeError(`no slot ${JSON.stringify(slot)} in the pack`);
    }
    return i;
  }
  /**
   * Calls visit(layer) for each layer drawn, back to front: the current view's order, each
   * slot showing its piece's step of the same index of the action of the same name (nothing
   * for an empty slot, a piece without that action, or a blank step). A pack that is not
   * layered draws itself alone. `layer` is reused between calls.
   */
  forEachLayer(visit) {
    const a = this._act;
    if (a === null) return;
    const pack = this.pack;
    const offset = this._view * a.stepsPerView + this._step;
    if (!pack.layered) {
      this._drawLayer(visit, LAYER_SELF, pack, a.firstStep + offset);
      return;
    }
    const width = pack._layerWidth;
    const row = this._view * width;
    for (let k = 0; k < width; ++k) {
      const slot = pack._layerOrder[row + k];
      if (slot === -1) break;
      if (slot === LAYER_SELF) {
        this._drawLayer(visit, slot, pack, a.firstStep + offset);
        continue;
      }
      const b = this._gear[slot];
      if (b === null) continue;
      const first = b.firstStep[this._action];
      if (first < 0) continue;
      this._drawLayer(visit, slot, b.pack, first + offset);
    }
  }
  _drawLayer(visit, slot, pack, step) {
    const frame = pack._stFrame[step];
    if (frame < 0) return;
    const l = this._layer;
    const flip = pack._stFlip[step];
    l.slot = slot;
    l.slotName = slot === LAYER_SELF ? "self" : this.pack.slots[slot];
    l.pack = pack;
    l.step = step;
    l.frame = frame;
    l.frameName = pack.frames[frame].name;
    l.flip = FLIP_NAMES[flip];
    l.flipX = (flip & 1) !== 0;
    l.flipY = (flip & 2) !== 0;
    visit(l);
  }

  // --- the player (player.hpp), private ---

  _actionOf(action) {
    const i = typeof action === "number" ? action : this.pack.findAction(action);
    if (!Number.isInteger(i) || i < 0 || i >= this.pack.actions.length) {
      throw new RangeError(`no action ${JSON.stringify(action)} in the pack`);
    }
    return i;
  }

  _emit(code) {
    if (this._evCount < EVENT_CAPACITY) this._evCodes[this._evCount++] = code;
    else ++this._evDropped;
    if (code === EVENT_FINISHED) this._finished = true;
  }

  _tick() {
    const a = this._act;
    if (this._destroyed || a === null) return false;
    if (this._hasImmediate && this._tryTransitions(a, 1)) return true;
    if (this._holding) return false;
    const speed = this._speed;
    this._countdown -= speed > 0 ? speed : 0;
    if (this._countdown > 0) return false;
    this._advanceSteps(a);
    return true;
  }

  _enterStep(a, played) {
    const pack = this.pack;
    this._played = played;
    const step = a.reverse ? a.stepsPerView - 1 - played : played;
    this._step = step;
    const k = a.firstStep + this._view * a.stepsPerView + step;
    this._countdown += pack._stTicks[k] * 1000;
    const event = pack._stEvent[k];
    if (event >= 0) this._emit(event);
    if (a.reverse) {
      this.x -= pack._stMoveX[k];
      this.y -= pack._stMoveY[k];
    }
  }

  _enterAction(index) {
    const a = this.pack.actions[index];
    this._action = index;
    this._act = a;
    this._cycles = 0;
    this._backward = false;
    this._holding = false;
    this._countdown = 0; // fresh: no remainder carried across actions
    this._view = chooseView(this._angle, a.firstView, a.views);
    this._hasImmediate = a.hasImmediate;
    this._enterStep(a, 0);
  }

  // The action's immediate (1) or end-of-cycle (0) rules top-down; switches on the first match.
  _tryTransitions(a, immediate) {
    const pack = this.pack;
    const lo = this._inLo;
    const hi = this._inHi;
    for (let t = a.firstTransition, end = t + a.transitionCount; t < end; ++t) {
      if (pack._trImmediate[t] !== immediate) continue;
      const wl = pack._trWhenLo[t];
      const wh = pack._trWhenHi[t];
      if ((lo & wl) === wl && (hi & wh) === wh && (lo & pack._trUnlessLo[t]) === 0 && (hi & pack._trUnlessHi[t]) === 0) {
        this._enterAction(pack._trTo[t]);
        return true;
      }
    }
    return false;
  }

  // The countdown ran out: end steps and enter the next until it is positive again, or the
  // action finishes or switches (player.hpp's advance and next_played).
  _advanceSteps(a) {
    const pack = this.pack;
    const n = a.stepsPerView;
    while (this._countdown <= 0) {
      if (!a.reverse) {
        const k = a.firstStep + this._view * n + this._step;
        this.x += pack._stMoveX[k];
        this.y += pack._stMoveY[k];
      }
      const p = this._played;
      let next = 0;
      let cycleEnd = false;
      if (a.mode === MODE_LOOP) {
        if (p + 1 >= n) {
          next = a.loopFrom;
          cycleEnd = true;
        } else {
          next = p + 1;
        }
      } else if (a.mode === MODE_ONCE) {
        if (p + 1 >= n) {
          next = p;
          cycleEnd = true;
        } else {
          next = p + 1;
        }
      } else if (n === 1) {
        cycleEnd = true;
      } else if (!this._backward) {
        if (p + 1 < n) {
          next = p + 1;
        } else {
          this._backward = true;
          next = p - 1;
        }
      } else if (p !== 0) {
        next = p - 1;
      } else {
        this._backward = false;
        next = 1;
        cycleEnd = true;
      }
      if (cycleEnd) {
        if (this._cycles !== UINT32_MAX) ++this._cycles;
        if (this._tryTransitions(a, 0)) return;
        if (a.mode === MODE_ONCE || (a.repeat !== 0 && this._cycles >= a.repeat)) {
          this._emit(EVENT_FINISHED);
          if (a.thenKind === THEN_HOLD) {
            this._holding = true;
          } else if (a.thenKind === THEN_DESTROY) {
            this._emit(EVENT_DESTROYED);
            this._destroyed = true;
          } else {
            this._enterAction(a.thenAction);
          }
          return;
        }
      }
      this._enterStep(a, next);
    }
  }
}

const EMPTY_OPTIONS = Object.freeze({});

function finite(v, what) {
  if (typeof v !== "number" || !Number.isFinite(v)) throw new TypeError(`${what} must be a finite number, not ${v}`);
  return v;
}
