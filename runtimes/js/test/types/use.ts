// The declarations (spritec.d.ts) checked by the TypeScript compiler against a game's use
// of every part of the API (ctest js_runtime_types: tsc -p runtimes/js/test/types). Type
// checking only: nothing here runs.
import { Actor, EVENT_FINISHED, LAYER_SELF, LIMITS, Pack, Shape, chooseView, loadPack } from "@spritec/runtime";

declare const doc: object;
declare function draw(file: string, x: number, y: number, w: number, h: number, flipX: boolean): void;

const pack: Pack = loadPack(doc);
const text: Pack = loadPack("{}");
const hero = new Actor(pack, { action: "walk", angle: 90, x: 40, y: 70, speed: 1.5, layers: [text] });
hero.angle = 180;
hero.speed = 0.5;
hero.speedThousandths = 1500;
hero.hold("move", true);
hero.hold(3, false);
const held: boolean = hero.held("move");
hero.releaseAll();
const ran: number = hero.advance(1000 / 24);
const changed: boolean = hero.tick();
for (let i = 0; i < hero.eventCount; ++i) {
  const name: string | undefined = hero.eventName(i);
  if (hero.eventCode(i) === EVENT_FINISHED) console.log(name);
}
const events: readonly string[] = hero.events;
const f = pack.frames[hero.frame];
if (f !== undefined) draw(pack.pages[f.page].file, f.x, f.y, f.w, f.h, hero.flipX);
const state: [string, number, number, number, string, number, number, boolean, boolean] = [
  hero.action, hero.actionIndex, hero.step, hero.view, hero.flip, hero.x, hero.y, hero.finished, hero.destroyed,
];
const placed = pack.placeFrame(hero.frame, hero.flipBits, hero.x, hero.y);
console.log(placed.left + placed.top + placed.sx, placed.flipX);
const box: Shape | null = hero.box("hurt");
if (box !== null) console.log(Actor.overlaps(hero.worldBox(box), hero.worldBox(box, {})));
hero.point(0, {});
hero.forEachShape((s) => console.log(s.kind === "box", s.name, s.x + s.w));
hero.forEachLayer((l) => console.log(l.slot === LAYER_SELF, l.pack.frames[l.frame].name, l.flip));
pack.forEachStepShape(hero.stepRecord, (s) => console.log(s.nameIndex));
hero.equip(text);
hero.unequip("sword");
const piece: Pack | null = hero.equipped(0);
const check = pack.checkPiece(text);
const switched: boolean = hero.play("run", { restart: true });
hero.maxTicksPerAdvance = 120;
console.log(held, ran, changed, events, state, piece, check.timingAction, switched, hero.ticksDropped);
console.log(chooseView(45, 0, 4), LIMITS.steps, pack.findAction("walk"), pack.eventName(EVENT_FINISHED));
