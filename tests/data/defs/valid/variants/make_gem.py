#!/usr/bin/python3
"""Four 7x9 frames of a spinning gem (odd sizes, content at odd offsets, a soft-alpha
glow pixel, a fully transparent frame) for the scale variants' tests: 2x nearest must
repeat every pixel, 0.5x must round the odd origins and moves as docs/definitions.md
says. Frame 3 repeats frame 0's pixels one pixel lower, so the base merges them and
the variants must not merge them by position. Run with Debian's Python (python3-pil);
deterministic."""
from PIL import Image

W, H, N = 7, 9, 5
im = Image.new("RGBA", (W * N, H), (0, 0, 0, 0))
COLOURS = [(200, 40, 60, 255), (60, 180, 90, 255), (50, 90, 220, 255)]
for f, (r, g, b, a) in enumerate(COLOURS):
    for y in range(1, 6):
        half = 2 - abs(y - 3)  # a diamond, rows 1..5
        for x in range(3 - half, 4 + half):
            shade = 40 * ((x + y + f) % 3)
            im.putpixel((f * W + x, y), (min(255, r + shade), g, b, a))
    im.putpixel((f * W + 5, 7), (255, 255, 160, 96))  # a soft glow pixel
# Frame 3: frame 0 one pixel lower (the same trimmed pixels at another place).
for y in range(H - 1):
    for x in range(W):
        im.putpixel((3 * W + x, y + 1), im.getpixel((x, y)))
# Frame 4 stays fully transparent.
im.save("gem.png")
