// Layered actors (layers.hpp): the master is the clock; each view's order, back to front,
// draws the master's own step (self) and each slot's piece at the same step index of the
// action of the same name. Expected layers worked out by hand from docs/semantics.md
// ("Layered actors").
import { test } from "node:test";
import assert from "node:assert/strict";

import { Actor, LAYER_SELF, loadPack } from "../spritec.mjs";
import { action, pack, step } from "./packs.mjs";

// Two views; walk: 2 steps of 2 ticks (move [1, 0]); idle: 1 step. Frame of view v, step i
// of walk: num/(2v + i); idle: num/(4 + v).
function walkViews(frameOf, ticks = 2) {
  return [0, 1].map((v) => [0, 1].map((i) => step(frameOf(v, i), ticks, { move: [1, 0] })));
}
const master = () =>
  loadPack(
    pack([action("walk", walkViews((v, i) => 2 * v + i)), action("idle", [[step(4, 5)], [step(5, 5)]])], {
      layers: { slots: ["shield", "sword"], order: [[0, "self", 1], [1, "self"]] },
    }),
  );
const sword = () => loadPack(pack([action("walk", walkViews((v, i) => (v === 0 && i === 1 ? null : 2 * v + i)))], { slot: "sword" }));
const shield = () =>
  loadPack(
    pack([action("walk", walkViews((v, i) => 2 * v + i)), action("idle", [[step(4, 5, { flip: "x" })], [step(5, 5)]])], {
      slot: "shield",
    }),
  );

function layers(actor) {
  const out = [];
  actor.forEachLayer((l) => out.push(`${l.slotName}:${l.frameName}${l.flip ? "/" + l.flip : ""}`));
  return out;
}

test("each view draws its own order back to front; a blank piece step draws nothing", () => {
  const a = new Actor(master(), { action: "walk", layers: [sword(), shield()] });
  assert.deepEqual(layers(a), ["shield:num/0", "self:num/0", "sword:num/0"]);
  a.tick();
  a.tick();
  assert.deepEqual(layers(a), ["shield:num/1", "self:num/1"]); // sword's step 1 of view 0 is blank
  a.angle = 180;
  assert.deepEqual(layers(a), ["sword:num/3", "self:num/3"]); // view 1 leaves the shield out
});

test("a slot whose piece lacks the action draws nothing; a piece's flip is its own", () => {
  const a = new Actor(master(), { action: "idle", layers: [sword(), shield()] });
  assert.deepEqual(layers(a), ["shield:num/4/x", "self:num/4"]);
});

test("layers give the slot index, the piece's pack and its step record", () => {
  const m = master();
  const s = shield();
  const a = new Actor(m, { action: "walk", layers: [s] });
  const got = [];
  a.forEachLayer((l) => got.push([l.slot, l.pack === s, l.pack === m, l.step, l.frame]));
  assert.deepEqual(got, [
    [0, true, false, s.stepRecord(0, 0, 0), 0],
    [LAYER_SELF, false, true, m.stepRecord(0, 0, 0), 0],
  ]);
});

test("equipping and unequipping mid-walk keep the clock: step, countdown, played, position", () => {
  const m = master();
  const a = new Actor(m, { action: "walk" });
  const b = new Actor(m, { action: "walk" });
  a.tick();
  a.tick();
  a.tick();
  assert.equal(a.equip(sword()), "sword");
  assert.deepEqual(layers(a), ["self:num/1"]); // sword's view 0 step 1 is blank
  for (let t = 0; t < 3; ++t) b.tick();
  const state = (x) => [x.action, x.step, x.view, x.countdown, x.played, x.cycles, x.x];
  assert.deepEqual(state(a), state(b));
  a.tick();
  assert.deepEqual(layers(a), ["self:num/0", "sword:num/0"]);
  a.unequip("sword");
  b.tick();
  assert.deepEqual(state(a), state(b));
  assert.deepEqual(layers(a), ["self:num/0"]);
  assert.equal(a.equipped("sword"), null);
  assert.throws(() => a.unequip("hat"), RangeError);
});

test("a pack that is not layered draws itself alone", () => {
  const p = loadPack(pack([action("walk", [step(3, 1, { flip: "y" })])]));
  assert.deepEqual(layers(new Actor(p, { action: "walk" })), ["self:num/3/y"]);
  assert.deepEqual(layers(new Actor(p)), []);
});

test("a piece that does not fit is refused with an Error naming the mismatch", () => {
  const m = master();
  const mismatch = (piece, kind, words) => {
    const a = new Actor(m, { action: "walk" });
    assert.throws(() => a.equip(piece), (e) => e.mismatch === kind && words.test(e.message), kind);
  };
  const steps3 = [0, 1].map((v) => [step(0, 2), step(1, 2), step(2, 2)]);
  mismatch(loadPack(pack([action("walk", steps3)], { slot: "sword" })), "steps", /"walk" has 2 steps per view in the master, 3 in the piece/);
  mismatch(loadPack(pack([action("walk", [step(0, 2), step(1, 2)])], { slot: "sword" })), "views", /2 views in the master, 1 in the piece/);
  mismatch(loadPack(pack([action("fly", walkViews(() => 0))], { slot: "sword" })), "action", /"fly"/);
  mismatch(loadPack(pack([action("walk", walkViews(() => 0))], { slot: "hat" })), "unknown-slot", /"hat"/);
  mismatch(loadPack(pack([action("walk", walkViews(() => 0))])), "not-piece", /declares no slot/);
  const plain = loadPack(pack([action("walk", walkViews(() => 0))]));
  assert.throws(() => new Actor(plain).equip(sword()), (e) => e.mismatch === "not-layered");
});

test("checkPiece names the first action whose own timing the master overrides", () => {
  const m = master();
  assert.deepEqual(m.checkPiece(sword()), { slot: "sword", slotIndex: 1, timingAction: null });
  const slow = loadPack(pack([action("walk", walkViews((v, i) => i, 3))], { slot: "sword" }));
  assert.equal(m.checkPiece(slow).timingAction, "walk");
  const otherRate = loadPack(pack([action("walk", walkViews((v, i) => i))], { slot: "sword", tick_rate: 30 }));
  assert.equal(m.checkPiece(otherRate).timingAction, "walk");
  // The clock is the master's: a slow piece plays at the master's pace.
  const a = new Actor(m, { action: "walk", layers: [slow] });
  a.tick();
  a.tick();
  assert.deepEqual(layers(a), ["self:num/1", "sword:num/1"]);
});
