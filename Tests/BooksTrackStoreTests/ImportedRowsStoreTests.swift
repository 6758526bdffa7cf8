import BooksTrackCore
import BooksTrackTesting
import Foundation
import GRDB
import Testing

@testable import BooksTrackStore

/// The rows imports record (`ImportedRows`), kept by `apply`, and the last changes of books that
/// tell whether a recorded row still describes its book.
@Suite struct ImportedRowsStoreTests {
    @Test func rowsRecordedByApplyAreReadBackTheLatestForEachDigest() throws {
        let library = try TestLibrary()
        let first = try library.addBook("The Dispossessed")
        let second = try library.addBook("The Lathe of Heaven")
        let digest = ImportRowDigest(high: 1, low: 2)

        _ = try library.store.apply(LibraryChanges(importedRows: ImportedRows(recorded: day(1), works: [digest: first.work.id])))
        _ = try library.store.apply(LibraryChanges(importedRows: ImportedRows(
            recorded: day(2), works: [digest: second.work.id, ImportRowDigest(high: 3, low: 4): first.work.id])))

        let index = try library.store.importedRows()
        #expect(index.storedCount == 3)
        #expect(index.records[digest] == ImportedRowIndex.Record(workID: second.work.id, recorded: day(2)))
        #expect(index.records[ImportRowDigest(high: 3, low: 4)]?.workID == first.work.id)
        // Another user's library holds none of them.
        #expect(try library.bobStore.importedRows().records.isEmpty)
    }

    @Test func aBlobThatIsNotWholeRecordsIsRefused() throws {
        let workID = Work.ID()
        let packed = ImportedRowsBlob.pack([(digest: ImportRowDigest(high: 7, low: 9), workID: workID)])
        #expect(packed.count == 32)
        var read: [(ImportRowDigest, Work.ID)] = []
        #expect(try ImportedRowsBlob.forEach(in: packed) { read.append(($0, $1)) } == 1)
        #expect(read.first?.0 == ImportRowDigest(high: 7, low: 9))
        #expect(read.first?.1 == workID)

        #expect(throws: StoreError.self) { try ImportedRowsBlob.forEach(in: packed.dropLast()) { _, _ in } }
    }

    /// A damaged record costs its rows their shortcut, not the import: they read as never recorded.
    @Test func aDamagedBlobIsPassedOverAndTheOthersAreRead() throws {
        let library = try TestLibrary()
        let book = try library.addBook("Always Coming Home")
        _ = try library.store.apply(LibraryChanges(importedRows: ImportedRows(
            recorded: day(1), works: [ImportRowDigest(high: 5, low: 6): book.work.id])))
        try library.database.writer.write { db in
            try db.execute(sql: "INSERT INTO imported_rows (userKey, recorded, rows) SELECT userKey, recorded, X'0102' FROM imported_rows")
        }

        let index = try library.store.importedRows()
        #expect(index.records == [ImportRowDigest(high: 5, low: 6): ImportedRowIndex.Record(workID: book.work.id, recorded: day(1))])
        #expect(index.storedCount == 1)
    }

    @Test func theLastChangeOfABookIsTheLatestOfItsWorkEntryAndEditions() throws {
        let library = try TestLibrary()
        let book = try library.addBook("The Word for World Is Forest")
        let added = try #require(try library.store.lastChanges(of: [book.work.id])[book.work.id])

        var edition = try #require(try library.store.editions(ofWork: book.work.id).first)
        edition.lastModified = added.addingTimeInterval(600)
        try library.store.save(edition)
        #expect(try library.store.lastChanges(of: [book.work.id])[book.work.id] == added.addingTimeInterval(600))

        _ = try library.store.updateEntry(id: book.entry.id) { entry, _ in entry.touch(added.addingTimeInterval(900)) }
        #expect(try library.store.lastChangesAhead(of: [book.work.id])[book.work.id] == added.addingTimeInterval(900))

        // A work not in the library has none.
        #expect(try library.store.lastChanges(of: [Work.ID()]).isEmpty)
        try library.store.deleteWork(id: book.work.id)
        #expect(try library.store.lastChanges(of: [book.work.id]).isEmpty)
    }
}
