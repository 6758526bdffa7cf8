import BooksTrackCore
import GRDB

extension LibraryDatabase {
    /// The schema's history. A migration that has shipped is never edited: changes come as new,
    /// later migrations.
    ///
    /// Conventions of every table: each row carries its user as `userKey` (the integer key of
    /// `users`, standing for `users.id`: a 36-character UUID repeated in every index entry made
    /// imports twice as slow), and keys are `(userKey, id)`, so a row can only point at rows of the
    /// same user (the foreign keys include `userKey`) and one user's identifiers mean nothing in
    /// another user's library. Record identifiers are their 16 UUID bytes (BLOB: half the size of
    /// the text in every key and index; `hex(id)` shows one); `users.id` is the lower-case UUID
    /// text. Dates are REAL seconds since 2001-01-01 UTC; booleans are 0/1; enums are their raw
    /// strings; lists of strings are JSON arrays, NULL when empty.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try createSchemaV1(db)
        }
        migrator.registerMigration("v2-enrichment-queue") { db in
            // Works an import left without a cover, page count or publication year, in the order queued.
            try db.execute(sql: """
                CREATE TABLE enrichment_queue (
                    userKey INTEGER NOT NULL,
                    workID BLOB NOT NULL,
                    position INTEGER NOT NULL,
                    PRIMARY KEY (userKey, workID),
                    FOREIGN KEY (userKey, workID) REFERENCES works(userKey, id) ON DELETE CASCADE
                ) WITHOUT ROWID;
                CREATE INDEX enrichment_queue_in_order ON enrichment_queue(userKey, position);
                """)
        }
        migrator.registerMigration("v3-insights") { db in
            try db.execute(sql: """
                -- A yearly goal in books and/or pages.
                CREATE TABLE reading_goals (
                    userKey INTEGER NOT NULL REFERENCES users(key) ON DELETE CASCADE,
                    year INTEGER NOT NULL,
                    books INTEGER,
                    pages INTEGER,
                    PRIMARY KEY (userKey, year)
                ) WITHOUT ROWID;

                -- Days (since 1970-01-01, UTC) with a progress update, for the reading streaks;
                -- days with a session come from reading_sessions.
                CREATE TABLE reading_days (
                    userKey INTEGER NOT NULL REFERENCES users(key) ON DELETE CASCADE,
                    day INTEGER NOT NULL,
                    PRIMARY KEY (userKey, day)
                ) WITHOUT ROWID;
                CREATE TRIGGER entries_progress_day AFTER UPDATE OF currentPage, progress ON entries
                WHEN NEW.currentPage IS NOT OLD.currentPage OR NEW.progress IS NOT OLD.progress
                BEGIN
                    -- Not INSERT OR IGNORE: the conflict policy of the statement that fires a
                    -- trigger replaces the trigger's own.
                    INSERT INTO reading_days (userKey, day)
                    SELECT NEW.userKey, CAST((NEW.lastModified + 978307200) / 86400 AS INTEGER)
                    WHERE NOT EXISTS (
                        SELECT 1 FROM reading_days WHERE userKey = NEW.userKey
                        AND day = CAST((NEW.lastModified + 978307200) / 86400 AS INTEGER));
                END;
                """)
        }
        migrator.registerMigration("v4-insight-figures") { db in
            try createInsightFigures(db)
        }
        migrator.registerMigration("v5-main-title-keys") { db in
            try addMainTitleKeys(db)
        }
        migrator.registerMigration("v6-reading-days-from-use-cases") { db in
            // An import that moves a book to read is not a day of reading: the day of a progress
            // change is recorded by the use case that makes it (`updateEntry`), not by a trigger
            // every write of an entry fires.
            try db.execute(sql: "DROP TRIGGER entries_progress_day")
        }
        migrator.registerMigration("v7-enrichment-attempts") { db in
            // The last attempt on a queued work, what came of it ("filled", "notFound",
            // "unreachable"), and when it is due again, so a run moves on past works it just tried.
            try db.execute(sql: """
                ALTER TABLE enrichment_queue ADD COLUMN lastAttemptAt REAL;
                ALTER TABLE enrichment_queue ADD COLUMN lastOutcome TEXT;
                ALTER TABLE enrichment_queue ADD COLUMN retryAfter REAL;
                """)
        }
        migrator.registerMigration("v8-series-ranges") { db in
            // An omnibus's last position: "#1-3" keeps 3 as well as 1.
            try db.execute(sql: "ALTER TABLE works ADD COLUMN seriesPositionEnd REAL")
        }
        migrator.registerMigration("v9-contributors") { db in
            // Illustrators, editors and other people who are not authors, as a JSON list of
            // "Name (role)" labels.
            try db.execute(sql: "ALTER TABLE works ADD COLUMN contributors TEXT")
        }
        migrator.registerMigration("v10-goodreads-book-ids") { db in
            // Goodreads' "Book Id" names an edition; kept on the edition as a JSON list.
            try db.execute(sql: "ALTER TABLE editions ADD COLUMN goodreadsBookIDs TEXT")
        }
        migrator.registerMigration("v11-insight-facts-version") { db in
            // The version of the rules the stored insight facts were computed by; the facts in the
            // file so far were computed by version 1.
            try db.execute(sql: """
                CREATE TABLE insight_rules (id INTEGER PRIMARY KEY CHECK (id = 1), factsVersion INTEGER NOT NULL);
                INSERT INTO insight_rules (id, factsVersion) VALUES (1, 1);
                """)
        }
        migrator.registerMigration("v12-drop-statistics-figures") { db in
            // The library statistics are read from the insight counters: of the figures v1's
            // triggers keep, only the status counts and the owned and favorite counts are still
            // read, so the rest stops costing every update of an entry.
            try db.execute(sql: """
                DROP TRIGGER entries_figures_delete;
                DROP TRIGGER entries_figures_update;
                DROP TABLE entry_finished_years;
                ALTER TABLE entry_totals DROP COLUMN ratingSum;
                ALTER TABLE entry_totals DROP COLUMN ratedCount;
                ALTER TABLE entry_totals DROP COLUMN earlierReads;
                ALTER TABLE entry_totals DROP COLUMN finishedPages;
                ALTER TABLE entry_totals DROP COLUMN finishedWithPageCount;

                CREATE TRIGGER entries_figures_delete AFTER DELETE ON entries BEGIN
                    UPDATE entry_status_counts SET entryCount = entryCount - 1 WHERE userKey = OLD.userKey AND status = OLD.status;
                    UPDATE entry_totals SET
                        ownedCount = ownedCount - (OLD.editionID IS NOT NULL), favoriteCount = favoriteCount - OLD.isFavorite
                    WHERE userKey = OLD.userKey;
                END;
                CREATE TRIGGER entries_figures_update AFTER UPDATE OF userKey, status, editionID, isFavorite ON entries
                WHEN NEW.userKey IS NOT OLD.userKey OR NEW.status IS NOT OLD.status
                    OR (NEW.editionID IS NULL) IS NOT (OLD.editionID IS NULL) OR NEW.isFavorite IS NOT OLD.isFavorite
                BEGIN
                    UPDATE entry_status_counts SET entryCount = entryCount - 1 WHERE userKey = OLD.userKey AND status = OLD.status;
                    INSERT INTO entry_status_counts (userKey, status, entryCount) VALUES (NEW.userKey, NEW.status, 1)
                    ON CONFLICT (userKey, status) DO UPDATE SET entryCount = entryCount + 1;
                    UPDATE entry_totals SET
                        ownedCount = ownedCount - (OLD.editionID IS NOT NULL), favoriteCount = favoriteCount - OLD.isFavorite
                    WHERE userKey = OLD.userKey;
                    INSERT INTO entry_totals (userKey, ownedCount, favoriteCount)
                    VALUES (NEW.userKey, NEW.editionID IS NOT NULL, NEW.isFavorite)
                    ON CONFLICT (userKey) DO UPDATE SET
                        ownedCount = ownedCount + excluded.ownedCount, favoriteCount = favoriteCount + excluded.favoriteCount;
                END;
                """)
        }
        migrator.registerMigration("v13-read-lengths-index") { db in
            // The lengths of reads are looked up among reads only: the books themselves and the
            // abandoned reads (two facts in three) stop costing an entry in this index.
            try db.execute(sql: """
                DROP INDEX insight_facts_by_length;
                CREATE INDEX insight_facts_by_length ON insight_facts(userKey, pages, year, added, entryID) WHERE kind = 1;
                """)
        }
        migrator.registerMigration("v14-accounts") { db in
            // Server accounts: a user signs in with a bcrypt password; scripts use API tokens,
            // stored only as the SHA-256 digest of their secret.
            try db.execute(sql: """
                ALTER TABLE users ADD COLUMN passwordHash TEXT;
                ALTER TABLE users ADD COLUMN isAdmin INTEGER NOT NULL DEFAULT 0;
                CREATE TABLE api_tokens (
                    id TEXT NOT NULL PRIMARY KEY,
                    userKey INTEGER NOT NULL REFERENCES users(key) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    digest TEXT NOT NULL UNIQUE,
                    dateCreated REAL NOT NULL,
                    lastUsed REAL
                );
                CREATE INDEX api_tokens_by_user ON api_tokens(userKey, dateCreated);
                """)
        }
        migrator.registerMigration("v15-jobs") { db in
            // Long work run off the request (imports): persisted so a restart resumes or reports it.
            try db.execute(sql: """
                CREATE TABLE jobs (
                    id TEXT NOT NULL PRIMARY KEY,
                    userKey INTEGER NOT NULL REFERENCES users(key) ON DELETE CASCADE,
                    kind TEXT NOT NULL,
                    status TEXT NOT NULL,
                    processed INTEGER NOT NULL,
                    total INTEGER NOT NULL,
                    message TEXT,
                    input TEXT NOT NULL,
                    result TEXT,
                    dateCreated REAL NOT NULL,
                    dateUpdated REAL NOT NULL
                );
                CREATE INDEX jobs_by_user ON jobs(userKey, dateCreated);
                CREATE INDEX jobs_unfinished ON jobs(status) WHERE status IN ('queued', 'running');
                """)
        }
        migrator.registerMigration("v16-browser-sessions") { db in
            // Signed-in browsers: the cookie's secret and the CSRF token are kept as digests.
            try db.execute(sql: """
                CREATE TABLE browser_sessions (
                    id TEXT NOT NULL PRIMARY KEY,
                    userKey INTEGER NOT NULL REFERENCES users(key) ON DELETE CASCADE,
                    digest TEXT NOT NULL UNIQUE,
                    csrfDigest TEXT NOT NULL,
                    userAgent TEXT,
                    dateCreated REAL NOT NULL,
                    lastSeen REAL NOT NULL
                );
                CREATE INDEX browser_sessions_by_user ON browser_sessions(userKey, lastSeen);
                """)
        }
        migrator.registerMigration("v17-invitations") { db in
            // Invitations to sign up, kept by the digest of their code; used once, until they expire.
            try db.execute(sql: """
                CREATE TABLE invitations (
                    id TEXT NOT NULL PRIMARY KEY,
                    createdBy INTEGER NOT NULL REFERENCES users(key) ON DELETE CASCADE,
                    digest TEXT NOT NULL UNIQUE,
                    note TEXT,
                    dateCreated REAL NOT NULL,
                    expiresAt REAL NOT NULL,
                    usedAt REAL,
                    usedBy INTEGER REFERENCES users(key) ON DELETE SET NULL
                );
                CREATE INDEX invitations_by_creator ON invitations(createdBy, dateCreated);
                """)
        }
        migrator.registerMigration("v18-photo-thumbnails") { db in
            // A page photo's small version (320 px JPEG) for grids; photos kept before have none
            // and are shown whole until converted.
            try db.execute(sql: "ALTER TABLE page_photos ADD COLUMN thumbnail BLOB")
        }
        migrator.registerMigration("v19-import-mappings") { db in
            // The column mapping a reader confirmed for a file no importer knows, by its header.
            try db.execute(sql: """
                CREATE TABLE import_mappings (
                    userKey INTEGER NOT NULL REFERENCES users(key) ON DELETE CASCADE,
                    headerKey TEXT NOT NULL,
                    mapping TEXT NOT NULL,
                    dateUsed REAL NOT NULL,
                    PRIMARY KEY (userKey, headerKey)
                )
                """)
        }
        migrator.registerMigration("v20-shelf-scans") { db in
            // Bookshelf photos sent to be scanned, and the books seen on them waiting for review:
            // the queue is the pending rows, counted by the database.
            try db.execute(sql: """
                CREATE TABLE shelf_scans (
                    userKey INTEGER NOT NULL REFERENCES users(key) ON DELETE CASCADE,
                    id BLOB NOT NULL,
                    width INTEGER NOT NULL,
                    height INTEGER NOT NULL,
                    recognizer TEXT,
                    photo BLOB NOT NULL,
                    dateCreated REAL NOT NULL,
                    PRIMARY KEY (userKey, id)
                ) WITHOUT ROWID;
                CREATE TABLE review_items (
                    userKey INTEGER NOT NULL,
                    id BLOB NOT NULL,
                    scanID BLOB NOT NULL,
                    title TEXT NOT NULL,
                    author TEXT,
                    isbn TEXT,
                    confidence REAL NOT NULL,
                    boxX REAL NOT NULL,
                    boxY REAL NOT NULL,
                    boxWidth REAL NOT NULL,
                    boxHeight REAL NOT NULL,
                    match TEXT,
                    status TEXT NOT NULL,
                    entryID BLOB,
                    crop BLOB,
                    dateCreated REAL NOT NULL,
                    dateDecided REAL,
                    PRIMARY KEY (userKey, id),
                    FOREIGN KEY (userKey, scanID) REFERENCES shelf_scans(userKey, id) ON DELETE CASCADE
                ) WITHOUT ROWID;
                CREATE INDEX review_items_by_scan ON review_items(userKey, scanID);
                CREATE INDEX review_items_by_status ON review_items(userKey, status, dateCreated);
                """)
        }
        migrator.registerMigration("v21-original-photos") { db in
            // The photo as sent, for a reader who asked to keep it beside the processed one.
            try db.execute(sql: """
                ALTER TABLE page_photos ADD COLUMN original BLOB;
                ALTER TABLE shelf_scans ADD COLUMN original BLOB;
                """)
        }
        migrator.registerMigration("v22-imported-rows") { db in
            // What imports remember of the rows they merged (`ImportedRows`): a batch's records
            // packed in one BLOB (`ImportedRowsBlob`), read whole when an import begins.
            try db.execute(sql: """
                CREATE TABLE imported_rows (
                    id INTEGER PRIMARY KEY,
                    userKey INTEGER NOT NULL REFERENCES users(key) ON DELETE CASCADE,
                    recorded REAL NOT NULL,
                    rows BLOB NOT NULL
                );
                CREATE INDEX imported_rows_by_user ON imported_rows(userKey, id);
                """)
        }
        migrator.registerMigration("v23-jobs-keyed-by-user") { db in
            // A job's ID is its owner's, like every other table's: keyed by (userKey, id), a client
            // choosing the ID (the seed's `jobId`) learns nothing of other users' jobs. SQLite cannot
            // change a primary key in place: the table is made again and its rows copied.
            try db.execute(sql: """
                CREATE TABLE jobs_keyed_by_user (
                    userKey INTEGER NOT NULL REFERENCES users(key) ON DELETE CASCADE,
                    id TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    status TEXT NOT NULL,
                    processed INTEGER NOT NULL,
                    total INTEGER NOT NULL,
                    message TEXT,
                    input TEXT NOT NULL,
                    result TEXT,
                    dateCreated REAL NOT NULL,
                    dateUpdated REAL NOT NULL,
                    PRIMARY KEY (userKey, id)
                );
                INSERT INTO jobs_keyed_by_user (userKey, id, kind, status, processed, total, message, input, result, dateCreated, dateUpdated)
                SELECT userKey, id, kind, status, processed, total, message, input, result, dateCreated, dateUpdated FROM jobs;
                DROP TABLE jobs;
                ALTER TABLE jobs_keyed_by_user RENAME TO jobs;
                CREATE INDEX jobs_by_user ON jobs(userKey, dateCreated);
                CREATE INDEX jobs_unfinished ON jobs(status) WHERE status IN ('queued', 'running');
                """)
        }
        migrator.registerMigration("v24-user-name-keys") { db in
            // User names are compared without case and in one Unicode form (`User.nameKey`):
            // "ALICE" names Alice. Not unique: a file may hold "Alice" and "alice" from before, and
            // a name that could be either is then refused as ambiguous instead of guessed.
            try db.execute(sql: "ALTER TABLE users ADD COLUMN nameKey TEXT")
            let users = try Row.fetchAll(db, sql: "SELECT key, name FROM users")
            for user in users {
                let key: Int64 = user["key"]
                let name: String = user["name"]
                try db.execute(sql: "UPDATE users SET nameKey = ? WHERE key = ?", arguments: [User.nameKey(name), key])
            }
            try db.execute(sql: "CREATE INDEX users_by_name_key ON users(nameKey)")
        }
        migrator.registerMigration("v25-reader-edits") { db in
            // The fields a reader set by hand, as a JSON list of names (enrichment and imports
            // leave them alone), the country a work was first published in, the covers readers
            // uploaded (one per edition), and a year's target of books toward the cultural goal.
            try db.execute(sql: """
                ALTER TABLE works ADD COLUMN originalCountry TEXT;
                ALTER TABLE works ADD COLUMN readerSetFields TEXT;
                ALTER TABLE editions ADD COLUMN readerSetFields TEXT;
                ALTER TABLE reading_goals ADD COLUMN culturalBooks INTEGER;
                CREATE TABLE cover_images (
                    userKey INTEGER NOT NULL,
                    editionID BLOB NOT NULL,
                    data BLOB NOT NULL,
                    dateAdded REAL NOT NULL,
                    PRIMARY KEY (userKey, editionID),
                    FOREIGN KEY (userKey, editionID) REFERENCES editions(userKey, id) ON DELETE CASCADE
                );
                """)
        }
        migrator.registerMigration("v26-audiobook-minutes") { db in
            // An audiobook's finished read counts its length in minutes, not its listing's pages.
            // The facts are counted again on opening (`InsightFigures.factsVersion` 3).
            try db.execute(sql: """
                ALTER TABLE insight_facts ADD COLUMN minutes INTEGER;
                ALTER TABLE insight_periods ADD COLUMN minutes INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE insight_periods ADD COLUMN listenedBooks INTEGER NOT NULL DEFAULT 0;
                """)
        }
        return migrator
    }

    /// The key of the title before its subtitle, for works whose title has one, so that "Sapiens"
    /// and "Sapiens: A Brief History of Humankind" by one author can be matched.
    private static func addMainTitleKeys(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE works ADD COLUMN mainTitleKey TEXT")
        let titles = try Row.fetchAll(db, sql: "SELECT userKey, id, title FROM works WHERE instr(title, ':') > 0")
        let update = try db.makeStatement(sql: "UPDATE works SET mainTitleKey = ? WHERE userKey = ? AND id = ?")
        for row in titles {
            let title: String = row["title"]
            guard let key = TextNormalization.mainTitleKey(title) else { continue }
            try update.execute(arguments: [key, row["userKey"], row["id"]])
        }
        // Partial: only titles with a subtitle pay for the index.
        try db.execute(sql: """
            CREATE INDEX works_by_main_title ON works(userKey, mainTitleKey) WHERE mainTitleKey IS NOT NULL
            """)
    }

    private static func createSchemaV1(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE users (
                key INTEGER PRIMARY KEY,
                id TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL UNIQUE,
                dateCreated REAL NOT NULL
            );

            CREATE TABLE authors (
                userKey INTEGER NOT NULL REFERENCES users(key) ON DELETE CASCADE,
                id BLOB NOT NULL,
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
                PRIMARY KEY (userKey, id)
            );
            CREATE INDEX authors_by_normalized_name ON authors(userKey, normalizedName);
            CREATE INDEX authors_by_sort_key ON authors(userKey, sortKey);

            CREATE TABLE works (
                userKey INTEGER NOT NULL REFERENCES users(key) ON DELETE CASCADE,
                id BLOB NOT NULL,
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
                -- The first author's sort key, kept by the store, for ordering by author.
                primaryAuthorSortKey TEXT,
                PRIMARY KEY (userKey, id)
            );
            CREATE INDEX works_by_normalized_title ON works(userKey, normalizedTitle);
            CREATE INDEX works_review_queue ON works(userKey, dateCreated) WHERE reviewStatus = 'pending';

            CREATE TABLE work_authors (
                userKey INTEGER NOT NULL,
                workID BLOB NOT NULL,
                authorID BLOB NOT NULL,
                position INTEGER NOT NULL,
                PRIMARY KEY (userKey, workID, authorID),
                FOREIGN KEY (userKey, workID) REFERENCES works(userKey, id) ON DELETE CASCADE,
                FOREIGN KEY (userKey, authorID) REFERENCES authors(userKey, id) ON DELETE CASCADE
            ) WITHOUT ROWID;
            CREATE INDEX work_authors_by_author ON work_authors(userKey, authorID);

            CREATE TABLE editions (
                userKey INTEGER NOT NULL,
                id BLOB NOT NULL,
                workID BLOB NOT NULL,
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
                -- The ISBN-13s in order (JSON), so loading editions needs no second query;
                -- edition_isbns serves lookups by ISBN.
                isbns TEXT,
                PRIMARY KEY (userKey, id),
                UNIQUE (userKey, workID, id),
                FOREIGN KEY (userKey, workID) REFERENCES works(userKey, id) ON DELETE CASCADE
            );

            CREATE TABLE edition_isbns (
                userKey INTEGER NOT NULL,
                editionID BLOB NOT NULL,
                isbn TEXT NOT NULL,
                position INTEGER NOT NULL,
                PRIMARY KEY (userKey, editionID, isbn),
                FOREIGN KEY (userKey, editionID) REFERENCES editions(userKey, id) ON DELETE CASCADE
            ) WITHOUT ROWID;
            CREATE INDEX edition_isbns_by_isbn ON edition_isbns(userKey, isbn);

            CREATE TABLE entries (
                userKey INTEGER NOT NULL,
                id BLOB NOT NULL,
                workID BLOB NOT NULL,
                editionID BLOB,
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
                -- Kept by the store: the page count of the edition the entry shows (owned, else
                -- primary) and the earlier reads in readHistory, for statistics without joins;
                -- the tags as shown, in order (JSON), so a page needs no tag query (entry_tags
                -- serves the tag filter).
                shownPageCount INTEGER,
                earlierReads INTEGER NOT NULL,
                tags TEXT,
                PRIMARY KEY (userKey, id),
                UNIQUE (userKey, workID),
                FOREIGN KEY (userKey, workID) REFERENCES works(userKey, id) ON DELETE CASCADE,
                FOREIGN KEY (userKey, workID, editionID) REFERENCES editions(userKey, workID, id)
            );
            -- The default order, and the scan for status and owned filters (a page of one status
            -- reads a few hundred index entries); status counts come from entry_status_counts.
            CREATE INDEX entries_by_date_added ON entries(userKey, dateAdded, id);
            CREATE INDEX entries_favorites ON entries(userKey, dateAdded, id) WHERE isFavorite = 1;
            CREATE INDEX entries_not_owned ON entries(userKey, dateAdded, id) WHERE editionID IS NULL;

            -- ON DELETE SET NULL on the (userKey, workID, editionID) key would also null userKey and
            -- workID, so the owned edition is released by this trigger instead; the foreign key
            -- above still refuses an edition of another work or of another user. (userKey, workID) is
            -- unique, so the update finds the entry through that index.
            CREATE TRIGGER editions_release_owning_entries AFTER DELETE ON editions BEGIN
                UPDATE entries SET editionID = NULL WHERE userKey = OLD.userKey AND workID = OLD.workID AND editionID = OLD.id;
            END;

            -- Figures kept by triggers, so counts and statistics read a few rows instead of
            -- scanning every entry (100,000 entries: a 45 ms scan against microseconds):
            -- entries per status, the sums behind ReadingStatistics, and books finished per
            -- calendar year (UTC). Every row of entries contributes. The triggers subtract deleted
            -- rows and move updated ones; the store adds the rows it inserts itself (EntryFigures:
            -- it knows them, and an insert trigger cost a fifth of every insert of an import).
            CREATE TABLE entry_status_counts (
                userKey INTEGER NOT NULL,
                status TEXT NOT NULL,
                entryCount INTEGER NOT NULL,
                PRIMARY KEY (userKey, status)
            ) WITHOUT ROWID;
            CREATE TABLE entry_totals (
                userKey INTEGER PRIMARY KEY,
                ownedCount INTEGER NOT NULL,
                favoriteCount INTEGER NOT NULL,
                ratingSum REAL NOT NULL,
                ratedCount INTEGER NOT NULL,
                earlierReads INTEGER NOT NULL,
                finishedPages INTEGER NOT NULL,
                finishedWithPageCount INTEGER NOT NULL
            );
            CREATE TABLE entry_finished_years (
                userKey INTEGER NOT NULL,
                year INTEGER NOT NULL,
                entryCount INTEGER NOT NULL,
                PRIMARY KEY (userKey, year)
            ) WITHOUT ROWID;

            CREATE TRIGGER entries_figures_delete AFTER DELETE ON entries BEGIN
                UPDATE entry_status_counts SET entryCount = entryCount - 1 WHERE userKey = OLD.userKey AND status = OLD.status;
                UPDATE entry_totals SET
                    ownedCount = ownedCount - (OLD.editionID IS NOT NULL), favoriteCount = favoriteCount - OLD.isFavorite,
                    ratingSum = ratingSum - COALESCE(OLD.rating, 0), ratedCount = ratedCount - (OLD.rating IS NOT NULL),
                    earlierReads = earlierReads - OLD.earlierReads,
                    finishedPages = finishedPages - CASE WHEN OLD.status = 'read' THEN COALESCE(OLD.shownPageCount, 0) ELSE 0 END,
                    finishedWithPageCount = finishedWithPageCount - (OLD.status = 'read' AND OLD.shownPageCount IS NOT NULL)
                WHERE userKey = OLD.userKey;
                UPDATE entry_finished_years SET entryCount = entryCount - 1
                WHERE OLD.status = 'read' AND OLD.dateCompleted IS NOT NULL AND userKey = OLD.userKey
                    AND year = COALESCE(CAST(strftime('%Y', OLD.dateCompleted + 978307200, 'unixepoch') AS INTEGER), 0);
            END;

            CREATE TRIGGER entries_figures_update AFTER UPDATE OF
                userKey, status, editionID, isFavorite, rating, earlierReads, shownPageCount, dateCompleted ON entries
            BEGIN
                UPDATE entry_status_counts SET entryCount = entryCount - 1 WHERE userKey = OLD.userKey AND status = OLD.status;
                INSERT INTO entry_status_counts (userKey, status, entryCount) VALUES (NEW.userKey, NEW.status, 1)
                ON CONFLICT (userKey, status) DO UPDATE SET entryCount = entryCount + 1;
                UPDATE entry_totals SET
                    ownedCount = ownedCount - (OLD.editionID IS NOT NULL), favoriteCount = favoriteCount - OLD.isFavorite,
                    ratingSum = ratingSum - COALESCE(OLD.rating, 0), ratedCount = ratedCount - (OLD.rating IS NOT NULL),
                    earlierReads = earlierReads - OLD.earlierReads,
                    finishedPages = finishedPages - CASE WHEN OLD.status = 'read' THEN COALESCE(OLD.shownPageCount, 0) ELSE 0 END,
                    finishedWithPageCount = finishedWithPageCount - (OLD.status = 'read' AND OLD.shownPageCount IS NOT NULL)
                WHERE userKey = OLD.userKey;
                INSERT INTO entry_totals (
                    userKey, ownedCount, favoriteCount, ratingSum, ratedCount, earlierReads, finishedPages, finishedWithPageCount
                ) VALUES (
                    NEW.userKey, NEW.editionID IS NOT NULL, NEW.isFavorite, COALESCE(NEW.rating, 0), NEW.rating IS NOT NULL,
                    NEW.earlierReads, CASE WHEN NEW.status = 'read' THEN COALESCE(NEW.shownPageCount, 0) ELSE 0 END,
                    NEW.status = 'read' AND NEW.shownPageCount IS NOT NULL
                ) ON CONFLICT (userKey) DO UPDATE SET
                    ownedCount = ownedCount + excluded.ownedCount, favoriteCount = favoriteCount + excluded.favoriteCount,
                    ratingSum = ratingSum + excluded.ratingSum, ratedCount = ratedCount + excluded.ratedCount,
                    earlierReads = earlierReads + excluded.earlierReads, finishedPages = finishedPages + excluded.finishedPages,
                    finishedWithPageCount = finishedWithPageCount + excluded.finishedWithPageCount;
                UPDATE entry_finished_years SET entryCount = entryCount - 1
                WHERE OLD.status = 'read' AND OLD.dateCompleted IS NOT NULL AND userKey = OLD.userKey
                    AND year = COALESCE(CAST(strftime('%Y', OLD.dateCompleted + 978307200, 'unixepoch') AS INTEGER), 0);
                INSERT INTO entry_finished_years (userKey, year, entryCount)
                SELECT NEW.userKey, COALESCE(CAST(strftime('%Y', NEW.dateCompleted + 978307200, 'unixepoch') AS INTEGER), 0), 1
                WHERE NEW.status = 'read' AND NEW.dateCompleted IS NOT NULL
                ON CONFLICT (userKey, year) DO UPDATE SET entryCount = entryCount + 1;
            END;

            CREATE TABLE entry_tags (
                userKey INTEGER NOT NULL,
                entryID BLOB NOT NULL,
                normalizedTag TEXT NOT NULL,
                tag TEXT NOT NULL,
                position INTEGER NOT NULL,
                PRIMARY KEY (userKey, entryID, normalizedTag),
                FOREIGN KEY (userKey, entryID) REFERENCES entries(userKey, id) ON DELETE CASCADE
            ) WITHOUT ROWID;
            CREATE INDEX entry_tags_by_tag ON entry_tags(userKey, normalizedTag, entryID);

            CREATE TABLE quotes (
                userKey INTEGER NOT NULL,
                id BLOB NOT NULL,
                entryID BLOB NOT NULL,
                text TEXT NOT NULL,
                page INTEGER,
                dateAdded REAL NOT NULL,
                position INTEGER NOT NULL,
                PRIMARY KEY (userKey, id),
                FOREIGN KEY (userKey, entryID) REFERENCES entries(userKey, id) ON DELETE CASCADE
            );
            CREATE INDEX quotes_by_entry ON quotes(userKey, entryID, position);

            CREATE TABLE reading_sessions (
                userKey INTEGER NOT NULL,
                id BLOB NOT NULL,
                entryID BLOB NOT NULL,
                date REAL NOT NULL,
                durationMinutes INTEGER NOT NULL,
                pagesRead INTEGER NOT NULL,
                position INTEGER NOT NULL,
                PRIMARY KEY (userKey, id),
                FOREIGN KEY (userKey, entryID) REFERENCES entries(userKey, id) ON DELETE CASCADE
            );
            CREATE INDEX reading_sessions_by_entry ON reading_sessions(userKey, entryID, position);

            -- The image bytes come last so that reading the metadata never touches their overflow pages.
            CREATE TABLE page_photos (
                userKey INTEGER NOT NULL,
                id BLOB NOT NULL,
                entryID BLOB NOT NULL,
                page INTEGER,
                caption TEXT,
                imageType TEXT NOT NULL,
                byteCount INTEGER NOT NULL,
                dateAdded REAL NOT NULL,
                data BLOB NOT NULL,
                PRIMARY KEY (userKey, id),
                FOREIGN KEY (userKey, entryID) REFERENCES entries(userKey, id) ON DELETE CASCADE
            );
            CREATE INDEX page_photos_by_entry ON page_photos(userKey, entryID, dateAdded);
            """)
    }
}
