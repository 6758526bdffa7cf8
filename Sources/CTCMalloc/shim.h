// tcmalloc (gperftools), the allocator the `bookstrack` executable runs on: linked into it, its
// malloc and free stand in for glibc's for the whole process, SQLite included.
#ifndef BOOKSTRACK_CTCMALLOC_H
#define BOOKSTRACK_CTCMALLOC_H

#include <gperftools/tcmalloc.h>

#endif
