// What the differential cases exercise, counted from the cases themselves (the packs, the
// calls and the C++ player's records), so that a change to make_cases that stops reaching a
// part of the action model fails the test instead of passing on easier cases. Each feature
// is counted once per case that shows it; FEATURES gives the least number of cases in
// 10,000 that must show it (about a third of what seed 1 gives, so another seed passes too).
const FEATURES = {
  "a loop action played": 3000,
  "a pingpong action played": 3000,
  "a once action played": 3000,
  "a pingpong action walking back": 1000,
  "a reversed action played": 1000,
  "a loop going back to loop_from > 0": 300,
  "a finished event": 2000,
  "then: hold holding its last step": 1000,
  "then: destroy": 500,
  "then: an action switched to": 500,
  "a rule switching actions": 1000,
  "an immediate rule switching before the step ran out": 300,
  "a rule switching on inputs 32..63": 30,
  "more than one view": 3000,
  "a turn changing the view mid-action": 1000,
  "events past the buffer's 32 dropped": 5,
  "a speed of 0 or less": 1000,
  "a speed over 1": 1000,
  "an angle outside 0..359": 2000,
  "a blank step shown": 1000,
  "a flipped frame shown": 3000,
  "boxes or points shown": 3000,
  "a step's removal of its frame's shape shown": 300,
  "a layered master with a piece drawn": 1000,
  "a piece that fits": 1000,
  "a piece with its own timing": 150,
  "piece check: unknown-slot": 20,
  "piece check: not-piece": 20,
  "piece check: not-layered": 100,
  "piece check: action": 20,
  "piece check: views": 20,
  "piece check: steps": 20,
  "ticks driven by advance()": 1000,
  "a pack of 24 ticks/s": 300,
  "a pack of 12 ticks/s": 300,
  "equip and unequip between ticks": 300,
  "play with restart": 1000,
  "the position set between ticks": 1000,
};

export class Coverage {
  constructor() {
    this.counts = Object.fromEntries(Object.keys(FEATURES).map((k) => [k, 0]));
  }

  add(c) {
    const seen = new Set();
    this._pack(c, seen);
    this._ticks(c, seen);
    for (const k of seen) {
      if (!(k in this.counts)) throw new Error(`coverage: unknown feature ${k}`);
      this.counts[k] += 1;
    }
  }

  _pack(c, seen) {
    if (c.pack.tick_rate === 24) seen.add("a pack of 24 ticks/s");
    if (c.pack.tick_rate === 12) seen.add("a pack of 12 ticks/s");
    for (const p of c.pieces) {
      if (p.check.mismatch === "fits") seen.add("a piece that fits");
      else seen.add(`piece check: ${p.check.mismatch}`);
      if (p.check.timing !== null) seen.add("a piece with its own timing");
    }
  }

  _ticks(c, seen) {
    let prev = null;
    let speed = c.init.speed ?? 1000;
    let held = 0n; // inputs held (bits), to tell a rule over inputs 32..63
    const inputs = c.pack.inputs;
    let rec = null;
    c.ticks.forEach((tick, t) => {
      const ops = tick.o ?? [];
      const kinds = new Set(ops.map((o) => o[0]));
      for (const op of ops) {
        if (op[0] === "speed" || op[0] === "speed_x") {
          speed = op[1];
          if (speed <= 0) seen.add("a speed of 0 or less");
          if (speed > 1000) seen.add("a speed over 1");
        }
        if (op[0] === "angle" && (op[1] < 0 || op[1] > 359)) seen.add("an angle outside 0..359");
        if (op[0] === "advance") seen.add("ticks driven by advance()");
        if (op[0] === "equip" || op[0] === "unequip") seen.add("equip and unequip between ticks");
        if (op[0] === "play" && op[2]) seen.add("play with restart");
        if (op[0] === "place") seen.add("the position set between ticks");
        if (op[0] === "hold") {
          const i = typeof op[1] === "number" ? op[1] : inputs.indexOf(op[1]);
          if (i >= 0 && i < 64) held = op[2] ? held | (1n << BigInt(i)) : held & ~(1n << BigInt(i));
        }
        if (op[0] === "release_all") held = 0n;
      }
      rec = t === 0 ? tick.r.slice() : rec;
      if (t > 0) for (const k of Object.keys(tick.d)) rec[Number(k)] = tick.d[k];
      this._record(c, rec, prev, kinds, speed, held, seen);
      prev = rec.slice();
    });
  }

  _record(c, r, prev, kinds, speed, held, seen) {
    const [action, step, view, frame, flip, , , , , cycles, flags, , events, dropped, shapes, layers] = r;
    if (action < 0) return;
    const a = c.pack.actions[action];
    seen.add(`a ${a.mode} action played`);
    if (flags & 1) seen.add("a pingpong action walking back");
    if (a.reverse) seen.add("a reversed action played");
    if (a.mode === "loop" && a.loop_from > 0 && cycles > 0) seen.add("a loop going back to loop_from > 0");
    if (events.includes("finished")) seen.add("a finished event");
    if (flags & 2) seen.add("then: hold holding its last step");
    if (events.includes("destroyed")) seen.add("then: destroy");
    if (events.includes("finished") && !events.includes("destroyed") && !(flags & 2)) {
      seen.add("then: an action switched to");
    }
    if (a.views > 1) seen.add("more than one view");
    if (dropped > 0) seen.add("events past the buffer's 32 dropped");
    if (frame < 0) seen.add("a blank step shown");
    if (frame >= 0 && flip !== 0) seen.add("a flipped frame shown");
    if (shapes.length > 0) seen.add("boxes or points shown");
    const own = a.steps[view][step].shapes ?? [];
    if (own.some((s) => s.removed)) seen.add("a step's removal of its frame's shape shown");
    if (layers.some((l) => l[1] > 0)) seen.add("a layered master with a piece drawn");
    if (prev === null || prev[0] < 0) return;
    if (prev[0] === action && prev[2] !== view && kinds.has("angle")) seen.add("a turn changing the view mid-action");
    if (prev[0] !== action && !kinds.has("play") && !events.includes("finished")) {
      seen.add("a rule switching actions");
      // The countdown could not run out on this tick: an immediate rule switched.
      if (prev[7] - Math.max(speed, 0) > 0) seen.add("an immediate rule switching before the step ran out");
      if (held >> 32n !== 0n && this._highRule(c.pack.actions[prev[0]], action)) {
        seen.add("a rule switching on inputs 32..63");
      }
    }
  }

  // Whether the action has a rule to `to` that names an input of 32..63.
  _highRule(a, to) {
    return a.transitions.some((t) => t.to === to && [...t.when, ...t.unless].some((i) => i >= 32));
  }

  /** The features shown by fewer cases than required (none is required below 10,000 cases). */
  missing(cases) {
    if (cases < 10000) return [];
    return Object.entries(FEATURES)
      .filter(([k, least]) => this.counts[k] < (least * cases) / 10000)
      .map(([k]) => `${k} (${this.counts[k]} cases, at least ${Math.ceil((least * cases) / 10000)})`);
  }

  report() {
    return Object.entries(this.counts)
      .map(([k, n]) => `  ${n}\t${k}`)
      .join("\n");
  }
}
