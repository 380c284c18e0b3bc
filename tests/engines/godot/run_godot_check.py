#!/usr/bin/env python3
"""The engines_godot3 / engines_godot4 tests (issue 12): every sample (and the Flare-like test
definition) built into a pack, exported with `spritec export --format godot3|godot4`, and
checked against engine_expect's expectations:

- godot3: Godot 3's headless server loads the .tres with its own loader
  (dump_sprite_frames.gd) and the check reads what Godot made of it;
- godot4: no Godot 4 is packaged, so godot_check.parse_godot4 reads the .tres strictly.

Each definition is built twice and exported twice: with its pages embedded in the pack, into
a Godot project below its project.godot (res:// is the project's directory), and with its
pages as files beside the pack, into a directory without project.godot (res:// is that
directory). Every export must be byte-identical when repeated and write only STEM.tres and
STEM-N.png.

Layered actors (issue 26): of the definitions in one directory, each piece (its pack has a
`slot`, `spritec inspect --json`) must show, as Godot loaded it, only animations of a master's
names (a master of that directory with the piece's slot), each with as many frames as the
master's: a game plays them side by side by name and frame index (docs/engines.md).

Usage: run_godot_check.py --format godot3|godot4 --spritec BIN --engine-expect BIN
                          --source-dir REPO --work DIR [--godot godot3-server]
"""

import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import godot_check  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120, **kw)
    if p.returncode != 0:
        raise godot_check.CheckError(
            f"{' '.join(cmd)} exited with {p.returncode}:\n{p.stdout}{p.stderr}")
    return p


def definitions(source_dir):
    defs = sorted(glob.glob(os.path.join(source_dir, "samples", "*", "*.sprites.yaml")))
    flare = os.path.join(source_dir, "tests", "data", "engines", "flare", "flare.sprites.yaml")
    if os.path.exists(flare):
        defs.append(flare)
    # flare.png on premultiplied, bled pages: Godot gets straight-alpha pages.
    premultiplied = os.path.join(os.path.dirname(flare), "premultiplied.sprites.yaml")
    if os.path.exists(premultiplied):
        defs.append(premultiplied)
    return defs


def tree_bytes(directory):
    out = {}
    for root, _dirs, files in os.walk(directory):
        for f in files:
            p = os.path.join(root, f)
            with open(p, "rb") as fh:
                out[os.path.relpath(p, directory)] = fh.read()
    return out


def export(args, pack, out):
    """Exports; returns the actions whose loop_from tail the export says it cannot carry
    (W0705), or None when the warning lists only some of them."""
    p = run([args.spritec, "export", pack, "--format", args.format, "-o", out,
             "--diagnostics", "json"])
    tails = set()
    for d in json.loads(p.stderr or '{"diagnostics": []}')["diagnostics"]:
        if d["code"] != "W0705":
            continue
        msg = d["message"]
        listed = re.findall(r"'((?:[^'\\]|\\.)*)'", msg.split(" in: ", 1)[-1])
        count = re.search(r"\((\d+) actions?\)$", msg)
        if count is None or int(count.group(1)) != len(listed):
            return None
        tails.update(listed)
    return tails


def action_of(name, expect):
    head, _, view = name.rpartition("/")
    return head if head and view.isdigit() else name


def godot3_model(args, project, tres_res, dump_path, expect):
    # Play for the longest expected animation plus a tick, at 4 main-loop iterations a tick
    # (--fixed-fps: no waiting for real time), so every tick holds samples well inside it.
    tick_rate = expect["tick_rate"]
    longest = max([len(a["ticks"]) for a in expect["animations"].values()] + [1])
    cmd = [args.godot, "--path", project, "--fixed-fps", str(4 * tick_rate),
           "-s", os.path.join(HERE, "dump_sprite_frames.gd"),
           f"--tres={tres_res}", f"--out={dump_path}", f"--seconds={(longest + 1) / tick_rate}"]
    # A home of its own (Godot writes its user data there) and a locale Godot knows (with
    # LANG=C it prints an error about the locale on every start).
    home = os.path.join(args.work, "godot-home")
    os.makedirs(home, exist_ok=True)
    env = dict(os.environ, HOME=home, LANG="en_US.UTF-8", LC_ALL="en_US.UTF-8")
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=60, env=env)
    if not os.path.exists(dump_path):
        raise godot_check.CheckError(
            f"Godot wrote no dump (exit {p.returncode}):\n{p.stdout}{p.stderr}")
    with open(dump_path) as f:
        dump = json.load(f)
    # Godot's own complaints about the file (parse errors, missing dependencies) fail the check.
    errors = [line for line in (p.stdout + p.stderr).splitlines()
              if ("ERROR" in line or "SCRIPT ERROR" in line) and "locale" not in line]
    if errors or p.returncode != 0:
        raise godot_check.CheckError(
            f"Godot 3 (exit {p.returncode}) reported:\n" + "\n".join(errors or [p.stderr]))
    return godot_check.load_godot3_dump(dump)


def shifted(text):
    """The .tres with its first AtlasTexture drawn one pixel to the right (margin.x + 2 and
    margin.w + 2: the texture stays even, its centre moves by one, the region by two)."""
    m = re.search(r"margin = Rect2\(( ?)(-?\d+), (-?\d+), (-?\d+), (-?\d+)( ?)\)", text)
    if m is None:
        raise godot_check.CheckError("no margin to shift in the export")
    sp, x, y, w, h, sp2 = m.groups()
    new = f"margin = Rect2({sp}{int(x) + 2}, {y}, {int(w) + 2}, {h}{sp2})"
    return text[: m.start()] + new + text[m.end():]


def self_test(args, root, out, res, expect, work, failures, label):
    """The check must catch a one-pixel error: run it on a shifted copy of the export."""
    with open(out, encoding="utf-8") as f:
        text = f.read()
    mutant = os.path.join(os.path.dirname(out), "mutant.tres")
    with open(mutant, "w", encoding="utf-8") as f:
        f.write(shifted(text))
    found = []
    try:
        if args.format == "godot3":
            model = godot3_model(args, root, res[: res.rindex("/") + 1] + "mutant.tres",
                                 os.path.join(work, "dump-mutant.json"), expect)
        else:
            model = godot_check.parse_godot4(mutant, root)
        godot_check.check_model(model, expect, 3 if args.format == "godot3" else 4, found, label)
    finally:
        os.remove(mutant)
    if not found:
        failures.append(f"{label}: self-test: a frame shifted by one pixel went unnoticed")
    return len(found)


def build(args, definition, work, stem, pages):
    """The pack (pages embedded or as files beside it) and engine_expect's expectations."""
    d = os.path.join(work, "pack-" + pages)
    os.makedirs(d)
    pack = os.path.join(d, stem + ".spk")
    # From the definition's directory: its paths must stay inside the project root (E0201).
    run([args.spritec, "build", definition, "-o", pack, "--pages", pages],
        cwd=os.path.dirname(definition))
    p = run([args.engine_expect, pack])
    with open(os.path.join(d, "expect.json"), "w") as f:
        f.write(p.stdout)
    return pack, json.loads(p.stdout)


def layered_role(args, pack):
    """("master", its slots), ("piece", [its slot]) or (None, []) from `spritec inspect --json`."""
    doc = json.loads(run([args.spritec, "inspect", "--json", pack]).stdout)
    if "layers" in doc:
        return "master", doc["layers"]["slots"]
    if "slot" in doc:
        return "piece", [doc["slot"]]
    return None, []


def check_layered(format_name, shown, failures):
    """Each piece's animations, as Godot loaded them, against its master's: the master's names
    and frame counts. `shown`: definition path -> (role, slots, {animation: frame count})."""
    compared = 0
    for path, (role, slots, anims) in sorted(shown.items()):
        if role != "piece":
            continue
        stem = os.path.basename(path)[: -len(".sprites.yaml")]
        masters = [(p, m) for p, m in sorted(shown.items()) if m[0] == "master"
                   and os.path.dirname(p) == os.path.dirname(path) and slots[0] in m[1]]
        if not masters:
            failures.append(f"{stem}: a piece for slot {slots[0]!r} with no master beside it")
        for master_path, (_role, _slots, master_anims) in masters:
            master = os.path.basename(master_path)[: -len(".sprites.yaml")]
            for name, n in sorted(anims.items()):
                if name not in master_anims:
                    failures.append(f"{stem}: animation {name!r} is not one of master {master}'s")
                elif master_anims[name] != n:
                    failures.append(f"{stem}: animation {name!r} has {n} frames in {format_name}, "
                                    f"master {master}'s {master_anims[name]}")
                else:
                    compared += 1
    return compared


def check_one(args, definition, failures, self_check):
    stem = os.path.basename(definition)[: -len(".sprites.yaml")]
    work = os.path.join(args.work, stem)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)

    # Layout 1: a pack with embedded pages, exported inside a Godot project, two directories
    # below project.godot (res:// is the project's directory).
    project = os.path.join(work, "project")
    os.makedirs(project)
    with open(os.path.join(project, "project.godot"), "w") as f:
        f.write("config_version=4\n" if args.format == "godot3" else "config_version=5\n")
    # Layout 2: a pack with its pages as files, exported into a directory without
    # project.godot (res:// is the directory itself).
    plain = os.path.join(work, "plain")
    layouts = [("in a project", "embed", project, os.path.join(project, "art", stem, stem + ".tres"),
                f"res://art/{stem}/{stem}.tres"),
               ("no project.godot, page files", "files", plain, os.path.join(plain, stem + ".tres"),
                f"res://{stem}.tres")]
    samples = 0
    expect = None
    role, slots, shown = None, [], None
    for where, pages, root, out, res in layouts:
        label = f"{stem} ({where})"
        try:
            pack, expect = build(args, definition, work, stem, pages)
            tails = export(args, pack, out)
            first = tree_bytes(os.path.dirname(out))
            export(args, pack, out)
            if tree_bytes(os.path.dirname(out)) != first:
                failures.append(f"{label}: a second export wrote different bytes")
            # The export writes STEM.tres and its pages STEM-0.png, STEM-1.png, … and nothing else.
            names = sorted(first)
            want = [f"{stem}.tres"] + [f"{stem}-{i}.png" for i in range(len(names) - 1)]
            if sorted(names) != sorted(want):
                failures.append(f"{label}: the export wrote {names}, expected {sorted(want)}")
            if args.format == "godot3":
                if root == plain:
                    with open(os.path.join(plain, "project.godot"), "w") as f:
                        f.write("config_version=4\n")
                model = godot3_model(args, root, res, os.path.join(work, f"dump-{pages}.json"),
                                     expect)
                with open(out, encoding="utf-8") as f:
                    head = f.readline()
                if "format=2" not in head:
                    failures.append(f"{label}: header {head.strip()!r} is not format=2")
            else:
                model = godot_check.parse_godot4(out, root)
            tail_loops = None if tails is None else {
                n for n in expect["animations"] if action_of(n, expect) in tails}
            samples += godot_check.check_model(model, expect, 3 if args.format == "godot3" else 4,
                                               failures, label, tail_loops)
            role, slots = layered_role(args, pack)
            shown = {n: len(a["frames"]) for n, a in model["animations"].items()}
            if self_check and root == project:
                caught = self_test(args, root, out, res, expect, work, failures, label)
                print(f"{args.format} {stem}: self-test: a one-pixel shift of the first frame "
                      f"gave {caught} failures (as it must)")
            # Every page the .tres names is one of the export's STEM-N.png beside it.
            used = sorted({t.atlas for t in model["textures"].values()})
            prefix = res[: -len(".tres")] + "-"
            for page in used:
                n = page[len(prefix): -len(".png")] if page.startswith(prefix) and page.endswith(".png") else ""
                if not n.isdigit():
                    failures.append(f"{label}: page {page} is not {prefix}N.png")
        except godot_check.CheckError as e:
            failures.append(f"{label}: {e}")
    layered = None if shown is None else (role, slots, shown)
    if expect is None:
        return stem, 0, 0, samples, layered
    return stem, len(expect["animations"]), len(expect["images"]), samples, layered


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--format", required=True, choices=["godot3", "godot4"])
    ap.add_argument("--spritec", required=True)
    ap.add_argument("--engine-expect", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--godot", default="godot3-server")
    ap.add_argument("--only", help="check only the definitions whose stem is this")
    ap.add_argument("--definition", action="append", default=[],
                    help="check this definition instead of the samples (repeatable)")
    args = ap.parse_args()

    if args.format == "godot3" and shutil.which(args.godot) is None:
        print(f"FAIL: {args.godot} is not installed (scripts/install-deps.sh installs "
              f"godot3-server); the Godot 3 check cannot run", file=sys.stderr)
        return 1

    start = time.time()
    failures = []
    total = 0
    defs = [os.path.abspath(d) for d in args.definition] or definitions(args.source_dir)
    if args.only:
        defs = [d for d in defs if os.path.basename(d).startswith(args.only + ".")]
    if not defs:
        print("FAIL: no definitions found", file=sys.stderr)
        return 1
    layered = {}
    for i, d in enumerate(defs):
        try:
            stem, n_anims, n_images, samples, shown = check_one(args, d, failures, i == 0)
        except godot_check.CheckError as e:
            failures.append(f"{d}: {e}")
            continue
        total += samples
        if shown is not None and shown[0] is not None:
            layered[d] = shown
        print(f"{args.format} {stem}: {n_anims} animations, {n_images} images, "
              f"{samples} tick samples over the 2 layouts")
    compared = check_layered(args.format, layered, failures)
    pieces = sum(1 for role, _s, _a in layered.values() if role == "piece")
    print(f"{args.format}: {pieces} pieces of layered actors, {compared} of their animations "
          f"with their master's name and frame count")
    for f in failures:
        print("FAIL:", f, file=sys.stderr)
    print(f"{args.format}: {len(defs)} definitions, {total} tick samples, {len(failures)} "
          f"failures, {time.time() - start:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
