// SQLite's process-wide settings, which its variadic sqlite3_config takes and Swift cannot call.
#ifndef BOOKSTRACK_CSQLITESETTINGS_H
#define BOOKSTRACK_CSQLITESETTINGS_H

#include <sqlite3.h>

/// Stops SQLite counting the memory it allocates. The count takes a process-wide lock around
/// every allocation and release, which all connections of the process share. SQLite accepts
/// this only before it initializes (its first connection): after, it answers SQLITE_MISUSE.
static inline int bt_sqlite_stop_counting_memory(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
