import Benchmark
import BooksTrackCore
import BooksTrackImport
import BooksTrackStore
import BooksTrackTesting
import Foundation

// Targets (medians, release build, 2 cores):
// - import a 100,000-row Goodreads export into an empty library ≤ 10 s, peak memory ≤ 200 MB;
// - import the same file again (nothing changes) ≤ 5 s;
// - export 100,000 entries to BooksTrack JSON ≤ 3 s;
// - the first insights after importing 100,000 rows ≤ 300 ms (the whole `bookstrack insights`).

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident],
        timeUnits: .milliseconds,
        warmupIterations: 0,
        maxDuration: .seconds(60),
        maxIterations: 3
    )

    Benchmark("Import a 100,000-row Goodreads export into an empty library") { benchmark in
        let file = try ExportFile.url()
        let library = try Library(name: "import")
        benchmark.startMeasurement()
        let summary = try LibraryImporter(store: library.store, now: { LibraryFixtures.referenceDate }).importFile(at: file)
        benchmark.stopMeasurement()
        if summary.added != ExportFile.rows { benchmark.error("added \(summary.added) of \(ExportFile.rows) rows") }
    }

    Benchmark("Re-import the same 100,000-row Goodreads export") { benchmark in
        let file = try ExportFile.url()
        let library = try Library(name: "reimport")
        let importer = LibraryImporter(store: library.store, now: { LibraryFixtures.referenceDate })
        _ = try importer.importFile(at: file)
        benchmark.startMeasurement()
        let summary = try importer.importFile(at: file)
        benchmark.stopMeasurement()
        if summary.added + summary.merged != 0 { benchmark.error("re-import changed \(summary.added + summary.merged) books") }
    }

    Benchmark("First insights of one year after importing the 100,000-row Goodreads export") { benchmark in
        let file = try ExportFile.url()
        let library = try Library(name: "insights")
        _ = try LibraryImporter(store: library.store, now: { LibraryFixtures.referenceDate }).importFile(at: file)
        benchmark.startMeasurement()
        let insights = try library.store.insights(year: 2025, now: LibraryFixtures.referenceDate)
        benchmark.stopMeasurement()
        if insights.library.total != ExportFile.rows { benchmark.error("counted \(insights.library.total) of \(ExportFile.rows) books") }
    }

    Benchmark("Export 100,000 entries to BooksTrack JSON") { benchmark in
        let library = try Library(name: "export")
        for start in stride(from: 0, to: ExportFile.rows, by: 10_000) {
            try library.store.add(LibraryFixtures.books(count: 10_000, userID: library.store.userID, seed: UInt64(start + 1)))
        }
        let destination = library.directory.url.appendingPathComponent("library.json")
        benchmark.startMeasurement()
        let count = try LibraryExporter(store: library.store).exportJSON(to: destination, includePhotos: false) { _, _ in }
        benchmark.stopMeasurement()
        if count != ExportFile.rows { benchmark.error("exported \(count) of \(ExportFile.rows) books") }
    }
}

/// The generated 100,000-row export, written once per process into the temporary folder.
enum ExportFile {
    static let rows = 100_000
    private static let cached: Result<URL, any Error> = Result {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("bookstrack-goodreads-100k-v1.csv")
        if !FileManager.default.fileExists(atPath: url.path) {
            try GoodreadsExportFixture.write(rows: rows, to: url, seed: 42)
        }
        return url
    }

    static func url() throws -> URL { try cached.get() }
}

/// An empty library in a folder of its own.
struct Library {
    let directory: TemporaryDirectory
    let database: LibraryDatabase
    let store: SQLiteLibraryStore

    init(name: String) throws {
        directory = try TemporaryDirectory(prefix: "bookstrack-benchmark-\(name)")
        database = try LibraryDatabase(path: directory.path("library.sqlite"))
        store = database.library(for: try database.ensureUser(named: "benchmark", now: LibraryFixtures.referenceDate).id)
    }
}
