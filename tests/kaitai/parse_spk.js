#!/usr/bin/env node
// parse_spk.js SPK_FILE KSY_FILE
//
// Parses a spritec pack with the Kaitai Struct description of the format (schemas/spk.ksy)
// and prints the pack as a JSON document of exactly the shape of `spritec inspect --json`
// (DESIGN.md section 5), so a test can compare what the format's documentation says with
// what the C++ reader reads. The .ksy is loaded with js-yaml, compiled in memory to
// JavaScript by kaitai-struct-compiler's programmatic API, and evaluated against the
// kaitai-struct runtime: no generated file is kept.
//
// Everything is taken from the .ksy's fields and enums; the only knowledge added here is
// what inspect --json shows (names resolved through STRS, origins untrimmed, then/flip as
// words). 64-bit input masks are re-read as BigInt at the positions the parser recorded
// (the JS runtime reads u8 as a Number, exact only below 2^53).
//
// Exit status: 0 with the document on stdout; 1 when the pack does not parse or breaks a
// rule the document needs (an index out of range, a duplicate section); 2 on usage errors.
'use strict';

const fs = require('fs');
const path = require('path');
const yaml = require('js-yaml');
const compiler = require('kaitai-struct-compiler');
const KaitaiStream = require('kaitai-struct/KaitaiStream');

const kNone = 0xffffffff;

function fail(message) {
  process.stderr.write(`parse_spk: ${message}\n`);
  process.exit(1);
}

async function loadParser(ksyFile) {
  let ksy;
  try {
    ksy = yaml.load(fs.readFileSync(ksyFile, 'utf8'));
  } catch (e) {
    fail(`${ksyFile} is not valid YAML: ${e.message}`);
  }
  let files;
  try {
    // debug mode: fields record their positions (used for the u8 masks); _read() is explicit.
    files = await compiler.compile('javascript', ksy, null, true);
  } catch (e) {
    fail(`kaitai-struct-compiler rejected ${ksyFile}: ${e && e.message ? e.message : e}`);
  }
  const id = ksy.meta.id;
  const className = id.replace(/(^|_)([a-z0-9])/g, (_, __, c) => c.toUpperCase());
  const source = files[`${className}.js`];
  if (source === undefined) fail(`compiler output has no ${className}.js`);
  const mod = {exports: {}};
  const localRequire = (name) =>
      name === 'kaitai-struct/KaitaiStream' ? KaitaiStream : require(name);
  new Function('module', 'exports', 'require', source)(mod, mod.exports, localRequire);
  const Parser = mod.exports[className];
  if (typeof Parser !== 'function') fail(`compiled ${className}.js exports no parser`);
  return Parser;
}

// A u8 field of `obj` read exactly, from where the parser found it.
function exactU64(obj, field) {
  const at = obj._debug[field].start;
  const io = obj._io;
  const saved = io.pos;
  io.seek(at);
  const lo = BigInt(io.readU4le());
  const hi = BigInt(io.readU4le());
  io.seek(saved);
  return (hi << 32n) | lo;
}

function enumName(enumObject, value, what) {
  const name = enumObject[value];
  if (typeof name !== 'string') fail(`unknown ${what} value ${value}`);
  return name.toLowerCase();
}

async function main() {
  const args = process.argv.slice(2);
  if (args.length !== 2) {
    process.stderr.write('usage: parse_spk.js SPK_FILE KSY_FILE\n');
    process.exit(2);
  }
  const [spkFile, ksyFile] = args;
  const Parser = await loadParser(ksyFile);
  const bytes = fs.readFileSync(spkFile);

  let pack;
  try {
    pack = new Parser(new KaitaiStream(bytes));
    pack._read();
  } catch (e) {
    fail(`${spkFile}: ${e && e.message ? e.message : e}`);
  }

  // Sections by tag: the first of each; a known tag listed twice is an error (as in C++).
  const sections = new Map();
  for (const entry of pack.directory) {
    if (sections.has(entry.tag)) fail(`section ${entry.tag} listed twice`);
    sections.set(entry.tag, entry);
  }
  const records = (tag, field) => {
    const entry = sections.get(tag);
    if (entry === undefined) return [];
    try {
      return entry.body[field];
    } catch (e) {
      fail(`section ${tag}: ${e && e.message ? e.message : e}`);
    }
  };
  const stringsEntry = sections.get('STRS');
  const strings = stringsEntry === undefined ? new Uint8Array(0) : stringsEntry.body;
  const decoder = new TextDecoder('utf-8', {fatal: true});
  const str = (ref) => {
    if (ref.ofsStr + ref.lenStr > strings.length) fail('a name lies outside STRS');
    try {
      return decoder.decode(strings.subarray(ref.ofsStr, ref.ofsStr + ref.lenStr));
    } catch (e) {
      fail('a name is not valid UTF-8');
    }
  };

  const pages = records('PAGE', 'pages');
  const frames = records('FRAM', 'frames');
  const actions = records('ACTN', 'actions');
  const steps = records('STEP', 'steps');
  const transitions = records('TRAN', 'transitions');
  const alphaRecords = records('ALPH', 'records');
  if (sections.has('ALPH') && alphaRecords.length !== 1) fail('ALPH must hold one record');
  const alpha = alphaRecords.length === 1 ? alphaRecords[0] : null;
  const inputs = records('INPT', 'names').map(str);
  const events = records('EVNT', 'names').map(str);
  // Format 1.2: boxes and points, relative to the frame's origin pixel (spk.ksy); shown in
  // the untrimmed frame's coordinates (a blank step's as stored), removals as null, each key
  // only when it has entries.
  const shapeNames = records('GNAM', 'names').map(str);
  const shapes = records('SHAP', 'shapes');
  const frameRanges = records('FGEO', 'ranges');
  const stepRanges = records('SGEO', 'ranges');
  const addShapes = (out, range, ox, oy) => {
    if (range === undefined) return out;
    const boxes = {};
    const points = {};
    for (let k = 0; k < range.count; ++k) {
      const sh = index(shapes, range.first + k, 'shape');
      const name = index(shapeNames, sh.name, 'shape name');
      const isBox = enumName(Parser.ShapeKind, sh.kind, 'shape kind') === 'box';
      let value = null;
      if ((sh.flags & 1) === 0) {
        value = isBox ? [sh.x + ox, sh.y + oy, sh.w, sh.h] : [sh.x + ox, sh.y + oy];
      }
      (isBox ? boxes : points)[name] = value;
    }
    if (Object.keys(boxes).length > 0) out.boxes = boxes;
    if (Object.keys(points).length > 0) out.points = points;
    return out;
  };

  const index = (list, i, what) => {
    if (i >= list.length) fail(`${what} index ${i} out of range (${list.length})`);
    return list[i];
  };
  const inputList = (mask) => {
    const names = [];
    for (let i = 0; i < inputs.length; ++i) {
      if ((mask >> BigInt(i)) & 1n) names.push(inputs[i]);
    }
    return names;
  };
  const flipNames = ['', 'x', 'y', 'xy'];

  const doc = {
    format_version: [pack.header.versionMajor, pack.header.versionMinor],
    tick_rate: pack.header.tickRate,
    // ALPH (1.1); absent: straight, not bled.
    page_alpha: alpha === null ? 'straight' : enumName(Parser.PageAlpha, alpha.alpha, 'page alpha'),
    bled: alpha !== null && (alpha.flags & 1) !== 0,
    pages: pages.map((p) => ({width: p.width, height: p.height})),
    frames: frames.map((f, fi) => addShapes({
      name: str(f.name),
      page: f.page,
      x: f.x,
      y: f.y,
      w: f.w,
      h: f.h,
      // The record's origin is relative to the trimmed rectangle; inspect shows it relative
      // to the untrimmed frame (spk.ksy: untrimmed origin = origin + trim).
      origin: [f.originX + f.trimX, f.originY + f.trimY],
      source_size: [f.sourceW, f.sourceH],
      trim: [f.trimX, f.trimY],
    }, frameRanges[fi], f.originX + f.trimX, f.originY + f.trimY)),
    actions: actions.map((a) => {
      const thenKind = enumName(Parser.ThenKind, a.thenKind, 'then_kind');
      const viewLists = [];
      for (let v = 0; v < a.views; ++v) {
        const list = [];
        for (let i = 0; i < a.stepsPerView; ++i) {
          const si = a.firstStep + v * a.stepsPerView + i;
          const s = index(steps, si, 'step');
          const f = s.frame === kNone ? null : index(frames, s.frame, 'frame');
          list.push(addShapes({
            frame: s.frame === kNone ? null : str(index(frames, s.frame, 'frame').name),
            ticks: s.ticks,
            flip: flipNames[s.flip & 3],
            event: s.event === kNone ? null : index(events, s.event, 'event'),
            move: [s.moveX, s.moveY],
          }, stepRanges[si], f ? f.originX + f.trimX : 0, f ? f.originY + f.trimY : 0));
        }
        viewLists.push(list);
      }
      const rules = [];
      for (let t = 0; t < a.numTransitions; ++t) {
        const tr = index(transitions, a.firstTransition + t, 'transition');
        rules.push({
          to: str(index(actions, tr.to, 'action').name),
          when: inputList(exactU64(tr, 'when')),
          unless: inputList(exactU64(tr, 'unless')),
          immediate: (tr.flags & 1) !== 0,
        });
      }
      return {
        name: str(a.name),
        views: a.views,
        first_view: a.firstView,
        mode: enumName(Parser.Mode, a.mode, 'mode'),
        loop_from: a.loopFrom,
        repeat: a.repeat,
        then: thenKind === 'action' ? str(index(actions, a.thenAction, 'action').name) : thenKind,
        reverse: (a.flags & 1) !== 0,
        steps: viewLists,
        transitions: rules,
      };
    }),
  };
  addLayers(doc, sections, records, str);
  process.stdout.write(JSON.stringify(doc, null, 2) + '\n');
}

// Format 1.3 (spk.ksy, SLOT and LORD): a layered master's slots and its order per view, rows
// of (slots + 1) entries back to front (0xFFFFFFFE = self, 0xFFFFFFFF = the row's end); a
// pack with SLOT and no LORD is a piece, with exactly one slot.
function addLayers(doc, sections, records, str) {
  const slots = records('SLOT', 'names').map(str);
  if (!sections.has('LORD')) {
    if (sections.has('SLOT')) {
      if (slots.length !== 1) fail('a piece (SLOT without LORD) must name one slot');
      doc.slot = slots[0];
    }
    return;
  }
  const entries = records('LORD', 'entries');
  const width = slots.length + 1;
  if (entries.length === 0 || entries.length % width !== 0) fail('LORD: not one row per view');
  const order = [];
  for (let row = 0; row < entries.length / width; ++row) {
    const names = [];
    for (let k = 0; k < width; ++k) {
      const e = entries[row * width + k];
      if (e === 0xFFFFFFFF) break;
      if (e === 0xFFFFFFFE) names.push('self');
      else if (e < slots.length) names.push(slots[e]);
      else fail('LORD: a slot index out of range');
    }
    order.push(names);
  }
  doc.layers = {slots, order};
}

main().catch((e) => fail(e && e.stack ? e.stack : String(e)));
