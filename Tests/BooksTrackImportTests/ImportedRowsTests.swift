import BooksTrackCore
import BooksTrackStore
import BooksTrackTesting
import Foundation
import Testing

@testable import BooksTrackImport

/// An import records each row it merged (its digest and its book), and a later import counts a
/// row recorded for a book that nothing changed since as unchanged without reading the book. What
/// a reader sees must be what a full merge would give: a row that changed, or a book that did,
/// goes through the merge.
@Suite struct ImportedRowsTests {
    /// Ten read books "Book n" by "Author n" with 300 pages, the eighth rated `ratingOfEighth`.
    static func file(_ harness: ImportHarness, _ name: String = "goodreads.csv", ratingOfEighth: Int = 3) throws -> URL {
        try harness.file(name, GoodreadsText.file((1...10).map { number in
            GoodreadsText.row(
                id: number, title: "Book \(number)", author: "Author \(number)", rating: number == 8 ? ratingOfEighth : 0,
                pages: "300", dateRead: "2024/01/0\(number % 9 + 1)", shelf: "read")
        }))
    }

    /// Imports the file into a new library, in batches of five, and returns the harness.
    static func imported() throws -> ImportHarness {
        let harness = try ImportHarness()
        let summary = try harness.importer().importFile(at: try file(harness), options: ImportOptions(batchSize: 5))
        #expect(summary.added == 10)
        return harness
    }

    static func book(_ harness: ImportHarness, _ number: Int) throws -> LibraryBook {
        let id = try #require(try harness.store.entries(titleContaining: "Book \(number)", limit: 2).first)
        return try #require(try harness.store.book(entryID: id))
    }

    /// A time after the import, as a reader's edit would be stamped.
    static let later = ImportHarness.now.addingTimeInterval(3_600)

    @Test func anImportRecordsEachRowWithItsBook() throws {
        let harness = try Self.imported()

        let index = try harness.store.importedRows()
        #expect(index.records.count == 10)
        #expect(index.storedCount == 10)
        let eighth = try Self.book(harness, 8)
        #expect(index.records.values.filter { $0.workID == eighth.work.id }.count == 1)
        #expect(index.records.values.allSatisfy { $0.recorded == ImportHarness.now })
    }

    @Test func aReimportCountsEveryRowUnchangedAndRecordsNothingAgain() throws {
        let harness = try Self.imported()
        let before = try harness.snapshot()

        let summary = try harness.importer().importFile(at: try Self.file(harness), options: ImportOptions(batchSize: 5))

        #expect(summary.unchanged == 10)
        #expect(summary.added + summary.merged + summary.skipped == 0)
        // Rows merged again would have been recorded again: these were known.
        #expect(try harness.store.importedRows().storedCount == 10)
        #expect(try harness.snapshot() == before)
    }

    @Test func aRowThatChangedIsMergedAndRecorded() throws {
        let harness = try Self.imported()
        // A row that adds notes to the eighth book goes through the merge.
        let changed = try harness.file("again.csv", GoodreadsText.file((1...10).map { number in
            GoodreadsText.row(
                id: number, title: "Book \(number)", author: "Author \(number)", rating: number == 8 ? 3 : 0,
                pages: "300", dateRead: "2024/01/0\(number % 9 + 1)", shelf: "read", notes: number == 8 ? "Signed copy" : "")
        }))

        let summary = try harness.importer().importFile(at: changed, options: ImportOptions(batchSize: 5))

        #expect(summary.merged == 1)
        #expect(summary.unchanged == 9)
        #expect(try Self.book(harness, 8).entry.notes == "Signed copy")
        #expect(try harness.store.importedRows().storedCount == 11)
    }

    @Test func aBookTheReaderChangedSinceIsMergedAgain() throws {
        let harness = try Self.imported()
        // The reader clears the eighth book's rating after the import.
        let eighth = try Self.book(harness, 8)
        _ = try harness.store.updateEntry(id: eighth.entry.id) { entry, _ in
            entry.rating = nil
            entry.touch(Self.later)
        }

        let summary = try harness.importer().importFile(at: try Self.file(harness), options: ImportOptions(batchSize: 5))

        // As a full merge would: the rating the file gives fills the gap again.
        #expect(summary.merged == 1)
        #expect(summary.unchanged == 9)
        #expect(try Self.book(harness, 8).entry.rating == 3)
    }

    @Test func anEditionChangedSinceMakesItsRowMergeAgain() throws {
        let harness = try Self.imported()
        let third = try Self.book(harness, 3)
        var edition = try #require(try harness.store.editions(ofWork: third.work.id).first)
        edition.pageCount = nil
        edition.lastModified = Self.later
        try harness.store.save(edition)

        let summary = try harness.importer().importFile(at: try Self.file(harness), options: ImportOptions(batchSize: 5))

        #expect(summary.merged == 1)
        #expect(try harness.store.editions(ofWork: third.work.id).first?.pageCount == 300)
    }

    @Test func aBookRemovedSinceIsAddedAgain() throws {
        let harness = try Self.imported()
        try harness.store.deleteWork(id: try Self.book(harness, 5).work.id)
        #expect(try harness.count() == 9)

        let summary = try harness.importer().importFile(at: try Self.file(harness), options: ImportOptions(batchSize: 5))

        #expect(summary.added == 1)
        #expect(summary.unchanged == 9)
        #expect(try harness.count() == 10)
    }

    /// The second batch's rows are known ahead, beside the first batch's merge; a reader's edit
    /// committed between the batches makes that early answer stale, and it is not used.
    @Test func anEditBetweenTwoBatchesIsSeenByTheSecond() throws {
        let harness = try Self.imported()
        let eighth = try Self.book(harness, 8)
        var edited: Result<Void, any Error> = .success(())

        let summary = try harness.importer().importFile(at: try Self.file(harness), options: ImportOptions(batchSize: 5)) { progress in
            guard progress.processed == 5 else { return }
            edited = Result {
                _ = try harness.store.updateEntry(id: eighth.entry.id) { entry, _ in
                    entry.rating = nil
                    entry.touch(Self.later)
                }
            }
        }

        try edited.get()
        #expect(summary.merged == 1)
        #expect(summary.unchanged == 9)
        #expect(try Self.book(harness, 8).entry.rating == 3)
    }

    @Test func aDryRunCountsKnownRowsAndRecordsNothing() throws {
        let harness = try Self.imported()

        let summary = try harness.importer().importFile(
            at: try Self.file(harness), options: ImportOptions(dryRun: true, batchSize: 5))

        #expect(summary.unchanged == 10)
        #expect(try harness.store.importedRows().storedCount == 10)
    }

    @Test func overwritingIsPartOfWhatARowRecords() throws {
        let harness = try Self.imported()

        let summary = try harness.importer().importFile(
            at: try Self.file(harness), options: ImportOptions(overwrite: true, batchSize: 5))

        // Not known (merged with another option), merged, found unchanged, and recorded for overwriting.
        #expect(summary.unchanged == 10)
        let index = try harness.store.importedRows()
        #expect(index.storedCount == 20)
        #expect(index.records.count == 20)
    }

    @Test func recordsReplacedByLaterOnesAreDroppedWhenTheyPileUp() throws {
        let harness = try ImportHarness()
        let workID = Work.ID()
        var index = ImportedRowIndex()
        for number in 0..<30_000 {
            index.records[ImportRowDigest(high: 0, low: UInt64(number % 10_000))] = .init(workID: workID, recorded: ImportHarness.now)
        }
        index.storedCount = 30_000
        #expect(index.needsCompacting)
        #expect(!ImportedRowIndex(records: index.records, storedCount: 10_500).needsCompacting)

        try harness.store.compactImportedRows(index)

        let stored = try harness.store.importedRows()
        #expect(stored.storedCount == 10_000)
        #expect(stored.records == index.records)
    }
}

/// The digest of a row as mapped: the same for the same values wherever the row is, different
/// for any difference in any field.
@Suite struct RowDigestTests {
    /// A book with every field given.
    static let full: ImportedBook = {
        var book = ImportedBook(row: 2, title: "The Left Hand of Darkness")
        book.subtitle = "A Novel"
        book.authors = ["Ursula K. Le Guin"]
        book.translator = "Someone"
        book.narrator = "George Guidall"
        book.contributors = [Contributor(name: "Charles Stross", role: "introduction")]
        book.isbns = [try! ISBN(parsing: "9780441478125")]
        book.publisher = "Ace"
        book.editionTitle = "50th Anniversary Edition"
        book.publicationDate = PartialDate(year: 2019, month: 3, day: 5)
        book.firstPublicationYear = 1969
        book.pageCount = 304
        book.format = .paperback
        book.language = "en"
        book.originalLanguage = "en"
        book.seriesName = "Hainish Cycle"
        book.seriesPosition = 4
        book.seriesPositionEnd = 4.5
        book.genres = ["Science Fiction"]
        book.contentWarnings = ["war"]
        book.description = "A lone human ambassador"
        book.coverImageURL = URL(string: "https://covers.example/1.jpg")
        book.audioDurationMinutes = 600
        book.status = .read
        book.rating = 4.5
        book.review = "Cold and warm"
        book.reviewHasSpoilers = false
        book.notes = "Signed"
        book.tags = ["classics"]
        book.isFavorite = true
        book.recommendedBy = "Sam"
        book.isOwned = true
        book.dateAdded = Date(timeIntervalSince1970: 1_600_000_000)
        book.dateStarted = Date(timeIntervalSince1970: 1_600_100_000)
        book.dateCompleted = Date(timeIntervalSince1970: 1_600_200_000)
        book.dateStopped = Date(timeIntervalSince1970: 1_600_300_000)
        book.readHistory = [ReadPeriod(started: Date(timeIntervalSince1970: 1_500_000_000), outcome: .read)]
        book.workExternalIDs = WorkExternalIDs(
            openLibraryWorkID: "OL1W", isbndbID: "w1", googleBooksVolumeIDs: ["g1"], goodreadsWorkIDs: ["18423"],
            amazonASINs: ["B000"], librarythingIDs: ["lt1"])
        book.editionExternalIDs = EditionExternalIDs(
            openLibraryEditionID: "OL1M", isbndbID: "e1", googleBooksVolumeIDs: ["g2"], amazonASINs: ["B001"],
            librarythingIDs: ["lt2"], goodreadsBookIDs: ["18423"])
        return book
    }()

    /// One change of each field of `ImportedBook` and of the values it holds.
    static let changes: [(String, @Sendable (inout ImportedBook) -> Void)] = [
        ("title", { $0.title += "!" }),
        ("subtitle", { $0.subtitle = nil }),
        ("authors", { $0.authors.append("Someone Else") }),
        ("translator", { $0.translator = nil }),
        ("narrator", { $0.narrator = "Other" }),
        ("contributor name", { $0.contributors[0].name = "Other" }),
        ("contributor role", { $0.contributors[0].role = "editor" }),
        ("isbns", { $0.isbns = [] }),
        ("publisher", { $0.publisher = "Gollancz" }),
        ("editionTitle", { $0.editionTitle = nil }),
        ("publicationDate day", { $0.publicationDate = PartialDate(year: 2019, month: 3, day: 6) }),
        ("publicationDate month", { $0.publicationDate = PartialDate(year: 2019, month: 3, day: nil) }),
        ("firstPublicationYear", { $0.firstPublicationYear = 1970 }),
        ("pageCount", { $0.pageCount = 305 }),
        ("format", { $0.format = .hardcover }),
        ("language", { $0.language = "fr" }),
        ("originalLanguage", { $0.originalLanguage = nil }),
        ("seriesName", { $0.seriesName = "Other" }),
        ("seriesPosition", { $0.seriesPosition = 5 }),
        ("seriesPositionEnd", { $0.seriesPositionEnd = nil }),
        ("genres", { $0.genres = ["Fantasy"] }),
        ("contentWarnings", { $0.contentWarnings = [] }),
        ("description", { $0.description = nil }),
        ("coverImageURL", { $0.coverImageURL = URL(string: "https://covers.example/2.jpg") }),
        ("audioDurationMinutes", { $0.audioDurationMinutes = 601 }),
        ("status", { $0.status = .dnf }),
        ("rating", { $0.rating = 4.25 }),
        ("review", { $0.review = "Warm and cold" }),
        ("reviewHasSpoilers", { $0.reviewHasSpoilers = nil }),
        ("notes", { $0.notes = nil }),
        ("tags", { $0.tags = ["classics", "sf"] }),
        ("isFavorite", { $0.isFavorite = false }),
        ("recommendedBy", { $0.recommendedBy = nil }),
        ("isOwned", { $0.isOwned = nil }),
        ("dateAdded", { $0.dateAdded = $0.dateAdded?.addingTimeInterval(1) }),
        ("dateStarted", { $0.dateStarted = nil }),
        ("dateCompleted", { $0.dateCompleted = $0.dateCompleted?.addingTimeInterval(-1) }),
        ("dateStopped", { $0.dateStopped = nil }),
        ("readHistory started", { $0.readHistory[0].started = nil }),
        ("readHistory ended", { $0.readHistory[0].ended = Date(timeIntervalSince1970: 1_550_000_000) }),
        ("readHistory outcome", { $0.readHistory[0].outcome = .dnf }),
        ("openLibraryWorkID", { $0.workExternalIDs.openLibraryWorkID = nil }),
        ("work isbndbID", { $0.workExternalIDs.isbndbID = "w2" }),
        ("work googleBooksVolumeIDs", { $0.workExternalIDs.googleBooksVolumeIDs = [] }),
        ("goodreadsWorkIDs", { $0.workExternalIDs.goodreadsWorkIDs = ["1"] }),
        ("work amazonASINs", { $0.workExternalIDs.amazonASINs = [] }),
        ("work librarythingIDs", { $0.workExternalIDs.librarythingIDs = ["lt9"] }),
        ("openLibraryEditionID", { $0.editionExternalIDs.openLibraryEditionID = "OL2M" }),
        ("edition isbndbID", { $0.editionExternalIDs.isbndbID = nil }),
        ("edition googleBooksVolumeIDs", { $0.editionExternalIDs.googleBooksVolumeIDs = ["g3"] }),
        ("edition amazonASINs", { $0.editionExternalIDs.amazonASINs = [] }),
        ("edition librarythingIDs", { $0.editionExternalIDs.librarythingIDs = [] }),
        ("goodreadsBookIDs", { $0.editionExternalIDs.goodreadsBookIDs = ["2"] }),
    ]

    @Test func everyFieldIsPartOfTheDigest() {
        let digest = ImportRowDigest.of(Self.full, overwrite: false)
        for (name, change) in Self.changes {
            var changed = Self.full
            change(&changed)
            #expect(changed != Self.full, "\(name) did not change the book")
            #expect(ImportRowDigest.of(changed, overwrite: false) != digest, "\(name) is not in the digest")
        }
    }

    /// The digest takes each stored field by name: a field added to one of these types must be added
    /// to `ImportRowDigest.of` (and a change of it to `changes`), which this count then follows.
    @Test func theDigestKnowsEveryStoredField() throws {
        let book = Self.full
        #expect(Mirror(reflecting: book).children.count == 40)
        #expect(Mirror(reflecting: book.contributors[0]).children.count == 2)
        #expect(Mirror(reflecting: try #require(book.publicationDate)).children.count == 3)
        #expect(Mirror(reflecting: book.readHistory[0]).children.count == 3)
        #expect(Mirror(reflecting: book.workExternalIDs).children.count == 6)
        #expect(Mirror(reflecting: book.editionExternalIDs).children.count == 6)
    }

    @Test func theRowNumberIsNotPartOfItButOverwritingIs() {
        var moved = Self.full
        moved.row = 900
        #expect(ImportRowDigest.of(moved, overwrite: false) == ImportRowDigest.of(Self.full, overwrite: false))
        #expect(ImportRowDigest.of(Self.full, overwrite: true) != ImportRowDigest.of(Self.full, overwrite: false))
    }

    /// Values that would run together without their lengths and presence marks.
    @Test func neighbouringValuesDoNotRunTogether() {
        var one = ImportedBook(row: 2, title: "A")
        one.authors = ["B", "C"]
        var other = ImportedBook(row: 2, title: "A")
        other.authors = ["BC"]
        #expect(ImportRowDigest.of(one, overwrite: false) != ImportRowDigest.of(other, overwrite: false))

        var subtitled = ImportedBook(row: 2, title: "A")
        subtitled.subtitle = ""
        #expect(ImportRowDigest.of(subtitled, overwrite: false) != ImportRowDigest.of(ImportedBook(row: 2, title: "A"), overwrite: false))

        var tagged = ImportedBook(row: 2, title: "A")
        tagged.tags = ["x"]
        var warned = ImportedBook(row: 2, title: "A")
        warned.contentWarnings = ["x"]
        #expect(ImportRowDigest.of(tagged, overwrite: false) != ImportRowDigest.of(warned, overwrite: false))
    }
}
