// `spritec serve` and its page in Debian's headless Chromium (issue 28; docs/serve.md).
//   SPRITEC=build/cli/spritec SPRITEC_SOURCE_DIR=. SPRITEC_WORK=/tmp/x node --test tests/serve/serve.test.mjs
// (ctest serve_page runs it through run_serve_test.cmake; SPRITEC_SERVE_SHOTS=DIR saves
// screenshots of the page there.) One Chromium for every case; each case serves a fresh
// copy of a sample (samples/ are never touched) on --port 0 and reads the URL it prints.
// Expected values come from elsewhere than the page: frames per tick from `spritec
// simulate`'s trace of a scene written for the case, diagnostics from `spritec check`,
// pixels from the PNG the case writes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';

const spritec = process.env.SPRITEC;
const source = process.env.SPRITEC_SOURCE_DIR;
const work = process.env.SPRITEC_WORK || fs.mkdtempSync(path.join(os.tmpdir(), 'spritec-serve-'));
const shots = process.env.SPRITEC_SERVE_SHOTS || '';
const chromiumPath = process.env.SPRITEC_CHROMIUM || '/usr/bin/chromium';
if (!spritec || !source) throw new Error('set SPRITEC (the spritec binary) and SPRITEC_SOURCE_DIR (the repository)');
const { chromium } = createRequire(path.join(source, 'tests/engines/browser/'))('playwright-core');

let browser;
const servers = new Set();

before(async () => {
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  if (shots) fs.mkdirSync(shots, { recursive: true });
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  for (const s of servers) s.proc.kill('SIGKILL');
  if (browser) await browser.close();
});

// --- helpers -----------------------------------------------------------------------------

let copies = 0;
// A fresh copy of samples/NAME in the work folder.
function copySample(name) {
  const dir = path.join(work, `${name}-${++copies}`);
  fs.cpSync(path.join(source, 'samples', name), dir, { recursive: true });
  return dir;
}

// Every file under dir (relative names, sorted) with its size and contents' hash.
function listing(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(`${path.relative(dir, p)} ${fs.statSync(p).size}`);
    }
  };
  walk(dir);
  return out.sort();
}

// Starts `spritec serve INPUT --port 0` in cwd and waits for the URL line on stdout.
async function serve(cwd, input, extra = []) {
  const proc = spawn(spritec, ['serve', input, '--port', '0', ...extra], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const server = { proc, stderr: '', stdout: '', exited: null };
  servers.add(server);
  proc.stderr.on('data', (d) => (server.stderr += d));
  proc.on('exit', (code, signal) => (server.exited = { code, signal }));
  server.url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`spritec serve printed no URL in 10 s; stderr:\n${server.stderr}`)), 10000);
    proc.stdout.on('data', (d) => {
      server.stdout += d;
      const m = /^spritec serve: (http:\/\/127\.0\.0\.1:(\d+)\/)$/m.exec(server.stdout);
      if (m) {
        clearTimeout(timer);
        server.port = Number(m[2]);
        resolve(m[1]);
      }
    });
    proc.on('exit', (code) => reject(new Error(`spritec serve exited (${code}) before printing its URL; stderr:\n${server.stderr}`)));
  });
  return server;
}

async function stop(server, signal = 'SIGTERM') {
  if (server.exited) return server.exited;
  const done = new Promise((resolve) => server.proc.on('exit', (code, sig) => resolve({ code, signal: sig })));
  server.proc.kill(signal);
  const result = await Promise.race([done, new Promise((r) => setTimeout(() => r(null), 5000))]);
  servers.delete(server);
  return result;
}

async function open(server) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.errors = errors;
  await page.goto(server.url);
  await page.evaluate(() => window.spritec.ready());
  return page;
}

// `spritec simulate` of a scene written into a copy of a sample (never the served copy: a
// new file beside the definition is none of the server's business): the trace lines, by tick
// then actor.
function simulate(sample, name, text) {
  const dir = copySample(sample);
  fs.writeFileSync(path.join(dir, name), text);
  const out = path.join(work, `${path.basename(dir)}-${name}.jsonl`);
  const r = spawnSync(spritec, ['simulate', name, '--trace', out], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.status, 0, `spritec simulate ${name} failed:\n${r.stderr}`);
  return fs.readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
}

// The fields a trace line and the page's focused() / scene() share, as one comparable text.
// The trace prints positions snapped to a billionth; the page keeps the exact double.
const near = (v) => Math.round(v * 1e6) / 1e6;
const shown = (l) => [l.action, l.step, l.view, l.frame, l.flip, near(l.x), near(l.y), `[${l.events}]`, l.layers ? JSON.stringify(l.layers) : ''].join(' ');

function compareTicks(label, want, got) {
  const bad = [];
  for (const l of want) {
    const g = got[l.tick];
    if (!g || shown(l) !== shown(g)) bad.push(`tick ${l.tick}: the page shows ${g ? shown(g) : 'nothing'}; simulate ${shown(l)}`);
  }
  assert.deepEqual(bad.slice(0, 5), [], `${label}: ${bad.length} of ${want.length} ticks differ`);
}

// Plays the focused action tick by tick while paused: calls[t] are made on tick t (after
// its step, as a scene's items are), then focused() is read.
async function playFocused(page, pack, action, angle, ticks, calls = {}) {
  return page.evaluate(
    ({ pack, action, angle, ticks, calls }) => {
      const s = window.spritec;
      s.focus(pack, action, angle);
      s.pause();
      s.seek(0);
      const out = [];
      for (let t = 0; t <= ticks; ++t) {
        if (t > 0) s.step(1);
        for (const [fn, arg] of calls[t] || []) s[fn](arg);
        out.push(s.focused());
      }
      return out;
    },
    { pack, action, angle, ticks, calls },
  );
}

// A PNG of w × h pixels of one colour (RGBA), written from the format's description.
function solidPng(w, h, rgba) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; ++k) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(h * (1 + 4 * w));
  for (let y = 0; y < h; ++y) for (let x = 0; x < w; ++x) raw.set(rgba, y * (1 + 4 * w) + 1 + 4 * x);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

// Replaces a file at once (a temporary file renamed over it, as editors save).
function replaceFile(file, data) {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.saving`);
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, file);
}

async function shot(page, name) {
  if (shots) await page.screenshot({ path: path.join(shots, name) });
}

// --- the cases ----------------------------------------------------------------------------

test('the page plays every action of the hero sample at two angles as spritec simulate traces it', async () => {
  const dir = copySample('hero');
  const server = await serve(dir, 'hero.sprites.yaml');
  const page = await open(server);
  const actions = await page.evaluate(() => window.spritec.actions('hero'));
  assert.deepEqual(actions, ['walk', 'stand', 'idle', 'attack', 'explode']);
  const cases = [];
  for (const action of actions) for (const angle of [90, 200]) cases.push({ name: `a${cases.length}`, action, angle });
  const ticks = 80;
  const trace = simulate(
    'hero',
    'all.scene.yaml',
    `packs: {hero: hero.sprites.yaml}\nactors:\n${cases.map((c) => `  - {name: ${c.name}, pack: hero, action: ${c.action}, angle: ${c.angle}}\n`).join('')}script:\n  - wait: ${ticks}\n`,
  );
  for (const c of cases) {
    const got = await playFocused(page, 'hero', c.action, c.angle, ticks);
    const want = trace.filter((l) => l.actor === c.name);
    assert.ok(want.length > 30, `${c.name}: the trace has ${want.length} lines`);
    compareTicks(`${c.action} at ${c.angle}°`, want, got);
  }
  // Going back re-simulates: tick 37 shows the same whether reached forwards or from later.
  const again = await page.evaluate(() => {
    const s = window.spritec;
    s.focus('hero', 'attack', 90);
    s.pause();
    s.seek(37);
    const first = s.focused();
    s.seek(75);
    s.seek(37);
    return [first, s.focused()];
  });
  assert.deepEqual(again[0], again[1]);
  // A click on the grid's cell of attack at 180° focuses it at that angle.
  await page.locator('.cell[title^="attack, view 2"]').click();
  const clicked = await page.evaluate(() => window.spritec.focused());
  assert.deepEqual([clicked.action, clicked.view], ['attack', 2]);
  assert.deepEqual(page.errors, []);
  await page.evaluate(() => {
    window.spritec.overlays({ origin: true, bounds: true, shapes: true });
    window.spritec.focus('hero', 'attack', 0);
    window.spritec.pause();
    window.spritec.seek(10);
    window.spritec.gridSeek(10);
  });
  await page.mouse.move(0, 0); // no cell lit by the pointer
  await shot(page, 'serve-focus.png');
  await page.close();
  assert.deepEqual(await stop(server), { code: 0, signal: null });
});

test('turning mid-walk and holding an input act as in a game: the trace of a scene with the same script', async () => {
  const dir = copySample('hero');
  const server = await serve(dir, 'hero.sprites.yaml');
  const page = await open(server);
  // Held from tick 0, turned on ticks 20 and 45 (mid-step: the walk goes on), released on
  // 70 (the walk ends its cycle and stands), pressed again on 90 (stand reads no input).
  const trace = simulate(
    'hero',
    'turn.scene.yaml',
    `packs: {hero: hero.sprites.yaml}
actors:
  - {name: a, pack: hero, action: walk, angle: 0}
script:
  - {actor: a, press: [move]}
  - wait: 20
  - {actor: a, angle: 90}
  - wait: 25
  - {actor: a, angle: 200}
  - wait: 25
  - {actor: a, release: [move]}
  - wait: 20
  - {actor: a, press: [move], angle: 270}
  - wait: 30
`,
  );
  const calls = { 0: [['press', 'move']], 20: [['setAngle', 90]], 45: [['setAngle', 200]], 70: [['release', 'move']], 90: [['setAngle', 270], ['press', 'move']] };
  const got = await playFocused(page, 'hero', 'walk', 0, 120, calls);
  compareTicks('walk turned and held', trace, got);
  assert.equal(got[69].action, 'walk');
  assert.equal(got[120].action, 'stand');
  // Without the input held the walk stops after its first cycle (16 ticks): the press mattered.
  const free = await playFocused(page, 'hero', 'walk', 0, 40);
  assert.equal(free[40].action, 'stand');
  // Scrubbing back and forth keeps the recorded calls: tick 50 is as first played.
  const back = await page.evaluate(() => {
    window.spritec.focus('hero', 'walk', 0);
    window.spritec.pause();
    window.spritec.press('move');
    window.spritec.step(30);
    window.spritec.setAngle(90);
    window.spritec.step(20);
    const first = window.spritec.focused();
    window.spritec.seek(5);
    window.spritec.seek(50);
    return [first, window.spritec.focused()];
  });
  assert.deepEqual(back[0], back[1]);
  assert.equal(back[1].view, 1);

  // The same by hand: the input's button held with the mouse, the dial dragged to the south
  // (90°) on tick 10: the view changes, the step and the tick do not.
  await page.evaluate(() => {
    window.spritec.focus('hero', 'walk', 0);
    window.spritec.pause();
  });
  const button = page.locator('#inputs button[data-input="move"]');
  await button.hover();
  await page.mouse.down();
  await page.evaluate(() => window.spritec.step(10));
  const before = await page.evaluate(() => window.spritec.focused());
  await page.mouse.up(); // over the button: released on tick 10, after the press on tick 0
  const dial = await page.locator('#dial').boundingBox();
  await page.mouse.move(dial.x + dial.width / 2 + 30, dial.y + dial.height / 2);
  await page.mouse.down();
  await page.mouse.move(dial.x + dial.width / 2, dial.y + dial.height / 2 + 30, { steps: 5 });
  await page.mouse.up();
  const turned = await page.evaluate(() => window.spritec.focused());
  assert.deepEqual([turned.tick, turned.action, turned.step, turned.view], [10, 'walk', before.step, 1]);
  // Released on tick 10: the walk ends its cycle on tick 16 and stands (as without the input).
  const later = await page.evaluate(() => (window.spritec.step(10), window.spritec.focused()));
  assert.equal(later.action, 'stand');

  // And by the keyboard: key 1 holds the pack's first input (move) while it is down, → steps.
  await page.evaluate(() => {
    window.spritec.focus('hero', 'walk', 0);
    window.spritec.pause();
  });
  await page.keyboard.down('1');
  for (let i = 0; i < 20; ++i) await page.keyboard.press('ArrowRight');
  const heldKey = await page.evaluate(() => window.spritec.focused());
  await page.keyboard.up('1');
  for (let i = 0; i < 20; ++i) await page.keyboard.press('ArrowRight');
  const releasedKey = await page.evaluate(() => window.spritec.focused());
  assert.deepEqual([heldKey.tick, heldKey.action, releasedKey.tick, releasedKey.action], [20, 'walk', 40, 'stand']);
  await page.close();
  await stop(server);
});

test('a PNG saved on disk shows its new pixels in the page within 1 s', async () => {
  const dir = copySample('hero');
  const server = await serve(dir, 'hero.sprites.yaml');
  const page = await open(server);
  // Paused on tick 5 of a walk turned south on tick 3 with move held: the rebuild must keep it.
  const before = await page.evaluate(() => {
    const s = window.spritec;
    s.focus('hero', 'walk', 0);
    s.pause();
    s.press('move');
    s.step(3);
    s.setAngle(90);
    s.step(2);
    return { build: s.buildId, focused: s.focused(), pixel: s.pixel(0, 0) };
  });
  assert.deepEqual([before.focused.tick, before.focused.view, before.focused.frame], [5, 1, 'body/2']);
  assert.notDeepEqual(before.pixel, [255, 0, 255, 255]);
  const png = path.join(dir, 'hero.png');
  const head = fs.readFileSync(png);
  const w = head.readUInt32BE(16), h = head.readUInt32BE(20);
  // Every pixel opaque magenta: body/2's origin pixel (12, 23) becomes magenta.
  const started = Date.now();
  replaceFile(png, solidPng(w, h, [255, 0, 255, 255]));
  await page.waitForFunction(
    (old) => window.spritec.buildId !== old && window.spritec.pixel(0, 0).join() === '255,0,255,255',
    before.build,
    { polling: 10, timeout: 5000 },
  );
  const took = Date.now() - started;
  const after = await page.evaluate(() => window.spritec.focused());
  assert.deepEqual(after, before.focused, 'the focus (action, tick, angle, held input) is kept across the rebuild');
  const later = await page.evaluate(() => (window.spritec.step(20), window.spritec.focused()));
  assert.equal(later.action, 'walk', 'move is still held after the rebuild');
  assert.ok(took < 1000, `the new pixels showed after ${took} ms`);
  const timing = await page.evaluate(() => window.spritec.timing());
  console.log(`# PNG write to new pixels in the page: ${took} ms (of which the page fetching and decoding the build: ${timing.loadMs} ms, installing it: ${timing.installMs} ms)`);
  await page.close();
  await stop(server);
});

test('a broken definition shows spritec check\'s diagnostics while the last good build plays on, and a fix plays again', async () => {
  const dir = copySample('hero');
  const server = await serve(dir, 'hero.sprites.yaml');
  const page = await open(server);
  const def = path.join(dir, 'hero.sprites.yaml');
  const good = fs.readFileSync(def, 'utf8');
  const buildBefore = await page.evaluate(() => window.spritec.buildId);
  await page.evaluate(() => {
    window.spritec.focus('hero', 'idle', 0);
    window.spritec.play();
  });
  replaceFile(def, good.replace('ticks: 8', 'ticks: eight'));
  const check = spawnSync(spritec, ['check', 'hero.sprites.yaml'], { cwd: dir, encoding: 'utf8' });
  assert.equal(check.status, 1);
  assert.match(check.stderr, /error\[E0105\]/);
  await page.waitForFunction((text) => window.spritec.diagnostics() === text, check.stderr, { polling: 20, timeout: 5000 });
  const shownText = await page.locator('#diagnostics').innerText();
  assert.ok(shownText.includes(check.stderr.trim().split('\n')[0]), `the page shows:\n${shownText}`);
  // The last good build keeps playing.
  const t0 = await page.evaluate(() => [window.spritec.buildId, window.spritec.focused().tick]);
  await page.waitForTimeout(200);
  const t1 = await page.evaluate(() => [window.spritec.buildId, window.spritec.focused().tick, window.spritec.focused().frame]);
  assert.equal(t1[0], buildBefore);
  assert.ok(t1[1] > t0[1], `the focused idle went on playing (ticks ${t0[1]} → ${t1[1]})`);
  assert.match(t1[2], /^body\//);
  await page.evaluate(() => (window.spritec.pause(), window.spritec.gridSeek(40)));
  await shot(page, 'serve-diagnostics.png');
  replaceFile(def, good);
  await page.waitForFunction((old) => window.spritec.diagnostics() === null && window.spritec.buildId > old, buildBefore, { polling: 20, timeout: 5000 });
  assert.equal(await page.locator('#diagnostics').isHidden(), true);
  assert.deepEqual(page.errors, []);
  await page.close();
  await stop(server);
});

test('a scene plays its replay: every actor on every tick as the scene\'s trace', async () => {
  for (const [sample, scene] of [['hero', 'hero.scene.yaml'], ['paperdoll', 'paperdoll.scene.yaml']]) {
    const dir = copySample(sample);
    const r = spawnSync(spritec, ['simulate', scene, '--trace', path.join(work, `${sample}-scene.jsonl`)], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const trace = fs.readFileSync(path.join(work, `${sample}-scene.jsonl`), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const server = await serve(dir, scene);
    const page = await open(server);
    const last = trace[trace.length - 1].tick;
    const got = await page.evaluate((last) => {
      const s = window.spritec;
      s.scenePause();
      const out = [];
      for (let t = 0; t <= last; ++t) {
        s.sceneSeek(t);
        out.push(s.scene().actors);
      }
      return out;
    }, last);
    // The runtime's events: a trace line's minus the simulator's contact events.
    const bad = [];
    for (let t = 0; t <= last; ++t) {
      const want = trace.filter((l) => l.tick === t).map((l) => `${l.actor} ${shown(l)}`).join('; ');
      const have = got[t].map((l) => `${l.actor} ${shown(l)}`).join('; ');
      if (want !== have) bad.push(`tick ${t}: the page ${have}; the trace ${want}`);
    }
    assert.deepEqual(bad.slice(0, 4), [], `${scene}: ${bad.length} of ${last + 1} ticks differ`);
    if (sample === 'paperdoll') {
      // A click on the knight on the stage (5 pixels above his origin) focuses his action.
      const knight = await page.evaluate(() => (window.spritec.sceneSeek(150), window.spritec.scene().actors.find((a) => a.actor === 'knight')));
      const stage = await page.locator('#stage').boundingBox();
      const z = stage.width / 160;
      await page.mouse.click(stage.x + (Math.floor(knight.x + 0.5) + 0.5) * z, stage.y + (Math.floor(knight.y + 0.5) - 5) * z);
      const picked = await page.evaluate(() => [window.spritec.focused().pack === window.spritec.packs()[0], window.spritec.focused().action]);
      assert.deepEqual(picked, [true, knight.action]);
      await page.evaluate(() => {
        window.spritec.sceneSeek(150);
        window.spritec.focus(window.spritec.packs()[0], 'attack', 45);
        window.spritec.overlays({ slots: true, bounds: false });
        window.spritec.pause();
        window.spritec.seek(12);
        window.spritec.gridSeek(12);
      });
      await shot(page, 'serve-scene.png');
    }
    assert.deepEqual(page.errors, []);
    await page.close();
    await stop(server);
  }
});

// One raw request over TCP; resolves with the reply once it is whole (its headers and
// Content-Length bytes), or what came before the server closed the connection or 2 s passed.
function rawRequest(port, bytes) {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    const chunks = [];
    const done = () => resolve(Buffer.concat(chunks).toString('latin1'));
    sock.on('data', (d) => {
      chunks.push(d);
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end));
      if (end >= 0 && length && text.length - end - 4 >= Number(length[1])) sock.destroy();
    });
    sock.on('error', done);
    sock.on('close', done);
    sock.setTimeout(2000, () => sock.destroy());
    sock.write(bytes);
  });
}

test('every traversal and malformed request is refused and the page is served afterwards', async () => {
  const dir = copySample('hero');
  const server = await serve(dir, 'hero.sprites.yaml');
  const get = (target) => `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`;
  const requests = [
    ['/../etc/passwd', get('/../etc/passwd')],
    ['/%2e%2e/etc/passwd', get('/%2e%2e/%2e%2e/%2e%2e/etc/passwd')],
    ['/..%2f..%2f', get('/..%2f..%2f..%2fetc%2fpasswd')],
    ['absolute-form', get('http://x/etc/passwd')],
    ['//etc/passwd', get('//etc/passwd')],
    ['backslashes', get('/..\\..\\..\\etc\\passwd')],
    ['encoded backslashes', get('/..%5c..%5cetc%5cpasswd')],
    ['a 10 KB path', get(`/${'a'.repeat(10240)}`)],
    ['NUL', get('/index.html%00.png')],
    ['the definition', get('/hero.sprites.yaml')],
    ['a sample image', get('/hero.png')],
    ['a build beside the pack', get('/b/1/../../hero.png')],
    ['POST', `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi`],
    ['PUT', `PUT /state.json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi`],
    ['DELETE', `DELETE /state.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`],
    ['a garbage request line', `\x01\x02 garbage\r\n\r\n`],
    ['a huge header', `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'b'.repeat(200000)}\r\nConnection: close\r\n\r\n`],
  ];
  const secrets = [fs.readFileSync('/etc/passwd', 'latin1').split('\n')[0], 'pack: hero', 'IHDR'];
  const refused = [];
  for (const [name, bytes] of requests) {
    const reply = await rawRequest(server.port, bytes);
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(reply);
    for (const s of secrets) assert.ok(!reply.includes(s), `${name}: the reply holds file content (${s})`);
    // A status of 400, 404, 405, 413, 414 or 431; a request too broken to answer may only be
    // closed without a reply.
    if (status) assert.ok([400, 404, 405, 413, 414, 431].includes(Number(status[1])), `${name}: HTTP ${status[1]}`);
    else assert.equal(reply, '', `${name}: no status line in ${JSON.stringify(reply.slice(0, 80))}`);
    refused.push(`${name} ${status ? status[1] : 'closed'}`);
  }
  console.log(`# refused: ${refused.join(', ')}`);
  const home = await rawRequest(server.port, get('/'));
  assert.match(home, /^HTTP\/1\.1 200/);
  assert.match(home, /spritec serve/);
  assert.equal(server.exited, null, 'the server still runs');
  await stop(server);
});

test('SIGTERM and SIGINT end the server within 2.5 s with status 0 and leave no file behind', async () => {
  for (const signal of ['SIGTERM', 'SIGINT']) {
    const dir = copySample('hero');
    const files = listing(dir);
    const server = await serve(dir, 'hero.sprites.yaml');
    const page = await open(server); // an open event stream must not hold the exit
    const started = Date.now();
    const result = await stop(server, signal);
    const took = Date.now() - started;
    assert.deepEqual(result, { code: 0, signal: null }, `${signal}: ${server.stderr}`);
    assert.ok(took < 2500, `${signal}: exited after ${took} ms`);
    console.log(`# ${signal} with the page open: exit 0 after ${took} ms`);
    assert.deepEqual(listing(dir), files, `${signal}: files changed in the sample`);
    await page.close();
  }
});
