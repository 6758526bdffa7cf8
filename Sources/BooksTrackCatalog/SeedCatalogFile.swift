import BooksTrackCore
import Foundation

/// Lets `concurrentPerform` iterations write disjoint slices of one buffer.
private struct UnsafeMutableBufferPointerBox<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>

    init(_ buffer: UnsafeMutableBufferPointer<Element>) {
        self.buffer = buffer
    }
}

/// The bundled seed catalog (`Resources/seed-catalog.tsv`, written by scripts/build-seed-catalog.py
/// from goodbooks-10k): where it is, its version, and its books as catalog records.
struct SeedCatalogFile {
    /// One book of the seed: its work, its single edition and its authors.
    struct Book {
        var work: CatalogWorkRecord
        var edition: CatalogEditionRecord
        var authors: [CatalogAuthorRecord]
    }

    static let resourceName = "seed-catalog"
    static let resourceExtension = "tsv"
    private static let requiredColumns = [
        "goodreadsBookID", "goodreadsWorkID", "title", "subtitle", "series", "seriesPosition", "authors",
        "year", "language", "ratingsCount", "isbn13", "originalTitle", "coverURL",
    ]

    /// The file's path, for messages.
    let path: String
    /// Identifies the content: the same bytes always give the same version.
    let version: String
    private let data: Data

    /// Reads and parses the seed file at `url`.
    init(url: URL) throws {
        path = url.path
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CatalogError.seedResourceUnreadable(path: url.path, reason: error.localizedDescription)
        }
        version = "goodbooks-10k/" + Self.fingerprint(data)
        self.data = data
    }

    /// The books, most rated first, their search keys computed on every core.
    func books() throws -> [Book] {
        var books = try Self.parse(data, path: path)
        let parts = max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))
        let chunk = (books.count + parts - 1) / parts
        books.withUnsafeMutableBufferPointer { buffer in
            let base = UnsafeMutableBufferPointerBox(buffer)
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                // Each iteration writes only its own slice of the buffer.
                for index in (part * chunk)..<min(base.buffer.count, (part + 1) * chunk) {
                    base.buffer[index].work.computeSearchKeys()
                    for author in base.buffer[index].authors.indices {
                        base.buffer[index].authors[author].computeSearchName()
                    }
                }
            }
        }
        return books
    }

    /// The seed bundled with the program: beside the executable in a build folder, or in the
    /// installed prefix's `share/bookstrack` (`InstalledResources`); a clear error when missing.
    static func bundledURL() throws -> URL {
        do {
            return try InstalledResources.url(of: "Resources/\(resourceName).\(resourceExtension)", in: "BooksTrackCatalog")
        } catch let missing as InstalledResources.Missing {
            throw CatalogError.seedResourceMissing(searched: missing.searched)
        }
    }

    /// 64-bit FNV-1a of the bytes, in hexadecimal: a change detector, not a security measure.
    static func fingerprint(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func parse(_ data: Data, path: String) throws -> [Book] {
        let text = String(decoding: data, as: UTF8.self)
        var columns: [String: Int] = [:]
        var books: [Book] = []
        books.reserveCapacity(10_000)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            if line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if columns.isEmpty {
                for (position, name) in fields.enumerated() { columns[name] = position }
                let missing = requiredColumns.filter { columns[$0] == nil }
                guard missing.isEmpty else {
                    throw CatalogError.seedResourceUnreadable(
                        path: path, reason: "its header lacks the columns \(missing.joined(separator: ", "))"
                    )
                }
                continue
            }
            guard fields.count >= columns.count else {
                throw CatalogError.seedResourceUnreadable(
                    path: path, reason: "line \(index + 1) has \(fields.count) fields instead of \(columns.count)"
                )
            }
            func field(_ name: String) -> String? {
                guard let position = columns[name] else { return nil }
                let value = fields[position]
                return value.isEmpty ? nil : value
            }
            guard let bookID = field("goodreadsBookID"), let title = field("title") else {
                throw CatalogError.seedResourceUnreadable(path: path, reason: "line \(index + 1) has no book id or title")
            }
            let authorNames = (field("authors") ?? "").split(separator: "|").map(String.init)
            let authors = authorNames.map { name in
                // Keyed by the name as goodbooks-10k writes it: one spelling per author there.
                CatalogAuthorRecord(key: "goodreads-author:" + name, source: .seed, name: name)
            }
            let cover = field("coverURL")
            let language = field("language")
            let work = CatalogWorkRecord(
                key: "goodreads:" + bookID, source: .seed, title: title, subtitle: field("subtitle"),
                alternateTitle: field("originalTitle"), seriesName: field("series"),
                seriesPosition: field("seriesPosition").flatMap(Double.init),
                firstPublicationYear: field("year").flatMap { Int($0) }, originalLanguage: language,
                coverImageURL: cover, goodreadsWorkID: field("goodreadsWorkID"),
                popularity: field("ratingsCount").flatMap { Int($0) }, authorKeys: authors.map(\.key)
            )
            let edition = CatalogEditionRecord(
                key: "goodreads:" + bookID, source: .seed, workKey: work.key,
                title: [title, field("subtitle")].compactMap { $0 }.joined(separator: ": "), language: language,
                coverImageURL: cover, isbns: field("isbn13").flatMap { ISBN($0) }.map { [$0] } ?? []
            )
            books.append(Book(work: work, edition: edition, authors: authors))
        }
        guard !books.isEmpty else {
            throw CatalogError.seedResourceUnreadable(path: path, reason: "it holds no books")
        }
        return books
    }
}
