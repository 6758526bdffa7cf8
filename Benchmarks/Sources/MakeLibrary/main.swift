import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation

// Writes a library of N generated books (default 100,000) for the default user into DATA_DIR, for
// timing the `bookstrack` command as a whole process; with --goodreads-export, a generated
// Goodreads export of N rows (the import benchmarks' generator) to FILE instead.
// Usage: make-library DATA_DIR [COUNT] | make-library --goodreads-export FILE [COUNT]
let arguments = CommandLine.arguments.dropFirst()
guard let directory = arguments.first else {
    FileHandle.standardError.write(Data("usage: make-library DATA_DIR [COUNT] | make-library --goodreads-export FILE [COUNT]\n".utf8))
    exit(64)
}
if directory == "--goodreads-export" {
    let rest = arguments.dropFirst()
    guard let file = rest.first else {
        FileHandle.standardError.write(Data("usage: make-library --goodreads-export FILE [COUNT]\n".utf8))
        exit(64)
    }
    let rows = rest.dropFirst().first.flatMap(Int.init) ?? 100_000
    do {
        try GoodreadsExportFixture.write(rows: rows, to: URL(fileURLWithPath: file), seed: 42)
        print("Wrote \(rows) rows to \(file)")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("make-library: \(error)\n".utf8))
        exit(1)
    }
}
let count = arguments.dropFirst().first.flatMap(Int.init) ?? 100_000
do {
    let database = try LibraryDatabase(path: URL(fileURLWithPath: directory).appendingPathComponent("library.sqlite").path)
    let user = try database.ensureUser(named: User.defaultLocalName, now: LibraryFixtures.referenceDate)
    let store = database.library(for: user.id)
    let books = LibraryFixtures.books(count: count, userID: user.id)
    let batch = 10_000
    for start in stride(from: 0, to: books.count, by: batch) {
        try store.add(Array(books[start..<min(start + batch, books.count)]))
    }
    // Checkpoints the write-ahead log so the file alone holds the library.
    try database.close()
    print("Wrote \(count) books to \(directory)/library.sqlite")
} catch {
    FileHandle.standardError.write(Data("make-library: \(error)\n".utf8))
    exit(1)
}
