// Drawing on 2D canvases, pixel art: integer zoom, no smoothing, every frame placed by the
// pack's own rule (Pack.placeFrame: the origin pixel on floor(x + 0.5), floor(y + 0.5), a flip
// mirrors the frame about it). A "view" is {ox, oy, z}: world pixel (x, y) is drawn at canvas
// pixel (ox + x·z, oy + y·z).

// Colours of boxes and points (by name index) and of layers (by slot), distinct on dark grey.
export const PALETTE = ['#ff5d5d', '#5dff8a', '#5db4ff', '#ffd45d', '#d65dff', '#5dffe9', '#ff9c5d', '#b4ff5d'];
export const SELF_COLOUR = '#9aa4b2';

const placement = {};

export function prepare(ctx) {
  ctx.imageSmoothingEnabled = false;
  return ctx;
}

// Draws each layer of `actor` at world position (x, y): images(pack) gives the pack's pages.
// Calls each(layer, placement) after drawing a layer (for overlays).
export function drawActor(ctx, actor, x, y, v, images, each) {
  actor.forEachLayer((l) => {
    const f = l.pack.frames[l.frame];
    if (f.w === 0 || f.h === 0) return;
    const p = l.pack.placeFrame(l.frame, (l.flipX ? 1 : 0) | (l.flipY ? 2 : 0), x, y, placement);
    const img = images(l.pack)[p.page];
    if (img) {
      ctx.save();
      ctx.translate(v.ox + (p.left + (p.flipX ? p.w : 0)) * v.z, v.oy + (p.top + (p.flipY ? p.h : 0)) * v.z);
      ctx.scale(p.flipX ? -1 : 1, p.flipY ? -1 : 1);
      ctx.drawImage(img, p.sx, p.sy, p.w, p.h, 0, 0, p.w * v.z, p.h * v.z);
      ctx.restore();
    }
    if (each) each(l, p, f);
  });
}

// A 1-pixel outline of world pixels [x, x + w) × [y, y + h), on the pixels' outer edge.
export function outline(ctx, x, y, w, h, v, colour, dash) {
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1;
  if (dash) ctx.setLineDash(dash);
  ctx.strokeRect(Math.round(v.ox + x * v.z) - 0.5, Math.round(v.oy + y * v.z) - 0.5, w * v.z + 1, h * v.z + 1);
  ctx.restore();
}

// A cross on world pixel (x, y): the pixel itself framed, arms reaching `arm` pixels.
export function cross(ctx, x, y, v, colour, arm) {
  const cx = v.ox + (x + 0.5) * v.z, cy = v.oy + (y + 0.5) * v.z, r = Math.max(arm * v.z, 4);
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(Math.round(cx - r) + 0.5, Math.floor(cy) + 0.5);
  ctx.lineTo(Math.round(cx + r) + 0.5, Math.floor(cy) + 0.5);
  ctx.moveTo(Math.floor(cx) + 0.5, Math.round(cy - r) + 0.5);
  ctx.lineTo(Math.floor(cx) + 0.5, Math.round(cy + r) + 0.5);
  ctx.stroke();
  if (v.z >= 4) ctx.strokeRect(v.ox + x * v.z + 0.5, v.oy + y * v.z + 0.5, v.z - 1, v.z - 1);
  ctx.restore();
}

function label(ctx, text, cx, cy, colour) {
  ctx.save();
  ctx.font = '10px ui-monospace, monospace';
  ctx.textBaseline = 'bottom';
  ctx.fillStyle = 'rgba(0,0,0,0.6)';
  const w = ctx.measureText(text).width;
  ctx.fillRect(cx, cy - 11, w + 4, 11);
  ctx.fillStyle = colour;
  ctx.fillText(text, cx + 2, cy);
  ctx.restore();
}

// Draws an actor at (x, y) with the overlays asked for:
//   o.bounds  each layer's trimmed rectangle (solid) and untrimmed frame (dashed)
//   o.slots   each layer's rectangle in its slot's colour, named (layered actors)
//   o.shapes  the boxes and points of the step shown, named
//   o.origin  the origin pixel
//   o.labels  names beside boxes and slots (the focus panel; not the small grid cells)
export function drawWithOverlays(ctx, actor, x, y, v, images, o) {
  const rects = [];
  drawActor(ctx, actor, x, y, v, images, (l, p, f) => {
    if (o.bounds || o.slots) rects.push({ slot: l.slot, name: l.slotName, left: p.left, top: p.top, w: p.w, h: p.h, f, flipX: p.flipX, flipY: p.flipY });
  });
  const px = Math.floor(x + 0.5), py = Math.floor(y + 0.5);
  if (o.bounds) {
    for (const r of rects) {
      const sl = r.flipX ? px + r.f.originX - r.f.sourceW + 1 : px - r.f.originX;
      const st = r.flipY ? py + r.f.originY - r.f.sourceH + 1 : py - r.f.originY;
      outline(ctx, sl, st, r.f.sourceW, r.f.sourceH, v, 'rgba(200,200,200,0.45)', [3, 3]);
      if (!(o.slots && actor.pack.layered)) outline(ctx, r.left, r.top, r.w, r.h, v, '#e6e6e6');
    }
  }
  if (o.slots && actor.pack.layered) {
    for (const r of rects) {
      const colour = r.slot < 0 ? SELF_COLOUR : PALETTE[r.slot % PALETTE.length];
      outline(ctx, r.left, r.top, r.w, r.h, v, colour);
      if (o.labels) label(ctx, r.name, v.ox + r.left * v.z, v.oy + r.top * v.z, colour);
    }
  }
  if (o.shapes) {
    actor.forEachShape((s) => {
      const colour = PALETTE[s.nameIndex % PALETTE.length];
      if (s.kind === 'box') {
        ctx.save();
        ctx.fillStyle = colour + '30';
        ctx.fillRect(v.ox + (px + s.x) * v.z, v.oy + (py + s.y) * v.z, s.w * v.z, s.h * v.z);
        ctx.restore();
        outline(ctx, px + s.x, py + s.y, s.w, s.h, v, colour);
        if (o.labels) label(ctx, s.name, v.ox + (px + s.x) * v.z, v.oy + (py + s.y) * v.z, colour);
      } else {
        cross(ctx, px + s.x, py + s.y, v, colour, 2);
        if (o.labels) label(ctx, s.name, v.ox + (px + s.x + 1) * v.z + 2, v.oy + (py + s.y) * v.z, colour);
      }
    });
  }
  if (o.origin) cross(ctx, px, py, v, '#ffffff', 3);
}

// World-space bounds of every frame an action can show, over all its views and steps (and,
// for a layered master, the same action of each piece given): {left, top, right, bottom}.
export function actionBounds(pack, action, pieces) {
  const b = { left: 0, top: 0, right: 1, bottom: 1 };
  const add = (pk, a) => {
    const act = pk.actions[a];
    for (let v = 0; v < act.views; ++v)
      for (let i = 0; i < act.stepsPerView; ++i) {
        const s = pk.stepRecord(a, v, i), f = pk.stepFrame(s);
        if (f < 0 || pk.frames[f].w === 0) continue;
        const p = pk.placeFrame(f, pk.stepFlip(s), 0, 0, placement);
        b.left = Math.min(b.left, p.left);
        b.top = Math.min(b.top, p.top);
        b.right = Math.max(b.right, p.left + p.w);
        b.bottom = Math.max(b.bottom, p.top + p.h);
      }
  };
  add(pack, action);
  const name = pack.actionNames[action];
  for (const piece of pieces || []) {
    const a = piece.findAction(name);
    if (a >= 0) add(piece, a);
  }
  return b;
}

// A checkerboard behind transparent pixels, `cell` canvas pixels a square, shifted by
// (sx, sy) canvas pixels (so root motion shows as the floor sliding by).
export function checker(ctx, w, h, cell, sx, sy) {
  ctx.fillStyle = '#2a2d33';
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = '#30343a';
  const mx = ((sx % (2 * cell)) + 2 * cell) % (2 * cell), my = ((sy % (2 * cell)) + 2 * cell) % (2 * cell);
  for (let y = -2 * cell + my; y < h; y += cell)
    for (let x = -2 * cell + mx; x < w; x += cell) if ((Math.round((x - mx) / cell) + Math.round((y - my) / cell)) & 1) ctx.fillRect(x, y, cell, cell);
}
