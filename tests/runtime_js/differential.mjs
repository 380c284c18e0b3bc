// The differential check of the JavaScript runtime (runtimes/js/spritec.mjs) against the C++
// player, the reference (issue 27). make_cases (make_cases.cpp, whose header describes a
// case line) writes seeded random packs and scripts with what the C++ player did after
// every tick; playCase() plays a case with the JS Actor — the same calls before the same
// ticks — and compares every tick: action, step, view, frame, flip, x and y (Object.is:
// exactly the same doubles), countdown, played, cycles, the pingpong direction, holding,
// destroyed, finished, tick()'s result, the events (codes and names) and dropped count, the
// boxes and points (forEachShape, box(), point()), the layers (forEachLayer; a piece's
// with its boxes and points, forEachStepShape), the angle, speed and held inputs as kept,
// the names a trace shows; and each equipment piece's checkPiece() answer. streamCases()
// runs the generator and plays what it writes as it writes it, so no case file is kept.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

import * as runtime from "../../runtimes/js/spritec.mjs";

const { loadPack, Actor, EVENT_FINISHED, EVENT_DESTROYED } = runtime;

// The fields of a tick's record, in make_cases' order.
export const FIELDS = [
  "action", "step", "view", "frame", "flip", "x", "y", "countdown", "played", "cycles",
  "flags", "changed", "events", "dropped", "shapes", "layers", "angle", "speed", "inputs",
];
const FLIP_NAMES = ["", "x", "y", "xy"];
const CHANGED = FIELDS.indexOf("changed");

// Equal as JSON values, numbers by Object.is (so 0 and -0 differ, as they would on screen
// after a division).
function same(a, b) {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; ++i) if (!same(a[i], b[i])) return false;
    return true;
  }
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object") {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => same(a[k], b[k]));
  }
  return Object.is(a, b);
}

class Mismatch extends Error {
  constructor(tick, field, expected, actual) {
    super(`${field}: C++ ${JSON.stringify(expected)}, JS ${JSON.stringify(actual)}`);
    this.tick = tick;
    this.field = field;
    this.expected = expected;
    this.actual = actual;
  }
}

function expectSame(tick, field, expected, actual) {
  if (!same(expected, actual)) throw new Mismatch(tick, field, expected, actual);
}

// The actor's events as make_cases writes them, checking eventName() and `events` too.
function eventsOf(actor, tick) {
  const codes = [];
  for (let i = 0; i < actor.eventCount; ++i) {
    const code = actor.eventCode(i);
    const name = code === EVENT_FINISHED ? "finished" : code === EVENT_DESTROYED ? "destroyed" : null;
    codes.push(name ?? code);
    const expected = name ?? actor.pack.eventNames[code];
    expectSame(tick, `eventName(${i})`, expected, actor.eventName(i));
    expectSame(tick, `events[${i}]`, expected, actor.events[i]);
  }
  expectSame(tick, "events.length", codes.length, actor.events.length);
  return codes;
}

function shapesOf(actor) {
  const out = [];
  actor.forEachShape((s) => out.push([s.kind === "box" ? 0 : 1, s.nameIndex, s.x, s.y, s.w, s.h]));
  return out;
}

// box() and point() of every shape name: the first of forEachShape's of that kind and name
// (shapes.hpp's find_shape), as the C++ record lists them.
function checkFind(actor, shapes, tick) {
  const names = actor.pack.shapeNames.length;
  for (let kind = 0; kind < 2; ++kind) {
    for (let n = 0; n < names; ++n) {
      const want = shapes.find((s) => s[0] === kind && s[1] === n) ?? null;
      const got = kind === 0 ? actor.box(n) : actor.point(n);
      const gotList = got === null ? null : [kind, got.nameIndex, got.x, got.y, got.w, got.h];
      expectSame(tick, `${kind === 0 ? "box" : "point"}(${n})`, want, gotList);
    }
  }
}

function layersOf(actor, pieces) {
  const out = [];
  actor.forEachLayer((l) => {
    const pack = l.pack === actor.pack ? 0 : pieces.indexOf(l.pack) + 1;
    const flip = (l.flipX ? 1 : 0) | (l.flipY ? 2 : 0);
    const layer = [l.slot, pack, l.step, l.frame, flip];
    if (pack !== 0) {
      // A piece's layer: its step's boxes and points (the visit may not reuse `l`'s objects).
      const shapes = [];
      l.pack.forEachStepShape(l.step, (s) => shapes.push([s.kind === "box" ? 0 : 1, s.nameIndex, s.x, s.y, s.w, s.h]));
      layer.push(shapes);
    }
    out.push(layer);
  });
  return out;
}

// The held inputs as make_cases writes them: 16 hex digits, bit i = held(i).
function inputsOf(actor) {
  let bits = 0n;
  for (let i = 0; i < 64; ++i) if (actor.held(i)) bits |= 1n << BigInt(i);
  return bits.toString(16).padStart(16, "0");
}

// What a trace line shows by name (player.hpp's describe()) agrees with the indices.
function checkNames(actor, tick) {
  const pack = actor.pack;
  const a = actor.actionIndex;
  expectSame(tick, "action (name)", a < 0 ? "" : pack.actions[a].name, actor.action);
  expectSame(tick, "frameName", actor.frame < 0 ? "" : pack.frames[actor.frame].name, actor.frameName);
  expectSame(tick, "flip (name)", FLIP_NAMES[actor.flipBits], actor.flip);
}

function stateOf(actor, pieces, changed, inputs, tick) {
  const flags =
    (actor.backward ? 1 : 0) | (actor.holding ? 2 : 0) | (actor.destroyed ? 4 : 0) | (actor.finished ? 8 : 0);
  const shapes = shapesOf(actor);
  checkFind(actor, shapes, tick);
  checkNames(actor, tick);
  return [
    actor.actionIndex, actor.step, actor.view, actor.frame, actor.flipBits, actor.x, actor.y,
    actor.countdown, actor.played, actor.cycles, flags, changed, eventsOf(actor, tick),
    actor.eventsDropped, shapes, layersOf(actor, pieces), actor.angle, actor.speedThousandths, inputs,
  ];
}

function checkPieces(c, master, pieces) {
  c.pieces.forEach((p, k) => {
    let got;
    try {
      const r = master.checkPiece(pieces[k]);
      got = { mismatch: "fits", slot: r.slot, timing: r.timingAction };
    } catch (e) {
      got = { mismatch: e.mismatch ?? `an exception: ${e.message}`, slot: null, timing: null };
    }
    expectSame(-1, `checkPiece(pieces[${k}])`, p.check, got);
  });
}

// Applies one call of the script; returns true for ["advance"] (drive this tick by advance()).
function apply(actor, pieces, op) {
  switch (op[0]) {
    case "play":
      actor.play(op[1], { restart: op[2] });
      return false;
    case "angle":
      actor.angle = op[1];
      return false;
    case "hold":
      actor.hold(op[1], op[2]);
      return false;
    case "release_all":
      actor.releaseAll();
      return false;
    case "speed":
      actor.speedThousandths = op[1];
      return false;
    case "speed_x":
      actor.speed = op[1] / 1000;
      return false;
    case "place":
      actor.x = op[1];
      actor.y = op[2];
      return false;
    case "equip":
      actor.equip(pieces[op[1]]);
      return false;
    case "unequip":
      actor.unequip(op[1]);
      return false;
    case "advance":
      return true;
    default:
      throw new Error(`unknown op ${JSON.stringify(op)}`);
  }
}

function makeActor(c, master, pieces) {
  const init = c.init;
  const options = { x: init.x, y: init.y, angle: init.angle, layers: init.gear.map((k) => pieces[k]) };
  if (init.speed !== null) options.speed = init.speed / 1000;
  if (init.action !== null) options.action = init.action;
  return new Actor(master, options);
}

function playTicks(c, actor, pieces) {
  let expected = null;
  let inputs = inputsOf(actor);
  for (let t = 0; t < c.ticks.length; ++t) {
    const tick = c.ticks[t];
    let advance = false;
    for (const op of tick.o ?? []) advance = apply(actor, pieces, op) || advance;
    if (tick.o !== undefined) inputs = inputsOf(actor); // only a call changes them
    if (tick.p !== undefined) {
      const pre = [eventsOf(actor, t), actor.eventsDropped, actor.finished ? 1 : 0];
      expectSame(t, "events of the calls before the tick", tick.p, pre);
    }
    let changed;
    if (advance) {
      const ran = actor.advance(1000 / actor.pack.tickRate);
      expectSame(t, "ticks run by advance(1000 / tick_rate)", 1, ran);
    } else {
      changed = actor.tick() ? 1 : 0;
    }
    if (t === 0) {
      expected = tick.r.slice();
    } else {
      for (const k of Object.keys(tick.d)) expected[Number(k)] = tick.d[k];
    }
    if (advance) changed = expected[CHANGED];
    const actual = stateOf(actor, pieces, changed, inputs, t);
    for (let i = 0; i < FIELDS.length; ++i) expectSame(t, FIELDS[i], expected[i], actual[i]);
  }
}

/**
 * Plays one case (an object of make_cases' line) with the JS runtime. Returns null when
 * every tick agrees, else { seed, tick (-1: before the first), field, expected, actual,
 * message }.
 */
export function playCase(c) {
  try {
    const master = loadPack(c.pack);
    const pieces = c.pieces.map((p) => loadPack(p.pack));
    checkPieces(c, master, pieces);
    playTicks(c, makeActor(c, master, pieces), pieces);
    return null;
  } catch (e) {
    if (e instanceof Mismatch) {
      return { seed: c.seed, tick: e.tick, field: e.field, expected: e.expected, actual: e.actual, message: e.message };
    }
    return { seed: c.seed, tick: -1, field: "exception", expected: null, actual: String(e.stack ?? e), message: `JS threw: ${e.stack ?? e}` };
  }
}

/** The command that rebuilds and replays one case. */
export function reproCommand(generator, seed) {
  return `${generator} --seed ${seed} --count 1 | node tests/runtime_js/run_cases.mjs -`;
}

export function describeMismatch(m, generator) {
  const when = m.tick < 0 ? "before the first tick" : `tick ${m.tick}`;
  return `case seed ${m.seed}, ${when}, ${m.message}\n  repro: ${reproCommand(generator, m.seed)}`;
}

/**
 * Plays every case of a stream of lines (a readable of JSON lines). Calls onCase(c, mismatch)
 * for each (e.g. to count coverage). Returns { cases, ticks, mismatches } with at most
 * `keep` mismatches kept (all are counted in `failed`).
 */
export async function playLines(input, { keep = 20, onCase } = {}) {
  const result = { cases: 0, ticks: 0, failed: 0, mismatches: [] };
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.length === 0) continue;
    const c = JSON.parse(line);
    const m = playCase(c);
    result.cases += 1;
    result.ticks += c.ticks.length;
    if (m !== null) {
      result.failed += 1;
      if (result.mismatches.length < keep) result.mismatches.push(m);
    }
    if (onCase) onCase(c, m);
  }
  return result;
}

/** Runs the generator (make_cases) for seeds seed .. seed + count - 1 and plays its cases as they come. */
export async function streamCases(generator, seed, count, options) {
  const child = spawn(generator, ["--seed", String(seed), "--count", String(count)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve(code));
  });
  const result = await playLines(child.stdout, options);
  const code = await exited;
  if (code !== 0) throw new Error(`${generator} exited with status ${code}`);
  return result;
}
