// The page of `spritec serve` (docs/serve.md): follows the server's state over /events, loads
// each good build's packs (spritec-json) and plays them with the project's JavaScript runtime
// (/spritec.mjs): the grid of actions × views, the focused actor, the scene's replay, the
// atlas pages; shows a failed build's diagnostics while the last good build keeps playing.
import { loadPack } from './spritec.mjs';
import { Clock, Session, Cell, SceneRun, cycleTicks } from './model.mjs';
import { prepare, drawWithOverlays, drawActor, actionBounds, checker, outline, PALETTE } from './draw.mjs';

const $ = (id) => document.getElementById(id);
const el = (tag, props, ...kids) => {
  const e = Object.assign(document.createElement(tag), props || {});
  for (const k of kids) e.append(k);
  return e;
};

// --- state -----------------------------------------------------------------------------

const S = {
  state: null, // the latest /state.json document
  build: null, // the loaded build: {id, packs: [{name, doc, pack, images}], scene, replay}
  loading: null, // the build id being loaded
  error: null, // why the latest load failed
  focus: { pack: null, action: null, angle: 0 }, // by name, kept across builds
  session: null,
  playing: true,
  speed: 1,
  loop: true, // start the focused take again once it has ended (holds or is destroyed) for half a second
  ended: 0,
  clock: null,
  grid: { cells: [], clock: null, playing: true, tick: 0, zoom: 0 },
  scene: { run: null, clock: null, playing: true, hold: 0 },
  equip: new Map(), // slot -> piece pack name ('' = empty)
  overlays: { origin: true, bounds: false, shapes: true, slots: false },
  dirty: true,
  waiters: [],
};

const entryOf = (name) => S.build && S.build.packs.find((p) => p.name === name);
const imagesOf = (pack) => {
  for (const p of S.build.packs) if (p.pack === pack) return p.images;
  return [];
};
const pieces = () => (S.build ? S.build.packs.filter((p) => p.pack.pieceSlot !== null) : []);

// --- loading builds ----------------------------------------------------------------------

async function fetchOk(url, how) {
  const r = await fetch(url, { cache: 'no-store' });
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return how === 'json' ? r.json() : r.blob();
}

async function loadBuild(b) {
  const packs = await Promise.all(
    b.packs.map(async (p) => {
      const url = new URL(p.json, location.href);
      const doc = await fetchOk(url, 'json');
      const pack = loadPack(doc);
      const images = await Promise.all(pack.pages.map(async (pg) => createImageBitmap(await fetchOk(new URL(pg.file, url)))));
      return { name: p.name, doc, pack, images };
    }),
  );
  const replay = b.scene ? await fetchOk(new URL(b.scene.replay, location.href), 'json') : null;
  return { id: b.id, packs, scene: b.scene, replay };
}

// Loads the state's builds one at a time until the page holds the latest (states may
// arrive while a build loads: only the newest is installed).
let loader = null;
function follow() {
  if (!loader) loader = loadLatest().finally(() => ((loader = null), settle()));
  settle();
}

const loaded = (want) => S.build && !S.build.stale && S.build.id === want.id;

async function loadLatest() {
  for (;;) {
    const want = S.state && S.state.build;
    if (!want || loaded(want)) return;
    S.loading = want.id;
    renderStatus();
    try {
      const t0 = performance.now();
      const build = await loadBuild(want);
      const t1 = performance.now();
      S.error = null;
      if (S.state.build && S.state.build.id === build.id) {
        install(build);
        S.timing = { build: build.id, waitMs: Math.round(t0 - S.stateAt), loadMs: Math.round(t1 - t0), installMs: Math.round(performance.now() - t1) };
      }
    } catch (e) {
      S.error = `could not load build ${want.id}: ${e.message}`;
      console.error(e);
      return;
    } finally {
      S.loading = null;
    }
  }
}

function settle() {
  renderStatus();
  // Not before the server's first build attempt (generation 1) has been reported.
  if (!S.state || !(S.state.generation >= 1) || loader) return;
  if (S.state.build && !loaded(S.state.build) && !S.error) return;
  const waiters = S.waiters;
  S.waiters = [];
  for (const w of waiters) w();
}

function onState(doc) {
  // A generation going back is another server (restarted): its build ids start again.
  if (S.state && doc.generation < S.state.generation && S.build) S.build.stale = true;
  S.state = doc;
  S.stateAt = performance.now();
  S.error = null;
  renderDiagnostics();
  follow();
}

function connect() {
  const es = new EventSource('/events');
  es.addEventListener('state', (e) => {
    $('link').className = 'dot live';
    onState(JSON.parse(e.data));
  });
  es.onerror = () => {
    $('link').className = 'dot lost';
    $('link').title = 'connection lost: reconnecting…';
  };
  es.onopen = () => {
    $('link').className = 'dot live';
    $('link').title = 'connected to spritec serve';
  };
}

// --- installing a build, keeping the focus --------------------------------------------------

function install(build) {
  const prev = S.session;
  const tick = prev ? prev.tick : 0;
  const calls = prev ? prev.calls : [];
  const sceneTick = S.scene.run ? S.scene.run.tick : 0;
  S.build = build;

  // The focused pack and action by name; else the first pack that is not a piece.
  let entry = entryOf(S.focus.pack) || build.packs.find((p) => p.pack.pieceSlot === null) || build.packs[0];
  S.focus.pack = entry.name;
  if (entry.pack.findAction(S.focus.action) < 0) S.focus.action = entry.pack.actionNames[0] || null;
  for (const slot of entry.pack.layered ? entry.pack.slots : []) if (!S.equip.has(slot)) S.equip.set(slot, defaultPiece(slot));
  S.clock = new Clock(entry.pack.tickRate);
  S.grid.clock = new Clock(entry.pack.tickRate);
  S.grid.tick = 0; // the grid's cells start again; the focus keeps its tick
  newSession(tick, calls);

  S.scene.run = build.replay ? new SceneRun(build.replay, build.replay.packs.map((p, i) => build.packs[i].pack)) : null;
  S.scene.clock = build.replay ? new Clock(build.replay.tick_rate) : null;
  if (S.scene.run) S.scene.run.seek(sceneTick);

  renderPackSelect();
  buildGrid();
  buildInputs();
  buildSlots();
  buildLegend();
  buildAtlas();
  buildScene();
  S.dirty = true;
}

function defaultPiece(slot) {
  const p = pieces().find((e) => e.pack.pieceSlot === slot);
  return p ? p.name : '';
}

function equipper() {
  const entry = entryOf(S.focus.pack);
  return (actor) => {
    if (!actor.pack.layered) return;
    for (const slot of actor.pack.slots) {
      const name = S.equip.get(slot);
      const piece = name ? entryOf(name) : null;
      try {
        if (piece) actor.equip(piece.pack);
        else actor.unequip(slot);
      } catch (e) {
        console.warn(`${name} does not fit ${entry && entry.name}: ${e.message}`);
      }
    }
  };
}

function newSession(tick, calls) {
  const entry = entryOf(S.focus.pack);
  const action = entry.pack.findAction(S.focus.action);
  if (action < 0) {
    S.session = null;
    return;
  }
  S.session = new Session(entry.pack, action, S.focus.angle, equipper());
  if (calls && calls.length) {
    S.session.calls = calls.filter((c) => c.kind === 'angle' || entry.pack.findInput(c.value) >= 0);
    S.session.reset();
  }
  S.session.seek(tick || 0);
  S.clock.reset();
  S.dirty = true;
}

// --- the grid ---------------------------------------------------------------------------------

function gridZoom(pack) {
  if (S.grid.zoom) return S.grid.zoom;
  let big = 1;
  for (let a = 0; a < pack.actions.length; ++a) {
    const b = actionBounds(pack, a, pieces().map((p) => p.pack));
    big = Math.max(big, b.right - b.left, b.bottom - b.top);
  }
  return Math.max(1, Math.min(6, Math.floor(150 / big)));
}

function buildGrid() {
  const entry = entryOf(S.focus.pack);
  const pack = entry.pack;
  const z = gridZoom(pack);
  const box = $('cells');
  box.replaceChildren();
  S.grid.cells = [];
  const equip = equipper();
  const pcs = pack.layered ? pieces().map((p) => p.pack) : [];
  pack.actions.forEach((act, a) => {
    const b = actionBounds(pack, a, pcs);
    const pad = 2;
    const w = (b.right - b.left + 2 * pad) * z, h = (b.bottom - b.top + 2 * pad) * z;
    const row = el('div', { className: 'row' });
    const cyc = cycleTicks(pack, a);
    row.append(el('div', { className: 'row-name', title: act.name }, act.name, el('small', {}, `${act.modeName} · ${cyc}t${act.views > 1 ? ` · ${act.views}v` : ''}`)));
    const cellsBox = el('div', { className: 'row-cells' });
    for (let v = 0; v < act.views; ++v) {
      const cell = new Cell(pack, a, v, equip);
      for (let t = 0; t < S.grid.tick; ++t) cell.tick();
      const canvas = el('canvas', { width: w, height: h });
      const div = el('div', { className: 'cell', title: `${act.name}, view ${v} (${cell.angle}°)` }, canvas);
      div.append(el('span', { className: 'tag' }, act.views > 1 ? `${cell.angle}°` : '\u00a0'));
      div.addEventListener('click', () => focus(entry.name, act.name, cell.angle));
      cell.canvas = canvas;
      cell.div = div;
      cell.ctx = prepare(canvas.getContext('2d'));
      cell.v = { ox: (pad - b.left) * z, oy: (pad - b.top) * z, z };
      S.grid.cells.push(cell);
      cellsBox.append(div);
    }
    row.append(cellsBox);
    box.append(row);
  });
  const sel = $('grid-zoom');
  sel.replaceChildren(el('option', { value: '0' }, `auto (${gridZoom(pack)}×)`), ...[1, 2, 3, 4, 6, 8].map((n) => el('option', { value: String(n) }, `${n}×`)));
  sel.value = String(S.grid.zoom);
  markFocusedCell();
}

function markFocusedCell() {
  const s = S.session;
  // The cell of what the focus shows now (after a switch: the action it switched to).
  for (const c of S.grid.cells) c.div.classList.toggle('focused', !!s && c.action === s.actor.actionIndex && s.actor.view === c.view);
}

function drawCells() {
  const o = { ...S.overlays, labels: false };
  for (const c of S.grid.cells) {
    c.ctx.clearRect(0, 0, c.canvas.width, c.canvas.height);
    drawWithOverlays(c.ctx, c.actor, 0, 0, c.v, imagesOf, o);
  }
}

// --- the focus panel ---------------------------------------------------------------------------

function focus(packName, action, angle) {
  const entry = entryOf(packName);
  if (!entry) throw new Error(`no pack ${packName}`);
  if (entry.pack.findAction(action) < 0) throw new Error(`pack ${packName} has no action ${action}`);
  const packChanged = packName !== S.focus.pack;
  S.focus = { pack: packName, action, angle: angle === undefined ? S.session ? S.session.actor.angle : 0 : angle };
  if (packChanged) {
    for (const slot of entry.pack.layered ? entry.pack.slots : []) if (!S.equip.has(slot)) S.equip.set(slot, defaultPiece(slot));
    S.clock = new Clock(entry.pack.tickRate);
    S.grid.clock = new Clock(entry.pack.tickRate);
    S.grid.tick = 0;
  }
  newSession(0, []);
  if (packChanged) {
    renderPackSelect();
    buildGrid();
    buildSlots();
    buildLegend();
    buildAtlas();
  }
  buildInputs();
  markFocusedCell();
  S.dirty = true;
}

let focusView = { ox: 0, oy: 0, z: 4 };
function layoutFocus() {
  const s = S.session;
  const canvas = $('focus-canvas');
  const pack = s.pack;
  const b = actionBounds(pack, s.action, pack.layered ? pieces().map((p) => p.pack) : []);
  const w = b.right - b.left + 16, h = b.bottom - b.top + 16;
  const z = Math.max(1, Math.min(12, Math.floor(Math.min(canvas.width / w, canvas.height / h))));
  // The origin pixel at a fixed place: the frame's box centred; the floor slides instead.
  focusView = { z, ox: Math.floor((canvas.width - (b.right + b.left) * z) / 2), oy: Math.floor((canvas.height - (b.bottom + b.top) * z) / 2) };
}

function drawFocus() {
  const s = S.session;
  const canvas = $('focus-canvas');
  const ctx = prepare(canvas.getContext('2d'));
  if (!s) {
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    return;
  }
  layoutFocus();
  const a = s.actor, v = focusView;
  const px = Math.floor(a.x + 0.5), py = Math.floor(a.y + 0.5);
  checker(ctx, canvas.width, canvas.height, 4 * v.z, -px * v.z, -py * v.z);
  // The actor drawn at its origin pixel's place (0, 0) of the view: x, y shift the floor.
  const view = { ox: v.ox - px * v.z, oy: v.oy - py * v.z, z: v.z };
  drawWithOverlays(ctx, a, a.x, a.y, view, imagesOf, { ...S.overlays, labels: true });
}

function fmt(n) {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 1000) / 1000);
}

function renderInfo() {
  const s = S.session;
  if (!s) return;
  const a = s.actor, pack = s.pack;
  const act = pack.actions[a.actionIndex];
  const rec = a.stepRecord;
  const rows = [
    ['tick', `${s.tick}`],
    ['action', `${a.action}${a.holding ? ' (holding)' : ''}${a.destroyed ? ' (destroyed)' : ''}`],
    ['step', `${a.step} of ${act ? act.stepsPerView : 0} · ${rec >= 0 ? pack.stepTicks(rec) : 0} ticks (${fmt(a.countdown / 1000)} left)`],
    ['view', `${a.view} of ${act ? act.views : 0} · angle ${a.angle}°`],
    ['frame', a.frameName === '' ? '(blank)' : a.frameName],
    ['flip', a.flip === '' ? 'none' : a.flip],
    ['position', `${fmt(a.x)}, ${fmt(a.y)}`],
  ];
  $('info').replaceChildren(...rows.map(([k, v]) => el('tr', {}, el('td', {}, k), el('td', {}, v))));
  $('focus-name').textContent = `${S.focus.pack} · ${S.focus.action} from ${s.angle0}°`;
  $('f-play').textContent = S.playing ? '❚❚' : '▶';
  const scrub = $('f-scrub');
  scrub.max = String(Math.max(s.reached, 2 * cycleTicks(pack, s.action), pack.tickRate));
  scrub.value = String(s.tick);
  if (document.activeElement !== $('angle')) $('angle').value = String(a.angle);
  drawDial();
  renderLog();
  for (const b of $('inputs').querySelectorAll('button')) b.classList.toggle('on', s.held(b.dataset.input));
  const reads = inputsRead(pack, a.actionIndex);
  for (const b of $('inputs').querySelectorAll('button')) b.classList.toggle('reads', reads.has(b.dataset.input));
}

let logKey = '';
function renderLog() {
  const log = S.session.log;
  const key = `${S.session.tick}:${log.length}:${log.length ? log[log.length - 1].tick : -1}`;
  if (key === logKey) return;
  logKey = key;
  const items = [];
  for (let i = log.length - 1; i >= 0 && items.length < 80; --i) {
    const e = log[i];
    items.push(el('li', { className: e.kind }, el('span', { className: 't' }, `t ${e.tick}`), e.text));
  }
  $('log').replaceChildren(...items);
}

function drawDial() {
  const c = $('dial');
  const ctx = c.getContext('2d');
  const s = S.session;
  const r = 40, cx = 52, cy = 52;
  ctx.clearRect(0, 0, c.width, c.height);
  ctx.strokeStyle = '#3a3f46';
  ctx.fillStyle = '#1a1c20';
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, 2 * Math.PI);
  ctx.fill();
  ctx.stroke();
  const act = s.pack.actions[s.actor.actionIndex];
  if (act && act.views > 1) {
    // The views' sectors: boundaries half a view either side of each view's angle.
    for (let v = 0; v < act.views; ++v) {
      const mid = ((act.firstView + (v * 360) / act.views) * Math.PI) / 180, half = Math.PI / act.views;
      ctx.beginPath();
      ctx.moveTo(cx, cy);
      ctx.arc(cx, cy, r - 2, mid - half, mid + half);
      ctx.closePath();
      ctx.fillStyle = v === s.actor.view ? 'rgba(74,163,255,0.28)' : 'rgba(255,255,255,0.03)';
      ctx.fill();
      ctx.strokeStyle = '#2e3238';
      ctx.stroke();
    }
  }
  const ang = (s.actor.angle * Math.PI) / 180;
  ctx.strokeStyle = '#e8eaed';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(cx, cy);
  ctx.lineTo(cx + Math.cos(ang) * (r - 4), cy + Math.sin(ang) * (r - 4));
  ctx.stroke();
  ctx.lineWidth = 1;
  ctx.fillStyle = '#7d848e';
  ctx.font = '9px sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('E', cx + r + 7, cy);
  ctx.fillText('S', cx, cy + r + 7);
  ctx.fillText('W', cx - r - 7, cy);
  ctx.fillText('N', cx, cy - r - 7);
}

function setupDial() {
  const c = $('dial');
  let dragging = false;
  const turn = (e) => {
    const rect = c.getBoundingClientRect();
    const dx = e.clientX - rect.left - rect.width / 2, dy = e.clientY - rect.top - rect.height / 2;
    if (dx * dx + dy * dy < 4) return;
    let a = Math.round((Math.atan2(dy, dx) * 180) / Math.PI);
    if (e.shiftKey) a = Math.round(a / 45) * 45;
    setAngle(a);
  };
  c.addEventListener('pointerdown', (e) => {
    dragging = true;
    c.setPointerCapture(e.pointerId);
    turn(e);
  });
  c.addEventListener('pointermove', (e) => dragging && turn(e));
  c.addEventListener('pointerup', () => (dragging = false));
  $('angle').addEventListener('change', () => setAngle(Number($('angle').value) || 0));
}

function setAngle(a) {
  const s = S.session;
  const norm = ((Math.round(a) % 360) + 360) % 360;
  if (norm === s.actor.angle) return;
  s.record('angle', norm);
  S.dirty = true;
  markFocusedCell();
}

function turnOneView(dir) {
  const s = S.session;
  const act = s.pack.actions[s.actor.actionIndex];
  setAngle(s.actor.angle + dir * (act ? 360 / act.views : 45));
}

// The inputs an action's transitions read (`when` and `unless`).
function inputsRead(pack, action) {
  const out = new Set();
  const entry = S.build.packs.find((p) => p.pack === pack);
  const act = entry && entry.doc.actions[action];
  for (const t of (act && act.transitions) || []) for (const i of [...(t.when || []), ...(t.unless || [])]) out.add(pack.inputNames[i]);
  return out;
}

function buildInputs() {
  const box = $('inputs');
  box.replaceChildren();
  const s = S.session;
  if (!s || s.pack.inputNames.length === 0) return;
  box.append(el('span', { className: 'dim' }, 'inputs'));
  s.pack.inputNames.forEach((name, i) => {
    const b = el('button', { title: `held while pressed${i < 9 ? ` (key ${i + 1})` : ''}` }, name);
    if (i < 9) b.append(el('kbd', {}, String(i + 1)));
    b.dataset.input = name;
    b.addEventListener('pointerdown', (e) => {
      b.setPointerCapture(e.pointerId);
      press(name);
    });
    b.addEventListener('pointerup', () => release(name));
    b.addEventListener('pointercancel', () => release(name));
    box.append(b);
  });
}

function press(input) {
  const s = S.session;
  if (s.pack.findInput(input) < 0) throw new Error(`no input ${input}`);
  if (!s.held(input)) s.record('press', input);
  S.dirty = true;
}

function release(input) {
  const s = S.session;
  if (s.pack.findInput(input) < 0) throw new Error(`no input ${input}`);
  if (s.held(input)) s.record('release', input);
  S.dirty = true;
}

function buildSlots() {
  const box = $('slots');
  box.replaceChildren();
  const entry = entryOf(S.focus.pack);
  if (!entry || !entry.pack.layered) return;
  box.append(el('span', { className: 'dim' }, 'equipment'));
  entry.pack.slots.forEach((slot, i) => {
    const sel = el('select', { title: `what slot ${slot} wears` }, el('option', { value: '' }, '(empty)'));
    for (const p of pieces()) if (p.pack.pieceSlot === slot) sel.append(el('option', { value: p.name }, p.name));
    sel.value = S.equip.get(slot) || '';
    sel.addEventListener('change', () => equipSlot(slot, sel.value));
    box.append(el('label', {}, el('span', { className: 'swatch', style: `background:${PALETTE[i % PALETTE.length]}` }), `${slot} `, sel));
  });
}

function equipSlot(slot, name) {
  S.equip.set(slot, name || '');
  const equip = equipper();
  if (S.session) equip(S.session.actor);
  for (const c of S.grid.cells) equip(c.actor);
  buildAtlas();
  S.dirty = true;
}

function buildLegend() {
  const box = $('legend');
  box.replaceChildren();
  const entry = entryOf(S.focus.pack);
  if (!entry) return;
  entry.pack.shapeNames.forEach((n, i) => box.append(el('span', {}, el('span', { className: 'swatch', style: `background:${PALETTE[i % PALETTE.length]}` }), n)));
}

// --- the atlas pages ----------------------------------------------------------------------------

let atlasKey = '';
function buildAtlas() {
  atlasKey = '';
  const box = $('pages');
  box.replaceChildren();
  const entry = entryOf(S.focus.pack);
  if (!entry) return;
  const shown = [entry, ...(entry.pack.layered ? pieces().filter((p) => [...S.equip.values()].includes(p.name)) : [])];
  S.atlas = [];
  for (const e of shown)
    e.pack.pages.forEach((pg, k) => {
      const z = Math.max(1, Math.min(4, Math.floor(400 / Math.max(pg.width, pg.height))));
      const canvas = el('canvas', { width: pg.width * z, height: pg.height * z });
      box.append(el('figure', {}, el('figcaption', {}, `${e.name} · ${pg.file} · ${pg.width}×${pg.height}`), canvas));
      S.atlas.push({ entry: e, page: k, canvas, z });
    });
  $('atlas-info').textContent = `${shown.reduce((n, e) => n + e.pack.pages.length, 0)} page(s)`;
}

function drawAtlas() {
  const s = S.session;
  if (!s || !S.atlas) return;
  const layers = [];
  s.actor.forEachLayer((l) => layers.push({ pack: l.pack, frame: l.frame, slot: l.slot }));
  const key = layers.map((l) => `${l.frame}`).join(',') + `|${S.build.id}`;
  if (key === atlasKey) return;
  atlasKey = key;
  for (const a of S.atlas) {
    const ctx = prepare(a.canvas.getContext('2d'));
    ctx.clearRect(0, 0, a.canvas.width, a.canvas.height);
    ctx.drawImage(a.entry.images[a.page], 0, 0, a.canvas.width, a.canvas.height);
    const here = layers.filter((l) => l.pack === a.entry.pack && l.pack.frames[l.frame].page === a.page);
    if (here.length) {
      ctx.fillStyle = 'rgba(10,12,14,0.55)';
      ctx.fillRect(0, 0, a.canvas.width, a.canvas.height);
    }
    for (const l of here) {
      const f = l.pack.frames[l.frame];
      ctx.drawImage(a.entry.images[a.page], f.x, f.y, f.w, f.h, f.x * a.z, f.y * a.z, f.w * a.z, f.h * a.z);
      outline(ctx, f.x, f.y, f.w, f.h, { ox: 0, oy: 0, z: a.z }, l.slot < 0 || !s.pack.layered ? '#ffd45d' : PALETTE[l.slot % PALETTE.length]);
    }
  }
}

// --- the scene --------------------------------------------------------------------------------

let stageView = { ox: 0, oy: 0, z: 1 };
function buildScene() {
  const run = S.scene.run;
  $('scene').hidden = !run;
  if (!run) return;
  const sc = S.build.scene;
  const z = Math.max(1, Math.min(8, Math.floor(640 / sc.width), Math.floor(360 / sc.height)));
  const canvas = $('stage');
  canvas.width = sc.width * z;
  canvas.height = sc.height * z;
  stageView = { ox: 0, oy: 0, z };
  $('scene-scrub').max = String(run.last);
  $('scene-info').textContent = `${sc.width}×${sc.height} · ${run.replay.actors.length} actors · ticks 0..${run.last} · ${z}×`;
}

// A click on the stage focuses the actor drawn there (the top one): its pack, its action,
// its angle.
function stageClick(e) {
  const run = S.scene.run;
  if (!run) return;
  const canvas = $('stage'), r = canvas.getBoundingClientRect();
  const wx = ((e.clientX - r.left) * canvas.width) / r.width / stageView.z, wy = ((e.clientY - r.top) * canvas.height) / r.height / stageView.z;
  for (let i = run.actors.length - 1; i >= 0; --i) {
    const a = run.actors[i];
    if (!a || a.actionIndex < 0) continue;
    let hit = false;
    a.forEachLayer((l) => {
      const p = l.pack.placeFrame(l.frame, (l.flipX ? 1 : 0) | (l.flipY ? 2 : 0), a.x, a.y);
      if (wx >= p.left && wx < p.left + p.w && wy >= p.top && wy < p.top + p.h) hit = true;
    });
    const entry = hit && S.build.packs.find((p) => p.pack === a.pack);
    if (entry) return focus(entry.name, a.action, a.angle);
  }
}

function drawScene() {
  const run = S.scene.run;
  if (!run) return;
  const sc = S.build.scene;
  const canvas = $('stage');
  const ctx = prepare(canvas.getContext('2d'));
  if (sc.background) {
    checker(ctx, canvas.width, canvas.height, 8, 0, 0);
    ctx.fillStyle = sc.background.length === 9 ? sc.background : sc.background;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  } else checker(ctx, canvas.width, canvas.height, 8, 0, 0);
  const o = { ...S.overlays, slots: false, labels: false };
  for (const a of run.actors) if (a) drawWithOverlays(ctx, a, a.x, a.y, stageView, imagesOf, o);
  $('scene-tick').textContent = `tick ${run.tick} / ${run.last}`;
  $('scene-scrub').value = String(run.tick);
  $('scene-play').textContent = S.scene.playing ? '❚❚' : '▶';
}

// --- header, diagnostics ------------------------------------------------------------------------

function renderPackSelect() {
  const sel = $('pack');
  sel.replaceChildren(...S.build.packs.map((p) => el('option', { value: p.name }, p.pack.pieceSlot ? `${p.name} (${p.pack.pieceSlot})` : p.name)));
  sel.value = S.focus.pack;
}

function renderStatus() {
  const st = S.state;
  if (!st) return;
  $('input').textContent = `${st.input} (${st.kind})`;
  const parts = [`generation ${st.generation}`];
  if (S.build) parts.push(`build ${S.build.id}`);
  if (S.loading !== null) parts.push(`loading ${S.loading}…`);
  if (S.error) parts.push(S.error);
  $('build').textContent = parts.join(' · ');
  document.title = `${st.diagnostics ? '✖ ' : ''}spritec serve — ${st.input}`;
}

function renderDiagnostics() {
  const d = S.state.diagnostics;
  const pre = $('diagnostics');
  pre.hidden = !d;
  pre.textContent = d || '';
  const good = S.state.build ? `build ${S.state.build.id} keeps playing` : 'no build has succeeded yet';
  pre.dataset.title = `build ${S.state.generation} failed — ${good}`;
}

// --- the loop ----------------------------------------------------------------------------------

let last = null;
function frame(now) {
  const ms = last === null ? 0 : Math.min(now - last, 1000);
  last = now;
  if (S.build && S.session) {
    if (S.playing) {
      const n = S.clock.advance(ms, S.speed);
      for (let i = 0; i < n; ++i) {
        S.session.stepOne();
        const a = S.session.actor;
        if (S.loop && (a.holding || a.destroyed) && ++S.ended > S.session.pack.tickRate / 2) {
          S.ended = 0;
          S.session.seek(0); // the same take again: the recorded calls are kept
        } else if (!(a.holding || a.destroyed)) S.ended = 0;
      }
      if (n) S.dirty = true;
    }
    if (S.grid.playing) {
      const n = S.grid.clock.advance(ms, 1);
      for (let i = 0; i < n; ++i) {
        for (const c of S.grid.cells) c.tick();
        S.grid.tick++;
      }
      if (n) S.gridDirty = true;
    }
    if (S.scene.run && S.scene.playing) {
      const run = S.scene.run;
      const n = S.scene.clock.advance(ms, 1);
      for (let i = 0; i < n; ++i) {
        if (run.tick < run.last) run.stepOne();
        else if (++S.scene.hold > run.replay.tick_rate) {
          // At the end: a second's pause, then from the start again.
          S.scene.hold = 0;
          run.seek(0);
        }
      }
      if (n) S.sceneDirty = true;
    }
  }
  render();
  requestAnimationFrame(frame);
}

function render() {
  if (!S.build) return;
  if (S.dirty || S.gridDirty) {
    drawCells();
    markFocusedCell();
  }
  if (S.dirty && S.session) {
    drawFocus();
    renderInfo();
    drawAtlas();
  }
  if (S.dirty || S.sceneDirty) drawScene();
  S.dirty = S.gridDirty = S.sceneDirty = false;
}

// --- controls ----------------------------------------------------------------------------------

function play() {
  S.playing = true;
  S.clock.reset();
  S.dirty = true;
}
function pause() {
  S.playing = false;
  S.dirty = true;
}
function step(n) {
  S.session.seek(S.session.tick + n);
  S.dirty = true;
}
function seek(t) {
  S.session.seek(t);
  S.dirty = true;
}

function setupControls() {
  $('f-play').onclick = () => (S.playing ? pause() : play());
  $('f-back').onclick = () => (pause(), step(-1));
  $('f-fwd').onclick = () => (pause(), step(1));
  $('f-restart').onclick = () => seek(0);
  $('f-scrub').addEventListener('input', (e) => (pause(), seek(Number(e.target.value))));
  $('f-speed').addEventListener('change', (e) => (S.speed = Number(e.target.value)));
  $('f-loop').checked = S.loop;
  $('f-loop').addEventListener('change', (e) => (S.loop = e.target.checked));
  // Buttons never take the keyboard's focus: Space and the arrows stay the page's keys.
  document.addEventListener('mousedown', (e) => e.target.closest && e.target.closest('button') && e.preventDefault());
  $('pack').addEventListener('change', (e) => {
    const entry = entryOf(e.target.value);
    focus(entry.name, entry.pack.actionNames[0], S.session ? S.session.actor.angle : 0);
  });
  $('grid-play').onclick = () => toggleGrid();
  $('grid-zoom').addEventListener('change', (e) => {
    S.grid.zoom = Number(e.target.value);
    buildGrid();
    S.dirty = true;
  });
  for (const k of Object.keys(S.overlays)) {
    const box = $(`ov-${k}`);
    box.checked = S.overlays[k];
    box.addEventListener('change', () => {
      S.overlays[k] = box.checked;
      S.dirty = true;
    });
  }
  $('scene-play').onclick = () => (S.scene.playing = !S.scene.playing, S.sceneDirty = true);
  $('scene-back').onclick = () => sceneSeek(S.scene.run.tick - 1);
  $('scene-fwd').onclick = () => sceneSeek(S.scene.run.tick + 1);
  $('scene-scrub').addEventListener('input', (e) => sceneSeek(Number(e.target.value)));
  $('stage').addEventListener('click', stageClick);
  setupDial();
  setupKeys();
}

// The grid paused on tick t of its clock (every cell started again and run t ticks).
function gridSeek(t) {
  if (S.grid.playing) toggleGrid();
  for (const c of S.grid.cells) {
    c.restart();
    for (let i = 0; i < t; ++i) c.tick();
  }
  S.grid.tick = t;
  S.gridDirty = true;
}

function toggleGrid() {
  S.grid.playing = !S.grid.playing;
  $('grid-play').textContent = S.grid.playing ? '❚❚ grid' : '▶ grid';
}

function sceneSeek(t) {
  if (!S.scene.run) return;
  S.scene.playing = false;
  S.scene.hold = 0;
  S.scene.run.seek(t);
  S.sceneDirty = true;
}

function toggleOverlay(k) {
  S.overlays[k] = !S.overlays[k];
  $(`ov-${k}`).checked = S.overlays[k];
  S.dirty = true;
}

function setupKeys() {
  const held = new Set();
  addEventListener('keydown', (e) => {
    if (!S.session || e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (t && (t.tagName === 'INPUT' && t.type === 'number' || t.tagName === 'SELECT')) return;
    const k = e.key;
    if (/^[1-9]$/.test(k)) {
      const name = S.session.pack.inputNames[Number(k) - 1];
      if (name && !held.has(k)) {
        held.add(k);
        press(name);
      }
    } else if (e.repeat) return;
    else if (k === ' ') S.playing ? pause() : play();
    else if (k === 'ArrowLeft') (pause(), step(-1));
    else if (k === 'ArrowRight') (pause(), step(1));
    else if (k === 'Home') seek(0);
    else if (k === '[') turnOneView(-1);
    else if (k === ']') turnOneView(1);
    else if (k === 'o' || k === 'O') toggleOverlay('origin');
    else if (k === 'b' || k === 'B') toggleOverlay('bounds');
    else if (k === 'x' || k === 'X') toggleOverlay('shapes');
    else if (k === 'l' || k === 'L') toggleOverlay('slots');
    else if (k === 'p' || k === 'P') S.scene.run && (S.scene.playing = !S.scene.playing);
    else if (k === 'g' || k === 'G') toggleGrid();
    else return;
    e.preventDefault();
  });
  addEventListener('keyup', (e) => {
    if (held.has(e.key)) {
      held.delete(e.key);
      const name = S.session && S.session.pack.inputNames[Number(e.key) - 1];
      if (name) release(name);
    }
  });
}

// --- window.spritec: the debug API (docs/serve.md) --------------------------------------------

function need() {
  if (!S.session) throw new Error('no build loaded yet (await spritec.ready())');
  return S.session;
}

// The focused drawing's pixel at (dx, dy) from the actor's origin pixel, as drawn from the
// loaded pages (no overlays, no zoom): [r, g, b, a].
const pixelCanvas = document.createElement('canvas');
pixelCanvas.width = pixelCanvas.height = 1024;
function pixel(dx, dy) {
  const a = need().actor;
  const ctx = pixelCanvas.getContext('2d', { willReadFrequently: true });
  ctx.clearRect(0, 0, 1024, 1024);
  drawActor(ctx, a, 0, 0, { ox: 512, oy: 512, z: 1 }, imagesOf);
  return [...ctx.getImageData(512 + dx, 512 + dy, 1, 1).data];
}

window.spritec = {
  ready: () => new Promise((resolve) => (S.waiters.push(resolve), settle())),
  get generation() {
    return S.state ? S.state.generation : 0;
  },
  get buildId() {
    return S.build ? S.build.id : null;
  },
  state: () => S.state,
  packs: () => (S.build ? S.build.packs.map((p) => p.name) : []),
  actions: (pack) => entryOf(pack).pack.actionNames.slice(),
  focus: (pack, action, angle) => focus(pack, action, angle),
  pause,
  play,
  step: (n = 1) => step(n),
  seek: (t) => seek(t),
  setAngle: (a) => setAngle(a),
  press: (input) => press(input),
  release: (input) => release(input),
  equip: (slot, piece) => equipSlot(slot, piece),
  overlays: (o) => (Object.assign(S.overlays, o), Object.keys(S.overlays).forEach((k) => ($(`ov-${k}`).checked = S.overlays[k])), (S.dirty = true), { ...S.overlays }),
  focused: () => ({ pack: S.focus.pack, ...need().state() }),
  log: () => need().log.map((e) => ({ ...e })),
  setLoop: (on) => ((S.loop = !!on), ($('f-loop').checked = S.loop)),
  diagnostics: () => (S.state ? S.state.diagnostics : null),
  pixel,
  timing: () => S.timing || null,
  scene: () => (S.scene.run ? { tick: S.scene.run.tick, lastTick: S.scene.run.last, playing: S.scene.playing, actors: S.scene.run.state() } : null),
  scenePause: () => ((S.scene.playing = false), (S.sceneDirty = true)),
  scenePlay: () => ((S.scene.playing = true), (S.sceneDirty = true)),
  sceneSeek: (t) => sceneSeek(t),
  sceneStep: (n = 1) => sceneSeek(S.scene.run.tick + n),
  gridSeek: (t) => gridSeek(t),
};

setupControls();
connect();
requestAnimationFrame(frame);
