#!/usr/bin/python3
"""Times two spritec binaries on the same commands, alternating them run by run (so a
shared, noisy machine slows both alike), and prints each command's median and range.

  bench/compare_binaries.py BASE NEW [RUNS] [LARGE_DEF]

BASE and NEW are spritec executables (e.g. a build of an earlier commit and build/cli/spritec);
RUNS defaults to 7 (plus one warm-up run each, not counted). LARGE_DEF, when given, adds a
`build` of that definition (e.g. a 10,000-frame set made by bench/datasets.sh, with a
`variants:` key added) with --root /. Outputs go to a temporary directory. Run from the
repository's root.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    base, new = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    commands = {
        'preview knight scene gif': ['preview', 'samples/knight/knight.scene.yaml', '-o', '{}.gif',
                                     '--scale', '3'],
        'preview skirmish scene apng': ['preview', 'samples/skirmish/skirmish.scene.yaml', '-o',
                                        '{}.apng'],
        'preview imp actions strip': ['preview', 'samples/imp/imp.sprites.yaml', '-o', '{}.png',
                                      '--action', 'all', '--scale', '2'],
    }
    if len(sys.argv) > 4:
        commands['build large set'] = ['build', sys.argv[4], '-o', '{}.spk', '--root', '/']
    out = tempfile.mkdtemp(prefix='spritec-compare-')
    for name, args in commands.items():
        times = {'base': [], 'new': []}
        for r in range(runs + 1):
            for tag, exe in (('base', base), ('new', new)):
                argv = [exe] + [a.format(os.path.join(out, tag)) for a in args]
                t = time.perf_counter()
                subprocess.run(argv, check=True, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
                if r > 0:
                    times[tag].append(time.perf_counter() - t)

        def shown(v):
            return f"{statistics.median(v):.3f} s ({min(v):.3f}-{max(v):.3f})"

        print(f"{name:30s} base {shown(times['base'])}  new {shown(times['new'])}")


if __name__ == '__main__':
    main()
