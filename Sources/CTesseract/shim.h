// tesseract's C API (Debian's libtesseract), with the page segmentation modes BooksTrack uses
// as functions Swift can call by name.
#ifndef BOOKSTRACK_CTESSERACT_H
#define BOOKSTRACK_CTESSERACT_H

#include <tesseract/capi.h>

/// Text as one uniform block (a spine read along its length, title and author on one or two lines).
static inline TessPageSegMode bt_tess_single_block(void) {
    return PSM_SINGLE_BLOCK;
}

/// Text as one line.
static inline TessPageSegMode bt_tess_single_line(void) {
    return PSM_SINGLE_LINE;
}

/// Text scattered anywhere, in no particular order.
static inline TessPageSegMode bt_tess_sparse_text(void) {
    return PSM_SPARSE_TEXT;
}

#endif
