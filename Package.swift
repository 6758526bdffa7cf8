// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "BooksTrack",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "bookstrack", targets: ["bookstrack"]),
        .library(name: "BooksTrackCore", targets: ["BooksTrackCore"]),
        .library(name: "BooksTrackConcurrency", targets: ["BooksTrackConcurrency"]),
        .library(name: "BooksTrackServices", targets: ["BooksTrackServices"]),
        .library(name: "BooksTrackStore", targets: ["BooksTrackStore"]),
        .library(name: "BooksTrackCatalog", targets: ["BooksTrackCatalog"]),
        .library(name: "BooksTrackProviders", targets: ["BooksTrackProviders"]),
        .library(name: "BooksTrackImport", targets: ["BooksTrackImport"]),
        .library(name: "BooksTrackReports", targets: ["BooksTrackReports"]),
        .library(name: "BooksTrackImaging", targets: ["BooksTrackImaging"]),
        .library(name: "BooksTrackApp", targets: ["BooksTrackApp"]),
        .library(name: "BooksTrackServer", targets: ["BooksTrackServer"]),
        .library(name: "BooksTrackCLI", targets: ["BooksTrackCLI"]),
        .library(name: "BooksTrackTesting", targets: ["BooksTrackTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        // The model: values, rules and ports, on Foundation alone.
        .target(name: "BooksTrackCore", exclude: ["README.md"]),
        // Threads of their own for blocking work (SQLite, parsers, images), off the cooperative pool.
        .target(name: "BooksTrackConcurrency", dependencies: ["CThreadAffinity"], exclude: ["README.md"]),
        // The thread affinity system calls, which Glibc declares only under _GNU_SOURCE.
        .systemLibrary(name: "CThreadAffinity"),
        .target(
            name: "BooksTrackStore",
            dependencies: [
                "BooksTrackCore", "BooksTrackConcurrency",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                "CSQLiteSettings",
            ],
            exclude: ["README.md"]
        ),
        // SQLite's process-wide settings (a variadic C call) through a small C shim.
        .systemLibrary(name: "CSQLiteSettings", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(
            name: "BooksTrackCatalog",
            dependencies: [
                "BooksTrackCore", "BooksTrackConcurrency",
                // For its row reader, JSON string lists and folder lock (see the README).
                "BooksTrackStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            exclude: ["README.md"],
            resources: [.copy("Resources")]
        ),
        .target(
            name: "BooksTrackProviders",
            dependencies: [
                "BooksTrackCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            exclude: ["README.md"]
        ),
        .target(
            name: "BooksTrackImport",
            // Crypto: the digests of imported rows (`ImportRowDigest`).
            dependencies: ["BooksTrackCore", "BooksTrackConcurrency", .product(name: "Crypto", package: "swift-crypto")],
            exclude: ["README.md"]
        ),
        .target(name: "BooksTrackReports", dependencies: ["BooksTrackCore"], exclude: ["README.md"]),
        // Images (libvips) and barcodes (zbar) from Debian's packages, through small C shims.
        .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        .systemLibrary(name: "CZBar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"])]),
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev"])]),
        .target(name: "BooksTrackImaging", dependencies: ["BooksTrackCore", "BooksTrackConcurrency", "CVips", "CZBar", "CTesseract"], exclude: ["README.md"]),
        // Every use case, which each front end calls: the library, authors, goals and insights,
        // search, import and export, the catalog, enrichment, scanning, accounts and jobs.
        .target(
            name: "BooksTrackServices",
            dependencies: [
                "BooksTrackCore", "BooksTrackConcurrency", "BooksTrackImport", "BooksTrackProviders", "BooksTrackCatalog",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            exclude: ["README.md"]
        ),
        // The composition root: the one place that builds stores, clients and services.
        .target(
            name: "BooksTrackApp",
            dependencies: [
                "BooksTrackCore", "BooksTrackConcurrency", "BooksTrackServices", "BooksTrackServer",
                .product(name: "Logging", package: "swift-log"), "BooksTrackStore", "BooksTrackCatalog", "BooksTrackProviders", "BooksTrackImport", "BooksTrackImaging",
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["README.md"]
        ),
        .target(
            name: "BooksTrackServer",
            dependencies: [
                "BooksTrackCore", "BooksTrackServices", "BooksTrackProviders", "BooksTrackImport", "BooksTrackReports",
                "BooksTrackCatalog", "BooksTrackConcurrency",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            exclude: ["README.md"],
            resources: [.copy("Resources")]
        ),
        .target(
            name: "BooksTrackCLI",
            dependencies: [
                "BooksTrackCore", "BooksTrackServices", "BooksTrackCatalog", "BooksTrackProviders", "BooksTrackImport",
                "BooksTrackReports", "BooksTrackServer",
                // Only for the store's error type.
                "BooksTrackStore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["README.md"]
        ),
        .executableTarget(name: "bookstrack", dependencies: ["BooksTrackApp", "BooksTrackCLI", "CTCMalloc"], exclude: ["README.md"]),
        // The executable's allocator (see its README): tcmalloc from Debian's gperftools.
        .systemLibrary(name: "CTCMalloc", pkgConfig: "libtcmalloc_minimal", providers: [.apt(["libgoogle-perftools-dev"])]),
        .target(
            name: "BooksTrackTesting",
            dependencies: [
                "BooksTrackCore", "BooksTrackConcurrency", "CVips", "BooksTrackImaging",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            exclude: ["README.md"],
            resources: [.copy("Fixtures")]
        ),
        // Each test target names every module its files import.
        .testTarget(name: "BooksTrackCoreTests", dependencies: ["BooksTrackCore", "BooksTrackTesting"]),
        .testTarget(name: "BooksTrackConcurrencyTests", dependencies: ["BooksTrackConcurrency", "BooksTrackCore", "BooksTrackTesting"]),
        .testTarget(name: "BooksTrackServicesTests", dependencies: ["BooksTrackServices", "BooksTrackCore", "BooksTrackTesting"]),
        .testTarget(
            name: "BooksTrackStoreTests",
            dependencies: [
                "BooksTrackCore", "BooksTrackStore", "BooksTrackTesting", "BooksTrackServices", "BooksTrackConcurrency",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .testTarget(name: "BooksTrackCatalogTests", dependencies: ["BooksTrackCore", "BooksTrackCatalog", "BooksTrackTesting"]),
        .testTarget(
            name: "BooksTrackProvidersTests",
            dependencies: ["BooksTrackCore", "BooksTrackProviders", "BooksTrackStore", "BooksTrackTesting", "BooksTrackServices"]
        ),
        .testTarget(
            name: "BooksTrackImportTests",
            dependencies: ["BooksTrackCore", "BooksTrackImport", "BooksTrackStore", "BooksTrackTesting", "BooksTrackServices", "BooksTrackConcurrency"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "BooksTrackReportsTests", dependencies: ["BooksTrackCore", "BooksTrackReports"]),
        .testTarget(name: "BooksTrackImagingTests", dependencies: ["BooksTrackCore", "BooksTrackImaging", "CVips", "BooksTrackTesting", "BooksTrackCatalog", "BooksTrackConcurrency"]),
        .testTarget(
            name: "BooksTrackServerTests",
            dependencies: [
                "BooksTrackCore", "BooksTrackServices", "BooksTrackApp", "BooksTrackServer", "BooksTrackTesting",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                "BooksTrackStore",
            ]
        ),
        .testTarget(
            name: "BooksTrackCLITests",
            dependencies: ["BooksTrackCLI", "BooksTrackServices", "BooksTrackApp", "BooksTrackStore", "BooksTrackTesting"],
            resources: [.copy("Fixtures")]
        ),
    ]
)
