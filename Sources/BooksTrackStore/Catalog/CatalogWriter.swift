import BooksTrackCore
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
            try db.cachedStatement(sql: "UPDATE catalog_search SET authors = ? WHERE rowid = ?")
                .execute(arguments: [authorText(workID: workID), workID])
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
        let normalizedTitle = keys.normalizedTitle
        let id: Int64
        if let existingID {
            id = existingID
            try db.cachedStatement(sql: """
                UPDATE catalog_works SET source = ?, title = ?, subtitle = ?, alternateTitle = ?, normalizedTitle = ?,
                    seriesName = ?, seriesPosition = ?, firstPublicationYear = ?, originalLanguage = ?, description = ?,
                    subjects = ?, coverImageURL = ?, goodreadsWorkID = ?, popularity = ?, synthetic = ?
                WHERE id = ?
                """).execute(arguments: columnValues(of: work, normalizedTitle: normalizedTitle) + [id])
        } else {
            if let requestedID {
                id = requestedID
            } else {
                id = nextWorkID
                nextWorkID += 1
            }
            try db.cachedStatement(sql: """
                INSERT INTO catalog_works (source, title, subtitle, alternateTitle, normalizedTitle, seriesName,
                    seriesPosition, firstPublicationYear, originalLanguage, description, subjects, coverImageURL,
                    goodreadsWorkID, popularity, synthetic, id, key)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).execute(arguments: columnValues(of: work, normalizedTitle: normalizedTitle) + [id, work.key])
        }

        // A work record without authors keeps the ones its editions gave it.
        if existingID == nil || !work.authorKeys.isEmpty {
            if existingID != nil {
                try db.cachedStatement(sql: "DELETE FROM catalog_work_authors WHERE workID = ?").execute(arguments: [id])
            }
            for (position, authorKey) in uniqued(work.authorKeys).enumerated() {
                try db.cachedStatement(sql: "INSERT INTO catalog_work_authors (workID, position, authorKey) VALUES (?, ?, ?)")
                    .execute(arguments: [id, position, authorKey])
            }
        }

        let authors = try authorText(workID: id)
        let statement = existingID == nil
            ? try db.cachedStatement(sql: "INSERT INTO catalog_search (title, subtitle, authors, series, rowid) VALUES (?, ?, ?, ?, ?)")
            : try db.cachedStatement(sql: "UPDATE catalog_search SET title = ?, subtitle = ?, authors = ?, series = ? WHERE rowid = ?")
        try statement.execute(arguments: [keys.title, keys.subtitle, authors, keys.series, id])
        return id
    }

    private func columnValues(of work: CatalogWorkRecord, normalizedTitle: String) -> StatementArguments {
        [
            work.source.rawValue, work.title, work.subtitle, work.alternateTitle, normalizedTitle,
            work.seriesName, work.seriesPosition, work.firstPublicationYear, work.originalLanguage, work.description,
            JSONStringList.encode(work.subjects), work.coverImageURL, work.goodreadsWorkID, work.popularity, work.synthetic,
        ]
    }

    /// The normalized names of a work's authors, in order, as its search row holds them.
    private func authorText(workID: Int64) throws -> String {
        try String.fetchAll(
            db.cachedStatement(sql: """
                SELECT a.searchName FROM catalog_work_authors wa JOIN catalog_authors a ON a.key = wa.authorKey
                WHERE wa.workID = ? ORDER BY wa.position
                """),
            arguments: [workID]
        ).filter { !$0.isEmpty }.joined(separator: " ")
    }

    // MARK: Editions

    /// Inserts or updates an edition and its ISBN rows. Its work is found by key; a work that is not
    /// in the catalog yet is inferred from the edition (`synthetic`) and completed when its record
    /// arrives. An edition that names no work gets a work of its own, keyed by the edition's key.
    mutating func write(_ edition: CatalogEditionRecord) throws {
        let workKey = edition.workKey ?? edition.key
        let workID: Int64
        if let found = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM catalog_works WHERE key = ?"), arguments: [workKey]
        ) {
            workID = found
        } else {
            workID = try write(CatalogWorkRecord(
                key: workKey, source: edition.source, title: edition.title, subtitle: edition.subtitle,
                seriesName: edition.seriesName, coverImageURL: edition.coverImageURL, synthetic: true,
                authorKeys: edition.authorKeys
            ))
        }

        let isbnText = edition.isbns.isEmpty ? nil : edition.isbns.map(\.isbn13).joined(separator: " ")
        let values: StatementArguments = [
            workID, edition.source.rawValue, edition.title, edition.publisher, edition.publicationDate, edition.pageCount,
            edition.format, edition.language, edition.coverImageURL, isbnText,
        ]
        // A new key (every line of a first import) is inserted at once; only a key already in the
        // catalog needs its old ISBN rows looked up and removed.
        try db.cachedStatement(sql: """
            INSERT OR IGNORE INTO catalog_editions (workID, source, title, publisher, publicationDate, pageCount, format,
                language, coverImageURL, isbn13s, key)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: values + [edition.key])
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
                """).execute(arguments: values + [editionID])
        }
        for isbn in edition.isbns {
            guard let number = Int64(isbn.isbn13) else { continue }
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO catalog_isbns (isbn, editionID) VALUES (?, ?)")
                .execute(arguments: [number, editionID])
        }
    }

    private func uniqued(_ keys: [String]) -> [String] {
        var seen = Set<String>()
        return keys.filter { seen.insert($0).inserted }
    }
}
