// The page's clocks and simulations, without the DOM (docs/serve.md, "Determinism").
//
// Everything advances on whole ticks. A tick always shows the same thing: the focused actor
// and the scene are re-simulated from tick 0 with their recorded calls whenever the page goes
// back in time, exactly as `spritec simulate` runs a scene (docs/scenes.md, "Timing,
// exactly"): tick 0 is the actor as made, each later tick is one tick() followed by the
// calls recorded on that tick (an angle, a press, a release).
import { Actor } from './spritec.mjs';

// Wall time to ticks with the runtime's own arithmetic (Actor.advance, runtimes/js/README.md
// "The clock"): ms × tick_rate × 1000 rounded once per call to millionths of a tick and
// summed as an integer, so a tick is never late or early; at most one second of ticks per
// call (a hidden tab resumes where it was instead of racing).
export class Clock {
  constructor(tickRate) {
    this.rate = tickRate;
    this.units = 0;
  }
  // The whole ticks `ms` of wall time at playback speed `speed` make.
  advance(ms, speed) {
    this.units += Math.round(ms * speed * this.rate * 1000);
    let ticks = Math.floor(this.units / 1e6);
    this.units -= ticks * 1e6;
    if (ticks > this.rate) ticks = this.rate;
    return ticks;
  }
  reset() {
    this.units = 0;
  }
}

// The number of ticks of one cycle of an action in view 0 (pingpong: there and back).
export function cycleTicks(pack, action) {
  const a = pack.actions[action];
  let ticks = 0;
  for (let i = 0; i < a.stepsPerView; ++i) ticks += pack.stepTicks(pack.stepRecord(action, 0, i));
  return a.mode === 1 ? 2 * ticks : ticks;
}

// The angle at the middle of view `view` of an action (what the grid plays it at).
export function viewAngle(action, view) {
  return Math.round(action.firstView + (view * 360) / action.views);
}

// A copy of what an actor shows (the trace line's fields).
export function snapshot(actor) {
  return {
    action: actor.action,
    step: actor.step,
    view: actor.view,
    frame: actor.frameName,
    flip: actor.flip,
    x: actor.x,
    y: actor.y,
    events: actor.events.slice(),
  };
}

// Applies one recorded call to an actor.
function apply(actor, call) {
  if (call.kind === 'angle') actor.angle = call.value;
  else if (call.kind === 'press') actor.hold(call.value, true);
  else if (call.kind === 'release') actor.hold(call.value, false);
}

// The focused actor: one action of one pack started at an angle, played with the calls the
// user made, each recorded on the tick it was made. Going back re-runs from tick 0.
export class Session {
  // equip(actor): puts the chosen pieces on (layered masters); never touches the clock.
  constructor(pack, action, angle, equip) {
    this.pack = pack;
    this.action = action; // index
    this.angle0 = angle;
    this.equip = equip;
    this.calls = []; // {tick, kind, value}, by tick, in the order made
    this.log = []; // {tick, text, kind}: events and action switches, the last LOG_MAX
    this.reached = 0; // the furthest tick simulated
    this.reset();
  }

  reset() {
    this.actor = new Actor(this.pack, { action: this.action, angle: this.angle0 });
    this.equip(this.actor);
    this.tick = 0;
    this.log = [];
    this.next = 0; // index into calls of the first call not applied yet
    this.lastAction = this.actor.actionIndex;
    this.noteEvents();
    this.applyCalls();
  }

  applyCalls() {
    while (this.next < this.calls.length && this.calls[this.next].tick === this.tick) apply(this.actor, this.calls[this.next++]);
  }

  noteEvents() {
    const a = this.actor;
    if (a.actionIndex !== this.lastAction) {
      this.pushLog({ tick: this.tick, kind: 'switch', text: `→ ${a.action}` });
      this.lastAction = a.actionIndex;
    }
    for (let i = 0; i < a.eventCount; ++i) this.pushLog({ tick: this.tick, kind: 'event', text: a.eventName(i) });
    this.events = a.events.slice();
  }

  pushLog(entry) {
    this.log.push(entry);
    if (this.log.length > Session.LOG_MAX) this.log.splice(0, this.log.length - Session.LOG_MAX);
  }

  stepOne() {
    this.actor.tick();
    this.tick++;
    this.noteEvents();
    this.applyCalls();
    if (this.tick > this.reached) this.reached = this.tick;
  }

  seek(tick) {
    const t = Math.max(0, Math.floor(tick));
    if (t < this.tick) this.reset();
    while (this.tick < t) this.stepOne();
  }

  // Records a call on the current tick and applies it. The calls after this tick are a
  // future that no longer happens: they are dropped (like recording over a tape).
  record(kind, value) {
    this.calls = this.calls.filter((c) => c.tick <= this.tick);
    if (kind === 'angle') this.calls = this.calls.filter((c) => !(c.tick === this.tick && c.kind === 'angle'));
    this.calls.push({ tick: this.tick, kind, value });
    this.next = this.calls.length;
    this.reached = this.tick;
    apply(this.actor, { kind, value });
  }

  // Whether an input is held now.
  held(input) {
    return this.actor.held(input);
  }

  // What it shows now, as `spritec simulate`'s trace line has it.
  state() {
    return { tick: this.tick, ...snapshot(this.actor), events: this.events.slice() };
  }
}
Session.LOG_MAX = 200;

// One cell of the grid: one action in one view, looping as a contact sheet would, alive.
// Played with no input held and pinned at (0, 0): an action that switches away (an end-of-
// cycle transition, `then: ACTION`) starts again at once; one that finishes and holds, or is
// destroyed, shows its end for half a second and starts again.
export class Cell {
  constructor(pack, action, view, equip) {
    this.pack = pack;
    this.action = action;
    this.view = view;
    this.angle = viewAngle(pack.actions[action], view);
    this.equip = equip;
    this.restart();
  }
  restart() {
    this.actor = new Actor(this.pack, { action: this.action, angle: this.angle });
    this.equip(this.actor);
    this.wait = 0;
  }
  tick() {
    if (this.wait > 0) {
      if (--this.wait === 0) this.restart();
      return;
    }
    const a = this.actor;
    a.tick();
    a.x = 0;
    a.y = 0;
    if (a.actionIndex !== this.action) this.restart();
    else if (a.destroyed || a.holding) this.wait = Math.max(1, Math.round(this.pack.tickRate / 2));
  }
}

// A scene played from `spritec simulate --replay` (docs/scenes.md, "Replaying a scene in a
// game"), the loop written there: tick the actors on stage by index (an actor destroyed on
// the tick before leaves first), then the tick's calls in order, then what each shows.
export class SceneRun {
  // packs[i]: the loaded Pack of replay.packs[i].
  constructor(replay, packs) {
    this.replay = replay;
    this.packs = packs;
    this.calls = new Map(replay.ticks);
    this.last = replay.last_tick;
    this.reset();
  }

  reset() {
    const n = this.replay.actors.length;
    this.actors = new Array(n).fill(null);
    this.events = Array.from({ length: n }, () => []);
    this.leaving = new Array(n).fill(false);
    this.tick = 0;
    this.applyCalls();
  }

  applyCalls() {
    for (const c of this.calls.get(this.tick) || []) {
      const i = c.actor;
      if (c.spawn) {
        const s = c.spawn;
        const a = new Actor(this.packs[s.pack], { x: s.x, y: s.y, angle: s.angle });
        a.speedThousandths = s.speed;
        this.actors[i] = a;
        this.events[i] = [];
        this.leaving[i] = false;
        continue;
      }
      const a = this.actors[i];
      if (!a) continue;
      if ('play' in c) {
        const before = a.eventCount;
        a.play(c.play, { restart: c.restart });
        for (let k = before; k < a.eventCount; ++k) this.events[i].push(a.eventName(k));
      } else if ('angle' in c) a.angle = c.angle;
      else if ('press' in c) a.hold(c.press, true);
      else if ('release' in c) a.hold(c.release, false);
      else if ('speed' in c) a.speedThousandths = c.speed;
      else if ('unequip' in c) a.unequip(c.unequip);
      else if ('equip' in c) a.equip(this.packs[c.equip.pack]);
      else if ('at' in c) [a.x, a.y] = c.at;
      else if ('despawn' in c) {
        this.events[i].push('destroyed');
        this.leaving[i] = true;
      }
    }
  }

  stepOne() {
    this.tick++;
    for (let i = 0; i < this.actors.length; ++i) {
      const a = this.actors[i];
      if (!a) continue;
      if (this.leaving[i]) {
        this.actors[i] = null;
        this.leaving[i] = false;
        continue;
      }
      a.tick();
      this.events[i] = a.events.slice();
      if (a.destroyed && this.events[i].includes('destroyed')) this.leaving[i] = true;
    }
    this.applyCalls();
  }

  seek(tick) {
    const t = Math.max(0, Math.min(this.last, Math.floor(tick)));
    if (t < this.tick) this.reset();
    while (this.tick < t) this.stepOne();
  }

  // Each actor on stage, by index, as the trace's lines of this tick have them.
  state() {
    const out = [];
    this.actors.forEach((a, i) => {
      if (!a) return;
      const line = { actor: this.replay.actors[i], ...snapshot(a), events: this.events[i].slice() };
      if (a.pack.layered) {
        line.layers = [];
        a.forEachLayer((l) => line.layers.push([l.slotName, l.frameName, l.flip]));
      }
      out.push(line);
    });
    return out;
  }
}
