// libvips through functions Swift can call: vips's own functions end in C varargs, which Swift
// does not import, so each operation BooksTrack uses is wrapped here with its options fixed.
#ifndef BOOKSTRACK_CVIPS_H
#define BOOKSTRACK_CVIPS_H

#include <string.h>
#include <vips/vips.h>

/// Initializes one libvips class, for `bt_vips_start`.
static inline void *bt_vips_initialize_class(GType type, void *unused) {
    (void) unused;
    g_type_class_unref(g_type_class_ref(type));
    return NULL;
}

/// Drops libvips's warnings. They are about the file being read ("heifload: ignoring nclx
/// profile") and went to the server's standard error raw, between its log lines; a file that
/// cannot be read fails with an error, which the caller reports in words.
static inline void bt_vips_quiet_warning(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer unused) {
    (void) domain; (void) level; (void) message; (void) unused;
}

/// Starts libvips once per process; 0 on success.
///
/// libvips initializes each of its classes (loaders, savers, operations) and its table of
/// operation names on their first use. Two threads using them for the first time at once could
/// find an operation missing ("invalid (unclassed) type") and crash on it: a whole test run,
/// starting many image tests at once, did so at its first second. Every class and the table are
/// initialized here, before any other thread can use libvips.
static inline int bt_vips_start(void) {
    if (VIPS_INIT("bookstrack")) return -1;
    g_log_set_handler("VIPS", (GLogLevelFlags)(G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO), bt_vips_quiet_warning, NULL);
    vips_type_map_all(g_type_from_name("VipsObject"), bt_vips_initialize_class, NULL);
    // Every image is worked on once: libvips's cache of recent operations would only hold their
    // decoded pixels (up to 100 MB) after the answer has gone.
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    return vips_type_find("VipsOperation", "thumbnail_buffer") == 0 ? -1 : 0;
}

/// The image in `buffer`, opened without decoding its pixels (its header only, until they are
/// asked for); NULL when libvips knows no such format.
static inline VipsImage *bt_vips_open(const void *buffer, size_t length) {
    return vips_image_new_from_buffer(buffer, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

/// `in` with 8 bits a sample (a PNG of 48 or 64 bits a pixel, a 16-bit grey): what follows is
/// kept at half the size and works on 8 bits. `in` itself with a reference more when it is 8-bit.
static inline int bt_vips_eight_bit(VipsImage *in, VipsImage **out) {
    if (vips_image_get_format(in) == VIPS_FORMAT_UCHAR) {
        g_object_ref(in);
        *out = in;
        return 0;
    }
    VipsInterpretation kind = vips_image_guess_interpretation(in);
    VipsInterpretation target = (kind == VIPS_INTERPRETATION_GREY16 || kind == VIPS_INTERPRETATION_B_W)
        ? VIPS_INTERPRETATION_B_W : VIPS_INTERPRETATION_sRGB;
    VipsImage *converted = NULL;
    int failed = vips_colourspace(in, &converted, target, NULL) || vips_cast_uchar(converted, out, NULL);
    if (converted) g_object_unref(converted);
    return failed;
}

/// A PNG (which has no shrink-on-load) read row by row and shrunk by whole blocks as it streams,
/// to at least `width` × `height`, at 8 bits, in memory: a 10,000 × 10,000 16-bit PNG costs about
/// 100 MB this way against 250 MB through `vips_thumbnail_buffer`, and half the time.
static inline int bt_vips_png_shrunk(const void *buffer, size_t length, int width, int height, VipsImage **out) {
    VipsImage *in = vips_image_new_from_buffer(buffer, length, "", "access", VIPS_ACCESS_SEQUENTIAL,
                                               "fail_on", VIPS_FAIL_ON_ERROR, NULL);
    if (in == NULL) return -1;
    double across = (double) vips_image_get_width(in) / width, down = (double) vips_image_get_height(in) / height;
    int factor = (int) (across > down ? across : down);
    VipsImage *shrunk = NULL, *eight = NULL;
    int failed = factor >= 2 ? vips_shrink(in, &shrunk, (double) factor, (double) factor, NULL) : (g_object_ref(in), shrunk = in, 0);
    g_object_unref(in);
    if (failed) return -1;
    failed = bt_vips_eight_bit(shrunk, &eight);
    g_object_unref(shrunk);
    if (failed) return -1;
    *out = vips_image_copy_memory(eight);
    g_object_unref(eight);
    return *out == NULL ? -1 : 0;
}

/// The image in `buffer`, turned upright by its EXIF orientation and shrunk (never enlarged) to
/// fit `width` × `height` pixels, at 8 bits, its pixels decoded now; 0 on success. A truncated or
/// corrupt file fails here instead of giving a partly grey image.
static inline int bt_vips_thumbnail(const void *buffer, size_t length, int width, int height, VipsImage **out) {
    VipsImage *lazy = NULL, *eight = NULL;
    const char *loader = vips_foreign_find_load_buffer(buffer, length);
    if (loader != NULL && strstr(loader, "Png") != NULL) {
        VipsImage *decoded = NULL;
        if (bt_vips_png_shrunk(buffer, length, width, height, &decoded)) return -1;
        int failed = vips_thumbnail_image(decoded, &lazy, width, "height", height, "size", VIPS_SIZE_DOWN, NULL);
        g_object_unref(decoded);
        if (failed) return -1;
    } else if (vips_thumbnail_buffer((void *)buffer, length, &lazy, width, "height", height, "size", VIPS_SIZE_DOWN,
                                     "option_string", "fail_on=error", NULL)) {
        // Through the loader's own shrinking (a JPEG decodes at 1/2, 1/4 or 1/8 of its size when
        // that is enough), failing on a truncated or corrupt file.
        return -1;
    }
    int failed = bt_vips_eight_bit(lazy, &eight);
    g_object_unref(lazy);
    if (failed) return -1;
    *out = vips_image_copy_memory(eight);
    g_object_unref(eight);
    return *out == NULL ? -1 : 0;
}

/// `in` with any transparency laid on white (a JPEG has none, and a transparent PNG saved as
/// JPEG would turn black where it was clear), or `in` itself with a reference more; 0 on success.
static inline int bt_vips_on_white(VipsImage *in, VipsImage **out) {
    if (!vips_image_hasalpha(in)) {
        g_object_ref(in);
        *out = in;
        return 0;
    }
    double white[1] = {255.0};
    VipsArrayDouble *background = vips_array_double_new(white, 1);
    int failed = vips_flatten(in, out, "background", background, NULL);
    vips_area_unref(VIPS_AREA(background));
    return failed;
}

/// Called by a thread that used libvips, before it ends: frees the buffers libvips keeps for
/// each thread (a thread that ends without it leaves them behind).
static inline void bt_vips_thread_done(void) {
    vips_thread_shutdown();
}

/// An image already in memory shrunk (never enlarged) to fit `size` × `size` pixels; 0 on success.
static inline int bt_vips_shrink(VipsImage *in, int size, VipsImage **out) {
    VipsImage *lazy = NULL;
    if (vips_thumbnail_image(in, &lazy, size, "height", size, "size", VIPS_SIZE_DOWN, "no_rotate", TRUE, NULL)) return -1;
    *out = vips_image_copy_memory(lazy);
    g_object_unref(lazy);
    return *out == NULL ? -1 : 0;
}

/// The image as JPEG at `quality`, without any metadata (EXIF, GPS, ICC, XMP); 0 on success.
/// The bytes are freed with g_free.
static inline int bt_vips_jpeg(VipsImage *in, int quality, void **buffer, size_t *length) {
    VipsImage *opaque = NULL;
    if (bt_vips_on_white(in, &opaque)) return -1;
    int failed = vips_jpegsave_buffer(opaque, buffer, length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL);
    g_object_unref(opaque);
    return failed;
}

/// The image as one band of 8-bit grey, its pixels in rows; 0 on success. Freed with g_free.
static inline int bt_vips_grey(VipsImage *in, unsigned char **pixels, size_t *length) {
    VipsImage *opaque = NULL, *grey = NULL, *band = NULL, *bytes = NULL;
    int failed = bt_vips_on_white(in, &opaque)
        || vips_colourspace(opaque, &grey, VIPS_INTERPRETATION_B_W, NULL)
        || vips_extract_band(grey, &band, 0, NULL)
        || vips_cast_uchar(band, &bytes, NULL);
    if (!failed) {
        *pixels = (unsigned char *)vips_image_write_to_memory(bytes, length);
        failed = *pixels == NULL;
    }
    if (opaque) g_object_unref(opaque);
    if (grey) g_object_unref(grey);
    if (band) g_object_unref(band);
    if (bytes) g_object_unref(bytes);
    return failed;
}

/// The image turned by `degrees` (any angle) about its centre, the corners filled white; 0 on success.
static inline int bt_vips_rotate(VipsImage *in, double degrees, VipsImage **out) {
    double white[1] = { 255.0 };
    VipsArrayDouble *background = vips_array_double_new(white, 1);
    int failed = vips_rotate(in, out, degrees, "background", background, NULL);
    vips_area_unref(VIPS_AREA(background));
    return failed;
}

/// The image blurred by a Gaussian of `sigma` pixels; 0 on success.
static inline int bt_vips_blur(VipsImage *in, double sigma, VipsImage **out) {
    return vips_gaussblur(in, out, sigma, NULL);
}

/// The image scaled by `factor`; 0 on success.
static inline int bt_vips_resize(VipsImage *in, double factor, VipsImage **out) {
    return vips_resize(in, out, factor, NULL);
}

/// Two images side by side (a photo of two books' barcodes, in tests); 0 on success.
static inline int bt_vips_join(VipsImage *left, VipsImage *right, VipsImage **out) {
    double white[1] = { 255.0 };
    VipsArrayDouble *background = vips_array_double_new(white, 1);
    int failed = vips_join(left, right, out, VIPS_DIRECTION_HORIZONTAL, "expand", TRUE, "background", background, "shim", 40, NULL);
    vips_area_unref(VIPS_AREA(background));
    return failed;
}

/// A copy of the image tagged with an EXIF orientation (1–8), as a phone held sideways tags its
/// photos (for tests); 0 on success.
static inline int bt_vips_oriented(VipsImage *in, int orientation, VipsImage **out) {
    if (vips_copy(in, out, NULL)) return -1;
    vips_image_set_int(*out, VIPS_META_ORIENTATION, orientation);
    return 0;
}

/// The image as JPEG keeping its metadata, as a camera writes it (for tests); 0 on success.
static inline int bt_vips_camera_jpeg(VipsImage *in, void **buffer, size_t *length) {
    return vips_jpegsave_buffer(in, buffer, length, "Q", 90, NULL);
}

/// The image as PNG (for tests that make images); 0 on success. Freed with g_free.
static inline int bt_vips_png(VipsImage *in, void **buffer, size_t *length) {
    return vips_pngsave_buffer(in, buffer, length, NULL);
}

/// The `width` × `height` area of `in` at (`left`, `top`), copied into memory; 0 on success.
static inline int bt_vips_crop(VipsImage *in, int left, int top, int width, int height, VipsImage **out) {
    VipsImage *lazy = NULL;
    if (vips_extract_area(in, &lazy, left, top, width, height, NULL)) return -1;
    *out = vips_image_copy_memory(lazy);
    g_object_unref(lazy);
    return *out == NULL ? -1 : 0;
}

/// Releases an image.
static inline void bt_vips_release(VipsImage *image) {
    if (image) g_object_unref(image);
}

/// The last error libvips recorded (cleared by reading it), for a message.
static inline const char *bt_vips_error(void) {
    return vips_error_buffer();
}

static inline void bt_vips_clear_error(void) {
    vips_error_clear();
}

/// `text` drawn by Pango in `font` ("DejaVu Serif Bold 24") at `dpi`, as a one-band 8-bit mask
/// (255 where the ink is), one line unless it holds a newline; 0 on success.
static inline int bt_vips_text(const char *text, const char *font, int dpi, VipsImage **out) {
    return vips_text(out, text, "font", font, "dpi", dpi, NULL);
}

/// The image turned by `quarter_turns` right angles clockwise (1, 2 or 3); 0 on success.
static inline int bt_vips_rot90(VipsImage *in, int quarter_turns, VipsImage **out) {
    VipsAngle angle = quarter_turns == 1 ? VIPS_ANGLE_D90 : quarter_turns == 2 ? VIPS_ANGLE_D180 : VIPS_ANGLE_D270;
    return vips_rot(in, out, angle, NULL);
}

/// A `width` x `height` sRGB image of one colour, in memory so that it can be drawn on; 0 on success.
static inline int bt_vips_canvas(int width, int height, double red, double green, double blue, VipsImage **out) {
    VipsImage *black = NULL, *coloured = NULL;
    double scale[3] = { 1.0, 1.0, 1.0 };
    double colour[3] = { red, green, blue };
    int failed = vips_black(&black, width, height, "bands", 3, NULL)
        || vips_linear(black, &coloured, scale, colour, 3, "uchar", TRUE, NULL);
    if (!failed) {
        vips_image_set_int(coloured, "interpretation", VIPS_INTERPRETATION_sRGB);
        *out = vips_image_copy_memory(coloured);
        failed = *out == NULL;
    }
    if (black) g_object_unref(black);
    if (coloured) g_object_unref(coloured);
    return failed;
}

/// Fills a rectangle of an image in memory with one colour, in place; 0 on success.
static inline int bt_vips_fill_rect(VipsImage *image, double red, double green, double blue, int left, int top, int width, int height) {
    double ink[3] = { red, green, blue };
    return vips_draw_rect(image, ink, 3, left, top, width, height, "fill", TRUE, NULL);
}

/// Paints one colour through a one-band 8-bit mask (its grey levels as coverage) onto an image in
/// memory at (`left`, `top`), in place; 0 on success.
static inline int bt_vips_paint_mask(VipsImage *image, double red, double green, double blue, VipsImage *mask, int left, int top) {
    double ink[3] = { red, green, blue };
    return vips_draw_mask(image, ink, 3, mask, left, top, NULL);
}

/// The image with Gaussian noise of `sigma` grey levels added (the same on every band, as a
/// camera's luminance noise), drawn from `seed` (the same seed, the same noise), back in 8 bits;
/// 0 on success.
static inline int bt_vips_noisy(VipsImage *in, double sigma, int seed, VipsImage **out) {
    VipsImage *noise = NULL, *sum = NULL;
    int failed = vips_gaussnoise(&noise, vips_image_get_width(in), vips_image_get_height(in), "sigma", sigma, "mean", 0.0,
                                 "seed", seed, NULL)
        || vips_add(in, noise, &sum, NULL)
        || vips_cast_uchar(sum, out, NULL);
    if (noise) g_object_unref(noise);
    if (sum) g_object_unref(sum);
    return failed;
}

/// The image resampled through `index`, a two-band float image giving for each output pixel the
/// (x, y) it is read from (bilinear; points outside take the nearest edge); 0 on success.
static inline int bt_vips_remap(VipsImage *in, VipsImage *index, VipsImage **out) {
    return vips_mapim(in, out, index, "extend", VIPS_EXTEND_COPY, NULL);
}

/// The image as three bands of 8-bit sRGB, its pixels in rows (red, green, blue); 0 on success.
/// Freed with g_free.
static inline int bt_vips_rgb(VipsImage *in, unsigned char **pixels, size_t *length) {
    VipsImage *srgb = NULL, *bands = NULL, *bytes = NULL;
    int failed = vips_colourspace(in, &srgb, VIPS_INTERPRETATION_sRGB, NULL);
    // Converting to sRGB always gives three bands, and a fourth for an alpha channel, dropped here.
    if (!failed) failed = vips_extract_band(srgb, &bands, 0, "n", 3, NULL);
    if (!failed) failed = vips_cast_uchar(bands, &bytes, NULL);
    if (!failed) {
        *pixels = (unsigned char *)vips_image_write_to_memory(bytes, length);
        failed = *pixels == NULL;
    }
    if (srgb) g_object_unref(srgb);
    if (bands) g_object_unref(bands);
    if (bytes) g_object_unref(bytes);
    return failed;
}

/// Whether this libvips has a loader for the image in `buffer` (Debian's may lack HEIF); 1 or 0.
static inline int bt_vips_can_load(const void *buffer, size_t length) {
    return vips_foreign_find_load_buffer(buffer, length) != NULL;
}

/// For tests: a `width` × `height` PNG, every pixel `grey` with alpha `alpha`, at `bits` (8 or 16)
/// a sample, deflated at level 9 (10,000 × 10,000 at 16 bits is 778 KB that decode to 800 MB).
static inline int bt_vips_test_png(int width, int height, int bits, double grey, double alpha, void **buffer, size_t *length) {
    VipsImage *black = NULL, *filled = NULL, *cast = NULL;
    double scale[4] = {0, 0, 0, 0};
    double value[4] = {grey, grey, grey, alpha};
    int failed = vips_black(&black, width, height, "bands", 4, NULL)
        || vips_linear(black, &filled, scale, value, 4, NULL)
        || vips_cast(filled, &cast, bits == 16 ? VIPS_FORMAT_USHORT : VIPS_FORMAT_UCHAR, NULL);
    if (!failed) {
        vips_image_set_int(cast, "interpretation", bits == 16 ? VIPS_INTERPRETATION_RGB16 : VIPS_INTERPRETATION_sRGB);
        failed = vips_pngsave_buffer(cast, buffer, length, "compression", 9, "bitdepth", bits, NULL);
    }
    if (black) g_object_unref(black);
    if (filled) g_object_unref(filled);
    if (cast) g_object_unref(cast);
    return failed;
}

#endif
