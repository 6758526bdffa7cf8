// libvips through functions Swift can call: vips's own functions end in C varargs, which Swift
// does not import, so each operation BooksTrack uses is wrapped here with its options fixed.
#ifndef BOOKSTRACK_CVIPS_H
#define BOOKSTRACK_CVIPS_H

#include <vips/vips.h>

/// Starts libvips once per process; 0 on success.
static inline int bt_vips_start(void) {
    return VIPS_INIT("bookstrack");
}

/// The image in `buffer`, opened without decoding its pixels (its header only, until they are
/// asked for); NULL when libvips knows no such format.
static inline VipsImage *bt_vips_open(const void *buffer, size_t length) {
    return vips_image_new_from_buffer(buffer, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

/// The image in `buffer`, turned upright by its EXIF orientation and shrunk (never enlarged) to
/// fit `width` × `height` pixels, its pixels decoded now; 0 on success. A truncated or corrupt
/// file fails here instead of giving a partly grey image.
static inline int bt_vips_thumbnail(const void *buffer, size_t length, int width, int height, VipsImage **out) {
    // Through the loader's own shrinking (a JPEG decodes at 1/2, 1/4 or 1/8 of its size when
    // that is enough), failing on a truncated or corrupt file.
    VipsImage *lazy = NULL;
    if (vips_thumbnail_buffer((void *)buffer, length, &lazy, width, "height", height, "size", VIPS_SIZE_DOWN,
                              "option_string", "fail_on=error", NULL)) return -1;
    *out = vips_image_copy_memory(lazy);
    g_object_unref(lazy);
    return *out == NULL ? -1 : 0;
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
    return vips_jpegsave_buffer(in, buffer, length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL);
}

/// The image as one band of 8-bit grey, its pixels in rows; 0 on success. Freed with g_free.
static inline int bt_vips_grey(VipsImage *in, unsigned char **pixels, size_t *length) {
    VipsImage *grey = NULL, *band = NULL, *bytes = NULL;
    int failed = vips_colourspace(in, &grey, VIPS_INTERPRETATION_B_W, NULL)
        || vips_extract_band(grey, &band, 0, NULL)
        || vips_cast_uchar(band, &bytes, NULL);
    if (!failed) {
        *pixels = (unsigned char *)vips_image_write_to_memory(bytes, length);
        failed = *pixels == NULL;
    }
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

#endif
