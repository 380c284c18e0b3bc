// The crowd's pack as a spritec-json document: bench/bench_player.cpp's generated_model()
// (64 frames; 24 actions of 1, 2, 4 or 8 views and 3-10 steps of 1-8 ticks, in every mode,
// with events, root motion, flips and transitions over two inputs), made by the same LCG
// draw for draw, so the JS runtime and the C++ player (bench/bench_crowd_json.cpp, which
// reads this document) time the same actions. Deterministic.
//
//   node runtimes/js/bench/crowd_pack.mjs OUT.json     writes it
export function crowdPack() {
  let seed = 12345;
  const next = (n) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 16) % n;
  };
  const frames = [];
  for (let i = 0; i < 64; ++i) {
    frames.push({
      name: `f/${i}`,
      page: 0,
      x: (i % 16) * 32,
      y: Math.floor(i / 16) * 16,
      w: 16,
      h: 16,
      origin: [8, 15],
      trim: [0, 0],
      source_size: [16, 16],
    });
  }
  const kActions = 24;
  const actions = [];
  const eventNames = new Set();
  for (let a = 0; a < kActions; ++a) {
    const act = {
      name: `a${a}`,
      views: [1, 2, 4, 8][a % 4],
      first_view: (a % 3) * 45,
      mode: "loop",
      reverse: false,
      loop_from: 0,
      repeat: 0,
      then: "hold",
      then_action: null,
      steps: [],
      transitions: [],
    };
    const steps = 3 + next(8);
    switch (a % 6) {
      case 1:
        act.loop_from = Math.floor(steps / 2);
        break;
      case 2:
        act.mode = "pingpong";
        break;
      case 3:
        act.mode = "once";
        act.then = "action";
        act.then_action = (a + 1) % kActions;
        break;
      case 4:
        act.mode = "pingpong";
        act.repeat = 2;
        act.then = "action";
        act.then_action = 0;
        act.reverse = true;
        break;
      case 5:
        act.reverse = true;
        break;
    }
    const ticks = [];
    const events = [];
    for (let s = 0; s < steps; ++s) {
      ticks.push(1 + next(8));
      events.push(next(4) === 0 ? `e${next(6)}` : null);
      if (events[s] !== null) eventNames.add(events[s]);
    }
    for (let v = 0; v < act.views; ++v) {
      const list = [];
      for (let s = 0; s < steps; ++s) {
        const frame = next(64);
        const mx = next(3) - 1;
        const my = next(3) - 1;
        list.push({ frame, ticks: ticks[s], flip: next(2) === 0 ? "x" : "", event: events[s], move: [mx, my] });
      }
      act.steps.push(list);
    }
    if (a % 4 === 1) act.transitions.push({ to: (a + 5) % kActions, when: [], unless: ["move"], immediate: false });
    if (a % 8 === 2) act.transitions.push({ to: (a + 7) % kActions, when: ["fire"], unless: [], immediate: true });
    actions.push(act);
  }
  // Names are interned sorted by their bytes, as the pack writer does.
  const events = [...eventNames].sort();
  const inputs = ["fire", "move"];
  for (const act of actions) {
    for (const list of act.steps) for (const s of list) s.event = s.event === null ? null : events.indexOf(s.event);
    for (const t of act.transitions) {
      t.when = t.when.map((n) => inputs.indexOf(n));
      t.unless = t.unless.map((n) => inputs.indexOf(n));
    }
  }
  return {
    format: "spritec-json",
    version: [1, 0],
    pack_version: [1, 0],
    tick_rate: 60,
    page_alpha: "straight",
    bled: false,
    pages: [{ file: "crowd-0.png", width: 512, height: 64 }],
    frames,
    inputs,
    events,
    shape_names: [],
    actions,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { writeFileSync } = await import("node:fs");
  if (process.argv.length !== 3) {
    console.error("usage: node crowd_pack.mjs OUT.json");
    process.exit(2);
  }
  writeFileSync(process.argv[2], JSON.stringify(crowdPack()) + "\n");
}
