// The player, tick by tick, on hand-written packs. Every expected sequence is worked out
// from docs/semantics.md (the tables and traces quoted in the comments), not from the code.
import { test } from "node:test";
import assert from "node:assert/strict";

import { Actor, EVENT_DESTROYED, EVENT_FINISHED, chooseView, loadPack } from "../spritec.mjs";
import { action, column, pack, step, trace } from "./packs.mjs";

// Four steps showing num/0..num/3, `ticks` each.
function four(ticks, events = []) {
  return [0, 1, 2, 3].map((i) => step(i, ticks, events[i] === undefined ? {} : { event: events[i] }));
}

function play(doc, options, n, fields = ["step"]) {
  return trace(new Actor(loadPack(doc), options), n, fields);
}

test("speed 1.5 carries the remainder exactly as semantics.md's worked table", () => {
  const rows = play(pack([action("loop", four(2))]), { action: "loop", speed: 1.5 }, 6, ["step", "countdown"]);
  assert.deepEqual(column(rows, "countdown"), [2000, 500, 1000, 1500, 2000, 500, 1000]);
  assert.deepEqual(column(rows, "step"), [0, 0, 1, 2, 3, 3, 0]);
});

test("a loop plays 0 1 2 3 0 1 ..., each step for its ticks", () => {
  const rows = play(pack([action("loop", four(2))]), { action: "loop" }, 15);
  assert.deepEqual(column(rows, "step"), [0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 1, 1, 2, 2, 3, 3]);
});

test("loop_from 2 plays the lead-in once and loops the tail: 0 1 2 3 2 3 ...", () => {
  const rows = play(pack([action("tap", four(1), { loop_from: 2 })]), { action: "tap" }, 9);
  assert.deepEqual(column(rows, "step"), [0, 1, 2, 3, 2, 3, 2, 3, 2, 3]);
});

test("pingpong never repeats its end steps: 0 1 2 3 2 1 0 1 ...", () => {
  const rows = play(pack([action("pp", four(1), { mode: "pingpong" })]), { action: "pp" }, 12);
  assert.deepEqual(column(rows, "step"), [0, 1, 2, 3, 2, 1, 0, 1, 2, 3, 2, 1, 0]);
});

test("once finishes when the last step's time runs out, on that tick only, and holds", () => {
  const a = new Actor(loadPack(pack([action("once", four(2), { mode: "once" })])), { action: "once" });
  const steps = [a.step];
  const finished = [];
  for (let t = 1; t <= 11; ++t) {
    a.tick();
    steps.push(a.step);
    if (a.finished) finished.push(t);
  }
  assert.deepEqual(steps, [0, 0, 1, 1, 2, 2, 3, 3, 3, 3, 3, 3]);
  assert.deepEqual(finished, [8]);
  assert.equal(a.holding, true);
  assert.equal(a.destroyed, false);
});

test("reverse plays the list backwards and reports list indices: 3 2 1 0 3 ...", () => {
  const rows = play(pack([action("rev", four(1), { reverse: true })]), { action: "rev" }, 8);
  assert.deepEqual(column(rows, "step"), [3, 2, 1, 0, 3, 2, 1, 0, 3]);
});

test("a reversed loop counts loop_from in played order: 3 2 1 0 1 0 1 0", () => {
  const rows = play(pack([action("rev", four(1), { reverse: true, loop_from: 2 })]), { action: "rev" }, 7);
  assert.deepEqual(column(rows, "step"), [3, 2, 1, 0, 1, 0, 1, 0]);
});

test("a reversed pingpong starts at the last step: 3 2 1 0 1 2 3 2", () => {
  const rows = play(pack([action("rpp", four(1), { reverse: true, mode: "pingpong" })]), { action: "rpp" }, 7);
  assert.deepEqual(column(rows, "step"), [3, 2, 1, 0, 1, 2, 3, 2]);
});

test("bounce: a pingpong of 3 with repeat 2 and then destroy ends on tick 9 (semantics.md)", () => {
  const steps = [0, 1, 2].map((i) => step(i, 1));
  const doc = pack([action("bounce", steps, { mode: "pingpong", repeat: 2, then: "destroy" })]);
  const a = new Actor(loadPack(doc), { action: "bounce", x: 10, y: 22 });
  const rows = trace(a, 10, ["step", "events", "destroyed", "x", "y"]);
  assert.deepEqual(column(rows, "step"), [0, 1, 2, 1, 0, 1, 2, 1, 0, 0, 0]);
  assert.deepEqual(rows[9].events, ["finished", "destroyed"]);
  assert.deepEqual(column(rows, "destroyed"), [false, false, false, false, false, false, false, false, false, true, true]);
  assert.deepEqual(rows[10].events, []);
  assert.equal(a.eventCode(0), -1); // nothing raised after the end
  assert.equal(rows[10].x, 10);
});

test("a one-step pingpong is a loop: each tick of a 1-tick step ends a cycle", () => {
  const doc = pack([action("one", [step(0, 1)], { mode: "pingpong", repeat: 2, then: "destroy" })]);
  const rows = play(doc, { action: "one" }, 3, ["step", "events", "cycles"]);
  assert.deepEqual(column(rows, "cycles"), [0, 1, 2, 2]);
  assert.deepEqual(rows[2].events, ["finished", "destroyed"]);
});

test("repeat counts loop cycles, then hold keeps the last step", () => {
  const doc = pack([action("r", [step(0, 1), step(1, 1)], { repeat: 3 })]);
  const rows = play(doc, { action: "r" }, 8, ["step", "finished", "holding"]);
  assert.deepEqual(column(rows, "step"), [0, 1, 0, 1, 0, 1, 1, 1, 1]);
  assert.deepEqual(column(rows, "finished"), [false, false, false, false, false, false, true, false, false]);
  assert.equal(rows[8].holding, true);
});

test("then: action switches on the same tick, its first step's event after finished", () => {
  const doc = pack(
    [
      action("jump", [step(0, 1, { event: 0 }), step(1, 1, { event: 1 })], { mode: "once", then: "action", then_action: 1 }),
      action("run", [step(2, 5, { event: 2 })]),
    ],
    { events: ["lift", "land", "go"] },
  );
  const rows = play(doc, { action: "jump" }, 3, ["action", "step", "events"]);
  assert.deepEqual(rows[0], { action: "jump", step: 0, events: ["lift"] });
  assert.deepEqual(rows[1], { action: "jump", step: 1, events: ["land"] });
  assert.deepEqual(rows[2], { action: "run", step: 0, events: ["finished", "go"] });
  assert.deepEqual(rows[3], { action: "run", step: 0, events: [] });
});

test("then naming the action itself restarts it, raising finished every cycle", () => {
  const doc = pack([action("blink", [step(0, 2), step(1, 1)], { mode: "once", then: "action", then_action: 0 })]);
  const rows = play(doc, { action: "blink" }, 9, ["step", "finished"]);
  assert.deepEqual(column(rows, "step"), [0, 0, 1, 0, 0, 1, 0, 0, 1, 0]);
  assert.deepEqual(
    column(rows, "finished").flatMap((f, t) => (f ? [t] : [])),
    [3, 6, 9],
  );
});

// semantics.md's walk.scene.yaml: walk (2 steps of 3 ticks, move [2, 0]) with
// {to: stand, unless: [move]}; stand is one step of 6 ticks, once. move is held from the
// start and released after tick 4: the cycle ends on tick 6 and the actor stands at x = 4.
function walkPack(extraWalkRules = [], extraActions = [], inputs = ["move"]) {
  const walk = action("walk", [step(0, 3, { move: [2, 0] }), step(1, 3, { move: [2, 0] })], {
    transitions: [{ to: 1, when: [], unless: [0], immediate: false }, ...extraWalkRules],
  });
  const stand = action("stand", [step(5, 6)], { mode: "once" });
  return pack([walk, stand, ...extraActions], { inputs });
}

test("an end-of-cycle transition switches at the end of the stride, not before", () => {
  const a = new Actor(loadPack(walkPack()));
  a.hold("move", true);
  a.play("walk");
  const rows = [{ action: a.action, step: a.step, x: a.x }];
  for (let t = 1; t <= 12; ++t) {
    a.tick();
    rows.push({ action: a.action, step: a.step, x: a.x, finished: a.finished });
    if (t === 4) a.hold("move", false);
  }
  assert.deepEqual(column(rows, "action"), [...Array(6).fill("walk"), ...Array(7).fill("stand")]);
  assert.deepEqual(column(rows, "step"), [0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]);
  assert.deepEqual(column(rows, "x"), [0, 0, 0, 2, 2, 2, 4, 4, 4, 4, 4, 4, 4]);
  assert.equal(rows[6].finished, false); // a transition does not finish the action
  assert.equal(rows[12].finished, true); // stand: 6 ticks from tick 6
});

test("an immediate rule switches mid-step at the start of the next tick (trip.scene.yaml)", () => {
  // fall: 2 steps of 2 ticks, once, then stand.
  const fall = action("fall", [step(4, 2), step(4, 2)], { mode: "once", then: "action", then_action: 1 });
  const doc = walkPack([{ to: 2, when: [1], unless: [], immediate: true }], [fall], ["move", "trip"]);
  const a = new Actor(loadPack(doc));
  a.hold("move", true);
  a.play("walk");
  const rows = [{ action: a.action, step: a.step, x: a.x, events: [] }];
  for (let t = 1; t <= 10; ++t) {
    a.tick();
    rows.push({ action: a.action, step: a.step, x: a.x, events: a.events.slice() });
    if (t === 4) a.hold("trip", true);
  }
  assert.deepEqual(column(rows, "action"), ["walk", "walk", "walk", "walk", "walk", "fall", "fall", "fall", "fall", "stand", "stand"]);
  assert.deepEqual(column(rows, "step"), [0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0]);
  assert.deepEqual(column(rows, "x"), [0, 0, 0, 2, 2, 2, 2, 2, 2, 2, 2]);
  assert.deepEqual(rows[9].events, ["finished"]);
});

test("immediate rules are tried while a finished action holds, and the clock does not advance on the switch", () => {
  const doc = pack(
    [
      action("idle", [step(0, 1)], { mode: "once", transitions: [{ to: 1, when: [0], unless: [], immediate: true }] }),
      action("hit", [step(1, 3), step(2, 1)]),
    ],
    { inputs: ["ouch"] },
  );
  const a = new Actor(loadPack(doc), { action: "idle" });
  a.tick();
  assert.equal(a.holding, true);
  a.tick();
  a.hold("ouch", true);
  a.tick(); // switches: hit's step 0 with its full 3 ticks
  assert.equal(a.action, "hit");
  assert.equal(a.countdown, 3000);
  a.hold("ouch", false);
  a.tick();
  a.tick();
  assert.equal(a.step, 0);
  a.tick();
  assert.equal(a.step, 1);
});

test("the first matching rule top-down wins; when and unless must both agree", () => {
  const rules = [
    { to: 1, when: [0, 1], unless: [], immediate: true },
    { to: 2, when: [0], unless: [2], immediate: true },
    { to: 3, when: [0], unless: [], immediate: true },
  ];
  const acts = [action("base", [step(0, 9)], { transitions: rules }), action("both", [step(1, 9)]), action("a", [step(2, 9)]), action("a-c", [step(3, 9)])];
  const doc = pack(acts, { inputs: ["a", "b", "c"] });
  const p = loadPack(doc);
  const after = (held) => {
    const x = new Actor(p, { action: "base" });
    for (const h of held) x.hold(h, true);
    x.tick();
    return x.action;
  };
  assert.equal(after([]), "base");
  assert.equal(after(["a", "b"]), "both");
  assert.equal(after(["a"]), "a");
  assert.equal(after(["a", "c"]), "a-c");
  assert.equal(after(["b", "c"]), "base");
});

test("inputs past the 32nd work (64-bit masks); an unknown input name does nothing", () => {
  const inputs = Array.from({ length: 64 }, (_, i) => `i${i}`);
  const acts = [
    action("base", [step(0, 9)], { transitions: [{ to: 1, when: [63, 40], unless: [33], immediate: true }] }),
    action("next", [step(1, 9)]),
  ];
  const p = loadPack(pack(acts, { inputs }));
  const a = new Actor(p, { action: "base" });
  a.hold("i63", true);
  a.hold("nonesuch", true);
  a.tick();
  assert.equal(a.action, "base");
  a.hold("i40", true);
  a.hold("i33", true);
  a.tick();
  assert.equal(a.action, "base");
  a.hold(33, false);
  assert.equal(a.held("i40"), true);
  assert.equal(a.held("i33"), false);
  a.tick();
  assert.equal(a.action, "next");
});

test("events come in the order they happen; several steps in one tick at speed 3 (speed.scene.yaml)", () => {
  // steps: 0 (2 ticks, start), 1 (1 tick, lift, move 3), 2 (1 tick, plant, move 3),
  // 3 (blank, 3 ticks), 4 (1 tick, land); once.
  const steps = [
    step(0, 2, { event: 0 }),
    step(1, 1, { event: 1, move: [3, 0] }),
    step(2, 1, { event: 2, move: [3, 0] }),
    step(null, 3),
    step(3, 1, { event: 3 }),
  ];
  const doc = pack([action("steps", steps, { mode: "once" })], { events: ["start", "lift", "plant", "land"] });
  const rows = play(doc, { action: "steps", speed: 3 }, 4, ["step", "frameName", "x", "events"]);
  assert.deepEqual(rows, [
    { step: 0, frameName: "num/0", x: 0, events: ["start"] },
    { step: 2, frameName: "num/2", x: 3, events: ["lift", "plant"] },
    { step: 3, frameName: "", x: 6, events: [] },
    { step: 4, frameName: "num/3", x: 6, events: ["land", "finished"] },
    { step: 4, frameName: "num/3", x: 6, events: [] },
  ]);
});

test("event codes: pack indices and the built-in finished/destroyed codes", () => {
  const doc = pack([action("pop", [step(0, 1, { event: 0 })], { mode: "once", then: "destroy" })], { events: ["boom"] });
  const a = new Actor(loadPack(doc), { action: "pop" });
  assert.equal(a.eventCount, 1);
  assert.equal(a.eventCode(0), 0);
  a.tick();
  assert.equal(a.eventCount, 2);
  assert.deepEqual([a.eventCode(0), a.eventCode(1)], [EVENT_FINISHED, EVENT_DESTROYED]);
  assert.deepEqual([a.eventName(0), a.eventName(1)], ["finished", "destroyed"]);
});

test("root motion: added when a step ends; subtracted on entry when reversed (back.scene.yaml)", () => {
  const steps = [step(0, 3, { move: [2, 0] }), step(1, 3, { move: [2, 0] })];
  const p = loadPack(pack([action("walk", steps), action("back", steps, { reverse: true })]));
  const fwd = trace(new Actor(p, { action: "walk" }), 6, ["step", "x"]);
  const rev = trace(new Actor(p, { action: "back", x: 4 }), 6, ["step", "x"]);
  assert.deepEqual(column(fwd, "x"), [0, 0, 0, 2, 2, 2, 4]);
  assert.deepEqual(column(fwd, "step"), [0, 0, 0, 1, 1, 1, 0]);
  assert.deepEqual(column(rev, "x"), [2, 2, 2, 0, 0, 0, -2]);
  assert.deepEqual(column(rev, "step"), [1, 1, 1, 0, 0, 0, 1]);
});

test("the current view's move applies, and positions add in doubles from a fractional start", () => {
  const east = [step(0, 1, { move: [2, -1] })];
  const west = [step(1, 1, { move: [-2, 1] })];
  const p = loadPack(pack([action("walk", [east, west])]));
  const a = new Actor(p, { action: "walk", x: 0.1, y: 0.2 });
  a.tick();
  assert.equal(a.x, 0.1 + 2);
  a.angle = 180;
  a.tick();
  assert.equal(a.x, 0.1 + 2 + -2);
  assert.equal(a.y, 0.2 + -1 + 1);
});

test("turning mid-step keeps the step and its time left", () => {
  const views = [0, 1, 2, 3].map((v) => [step(v * 3, 4), step(v * 3 + 1, 4), step(v * 3 + 2, 4)]);
  const a = new Actor(loadPack(pack([action("turn", views)])), { action: "turn" });
  for (let t = 1; t <= 5; ++t) a.tick();
  assert.deepEqual([a.step, a.view, a.frame, a.countdown], [1, 0, 1, 3000]);
  a.angle = 90;
  assert.deepEqual([a.step, a.view, a.frame, a.countdown], [1, 1, 4, 3000]);
  a.tick();
  a.tick();
  assert.equal(a.step, 1);
  a.tick();
  assert.deepEqual([a.step, a.view, a.frame], [2, 1, 5]); // tick 8, as without the turn
});

test("chooseView follows semantics.md's tables for 4, 8 and 2 views, any integer angle", () => {
  const four = { 0: 0, 44: 0, 45: 1, 134: 1, 135: 2, 224: 2, 225: 3, 314: 3, 315: 0, 359: 0, 360: 0, [-45]: 0, [-46]: 3, 450: 1 };
  for (const [angle, view] of Object.entries(four)) assert.equal(chooseView(Number(angle), 0, 4), view, `4 views, ${angle}`);
  const eight = { 338: 0, 22: 0, 23: 1, 67: 1, 68: 2, 112: 2, 113: 3, 157: 3, 158: 4, 202: 4, 203: 5, 247: 5, 248: 6, 292: 6, 293: 7, 337: 7 };
  for (const [angle, view] of Object.entries(eight)) assert.equal(chooseView(Number(angle), 0, 8), view, `8 views, ${angle}`);
  for (let angle = 0; angle < 360; ++angle) assert.equal(chooseView(angle, 90, 2), angle < 180 ? 0 : 1, `2 views from 90, ${angle}`);
  assert.equal(chooseView(1e9 + 45, 0, 4), chooseView((1e9 + 45) % 360, 0, 4));
  assert.equal(chooseView(123, 45, 1), 0);
});

test("the angle is normalised to 0..359 and picks the view of each action", () => {
  const one = [step(0, 5)];
  const p = loadPack(pack([action("four", [one, one, one, one]), action("eight", Array(8).fill(one), { first_view: 0 })]));
  const a = new Actor(p, { action: "four", angle: -90 });
  assert.equal(a.angle, 270);
  assert.equal(a.view, 3);
  a.angle = 450;
  assert.equal(a.angle, 90);
  assert.equal(a.view, 1);
  a.play("eight");
  assert.equal(a.view, 2);
});

test("speed 0 pauses (immediate rules still tried), 0.5 doubles a step, negative acts as 0", () => {
  const doc = pack([action("loop", four(2))]);
  const half = play(doc, { action: "loop", speed: 0.5 }, 9);
  assert.deepEqual(column(half, "step"), [0, 0, 0, 0, 1, 1, 1, 1, 2, 2]);
  const zero = play(doc, { action: "loop", speed: 0 }, 5, ["step", "countdown"]);
  assert.deepEqual(column(zero, "countdown"), [2000, 2000, 2000, 2000, 2000, 2000]);
  const neg = new Actor(loadPack(doc), { action: "loop" });
  neg.speedThousandths = -500;
  neg.tick();
  assert.equal(neg.countdown, 2000);
  assert.equal(neg.speed, -0.5);
});

test("speed 2.5 passes several steps in one tick, every event raised in order", () => {
  // countdown: 2000; t1 -500 -> s1 1500; t2 -1000 -> s2 1000; t3 -1500 -> s3 500;
  // t4 -2000 -> s0 0 -> s1 2000 (events e0, e1).
  const doc = pack([action("loop", four(2, [0, 1, 2, 3]))], { events: ["e0", "e1", "e2", "e3"] });
  const rows = play(doc, { action: "loop", speed: 2.5 }, 4, ["step", "countdown", "events"]);
  assert.deepEqual(column(rows, "step"), [0, 1, 2, 3, 1]);
  assert.deepEqual(column(rows, "countdown"), [2000, 1500, 1000, 500, 2000]);
  assert.deepEqual(column(rows, "events"), [["e0"], ["e1"], ["e2"], ["e3"], ["e0", "e1"]]);
  const a = new Actor(loadPack(doc));
  a.speed = 2.5;
  assert.equal(a.speedThousandths, 2500);
  a.speed = 1.001;
  assert.equal(a.speedThousandths, 1001);
});

test("play(): no self-restart unless asked; a switch keeps angle and position, fresh countdown", () => {
  const doc = pack([action("walk", [step(0, 3, { move: [1, 0] }), step(1, 3)]), action("run", [[step(2, 2)], [step(3, 2)]])]);
  const a = new Actor(loadPack(doc), { action: "walk", angle: 180, x: 5 });
  a.tick();
  a.tick();
  assert.equal(a.play("walk"), false);
  assert.equal(a.countdown, 1000);
  assert.equal(a.play("walk", { restart: true }), true);
  assert.equal(a.countdown, 3000);
  a.tick();
  a.play(1);
  assert.deepEqual([a.action, a.actionIndex, a.view, a.angle, a.x, a.countdown], ["run", 1, 1, 180, 5, 2000]);
  assert.throws(() => a.play("fly"), RangeError);
});

test("a destroyed actor stays destroyed: play() and ticks do nothing", () => {
  const doc = pack([action("pop", [step(0, 1)], { mode: "once", then: "destroy" }), action("idle", [step(1, 1)])]);
  const a = new Actor(loadPack(doc), { action: "pop" });
  a.tick();
  assert.equal(a.destroyed, true);
  assert.equal(a.play("idle"), false);
  assert.equal(a.tick(), false);
  assert.equal(a.action, "pop");
  assert.equal(a.frameName, "num/0"); // still shows its last step
});

test("an end-of-cycle transition wins over finishing a once action", () => {
  const doc = pack(
    [
      action("swing", [step(0, 1)], { mode: "once", then: "destroy", transitions: [{ to: 1, when: [0], unless: [], immediate: false }] }),
      action("combo", [step(1, 1)]),
    ],
    { inputs: ["attack"] },
  );
  const a = new Actor(loadPack(doc), { action: "swing" });
  a.hold("attack", true);
  a.tick();
  assert.deepEqual([a.action, a.finished, a.destroyed, a.eventCount], ["combo", false, false, 0]);
});

test("flip and frame of the current step; an actor without an action shows nothing", () => {
  const doc = pack([action("f", [step(0, 1, { flip: "x" }), step(1, 1, { flip: "xy" }), step(null, 1, { flip: "y" })])]);
  const p = loadPack(doc);
  const none = new Actor(p);
  assert.deepEqual([none.action, none.actionIndex, none.frame, none.frameName, none.flip, none.tick()], ["", -1, -1, "", "", false]);
  const rows = play(doc, { action: "f" }, 2, ["frame", "flip", "flipX", "flipY"]);
  assert.deepEqual(rows, [
    { frame: 0, flip: "x", flipX: true, flipY: false },
    { frame: 1, flip: "xy", flipX: true, flipY: true },
    { frame: -1, flip: "y", flipX: false, flipY: true },
  ]);
});

test("more events in one tick than EVENT_CAPACITY are counted, not kept", () => {
  const doc = pack([action("buzz", [step(0, 1, { event: 0 })])], { events: ["tick"] });
  const a = new Actor(loadPack(doc), { action: "buzz" });
  a.speedThousandths = 40000; // 40 steps a tick
  a.tick();
  assert.equal(a.eventCount, 32);
  assert.equal(a.eventsDropped, 8);
  assert.equal(a.events.length, 32);
});
