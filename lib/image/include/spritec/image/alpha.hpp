// spritec::image — what a page's alpha asks of its colours: bleeding colour into fully
// transparent pixels, premultiplying and un-premultiplying (atlas: {bleed, premultiply},
// docs/definitions.md). Each works in place on an RGBA8 Image (image.hpp), allocates at
// most what bleed needs (one byte a pixel plus two lists of pixel indices), and gives the
// same bytes for the same pixels on every platform.
#pragma once

#include <cstdint>

#include "spritec/image/image.hpp"

namespace spritec::image {

// Every fully transparent pixel (alpha 0) gets the red, green and blue of the nearest pixel
// that has colour (alpha > 0); its alpha stays 0, so the image shows exactly what it showed.
// Stops the dark fringes that linear filtering gives when it mixes a sprite's edge with the
// (black) colour of the transparent pixels next to it.
//
// Exactly: a pixel's distance d is the Chebyshev distance (max(|dx|, |dy|)) to the nearest
// pixel with alpha > 0, which keeps its colour (d = 0). For d = 1, 2, … in turn, each pixel
// of distance d takes the colour of the first of its neighbours of distance d - 1 in the
// order left, right, up, down, up-left, up-right, down-left, down-right — a colour that
// came, neighbour by neighbour, from a pixel at distance d. An image with no pixel of
// alpha > 0 is left as it is. Cost: O(width × height), each pixel reached once.
void bleed(Image& img);

// Premultiplies every pixel: each of red, green and blue becomes c × a / 255 rounded to
// nearest, computed exactly as (c × a + 127) / 255 in integers (the fraction is never one
// half). Alpha is unchanged; alpha 255 leaves a pixel as it is, alpha 0 makes it (0, 0, 0, 0).
void premultiply(Image& img);

// The inverse, as close as 8 bits allow: for 0 < a < 255 each channel becomes
// min(255, (c × 255 + a / 2) / a) in integers (c × 255 / a rounded to nearest, halves up);
// alpha 255 leaves a pixel as it is; alpha 0 gives (0, 0, 0, 0).
// unpremultiply(premultiply(x)) gives each channel of a pixel of alpha a back within
// premultiply_error(a) of x's; premultiply(unpremultiply(premultiply(x))) == premultiply(x).
void unpremultiply(Image& img);

// The largest difference premultiply then unpremultiply makes to a colour channel of a pixel
// of alpha a (1…255): (127 + a / 2) / a in integers — 127 at alpha 1, 64 at 2, 13 at 10,
// 2 at 64, 1 from 85 to 254 and 0 at 255; found by trying every value
// (tests/unit/image/alpha_test.cpp). 255 for a = 0: a fully transparent pixel's colour is
// not kept at all (it comes back black).
int premultiply_error(int a);

// Every fully transparent pixel becomes (0, 0, 0, 0): the colour it carried showed nothing
// (`unpack` writes frames so, whatever trim, bleed or premultiply stored there).
void clear_transparent(Image& img);

}  // namespace spritec::image
