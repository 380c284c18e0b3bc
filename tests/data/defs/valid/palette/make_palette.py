#!/usr/bin/python3
"""A walking blob in four 12x12 frames, saved by Pillow as an indexed-colour PNG (4 bits,
6 colours, index 0 fully transparent and index 5 half transparent through tRNS), as pixel
editors export small palettes. Run with Debian's Python (python3-pil); deterministic."""
from PIL import Image

W, H, N = 12, 12, 4
# transparent, outline, body, light, eye, shadow (half transparent)
PALETTE = [(255, 0, 255), (34, 32, 52), (91, 110, 225), (203, 219, 252), (255, 255, 255),
           (0, 0, 0)]
ALPHA = bytes([0, 255, 255, 255, 255, 128])

im = Image.new("P", (W * N, H), 0)
im.putpalette([c for rgb in PALETTE for c in rgb])
for f in range(N):
    bob = (0, 1, 0, -1)[f]
    for y in range(H):
        for x in range(W):
            dx, dy = x - 5.5, y - 6.5 - bob
            if y == H - 1 and 2 <= x <= 9:
                im.putpixel((f * W + x, y), 5)  # shadow
            elif dx * dx + dy * dy <= 16:
                inner = dx * dx + dy * dy <= 9
                colour = 3 if inner and dx < -1 and dy < -1 else 2 if inner else 1
                im.putpixel((f * W + x, y), colour)
    im.putpixel((f * W + 7, 5 + bob), 4)  # eye
im.save("blob.png", bits=4, transparency=ALPHA)
