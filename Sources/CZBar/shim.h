// zbar's barcode scanner, with the one macro BooksTrack needs as a function Swift can call.
#ifndef BOOKSTRACK_CZBAR_H
#define BOOKSTRACK_CZBAR_H

#include <zbar.h>

/// The fourcc of 8-bit grey pixels ("Y800"), the format zbar scans.
static inline unsigned long bt_zbar_grey_format(void) {
    return zbar_fourcc('Y', '8', '0', '0');
}

#endif
