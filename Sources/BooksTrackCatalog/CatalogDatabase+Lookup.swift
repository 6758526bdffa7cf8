import BooksTrackCore
import BooksTrackStore
import GRDB

extension CatalogDatabase {
    /// The provenance name of the catalog in DTOs.
    public static let providerName = "catalog"

    // Built once: the statement cache is keyed by the SQL text, which would otherwise be rebuilt and hashed each time.
    private static let isbnLookupSQL = """
        SELECT \(CatalogDTOReader.workColumns), \(CatalogDTOReader.editionColumns), \(CatalogDTOReader.authorsColumn)
        FROM catalog_isbns i
        JOIN catalog_editions e ON e.id = i.editionID
        JOIN catalog_works w ON w.id = e.workID
        WHERE i.isbn = ?
        """

    /// The works holding an edition with this ISBN, each with that edition only; most popular first.
    ///
    /// One statement, authors included, on the lookup connection without an explicit transaction:
    /// a single statement sees one snapshot anyway, and BEGIN/COMMIT around it cost more than the lookup.
    public func works(isbn: ISBN) throws -> [WorkDTO] {
        guard let number = Int64(isbn.isbn13) else { return [] }
        do {
            return try lookupConnection.inDatabase { db in
                let rows = try Row.fetchCursor(db.cachedStatement(sql: Self.isbnLookupSQL), arguments: [number])
                var works: [(id: Int64, work: WorkDTO)] = []
                while let row = try rows.next() {
                    var reader = RowReader(row, table: "catalog_works")
                    var (id, work) = try CatalogDTOReader.work(&reader)
                    work.editions = [try CatalogDTOReader.edition(&reader)]
                    work.authors = CatalogDTOReader.authors(packed: try reader.optionalString())
                    works.append((id, work))
                }
                // Sorted here rather than by SQL, which would build a temporary B-tree for one row.
                return works.sorted { $0.id < $1.id }.map { $0.work }
            }
        } catch {
            throw CatalogError.translating(error)
        }
    }
}

/// Reads catalog rows into the core's DTOs.
enum CatalogDTOReader {
    /// The `catalog_works` columns `work(_:)` reads, for the alias `w`.
    static let workColumns = """
        w.id, w.key, w.title, w.subtitle, w.seriesName, w.seriesPosition, w.firstPublicationYear, w.originalLanguage,
        w.description, w.subjects, w.coverImageURL, w.goodreadsWorkID, w.popularity, w.synthetic
        """
    /// The `catalog_editions` columns `edition(_:)` reads, for the alias `e`.
    static let editionColumns = """
        e.key, e.title, e.publisher, e.publicationDate, e.pageCount, e.format, e.language, e.coverImageURL, e.isbn13s
        """

    /// A work without authors or editions, and its id.
    static func work(_ reader: inout RowReader) throws -> (id: Int64, work: WorkDTO) {
        let id = Int64(try reader.int())
        let key = try reader.string()
        var work = WorkDTO(title: try reader.string(), primaryProvider: CatalogDatabase.providerName)
        work.subtitle = try reader.optionalString()
        work.seriesName = try reader.optionalString()
        work.seriesPosition = try reader.optionalDouble()
        work.firstPublicationYear = try reader.optionalInt()
        work.originalLanguage = try reader.optionalString()
        work.description = try reader.optionalString()
        work.subjects = try reader.stringList()
        work.coverImageURL = try reader.optionalString()
        work.goodreadsWorkIDs = try reader.optionalString().map { [$0] } ?? []
        work.popularity = try reader.optionalInt()
        work.synthetic = try reader.bool()
        work.openLibraryWorkID = openLibraryID(key, prefix: "/works/")
        return (id, work)
    }

    /// An edition.
    static func edition(_ reader: inout RowReader) throws -> EditionDTO {
        let key = try reader.string()
        var edition = EditionDTO(primaryProvider: CatalogDatabase.providerName)
        edition.title = try reader.optionalString()
        edition.publisher = try reader.optionalString()
        edition.publicationDate = try reader.optionalString()
        edition.pageCount = try reader.optionalInt()
        edition.format = try reader.optionalString()
        edition.language = try reader.optionalString()
        edition.coverImageURL = try reader.optionalString()
        // Stored ISBNs were valid when written; the 978 ones have an ISBN-10 to derive.
        let isbn13s = (try reader.optionalString() ?? "").split(separator: " ")
        edition.isbn13 = isbn13s.map { String($0) }
        edition.isbn10 = isbn13s.compactMap { $0.hasPrefix("978") ? ISBN($0)?.isbn10 : nil }
        edition.openLibraryEditionID = openLibraryID(key, prefix: "/books/")
        return edition
    }

    /// The work's authors packed into one column (`catalog_works.authorsPacked`, alias `w`).
    static let authorsColumn = "w.authorsPacked"

    /// One author in the packed form: key, name, birth year, death year and Wikidata ID joined by
    /// U+001F; `authorsPacked` joins authors by U+001E. Stored names never hold control characters
    /// (the importers replace them).
    static func pack(key: String, name: String, birthYear: Int?, deathYear: Int?, wikidataID: String?) -> String {
        [key, name, birthYear.map(String.init) ?? "", deathYear.map(String.init) ?? "", wikidataID ?? ""]
            .joined(separator: "\u{1F}")
    }

    /// The authors `authorsColumn` packed.
    static func authors(packed: String?) -> [AuthorDTO] {
        guard let packed, !packed.isEmpty else { return [] }
        return packed.split(separator: "\u{1E}", omittingEmptySubsequences: true).compactMap { author in
            let fields = author.split(separator: "\u{1F}", omittingEmptySubsequences: false)
            guard fields.count == 5, !fields[1].isEmpty else { return nil }
            return AuthorDTO(
                name: String(fields[1]), birthYear: Int(fields[2]), deathYear: Int(fields[3]),
                openLibraryID: openLibraryID(String(fields[0]), prefix: "/authors/"),
                wikidataID: fields[4].isEmpty ? nil : String(fields[4])
            )
        }
    }

    private static let editionsOfWorkSQL = """
        SELECT \(editionColumns) FROM catalog_editions e WHERE e.workID = ? ORDER BY e.isbn13s IS NULL, e.id LIMIT ?
        """

    /// Up to `limit` editions of a work, those with ISBNs first.
    static func editions(_ db: Database, workID: Int64, limit: Int) throws -> [EditionDTO] {
        let rows = try Row.fetchAll(db.cachedStatement(sql: editionsOfWorkSQL), arguments: [workID, limit])
        return try rows.map { row in
            var reader = RowReader(row, table: "catalog_editions")
            return try edition(&reader)
        }
    }

    /// "OL45804W" from "/works/OL45804W"; nil for keys of other sources.
    static func openLibraryID(_ key: String, prefix: String) -> String? {
        guard key.hasPrefix(prefix) else { return nil }
        let id = key.dropFirst(prefix.count)
        return id.isEmpty ? nil : String(id)
    }
}
