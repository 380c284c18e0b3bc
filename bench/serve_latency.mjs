// How long a save takes to reach the page of `spritec serve` (issue 28: <= 300 ms for a
// sample). Copies INPUT's folder to a temporary one, starts `spritec serve` on it, listens
// to /events as the page does, and ROUNDS times rewrites FILE (the same bytes, in place: a
// save the server must rebuild for) and measures from the end of the write to the moment
// the new build's pack JSON and every page are fetched — what the page needs before it
// draws the new build. Prints one line: the median, minimum and maximum in milliseconds.
//
//   node bench/serve_latency.mjs SPRITEC INPUT FILE [ROUNDS]
//
// INPUT is the definition or scene to serve, FILE a file it reads (both paths in the same
// sample folder, FILE relative to INPUT's folder).
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

const [spritec, input, file, roundsText] = process.argv.slice(2);
const rounds = Number(roundsText ?? 20);
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "spritec-serve-bench-"));
fs.cpSync(path.dirname(input), folder, { recursive: true });
const served = path.join(folder, path.basename(input));
const saved = path.join(folder, file);

const server = spawn(spritec, ["serve", served, "--port", "0", "--root", folder], { stdio: ["ignore", "pipe", "ignore"] });
const url = await new Promise((resolve, reject) => {
  let out = "";
  server.stdout.on("data", (chunk) => {
    out += chunk;
    const found = out.match(/spritec serve: (http:\/\/\S+)\n/);
    if (found) resolve(found[1]);
  });
  server.on("exit", () => reject(new Error("spritec serve ended")));
});

function get(target) {
  return new Promise((resolve, reject) => {
    http.get(new URL(target, url), (res) => {
      const parts = [];
      res.on("data", (p) => parts.push(p));
      res.on("end", () => resolve(Buffer.concat(parts)));
    }).on("error", reject);
  });
}

// Each state event, as the page gets them.
const states = [];
let wake = null;
http.get(new URL("/events", url), (res) => {
  let buffer = "";
  res.on("data", (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const message = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = message.split("\n").find((line) => line.startsWith("data: "));
      if (data) {
        states.push(JSON.parse(data.slice(6)));
        if (wake) wake();
      }
    }
  });
});
async function nextState(after) {
  while (!states.length || states[states.length - 1].generation <= after)
    await new Promise((resolve) => (wake = resolve));
  return states[states.length - 1];
}

let generation = (await nextState(0)).generation;
const times = [];
const bytes = fs.readFileSync(saved);
for (let round = 0; round < rounds; ++round) {
  await new Promise((resolve) => setTimeout(resolve, 150));
  fs.writeFileSync(saved, bytes);
  const started = performance.now();
  const state = await nextState(generation);
  generation = state.generation;
  const eventAt = performance.now();
  if (!state.build || state.build.id !== generation) throw new Error("the rebuild failed");
  for (const pack of state.build.packs) {
    const doc = JSON.parse(await get(pack.json));
    const base = pack.json.slice(0, pack.json.lastIndexOf("/") + 1);
    for (const page of doc.pages) await get(base + page.file);
  }
  times.push(performance.now() - started);
  if (process.env.SERVE_BENCH_DEBUG) console.log(`event ${(eventAt - started).toFixed(0)} ms, all ${(performance.now() - started).toFixed(0)} ms`);
}
server.kill("SIGTERM");
fs.rmSync(folder, { recursive: true, force: true });
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`${path.basename(input)} (${file}): median ${median.toFixed(0)} ms, ` +
  `range ${times[0].toFixed(0)}–${times[times.length - 1].toFixed(0)} ms over ${rounds} saves`);
process.exit(0);
