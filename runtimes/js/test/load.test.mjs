// loadPack() refuses what the spritec-json spec does not allow, with an Error naming the
// field, and never builds anything from a count before checking it against LIMITS.
import { test } from "node:test";
import assert from "node:assert/strict";

import { LIMITS, loadPack } from "../spritec.mjs";
import { action, pack, step } from "./packs.mjs";

const good = () =>
  pack(
    [
      action("walk", [step(0, 2, { event: 0 }), step(1, 2)], {
        transitions: [{ to: 1, when: [0], unless: [], immediate: false }],
      }),
      action("stop", [step(2, 1)], { mode: "once", then: "action", then_action: 0 }),
    ],
    { inputs: ["move"], events: ["step"], shape_names: ["hit"] },
  );

// Changes a fresh good document with `change`, and expects loadPack to throw an Error
// whose message matches `words`, in time linear in the document (never from a claimed count).
function refused(change, words) {
  const doc = good();
  change(doc);
  const t0 = performance.now();
  assert.throws(() => loadPack(doc), (e) => e instanceof Error && words.test(e.message), String(words));
  assert.ok(performance.now() - t0 < 5000, "refused without walking more than the document");
}

test("a good document loads, from an object or from its text, with its names mapped", () => {
  const p = loadPack(JSON.stringify(good()));
  assert.equal(p.tickRate, 60);
  assert.equal(p.findAction("stop"), 1);
  assert.equal(p.findAction("nonesuch"), -1);
  assert.equal(p.findInput("move"), 0);
  assert.equal(p.findEvent("step"), 0);
  assert.equal(p.findFrame("num/2"), 2);
  assert.deepEqual([p.frames[0].ox, p.frames[0].oy], [8, 15]);
  assert.equal(p.actions[1].then, "action");
  assert.ok(Object.isFrozen(p));
});

test("not a spritec-json document: wrong format, newer major version, not JSON", () => {
  refused((d) => (d.format = "spritec"), /format: expected "spritec-json"/);
  refused((d) => (d.version = [2, 0]), /version: spritec-json 2\.0 is not read by this runtime/);
  assert.throws(() => loadPack("{"), /spritec-json: not JSON/);
  assert.throws(() => loadPack(null), /document: expected an object/);
  assert.throws(() => loadPack([]), /document: expected an object/);
});

test("a newer minor version with unknown keys is read", () => {
  const doc = good();
  doc.version = [1, 7];
  doc.future = { anything: true };
  assert.equal(loadPack(doc).formatVersion[1], 7);
});

test("every index out of range is refused, naming the field", () => {
  refused((d) => (d.actions[0].steps[0][1].frame = 16), /actions\[0\]\.steps\[0\]\[1\]\.frame: index 16 is out of range: the pack has 16 frames/);
  refused((d) => (d.actions[0].steps[0][0].event = 1), /actions\[0\]\.steps\[0\]\[0\]\.event: index 1/);
  refused((d) => (d.actions[1].then_action = 2), /actions\[1\]\.then_action: index 2/);
  refused((d) => (d.actions[0].transitions[0].to = -1), /transitions\[0\]\.to: index -1/);
  refused((d) => (d.actions[0].transitions[0].when = [1]), /when\[0\]: index 1 is out of range: the pack has 1 inputs/);
  refused((d) => (d.frames[3].page = 1), /frames\[3\]\.page: index 1/);
  refused((d) => (d.actions[0].loop_from = 2), /loop_from: 2 is out of range 0\.\.1/);
  refused((d) => (d.frames[0].shapes = [{ kind: "box", name: 1, x: 0, y: 0, w: 1, h: 1 }]), /shapes\[0\]\.name: index 1/);
  refused((d) => (d.layers = { slots: ["a"], order: [[1]] }), /layers\.order\[0\]\[0\]: index 1/);
});

test("bad values: zero ticks, zero views, unequal views, unknown words, fractions, removals in frames", () => {
  refused((d) => (d.actions[0].steps[0][0].ticks = 0), /ticks: 0 is out of range 1\.\.4294967295/);
  refused((d) => (d.actions[0].steps[0][0].ticks = 2 ** 32), /ticks: 4294967296 is out of range/);
  refused((d) => (d.actions[0].steps[0][0].ticks = 1.5), /ticks: expected an integer, found 1\.5/);
  refused((d) => (d.actions[0].views = 2), /steps: 1 lists of steps for 2 views/);
  refused((d) => (d.actions[0].views = 1e12), /views: 1000000000000 is out of range/);
  refused((d) => d.actions[0].steps.push([step(0, 1)]), /steps: 2 lists of steps for 1 views/);
  refused((d) => ((d.actions[0].views = 2), d.actions[0].steps.push([step(0, 1)])), /steps\[1\]: 1 steps, but view 0 has 2/);
  refused((d) => (d.actions[1].steps = [[]]), /an action has no steps/);
  refused((d) => (d.actions[0].mode = "bounce"), /mode: expected one of "loop", "pingpong", "once"/);
  refused((d) => (d.actions[0].steps[0][0].flip = "z"), /flip: expected one of/);
  refused((d) => (d.actions[0].then_action = 1), /then_action: must be null/);
  refused((d) => (d.tick_rate = 0), /tick_rate: 0 is out of range/);
  refused((d) => (d.pages[0].file = "../x.png"), /is not a plain file name/);
  refused((d) => (d.frames[0].w = 1000), /rectangle lies outside its page/);
  refused((d) => (d.frames[0].shapes = [{ kind: "box", name: 0, removed: true }]), /a frame's shape cannot be a removal/);
  refused(
    (d) =>
      (d.frames[0].shapes = [
        { kind: "point", name: 0, x: 0, y: 0 },
        { kind: "box", name: 0, x: 0, y: 0, w: 1, h: 1 },
      ]),
    /not sorted by kind and name/,
  );
  refused((d) => (d.frames[0].shapes = [{ kind: "box", name: 0, x: 2 ** 29, y: 0, w: 1, h: 1 }]), /x: 536870912 is out of range/);
  refused((d) => (d.layers = { slots: ["a", "a"], order: [["self"]] }), /slot "a" is listed twice/);
  refused((d) => (d.layers = { slots: ["a"], order: [["self", "self"]] }), /drawn twice/);
  refused((d) => (d.layers = { slots: ["a"], order: [["self"], ["a"]] }), /index|views/);
  refused((d) => ((d.layers = { slots: [], order: [["self"]] }), (d.slot = "x")), /not both/);
});

test("huge counts are refused from the arrays' lengths before anything is built", () => {
  refused((d) => (d.actions = new Array(LIMITS.actions + 1)), /actions: 1048577 entries, more than the limit of 1048576/);
  refused((d) => (d.frames = new Array(LIMITS.frames + 1)), /frames: 1048577 entries/);
  refused((d) => (d.inputs = new Array(65).fill("i")), /inputs: 65 entries, more than the limit of 64/);
  refused((d) => (d.layers = { slots: new Array(33).fill("s"), order: [] }), /layers\.slots: 33 entries/);
  // Lists each within the cap, together over it: refused from the sum (the fifth list's
  // entries are never walked).
  refused((d) => {
    const big = new Array(1 << 20).fill(step(0, 1));
    d.actions[0] = { ...action("big", [big, big, big, big, big]) };
  }, /actions\[0\]\.steps: more than 4194304 steps in the pack/);
  refused((d) => (d.actions[0].steps[0][0].shapes = new Array(LIMITS.shapes + 1)), /more than the limit of 4194304/);
  refused((d) => (d.actions[0].transitions = { length: 1e9 }), /transitions: expected an array/);
});

test("a damaged document is refused at every truncation of its fields", () => {
  // Drop each top-level key in turn: every one the spec lists is required.
  for (const key of ["version", "pack_version", "tick_rate", "page_alpha", "bled", "pages", "frames", "inputs", "events", "shape_names", "actions"]) {
    refused((d) => delete d[key], new RegExp(`^spritec-json: ${key}`));
  }
  for (const key of ["views", "first_view", "mode", "reverse", "loop_from", "repeat", "then", "steps", "transitions", "name"]) {
    refused((d) => delete d.actions[0][key], new RegExp(`actions\\[0\\]\\.${key}`));
  }
  for (const key of ["frame", "ticks", "flip", "event", "move"]) {
    refused((d) => delete d.actions[0].steps[0][0][key], new RegExp(`steps\\[0\\]\\[0\\]\\.${key}`));
  }
});
