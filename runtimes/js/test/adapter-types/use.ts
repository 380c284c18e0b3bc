// The adapters' declarations (phaser.d.ts, pixi.d.ts) checked by the TypeScript compiler
// against docs/engines.md's "A web game in 20 lines" (ctest js_runtime_adapter_types).
// Type checking only: nothing here runs.
import { Actor, Pack } from "../../spritec";
import { spritecPhaser, SpritecPhaserActor } from "../../phaser";
import { spritecPixi, SpritecPixiActor } from "../../pixi";

declare const Phaser: unknown;
declare const PIXI: unknown;
declare const scene: { load: unknown };
declare function shake(): void;

const sc = spritecPhaser(Phaser);
sc.load(scene.load, "hero", "assets/hero.json");
const hero: SpritecPhaserActor = sc.add(scene, "hero", { action: "stand", x: 80, y: 100 });
hero.on("spritec", (event: string) => { if (event === "hit") shake(); });
hero.actor.hold("move", true);
hero.actor.angle = 180;
hero.actor.play("walk");
const sword: Pack = sc.pack(scene, "sword");
const knight: SpritecPhaserActor = new sc.SpritecActor(scene, new Actor(sc.pack(scene, "body"), { layers: [sword] }));
knight.setDepth(2);
knight.sync();

async function pixi(): Promise<void> {
  const px = spritecPixi(PIXI);
  const pack: Pack = await px.load("assets/hero.json");
  const h: SpritecPixiActor = new px.SpritecActor(new Actor(pack, { action: "stand", x: 80, y: 100 }));
  h.on("spritec", (event: string, o: SpritecPixiActor) => console.log(event, o.actor.frameName));
  h.update(1000 / 60);
  const ticks: number = h.advance(1000 / 24);
  h.sync();
  h.zIndex = ticks;
}
void pixi;
