"""The Godot checks of `spritec export` (issue 12), Python standard library only.

- load_godot3_dump(): what Godot 3's own loader made of a godot3 .tres (the JSON that
  dump_sprite_frames.gd writes) as a Model.
- parse_godot4(): a strict reader of Godot 4's text resource format (format=3) for a
  SpriteFrames of AtlasTextures, rejecting whatever it does not understand, as a Model.
- check_model(): tick by tick, the frame an AnimatedSprite(2D) with centered=true and offset 0
  shows at time (t + 0.5) / tick_rate draws exactly the pixels engine_expect expects at the
  node's position.

A Model is {"animations": {NAME: {"speed": Fraction, "loop": bool,
                                  "frames": [(TEXTURE_KEY or None, duration Fraction)]}},
            "textures": {KEY: Texture}}.
"""

import math
import re
import struct
import zlib
from fractions import Fraction


class CheckError(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# PNG pages (the godot4 check reads the pages itself: no Godot 4 here).


def read_png(path):
    """(width, height, RGBA bytes) of a non-interlaced PNG of 8 bits a sample, or an indexed
    one of 1, 2, 4 or 8 bits (spritec's palette pages); anything else is refused."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise CheckError(f"{path}: not a PNG")
    pos = 8
    idat = []
    ihdr = None
    palette = None
    trns = None
    while pos < len(data):
        if pos + 8 > len(data):
            raise CheckError(f"{path}: truncated chunk")
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        if zlib.crc32(kind + body) != crc:
            raise CheckError(f"{path}: bad CRC in {kind!r}")
        pos += 12 + length
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = body
        elif kind == b"tRNS":
            trns = body
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if ihdr is None:
        raise CheckError(f"{path}: no IHDR")
    w, h, depth, ctype, _comp, _filt, interlace = ihdr
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}.get(ctype)
    depth_ok = depth in (1, 2, 4, 8) if ctype == 3 else depth == 8
    if not depth_ok or channels is None or interlace != 0:
        raise CheckError(f"{path}: only 8-bit (or indexed) non-interlaced PNGs are read here "
                         f"(depth {depth}, colour type {ctype}, interlace {interlace})")
    raw = zlib.decompress(b"".join(idat))
    stride = (w * channels * depth + 7) // 8
    if len(raw) != h * (stride + 1):
        raise CheckError(f"{path}: image data has the wrong size")
    rows = []
    prev = bytearray(stride)
    for y in range(h):
        ftype = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        bpp = max(1, channels * depth // 8)
        if ftype == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif ftype == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif ftype == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif ftype == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        elif ftype != 0:
            raise CheckError(f"{path}: bad filter {ftype}")
        rows.append(bytes(line))
        prev = line
    out = bytearray(w * h * 4)
    o = 0
    for line in rows:
        for x in range(w):
            if ctype == 6:
                px = line[x * 4 : x * 4 + 4]
            elif ctype == 2:
                r, g, b = line[x * 3 : x * 3 + 3]
                a = 255
                if trns is not None and len(trns) == 6 and (r, g, b) == struct.unpack(">HHH", trns):
                    a = 0
                px = bytes((r, g, b, a))
            elif ctype == 0:
                v = line[x]
                a = 0 if trns is not None and len(trns) == 2 and v == struct.unpack(">H", trns)[0] else 255
                px = bytes((v, v, v, a))
            elif ctype == 4:
                v, a = line[x * 2 : x * 2 + 2]
                px = bytes((v, v, v, a))
            else:
                per_byte = 8 // depth
                shift = 8 - depth * (x % per_byte + 1)
                i = (line[x // per_byte] >> shift) & ((1 << depth) - 1)
                if palette is None or 3 * i + 3 > len(palette):
                    raise CheckError(f"{path}: palette index out of range")
                a = trns[i] if trns is not None and i < len(trns) else 255
                px = palette[3 * i : 3 * i + 3] + bytes((a,))
            out[o : o + 4] = px
            o += 4
    return w, h, bytes(out)


def crop(page_w, page_h, rgba, x, y, w, h):
    if x < 0 or y < 0 or w < 0 or h < 0 or x + w > page_w or y + h > page_h:
        raise CheckError(f"region ({x}, {y}, {w}, {h}) is not inside the page ({page_w}x{page_h})")
    rows = []
    for j in range(h):
        start = ((y + j) * page_w + x) * 4
        rows.append(rgba[start : start + w * 4])
    return b"".join(rows)


# ---------------------------------------------------------------------------------------------
# Textures and how Godot draws them.


class Texture:
    """An AtlasTexture: region and margin in pixels, the atlas's res:// path and the region's
    RGBA pixels (row-major, region.w * region.h * 4 bytes)."""

    def __init__(self, atlas, region, margin, rgba):
        self.atlas = atlas
        self.region = region
        self.margin = margin
        self.rgba = rgba

    def size(self):
        return (self.region[2] + self.margin[2], self.region[3] + self.margin[3])

    def drawn(self, godot):
        """{(x, y): rgba} of the pixels with alpha > 0 that an AnimatedSprite with centered=true
        and offset 0 draws, relative to the node's position.

        Godot 3 (AnimatedSprite::_draw): s = the texture's Size2i, ofs = -(s / 2) in integers;
        Godot 4 (AnimatedSprite2D::_draw): ofs = -(size / 2) in floats, so an odd size puts the
        frame half a pixel off: refused here (the export promises even sizes). The AtlasTexture
        draws its region at ofs + margin.position, clipped to the texture's rectangle
        (AtlasTexture::get_rect_region)."""
        sw, sh = self.size()
        if sw <= 0 or sh <= 0:
            raise CheckError(f"texture size {sw}x{sh} is not positive")
        if sw % 2 or sh % 2:
            raise CheckError(f"texture size {sw}x{sh} is odd: the centre is not a pixel corner")
        ofs_x, ofs_y = -(sw // 2), -(sh // 2)
        rx, ry, rw, rh = self.region
        mx, my = self.margin[0], self.margin[1]
        # The texture's rectangle in atlas coordinates, and the part of the region inside it.
        tx, ty = rx - mx, ry - my
        x0, y0 = max(rx, tx), max(ry, ty)
        x1, y1 = min(rx + rw, tx + sw), min(ry + rh, ty + sh)
        out = {}
        for ay in range(y0, y1):
            for ax in range(x0, x1):
                i = ((ay - ry) * rw + (ax - rx)) * 4
                px = self.rgba[i : i + 4]
                if px[3] > 0:
                    out[(ofs_x + ax - tx, ofs_y + ay - ty)] = bytes(px)
        return out


def expected_pixels(image):
    rgba = bytes.fromhex(image["rgba"])
    w, h = image["w"], image["h"]
    if len(rgba) != w * h * 4:
        raise CheckError("engine_expect image with the wrong number of bytes")
    out = {}
    for j in range(h):
        for i in range(w):
            px = rgba[(j * w + i) * 4 : (j * w + i) * 4 + 4]
            if px[3] > 0:
                out[(image["x"] + i, image["y"] + j)] = px
    return out


def describe_difference(got, want):
    missing = sorted(set(want) - set(got))
    extra = sorted(set(got) - set(want))
    wrong = sorted(p for p in set(got) & set(want) if got[p] != want[p])
    parts = []
    for label, pts in (("missing", missing), ("extra", extra), ("different", wrong)):
        if pts:
            sample = ", ".join(f"({x},{y})" for x, y in pts[:3])
            parts.append(f"{len(pts)} {label} e.g. {sample}")
    if got and want:
        gx = min(x for x, _ in got)
        gy = min(y for _, y in got)
        wx = min(x for x, _ in want)
        wy = min(y for _, y in want)
        parts.append(f"drawn from ({gx},{gy}), expected from ({wx},{wy})")
    return "; ".join(parts)


# ---------------------------------------------------------------------------------------------
# The tick-by-tick check.


def frame_at(anim, time):
    """The index of the frame an AnimatedSprite shows `time` seconds after play(): frame i lasts
    duration_i / speed seconds (Godot 3: every duration is 1); a loop starts again after the
    last frame, anything else stays on it."""
    frames = anim["frames"]
    speed = anim["speed"]
    if speed <= 0:
        raise CheckError("speed is not positive")
    pos = time * speed  # in duration units
    total = sum(d for _, d in frames)
    if anim["loop"]:
        pos = pos - total * math.floor(pos / total)
    elif pos >= total:
        return len(frames) - 1
    acc = Fraction(0)
    for i, (_, d) in enumerate(frames):
        acc += d
        if pos < acc:
            return i
    return len(frames) - 1


def godot_frame_in_tick(played, t, tick_rate):
    """played: [(elapsed seconds, frame)]. The frame of the sample nearest the middle of tick t
    among those at least a tenth of a tick from its ends, or None."""
    lo = Fraction(10 * t + 1, 10 * tick_rate)
    hi = Fraction(10 * t + 9, 10 * tick_rate)
    mid = Fraction(2 * t + 1, 2 * tick_rate)
    best = None
    for elapsed, frame in played:
        if lo < elapsed < hi and (best is None or abs(elapsed - mid) < abs(best[0] - mid)):
            best = (elapsed, frame)
    return None if best is None else best[1]


def run_lengths_gcd(ticks):
    """The gcd of the lengths of the runs of one image in `ticks`, but the last run, which may
    be cut short or hold the last frame (0 when there is only one run)."""
    g = 0
    run = 0
    for t in range(len(ticks) - 1):
        run += 1
        if ticks[t + 1] != ticks[t]:
            g = math.gcd(g, run)
            run = 0
    return g


def check_model(model, expect, godot, failures, label, tail_loops=frozenset()):
    """Appends to `failures` every way `model` (a godot 3 or 4 Model) differs from `expect`.
    `tail_loops`: the animations whose loop_from tail the export warned it cannot carry
    (W0705; None: any loop may be one): only their first pass is checked, up to the end of
    the exported frames. Returns the number of (animation, tick) samples checked."""
    tick_rate = expect["tick_rate"]
    images = expect["images"]
    want_anims = expect["animations"]
    got_anims = model["animations"]

    def fail(msg):
        failures.append(f"{label}: {msg}")

    for name in sorted(set(want_anims) - set(got_anims)):
        fail(f"animation {name!r} is missing")
    for name in sorted(set(got_anims) - set(want_anims)):
        fail(f"animation {name!r} is not expected")

    referenced = set()
    for anim in want_anims.values():
        referenced.update(k for k in anim["ticks"] if k)
    for key in sorted(set(images) - referenced):
        fail(f"engine_expect image {key!r} is shown by no animation (so it is never checked)")
    for key in sorted(referenced - set(images)):
        fail(f"engine_expect has no image {key!r}")

    # One AtlasTexture per image shown (the blank step's counted once): nothing stored twice,
    # nothing missing.
    shown = {k for a in want_anims.values() for k in a["ticks"]}
    used = {t for a in got_anims.values() for t, _ in a["frames"]}
    if len(used) != len(shown):
        fail(f"the animations use {len(used)} textures; engine_expect shows {len(shown)} images"
             f"{' (one of them blank)' if '' in shown else ''}")

    drawn_cache = {}

    def drawn(key):
        if key not in drawn_cache:
            if key is None:
                drawn_cache[key] = {}
            else:
                drawn_cache[key] = model["textures"][key].drawn(godot)
        return drawn_cache[key]

    want_cache = {}
    samples = 0
    for name in sorted(set(want_anims) & set(got_anims)):
        want = want_anims[name]
        got = got_anims[name]
        if got["loop"] != want["loop"]:
            fail(f"{name}: loop is {got['loop']}, expected {want['loop']}")
            continue
        if not got["frames"]:
            fail(f"{name}: no frames")
            continue
        ticks = want["ticks"]
        # The cycle's length in ticks, when engine_expect gives it (the spec's cycle_ticks).
        cycle = want.get("cycle_ticks")
        total = sum(d for _, d in got["frames"])
        if godot == 3:
            # speed = tick_rate / g with g an integer dividing every run of one image.
            g_real = Fraction(tick_rate) / got["speed"]
            g = round(g_real)
            runs = run_lengths_gcd(ticks)
            # Godot 3 keeps the speed as a 32-bit float: allow a few of its ulps (2^-24 each).
            if g < 1 or abs(g_real - g) > Fraction(4, 10**7) * g:
                fail(f"{name}: speed {float(got['speed'])} is not tick_rate {tick_rate} / an integer")
            elif runs % g:
                fail(f"{name}: speed {float(got['speed'])} = {tick_rate}/{g}, but a step lasts "
                     f"a number of ticks that {g} does not divide")
            elif cycle is not None and len(got["frames"]) * g != cycle:
                fail(f"{name}: {len(got['frames'])} frames at {g} ticks each, the cycle is "
                     f"{cycle} ticks")
        else:
            if got["speed"] != tick_rate:
                fail(f"{name}: speed {float(got['speed'])}, expected the tick rate {tick_rate}")
            for i, (_, d) in enumerate(got["frames"]):
                if d.denominator != 1 or d < 1:
                    fail(f"{name}: frame {i} duration {float(d)} is not a whole number of ticks")
            if cycle is not None and total * Fraction(tick_rate) / got["speed"] != cycle:
                fail(f"{name}: durations add up to {float(total)}, the cycle is {cycle} ticks")
        played = model.get("played", {}).get(name)
        bad = 0
        if got["loop"] and (tail_loops is None or name in tail_loops):
            # Godot loops the whole list; the runtime loops only the tail (warned): the first
            # pass must still be exact.
            first_pass = total * Fraction(tick_rate) / got["speed"]
            ticks = ticks[: max(0, math.ceil(first_pass))]
        for t, key in enumerate(ticks):
            time = Fraction(2 * t + 1, 2 * tick_rate)
            samples += 1
            idx = frame_at(got, time)
            if played is not None:
                # What Godot's own AnimatedSprite showed during tick t (a sample well inside it,
                # the nearest to its middle), which must be the frame the model says.
                shown = godot_frame_in_tick(played, t, tick_rate)
                if shown is None:
                    fail(f"{name}: Godot played no sample inside tick {t}")
                    bad += 1
                    break
                if shown != idx:
                    bad += 1
                    if bad <= 3:
                        fail(f"{name}: during tick {t} Godot's AnimatedSprite shows frame {shown}, "
                             f"the timing model says {idx}")
                    idx = shown
            tex = got["frames"][idx][0]
            try:
                have = drawn(tex)
            except CheckError as e:
                fail(f"{name}: frame {idx} ({tex}): {e}")
                bad += 1
                break
            if key not in want_cache:
                want_cache[key] = expected_pixels(images[key]) if key else {}
            if have != want_cache[key]:
                bad += 1
                if bad <= 3:
                    fail(f"{name}: tick {t} shows frame {idx} (texture {tex}), expected "
                         f"{key or 'blank'}: {describe_difference(have, want_cache[key])}")
        if bad > 3:
            fail(f"{name}: ... {bad} ticks wrong in all")
    return samples


# ---------------------------------------------------------------------------------------------
# Godot 3: the dump of dump_sprite_frames.gd.


def _integral(text, what):
    v = Fraction(text)
    if v.denominator != 1:
        raise CheckError(f"{what} {text} is not a whole number of pixels")
    return int(v)


def load_godot3_dump(dump):
    if "error" in dump:
        raise CheckError(dump["error"])
    textures = {}
    for key, t in dump["textures"].items():
        if t.get("class") != "AtlasTexture":
            raise CheckError(f"texture {key} is a {t.get('class')}, not an AtlasTexture")
        if t.get("atlas") is None:
            raise CheckError(f"texture {key}: Godot loaded no atlas texture")
        if t.get("page") is None:
            raise CheckError(f"texture {key}: Image.load({t['atlas']}) failed")
        region = tuple(_integral(v, f"texture {key} region") for v in t["region"])
        margin = tuple(_integral(v, f"texture {key} margin") for v in t["margin"])
        if "rgba" not in t:
            raise CheckError(f"texture {key}: region {region} is empty or outside its page "
                             f"{t['page']}")
        tex = Texture(t["atlas"], region, margin, bytes.fromhex(t["rgba"]))
        size = tuple(_integral(v, f"texture {key} size") for v in t["size"])
        if size != tex.size():
            raise CheckError(f"texture {key}: Godot's size {size} is not region + margin {tex.size()}")
        textures[key] = tex
    anims = {}
    for name, a in dump["animations"].items():
        anims[name] = {
            "speed": Fraction(a["speed"]),
            "loop": bool(a["loop"]),
            "frames": [(k, Fraction(1)) for k in a["frames"]],
        }
        for k in a["frames"]:
            if k is None:
                raise CheckError(f"animation {name!r} has a frame without a texture")
    model = {"animations": anims, "textures": textures}
    if "played" in dump:
        names = dump["played"]["animations"]
        played = {n: [] for n in names}
        for elapsed, frames in dump["played"]["samples"]:
            for n, frame in zip(names, frames):
                played[n].append((Fraction(elapsed), frame))
        model["played"] = played
    return model


# ---------------------------------------------------------------------------------------------
# Godot 4: a strict reader of the text resource format, as core/variant/variant_parser.cpp and
# scene/resources/resource_format_text.cpp read it, limited to what a SpriteFrames of
# AtlasTextures holds. Anything else is an error, never skipped.


class _Ref:
    def __init__(self, kind, ident):
        self.kind = kind  # "ExtResource" or "SubResource"
        self.id = ident


class _StringName(str):
    pass


_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class _Lexer:
    def __init__(self, text, path):
        self.text = text
        self.pos = 0
        self.path = path

    def line(self):
        return self.text.count("\n", 0, self.pos) + 1

    def error(self, msg):
        raise CheckError(f"{self.path}:{self.line()}: {msg}")

    def skip_space(self):
        t = self.text
        while self.pos < len(t):
            c = t[self.pos]
            if c in " \t\r\n":
                self.pos += 1
            elif c == ";":  # a comment to the end of the line
                end = t.find("\n", self.pos)
                self.pos = len(t) if end < 0 else end
            else:
                break

    def peek(self):
        self.skip_space()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def expect(self, ch):
        if self.peek() != ch:
            self.error(f"expected {ch!r}, found {self.peek()!r}")
        self.pos += 1

    def at_eof(self):
        return self.peek() == ""

    def ident(self):
        self.skip_space()
        m = _IDENT.match(self.text, self.pos)
        if not m:
            self.error(f"expected a name, found {self.text[self.pos:self.pos + 10]!r}")
        self.pos = m.end()
        return m.group(0)

    def string(self):
        self.expect('"')
        t = self.text
        out = []
        while True:
            if self.pos >= len(t):
                self.error("unterminated string")
            c = t[self.pos]
            self.pos += 1
            if c == '"':
                return "".join(out)
            if c != "\\":
                out.append(c)
                continue
            if self.pos >= len(t):
                self.error("unterminated string")
            e = t[self.pos]
            self.pos += 1
            simple = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}
            if e in simple:
                out.append(simple[e])
            elif e in "uU":
                n = 4 if e == "u" else 6
                digits = t[self.pos : self.pos + n]
                if len(digits) != n or not re.fullmatch(r"[0-9a-fA-F]+", digits):
                    self.error("malformed unicode escape")
                out.append(chr(int(digits, 16)))
                self.pos += n
            else:
                self.error(f"invalid escape sequence \\{e}")

    def value(self):
        c = self.peek()
        if c == '"':
            return self.string()
        if c == "&":
            self.pos += 1
            if self.text[self.pos : self.pos + 1] != '"':
                self.error("expected a string after '&'")
            return _StringName(self.string())
        if c == "[":
            self.pos += 1
            items = []
            if self.peek() == "]":
                self.pos += 1
                return items
            while True:
                items.append(self.value())
                if self.peek() == ",":
                    self.pos += 1
                    continue
                self.expect("]")
                return items
        if c == "{":
            self.pos += 1
            d = {}
            if self.peek() == "}":
                self.pos += 1
                return d
            while True:
                if self.peek() != '"':
                    self.error("expected a string key (only string keys are understood here)")
                k = self.string()
                if k in d:
                    self.error(f"key {k!r} twice in one dictionary")
                self.expect(":")
                d[k] = self.value()
                if self.peek() == ",":
                    self.pos += 1
                    continue
                self.expect("}")
                return d
        if c == "-" or c == "." or c.isdigit():
            m = _NUMBER.match(self.text, self.pos)
            if not m:
                self.error("malformed number")
            self.pos = m.end()
            return Fraction(m.group(0))
        if c.isalpha() or c == "_":
            name = self.ident()
            if name == "true":
                return True
            if name == "false":
                return False
            if name in ("ExtResource", "SubResource"):
                self.expect("(")
                if self.peek() != '"':
                    self.error(f"{name} takes a quoted id in format=3")
                ident = self.string()
                self.expect(")")
                return _Ref(name, ident)
            if name == "Rect2":
                self.expect("(")
                args = []
                while True:
                    v = self.value()
                    if not isinstance(v, Fraction):
                        self.error("Rect2 takes numbers")
                    args.append(v)
                    if self.peek() == ",":
                        self.pos += 1
                        continue
                    self.expect(")")
                    break
                if len(args) != 4:
                    self.error(f"Rect2 takes 4 numbers, not {len(args)}")
                return ("Rect2", tuple(args))
            self.error(f"{name!r} is not understood here")
        self.error(f"unexpected {c!r}")


def _tag(lx):
    """[name field=value ...] -> (name, {field: value})."""
    lx.expect("[")
    name = lx.ident()
    fields = {}
    while lx.peek() != "]":
        key = lx.ident()
        if key in fields:
            lx.error(f"field {key!r} twice in [{name}]")
        lx.expect("=")
        fields[key] = lx.value()
    lx.expect("]")
    return name, fields


def _assignments(lx):
    """key = value lines up to the next tag or the end."""
    props = {}
    while not lx.at_eof() and lx.peek() != "[":
        key = lx.ident()
        if key in props:
            lx.error(f"property {key!r} twice")
        lx.expect("=")
        props[key] = lx.value()
    return props


def _fields(lx, tag, fields, required, optional=()):
    for k in required:
        if k not in fields:
            lx.error(f"[{tag}] without {k}")
    for k in fields:
        if k not in required and k not in optional:
            lx.error(f"[{tag}] field {k!r} is not understood here")


def _int_rect(lx, v, what):
    if not (isinstance(v, tuple) and v[0] == "Rect2"):
        lx.error(f"{what} is not a Rect2")
    if any(x.denominator != 1 for x in v[1]):
        lx.error(f"{what} Rect2{tuple(float(x) for x in v[1])} is not in whole pixels")
    return tuple(int(x) for x in v[1])


def _is_uid(v):
    return isinstance(v, str) and re.fullmatch(r"uid://[a-z0-9]+", v) is not None


def parse_godot4(path, project_root):
    """The Model of a godot4 SpriteFrames .tres; `project_root` is the directory res:// names."""
    import os

    with open(path, "rb") as f:
        raw = f.read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise CheckError(f"{path}: not UTF-8")
    lx = _Lexer(text, path)

    name, head = _tag(lx)
    if name != "gd_resource":
        lx.error(f"the file starts with [{name}], not [gd_resource]")
    _fields(lx, name, head, ("type", "format"), ("load_steps", "uid"))
    if head["type"] != "SpriteFrames" or type(head["type"]) is not str:
        lx.error(f'type is {head["type"]!r}, not "SpriteFrames"')
    if head["format"] != 3 or not isinstance(head["format"], Fraction):
        lx.error(f"format={head['format']}, expected 3 (Godot 4)")
    if "uid" in head and not _is_uid(head["uid"]):
        lx.error(f"malformed uid {head['uid']!r}")

    ext = {}  # id -> absolute page path
    ext_res = {}  # id -> res:// path
    sub = {}  # id -> Texture
    used_sub = set()
    used_ext = set()
    anims_value = None
    pages = {}
    while not lx.at_eof():
        line = lx.line()
        name, fields = _tag(lx)
        if name == "ext_resource":
            if sub or anims_value is not None:
                lx.error("[ext_resource] after a [sub_resource] or [resource]")
            _fields(lx, name, fields, ("type", "path", "id"), ("uid",))
            if fields["type"] != "Texture2D":
                lx.error(f'ext_resource type {fields["type"]!r}, expected "Texture2D"')
            if "uid" in fields and not _is_uid(fields["uid"]):
                lx.error(f"malformed uid {fields['uid']!r}")
            ident, res = fields["id"], fields["path"]
            if not isinstance(ident, str) or type(ident) is not str or not ident:
                lx.error("ext_resource id is not a (non-empty) string")
            if not isinstance(res, str) or type(res) is not str:
                lx.error("ext_resource path is not a string")
            if ident in ext:
                lx.error(f"ext_resource id {ident!r} twice")
            if not res.startswith("res://"):
                lx.error(f"ext_resource path {res!r} is not a res:// path")
            rel = res[len("res://") :]
            parts = rel.split("/")
            if not rel or any(p in ("", ".", "..") for p in parts) or "\\" in rel:
                lx.error(f"ext_resource path {res!r} is not a plain path inside the project")
            full = os.path.join(project_root, *parts)
            if not os.path.isfile(full):
                lx.error(f"ext_resource path {res!r} names no file ({full})")
            if res in ext_res.values():
                lx.error(f"page {res!r} listed twice")
            ext[ident] = full
            ext_res[ident] = res
            if _assignments(lx):
                lx.error("[ext_resource] with properties")
        elif name == "sub_resource":
            if anims_value is not None:
                lx.error("[sub_resource] after [resource]")
            _fields(lx, name, fields, ("type", "id"))
            if fields["type"] != "AtlasTexture":
                lx.error(f'sub_resource type {fields["type"]!r}, expected "AtlasTexture"')
            ident = fields["id"]
            if not isinstance(ident, str) or type(ident) is not str or not ident:
                lx.error("sub_resource id is not a (non-empty) string")
            if ident in sub:
                lx.error(f"sub_resource id {ident!r} twice")
            props = _assignments(lx)
            for k in props:
                if k not in ("atlas", "region", "margin", "filter_clip"):
                    lx.error(f"AtlasTexture property {k!r} is not understood here")
            atlas = props.get("atlas")
            if not isinstance(atlas, _Ref) or atlas.kind != "ExtResource":
                lx.error(f"AtlasTexture {ident!r}: atlas is not an ExtResource(\"…\")")
            if atlas.id not in ext:
                lx.error(f"AtlasTexture {ident!r}: ExtResource({atlas.id!r}) is not defined above")
            used_ext.add(atlas.id)
            if "region" not in props:
                lx.error(f"AtlasTexture {ident!r} without region")
            region = _int_rect(lx, props["region"], "region")
            margin = _int_rect(lx, props.get("margin", ("Rect2", (Fraction(0),) * 4)), "margin")
            if "filter_clip" in props and not isinstance(props["filter_clip"], bool):
                lx.error("filter_clip is not a bool")
            if region[2] <= 0 or region[3] <= 0:
                lx.error(f"AtlasTexture {ident!r}: empty region (Godot would use the whole atlas)")
            full = ext[atlas.id]
            if full not in pages:
                pages[full] = read_png(full)
            pw, ph, prgba = pages[full]
            try:
                rgba = crop(pw, ph, prgba, *region)
            except CheckError as e:
                lx.error(f"AtlasTexture {ident!r}: {e}")
            sub[ident] = Texture(ext_res[atlas.id], region, margin, rgba)
        elif name == "resource":
            if anims_value is not None:
                lx.error("a second [resource]")
            if fields:
                lx.error("[resource] with fields")
            props = _assignments(lx)
            for k in props:
                if k != "animations":
                    lx.error(f"SpriteFrames property {k!r} is not understood here")
            if "animations" not in props:
                lx.error("[resource] without animations")
            anims_value = props["animations"]
        else:
            lx.error(f"[{name}] (line {line}) is not understood here")
    if anims_value is None:
        raise CheckError(f"{path}: no [resource]")

    if not isinstance(anims_value, list):
        raise CheckError(f"{path}: animations is not an array")
    anims = {}
    for a in anims_value:
        if not isinstance(a, dict) or set(a) != {"frames", "loop", "name", "speed"}:
            raise CheckError(f"{path}: an animation is not a dictionary of exactly frames, loop, "
                             f"name, speed: {a if not isinstance(a, dict) else sorted(a)}")
        name = a["name"]
        if not isinstance(name, _StringName):
            raise CheckError(f"{path}: animation name {name!r} is not a StringName &\"…\"")
        if name in anims:
            raise CheckError(f"{path}: animation {name!r} twice (Godot keeps only the last)")
        if not isinstance(a["loop"], bool):
            raise CheckError(f"{path}: {name}: loop is not true/false")
        speed = a["speed"]
        if not isinstance(speed, Fraction) or speed <= 0:
            raise CheckError(f"{path}: {name}: speed is not a positive number")
        if not isinstance(a["frames"], list):
            raise CheckError(f"{path}: {name}: frames is not an array")
        frames = []
        for f in a["frames"]:
            if not isinstance(f, dict) or set(f) != {"duration", "texture"}:
                raise CheckError(f"{path}: {name}: a frame is not a dictionary of exactly "
                                 f"duration and texture")
            d, t = f["duration"], f["texture"]
            if not isinstance(d, Fraction) or d < Fraction(1, 100):
                raise CheckError(f"{path}: {name}: duration {d!r} is not a number >= 0.01")
            if not isinstance(t, _Ref) or t.kind != "SubResource":
                raise CheckError(f"{path}: {name}: a frame's texture is not a SubResource(\"…\")")
            if t.id not in sub:
                raise CheckError(f"{path}: {name}: SubResource({t.id!r}) is not defined above")
            used_sub.add(t.id)
            frames.append((t.id, d))
        anims[str(name)] = {"speed": speed, "loop": a["loop"], "frames": frames}

    unused = sorted(set(sub) - used_sub)
    if unused:
        raise CheckError(f"{path}: sub_resources no animation uses: {unused[:5]}")
    unused = sorted(set(ext) - used_ext)
    if unused:
        raise CheckError(f"{path}: ext_resources no AtlasTexture uses: {unused[:5]}")
    if "load_steps" in head:
        steps = len(ext) + len(sub) + 1
        if head["load_steps"] != steps:
            raise CheckError(f"{path}: load_steps={head['load_steps']}, the file has {steps} "
                             f"resources")
    return {"animations": anims, "textures": sub}
