import Foundation
import GRDB

extension LibraryDatabase {
    /// The tables the insights are read from, so that they cost the same on a library of any size.
    ///
    /// `insight_facts` holds what the insights count of each entry, one row per fact: the book in
    /// the library (kind 0), each read (kind 1) and each abandoned read (kind 2), with the
    /// demographics of the work's first author and the languages and format of its edition copied
    /// in. The `insight_*` counters add the facts up per year (0 standing for all time; a fact
    /// without a date counts for all time only) and, for `insight_periods`, per month (0 the whole
    /// year). Text keys are '' for none, and the marginalized override -1.
    ///
    /// Entries whose facts may have changed are marked (`insight_dirty`). Triggers mark a changed
    /// or deleted entry, the entries of a work whose genres or original language change or whose
    /// first author link is deleted (as when its author is), and those of an author whose
    /// demographics change. The store marks the entries it inserts (`EntryFigures`, in bulk) and
    /// the entry of a work whose editions or author links it writes (`InsightFigures.mark`, where
    /// it recomputes the shown page count or saves the work): an insert or update trigger on
    /// `editions` or `work_authors` would make every such row an import writes cost a statement
    /// journal and a lookup. `InsightFigures.refresh` recomputes their facts and
    /// moves the counters before the insights are read; the migration marks every entry. Sessions
    /// are few per change and are counted by their own triggers (`insight_session_days`).
    static func createInsightFigures(_ db: Database) throws {
        let dirtyEntry = "INSERT INTO insight_dirty (userKey, entryID) VALUES ($ROW.userKey, $ROW.id);"
        let dirtyEntriesOfWork = """
            INSERT INTO insight_dirty (userKey, entryID) SELECT e.userKey, e.id FROM entries e
            WHERE e.userKey = $ROW.userKey AND e.workID = $ROW.workID;
            """
        let sessionDay = "CAST(($ROW.date + 978307200) / 86400 AS INTEGER)"
        func fill(_ template: String, _ row: String) -> String { template.replacingOccurrences(of: "$ROW", with: row) }
        try db.execute(sql: """
            -- Appended to, duplicates and all: a marked entry costs one row at the end of a table.
            CREATE TABLE insight_dirty (
                position INTEGER PRIMARY KEY,
                userKey INTEGER NOT NULL,
                entryID BLOB NOT NULL
            );
            -- The marked entries, once each, while a refresh runs.
            CREATE TABLE insight_marked (
                userKey INTEGER NOT NULL,
                entryID BLOB NOT NULL,
                PRIMARY KEY (userKey, entryID)
            ) WITHOUT ROWID;

            CREATE TABLE insight_facts (
                userKey INTEGER NOT NULL,
                entryID BLOB NOT NULL,
                kind INTEGER NOT NULL,
                year INTEGER NOT NULL,
                month INTEGER NOT NULL,
                finished REAL,
                added REAL NOT NULL,
                pages INTEGER,
                rating REAL,
                isReread INTEGER NOT NULL,
                days INTEGER,
                format TEXT,
                authorID BLOB,
                gender TEXT,
                region TEXT,
                nationality TEXT,
                marginalizedOverride INTEGER,
                originalLanguage TEXT,
                editionLanguage TEXT,
                translated INTEGER NOT NULL,
                genres TEXT
            );
            CREATE INDEX insight_facts_by_entry ON insight_facts(userKey, entryID);
            CREATE INDEX insight_facts_by_length ON insight_facts(userKey, kind, pages, year, added, entryID);
            CREATE INDEX insight_facts_by_finish ON insight_facts(userKey, finished, pages) WHERE kind = 1;

            CREATE TABLE insight_periods (
                userKey INTEGER NOT NULL,
                year INTEGER NOT NULL,
                month INTEGER NOT NULL,
                facts INTEGER NOT NULL,
                books INTEGER NOT NULL,
                pages INTEGER NOT NULL,
                pagedBooks INTEGER NOT NULL,
                ratingSum REAL NOT NULL,
                rated INTEGER NOT NULL,
                star1 INTEGER NOT NULL,
                star2 INTEGER NOT NULL,
                star3 INTEGER NOT NULL,
                star4 INTEGER NOT NULL,
                star5 INTEGER NOT NULL,
                rereads INTEGER NOT NULL,
                daysSum INTEGER NOT NULL,
                timed INTEGER NOT NULL,
                abandoned INTEGER NOT NULL,
                PRIMARY KEY (userKey, year, month)
            ) WITHOUT ROWID;

            CREATE TABLE insight_lengths (
                userKey INTEGER NOT NULL,
                year INTEGER NOT NULL,
                pages INTEGER NOT NULL,
                facts INTEGER NOT NULL,
                PRIMARY KEY (userKey, year, pages)
            ) WITHOUT ROWID;

            CREATE TABLE insight_formats (
                userKey INTEGER NOT NULL,
                year INTEGER NOT NULL,
                format TEXT NOT NULL,
                facts INTEGER NOT NULL,
                PRIMARY KEY (userKey, year, format)
            ) WITHOUT ROWID;

            CREATE TABLE insight_authors (
                userKey INTEGER NOT NULL,
                year INTEGER NOT NULL,
                authorID BLOB NOT NULL,
                facts INTEGER NOT NULL,
                PRIMARY KEY (userKey, year, authorID)
            ) WITHOUT ROWID;
            CREATE INDEX insight_authors_by_count ON insight_authors(userKey, year, facts);

            CREATE TABLE insight_genres (
                userKey INTEGER NOT NULL,
                year INTEGER NOT NULL,
                genreKey TEXT NOT NULL,
                name TEXT NOT NULL,
                facts INTEGER NOT NULL,
                PRIMARY KEY (userKey, year, genreKey)
            ) WITHOUT ROWID;

            CREATE TABLE insight_groups (
                userKey INTEGER NOT NULL,
                kind INTEGER NOT NULL,
                year INTEGER NOT NULL,
                gender TEXT NOT NULL,
                region TEXT NOT NULL,
                nationality TEXT NOT NULL,
                marginalizedOverride INTEGER NOT NULL,
                originalLanguage TEXT NOT NULL,
                editionLanguage TEXT NOT NULL,
                translated INTEGER NOT NULL,
                facts INTEGER NOT NULL,
                PRIMARY KEY (
                    userKey, kind, year, gender, region, nationality, marginalizedOverride, originalLanguage,
                    editionLanguage, translated)
            ) WITHOUT ROWID;

            CREATE TRIGGER entries_insight_update AFTER UPDATE OF
                userKey, id, workID, editionID, status, rating, dateAdded, dateStarted, dateCompleted, dateStopped,
                readHistory, shownPageCount, earlierReads ON entries
            WHEN NEW.userKey IS NOT OLD.userKey OR NEW.id IS NOT OLD.id OR NEW.workID IS NOT OLD.workID
                OR NEW.editionID IS NOT OLD.editionID OR NEW.status IS NOT OLD.status OR NEW.rating IS NOT OLD.rating
                OR NEW.dateAdded IS NOT OLD.dateAdded
                OR NEW.dateStarted IS NOT OLD.dateStarted OR NEW.dateCompleted IS NOT OLD.dateCompleted
                OR NEW.dateStopped IS NOT OLD.dateStopped OR NEW.readHistory IS NOT OLD.readHistory
                OR NEW.shownPageCount IS NOT OLD.shownPageCount OR NEW.earlierReads IS NOT OLD.earlierReads
            BEGIN
                \(fill(dirtyEntry, "OLD"))
                \(fill(dirtyEntry, "NEW"))
            END;
            CREATE TRIGGER entries_insight_delete AFTER DELETE ON entries BEGIN
                \(fill(dirtyEntry, "OLD"))
            END;

            CREATE TRIGGER work_authors_insight_delete AFTER DELETE ON work_authors WHEN OLD.position = 0 BEGIN
                \(fill(dirtyEntriesOfWork, "OLD"))
            END;

            CREATE TRIGGER works_insight_update AFTER UPDATE OF genres, originalLanguage ON works
            WHEN NEW.genres IS NOT OLD.genres OR NEW.originalLanguage IS NOT OLD.originalLanguage
            BEGIN
                \(fill(dirtyEntriesOfWork.replacingOccurrences(of: "$ROW.workID", with: "$ROW.id"), "NEW"))
            END;

            CREATE TRIGGER authors_insight_update AFTER UPDATE OF
                gender, culturalRegion, nationality, marginalizedVoiceOverride ON authors
            WHEN NEW.gender IS NOT OLD.gender OR NEW.culturalRegion IS NOT OLD.culturalRegion
                OR NEW.nationality IS NOT OLD.nationality OR NEW.marginalizedVoiceOverride IS NOT OLD.marginalizedVoiceOverride
            BEGIN
                INSERT INTO insight_dirty (userKey, entryID)
                SELECT e.userKey, e.id FROM work_authors wa JOIN entries e ON e.userKey = wa.userKey AND e.workID = wa.workID
                WHERE wa.userKey = NEW.userKey AND wa.authorID = NEW.id AND wa.position = 0;
            END;


            INSERT INTO insight_dirty (userKey, entryID) SELECT userKey, id FROM entries;

            -- The cultural goal's books, counted per category without reading every entry.
            CREATE INDEX entries_cultural_goal ON entries(userKey, culturalGoalCategory, status)
            WHERE contributesToCulturalGoal = 1;

            -- Days (since 1970-01-01, UTC) with sessions, and their minutes and pages.
            CREATE TABLE insight_session_days (
                userKey INTEGER NOT NULL,
                day INTEGER NOT NULL,
                sessions INTEGER NOT NULL,
                minutes INTEGER NOT NULL,
                pages INTEGER NOT NULL,
                PRIMARY KEY (userKey, day)
            ) WITHOUT ROWID;
            CREATE TRIGGER reading_sessions_insight_insert AFTER INSERT ON reading_sessions BEGIN
                INSERT INTO insight_session_days (userKey, day, sessions, minutes, pages)
                VALUES (NEW.userKey, \(fill(sessionDay, "NEW")), 1, NEW.durationMinutes, NEW.pagesRead)
                ON CONFLICT (userKey, day) DO UPDATE SET
                    sessions = sessions + 1, minutes = minutes + excluded.minutes, pages = pages + excluded.pages;
            END;
            CREATE TRIGGER reading_sessions_insight_delete AFTER DELETE ON reading_sessions BEGIN
                UPDATE insight_session_days SET
                    sessions = sessions - 1, minutes = minutes - OLD.durationMinutes, pages = pages - OLD.pagesRead
                WHERE userKey = OLD.userKey AND day = \(fill(sessionDay, "OLD"));
                DELETE FROM insight_session_days WHERE userKey = OLD.userKey AND day = \(fill(sessionDay, "OLD")) AND sessions <= 0;
            END;
            CREATE TRIGGER reading_sessions_insight_update AFTER UPDATE OF userKey, date, durationMinutes, pagesRead
                ON reading_sessions
            BEGIN
                UPDATE insight_session_days SET
                    sessions = sessions - 1, minutes = minutes - OLD.durationMinutes, pages = pages - OLD.pagesRead
                WHERE userKey = OLD.userKey AND day = \(fill(sessionDay, "OLD"));
                DELETE FROM insight_session_days WHERE userKey = OLD.userKey AND day = \(fill(sessionDay, "OLD")) AND sessions <= 0;
                INSERT INTO insight_session_days (userKey, day, sessions, minutes, pages)
                VALUES (NEW.userKey, \(fill(sessionDay, "NEW")), 1, NEW.durationMinutes, NEW.pagesRead)
                ON CONFLICT (userKey, day) DO UPDATE SET
                    sessions = sessions + 1, minutes = minutes + excluded.minutes, pages = pages + excluded.pages;
            END;
            INSERT INTO insight_session_days (userKey, day, sessions, minutes, pages)
            SELECT userKey, \(fill(sessionDay, "s")), COUNT(*), SUM(durationMinutes), SUM(pagesRead)
            FROM reading_sessions s GROUP BY 1, 2;
            """)
    }
}
