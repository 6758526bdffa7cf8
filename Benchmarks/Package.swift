// swift-tools-version:6.1
import PackageDescription

// Benchmarks live in their own package so that `swift test` in the main package stays lean.
// Run them with: swift package --allow-writing-to-package-directory benchmark
let package = Package(
    name: "BooksTrackBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "BooksTrack", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        // The library store (BooksTrackStore on SQLite): bulk insert, counts, a page, statistics.
        .executableTarget(
            name: "LibraryStore",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "BooksTrackCore", package: "BooksTrack"),
                .product(name: "BooksTrackStore", package: "BooksTrack"),
                .product(name: "BooksTrackTesting", package: "BooksTrack"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Benchmarks/LibraryStore",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Page photos (12 MP JPEG → 2,048 px + thumbnail), barcodes, and a shelf photo read offline (tesseract).
        .executableTarget(
            name: "ImagingBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "BooksTrackCore", package: "BooksTrack"),
                .product(name: "BooksTrackImaging", package: "BooksTrack"),
                .product(name: "BooksTrackCatalog", package: "BooksTrack"),
                .product(name: "BooksTrackConcurrency", package: "BooksTrack"),
                .product(name: "BooksTrackTesting", package: "BooksTrack"),
            ],
            path: "Benchmarks/ImagingBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Parsing and validating pasted ISBNs (target ≥ 2,000,000 per second), and hyphenation.
        .executableTarget(
            name: "ISBNBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "BooksTrackCore", package: "BooksTrack"),
            ],
            path: "Benchmarks/ISBNBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // A cached ISBN answer through the search orchestrator (target ≤ 200 µs).
        .executableTarget(
            name: "SearchBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "BooksTrackCore", package: "BooksTrack"),
                .product(name: "BooksTrackStore", package: "BooksTrack"),
                .product(name: "BooksTrackProviders", package: "BooksTrack"),
                .product(name: "BooksTrackTesting", package: "BooksTrack"),
            ],
            path: "Benchmarks/SearchBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The offline catalog on 1,000,000 generated editions: ISBN lookup, title search, dump import.
        .executableTarget(
            name: "CatalogBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "BooksTrackCore", package: "BooksTrack"),
                .product(name: "BooksTrackCatalog", package: "BooksTrack"),
            ],
            path: "Benchmarks/CatalogBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Imports and exports: a 100,000-row Goodreads export in and again, 100,000 entries out as JSON.
        .executableTarget(
            name: "ImportBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "BooksTrackCore", package: "BooksTrack"),
                .product(name: "BooksTrackImport", package: "BooksTrack"),
                .product(name: "BooksTrackStore", package: "BooksTrack"),
                .product(name: "BooksTrackTesting", package: "BooksTrack"),
            ],
            path: "Benchmarks/ImportBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Writes a generated library for timing the `bookstrack` command as a whole process
        // (scripts/benchmark-cli.sh).
        .executableTarget(
            name: "make-library",
            dependencies: [
                .product(name: "BooksTrackCore", package: "BooksTrack"),
                .product(name: "BooksTrackStore", package: "BooksTrack"),
                .product(name: "BooksTrackTesting", package: "BooksTrack"),
            ],
            path: "Sources/MakeLibrary"
        ),
        // A plain Hummingbird "hello" route: the baseline the server's figures are compared with
        // (scripts/benchmark-server.sh).
        .executableTarget(
            name: "hello-server",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
            path: "Sources/HelloServer"
        ),
    ]
)
