#!/usr/bin/env node
// compare_json.js EXPECTED.json ACTUAL.json
//
// Compares two JSON documents by value (object key order does not matter, array order
// does). Exit 0 when equal; otherwise 1, listing up to 20 differences by JSON path.
'use strict';

const fs = require('fs');

function load(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    process.stderr.write(`compare_json: cannot read ${file}: ${e.message}\n`);
    process.exit(1);
  }
}

function kind(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function diff(a, b, where, out) {
  if (out.length >= 20) return;
  const ka = kind(a), kb = kind(b);
  if (ka !== kb) {
    out.push(`${where}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
    return;
  }
  if (ka === 'array') {
    if (a.length !== b.length) out.push(`${where}: length ${a.length} vs ${b.length}`);
    for (let i = 0; i < Math.min(a.length, b.length); ++i) diff(a[i], b[i], `${where}[${i}]`, out);
  } else if (ka === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of [...keys].sort()) {
      if (!(k in a)) out.push(`${where}.${k}: missing in the first document`);
      else if (!(k in b)) out.push(`${where}.${k}: missing in the second document`);
      else diff(a[k], b[k], `${where}.${k}`, out);
    }
  } else if (a !== b) {
    out.push(`${where}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
  }
}

const args = process.argv.slice(2);
if (args.length !== 2) {
  process.stderr.write('usage: compare_json.js EXPECTED.json ACTUAL.json\n');
  process.exit(2);
}
const out = [];
diff(load(args[0]), load(args[1]), '$', out);
if (out.length !== 0) {
  process.stderr.write(`compare_json: ${args[0]} and ${args[1]} differ:\n`);
  for (const line of out) process.stderr.write(`  ${line}\n`);
  process.exit(1);
}
