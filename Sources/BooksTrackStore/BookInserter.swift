import BooksTrackCore
import Foundation
import GRDB

/// Inserts whole books inside one write transaction, with its statements prepared once.
///
/// The import path: 10,000 books take a few hundred milliseconds, most of it SQLite's own work.
/// Values are validated with the core's `Validation` before anything is written; a refused book
/// throws, and the caller's transaction rolls everything back.
struct BookInserter {
    private let db: Database
    private let store: SQLiteLibraryStore
    private let user: String
    private let insertAuthor: Statement
    private let upsertWork: Statement
    private let deleteLinks: Statement
    private let insertLink: Statement
    private let upsertEdition: Statement
    private let deleteISBNs: Statement
    private let insertISBN: Statement
    private let insertEntry: Statement
    /// Authors already written in this transaction: the same author is shared by many books.
    private var writtenAuthors = Set<Author.ID>()

    init(_ db: Database, store: SQLiteLibraryStore) throws {
        self.db = db
        self.store = store
        self.user = store.user
        insertAuthor = try db.cachedStatement(sql: AuthorRecord.insertIfMissingSQL)
        upsertWork = try db.cachedStatement(sql: WorkRecord.upsertSQL)
        deleteLinks = try db.cachedStatement(sql: WorkAuthorRecord.deleteForWorkSQL)
        insertLink = try db.cachedStatement(sql: WorkAuthorRecord.insertSQL)
        upsertEdition = try db.cachedStatement(sql: EditionRecord.upsertSQL)
        deleteISBNs = try db.cachedStatement(sql: EditionISBNRecord.deleteForEditionSQL)
        insertISBN = try db.cachedStatement(sql: EditionISBNRecord.insertSQL)
        insertEntry = try db.cachedStatement(sql: EntryRecord.insertSQL)
    }

    /// Validates and writes one book; returns its entry's ID.
    ///
    /// The work's author list is `work.authorIDs`, or the given authors in order when it is empty.
    /// Authors already in the library are kept as they are. The entry is attached to the work and
    /// to the store's user.
    mutating func insert(_ book: NewBook) throws -> LibraryEntry.ID {
        var work = book.work
        if work.authorIDs.isEmpty { work.authorIDs = book.authors.map(\.id) }
        var entry = book.entry
        entry.userID = store.userID
        entry.workID = work.id
        try Validation.validate(work)
        for author in book.authors { try Validation.validate(author) }
        if let edition = book.edition {
            guard edition.workID == work.id else { throw LibraryError.editionOfAnotherWork }
            try Validation.validate(edition)
        }
        let pageCount: Int?
        if entry.editionID == nil || entry.editionID == book.edition?.id {
            pageCount = book.edition?.pageCount
        } else if let editionID = entry.editionID {
            // An edition added earlier: it must be this work's.
            guard let owned = try store.loadEditions(db, where: "e.id = ?", [editionID.description]).first else {
                throw LibraryError.editionNotFound(editionID)
            }
            guard owned.workID == work.id else { throw LibraryError.editionOfAnotherWork }
            pageCount = owned.pageCount
        } else {
            pageCount = nil
        }
        try Validation.validate(entry, pageCount: pageCount)

        for author in book.authors where !writtenAuthors.contains(author.id) {
            do {
                try insertAuthor.execute(arguments: AuthorRecord.arguments(author, userID: user))
            } catch let error as DatabaseError where error.isForeignKeyViolation {
                throw StoreError.unknownUser(store.userID)
            }
            writtenAuthors.insert(author.id)
        }

        let workID = work.id.description
        do {
            try upsertWork.execute(arguments: WorkRecord.arguments(work, userID: user))
        } catch let error as DatabaseError where error.isForeignKeyViolation {
            throw StoreError.unknownUser(store.userID)
        }
        try deleteLinks.execute(arguments: [user, workID])
        for (position, authorID) in SQLiteLibraryStore.uniqued(work.authorIDs).enumerated() {
            do {
                try insertLink.execute(arguments: [user, workID, authorID.description, position])
            } catch let error as DatabaseError where error.isForeignKeyViolation {
                throw LibraryError.authorNotFound(authorID)
            }
        }

        if let edition = book.edition {
            let editionID = edition.id.description
            try upsertEdition.execute(arguments: EditionRecord.arguments(edition, userID: user))
            try deleteISBNs.execute(arguments: [user, editionID])
            for (position, isbn) in edition.isbns.enumerated() {
                try insertISBN.execute(arguments: [user, editionID, isbn.isbn13, position])
            }
        }

        do {
            try insertEntry.execute(arguments: EntryRecord.arguments(entry, userID: user))
        } catch let error as DatabaseError where error.isUniquenessViolation {
            throw LibraryError.duplicateEntry(work.id)
        }
        try store.insertChildren(db, of: entry)
        return entry.id
    }
}
