// The JavaScript runtime against the C++ player (issue 27), under node's own test runner:
//   SPRITEC_MAKE_CASES=build/tests/runtime_js/make_cases node --test tests/runtime_js/differential.test.mjs
// (ctest's runtime_js_differential sets it). SPRITEC_JS_SEED (default 1) and SPRITEC_JS_COUNT
// (default 10000) choose the cases: seeds SEED .. SEED + COUNT - 1. The generator runs beside
// this process and its cases are played as they come (differential.mjs); nothing is kept.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { before, test } from "node:test";

import { describeMismatch, streamCases } from "./differential.mjs";
import { Coverage } from "./coverage.mjs";

const generator = process.env.SPRITEC_MAKE_CASES;
const seed = BigInt(process.env.SPRITEC_JS_SEED ?? "1");
const count = BigInt(process.env.SPRITEC_JS_COUNT ?? "10000");

let result = null;
const coverage = new Coverage();

before(async () => {
  assert.ok(
    generator,
    "SPRITEC_MAKE_CASES is not set: point it at make_cases (build/tests/runtime_js/make_cases), as ctest does",
  );
  result = await streamCases(generator, seed, count, { onCase: (c) => coverage.add(c) });
});

test("the generator wrote every case asked for", () => {
  assert.equal(BigInt(result.cases), count);
});

test("the JS Actor plays every case tick for tick as the C++ player does", () => {
  const shown = result.mismatches.map((m) => describeMismatch(m, generator)).join("\n");
  assert.equal(result.failed, 0, `${result.failed} of ${result.cases} cases disagree:\n${shown}`);
});

test("the cases exercise the whole action model", () => {
  const missing = coverage.missing(Number(count));
  assert.deepEqual(missing, [], `too few cases exercise: ${missing.join(", ")}\n${coverage.report()}`);
});

// The repro command a mismatch prints rebuilds one case alone: case k of a run from seed S is
// the case of seed S + k, byte for byte, and every run writes the same bytes.
test("a case is rebuilt alone, byte for byte, from its own seed", () => {
  const run = (from, n) =>
    execFileSync(generator, ["--seed", String(from), "--count", String(n)], { maxBuffer: 1 << 28 })
      .toString()
      .split("\n");
  const all = run(seed, 12);
  assert.deepEqual(run(seed, 12), all);
  assert.equal(run(seed + 7n, 1)[0], all[7]);
  assert.equal(JSON.parse(all[7]).seed, String(seed + 7n));
});
