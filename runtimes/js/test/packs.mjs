// Hand-written spritec-json documents for the runtime's tests, written by the spec
// (/docs/format.md, "spritec-json"): every field spelled out, indices into the tables.
// Frame i is "num/i": a 16x16 tile on one page, origin (8, 15), untrimmed.

export function frames(count) {
  const out = [];
  for (let i = 0; i < count; ++i) {
    out.push({
      name: `num/${i}`,
      page: 0,
      x: i * 16,
      y: 0,
      w: 16,
      h: 16,
      origin: [8, 15],
      trim: [0, 0],
      source_size: [16, 16],
    });
  }
  return out;
}

/** A step: frame index (or null), ticks, and optional flip, event, move, shapes. */
export function step(frame, ticks, extra = {}) {
  return { frame, ticks, flip: "", event: null, move: [0, 0], ...extra };
}

/**
 * An action: `steps` is one list (one view) or a list of lists (one per view); options
 * override the defaults of a loop.
 */
export function action(name, steps, options = {}) {
  const views = Array.isArray(steps[0]) ? steps : [steps];
  return {
    name,
    views: views.length,
    first_view: 0,
    mode: "loop",
    reverse: false,
    loop_from: 0,
    repeat: 0,
    then: "hold",
    then_action: null,
    steps: views,
    transitions: [],
    ...options,
  };
}

/** A whole document. */
export function pack(actions, options = {}) {
  const frameCount = options.frameCount ?? 16;
  const doc = {
    format: "spritec-json",
    version: [1, 0],
    pack_version: [1, 3],
    tick_rate: 60,
    page_alpha: "straight",
    bled: false,
    pages: [{ file: "test-0.png", width: 16 * Math.max(frameCount, 1), height: 16 }],
    frames: frames(frameCount),
    inputs: [],
    events: [],
    shape_names: [],
    actions,
  };
  for (const [k, v] of Object.entries(options)) if (k !== "frameCount") doc[k] = v;
  return doc;
}

/** Ticks an actor n times and records what each tick shows (tick 0: as made). */
export function trace(actor, n, fields = ["step"]) {
  const rows = [];
  const row = () => {
    const r = {};
    for (const f of fields) r[f] = Array.isArray(actor[f]) ? actor[f].slice() : actor[f];
    return r;
  };
  rows.push(row());
  for (let t = 1; t <= n; ++t) {
    actor.tick();
    rows.push(row());
  }
  return rows;
}

/** The values of one field over a trace. */
export function column(rows, field) {
  return rows.map((r) => r[field]);
}
