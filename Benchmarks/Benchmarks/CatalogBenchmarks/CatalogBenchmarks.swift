import Benchmark
import BooksTrackCatalog
import BooksTrackCore
import Foundation

// The local catalog on 1,000,000 generated editions (CatalogDumpGenerator: 500,000 works by
// 150,000 authors, imported from Open Library-shaped dump files). The catalog is built once into
// $TMPDIR/bookstrack-catalog-benchmark-<version>/ and reused by later runs; delete the folder to
// rebuild it. Targets (DESIGN §5 and the catalog issue): ISBN lookup ≤ 25 µs; title search of two
// words ≤ 5 ms median and ≤ 20 ms p99, common words included; seed load ≤ 2 s; dump import
// ≥ 30,000 edition lines per second with memory flat in the file's size.

/// The generated dumps and the catalog built from them, made on first use.
private enum Fixture {
    /// Bump when the generator or the catalog schema changes, so a stale catalog is not reused.
    static let version = "v1"

    struct Built {
        var folder: URL
        var dumps: CatalogDumpGenerator.Files
        var catalog: CatalogDatabase
    }

    static let generator = CatalogDumpGenerator()

    static let built: Result<Built, any Error> = Result {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("bookstrack-catalog-benchmark-\(version)", isDirectory: true)
        let marker = folder.appendingPathComponent("complete")
        let dumps = try generator.write(to: folder.appendingPathComponent("dumps"), reuseExisting: true)
        let catalog = try CatalogDatabase(path: folder.appendingPathComponent("catalog.sqlite").path)
        try catalog.loadSeedIfNeeded()
        if !FileManager.default.fileExists(atPath: marker.path) {
            for file in [dumps.authors, dumps.works, dumps.editions] {
                _ = try catalog.importOpenLibraryDump(at: file)
            }
            FileManager.default.createFile(atPath: marker.path, contents: Data())
        }
        return Built(folder: folder, dumps: dumps, catalog: catalog)
    }

    /// A fresh catalog holding the authors and works, ready for an editions import; removed by the caller.
    static func catalogForEditions(in folder: URL) throws -> CatalogDatabase {
        let built = try built.get()
        let template = built.folder.appendingPathComponent("works-only.sqlite")
        if !FileManager.default.fileExists(atPath: template.path) {
            let staging = built.folder.appendingPathComponent("works-only-staging.sqlite")
            try buildWorksOnly(at: staging)
            // The staging catalog is closed and checkpointed: its main file is the whole database.
            try FileManager.default.moveItem(at: staging, to: template)
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("catalog.sqlite")
        try FileManager.default.copyItem(at: template, to: copy)
        return try CatalogDatabase(path: copy.path)
    }

    private static func buildWorksOnly(at path: URL) throws {
        let built = try built.get()
        let catalog = try CatalogDatabase(path: path.path)
        try catalog.loadSeedIfNeeded()
        _ = try catalog.importOpenLibraryDump(at: built.dumps.authors)
        _ = try catalog.importOpenLibraryDump(at: built.dumps.works)
        try catalog.checkpoint()
    }

    /// The first `count` lines of the generated editions dump, as a file of their own.
    static func editionsFile(lines count: Int) throws -> URL {
        let built = try built.get()
        let file = built.folder.appendingPathComponent("editions-\(count).txt")
        if !FileManager.default.fileExists(atPath: file.path) {
            try generator.writeEditions(to: file, count: count)
        }
        return file
    }
}

/// Walks through a list across benchmark iterations (each iteration is one call of the closure).
/// `@unchecked Sendable`: the benchmark runner calls a benchmark's closure on one thread at a time.
private final class Cursor: @unchecked Sendable {
    private var position = 0

    func next(modulo count: Int) -> Int {
        defer { position += 1 }
        return position % count
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(5))

    let isbns: [ISBN] = {
        var random = SplitMix64(seed: 7)
        return (0..<10_000).compactMap { _ in
            ISBN(CatalogDumpGenerator.isbn13(ofEdition: Int(random.next() % UInt64(Fixture.generator.size.editions))))
        }
    }()
    let queries = Fixture.generator.queries(count: 2_000)
    let isbnCursor = Cursor()

    // One lookup per iteration: the wall-clock percentiles are those of single lookups.
    Benchmark(
        "Catalog ISBN lookup, 1M editions",
        configuration: .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(5), maxIterations: 200_000)
    ) { benchmark in
        let catalog = try Fixture.built.get().catalog
        let isbn = isbns[isbnCursor.next(modulo: isbns.count)]
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try catalog.works(isbn: isbn))
        }
    }

    for kind in CatalogDumpGenerator.Query.Kind.allCases {
        let ofKind = queries.filter { $0.kind == kind }
        let cursor = Cursor()
        Benchmark(
            "Catalog search, \(kind.rawValue), 1M editions",
            configuration: .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(5), maxIterations: 5_000)
        ) { benchmark in
            let catalog = try Fixture.built.get().catalog
            let query = ofKind[cursor.next(modulo: ofKind.count)]
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                if let author = query.author {
                    blackHole(try catalog.search(title: query.title, author: author, limit: 20))
                } else {
                    blackHole(try catalog.search(title: query.title, limit: 20))
                }
            }
        }
    }

    Benchmark(
        "Catalog seed load (goodbooks-10k)",
        configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(20), maxIterations: 5)
    ) { benchmark in
        let folder = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("bookstrack-seed-benchmark-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try CatalogDatabase(path: folder.appendingPathComponent("catalog.sqlite").path)
        benchmark.startMeasurement()
        blackHole(try catalog.loadSeedIfNeeded())
        benchmark.stopMeasurement()
    }

    // Lines per second = lines / wall clock; peak memory of the two sizes should be about the same.
    for lines in [100_000, 400_000] {
        Benchmark(
            "Open Library dump import, \(lines / 1_000)k edition lines",
            configuration: .init(
                metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(120), maxIterations: 3
            )
        ) { benchmark in
            let file = try Fixture.editionsFile(lines: lines)
            let folder = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
                .appendingPathComponent("bookstrack-import-benchmark-\(UUID().uuidString)", isDirectory: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let catalog = try Fixture.catalogForEditions(in: folder)
            benchmark.startMeasurement()
            let summary = try catalog.importOpenLibraryDump(at: file)
            benchmark.stopMeasurement()
            blackHole(summary)
        }
    }
}
