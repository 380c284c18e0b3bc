// The JS runtime against `spritec simulate`, end to end, on real definitions: each is built
// into a pack and exported as spritec-json by spritec itself; a scene is written that
// plays every action of the pack at several angles, speeds and held inputs, turns every
// actor and flips its inputs on tick 37, and runs to tick 237; `spritec simulate --trace`
// traces it, and the same actors are played here with the runtime. Every trace line must
// equal what the JS actor shows on that tick: action, step, view, frame, flip, x, y, events,
// and for layered masters (wearing, per slot, the first piece of the same folder that fills
// it) their layers, and boxes and points where the step has any.
//
//   node runtimes/js/test/simulate_check.mjs SPRITEC WORK_DIR DEFINITION...
//
// Prints one line per definition and "N passed, M failed"; exits 1 on the first
// difference, naming the actor, the tick and both lines. ctest js_runtime_simulate runs it
// over every sample definition and the docs' modes.sprites.yaml.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";

const here = dirname(fileURLToPath(import.meta.url));
const { Actor, loadPack } = await import(join(here, "..", "spritec.mjs"));

const [spritec, workRoot, ...definitions] = process.argv.slice(2);
if (!spritec || !workRoot || definitions.length === 0) {
  console.error("usage: node simulate_check.mjs SPRITEC WORK_DIR DEFINITION...");
  process.exit(2);
}

const ANGLES = [0, 100, 200, 300];
const SPEEDS = [1, 0.5, 1.75, 3];
const TURN_AT = 37;
const LAST_TICK = TURN_AT + 200;

// Builds a definition into WORK/NAME.spk and exports WORK/NAME.json; returns the Pack.
function build(def, work) {
  const name = basename(def).replace(/\.sprites\.yaml$/, "");
  const spk = join(work, `${name}.spk`);
  const json = join(work, `${name}.json`);
  execFileSync(spritec, ["build", resolve(def), "-o", spk, "--export", `spritec-json:${json}`], {
    cwd: dirname(resolve(def)),
    stdio: ["ignore", "ignore", "pipe"],
  });
  return { name, spk, pack: loadPack(readFileSync(json, "utf8")) };
}

// The pieces of the master's folder, one per slot (the first by file name).
function piecesFor(master, def, work) {
  const pieces = new Map();
  if (!master.pack.layered) return pieces;
  const dir = dirname(resolve(def));
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith(".sprites.yaml") || join(dir, file) === resolve(def)) continue;
    const text = readFileSync(join(dir, file), "utf8");
    const slot = /^slot:\s*(\S+)/m.exec(text);
    if (slot === null || pieces.has(slot[1]) || !master.pack.slots.includes(slot[1])) continue;
    pieces.set(slot[1], build(join(dir, file), work));
  }
  return pieces;
}

// The actors: every action x angle x speed x (no input held, every input held).
function actorsOf(pack) {
  const out = [];
  for (let a = 0; a < pack.actions.length; ++a) {
    for (const angle of ANGLES) {
      for (const speed of SPEEDS) {
        for (const held of [false, true]) {
          out.push({ name: `a${String(out.length).padStart(5, "0")}`, action: a, angle, speed, held, x: 10 + (out.length % 7), y: 20 });
        }
      }
    }
  }
  return out;
}

function sceneOf(master, pieces, actors) {
  const pack = master.pack;
  const lines = [`packs: {p: ${JSON.stringify(basename(master.spk))}`];
  const layerKeys = [];
  let k = 0;
  for (const [slot, piece] of pieces) {
    lines[0] += `, q${k}: ${JSON.stringify(basename(piece.spk))}`;
    layerKeys.push(`${JSON.stringify(slot)}: q${k++}`);
  }
  lines[0] += "}";
  lines.push("actors:");
  for (const a of actors) {
    const layers = layerKeys.length > 0 ? `, layers: {${layerKeys.join(", ")}}` : "";
    lines.push(
      `  - {name: ${a.name}, pack: p, action: ${JSON.stringify(pack.actionNames[a.action])}, at: [${a.x}, ${a.y}], angle: ${a.angle}, speed: ${a.speed}${layers}}`,
    );
  }
  const inputs = pack.inputNames.map((n) => JSON.stringify(n)).join(", ");
  lines.push("script:");
  if (inputs.length > 0) {
    for (const a of actors) if (a.held) lines.push(`  - {actor: ${a.name}, press: [${inputs}]}`);
  }
  lines.push(`  - wait: ${TURN_AT}`);
  for (const a of actors) {
    const turn = `angle: ${a.angle + 135}`;
    const flip = inputs.length === 0 ? "" : a.held ? `, release: [${inputs}]` : `, press: [${inputs}]`;
    lines.push(`  - {actor: ${a.name}, ${turn}${flip}}`);
  }
  lines.push(`  - wait: ${LAST_TICK - TURN_AT}`);
  return lines.join("\n") + "\n";
}

// What a trace line shows of a JS actor.
function lineOf(tick, name, actor) {
  const line = {
    tick,
    actor: name,
    action: actor.action,
    step: actor.step,
    view: actor.view,
    frame: actor.frameName,
    flip: actor.flip,
    x: actor.x,
    y: actor.y,
    events: actor.events.slice(),
  };
  if (actor.pack.layered) {
    const layers = [];
    actor.forEachLayer((l) => layers.push([l.slotName, l.frameName, l.flip]));
    line.layers = layers;
  }
  const boxes = {};
  const points = {};
  let anyBox = false;
  let anyPoint = false;
  actor.forEachShape((s) => {
    if (s.kind === "box") {
      boxes[s.name] = [actor.x + s.x, actor.y + s.y, s.w, s.h];
      anyBox = true;
    } else {
      points[s.name] = [actor.x + s.x, actor.y + s.y];
      anyPoint = true;
    }
  });
  if (anyBox) line.boxes = boxes;
  if (anyPoint) line.points = points;
  return line;
}

function check(def) {
  const work = join(workRoot, basename(def).replace(/\.sprites\.yaml$/, ""));
  mkdirSync(work, { recursive: true });
  const master = build(def, work);
  const pieces = piecesFor(master, def, work);
  const specs = actorsOf(master.pack);
  writeFileSync(join(work, "scene.yaml"), sceneOf(master, pieces, specs));
  const trace = join(work, "trace.jsonl");
  execFileSync(spritec, ["simulate", join(work, "scene.yaml"), "--trace", trace], { cwd: work, stdio: ["ignore", "ignore", "pipe"] });
  const expected = readFileSync(trace, "utf8").split("\n").filter((l) => l.length > 0);

  const actors = specs.map((s) => {
    const a = new Actor(master.pack, { action: s.action, angle: s.angle, speed: s.speed, x: s.x, y: s.y });
    for (const piece of pieces.values()) a.equip(piece.pack);
    return a;
  });
  const inputs = master.pack.inputNames;
  specs.forEach((s, i) => {
    if (s.held) for (const input of inputs) actors[i].hold(input, true);
  });
  const got = [];
  const gone = new Set();
  for (let tick = 0; tick <= LAST_TICK; ++tick) {
    if (tick > 0) for (let i = 0; i < actors.length; ++i) if (!gone.has(i)) actors[i].tick();
    if (tick === TURN_AT) {
      specs.forEach((s, i) => {
        actors[i].angle = s.angle + 135;
        for (const input of inputs) actors[i].hold(input, !s.held);
      });
    }
    for (let i = 0; i < actors.length; ++i) {
      if (gone.has(i)) continue;
      got.push(lineOf(tick, specs[i].name, actors[i]));
      if (actors[i].destroyed) gone.add(i);
    }
  }
  for (let i = 0; i < Math.max(expected.length, got.length); ++i) {
    const want = expected[i] === undefined ? undefined : JSON.parse(expected[i]);
    const have = got[i];
    if (want !== undefined) delete want.contacts;
    if (!isDeepStrictEqual(want, have)) {
      console.error(`${def}: line ${i + 1} differs\n  simulate: ${expected[i]}\n  js:       ${JSON.stringify(have)}`);
      return false;
    }
  }
  console.log(`${def}: ${specs.length} actors x ${LAST_TICK + 1} ticks, ${expected.length} trace lines equal`);
  return true;
}

let passed = 0;
let failed = 0;
for (const def of definitions) {
  if (check(def)) ++passed;
  else ++failed;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
