// Plays differential cases by hand (differential.mjs): the lines of a file, of standard
// input (-), or of the generator run here.
//   node tests/runtime_js/run_cases.mjs FILE|-
//   node tests/runtime_js/run_cases.mjs --generator build/tests/runtime_js/make_cases --seed S --count N
// Prints what it played and every mismatch (at most 20 in full); exit status 1 on any.
import { createReadStream } from "node:fs";

import { describeMismatch, playLines, streamCases } from "./differential.mjs";

function usage() {
  console.error("usage: run_cases.mjs FILE|-   or   run_cases.mjs --generator MAKE_CASES --seed S --count N");
  process.exit(2);
}

const args = process.argv.slice(2);
const started = process.hrtime.bigint();
let result;
let generator = "build/tests/runtime_js/make_cases";
if (args.length === 1) {
  const input = args[0] === "-" ? process.stdin : createReadStream(args[0]);
  result = await playLines(input);
} else if (args.length === 6 && args[0] === "--generator" && args[2] === "--seed" && args[4] === "--count") {
  generator = args[1];
  result = await streamCases(generator, BigInt(args[3]), BigInt(args[5]));
} else {
  usage();
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
for (const m of result.mismatches) console.log(describeMismatch(m, generator));
console.log(
  `${result.cases} cases, ${result.ticks} ticks, ${result.failed} disagreeing with the C++ player, ${seconds.toFixed(1)} s`,
);
process.exit(result.failed === 0 && result.cases > 0 ? 0 : 1);
