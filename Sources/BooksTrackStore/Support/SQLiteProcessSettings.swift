import CSQLiteSettings

/// SQLite's settings for the whole process, applied once before its first connection opens.
public enum SQLiteProcessSettings {
    /// Applies the settings; every opener of a database file calls this first, and only the
    /// first call does anything.
    ///
    /// - SQLite stops counting the memory it allocates (`SQLITE_CONFIG_MEMSTATUS`). The count
    ///   takes one lock for the whole process around every allocation and release, of which an
    ///   import of 100,000 books makes millions: without it that import took 6.2 s instead of
    ///   6.7 s. Nothing in BooksTrack reads the count.
    ///
    /// SQLite accepts these only before it initializes: a process that opened a connection some
    /// other way first keeps SQLite's defaults, which are correct, only slower.
    public static func apply() {
        _ = applied
    }

    private static let applied: Bool = bt_sqlite_stop_counting_memory() == 0
}
