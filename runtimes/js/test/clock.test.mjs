// advance(ms): a game's frame time to ticks by the exact integer accumulator
// acc += round(ms * tick_rate * 1000), one tick per 1,000,000 (the module's header).
import { test } from "node:test";
import assert from "node:assert/strict";

import { Actor, loadPack } from "../spritec.mjs";
import { action, pack, step } from "./packs.mjs";

// An action whose steps last 1, 2, 3 and 5 ticks, each raising its event, with moves:
// any late or early tick shows in step, countdown, position or events.
function clockPack(rate) {
  const steps = [1, 2, 3, 5].map((t, i) => step(i, t, { event: i, move: [i + 1, 0] }));
  return loadPack(pack([action("walk", steps)], { tick_rate: rate, events: ["a", "b", "c", "d"] }));
}

function same(a, b, where) {
  assert.deepEqual(
    [a.step, a.countdown, a.x, a.events.join()],
    [b.step, b.countdown, b.x, b.events.join()],
    where,
  );
}

for (const rate of [24, 12, 60, 30, 25]) {
  test(`at ${rate} ticks/s, advance(1000 / ${rate}) is exactly one tick a call, 10,000 calls`, () => {
    const p = clockPack(rate);
    const game = new Actor(p, { action: "walk" });
    const ref = new Actor(p, { action: "walk" });
    const ms = 1000 / rate;
    for (let i = 1; i <= 10000; ++i) {
      assert.equal(game.advance(ms), 1, `call ${i}`);
      ref.tick();
      same(game, ref, `call ${i}`);
    }
    assert.equal(game.pendingUnits, 0);
  });
}

test("every rate 1..1000 ticks/s: 1000 / rate ms is one tick, 2,000 calls each", () => {
  const steps = [step(0, 1)];
  for (let rate = 1; rate <= 1000; ++rate) {
    const a = new Actor(loadPack(pack([action("x", steps)], { tick_rate: rate })), { action: "x" });
    let total = 0;
    for (let i = 0; i < 2000; ++i) {
      const n = a.advance(1000 / rate);
      if (n !== 1) assert.fail(`rate ${rate}, call ${i}: ${n} ticks`);
      total += n;
    }
    assert.equal(total, 2000);
  }
});

test("144 Hz frames at 60 ticks/s: each frame counts 416,667 units; ticks come when the sum passes each million", () => {
  // 1000 / 144 ms * 60 * 1000 = 416,666.67 -> 416,667 units a frame (rounded once per call).
  const p = clockPack(60);
  const game = new Actor(p, { action: "walk" });
  const ref = new Actor(p, { action: "walk" });
  let ticks = 0;
  for (let frame = 1; frame <= 144 * 60; ++frame) {
    const n = game.advance(1000 / 144);
    const expected = Math.floor((frame * 416667) / 1e6) - Math.floor(((frame - 1) * 416667) / 1e6);
    assert.equal(n, expected, `frame ${frame}`);
    for (let i = 0; i < n; ++i) ref.tick();
    ticks += n;
    assert.equal(game.step, ref.step);
    assert.equal(game.x, ref.x);
  }
  // One minute of frames: 60 x 60 ticks, 60 x 144 x 416,667 - 3600 x 1e6 = 2,880 units over.
  assert.equal(ticks, 3600);
  assert.equal(game.pendingUnits, 2880);
});

test("events of every tick one advance() runs are kept, in order", () => {
  const p = clockPack(60);
  const a = new Actor(p, { action: "walk" });
  assert.equal(a.advance(3 * (1000 / 60)), 3); // ticks 1, 2, 3: steps b (t1), c (t3)
  assert.deepEqual(a.events, ["b", "c"]);
  assert.equal(a.advance(0), 0);
  assert.deepEqual(a.events, []);
});

test("a long frame runs at most maxTicksPerAdvance ticks and drops the rest, keeping the fraction", () => {
  const p = clockPack(60);
  const a = new Actor(p, { action: "walk" });
  assert.equal(a.maxTicksPerAdvance, 60);
  assert.equal(a.advance(10000.01), 60); // 600.0006 ticks
  assert.equal(a.ticksDropped, 540);
  assert.equal(a.pendingUnits, 600);
  a.maxTicksPerAdvance = 1000;
  assert.equal(a.advance(10000), 600);
  assert.equal(a.ticksDropped, 540);
  assert.throws(() => a.advance(-1), RangeError);
  assert.throws(() => a.advance(NaN), RangeError);
  assert.throws(() => a.advance(Infinity), RangeError);
  assert.throws(() => (a.maxTicksPerAdvance = 0), RangeError);
});

test("advance() sums exactly: 1 ms calls at 24 ticks/s give a tick per 41.666... ms, never drifting", () => {
  // 1 ms = 24,000 units; tick k comes on the call where 24,000 x calls first reaches k x 1e6.
  const p = clockPack(24);
  const a = new Actor(p, { action: "walk" });
  let ticks = 0;
  for (let call = 1; call <= 100000; ++call) {
    ticks += a.advance(1);
    assert.equal(ticks, Math.floor((call * 24000) / 1e6));
  }
  assert.equal(ticks, 2400);
});

test("the case a float accumulator gets wrong at 24 ticks/s is one tick a call here", () => {
  // Five frames of 1000 / 24 ms summed in doubles fall short of 5 ticks' time (the issue's
  // measurement): an engine comparing elapsed ms with 5 x 1000 / 24 shows that tick late.
  let sum = 0;
  for (let i = 0; i < 5; ++i) sum += 1000 / 24;
  assert.ok(sum < (5 * 1000) / 24);
  const a = new Actor(clockPack(24), { action: "walk" });
  const got = [];
  for (let i = 0; i < 5; ++i) got.push(a.advance(1000 / 24));
  assert.deepEqual(got, [1, 1, 1, 1, 1]);
});
