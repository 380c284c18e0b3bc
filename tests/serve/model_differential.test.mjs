// The page's simulation model (lib/serve/page/model.mjs) against the C++ player, on generated
// cases (tests/serve/CMakeLists.txt, ctest serve_model_differential). No browser: the model
// is DOM-free, so it is copied with the runtime it imports (runtimes/js/spritec.mjs) into a
// temporary folder and imported from there, as the page's own files import each other.
//
// Packs: every sample definition (samples/*/*.sprites.yaml, the paperdoll master and its
// pieces included) and the 12 and 24 ticks/s packs of tests/data/engines/ticks, each built
// once by `spritec build --export spritec-json`.
//
// - Session (the focused actor): a random pack, action, start angle (−720…720), pieces on a
//   layered master, and a random script of turns, presses and releases at random ticks,
//   recorded into a Session tick by tick as the page records them — sometimes seeking back
//   and recording over the future, as a user does. The same script is written as a
//   one-actor scene and traced by `spritec simulate --trace`; every tick the Session shows
//   (while recording, replayed from tick 0, and at random seeks back and forth) must equal
//   the trace's line: action, step, view, frame, flip, x, y, events, layers.
// - SceneRun: a random multi-actor scene over the packs of one tick rate (spawns, despawns,
//   plays with restart and until, turns, presses, releases, speeds, moves, equip and unequip
//   on the layered master, together and background), `spritec simulate --trace --replay`,
//   then SceneRun over the replay with the packs loaded from their spritec-json exports:
//   every actor on stage on every tick, stepping and at random seeks, must equal the trace.
// - Cell (a grid cell): every action of every pack in every view, for 600 ticks, against
//   the trace of its actor alone, started again at each end as the grid does.
//
// SPRITEC names the binary. SPRITEC_MODEL_SEED (default 1), SPRITEC_MODEL_SESSIONS (default
// 80) and SPRITEC_MODEL_SCENES (default 40) choose the cases: case k of a kind is generated
// from (seed, kind, k) alone, so a failure's repro line rebuilds it (SPRITEC_MODEL_FIRST: the
// first k, default 0). A coverage check fails
// when the cases stop reaching a feature (with the default counts or more).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const spritec = process.env.SPRITEC && path.resolve(process.env.SPRITEC);
const top = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
assert.ok(spritec && fs.existsSync(spritec), "SPRITEC must name the spritec binary");

const SEED = Number(process.env.SPRITEC_MODEL_SEED ?? "1") >>> 0;
const SESSIONS = Number(process.env.SPRITEC_MODEL_SESSIONS ?? "80");
const SCENES = Number(process.env.SPRITEC_MODEL_SCENES ?? "40");
const FIRST = Number(process.env.SPRITEC_MODEL_FIRST ?? "0"); // the first case of each kind
const repro = (sessions, scenes, k) =>
  `SPRITEC_MODEL_SEED=${SEED} SPRITEC_MODEL_FIRST=${k} SPRITEC_MODEL_SESSIONS=${sessions} SPRITEC_MODEL_SCENES=${scenes}`;
console.log(`seed ${SEED}: ${SESSIONS} session cases, ${SCENES} scene cases, from case ${FIRST}`);

const work = fs.mkdtempSync(path.join(os.tmpdir(), "spritec-model-diff-"));
for (const [from, to] of [
  ["lib/serve/page/model.mjs", "model.mjs"],
  ["runtimes/js/spritec.mjs", "spritec.mjs"],
]) {
  fs.copyFileSync(path.join(top, from), path.join(work, to));
}
const { Session, SceneRun, Cell, viewAngle } = await import(pathToFileURL(path.join(work, "model.mjs")).href);
const { loadPack } = await import(pathToFileURL(path.join(work, "spritec.mjs")).href);

// --- random numbers ---------------------------------------------------------------------

// mulberry32, seeded from (seed, kind, case) through splitmix32-style mixing.
function rngFor(seed, kind, k) {
  let s = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(kind + 1, 0xc2b2ae35) ^ Math.imul(k + 1, 0x27d4eb2f);
  s = Math.imul(s ^ (s >>> 16), 0x7feb352d);
  s = Math.imul(s ^ (s >>> 15), 0x846ca68b) ^ (s >>> 16);
  const next = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    float: next,
    int: (n) => Math.floor(next() * n), // 0 … n-1
    range: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)],
  };
}

// --- the packs --------------------------------------------------------------------------

// Every definition built into WORK/KEY.spk and exported as WORK/KEY.json.
function buildPacks() {
  const defs = [];
  for (const dir of fs.readdirSync(path.join(top, "samples")).sort()) {
    const folder = path.join(top, "samples", dir);
    if (!fs.statSync(folder).isDirectory()) continue;
    for (const f of fs.readdirSync(folder).sort()) if (f.endsWith(".sprites.yaml")) defs.push({ group: dir, file: path.join(folder, f) });
  }
  for (const f of ["ticks12", "ticks24"]) defs.push({ group: f, file: path.join(top, "tests/data/engines/ticks", `${f}.sprites.yaml`) });
  return defs.map(({ group, file }) => {
    const key = `${group}-${path.basename(file, ".sprites.yaml")}`;
    const spk = `${key}.spk`;
    execFileSync(spritec, ["build", file, "-o", path.join(work, spk), "--export", `spritec-json:${path.join(work, key + ".json")}`], {
      cwd: path.dirname(file),
      stdio: ["ignore", "ignore", "pipe"],
    });
    return { key, group, spk, pack: loadPack(fs.readFileSync(path.join(work, `${key}.json`), "utf8")) };
  });
}
const packs = buildPacks();
const byPath = new Map(packs.map((p) => [p.spk, p.pack]));
const focusable = packs.filter((p) => p.pack.pieceSlot === null);
const withInputs = focusable.filter((p) => p.pack.inputNames.length > 0);
const masters = focusable.filter((p) => p.pack.layered);
assert.ok(withInputs.length > 0 && masters.length > 0, "the samples have packs with inputs and a layered master");

// The pieces that can fill `slot` of `master` (its own folder's).
function piecesOf(master, slot) {
  return packs.filter((p) => p.group === master.group && p.pack.pieceSlot === slot);
}

// --- running spritec and reading traces -----------------------------------------------------

let simulateRuns = 0;
// Runs `spritec simulate` on a scene text; returns the trace's lines by tick and the replay.
function simulate(name, text, ticks) {
  const scene = path.join(work, `${name}.scene.yaml`);
  fs.writeFileSync(scene, text);
  const trace = path.join(work, `${name}.jsonl`);
  const replay = path.join(work, `${name}.replay.json`);
  try {
    execFileSync(spritec, ["simulate", scene, "--ticks", String(ticks), "--trace", trace, "--replay", replay], {
      cwd: work, // the project root: the packs are beside the scene
      stdio: ["ignore", "ignore", "pipe"],
    });
  } catch (e) {
    throw new Error(`spritec simulate ${scene} failed:\n${e.stderr}\n${text}`);
  }
  simulateRuns++;
  const byTick = Array.from({ length: ticks + 1 }, () => []);
  for (const line of fs.readFileSync(trace, "utf8").split("\n")) {
    if (line === "") continue;
    const l = JSON.parse(line);
    byTick[l.tick].push(l);
  }
  return { byTick, replay: JSON.parse(fs.readFileSync(replay, "utf8")) };
}

// The fields both sides have, from a trace line or the model's state; x and y compared to a
// millionth (the trace snaps within a billionth of a thousandth, docs/scenes.md).
function same(model, line) {
  const keys = ["action", "step", "view", "frame", "flip", "events"];
  if ("layers" in line) keys.push("layers");
  for (const k of keys) if (JSON.stringify(model[k]) !== JSON.stringify(line[k])) return false;
  return Math.abs(model.x - line.x) <= 1e-6 && Math.abs(model.y - line.y) <= 1e-6;
}

function layersOf(actor) {
  const out = [];
  actor.forEachLayer((l) => out.push([l.slotName, l.frameName, l.flip]));
  return out;
}

let failed = false; // keeps the work folder for the repro
function guarded(body) {
  return (t) => {
    try {
      return body(t);
    } catch (e) {
      failed = true;
      throw e;
    }
  };
}

const coverage = new Map();
function count(feature) {
  coverage.set(feature, (coverage.get(feature) ?? 0) + 1);
}

// --- Session ------------------------------------------------------------------------------

// A Session case: the focus, its pieces, the calls recorded (maybe a second take over the
// first from tick `over`), and the scene that says the same.
function sessionCase(k) {
  const rng = rngFor(SEED, 0, k);
  const entry = rng.chance(0.4) ? rng.pick(withInputs) : rng.chance(0.3) ? rng.pick(masters) : rng.pick(focusable);
  const pack = entry.pack;
  const c = { k, entry, action: rng.int(pack.actions.length), angle: rng.range(-720, 720), ticks: rng.range(60, 300) };
  c.pieces = [];
  for (const slot of pack.layered ? pack.slots : []) {
    const options = piecesOf(entry, slot);
    if (options.length > 0 && rng.chance(0.75)) c.pieces.push(rng.pick(options));
  }
  const script = (n, from) => {
    const calls = [];
    for (let i = 0; i < n; ++i) {
      const tick = rng.range(from, c.ticks);
      const inputs = pack.inputNames;
      const kind = inputs.length > 0 && rng.chance(0.6) ? (rng.chance(0.55) ? "press" : "release") : "angle";
      const turn = () => (rng.chance(0.3) ? rng.pick([0, 45, 90, 180, 270, -90, 360, 720]) : rng.range(-720, 720));
      const value = kind === "angle" ? turn() : rng.pick(inputs);
      calls.push({ tick, kind, value });
    }
    return calls.sort((a, b) => a.tick - b.tick); // stable: same-tick calls keep their order
  };
  c.take1 = script(rng.range(0, 14), 0);
  if (rng.chance(0.3)) {
    c.take2 = script(rng.range(1, 8), rng.int(c.ticks + 1));
    c.over = c.take2[0].tick; // recording starts over from its first call
    c.back = Math.max(0, c.over - rng.int(6)); // the tick sought back to before it
  }
  c.seeks = Array.from({ length: rng.range(5, 15) }, () => rng.int(c.ticks + 1 + 10)); // past the end too
  return c;
}

// The calls the simulator must make: the first take up to tick `over` and the second take
// (a call on a tick earlier than the furthest reached replaces the recorded future after it,
// docs/serve.md).
function expectedCalls(c) {
  if (!c.take2) return c.take1;
  return [...c.take1.filter((x) => x.tick <= c.over), ...c.take2];
}

function sessionScene(c) {
  const e = c.entry;
  let packsLine = `packs: {p: ${JSON.stringify(e.spk)}`;
  const layers = [];
  c.pieces.forEach((p, i) => {
    packsLine += `, q${i}: ${JSON.stringify(p.spk)}`;
    layers.push(`${JSON.stringify(p.pack.pieceSlot)}: q${i}`);
  });
  const lines = [packsLine + "}", "actors:"];
  const layersText = layers.length > 0 ? `, layers: {${layers.join(", ")}}` : "";
  lines.push(`  - {name: a, pack: p, action: ${JSON.stringify(e.pack.actionNames[c.action])}, angle: ${c.angle}${layersText}}`);
  lines.push("script:");
  let at = 0;
  for (const call of expectedCalls(c)) {
    if (call.tick > at) lines.push(`  - wait: ${call.tick - at}`);
    at = call.tick;
    const v = call.kind === "angle" ? call.value : `[${JSON.stringify(call.value)}]`;
    lines.push(`  - {actor: a, ${call.kind}: ${v}}`);
  }
  lines.push(`  - wait: ${c.ticks - at + 1}`);
  return lines.join("\n") + "\n";
}

// Records `calls` into the session from tick `from` to the case's last tick, as the page
// does (the clock moves on, a call is recorded on the tick it is made); `check(t)` after the
// calls of each tick.
function recordTake(s, calls, from, last, check) {
  let i = 0;
  for (let t = from; t <= last; ++t) {
    s.seek(t);
    for (; i < calls.length && calls[i].tick === t; ++i) s.record(calls[i].kind, calls[i].value);
    check?.(t);
  }
}

function runSession(c) {
  const { byTick } = simulate(`session-${c.k}`, sessionScene(c), c.ticks);
  const e = c.entry;
  const s = new Session(e.pack, c.action, c.angle, (actor) => {
    for (const p of c.pieces) actor.equip(p.pack);
  });
  const where = (t, how) =>
    `session case ${c.k} (repro: ${repro(1, 0, c.k)}), ${how}, tick ${t}: ` +
    `${e.key} ${e.pack.actionNames[c.action]} at ${c.angle}\nscene:\n${sessionScene(c)}`;
  const check = (how) => (t) => {
    assert.equal(s.tick, t);
    const state = { ...s.state() };
    if (e.pack.layered) state.layers = layersOf(s.actor);
    const line = byTick[t][0];
    if (line === undefined) {
      // Destroyed on an earlier tick: the trace has no more lines; the page keeps showing it.
      assert.ok(s.actor.destroyed, where(t, how) + "\nno trace line, yet not destroyed");
      return;
    }
    assert.ok(same(state, line), `${where(t, how)}\nmodel: ${JSON.stringify(state)}\ntrace: ${JSON.stringify(line)}`);
  };
  if (!c.take2) recordTake(s, c.take1, 0, c.ticks, check("recording"));
  else {
    recordTake(s, c.take1, 0, c.ticks, null);
    s.seek(c.back);
    count("a Session seeking back and recording over its future");
    recordTake(s, c.take2, c.back, c.ticks, check("recording over"));
  }
  s.seek(0);
  for (let t = 0; t <= c.ticks; ++t) {
    s.seek(t);
    check("replayed from 0")(t);
  }
  for (const target of c.seeks) {
    if (target < s.tick) count("a Session seeking backwards");
    s.seek(target);
    if (target <= c.ticks) check(`seek to ${target}`)(target); // beyond: no trace line to compare
  }
  noteSessionCoverage(c, byTick);
  return c.ticks + 1;
}

function noteSessionCoverage(c, byTick) {
  const calls = expectedCalls(c);
  if (c.pieces.length > 0) count("a Session of a layered master wearing pieces");
  for (const call of calls) {
    const t = call.tick;
    if (t === 0 || t + 1 > c.ticks) continue;
    const [before, now, next] = [byTick[t - 1][0], byTick[t][0], byTick[t + 1][0]];
    if (!before || !now || !next) continue;
    if (call.kind === "angle" && now.view !== before.view && now.action === before.action) count("a turn changing the view mid-action");
    if (call.kind !== "angle" && next.action !== now.action) count("a press or release followed by a switch of action");
  }
}

// --- SceneRun -----------------------------------------------------------------------------

// A random scene over the packs of one tick rate: its text and how many ticks to trace.
function sceneCase(k) {
  const rng = rngFor(SEED, 1, k);
  const rates = [...new Set(packs.map((p) => p.pack.tickRate))];
  const rate = rng.chance(0.75) ? 60 : rng.pick(rates);
  const pool = packs.filter((p) => p.pack.tickRate === rate);
  const players = pool.filter((p) => p.pack.pieceSlot === null);
  const keyOf = new Map(pool.map((p, i) => [p, `k${i}`]));
  const names = ["a", "B", "hero", "Zed", "b2", "_x", "c", "knight", "Mob", "z9", "e", "F"];
  const actors = new Map(); // name -> pack entry, every name used so far
  const live = new Set();
  const played = new Map(); // name -> the action the script last set
  const num = (lo, hi, digits) => Number((lo + rng.float() * (hi - lo)).toFixed(digits));
  const duration = () => {
    const r = rng.int(4);
    if (r === 0) return `${rng.range(0, 40)}`;
    if (r === 1) return `${num(0, 30, 3)}`;
    if (r === 2) return `${rng.range(0, 600)}ms`;
    return `${num(0, 0.5, 3)}s`;
  };
  const layersOfNew = (e) => {
    if (!e.pack.layered) return "";
    const ls = [];
    for (const slot of e.pack.slots) {
      const options = piecesOf(e, slot);
      if (options.length > 0 && rng.chance(0.6)) ls.push(`${JSON.stringify(slot)}: ${keyOf.get(rng.pick(options))}`);
    }
    return ls.length > 0 ? `, layers: {${ls.join(", ")}}` : "";
  };
  const newActor = () => {
    const free = names.filter((n) => !actors.has(n));
    if (free.length === 0) return null;
    const name = rng.pick(free);
    const ownMasters = masters.filter((m) => m.pack.tickRate === rate);
    const e = ownMasters.length > 0 && rng.chance(0.4) ? rng.pick(ownMasters) : rng.pick(players);
    actors.set(name, e);
    live.add(name);
    played.set(name, rng.pick(e.pack.actionNames));
    const speed = rng.chance(0.7) ? "" : `, speed: ${num(0, 3, 3)}`;
    return (
      `{name: ${JSON.stringify(name)}, pack: ${keyOf.get(e)}, action: ${JSON.stringify(played.get(name))}, ` +
      `at: [${num(-50, 150, 2)}, ${num(-50, 150, 2)}], angle: ${rng.range(-720, 720)}${speed}${layersOfNew(e)}}`
    );
  };
  const actorItem = () => {
    const name = rng.pick([...actors.keys()]);
    const e = actors.get(name);
    const p = e.pack;
    const parts = [`actor: ${JSON.stringify(name)}`];
    const r = rng.int(10);
    if (r <= 2) {
      // A restart plays, more often than not, the action last set (it may have moved on).
      const restart = rng.chance(0.3);
      played.set(name, restart && rng.chance(0.6) ? played.get(name) : rng.pick(p.actionNames));
      parts.push(`action: ${JSON.stringify(played.get(name))}`);
      if (restart) parts.push("restart: true");
      if (rng.chance(0.15)) parts.push("until: finished");
    }
    if (r === 3 || rng.chance(0.2)) parts.push(`angle: ${rng.range(-720, 720)}`);
    if (p.inputNames.length > 0 && (r === 4 || rng.chance(0.2))) parts.push(`press: [${JSON.stringify(rng.pick(p.inputNames))}]`);
    if (p.inputNames.length > 0 && (r === 5 || rng.chance(0.1))) parts.push(`release: [${JSON.stringify(rng.pick(p.inputNames))}]`);
    if (r === 6) parts.push(`speed: ${num(0, 3, 3)}`);
    if (p.layered && (r === 7 || rng.chance(0.3))) {
      const slot = rng.pick(p.slots);
      const options = piecesOf(e, slot);
      if (rng.chance(0.4) || options.length === 0) parts.push(`unequip: [${JSON.stringify(slot)}]`);
      else parts.push(`equip: {${JSON.stringify(slot)}: ${keyOf.get(rng.pick(options))}}`);
    }
    if (r >= 8 || parts.length === 1) {
      const [x, y] = [num(-100, 200, 2), num(-100, 200, 2)];
      parts.push(rng.chance(0.5) ? `move_to: [${x}, ${y}]` : `move_by: [${x}, ${y}]`);
      if (rng.chance(0.8)) parts.push(`over: ${duration()}`);
    }
    if (parts.some((x) => x.startsWith("over") || x.startsWith("until")) && rng.chance(0.3)) parts.push("background: true");
    return `{${parts.join(", ")}}`;
  };
  const item = () => {
    const r = rng.int(12);
    if (r === 0) {
      const a = newActor();
      if (a) return `{spawn: ${a}}`;
    }
    if (r === 1 && live.size > 0) {
      const name = rng.pick([...live]);
      live.delete(name);
      return `{despawn: ${JSON.stringify(name)}}`;
    }
    if (r <= 3) return `{wait: ${duration()}${rng.chance(0.2) ? ", background: true" : ""}}`;
    return actorItem();
  };
  const lines = [`packs: {${pool.map((p) => `${keyOf.get(p)}: ${JSON.stringify(p.spk)}`).join(", ")}}`, "actors:"];
  const first = rng.range(1, 4);
  for (let i = 0; i < first; ++i) lines.push(`  - ${newActor()}`);
  lines.push("script:");
  const epochs = rng.range(3, 16);
  for (let i = 0; i < epochs; ++i) {
    if (rng.chance(0.2)) {
      lines.push("  - together:");
      for (let j = rng.range(2, 3); j > 0; --j) lines.push(`      - ${item()}`);
    } else lines.push(`  - ${item()}`);
  }
  const seeks = Array.from({ length: rng.range(5, 12) }, () => rng.int(260)); // past the end too
  return { k, text: lines.join("\n") + "\n", ticks: rng.range(40, 240), seeks };
}

function runScene(c) {
  const { byTick, replay } = simulate(`scene-${c.k}`, c.text, c.ticks);
  assert.equal(replay.last_tick, c.ticks);
  const run = new SceneRun(
    replay,
    replay.packs.map((p) => byPath.get(p.path)),
  );
  const where = (t, how) => `scene case ${c.k} (repro: ${repro(0, 1, c.k)}), ${how}, tick ${t}\nscene:\n${c.text}`;
  const check = (t, how) => {
    assert.equal(run.tick, t);
    const state = run.state();
    const lines = byTick[t];
    const show = () => `\nmodel: ${JSON.stringify(state)}\ntrace: ${JSON.stringify(lines)}`;
    assert.equal(state.length, lines.length, `${where(t, how)}: actors on stage${show()}`);
    state.forEach((s, i) => assert.ok(s.actor === lines[i].actor && same(s, lines[i]), `${where(t, how)}: ${lines[i].actor}${show()}`));
    return lines;
  };
  for (let t = 0; t <= c.ticks; ++t) {
    run.seek(t);
    noteSceneCoverage(check(t, "stepping"), t);
  }
  for (const target of c.seeks) {
    if (target < run.tick) count("a SceneRun seeking backwards");
    run.seek(target);
    const t = Math.min(target, c.ticks); // seek stops at the last tick
    check(t, `seek to ${target}`);
  }
  return { ticks: c.ticks + 1, lines: byTick.reduce((n, l) => n + l.length, 0), replay, byTick };
}

function noteSceneCoverage(lines, t) {
  for (const l of lines) {
    if (t > 0 && l.events.includes("destroyed")) count("an actor destroyed or despawned");
    if (l.layers && l.layers.some((x) => x[0] !== "self")) count("a layered actor wearing pieces");
  }
  if (lines.length >= 3) count("three or more actors on one tick");
}

function noteReplayCoverage(replay, byTick) {
  for (const [tick, calls] of replay.ticks) {
    for (const call of calls) {
      if (call.spawn && tick > 0) count("a spawn after tick 0");
      if (call.despawn) count("a despawn");
      if (tick > 0 && ("equip" in call || "unequip" in call)) count("an equip or unequip mid-run");
      if ("at" in call) count("a move");
      if (tick > 0 && "speed" in call) count("a speed change");
      const before = tick > 0 ? byTick[tick - 1].find((l) => l.actor === replay.actors[call.actor]) : undefined;
      if (call.restart && before?.action === call.play) count("a restart of the action playing");
    }
  }
}

// --- Cell ---------------------------------------------------------------------------------

// Every action of every pack in every view (a master wearing, per slot, the first piece of
// its folder), as grid cells, against one scene per pack that plays each cell's actor with
// no input and no script. A cell is that actor until its first end, then starts again
// (docs/serve.md, "The page"): on the tick e its action switches away it shows tick 0 again
// (so cell tick t shows trace tick t mod e); on the tick e it finishes and holds (`finished`,
// same action) or is destroyed, it shows that end for W = max(1, round(tick_rate / 2))
// ticks, then tick 0 again (period e + W). Its position is pinned at (0, 0), so x and y are
// not compared, nor its events (a waiting cell keeps its end's).
const CELL_TRACE = 300;
function runCells(entry) {
  const pack = entry.pack;
  const pieces = pack.layered ? pack.slots.map((slot) => piecesOf(entry, slot)[0]).filter(Boolean) : [];
  const cells = [];
  pack.actions.forEach((a, i) => {
    for (let v = 0; v < a.views; ++v) cells.push({ name: `c${String(cells.length).padStart(4, "0")}`, action: i, view: v });
  });
  const layers = pieces.map((p, i) => `${JSON.stringify(p.pack.pieceSlot)}: q${i}`);
  const lines = [`packs: {p: ${JSON.stringify(entry.spk)}${pieces.map((p, i) => `, q${i}: ${JSON.stringify(p.spk)}`).join("")}}`, "actors:"];
  for (const c of cells) {
    const angle = viewAngle(pack.actions[c.action], c.view);
    const l = layers.length > 0 ? `, layers: {${layers.join(", ")}}` : "";
    lines.push(`  - {name: ${c.name}, pack: p, action: ${JSON.stringify(pack.actionNames[c.action])}, angle: ${angle}${l}}`);
  }
  lines.push("script: [{wait: 1}]");
  const { byTick } = simulate(`cells-${entry.key}`, lines.join("\n") + "\n", CELL_TRACE);
  const wait = Math.max(1, Math.round(pack.tickRate / 2));
  let compared = 0;
  for (const c of cells) {
    const trace = byTick.map((ls) => ls.find((l) => l.actor === c.name));
    const name = pack.actionNames[c.action];
    let end = null; // {tick, waits}
    for (let t = 1; t <= CELL_TRACE && end === null; ++t) {
      const l = trace[t];
      if (l.action !== name) end = { tick: t, waits: false };
      else if (l.events.includes("destroyed") || l.events.includes("finished")) end = { tick: t, waits: true };
    }
    const expected = (t) => {
      if (end === null) return trace[t];
      if (!end.waits) return trace[t % end.tick];
      const j = t % (end.tick + wait);
      return trace[Math.min(j, end.tick)];
    };
    const last = end === null ? CELL_TRACE : 2 * CELL_TRACE;
    const cell = new Cell(pack, c.action, c.view, (actor) => {
      for (const p of pieces) actor.equip(p.pack);
    });
    if (end?.waits) count("a cell holding or destroyed, shown for half a second");
    else if (end) count("a cell whose action switched away");
    for (let t = 0; t <= last; ++t) {
      if (t > 0) cell.tick();
      const want = expected(t);
      const got = { ...snapshotOf(cell.actor), x: want.x, y: want.y, events: want.events };
      assert.ok(same(got, want), `cell ${entry.key} ${name} view ${c.view}, tick ${t}\nmodel: ${JSON.stringify(got)}\ntrace: ${JSON.stringify(want)}`);
      compared++;
    }
  }
  return { cells: cells.length, compared };
}

function snapshotOf(actor) {
  const s = { action: actor.action, step: actor.step, view: actor.view, frame: actor.frameName, flip: actor.flip };
  if (actor.pack.layered) s.layers = layersOf(actor);
  return s;
}

// --- the tests ----------------------------------------------------------------------------

test("the page's Session shows what spritec simulate traces, tick for tick, recording and seeking", guarded(() => {
  const started = Date.now();
  let ticks = 0;
  for (let k = FIRST; k < FIRST + SESSIONS; ++k) ticks += runSession(sessionCase(k));
  console.log(`${SESSIONS} session cases, ${ticks} ticks compared (each several times), ${Date.now() - started} ms`);
}));

test("the page's SceneRun replays spritec simulate --replay as its trace has it, every actor every tick", guarded(() => {
  const started = Date.now();
  let ticks = 0;
  let lines = 0;
  for (let k = FIRST; k < FIRST + SCENES; ++k) {
    const c = sceneCase(k);
    const r = runScene(c);
    noteReplayCoverage(r.replay, r.byTick);
    ticks += r.ticks;
    lines += r.lines;
  }
  console.log(`${SCENES} scene cases, ${ticks} ticks, ${lines} trace lines compared, ${Date.now() - started} ms`);
}));

test("the page's grid cells play each action as spritec simulate does, starting again at its end", guarded(() => {
  const started = Date.now();
  let cells = 0;
  let compared = 0;
  for (const entry of focusable) {
    const r = runCells(entry);
    cells += r.cells;
    compared += r.compared;
  }
  console.log(`${cells} cells of ${focusable.length} packs, ${compared} cell ticks compared, ${Date.now() - started} ms`);
}));

// How often each feature must be reached with the default 80 sessions (kind 0) / 40 scenes
// (kind 1), scaled for more (kind 2, the cells, does not depend on the counts): about a third of what seed 1 reaches, so another seed passes
// too. Counted per call, seek or trace line that shows it.
const FEATURES = {
  "a cell holding or destroyed, shown for half a second": [2, 10],
  "a cell whose action switched away": [2, 20],
  "a turn changing the view mid-action": [0, 40],
  "a press or release followed by a switch of action": [0, 4],
  "a Session seeking backwards": [0, 100],
  "a Session seeking back and recording over its future": [0, 5],
  "a Session of a layered master wearing pieces": [0, 4],
  "a SceneRun seeking backwards": [1, 30],
  "a spawn after tick 0": [1, 5],
  "a despawn": [1, 6],
  "an actor destroyed or despawned": [1, 6],
  "a layered actor wearing pieces": [1, 1000],
  "an equip or unequip mid-run": [1, 6],
  "a move": [1, 300],
  "a speed change": [1, 5],
  "a restart of the action playing": [1, 1],
  "three or more actors on one tick": [1, 500],
};

test("the generated cases reach every feature they are meant to", (t) => {
  if (SESSIONS < 80 || SCENES < 40) return t.skip("fewer cases than the default: coverage is not judged");
  const missing = [];
  for (const [feature, [kind, least]] of Object.entries(FEATURES)) {
    const need = kind === 2 ? least : Math.ceil((least * (kind === 0 ? SESSIONS : SCENES)) / (kind === 0 ? 80 : 40));
    const got = coverage.get(feature) ?? 0;
    if (got < need) missing.push(`${feature}: ${got} (at least ${need})`);
  }
  console.log([...coverage].map(([f, n]) => `  ${f}: ${n}`).join("\n"));
  assert.deepEqual(missing, [], "features the generated cases no longer reach");
});

// The folder stays when a test failed, for the repro (its scenes, traces and replays).
after(() => {
  if (failed) console.log(`kept ${work}`);
  else fs.rmSync(work, { recursive: true, force: true });
});
