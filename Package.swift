// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "BooksTrack",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "bookstrack", targets: ["bookstrack"]),
        .library(name: "BooksTrackCore", targets: ["BooksTrackCore"]),
        .library(name: "BooksTrackStore", targets: ["BooksTrackStore"]),
        .library(name: "BooksTrackCLI", targets: ["BooksTrackCLI"]),
        .library(name: "BooksTrackTesting", targets: ["BooksTrackTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "BooksTrackCore"),
        .target(
            name: "BooksTrackStore",
            dependencies: ["BooksTrackCore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(
            name: "BooksTrackCLI",
            dependencies: [
                "BooksTrackCore", "BooksTrackStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "bookstrack", dependencies: ["BooksTrackCLI"]),
        .target(name: "BooksTrackTesting", dependencies: ["BooksTrackCore", "BooksTrackStore"]),
        .testTarget(name: "BooksTrackCoreTests", dependencies: ["BooksTrackCore", "BooksTrackTesting"]),
        .testTarget(name: "BooksTrackStoreTests", dependencies: ["BooksTrackStore", "BooksTrackTesting"]),
        .testTarget(name: "BooksTrackCLITests", dependencies: ["BooksTrackCLI", "BooksTrackTesting"]),
    ]
)
