import Benchmark
import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import GRDB

// Targets (medians, release build, 2 cores):
// - adding 10,000 complete books in one transaction ≤ 500 ms;
// - on a 100,000-entry library: countByStatus ≤ 0.5 ms, one page of 50 books ≤ 2 ms; every
//   insight (statistics, goals, streaks and diversity) of one year and of all time ≤ 50 ms
//   together. "Rate a book, then insights" shows what a change costs the next insights (the
//   changed entry's facts counted again); "counted from nothing" what the first insights cost
//   after the facts' rules change and every entry is counted again (no target; an import counts
//   its books as it writes them, see ImportBenchmarks).

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(5),
        maxIterations: 1_000
    )

    // MARK: Bulk insert

    Benchmark(
        "Add 10,000 complete books in one transaction",
        configuration: .init(warmupIterations: 1, maxDuration: .seconds(20), maxIterations: 10)
    ) { benchmark in
        let directory = try TemporaryDirectory(prefix: "bookstrack-benchmark")
        let database = try LibraryDatabase(path: directory.path("library.sqlite"))
        let user = try database.ensureUser(named: "benchmark", now: LibraryFixtures.referenceDate)
        let books = LibraryFixtures.books(count: 10_000, userID: user.id, seed: 10)
        let store = database.library(for: user.id)
        benchmark.startMeasurement()
        try store.add(books)
        benchmark.stopMeasurement()
        let stored = try store.count(EntryQuery())
        if stored != books.count { benchmark.error("stored \(stored) of \(books.count) books") }
    }

    // MARK: A 100,000-entry library

    Benchmark("countByStatus on 100,000 entries", configuration: .init(timeUnits: .microseconds)) { benchmark in
        guard let store = LargeLibrary.shared else { return benchmark.error(LargeLibrary.failure) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try store.countByStatus())
        }
    }

    Benchmark("One page of 50 books from 100,000 entries", configuration: .init(timeUnits: .microseconds)) { benchmark in
        guard let store = LargeLibrary.shared else { return benchmark.error(LargeLibrary.failure) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try store.books(EntryQuery(limit: 50)))
        }
    }

    Benchmark("insights of one year on 100,000 entries") { benchmark in
        guard let store = LargeLibrary.shared else { return benchmark.error(LargeLibrary.failure) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try store.insights(year: 2025, now: LibraryFixtures.referenceDate))
        }
    }

    Benchmark("insights of all time on 100,000 entries") { benchmark in
        guard let store = LargeLibrary.shared else { return benchmark.error(LargeLibrary.failure) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try store.insights(year: nil, now: LibraryFixtures.referenceDate))
        }
    }

    Benchmark(
        "Insights of 100,000 entries counted from nothing",
        configuration: .init(warmupIterations: 0, maxDuration: .seconds(60), maxIterations: 5)
    ) { benchmark in
        guard LargeLibrary.shared != nil else { return benchmark.error(LargeLibrary.failure) }
        // A copy of the library whose facts were counted by other rules: opening it marks every
        // entry to be counted again.
        let directory = try TemporaryDirectory(prefix: "bookstrack-benchmark")
        let path = directory.path("library.sqlite")
        try FileManager.default.copyItem(atPath: LargeLibrary.path(), toPath: path)
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "UPDATE insight_rules SET factsVersion = 0") }
        let database = try LibraryDatabase(path: path)
        guard let user = try database.user(named: LargeLibrary.userName) else { return benchmark.error("no user in the copy") }
        let store = database.library(for: user.id)
        benchmark.startMeasurement()
        blackHole(try store.insights(year: 2025, now: LibraryFixtures.referenceDate))
        benchmark.stopMeasurement()
    }

    Benchmark("Rate a book, then insights of one year on 100,000 entries") { benchmark in
        guard let store = LargeLibrary.shared else { return benchmark.error(LargeLibrary.failure) }
        let ids = try store.books(EntryQuery(statuses: [.read], limit: 100)).map(\.entry.id)
        guard !ids.isEmpty else { return benchmark.error("no finished book to rate") }
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            _ = try store.updateEntry(id: ids[iteration % ids.count]) { entry, _ in entry.rating = Double(iteration % 5 + 1) }
            blackHole(try store.insights(year: 2025, now: LibraryFixtures.referenceDate))
        }
    }
}

/// The 100,000-entry library the query benchmarks read, built once and kept in the system's
/// temporary folder, keyed by the fixture generator's version and this file's format version,
/// so reruns start at once. Delete the folder to force a rebuild.
enum LargeLibrary {
    /// Bump when the store's schema changes in a way the cached file must not outlive.
    static let formatVersion = 3
    static let entryCount = 100_000
    static let userName = "benchmark"
    static let failure = "cannot build or open the 100,000-entry library"

    /// The library, opened once per benchmark process (nil after printing why it failed).
    static let shared: SQLiteLibraryStore? = {
        do {
            return try store()
        } catch {
            print("\(failure): \(error)")
            return nil
        }
    }()

    /// The cached library file.
    static func path() -> String {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("bookstrack-benchmarks")
        let name = "library-\(entryCount)-generator\(LibraryFixtures.generatorVersion)-format\(formatVersion)"
        return folder.appendingPathComponent(name + ".sqlite").path
    }

    /// The cached library, built first if missing.
    static func store() throws -> SQLiteLibraryStore {
        let path = path()
        if !FileManager.default.fileExists(atPath: path) {
            try build()
        }
        let database = try LibraryDatabase(path: path)
        guard let user = try database.user(named: userName) else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path])
        }
        return database.library(for: user.id)
    }

    /// Builds the library under a temporary name and renames it when complete, so
    /// an interrupted build is never mistaken for a finished one.
    private static func build() throws {
        let path = path()
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let partial = path + ".partial-\(ProcessInfo.processInfo.processIdentifier)"
        let database = try LibraryDatabase(path: partial)
        let user = try database.ensureUser(named: userName, now: LibraryFixtures.referenceDate)
        let store = database.library(for: user.id)
        let books = LibraryFixtures.books(count: entryCount, userID: user.id, seed: 7)
        for start in stride(from: 0, to: books.count, by: 10_000) {
            try store.add(Array(books[start..<min(start + 10_000, books.count)]))
        }
        // Folds the write-ahead log into the file and closes it, so the file alone is the whole
        // library and the emptied log files can go.
        try database.close()
        for suffix in ["-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: partial + suffix)
        }
        if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
        try FileManager.default.moveItem(atPath: partial, toPath: path)
    }
}
