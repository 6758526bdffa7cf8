import GRDB

extension LibraryDatabase {
    /// The schema's history. A migration that has shipped is never edited: changes come as new,
    /// later migrations.
    ///
    /// Conventions of every table: each row carries `userID`, and keys are `(userID, id)`, so a
    /// row can only point at rows of the same user (the foreign keys include `userID`) and one
    /// user's identifiers mean nothing in another user's library. Identifiers are lower-case UUID
    /// text; dates are REAL seconds since 2001-01-01 UTC; booleans are 0/1; enums are their raw
    /// strings; lists of strings are JSON arrays, NULL when empty.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try createSchemaV1(db)
        }
        return migrator
    }

    private static func createSchemaV1(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE users (
                id TEXT NOT NULL PRIMARY KEY,
                name TEXT NOT NULL UNIQUE,
                dateCreated REAL NOT NULL
            );

            CREATE TABLE authors (
                userID TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                id TEXT NOT NULL,
                name TEXT NOT NULL,
                normalizedName TEXT NOT NULL,
                sortName TEXT,
                sortKey TEXT NOT NULL,
                gender TEXT NOT NULL,
                culturalRegion TEXT,
                nationality TEXT,
                ethnicity TEXT,
                birthYear INTEGER,
                deathYear INTEGER,
                marginalizedVoiceOverride INTEGER,
                openLibraryID TEXT,
                isbndbID TEXT,
                googleBooksID TEXT,
                goodreadsID TEXT,
                wikidataID TEXT,
                dateCreated REAL NOT NULL,
                lastModified REAL NOT NULL,
                PRIMARY KEY (userID, id)
            );
            CREATE INDEX authors_by_normalized_name ON authors(userID, normalizedName);
            CREATE INDEX authors_by_sort_key ON authors(userID, sortKey);

            CREATE TABLE works (
                userID TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                id TEXT NOT NULL,
                title TEXT NOT NULL,
                normalizedTitle TEXT NOT NULL,
                subtitle TEXT,
                genres TEXT,
                originalLanguage TEXT,
                firstPublicationYear INTEGER,
                description TEXT,
                seriesName TEXT,
                seriesPosition REAL,
                culturalThemes TEXT,
                contentWarnings TEXT,
                awards TEXT,
                readingDifficulty TEXT,
                coverImageURL TEXT,
                openLibraryWorkID TEXT,
                isbndbID TEXT,
                googleBooksVolumeIDs TEXT,
                goodreadsWorkIDs TEXT,
                amazonASINs TEXT,
                librarythingIDs TEXT,
                providerTag TEXT,
                isSynthetic INTEGER NOT NULL,
                reviewStatus TEXT NOT NULL,
                scanImagePath TEXT,
                boundingBoxX REAL,
                boundingBoxY REAL,
                boundingBoxWidth REAL,
                boundingBoxHeight REAL,
                dateCreated REAL NOT NULL,
                lastModified REAL NOT NULL,
                lastEnrichedAt REAL,
                dataQuality INTEGER NOT NULL,
                PRIMARY KEY (userID, id)
            );
            CREATE INDEX works_by_normalized_title ON works(userID, normalizedTitle);
            CREATE INDEX works_review_queue ON works(userID, dateCreated) WHERE reviewStatus = 'pending';

            CREATE TABLE work_authors (
                userID TEXT NOT NULL,
                workID TEXT NOT NULL,
                authorID TEXT NOT NULL,
                position INTEGER NOT NULL,
                PRIMARY KEY (userID, workID, authorID),
                FOREIGN KEY (userID, workID) REFERENCES works(userID, id) ON DELETE CASCADE,
                FOREIGN KEY (userID, authorID) REFERENCES authors(userID, id) ON DELETE CASCADE
            ) WITHOUT ROWID;
            CREATE INDEX work_authors_by_author ON work_authors(userID, authorID);

            CREATE TABLE editions (
                userID TEXT NOT NULL,
                id TEXT NOT NULL,
                workID TEXT NOT NULL,
                publisher TEXT,
                publicationDate TEXT,
                pageCount INTEGER,
                format TEXT NOT NULL,
                language TEXT,
                editionTitle TEXT,
                coverImageURL TEXT,
                translator TEXT,
                narrator TEXT,
                audioDurationMinutes INTEGER,
                openLibraryEditionID TEXT,
                isbndbID TEXT,
                googleBooksVolumeIDs TEXT,
                amazonASINs TEXT,
                librarythingIDs TEXT,
                dateCreated REAL NOT NULL,
                lastModified REAL NOT NULL,
                PRIMARY KEY (userID, id),
                UNIQUE (userID, workID, id),
                FOREIGN KEY (userID, workID) REFERENCES works(userID, id) ON DELETE CASCADE
            );

            CREATE TABLE edition_isbns (
                userID TEXT NOT NULL,
                editionID TEXT NOT NULL,
                isbn TEXT NOT NULL,
                position INTEGER NOT NULL,
                PRIMARY KEY (userID, editionID, isbn),
                FOREIGN KEY (userID, editionID) REFERENCES editions(userID, id) ON DELETE CASCADE
            ) WITHOUT ROWID;
            CREATE INDEX edition_isbns_by_isbn ON edition_isbns(userID, isbn);

            CREATE TABLE entries (
                userID TEXT NOT NULL,
                id TEXT NOT NULL,
                workID TEXT NOT NULL,
                editionID TEXT,
                status TEXT NOT NULL,
                currentPage INTEGER NOT NULL,
                progress REAL NOT NULL,
                rating REAL,
                review TEXT,
                reviewHasSpoilers INTEGER NOT NULL,
                notes TEXT,
                discussionNotes TEXT,
                isFavorite INTEGER NOT NULL,
                isPublic INTEGER NOT NULL,
                dateAdded REAL NOT NULL,
                dateStarted REAL,
                dateCompleted REAL,
                dateStopped REAL,
                readHistory TEXT,
                dailyReadingGoal INTEGER,
                contributesToCulturalGoal INTEGER NOT NULL,
                culturalGoalCategory TEXT,
                recommendedBy TEXT,
                wouldRecommend INTEGER,
                lastModified REAL NOT NULL,
                PRIMARY KEY (userID, id),
                UNIQUE (userID, workID),
                FOREIGN KEY (userID, workID) REFERENCES works(userID, id) ON DELETE CASCADE,
                FOREIGN KEY (userID, workID, editionID) REFERENCES editions(userID, workID, id)
            );
            CREATE INDEX entries_by_date_added ON entries(userID, dateAdded, id);
            CREATE INDEX entries_by_status ON entries(userID, status, dateAdded, id);
            CREATE INDEX entries_by_edition ON entries(userID, editionID);
            CREATE INDEX entries_favorites ON entries(userID, dateAdded, id) WHERE isFavorite = 1;

            -- ON DELETE SET NULL on the (userID, workID, editionID) key would also null userID and
            -- workID, so the owned edition is released by this trigger instead; the foreign key
            -- above still refuses an edition of another work or of another user.
            CREATE TRIGGER editions_release_owning_entries AFTER DELETE ON editions BEGIN
                UPDATE entries SET editionID = NULL WHERE userID = OLD.userID AND editionID = OLD.id;
            END;

            -- Entries per status, kept by triggers: counting 100,000 entries with GROUP BY takes
            -- about 10 ms, reading these rows a few microseconds.
            CREATE TABLE entry_status_counts (
                userID TEXT NOT NULL,
                status TEXT NOT NULL,
                entryCount INTEGER NOT NULL,
                PRIMARY KEY (userID, status)
            ) WITHOUT ROWID;
            CREATE TRIGGER entries_count_insert AFTER INSERT ON entries BEGIN
                INSERT INTO entry_status_counts (userID, status, entryCount) VALUES (NEW.userID, NEW.status, 1)
                ON CONFLICT (userID, status) DO UPDATE SET entryCount = entryCount + 1;
            END;
            CREATE TRIGGER entries_count_delete AFTER DELETE ON entries BEGIN
                UPDATE entry_status_counts SET entryCount = entryCount - 1
                WHERE userID = OLD.userID AND status = OLD.status;
            END;
            CREATE TRIGGER entries_count_update AFTER UPDATE OF userID, status ON entries
            WHEN OLD.userID IS NOT NEW.userID OR OLD.status IS NOT NEW.status BEGIN
                UPDATE entry_status_counts SET entryCount = entryCount - 1
                WHERE userID = OLD.userID AND status = OLD.status;
                INSERT INTO entry_status_counts (userID, status, entryCount) VALUES (NEW.userID, NEW.status, 1)
                ON CONFLICT (userID, status) DO UPDATE SET entryCount = entryCount + 1;
            END;

            CREATE TABLE entry_tags (
                userID TEXT NOT NULL,
                entryID TEXT NOT NULL,
                normalizedTag TEXT NOT NULL,
                tag TEXT NOT NULL,
                position INTEGER NOT NULL,
                PRIMARY KEY (userID, entryID, normalizedTag),
                FOREIGN KEY (userID, entryID) REFERENCES entries(userID, id) ON DELETE CASCADE
            ) WITHOUT ROWID;
            CREATE INDEX entry_tags_by_tag ON entry_tags(userID, normalizedTag, entryID);

            CREATE TABLE quotes (
                userID TEXT NOT NULL,
                id TEXT NOT NULL,
                entryID TEXT NOT NULL,
                text TEXT NOT NULL,
                page INTEGER,
                dateAdded REAL NOT NULL,
                position INTEGER NOT NULL,
                PRIMARY KEY (userID, id),
                FOREIGN KEY (userID, entryID) REFERENCES entries(userID, id) ON DELETE CASCADE
            );
            CREATE INDEX quotes_by_entry ON quotes(userID, entryID, position);

            CREATE TABLE reading_sessions (
                userID TEXT NOT NULL,
                id TEXT NOT NULL,
                entryID TEXT NOT NULL,
                date REAL NOT NULL,
                durationMinutes INTEGER NOT NULL,
                pagesRead INTEGER NOT NULL,
                position INTEGER NOT NULL,
                PRIMARY KEY (userID, id),
                FOREIGN KEY (userID, entryID) REFERENCES entries(userID, id) ON DELETE CASCADE
            );
            CREATE INDEX reading_sessions_by_entry ON reading_sessions(userID, entryID, position);

            -- The image bytes come last so that reading the metadata never touches their overflow pages.
            CREATE TABLE page_photos (
                userID TEXT NOT NULL,
                id TEXT NOT NULL,
                entryID TEXT NOT NULL,
                page INTEGER,
                caption TEXT,
                imageType TEXT NOT NULL,
                byteCount INTEGER NOT NULL,
                dateAdded REAL NOT NULL,
                data BLOB NOT NULL,
                PRIMARY KEY (userID, id),
                FOREIGN KEY (userID, entryID) REFERENCES entries(userID, id) ON DELETE CASCADE
            );
            CREATE INDEX page_photos_by_entry ON page_photos(userID, entryID, dateAdded);
            """)
    }
}
