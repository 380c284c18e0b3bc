// spritec serve as a process, without a browser (tests/serve/CMakeLists.txt): what it says,
// how it rebuilds for every kind of input and every way a file is saved, how it ends, and
// that it writes nothing. The page itself is tested in Chromium (page.test.mjs).
// SPRITEC names the binary.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const spritec = process.env.SPRITEC && path.resolve(process.env.SPRITEC);
const top = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
assert.ok(spritec && fs.existsSync(spritec), "SPRITEC must name the spritec binary");

// A copy of samples/NAME in a fresh folder (never the samples themselves).
function copySample(name) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "spritec-serve-test-"));
  fs.cpSync(path.join(top, "samples", name), folder, { recursive: true });
  return folder;
}

// Every file under `folder` with its size and modification time.
function listing(folder) {
  const out = [];
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const st = fs.statSync(file);
    out.push(`${path.relative(folder, file)} ${st.size} ${st.mtimeMs}`);
  }
  return out.sort();
}

// A running `spritec serve`: its URL, the state events it pushed, its stderr.
async function serve(args, cwd) {
  const child = spawn(spritec, ["serve", ...args], { cwd, stdio: ["ignore", "pipe", "pipe"] });
  const server = { child, stderr: "", states: [], waiters: [] };
  child.stderr.on("data", (chunk) => (server.stderr += chunk));
  server.exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  server.url = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const found = out.match(/^spritec serve: (http:\/\/\S+)\n/m);
      if (found) resolve(found[1]);
    });
    child.on("exit", (code) => reject(new Error(`spritec serve ended (${code}): ${server.stderr}`)));
  });
  http.get(new URL("/events", server.url), (res) => {
    let buffer = "";
    res.on("data", (chunk) => {
      buffer += chunk;
      for (let end; (end = buffer.indexOf("\n\n")) >= 0; buffer = buffer.slice(end + 2)) {
        const data = buffer.slice(0, end).split("\n").find((l) => l.startsWith("data: "));
        if (!data) continue;
        server.states.push(JSON.parse(data.slice(6)));
        for (const wake of server.waiters.splice(0)) wake();
      }
    });
  }).on("error", () => {});
  // The first state whose generation is past `after` and that `ok` accepts (10 s at most).
  server.next = async (after, ok = () => true) => {
    const deadline = Date.now() + 10000;
    for (;;) {
      const found = server.states.find((s) => s.generation > after && ok(s));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no state after ${after}; stderr:\n${server.stderr}`);
      await new Promise((resolve) => {
        server.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
  server.stop = async (signal = "SIGTERM") => {
    child.kill(signal);
    return server.exited;
  };
  return server;
}

function get(url, target) {
  return new Promise((resolve, reject) => {
    http.get(new URL(target, url), (res) => {
      const parts = [];
      res.on("data", (p) => parts.push(p));
      res.on("end", () => resolve({ status: res.statusCode, body: Buffer.concat(parts) }));
    }).on("error", reject);
  });
}

test("a definition is built, served, rebuilt on a save, and SIGTERM ends it with nothing written", async () => {
  const folder = copySample("hero");
  const before = listing(folder);
  const server = await serve(["hero.sprites.yaml", "--port", "0", "--root", "."], folder);
  const first = await server.next(0);
  assert.equal(first.kind, "definition");
  assert.equal(first.diagnostics, null);
  assert.equal(first.build.packs[0].name, "hero");
  const doc = JSON.parse((await get(server.url, first.build.packs[0].json)).body);
  assert.equal(doc.format, "spritec-json");
  const page = await get(server.url, first.build.packs[0].json.replace(/p0\.json$/, doc.pages[0].file));
  assert.equal(page.status, 200);
  assert.deepEqual([...page.body.subarray(1, 4)], [0x50, 0x4e, 0x47]);  // "PNG"
  // Saved in place: a new build.
  fs.writeFileSync(path.join(folder, "hero.png"), fs.readFileSync(path.join(folder, "hero.png")));
  const second = await server.next(first.generation);
  assert.equal(second.build.id, second.generation);
  const exit = await server.stop("SIGTERM");
  assert.deepEqual(exit, { code: 0, signal: null });
  assert.match(server.stderr, /spritec serve: stopped/);
  // The same bytes were saved over hero.png: only its time changed.
  const after = listing(folder).map((l) => l.replace(/ [\d.]+$/, ""));
  assert.deepEqual(after, before.map((l) => l.replace(/ [\d.]+$/, "")));
});

test("a broken save shows check's diagnostics, keeps the last good build, and a half-written PNG is retried", async () => {
  const folder = copySample("hero");
  const server = await serve(["hero.sprites.yaml", "--port", "0", "--root", "."], folder);
  const good = await server.next(0);
  const definition = path.join(folder, "hero.sprites.yaml");
  const text = fs.readFileSync(definition, "utf8");
  fs.writeFileSync(definition, text.replace("tick_rate:", "tick_rat:"));
  const broken = await server.next(good.generation);
  const check = spawnSync(spritec, ["check", "hero.sprites.yaml"], { cwd: folder, encoding: "utf8" });
  assert.equal(check.status, 1);
  assert.equal(broken.diagnostics, check.stderr);
  assert.equal(broken.build.id, good.build.id, "the last good build keeps playing");
  fs.writeFileSync(definition, text);
  const fixed = await server.next(broken.generation);
  assert.equal(fixed.diagnostics, null);
  assert.equal(fixed.build.id, fixed.generation);
  // A PNG written in two parts 400 ms apart: the half is a broken build (or is not seen
  // before the rest comes), the whole a good one, and the server lives on.
  const png = path.join(folder, "hero.png");
  const bytes = fs.readFileSync(png);
  const handle = fs.openSync(png, "w");
  fs.writeSync(handle, bytes, 0, bytes.length >> 1);
  await new Promise((resolve) => setTimeout(resolve, 400));
  fs.writeSync(handle, bytes, bytes.length >> 1);
  fs.closeSync(handle);
  const whole = await server.next(fixed.generation, (s) => s.diagnostics === null);
  assert.equal(whole.build.id, whole.generation);
  const half = server.states.find((s) => s.generation > fixed.generation && s.diagnostics);
  if (half) assert.match(half.diagnostics, /hero\.png/);
  assert.deepEqual(await server.stop("SIGINT"), { code: 0, signal: null });
});

test("a scene, a pack and an Aseprite file are served and rebuilt when what they read is saved", async () => {
  const folder = copySample("paperdoll");
  const scene = await serve(["paperdoll.scene.yaml", "--port", "0", "--root", "."], folder);
  const first = await scene.next(0);
  assert.equal(first.kind, "scene");
  assert.ok(first.build.packs.length >= 2);
  assert.ok(first.build.scene.width > 0);
  const replay = JSON.parse((await get(scene.url, first.build.scene.replay)).body);
  assert.equal(replay.format, "spritec-replay");
  assert.deepEqual(replay.packs.map((p) => p.name), first.build.packs.map((p) => p.name));
  // A piece's image, read through one of the scene's definitions.
  fs.utimesSync(path.join(folder, "helmet.png"), new Date(), new Date());
  await scene.next(first.generation);
  await scene.stop();

  const hero = copySample("hero");
  assert.equal(spawnSync(spritec, ["build", "hero.sprites.yaml", "-o", "hero.spk"], { cwd: hero }).status, 0);
  const pack = await serve(["hero.spk", "--port", "0", "--poll"], hero);
  const built = await pack.next(0);
  assert.equal(built.kind, "pack");
  assert.equal(spawnSync(spritec, ["build", "hero.sprites.yaml", "-o", "hero.spk", "--stats"], { cwd: hero }).status, 0);
  fs.utimesSync(path.join(hero, "hero.spk"), new Date(), new Date(Date.now() + 5000));
  await pack.next(built.generation);
  await pack.stop();

  const slime = copySample("slime");
  const aseprite = await serve(["slime.aseprite", "--port", "0"], slime);
  const a = await aseprite.next(0);
  assert.equal(a.kind, "aseprite");
  assert.equal(a.build.packs[0].name, "slime");
  fs.writeFileSync(path.join(slime, "slime.aseprite"), fs.readFileSync(path.join(slime, "slime.aseprite")));
  await aseprite.next(a.generation);
  await aseprite.stop();
});

test("a taken port gives the next free one, said so; another host than loopback warns", async () => {
  const folder = copySample("hero");
  const one = await serve(["hero.sprites.yaml", "--port", "0"], folder);
  const port = Number(new URL(one.url).port);
  const two = await serve(["hero.sprites.yaml", "--port", String(port)], folder);
  assert.notEqual(Number(new URL(two.url).port), port);
  assert.match(two.stderr, new RegExp(`port ${port} is taken; serving on ${new URL(two.url).port}`));
  await Promise.all([one.stop(), two.stop()]);
  const open = await serve(["hero.sprites.yaml", "--port", "0", "--host", "0.0.0.0"], folder);
  assert.match(open.stderr, /warning: serving on 0\.0\.0\.0: anyone who can reach this machine/);
  assert.match(open.url, /^http:\/\/0\.0\.0\.0:\d+\/$/);
  await open.stop();
});

test("the wrong kind of file is a usage error, a missing one exit 1", () => {
  const png = spawnSync(spritec, ["serve", path.join(top, "samples/hero/hero.png")], { encoding: "utf8" });
  assert.equal(png.status, 2);
  assert.match(png.stderr, /serve/);
  const missing = spawnSync(spritec, ["serve", "no-such.sprites.yaml"], { encoding: "utf8" });
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /no-such\.sprites\.yaml: error\[E0001\]: cannot read/);
  const scene = spawnSync(spritec, ["serve", path.join(top, "samples/hero/hero.scene.yaml"), "--equip", "a=b.spk"], { encoding: "utf8" });
  assert.equal(scene.status, 2);
});
