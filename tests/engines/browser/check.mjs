// Runs the browser engine checks of `spritec export` (tests/engines/browser/CMakeLists.txt).
//   node check.mjs MANIFEST.json
// MANIFEST: {"cases": [{"name", "format": "phaser"|"pixi"|"aseprite-json",
//            "lib": "phaser"|"phaser4"|"pixi", "out": "/abs/DIR/STEM.json",
//            "expect": "/abs/expect.json", "diagnostics": "/abs/export.json" (optional: the
//            export's `--diagnostics json` output), "geometry": true (optional: the boxes
//            and points of tests/data/engines/geometry checked too), "exact": true (optional:
//            stepped at exactly the tick rate, not at half ticks: page/common.js, stepMs),
//            "prefix": {"out": "B.json", "expect": "/abs/expect-b.json"} (optional: a second
//            export beside `out`, both loaded into one game by page/prefix_check.js)}]}
// Serves each case's export directory, its expectations and the runtimes' dist bundles from a
// local HTTP server (no network), opens one page per case in headless Chromium (Debian's
// /usr/bin/chromium, driven by playwright-core) and prints what each check found. Exit 0
// only when every case passed; a missing browser or package is a failure, never a skip.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const chromiumPath = process.env.SPRITEC_CHROMIUM || '/usr/bin/chromium';

function die(message) {
  console.error('FAIL: ' + message);
  process.exit(1);
}

if (process.argv.length !== 3) die('usage: node check.mjs MANIFEST.json');
const manifest = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
if (!fs.existsSync(chromiumPath)) die(`no Chromium at ${chromiumPath} (scripts/install-deps.sh installs Debian's chromium)`);

let chromium;
try {
  ({ chromium } = await import('playwright-core'));
} catch (e) {
  die(`playwright-core is not installed: run npm ci --prefix ${here} (scripts/install-deps.sh does) [${e.message}]`);
}

const libs = {
  phaser: path.join(here, 'node_modules/phaser/dist/phaser.min.js'),
  phaser4: path.join(here, 'node_modules/phaser4/dist/phaser.min.js'),
  pixi: path.join(here, 'node_modules/pixi.js/dist/pixi.min.js'),
};
for (const [name, file] of Object.entries(libs)) {
  if (!fs.existsSync(file)) die(`${name} is not installed (${file}): run npm ci --prefix ${here}`);
}
const scripts = { phaser: ['phaser_game.js', 'phaser_check.js'], pixi: ['pixi_check.js'], 'aseprite-json': ['phaser_game.js', 'aseprite_check.js'] };
// A case with `"geometry": true` (tests/data/engines/geometry) also reads the boxes and points
// back (page/geometry_check.js, after the format's check).

// The actions whose loop_from tail (or too long a repeat) the export said it cannot carry
// (W0705, from `--diagnostics json`): the whole step list loops instead, so only the first
// pass of their animations can match. null when the warning does not list them all (then
// any looping animation may be one).
function tailLoops(diagnosticsFile) {
  if (!diagnosticsFile) return [];
  const doc = JSON.parse(fs.readFileSync(diagnosticsFile, 'utf8') || '{"diagnostics": []}');
  const out = [];
  for (const d of doc.diagnostics) {
    if (d.code !== 'W0705') continue;
    const list = d.message.includes(' in: ') ? d.message.slice(d.message.indexOf(' in: ') + 5) : d.message;
    const names = [...list.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));
    const count = /\((\d+) actions?\)$/.exec(d.message);
    if (!count || Number(count[1]) !== names.length) return null;
    out.push(...names);
  }
  return out;
}

const types = { '.js': 'text/javascript', '.json': 'application/json', '.png': 'image/png', '.html': 'text/html' };
function send(res, file) {
  fs.readFile(file, (err, data) => {
    if (err) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(data);
  });
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const parts = decodeURIComponent(url.pathname).split('/').filter(Boolean);
  if (parts.some((p) => p === '..')) return send(res, '/nonexistent');
  if (parts[0] === 'favicon.ico') { res.writeHead(204); res.end(); return; }
  if (parts[0] === 'lib' && parts.length === 2) return send(res, libs[parts[1].replace(/\.js$/, '')] || '/nonexistent');
  if (parts[0] === 'page' && parts.length === 2) return send(res, path.join(here, 'page', parts[1]));
  if (parts[0] === 'case' && parts.length >= 2) {
    const c = manifest.cases[Number(parts[1])];
    if (!c) return send(res, '/nonexistent');
    if (parts.length === 2) {
      const config = { name: c.name, format: c.format, lib: c.lib, out: path.basename(c.out), stem: path.basename(c.out).replace(/\.[^.]*$/, ''), tailLoops: tailLoops(c.diagnostics), geometry: c.geometry === true, exact: c.exact === true };
      let pageScripts = c.geometry === true ? [...scripts[c.format], 'geometry_check.js'] : scripts[c.format];
      if (c.prefix) {
        config.second = { out: c.prefix.out, stem: c.prefix.out.replace(/\.[^.]*$/, '') };
        pageScripts = [...scripts[c.format], 'prefix_check.js'];
      }
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><meta charset="utf-8"><title>${c.name}</title><body>
<script src="/lib/${c.lib}.js"></script><script src="/page/common.js"></script>${pageScripts.map((s) => `<script src="/page/${s}"></script>`).join('')}
<script>window.__config = ${JSON.stringify(config)};</script></body>`);
      return;
    }
    if (parts.length === 3 && parts[2] === 'expect.json') return send(res, c.expect);
    if (parts.length === 3 && parts[2] === 'expect-second.json' && c.prefix) return send(res, c.prefix.expect);
    return send(res, path.join(path.dirname(c.out), ...parts.slice(2)));
  }
  send(res, '/nonexistent');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = server.address().port;

const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spritec-chromium-'));
let context;
try {
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
} catch (e) {
  server.close();
  die(`Chromium did not start: ${e.message}`);
}

let failed = 0;
for (let i = 0; i < manifest.cases.length; ++i) {
  const c = manifest.cases[i];
  const page = await context.newPage();
  const consoleLines = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') consoleLines.push(`${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => consoleLines.push(`pageerror: ${e.message}`));
  const started = Date.now();
  let result;
  try {
    await page.goto(`http://127.0.0.1:${port}/case/${i}/`);
    result = await page.evaluate(async () => {
      try {
        const report = await window.runCase(window.__config);
        return { checks: report.checks, errors: report.errors, notes: report.notes };
      } catch (e) {
        return { checks: 0, errors: ['exception: ' + (e && e.stack || e)], notes: [] };
      }
    });
  } catch (e) {
    result = { checks: 0, errors: ['page: ' + e.message], notes: [] };
  }
  await page.close();
  const ok = result.errors.length === 0 && result.checks > 0;
  if (!ok) failed++;
  const ms = Date.now() - started;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${c.name} [${c.format} in ${c.lib}]: ${result.checks} checks, ${result.errors.length} errors (${ms} ms)`);
  for (const n of result.notes) console.log('     note: ' + n);
  for (const e of result.errors) console.log('     ' + e);
  if (!ok) for (const l of consoleLines.slice(0, 10)) console.log('     console ' + l);
}
await context.close();
server.close();
fs.rmSync(userDataDir, { recursive: true, force: true });
console.log(`${manifest.cases.length - failed} of ${manifest.cases.length} cases passed`);
process.exit(failed ? 1 : 0);
