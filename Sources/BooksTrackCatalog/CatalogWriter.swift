import BooksTrackCore
import BooksTrackStore
import GRDB

/// Writes works, authors and editions into the catalog inside one open write transaction, keeping
/// the search rows, the ISBN index and the author links in step. Every write is keyed by the
/// source's key, so writing a record again updates it in place: imports are idempotent.
///
/// Statements are cached on the connection: an import runs each of them millions of times.
struct CatalogWriter {
    /// The first id given to a work that does not come from the seed; seed works use their rank.
    static let firstDumpWorkID: Int64 = 1_000_000

    private let db: Database
    private var nextWorkID: Int64

    /// Starts writing on `db`, which must be inside a write transaction.
    init(_ db: Database) throws {
        self.db = db
        let highest = try Int64.fetchOne(db, sql: "SELECT max(id) FROM catalog_works") ?? 0
        nextWorkID = max(Self.firstDumpWorkID, highest + 1)
    }

    // MARK: Authors

    /// Inserts or updates an author; when its name's matching key is new or changed, the search rows of the works
    /// already linked to it are brought up to date (a works dump imported before its authors).
    mutating func write(_ author: CatalogAuthorRecord) throws {
        let searchName = author.searchName ?? TextNormalization.normalizeAuthor(author.name)
        let previousSearchName = try String.fetchOne(
            db.cachedStatement(sql: "SELECT searchName FROM catalog_authors WHERE key = ?"), arguments: [author.key]
        )
        try db.cachedStatement(sql: """
            INSERT INTO catalog_authors (key, source, name, searchName, birthYear, deathYear, wikidataID)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET source = excluded.source, name = excluded.name, searchName = excluded.searchName,
                birthYear = excluded.birthYear, deathYear = excluded.deathYear, wikidataID = excluded.wikidataID
            """).execute(arguments: [
                author.key, author.source.rawValue, author.name, searchName, author.birthYear, author.deathYear,
                author.wikidataID,
            ])
        guard previousSearchName != searchName else { return }
        let workIDs = try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT workID FROM catalog_work_authors WHERE authorKey = ?"), arguments: [author.key]
        )
        for workID in workIDs {
            try refreshAuthors(workID: workID)
        }
    }

    // MARK: Works

    /// Inserts or updates a work and its search row; returns its id. `id` places a new work (seed
    /// works take their popularity rank); otherwise new works are numbered from `firstDumpWorkID` on.
    @discardableResult
    mutating func write(_ work: CatalogWorkRecord, id requestedID: Int64? = nil) throws -> Int64 {
        let existingID = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM catalog_works WHERE key = ?"), arguments: [work.key]
        )
        let keys = work.searchKeys ?? CatalogSearchText.WorkKeys(work)
        let id: Int64
        if let existingID {
            id = existingID
            try removeSearchRow(workID: id)
            try db.cachedStatement(sql: """
                UPDATE catalog_works SET source = ?, title = ?, subtitle = ?, alternateTitle = ?, normalizedTitle = ?,
                    searchTitle = ?, searchSubtitle = ?, searchSeries = ?, seriesName = ?, seriesPosition = ?,
                    firstPublicationYear = ?, originalLanguage = ?, description = ?, subjects = ?, coverImageURL = ?,
                    goodreadsWorkID = ?, popularity = ?, synthetic = ?
                WHERE id = ?
                """).execute(arguments: columnValues(of: work, keys: keys) + [id])
        } else {
            if let requestedID {
                id = requestedID
            } else {
                id = nextWorkID
                nextWorkID += 1
            }
            // A new work: its authors are looked up by key first, so the row and its search entry
            // are written once, complete.
            let authorKeys = uniqued(work.authorKeys)
            let authors = try knownAuthors(keys: authorKeys)
            try db.cachedStatement(sql: """
                INSERT INTO catalog_works (source, title, subtitle, alternateTitle, normalizedTitle, searchTitle,
                    searchSubtitle, searchSeries, seriesName, seriesPosition, firstPublicationYear, originalLanguage,
                    description, subjects, coverImageURL, goodreadsWorkID, popularity, synthetic, id, key,
                    searchAuthors, authorsPacked)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).execute(arguments: columnValues(of: work, keys: keys) + [id, work.key, authors.searchText, authors.packed])
            for (position, authorKey) in authorKeys.enumerated() {
                try db.cachedStatement(sql: "INSERT INTO catalog_work_authors (workID, position, authorKey) VALUES (?, ?, ?)")
                    .execute(arguments: [id, position, authorKey])
            }
            try db.cachedStatement(sql: """
                INSERT INTO catalog_search (rowid, searchTitle, searchSubtitle, searchAuthors, searchSeries) VALUES (?, ?, ?, ?, ?)
                """).execute(arguments: [id, keys.title, keys.subtitle, authors.searchText, keys.series])
            return id
        }

        // A work record without authors keeps the ones its editions gave it.
        if !work.authorKeys.isEmpty {
            try db.cachedStatement(sql: "DELETE FROM catalog_work_authors WHERE workID = ?").execute(arguments: [id])
            for (position, authorKey) in uniqued(work.authorKeys).enumerated() {
                try db.cachedStatement(sql: "INSERT INTO catalog_work_authors (workID, position, authorKey) VALUES (?, ?, ?)")
                    .execute(arguments: [id, position, authorKey])
            }
        }
        try storeAuthorsAndIndex(workID: id)
        return id
    }

    private func columnValues(of work: CatalogWorkRecord, keys: CatalogSearchText.WorkKeys) -> StatementArguments {
        [
            work.source.rawValue, work.title, work.subtitle, work.alternateTitle, keys.normalizedTitle, keys.title,
            keys.subtitle, keys.series, work.seriesName, work.seriesPosition, work.firstPublicationYear,
            work.originalLanguage, work.description, JSONStringList.encode(work.subjects), work.coverImageURL,
            work.goodreadsWorkID, work.popularity, work.synthetic,
        ]
    }

    /// Rewrites the author parts of a work (its packed authors and its search row's names) after
    /// one of its authors arrived or changed.
    private func refreshAuthors(workID: Int64) throws {
        try removeSearchRow(workID: workID)
        try storeAuthorsAndIndex(workID: workID)
    }

    /// Stores the work's author columns from its linked authors, then indexes its search row.
    private func storeAuthorsAndIndex(workID: Int64) throws {
        let authors = try linkedAuthors(workID: workID)
        try db.cachedStatement(sql: "UPDATE catalog_works SET authorsPacked = ?, searchAuthors = ? WHERE id = ?")
            .execute(arguments: [authors.packed, authors.searchText, workID])
        try db.cachedStatement(sql: """
            INSERT INTO catalog_search (rowid, searchTitle, searchSubtitle, searchAuthors, searchSeries)
            SELECT id, searchTitle, searchSubtitle, searchAuthors, searchSeries FROM catalog_works WHERE id = ?
            """).execute(arguments: [workID])
    }

    /// Removes a work's search row, which must still hold the text it was indexed with (external
    /// content: FTS5 deletes the tokens it is given).
    private func removeSearchRow(workID: Int64) throws {
        try db.cachedStatement(sql: """
            INSERT INTO catalog_search (catalog_search, rowid, searchTitle, searchSubtitle, searchAuthors, searchSeries)
            SELECT 'delete', id, searchTitle, searchSubtitle, searchAuthors, searchSeries FROM catalog_works WHERE id = ?
            """).execute(arguments: [workID])
    }

    /// The authors with these keys that are in the catalog, in the keys' order, as `linkedAuthors` gives them.
    private func knownAuthors(keys: [String]) throws -> (searchText: String, packed: String?) {
        var searchNames: [String] = []
        var packed: [String] = []
        for key in keys {
            guard let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT searchName, name, birthYear, deathYear, wikidataID FROM catalog_authors WHERE key = ?"),
                arguments: [key]
            ) else { continue }
            var reader = RowReader(row, table: "catalog_authors")
            let searchName = try reader.string()
            if !searchName.isEmpty { searchNames.append(searchName) }
            packed.append(CatalogDTOReader.pack(
                key: key, name: try reader.string(), birthYear: try reader.optionalInt(),
                deathYear: try reader.optionalInt(), wikidataID: try reader.optionalString()
            ))
        }
        return (searchNames.joined(separator: " "), packed.isEmpty ? nil : packed.joined(separator: "\u{1E}"))
    }

    /// A work's authors that are in the catalog, in order: their names' matching keys as the
    /// search row holds them, and their display data packed as `CatalogDTOReader.authors(packed:)` reads it.
    private func linkedAuthors(workID: Int64) throws -> (searchText: String, packed: String?) {
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: """
                SELECT a.searchName, a.key, a.name, a.birthYear, a.deathYear, a.wikidataID
                FROM catalog_work_authors wa JOIN catalog_authors a ON a.key = wa.authorKey
                WHERE wa.workID = ? ORDER BY wa.position
                """),
            arguments: [workID]
        )
        var searchNames: [String] = []
        var packed: [String] = []
        while let row = try rows.next() {
            var reader = RowReader(row, table: "catalog_authors")
            let searchName = try reader.string()
            if !searchName.isEmpty { searchNames.append(searchName) }
            packed.append(CatalogDTOReader.pack(
                key: try reader.string(), name: try reader.string(), birthYear: try reader.optionalInt(),
                deathYear: try reader.optionalInt(), wikidataID: try reader.optionalString()
            ))
        }
        return (searchNames.joined(separator: " "), packed.isEmpty ? nil : packed.joined(separator: "\u{1E}"))
    }

    // MARK: Editions

    /// Inserts or updates an edition and its ISBN rows. Its work is found by key; a work that is not
    /// in the catalog yet is inferred from the edition (`synthetic`) and completed when its record
    /// arrives. An edition that names no work gets a work of its own, keyed by the edition's key.
    mutating func write(_ edition: CatalogEditionRecord) throws {
        let workKey = edition.workKey ?? edition.key
        let lookup = try FastStatement(db, sql: "SELECT id FROM catalog_works WHERE key = ?")
        try lookup.bind(workKey, at: 1)
        let workID: Int64
        if let found = try lookup.firstInteger() {
            workID = found
        } else {
            workID = try write(CatalogWorkRecord(
                key: workKey, source: edition.source, title: edition.title, subtitle: edition.subtitle,
                seriesName: edition.seriesName, coverImageURL: edition.coverImageURL, synthetic: true,
                authorKeys: edition.authorKeys
            ))
        }

        let isbnText = edition.isbns.isEmpty ? nil : edition.isbns.map { $0.isbn13 }.joined(separator: " ")
        // A new key (every line of a first import) is inserted at once; only a key already in the
        // catalog needs its old ISBN rows looked up and removed.
        let insert = try FastStatement(db, sql: """
            INSERT OR IGNORE INTO catalog_editions (workID, source, title, publisher, publicationDate, pageCount, format,
                language, coverImageURL, isbn13s, key)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try insert.bind(workID, at: 1)
        try insert.bind(edition.source.rawValue, at: 2)
        try insert.bind(edition.title, at: 3)
        try insert.bind(edition.publisher, at: 4)
        try insert.bind(edition.publicationDate, at: 5)
        try insert.bind(edition.pageCount.map(Int64.init), at: 6)
        try insert.bind(edition.format, at: 7)
        try insert.bind(edition.language, at: 8)
        try insert.bind(edition.coverImageURL, at: 9)
        try insert.bind(isbnText, at: 10)
        try insert.bind(edition.key, at: 11)
        try insert.execute()
        let editionID: Int64
        if db.changesCount > 0 {
            editionID = db.lastInsertedRowID
        } else {
            guard let existing = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT id, isbn13s FROM catalog_editions WHERE key = ?"), arguments: [edition.key]
            ) else { throw CatalogError.corrupt(reason: "edition \(edition.key) is neither new nor stored") }
            var reader = RowReader(existing, table: "catalog_editions")
            editionID = Int64(try reader.int())
            for isbn in (try reader.optionalString() ?? "").split(separator: " ") {
                guard let number = Int64(isbn) else { continue }
                try db.cachedStatement(sql: "DELETE FROM catalog_isbns WHERE isbn = ? AND editionID = ?")
                    .execute(arguments: [number, editionID])
            }
            try db.cachedStatement(sql: """
                UPDATE catalog_editions SET workID = ?, source = ?, title = ?, publisher = ?, publicationDate = ?,
                    pageCount = ?, format = ?, language = ?, coverImageURL = ?, isbn13s = ?
                WHERE id = ?
                """).execute(arguments: [
                    workID, edition.source.rawValue, edition.title, edition.publisher, edition.publicationDate,
                    edition.pageCount, edition.format, edition.language, edition.coverImageURL, isbnText, editionID,
                ])
        }
        for isbn in edition.isbns {
            guard let number = Int64(isbn.isbn13) else { continue }
            let link = try FastStatement(db, sql: "INSERT OR IGNORE INTO catalog_isbns (isbn, editionID) VALUES (?, ?)")
            try link.bind(number, at: 1)
            try link.bind(editionID, at: 2)
            try link.execute()
        }
    }

    private func uniqued(_ keys: [String]) -> [String] {
        var seen = Set<String>()
        return keys.filter { seen.insert($0).inserted }
    }
}
