// Zero allocation per tick in steady state: 10,000 actors of the benchmark's crowd (every
// mode, reverse, events, moves, flips, end-of-cycle and immediate transitions), stepped
// with tick() and advance() while a game reads what they show. After a warm-up (the JIT
// compiles, each actor's `events` lists are made), the measured ticks must not allocate:
// the heap grows by almost nothing and no garbage collection runs while they run, where one
// 16-byte object per actor-tick would be 80 MB (dozens of young-generation collections).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PerformanceObserver, performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

import { Actor, loadPack } from "../spritec.mjs";
import { crowdPack } from "../bench/crowd_pack.mjs";

function gcFunction() {
  if (typeof globalThis.gc === "function") return globalThis.gc;
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc");
}

function crowd(pack, n) {
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
  return actors;
}

// One frame of a game: tick (or advance) every actor and read what it shows.
function frame(actors, t) {
  let sum = 0;
  for (let i = 0; i < actors.length; ++i) {
    const a = actors[i];
    if ((i & 1) === 0) a.tick();
    else a.advance(1000 / 60);
    if ((t & 63) === 0) a.angle = a.angle + 45; // turning now and then
    if ((t & 127) === 0) a.play(a.actionIndex); // "walk" again: no restart, nothing made
    sum += a.step + a.view + a.frame + a.x + a.y + a.countdown;
    if (a.flip === "x") sum += 1;
    if (a.finished || a.destroyed) sum += 1;
    if (a.eventCount > 0) {
      const events = a.events;
      sum += events.length + events[0].length;
      sum += a.eventCode(0);
    }
  }
  return sum;
}

test("ticking, advancing and reading 10,000 actors allocates nothing in steady state", async () => {
  const gc = gcFunction();
  const actors = crowd(loadPack(crowdPack()), 10000);
  let sink = 0;
  for (let t = 0; t < 600; ++t) sink += frame(actors, t); // warm-up
  // Collections are counted by when they started, so the forced ones before the loop,
  // whose entries may be delivered late, never count.
  const starts = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) starts.push(e.startTime);
  });
  observer.observe({ entryTypes: ["gc"] });
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  for (let t = 600; t < 1100; ++t) sink += frame(actors, t); // 5,000,000 actor-ticks
  const t1 = performance.now();
  const grown = process.memoryUsage().heapUsed - before;
  await new Promise((resolve) => setTimeout(resolve, 100)); // deliver the entries
  observer.disconnect();
  const collections = starts.filter((s) => s >= t0 && s <= t1).length;
  assert.ok(Number.isFinite(sink));
  assert.ok(grown < 1 << 20, `the heap grew by ${grown} bytes over 5,000,000 actor-ticks`);
  assert.equal(collections, 0, `${collections} garbage collections ran`);
});
