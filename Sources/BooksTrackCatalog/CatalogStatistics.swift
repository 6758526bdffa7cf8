import BooksTrackStore
import Foundation
import GRDB

/// One source loaded into the catalog: the seed or a dump file.
public struct CatalogSource: Sendable, Hashable {
    /// What kind of source it is; stored as the raw value.
    public enum Kind: String, Sendable, Hashable {
        /// The goodbooks-10k seed shipped with BooksTrack.
        case seed
        /// An Open Library bulk dump file.
        case openLibraryDump = "openlibrary-dump"
    }

    public var kind: Kind
    /// The seed's description or the dump file's name.
    public var name: String
    /// The seed's version or the dump's content fingerprint.
    public var version: String?
    /// The dump file's size in bytes.
    public var fileSize: Int64?
    /// False while a dump import is unfinished (it resumes when run again).
    public var complete: Bool
    /// Lines read (books, for the seed).
    public var lines: Int
    public var authors: Int
    public var works: Int
    public var editions: Int
    /// Well-formed records of other types, skipped.
    public var otherRecords: Int
    /// ISBNs dropped for a bad check digit or length.
    public var invalidISBNs: Int
    /// Skipped lines by problem.
    public var problems: [CatalogImportProblem: Int]
    public var startedAt: Date
    public var updatedAt: Date

    /// Decodes the stored problem counts; unreadable text counts as none.
    static func decodeProblems(_ text: String?) -> [String: Int] {
        text.flatMap { try? JSONDecoder().decode([String: Int].self, from: Data($0.utf8)) } ?? [:]
    }

    /// Decodes the stored examples; unreadable text counts as none.
    static func decodeExamples(_ text: String?) -> [CatalogImportExample] {
        text.flatMap { try? JSONDecoder().decode([CatalogImportExample].self, from: Data($0.utf8)) } ?? []
    }

    /// The problems of `counts` that this version knows.
    static func problems(_ counts: [String: Int]) -> [CatalogImportProblem: Int] {
        var problems: [CatalogImportProblem: Int] = [:]
        for (name, count) in counts {
            if let problem = CatalogImportProblem(rawValue: name) { problems[problem] = count }
        }
        return problems
    }
}

/// The catalog's size and where its data came from.
public struct CatalogStatistics: Sendable, Hashable {
    public var works: Int
    /// Works inferred from editions whose work record is not in the catalog.
    public var syntheticWorks: Int
    public var editions: Int
    public var authors: Int
    /// Rows of the ISBN index (an edition may carry several ISBNs).
    public var isbns: Int
    /// The catalog file's size on disk, its write-ahead log included.
    public var fileBytes: Int64
    /// Every source, the seed first, then dumps by when they were started.
    public var sources: [CatalogSource]
}

extension CatalogDatabase {
    /// Counts the catalog's rows and lists its sources (counting takes a moment on a catalog of millions).
    public func statistics() throws -> CatalogStatistics {
        try read { db in
            let works = try Int.fetchOne(db, sql: "SELECT count(*) FROM catalog_works") ?? 0
            let synthetic = try Int.fetchOne(db, sql: "SELECT count(*) FROM catalog_works WHERE synthetic = 1") ?? 0
            let editions = try Int.fetchOne(db, sql: "SELECT count(*) FROM catalog_editions") ?? 0
            let authors = try Int.fetchOne(db, sql: "SELECT count(*) FROM catalog_authors") ?? 0
            let isbns = try Int.fetchOne(db, sql: "SELECT count(*) FROM catalog_isbns") ?? 0
            let rows = try Row.fetchAll(db, sql: """
                SELECT kind, name, version, fileSize, complete, lineCount, authorCount, workCount, editionCount,
                    skippedCount, invalidISBNCount, problems, startedAt, updatedAt
                FROM catalog_sources ORDER BY kind <> 'seed', startedAt, rowid
                """)
            let sources = try rows.map { row in
                var reader = RowReader(row, table: "catalog_sources")
                let kindText = try reader.string()
                guard let kind = CatalogSource.Kind(rawValue: kindText) else {
                    throw CatalogError.corrupt(reason: "unknown source kind \(kindText)")
                }
                return CatalogSource(
                    kind: kind, name: try reader.string(), version: try reader.optionalString(),
                    fileSize: try reader.optionalInt().map(Int64.init), complete: try reader.bool(), lines: try reader.int(),
                    authors: try reader.int(), works: try reader.int(), editions: try reader.int(),
                    otherRecords: try reader.int(), invalidISBNs: try reader.int(),
                    problems: CatalogSource.problems(CatalogSource.decodeProblems(try reader.optionalString())),
                    startedAt: try reader.date(), updatedAt: try reader.date()
                )
            }
            let size = [path, path + "-wal"].reduce(Int64(0)) { total, file in
                let attributes = try? FileManager.default.attributesOfItem(atPath: file)
                return total + ((attributes?[.size] as? NSNumber)?.int64Value ?? 0)
            }
            return CatalogStatistics(
                works: works, syntheticWorks: synthetic, editions: editions, authors: authors, isbns: isbns,
                fileBytes: size, sources: sources
            )
        }
    }
}
