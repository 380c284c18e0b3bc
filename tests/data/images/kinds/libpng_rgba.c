/* The oracle of make_kinds.py: prints a PNG's pixels as libpng reads them, RGBA8, to
 * stdout. libpng (1.6) is the reader behind most viewers and paint programs; these are its
 * usual transformations for "RGBA, 8 bits": palette and low-bit grey expanded, tRNS to
 * alpha, 16-bit samples scaled (rounded) to 8, grey to RGB, opaque alpha added. No gamma
 * or colour management. Warnings (libpng's benign errors) go to stderr.
 *   cc -O1 -o libpng_rgba libpng_rgba.c -lpng && ./libpng_rgba in.png > out.rgba */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>

static void warn(png_structp png, png_const_charp message) {
  (void)png;
  fprintf(stderr, "libpng warning: %s\n", message);
}

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  FILE* f = fopen(argv[1], "rb");
  if (!f) return 2;
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, warn);
  png_infop info = png_create_info_struct(png);
  if (setjmp(png_jmpbuf(png))) return 1;
  png_init_io(png, f);
  png_read_info(png, info);
  png_set_expand(png);
  png_set_scale_16(png);
  png_set_gray_to_rgb(png);
  png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  const png_uint_32 w = png_get_image_width(png, info);
  const png_uint_32 h = png_get_image_height(png, info);
  if (png_get_rowbytes(png, info) != (size_t)w * 4) return 1;
  png_bytep pixels = malloc((size_t)w * h * 4);
  png_bytepp rows = malloc(sizeof(png_bytep) * h);
  if (!pixels || !rows) return 1;
  for (png_uint_32 y = 0; y < h; ++y) rows[y] = pixels + (size_t)y * w * 4;
  png_read_image(png, rows);
  png_read_end(png, NULL);
  fwrite(pixels, 1, (size_t)w * h * 4, stdout);
  return 0;
}
