// The JS runtime on the crowd of bench/bench_player.cpp: N actors (default 10,000) ticked T
// times (default 10,000) on one thread, as a game steps them each frame; prints actor-ticks/s
// and a checksum of the final state that bench/bench_crowd_json prints for the C++ player
// on the same pack and crowd (bench/bench_js.sh runs both side by side).
//
//   node runtimes/js/bench/crowd.mjs [--pack crowd.json] [--actors N] [--ticks T] [--advance]
//
// Without --pack the document comes from crowd_pack.mjs. The timed loop is only
// `for (const a of actors) a.tick()` plus counting the events of ticks that changed
// something; loading and making the actors are not timed. With --advance each actor is
// stepped by advance(1000 / 60) instead, a game's frame at the pack's 60 ticks/s: exactly
// one tick a call, so the checksum is the same. With --digest nothing is timed: after each
// tick it prints "tick T DIGEST" as `bench_crowd_json PACK N T digest` does (a 32-bit FNV-1a
// over every actor's action, step, view, frame, flip, position bits and the tick's event
// codes), so bench_js.sh compares the two players tick by tick.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const { Actor, loadPack } = await import(join(here, "..", "spritec.mjs"));
const { crowdPack } = await import(join(here, "crowd_pack.mjs"));

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : args[i + 1];
};
const n = Number(opt("--actors", 10000));
const ticks = Number(opt("--ticks", 10000));
const file = opt("--pack", null);
const byAdvance = args.includes("--advance");
const digest = args.includes("--digest");
const pack = loadPack(file === null ? crowdPack() : readFileSync(file, "utf8"));

// The crowd of bench_player.cpp: positions on a 320-wide grid, mostly speed 1 with slow and
// fast actors, angles i x 37, two in three holding move, one in 97 holding fire.
const speeds = [1000, 1000, 1000, 500, 1500, 2000, 1000, 750];
const actors = [];
for (let i = 0; i < n; ++i) {
  const a = new Actor(pack, { x: i % 320, y: Math.floor(i / 320) });
  a.speedThousandths = speeds[i % 8];
  a.angle = i * 37;
  if (i % 3 !== 0) a.hold("move", true);
  if (i % 97 === 0) a.hold("fire", true);
  a.play(i % pack.actions.length);
  actors.push(a);
}

function run(actors, ticks) {
  let events = 0;
  for (let t = 0; t < ticks; ++t) {
    for (let i = 0; i < actors.length; ++i) {
      const a = actors[i];
      if (a.tick()) events += a.eventCount;
    }
  }
  return events;
}

function runByAdvance(actors, ticks, ms) {
  let events = 0;
  for (let t = 0; t < ticks; ++t) {
    for (let i = 0; i < actors.length; ++i) {
      const a = actors[i];
      a.advance(ms);
      events += a.eventCount;
    }
  }
  return events;
}

if (digest) {
  const words = new Uint32Array(2);
  const double = new Float64Array(words.buffer);
  let h = 0;
  const add = (w) => (h = Math.imul(h ^ w, 16777619) >>> 0);
  const addDouble = (d) => {
    double[0] = d;
    add(words[0]); // little-endian: the low half first, as the C++ side's bits & 0xFFFFFFFF
    add(words[1]);
  };
  const lines = [];
  for (let t = 1; t <= ticks; ++t) {
    h = 2166136261;
    for (const a of actors) {
      a.tick();
      add(a.actionIndex);
      add(a.step);
      add(a.view);
      add(a.frame >>> 0);
      add(a.flipBits);
      addDouble(a.x);
      addDouble(a.y);
      add(a.eventCount);
      for (let i = 0; i < a.eventCount; ++i) add(a.eventCode(i) >>> 0);
    }
    lines.push(`tick ${t} ${h.toString(16).padStart(8, "0")}`);
  }
  console.log(lines.join("\n"));
  process.exit(0);
}

const t0 = process.hrtime.bigint();
const events = byAdvance ? runByAdvance(actors, ticks, 1000 / pack.tickRate) : run(actors, ticks);
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;

// The checksum: actions, steps and views, and the bits of the sums of positions (added in
// actor order, so equal play gives equal bits).
let state = 0;
let sx = 0;
let sy = 0;
for (const a of actors) {
  state = (state * 31 + a.actionIndex * 1000003 + a.step * 101 + a.view) % 4294967296;
  sx += a.x;
  sy += a.y;
}
const bits = (d) => new BigUint64Array(new Float64Array([d]).buffer)[0].toString(16).padStart(16, "0");
const rate = (n * ticks) / seconds;
console.log(
  `js actors ${n} ticks ${ticks} seconds ${seconds.toFixed(3)} actor-ticks/s ${(rate / 1e6).toFixed(1)}M ` +
    `checksum ${state} ${bits(sx)} ${bits(sy)} events ${events}`,
);
