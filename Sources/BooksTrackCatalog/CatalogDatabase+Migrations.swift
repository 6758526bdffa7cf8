import GRDB

extension CatalogDatabase {
    /// The catalog schema's history. A migration that has shipped is never edited: changes come as
    /// new, later migrations.
    ///
    /// Conventions: rows carry the key their source gives them (`/works/OL45804W`,
    /// `goodreads:2767052`), unique per table, so importing a record again updates it in place.
    /// Works' integer ids double as the rowids of `catalog_search` and are handed out in popularity
    /// order: seed works get their rank (1 = most rated), dump works ids from `firstDumpWorkID` on,
    /// so a full-text match read in rowid order meets popular books first.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("catalog-v1") { db in
            try createSchemaV1(db)
        }
        return migrator
    }

    private static func createSchemaV1(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE catalog_works (
                id INTEGER PRIMARY KEY,
                key TEXT NOT NULL UNIQUE,
                source TEXT NOT NULL,
                title TEXT NOT NULL,
                subtitle TEXT,
                alternateTitle TEXT,
                normalizedTitle TEXT NOT NULL,
                searchTitle TEXT NOT NULL,
                searchSubtitle TEXT NOT NULL,
                searchAuthors TEXT NOT NULL,
                searchSeries TEXT NOT NULL,
                seriesName TEXT,
                seriesPosition REAL,
                firstPublicationYear INTEGER,
                originalLanguage TEXT,
                description TEXT,
                subjects TEXT,
                coverImageURL TEXT,
                goodreadsWorkID TEXT,
                authorsPacked TEXT,
                popularity INTEGER,
                synthetic INTEGER NOT NULL
            );
            CREATE INDEX catalog_works_by_normalized_title ON catalog_works(normalizedTitle);
            -- search*: the normalized text catalog_search indexes (it reads them as its external content).
            -- authorsPacked repeats the display data of the work's authors (CatalogDTOReader.authors(packed:)),
            -- kept by the writer, so an ISBN lookup is one statement without a join to the authors.

            CREATE TABLE catalog_authors (
                key TEXT NOT NULL PRIMARY KEY,
                source TEXT NOT NULL,
                name TEXT NOT NULL,
                searchName TEXT NOT NULL,
                birthYear INTEGER,
                deathYear INTEGER,
                wikidataID TEXT
            ) WITHOUT ROWID;

            -- searchName: the name's matching key (TextNormalization.normalizeAuthor), computed once.
            -- Authors are referenced by key, so a work can be imported before its authors; the index
            -- finds the works whose search text needs the name when the author arrives.
            CREATE TABLE catalog_work_authors (
                workID INTEGER NOT NULL,
                position INTEGER NOT NULL,
                authorKey TEXT NOT NULL,
                PRIMARY KEY (workID, position)
            ) WITHOUT ROWID;
            CREATE INDEX catalog_work_authors_by_author ON catalog_work_authors(authorKey);

            -- isbn13s: the edition's valid ISBNs as 13 digits, space-separated (ISBN-10s are derived).
            CREATE TABLE catalog_editions (
                id INTEGER PRIMARY KEY,
                key TEXT NOT NULL UNIQUE,
                workID INTEGER NOT NULL,
                source TEXT NOT NULL,
                title TEXT,
                publisher TEXT,
                publicationDate TEXT,
                pageCount INTEGER,
                format TEXT,
                language TEXT,
                coverImageURL TEXT,
                isbn13s TEXT
            );
            CREATE INDEX catalog_editions_by_work ON catalog_editions(workID);

            -- ISBN-13s as integers: 8 bytes a key instead of 14, and integer comparisons.
            CREATE TABLE catalog_isbns (
                isbn INTEGER NOT NULL,
                editionID INTEGER NOT NULL,
                PRIMARY KEY (isbn, editionID)
            ) WITHOUT ROWID;

            -- The search text is the normalized form (TextNormalization) of each field, so queries
            -- normalized the same way match whatever the accents, case or punctuation. Marks stay
            -- token characters: normalization keeps them only where they make a different letter.
            -- External content (catalog_works.search*): a search reads each candidate's row once, and
            -- the text is stored once. The writer keeps the index in step with the 'delete' command.
            -- detail=column: no phrase queries are needed, and the index is about half the size.
            CREATE VIRTUAL TABLE catalog_search USING fts5(
                searchTitle, searchSubtitle, searchAuthors, searchSeries,
                content = 'catalog_works', content_rowid = 'id',
                tokenize = "unicode61 remove_diacritics 0 categories 'L* N* Co M*'",
                detail = column
            );

            -- One row per loaded source: the seed (id 'seed') and each dump file, whose byteOffset
            -- (in the decompressed text) is committed with every batch so a killed import resumes there.
            CREATE TABLE catalog_sources (
                id TEXT NOT NULL PRIMARY KEY,
                kind TEXT NOT NULL,
                name TEXT NOT NULL,
                version TEXT,
                fileSize INTEGER,
                byteOffset INTEGER NOT NULL DEFAULT 0,
                lineCount INTEGER NOT NULL DEFAULT 0,
                authorCount INTEGER NOT NULL DEFAULT 0,
                workCount INTEGER NOT NULL DEFAULT 0,
                editionCount INTEGER NOT NULL DEFAULT 0,
                skippedCount INTEGER NOT NULL DEFAULT 0,
                invalidISBNCount INTEGER NOT NULL DEFAULT 0,
                problems TEXT,
                examples TEXT,
                complete INTEGER NOT NULL DEFAULT 0,
                startedAt REAL NOT NULL,
                updatedAt REAL NOT NULL
            );
            """)
    }
}
