// Boxes and points (shapes.hpp): a step's own laid over its frame's, the step's flips
// applied about the origin pixel. Expected coordinates worked out by hand from
// docs/semantics.md ("Boxes and points"): flipped in x, a box of columns x..x+w-1 covers
// -x-w+1..-x; a point at x lands at -x.
import { test } from "node:test";
import assert from "node:assert/strict";

import { Actor, loadPack } from "../spritec.mjs";
import { action, pack, step } from "./packs.mjs";

// shape names: 0 hand, 1 hit, 2 hurt. Frame 0: box hurt (-4, -10, 8x10), point hand (5, -6).
function geometryPack() {
  const doc = pack(
    [
      action("swing", [
        step(0, 1), // the frame's own
        step(0, 1, {
          flip: "x",
          shapes: [
            { kind: "box", name: 1, x: 2, y: -8, w: 6, h: 3 },
            { kind: "point", name: 0, removed: true },
          ],
        }),
        step(0, 1, { flip: "xy", shapes: [{ kind: "box", name: 2, x: 0, y: 0, w: 2, h: 2 }] }),
        step(null, 1, { shapes: [{ kind: "point", name: 0, x: 3, y: 4 }] }),
      ]),
    ],
    { shape_names: ["hand", "hit", "hurt"] },
  );
  doc.frames[0].shapes = [
    { kind: "box", name: 2, x: -4, y: -10, w: 8, h: 10 },
    { kind: "point", name: 0, x: 5, y: -6 },
  ];
  return loadPack(doc);
}

function shapes(actor) {
  const out = [];
  actor.forEachShape((s) => out.push({ ...s }));
  return out;
}

const box = (name, nameIndex, x, y, w, h) => ({ kind: "box", name, nameIndex, x, y, w, h });
const point = (name, nameIndex, x, y) => ({ kind: "point", name, nameIndex, x, y, w: 0, h: 0 });

test("a step without entries shows its frame's boxes and points, in (kind, name) order", () => {
  const a = new Actor(geometryPack(), { action: "swing" });
  assert.deepEqual(shapes(a), [box("hurt", 2, -4, -10, 8, 10), point("hand", 0, 5, -6)]);
});

test("a step's box is added, a removal takes the frame's away, and flip x mirrors about the origin", () => {
  const a = new Actor(geometryPack(), { action: "swing" });
  a.tick();
  // hit: columns 2..7 -> -7..-2; hurt: columns -4..3 -> -3..4.
  assert.deepEqual(shapes(a), [box("hit", 1, -7, -8, 6, 3), box("hurt", 2, -3, -10, 8, 10)]);
  assert.equal(a.point("hand"), null);
});

test("a step's box replaces the frame's of the same name; flip xy mirrors both axes", () => {
  const a = new Actor(geometryPack(), { action: "swing" });
  a.tick();
  a.tick();
  // hurt replaced by (0, 0, 2x2) -> columns -1..0, rows -1..0; hand (5, -6) -> (-5, 6).
  assert.deepEqual(shapes(a), [box("hurt", 2, -1, -1, 2, 2), point("hand", 0, -5, 6)]);
});

test("a blank step has only its own shapes, relative to the actor", () => {
  const a = new Actor(geometryPack(), { action: "swing" });
  for (let i = 0; i < 3; ++i) a.tick();
  assert.equal(a.frame, -1);
  assert.deepEqual(shapes(a), [point("hand", 0, 3, 4)]);
  assert.equal(a.box("hurt"), null);
});

test("box() and point() find one shape by name or index; world boxes add the exact position", () => {
  const a = new Actor(geometryPack(), { action: "swing", x: 10.5, y: 20 });
  const hurt = a.box("hurt", {}); // into an object of its own
  assert.deepEqual(hurt, box("hurt", 2, -4, -10, 8, 10));
  const hand = a.point(0); // into the actor's reused object
  assert.deepEqual({ ...hand }, point("hand", 0, 5, -6));
  assert.equal(a.box("hurt"), hand); // the same reused object, now holding hurt
  assert.equal(a.box("nonesuch"), null);
  assert.equal(a.point("hurt"), null); // a box, not a point
  const w = a.worldBox(hurt, {});
  assert.deepEqual(w, { x: 6.5, y: 10, w: 8, h: 10 });
  assert.equal(Actor.overlaps(w, { x: 14.5, y: 10, w: 1, h: 1 }), false); // touching edge
  assert.equal(Actor.overlaps(w, { x: 14.4, y: 19.9, w: 1, h: 1 }), true);
});

test("the pack walks any step record's shapes (a layer's)", () => {
  const p = geometryPack();
  const out = [];
  p.forEachStepShape(p.stepRecord(0, 0, 1), (s) => out.push(s.name));
  assert.deepEqual(out, ["hit", "hurt"]);
});

test("placeFrame puts the origin pixel on the rounded position and mirrors about it (the format's rule)", () => {
  // A frame of 10x6 whose origin is (3, 5) in its rectangle (untrimmed (5, 7), trim (2, 2)).
  const doc = pack([action("a", [step(0, 1)])]);
  doc.frames[0] = { name: "f", page: 0, x: 16, y: 0, w: 10, h: 6, origin: [5, 7], trim: [2, 2], source_size: [14, 10] };
  const p = loadPack(doc);
  // At (20.5, 30.4): px = floor(21.0) = 21, py = floor(30.9) = 30.
  assert.deepEqual(p.placeFrame(0, 0, 20.5, 30.4), { flipX: false, flipY: false, left: 18, top: 25, w: 10, h: 6, page: 0, sx: 16, sy: 0 });
  // Flipped in x: starts at px + ox - w + 1 = 21 + 3 - 10 + 1 = 15; the origin column 3
  // (10 - 1 - 3 = 6 from the mirrored left) lands on 15 + 6 = 21.
  assert.deepEqual(p.placeFrame(0, 1, 20.5, 30.4).left, 15);
  // Flipped in y: py + oy - h + 1 = 30 + 5 - 6 + 1 = 30.
  const both = p.placeFrame(0, 3, -0.5, 30.4, {});
  assert.deepEqual([both.left, both.top, both.flipX, both.flipY], [0 + 3 - 10 + 1, 30, true, true]);
});
